// The polytwist page: wires the engine client (the only source of positions), the three.js view,
// and the controls: notation box, keys, drag to turn, Scramble / Solve / Reset / Cancel, solution
// playback and the God's number panel. See docs/web.md and docs/player.md.
//
// For tests and tools, #app carries the current state:
//   data-ready="true" once the engine answered, data-busy (a turn, call or playback is under way),
//   data-puzzle, data-state (the engine's opaque state string, "" = solved), data-facelets,
//   data-solved ("true" / "false").
import { animatableMoves, splitMoves } from "./app/moves.js";
import { createPlayback } from "./app/playback.js";
import { createPosition } from "./app/position.js";
import { createTaskQueue } from "./app/task-queue.js";
import { EngineClient } from "./engine/client.js";
import { PUZZLES } from "./puzzles/index.js";
import { stickerScreenPoints } from "./render/sticker-probe.js";
import { createView } from "./render/view.js";
import { attachDragToTurn } from "./ui/drag-to-turn.js";
import { createGodsNumberPanel } from "./ui/gods-number.js";
import { createKeyboard, renderKeyTable } from "./ui/keyboard.js";
import { createNotationError } from "./ui/notation-error.js";
import { createSpeedControl } from "./ui/speed.js";
import { createStatus, formatCount, formatMs } from "./ui/status.js";

/** Every element with an id, by camelCased id: ui.notationError is #notation-error. */
const ui = Object.fromEntries(
  [...document.querySelectorAll("[id]")].map((el) => [
    el.id.replace(/-(\w)/g, (_, c) => c.toUpperCase()),
    el,
  ]),
);

const engine = new EngineClient();
let view = null;
let viewError = "";
try {
  view = createView(ui.view);
} catch (err) {
  viewError = `No 3D view: WebGL is not available (${err.message}).`;
}

let ready = false;
let longCall = false; // a cancellable engine call (solve) is running
const status = createStatus(ui);
const tasks = createTaskQueue({ onChange: updateControls });
const position = createPosition(ui, view);
const speed = createSpeedControl(ui);
const notationError = createNotationError(ui);
const playback = createPlayback({ ui, tasks, animateTo, speed, onChange: updateControls });
const keyboard = createKeyboard({ onMove: userMove, playback });
const gods = createGodsNumberPanel({ ui, createClient: () => new EngineClient(), position });
position.onChange(() => gods.positionChanged());
if (view) {
  attachDragToTurn({
    surface: ui.stage,
    canvas: ui.view,
    view,
    getModel: () => position.current.model,
    onMove: userMove,
  });
}

// A handle for the console and the browser tests.
window.polytwist = {
  engine,
  get model() {
    return position.current.model;
  },
  /** Each sticker's centre on screen: {facelet, x, y (canvas CSS pixels), visible}. */
  stickerScreenPoints: () => stickerScreenPoints(view, position.current.model),
};

/** Throws the engine's own message when an answer is not ok. */
function expectOk(answer) {
  if (!answer?.ok) throw new Error(answer?.error ?? "the engine gave no answer");
  return answer;
}

function updateControls() {
  ui.app.dataset.busy = String(tasks.pending > 0 || playback.playing);
  const usable = ready && !longCall;
  for (const control of [ui.puzzle, ui.notation, ui.apply, ui.scramble, ui.solve, ui.reset]) {
    control.disabled = !usable;
  }
  ui.cancel.disabled = !longCall;
}

/** Queues one user action; its errors go to the status line. */
function run(action) {
  return tasks.run(action).catch((err) => {
    if (err?.cancelled) status.set("Cancelled.");
    else status.set(err.message, "error");
  });
}

/** Animates `move` (if the model has it), then shows the engine's position `answer`. */
async function animateTo(move, answer, { reverse = false } = {}) {
  const { model } = position.current;
  if (move && view && model?.hasTurn(move)) {
    const duration = speed.turnMs(tasks.pending - 1);
    await model.turn(move, { duration, reverse, onFrame: view.requestRender });
  }
  position.show(answer);
}

/** Applies moves one at a time through the engine, animating each. Returns the last answer. */
async function playMoves(moves) {
  let answer = null;
  for (const move of moves) {
    const { puzzle, state } = position.current;
    answer = expectOk(await engine.applyMoves(puzzle, state, move));
    await animateTo(move, answer);
  }
  return answer;
}

/** A turn from a key or a drag. */
function userMove(move) {
  if (!ready || longCall) return;
  if (playback.isNext(move)) {
    playback.forward(); // following the solution along
    return;
  }
  playback.clear();
  run(async () => {
    const answer = await playMoves([move]);
    status.set(answer.solved ? `${move}: solved!` : `Turned ${move}.`, answer.solved ? "ok" : "");
  });
}

ui.notationForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = ui.notation.value;
  run(async () => {
    const { puzzle, state, model } = position.current;
    const answer = await engine.applyMoves(puzzle, state, text);
    if (!answer.ok) {
      notationError.show(text, answer);
      status.set("The moves were not applied.", "error");
      return;
    }
    notationError.clear();
    playback.clear();
    ui.notation.value = "";
    const moves = animatableMoves(answer.moves, model);
    const last = moves ? await playMoves(moves) : null;
    if (last?.state !== answer.state) position.show(answer);
    status.set(answer.moves ? `Applied ${answer.moves}` : "Nothing to apply.");
  }).then(() => ui.notation.focus());
});

function randomSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high >>> 11) * 2 ** 32 + low; // 0 <= seed < 2^53
}

ui.scramble.addEventListener("click", () => {
  playback.clear();
  run(async () => {
    const { puzzle } = position.current;
    const scrambled = expectOk(await engine.scramble(puzzle, randomSeed()));
    // Re-read the position through applyMoves so the solved flag comes from the engine too.
    position.show(expectOk(await engine.applyMoves(puzzle, scrambled.state, "")));
    notationError.clear();
    status.set(`Scrambled: ${scrambled.scramble}`);
  });
});

/** The engine's optimal solution of the current position, and the position after each move. */
async function findSolution() {
  const { puzzle, state, facelets, solved } = position.current;
  longCall = true;
  updateControls();
  let answer;
  try {
    answer = expectOk(
      await engine.solve(puzzle, state, ({ depth, nodes }) => {
        status.progress(`Searching depth ${depth}: ${formatCount(nodes)} nodes`);
      }),
    );
  } finally {
    longCall = false;
    status.progress("");
    updateControls();
  }
  const moves = splitMoves(answer.solution);
  const positions = [{ state, facelets, solved }];
  for (const move of moves) {
    positions.push(expectOk(await engine.applyMoves(puzzle, positions.at(-1).state, move)));
  }
  if (!positions.at(-1).solved) throw new Error("The engine's solution did not solve the puzzle.");
  return { answer, moves, positions };
}

ui.solve.addEventListener("click", () => {
  playback.clear();
  run(async () => {
    status.set("Solving…");
    const { answer, moves, positions } = await findSolution();
    const count = `${answer.length} ${answer.length === 1 ? "move" : "moves"}`;
    const stats = `${formatCount(answer.nodes)} nodes, ${formatMs(answer.ms)}`;
    const solvedMessage = () => status.set(`Solved: ${count} (optimal), ${stats}.`, "ok");
    playback.load(moves, positions, { whenSolved: solvedMessage });
    if (moves.length === 0) {
      solvedMessage();
      return;
    }
    status.set(`Found an optimal solution: ${count}, ${stats}. Playing it…`);
    playback.play();
  });
});

ui.reset.addEventListener("click", () => {
  playback.clear();
  run(async () => {
    position.show(expectOk(await engine.applyMoves(position.current.puzzle, "", "")));
    notationError.clear();
    status.set("Reset to solved.");
  });
});

ui.cancel.addEventListener("click", () => engine.cancel());

async function loadPuzzle(id) {
  const info = expectOk(await engine.puzzleInfo(id));
  const solved = expectOk(await engine.applyMoves(id, "", ""));
  const entry = PUZZLES[id] ?? null;
  const model = view && entry ? entry.createModel(info) : null;
  position.setPuzzle(info, entry, model);
  view?.setObject(model?.object ?? null, model?.camera);
  ui.noView.textContent = viewError || `No 3D view for ${info.name} yet.`;
  ui.noView.hidden = Boolean(model);
  keyboard.setBindings(entry?.keys ?? []);
  renderKeyTable(ui.keyList, entry?.keys ?? []);
  ui.keysCaption.textContent = `Keys for the ${info.name}`;
  ui.keysHint.textContent = entry?.keyHint ?? "This puzzle has no keys yet: type its moves.";
  ui.notation.placeholder = entry?.example ?? "";
  notationError.clear();
  playback.clear();
  position.show(solved);
  gods.puzzleChanged();
  const url = new URL(location.href);
  url.searchParams.set("puzzle", id);
  history.replaceState(null, "", url);
}

ui.puzzle.addEventListener("change", () => {
  playback.clear();
  run(async () => {
    await loadPuzzle(ui.puzzle.value);
    status.set(`${position.current.info.name}: ready.`);
  });
});

async function start() {
  const [version, list] = await Promise.all([engine.version(), engine.listPuzzles()]);
  ui.version.textContent = `engine ${expectOk(version).version}`;
  const puzzles = expectOk(list).puzzles;
  if (puzzles.length === 0) throw new Error("The engine lists no puzzles.");
  ui.puzzle.replaceChildren(...puzzles.map(({ id, name }) => new Option(`${name} (${id})`, id)));
  const wanted = new URLSearchParams(location.search).get("puzzle");
  ui.puzzle.value = puzzles.some((p) => p.id === wanted) ? wanted : puzzles[0].id;
  await loadPuzzle(ui.puzzle.value);
  status.set(`${position.current.info.name}: ready.`);
  ready = true;
  ui.app.dataset.ready = "true";
}

run(start).finally(updateControls);
