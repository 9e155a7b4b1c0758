// The move list and its playback buttons, drawn from the player model's playback
// (../playback.js): the moves (the last one played marked aria-current="step"; selecting a move
// goes to the position after it), go to start, step back, play / pause / replay, step, go to end.
//
// A sequence the engine says how it was written (playback's `written`) is shown so: its brackets,
// separators and counts between the moves (`[R U R', D]`), each written move one button, marked
// while any of its turns is played (A' and B' of a commutator play its moves again, undone: the
// button then says so, class "inverted", "⁻¹" after it and "played inverted" in its name and
// title); selecting one goes to the position after its next turn.
//
// The list is one tab stop (a roving tabindex): the arrow keys, Home and End move between its
// moves, Enter or Space goes to one. Before the player has started, preview() shows the moves of
// its alg attribute as they are written (an alg with brackets as its text on one button,
// uncounted: only the engine reads it), so the space the list takes is there from the first
// paint and nothing below it moves when the engine's list arrives.
import { plainMoves } from "../moves.js";

const ICONS = {
  play: "M4 2.5v11L13 8z",
  pause: "M4 3h3v10H4zM9 3h3v10H9z",
  replay: "M8 2.5a5.5 5.5 0 1 1-5.2 3.7l1.9.6A3.5 3.5 0 1 0 8 4.5v2L4.5 3.5 8 .5z",
};

const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown"]);
const PREVIOUS_KEYS = new Set(["ArrowLeft", "ArrowUp"]);

/**
 * @param {Record<string, HTMLElement>} ui  the solution panel's parts (../template.js)
 */
export function createMoveList(ui) {
  let playback = null; // the model's, once connected
  let ready = () => false; // whether the model shows its start
  let roving = 0; // the move button that is the list's tab stop
  let drawn = ""; // what the list shows: its moves, and how they were written

  const buttons = () => [...ui.moves.querySelectorAll("button")];

  /** A button for move `i` (a step), or for written move `label` (`piece`: its piece). */
  function moveButton(move, i, disabled, { piece = null, label = `Move ${i + 1}: ${move}` } = {}) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = move;
    button.tabIndex = -1;
    if (piece === null) button.dataset.index = String(i);
    else button.dataset.piece = String(piece);
    button.dataset.label = label;
    button.setAttribute("aria-label", label);
    button.disabled = disabled;
    item.append(button);
    return item;
  }

  /** The written sequence's items: a button per written move, the text between them as marks. */
  function writtenItems({ pieces, stepPiece }) {
    const items = [];
    pieces.forEach(({ text, move }, piece) => {
      if (move) {
        const steps = stepPiece.flatMap((p, step) => (p === piece ? [step + 1] : []));
        const where = steps.length === 0 ? "no turn" : `move ${steps.join(", ")}`;
        items.push(moveButton(text, items.length, false, { piece, label: `${text} (${where})` }));
        return;
      }
      if (text.trim() !== "") items.push(markItem(text.trim()));
    });
    return items;
  }

  /** The button showing step `step` (a move index), or undefined. */
  function buttonOfStep(step) {
    const { written } = playback;
    if (!written) return buttons()[step];
    const piece = written.stepPiece[step];
    return buttons().find((button) => Number(button.dataset.piece) === piece);
  }

  /** The step a selected button goes to the end of: for a written move, its next turn. */
  function stepOf(button) {
    if (button.dataset.index !== undefined) return Number(button.dataset.index);
    const piece = Number(button.dataset.piece);
    const steps = playback.written.stepPiece.flatMap((p, step) => (p === piece ? [step] : []));
    const cursor = playback.cursor ?? 0;
    return steps.find((step) => step >= cursor) ?? steps[0];
  }

  /** The list's title and its length (`count` null: not known yet). */
  function setTitle(title, count) {
    ui.solutionName.textContent = title;
    ui.solutionLength.textContent =
      count === null
        ? ""
        : count === 0
          ? "(already solved)"
          : `${count} ${count === 1 ? "move" : "moves"}`;
  }

  /** A mark between the moves: a bracket, a separator, a count. */
  function markItem(text) {
    const item = document.createElement("li");
    item.className = "mark";
    item.textContent = text;
    return item;
  }

  /** Makes move `index` the list's tab stop (focusing it when `focus`). */
  function rove(index, { focus = false } = {}) {
    const all = buttons();
    if (all.length === 0) return;
    roving = Math.max(0, Math.min(index, all.length - 1));
    all.forEach((button, i) => (button.tabIndex = i === roving ? 0 : -1));
    if (focus) all[roving].focus();
  }

  /** Scrolls the list (not the page) sideways so that `button` is in view. */
  function scrollSideways(button) {
    const list = ui.moves.getBoundingClientRect();
    const box = button.getBoundingClientRect();
    if (box.left < list.left) ui.moves.scrollLeft -= list.left - box.left;
    else if (box.right > list.right) ui.moves.scrollLeft += box.right - list.right;
  }

  /** Shows `alg`'s moves as written, inactive, until the player's own list replaces them. */
  function preview(alg) {
    if (playback) return;
    const moves = plainMoves(alg);
    const written = alg.trim();
    ui.solutionPanel.hidden = written === "";
    ui.solutionPanel.dataset.preview = "true";
    setTitle("Moves", moves ? moves.length : null);
    // An alg only the engine reads: its text on one inactive button, as tall as the moves' will be.
    ui.moves.replaceChildren(
      ...(moves
        ? moves.map((move, i) => moveButton(move, i, true))
        : [moveButton(written, 0, true, { label: `Moves: ${written}` })]),
    );
    drawn = "";
    rove(0);
  }

  function setPlayButton(kind) {
    const label = { play: "Play", pause: "Pause", replay: "Replay from the start" }[kind];
    ui.play.dataset.icon = kind;
    ui.play.setAttribute("aria-label", label);
    ui.play.title = kind === "replay" ? "Replay from the start (Space)" : "Play / pause (Space)";
    ui.playIcon.setAttribute("d", ICONS[kind]);
  }

  /** Draws the playback's list: a new list when its moves changed, else only the marks. */
  function render() {
    const { moves, written, cursor, animating, playing, loaded, title, playsFromStart } = playback;
    // The preview stays while the player loads its start (its list is cleared on the way).
    if (ui.solutionPanel.dataset.preview && !loaded && !ready()) return;
    delete ui.solutionPanel.dataset.preview;
    ui.solutionPanel.hidden = !loaded;
    setTitle(title, moves.length);
    const shown = JSON.stringify([moves, written?.text ?? null]);
    if (shown !== drawn || buttons().some((button) => button.disabled)) {
      ui.moves.replaceChildren(
        ...(written ? writtenItems(written) : moves.map((move, i) => moveButton(move, i, false))),
      );
      ui.moves.dataset.written = String(written !== null);
      drawn = shown;
      roving = 0;
    }
    const highlighted = animating ?? (cursor === null ? null : cursor - 1);
    const current = highlighted === null ? undefined : buttonOfStep(highlighted);
    // The current move's written move played undone (the A' of [A, B]): as which turn.
    const invertedAs =
      highlighted !== null && written?.stepInverted[highlighted] ? moves[highlighted] : null;
    const focusInList = ui.moves.contains(ui.moves.getRootNode().activeElement);
    buttons().forEach((button) => {
      if (button === current) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
      const inverted = button === current && invertedAs !== null;
      button.classList.toggle("inverted", inverted);
      const { label } = button.dataset;
      button.setAttribute("aria-label", inverted ? `${label}, played inverted` : label);
      button.title = inverted ? `Played inverted, as ${invertedAs}` : "";
      // Played: every turn it stands for is behind the cursor.
      const steps = written
        ? written.stepPiece.flatMap((p, step) => (p === Number(button.dataset.piece) ? [step] : []))
        : [Number(button.dataset.index)];
      button.classList.toggle(
        "played",
        cursor !== null && steps.length > 0 && steps.every((step) => step < cursor),
      );
    });
    // The tab stop follows the position, unless the reader is moving through the list; in a list
    // that scrolls sideways (a phone's), the current move stays in view.
    if (!focusInList) rove(current ? buttons().indexOf(current) : 0);
    if (current) scrollSideways(current);
    const away = cursor === null;
    ui.toStart.disabled = !away && cursor === 0;
    ui.stepBack.disabled = away || cursor === 0;
    ui.step.disabled = away || cursor >= moves.length;
    ui.toEnd.disabled = !away && cursor >= moves.length;
    ui.play.disabled = moves.length === 0;
    ui.play.dataset.playing = String(playing);
    setPlayButton(playing ? "pause" : playsFromStart && cursor !== null ? "replay" : "play");
    ui.solutionPanel.dataset.cursor = away ? "" : String(cursor);
    ui.solutionPanel.dataset.playing = String(playing);
  }

  /**
   * Draws `model`'s playback from now on, and sends the buttons to it.
   * @param {ReturnType<import("../model.js").createPlayerModel>} model
   */
  function connect(model) {
    playback = model.playback;
    ready = () => model.ready;
    ui.moves.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || button.disabled) return;
      rove(buttons().indexOf(button));
      const step = stepOf(button);
      if (step !== undefined) model.goTo(step + 1);
    });
    ui.moves.addEventListener("keydown", (event) => {
      const button = event.target.closest("button");
      const index = button ? buttons().indexOf(button) : NaN;
      if (!Number.isInteger(index) || event.altKey || event.ctrlKey || event.metaKey) return;
      let next = null;
      if (NEXT_KEYS.has(event.key)) next = index + 1;
      else if (PREVIOUS_KEYS.has(event.key)) next = index - 1;
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = buttons().length - 1;
      if (next === null) return;
      event.preventDefault(); // not the page's playback keys
      rove(next, { focus: true });
    });
    ui.moves.addEventListener("focusout", (event) => {
      if (!ui.moves.contains(event.relatedTarget)) render();
    });
    ui.toStart.addEventListener("click", () => model.goTo(0));
    ui.stepBack.addEventListener("click", () => model.back());
    ui.play.addEventListener("click", () => model.playPause());
    ui.step.addEventListener("click", () => model.forward());
    ui.toEnd.addEventListener("click", () => model.goTo(playback.moves.length));
    model.addEventListener("playback", render);
    model.addEventListener("change", () => {
      if (ui.solutionPanel.dataset.preview && model.ready) render();
    });
    render();
  }

  setPlayButton("play");
  return { preview, connect };
}
