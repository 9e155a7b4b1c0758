// The polytwist page: puzzle picker, notation box, Scramble / Solve / Reset / Cancel, and a
// three.js view of the current state. All puzzle logic lives in the engine (in a Web Worker).
//
// For tests and tools, #app carries the current state:
//   data-ready="true" once the engine answered, data-busy, data-puzzle, data-state (the engine's
//   opaque state string, "" = solved), data-facelets, data-solved ("true" / "false").
import { EngineClient } from "./engine/client.js";
import { PUZZLE_MODELS } from "./puzzles/index.js";
import { createView } from "./render/view.js";

const $ = (selector) => document.querySelector(selector);
const ui = {
  app: $("#app"),
  version: $("#version"),
  canvas: $("#view"),
  noView: $("#no-view"),
  puzzle: $("#puzzle"),
  form: $("#notation-form"),
  notation: $("#notation"),
  notationError: $("#notation-error"),
  apply: $("#apply"),
  scramble: $("#scramble"),
  solve: $("#solve"),
  reset: $("#reset"),
  cancel: $("#cancel"),
  status: $("#status"),
  progress: $("#progress"),
  solutionLine: $("#solution-line"),
  solution: $("#solution"),
  facelets: $("#facelets"),
};

const engine = new EngineClient();
// A handle for the console and the browser tests: `await polytwist.engine.call("version")`.
window.polytwist = { engine };
const current = { puzzle: "", info: null, state: "", facelets: "", solved: true, model: null };

let view = null;
let viewError = "";
try {
  view = createView(ui.canvas);
} catch (err) {
  viewError = `No 3D view: WebGL is not available (${err.message}).`;
}

/** Throws the engine's own message when an answer is not ok. */
function expectOk(answer) {
  if (!answer?.ok) throw new Error(answer?.error ?? "the engine gave no answer");
  return answer;
}

function setStatus(text, kind = "") {
  ui.status.textContent = text;
  ui.status.dataset.kind = kind;
}

function showSolution(text) {
  ui.solutionLine.hidden = text === null;
  ui.solution.textContent = text ?? "";
}

/**
 * Disables the controls while a call runs (and for good if the engine never became ready);
 * Cancel is enabled only for cancellable calls.
 */
function setBusy(busy, { cancellable = false } = {}) {
  ui.app.dataset.busy = String(busy);
  const usable = !busy && ui.app.dataset.ready === "true";
  for (const control of [ui.puzzle, ui.notation, ui.apply, ui.scramble, ui.solve, ui.reset]) {
    control.disabled = !usable;
  }
  ui.cancel.disabled = !(busy && cancellable);
}

/** Shows a position: {state, facelets, solved} from an engine answer. */
function showPosition({ state, facelets, solved }) {
  current.state = state;
  current.facelets = facelets;
  current.solved = solved;
  ui.app.dataset.state = state;
  ui.app.dataset.facelets = facelets;
  ui.app.dataset.solved = String(solved);
  ui.facelets.textContent = facelets;
  current.model?.setFacelets(facelets);
  view?.requestRender();
}

function clearNotationError() {
  ui.notationError.replaceChildren();
  ui.notation.removeAttribute("aria-invalid");
}

/** The engine's notation error, with a caret under the column it names (1-based). */
function showNotationError(text, answer) {
  const message = document.createElement("div");
  message.className = "message";
  message.textContent = answer.error;
  ui.notationError.replaceChildren(message);
  if (Number.isInteger(answer.column) && answer.column >= 1) {
    const pointer = document.createElement("pre");
    pointer.setAttribute("aria-hidden", "true");
    pointer.textContent = `${text}\n${" ".repeat(answer.column - 1)}^`;
    ui.notationError.append(pointer);
    ui.notation.setSelectionRange?.(answer.column - 1, answer.column);
  }
  ui.notation.setAttribute("aria-invalid", "true");
}

async function loadPuzzle(id) {
  const info = expectOk(await engine.puzzleInfo(id));
  const solved = expectOk(await engine.applyMoves(id, "", ""));
  current.model?.dispose();
  current.model = null;
  current.puzzle = id;
  current.info = info;
  ui.app.dataset.puzzle = id;

  const makeModel = PUZZLE_MODELS[id];
  if (view && makeModel) {
    current.model = makeModel(info);
    view.setObject(current.model.object);
    ui.noView.hidden = true;
  } else {
    view?.setObject(null);
    ui.noView.textContent = viewError || `No 3D view for ${info.name} yet.`;
    ui.noView.hidden = false;
  }
  showSolution(null);
  clearNotationError();
  showPosition(solved);
}

/** Runs one user action with the controls disabled and errors shown in the status line. */
async function run(action, options) {
  setBusy(true, options);
  try {
    await action();
  } catch (err) {
    if (err?.cancelled) setStatus("Cancelled.");
    else setStatus(err.message, "error");
  } finally {
    setBusy(false);
    ui.progress.textContent = "";
  }
}

function formatMs(ms) {
  return ms < 1 ? "under 1 ms" : `${Math.round(ms).toLocaleString("en")} ms`;
}

function randomSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high >>> 11) * 2 ** 32 + low; // 0 <= seed < 2^53
}

ui.form.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = ui.notation.value;
  run(async () => {
    const answer = await engine.applyMoves(current.puzzle, current.state, text);
    if (!answer.ok) {
      showNotationError(text, answer);
      setStatus("The moves were not applied.", "error");
      return;
    }
    clearNotationError();
    showPosition(answer);
    showSolution(null);
    ui.notation.value = "";
    setStatus(answer.moves ? `Applied ${answer.moves}` : "Nothing to apply.");
  }).then(() => ui.notation.focus());
});

ui.notation.addEventListener("input", clearNotationError);

ui.scramble.addEventListener("click", () =>
  run(async () => {
    const seed = randomSeed();
    const scrambled = expectOk(await engine.scramble(current.puzzle, seed));
    // Re-read the position through applyMoves so the solved flag comes from the engine too.
    showPosition(expectOk(await engine.applyMoves(current.puzzle, scrambled.state, "")));
    showSolution(null);
    clearNotationError();
    setStatus(`Scrambled: ${scrambled.scramble}`);
  }),
);

ui.solve.addEventListener("click", () =>
  run(
    async () => {
      const from = current.state;
      setStatus("Solving…");
      showSolution(null);
      const answer = expectOk(
        await engine.solve(current.puzzle, from, (report) => {
          ui.progress.textContent = `Searching depth ${report.depth}: ${Number(report.nodes).toLocaleString("en")} nodes`;
        }),
      );
      showSolution(answer.solution || "(already solved)");
      const after = expectOk(await engine.applyMoves(current.puzzle, from, answer.solution));
      showPosition(after);
      if (!after.solved) throw new Error("The engine's solution did not solve the puzzle.");
      const moves = answer.length === 1 ? "move" : "moves";
      setStatus(
        `Solved: ${answer.length} ${moves} (optimal), ${Number(answer.nodes).toLocaleString("en")} nodes, ${formatMs(answer.ms)}.`,
        "ok",
      );
    },
    { cancellable: true },
  ),
);

ui.reset.addEventListener("click", () =>
  run(async () => {
    showPosition(expectOk(await engine.applyMoves(current.puzzle, "", "")));
    showSolution(null);
    clearNotationError();
    setStatus("Reset to solved.");
  }),
);

ui.cancel.addEventListener("click", () => engine.cancel());

ui.puzzle.addEventListener("change", () =>
  run(async () => {
    await loadPuzzle(ui.puzzle.value);
    setStatus(`${current.info.name}: ready.`);
  }),
);

async function start() {
  const [version, list] = await Promise.all([engine.version(), engine.listPuzzles()]);
  ui.version.textContent = `engine ${expectOk(version).version}`;
  const puzzles = expectOk(list).puzzles;
  if (puzzles.length === 0) throw new Error("The engine lists no puzzles.");
  ui.puzzle.replaceChildren(...puzzles.map(({ id, name }) => new Option(`${name} (${id})`, id)));
  const wanted = new URLSearchParams(location.search).get("puzzle");
  ui.puzzle.value = puzzles.some((p) => p.id === wanted) ? wanted : puzzles[0].id;
  await loadPuzzle(ui.puzzle.value);
  setStatus(`${current.info.name}: ready.`);
  ui.app.dataset.ready = "true";
}

run(start);
