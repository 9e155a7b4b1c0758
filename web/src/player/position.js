// The puzzle a player shows and the engine's current position of it. Headless: the engine's
// answers are the only source of the position; views (the 3D model, the data attributes) listen.

export function createPosition() {
  const listeners = new Set();
  const current = {
    puzzle: "",
    info: null, // the engine's puzzleInfo
    entry: null, // the puzzle's web entry (puzzles/index.js), if it has one
    state: "",
    facelets: "",
    solved: true,
    digits: "", // what each sticker shows, for a numbered puzzle ("" otherwise)
    sources: undefined, // the home sticker each position shows (numbered: with the digits)
    looks: "", // a mask's look of each home sticker, s/g/h ("" = all shown; ./appearance.js)
    picture: null, // the image parameters that draw it, for a puzzle shown as the engine's picture
    placements: null, // where each piece lies, for a puzzle shown as solid pieces
    entry_text: "", // the position as a person enters it, for a puzzle entered as text
  };

  /** Switches to a puzzle (its engine info and web entry), position not yet shown. */
  function setPuzzle(info, entry) {
    Object.assign(current, { puzzle: info.id, info, entry });
  }

  /** The puzzle's info in the colours in use, and the mask's looks (./appearance.js). */
  function setAppearance(info, looks) {
    Object.assign(current, { info, looks });
  }

  /** No puzzle (the last one asked for could not be loaded). */
  function clear() {
    Object.assign(current, { puzzle: "", info: null, entry: null, looks: "" });
    Object.assign(current, { state: "", facelets: "", solved: true, digits: "", picture: null });
    Object.assign(current, { placements: null, entry_text: "" });
    current.sources = undefined;
  }

  /**
   * Shows a position from an engine answer: {state, facelets, solved, digits?, sources?,
   * picture?, placements?, entry_text?} (digits and the home sticker each position shows: a
   * numbered puzzle's, ./numbering.js; picture: the image parameters of a puzzle shown as a
   * picture; placements: where a puzzle shown as solid pieces has each; entry_text: the position
   * as a person enters it). `cause` says why: "turn" (a move, a step of a sequence) or "start" (a
   * puzzle, setup, reset or numbering was loaded).
   */
  function show(
    {
      state,
      facelets = "",
      solved,
      digits = "",
      sources,
      picture = null,
      placements = null,
      entry_text = "",
    },
    cause = "turn",
  ) {
    Object.assign(current, { state, facelets, solved, digits, sources, picture });
    Object.assign(current, { placements, entry_text });
    for (const listener of listeners) listener(current, cause);
  }

  /** The position shown as an engine answer, for show() again (a move list's first step). */
  function answer() {
    const { state, facelets, solved, digits, sources, picture, placements } = current;
    return {
      state,
      facelets,
      solved,
      digits,
      sources,
      picture,
      placements,
      entry_text: current.entry_text,
    };
  }

  return {
    current,
    setPuzzle,
    setAppearance,
    clear,
    show,
    answer,
    /** Calls `listener(current, cause)` after every position shown. */
    onChange: (listener) => listeners.add(listener),
  };
}
