// The puzzle on screen: which one, its 3D model, and the engine's current position, mirrored into
// the player's data attributes for tests and tools (docs/embedding.md). The engine's answers are
// the only source of the position; the model only shows it.

/**
 * @param {{player: HTMLElement, facelets: HTMLElement}} ui
 * @param {{requestRender: () => void} | null} view
 */
export function createPosition(ui, view) {
  const listeners = new Set();
  const current = {
    puzzle: "",
    info: null,
    entry: null, // the puzzle's entry in puzzles/index.js, if it has a 3D view
    model: null,
    state: "",
    facelets: "",
    solved: true,
    digits: "", // what each sticker shows, for a numbered puzzle ("" otherwise)
    sources: undefined, // the home sticker each position shows, with the digits
  };

  /** Switches to a puzzle (its engine info, player entry and model), position not yet shown. */
  function setPuzzle(info, entry, model) {
    current.model?.dispose();
    Object.assign(current, { puzzle: info.id, info, entry, model });
    ui.player.dataset.puzzle = info.id;
  }

  /** No puzzle (the last one asked for could not be loaded). */
  function clear() {
    current.model?.dispose();
    Object.assign(current, { puzzle: "", info: null, entry: null, model: null });
    Object.assign(current, {
      state: "",
      facelets: "",
      solved: true,
      digits: "",
      sources: undefined,
    });
    for (const name of ["puzzle", "state", "facelets", "solved", "digits"]) {
      delete ui.player.dataset[name];
    }
    ui.facelets.textContent = "";
  }

  /**
   * Shows a position from an engine answer: {state, facelets, solved, digits?, sources?} (digits
   * and the home sticker each position shows: a numbered puzzle's, ./numbering.js). `cause` says
   * why: "turn" (a move, a step of a sequence) or "start" (a puzzle, setup, reset or numbering
   * was loaded).
   */
  function show({ state, facelets, solved, digits = "", sources }, cause = "turn") {
    Object.assign(current, { state, facelets, solved, digits, sources });
    ui.player.dataset.state = state;
    ui.player.dataset.facelets = facelets;
    ui.player.dataset.solved = String(solved);
    if (digits) ui.player.dataset.digits = digits;
    else delete ui.player.dataset.digits;
    ui.facelets.textContent = facelets;
    current.model?.setFacelets(facelets);
    if (digits) current.model?.setDigits?.(digits, sources);
    view?.requestRender();
    for (const listener of listeners) listener(current, cause);
  }

  return {
    current,
    setPuzzle,
    clear,
    show,
    /** Calls `listener(current, cause)` after every position shown. */
    onChange: (listener) => listeners.add(listener),
  };
}
