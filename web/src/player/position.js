// The puzzle on screen: which one, its 3D model, and the engine's current position, mirrored into
// #app's data attributes for tests and tools (docs/web.md). The engine's answers are the only
// source of the position; the model only shows it.

/**
 * @param {{app: HTMLElement, facelets: HTMLElement}} ui
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
  };

  /** Switches to a puzzle (its engine info, page entry and model), position not yet shown. */
  function setPuzzle(info, entry, model) {
    current.model?.dispose();
    Object.assign(current, { puzzle: info.id, info, entry, model });
    ui.app.dataset.puzzle = info.id;
  }

  /** Shows a position from an engine answer: {state, facelets, solved}. */
  function show({ state, facelets, solved }) {
    Object.assign(current, { state, facelets, solved });
    ui.app.dataset.state = state;
    ui.app.dataset.facelets = facelets;
    ui.app.dataset.solved = String(solved);
    ui.facelets.textContent = facelets;
    current.model?.setFacelets(facelets);
    view?.requestRender();
    for (const listener of listeners) listener(current);
  }

  return {
    current,
    setPuzzle,
    show,
    /** Calls `listener(current)` after every position shown. */
    onChange: (listener) => listeners.add(listener),
  };
}
