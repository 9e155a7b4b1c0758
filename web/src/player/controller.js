// What a player does, apart from its attributes and events: loads a puzzle and its model, shows
// the start (the setup moves applied silently, the alg's moves ready to play), turns the puzzle
// (keys, drags, typed moves, scripts), scrambles, solves, resets and opens the colour editor
// (./edit-mode.js). Every position comes from the engine; the model only animates the turns
// between them. A numbered puzzle's positions also carry the digits they show, and its solve
// goes to the nearest solved state of its numbering (./numbering.js). Used by
// ./polytwist-player.js.
import { PUZZLES } from "../puzzles/index.js";
import { attachDragToTurn } from "../ui/drag-to-turn.js";
import { createKeyboard, renderKeyTable } from "../ui/keyboard.js";
import { createNotationError } from "../ui/notation-error.js";
import { createSpeedControl } from "../ui/speed.js";
import { createStatus, formatCount, formatMs } from "../ui/status.js";
import { createEditMode } from "./edit-mode.js";
import { animatableMoves, sequenceSteps, splitMoves } from "./moves.js";
import { createNumbering, numberingMessage } from "./numbering.js";
import { createPlayback } from "./playback.js";
import { createPosition } from "./position.js";
import { createTaskQueue } from "./task-queue.js";

/** The engine refused something the player was asked to show (e.g. an unknown puzzle). */
class RefusedError extends Error {}

/** Throws the engine's own message when an answer is not ok. */
function expectOk(answer) {
  if (!answer?.ok) throw new Error(answer?.error ?? "the engine gave no answer");
  return answer;
}

function randomSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high >>> 11) * 2 ** 32 + low; // 0 <= seed < 2^53
}

const plural = (n, word) => `${n} ${n === 1 ? word : `${word}s`}`;

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the player's parts (./template.js)
 * @param {import("../engine/client.js").EngineSession} options.engine
 * @param {ReturnType<import("../render/view.js").createView> | null} options.view  null without WebGL
 * @param {string} options.viewError  why there is no view
 * @param {ReturnType<import("./messages.js").createMessages>} options.messages
 * @param {(current: object, cause: "turn" | "start") => void} options.onPosition
 * @param {(detail: {move: string, index: number, reverse: boolean}) => void} options.onMove
 */
export function createController({ ui, engine, view, viewError, messages, onPosition, onMove }) {
  let ready = false; // a puzzle is loaded and shown
  let longCall = false; // a cancellable engine call (solve) is running
  let interactive = true; // turning by drag and keys (every controls level but "none")
  let puzzleList = null; // the engine's listPuzzles, once asked
  let cameraOption = {};
  let start = { setup: "", alg: "" }; // the sequences of the start position
  let wantedNumbering = { numbering: "", groups: "" }; // the page's, "" for the puzzle's own

  const status = createStatus(ui);
  const tasks = createTaskQueue({ onChange: updateControls });
  const position = createPosition(ui, view);
  const numbering = createNumbering(engine);
  const speed = createSpeedControl(ui);
  const notationError = createNotationError(ui);
  const playback = createPlayback({ ui, tasks, animateTo, speed, onChange: updateControls });
  const keyboard = createKeyboard({ onMove: userMove, playback });
  const editMode = createEditMode({
    ui,
    engine,
    view,
    position,
    onAccept: (state, then) => {
      setState(state);
      if (then.solve) solve();
    },
    onToggle: () => {
      describeView();
      updateControls();
    },
  });
  const turnable = () => interactive && ready && !editMode.active;
  // A position shown by anything else (a script, another puzzle) ends editing without keeping it.
  position.onChange(() => editMode.cancel());
  position.onChange(onPosition);
  if (view) {
    attachDragToTurn({
      surface: ui.stage,
      canvas: ui.view,
      view,
      getModel: () => (turnable() ? position.current.model : null),
      onMove: userMove,
    });
  }

  function updateControls() {
    ui.player.dataset.ready = String(ready);
    ui.player.dataset.busy = String(tasks.pending > 0 || playback.playing);
    const usable = ready && !longCall;
    for (const control of [ui.notation, ui.apply, ui.scramble, ui.solve, ui.reset]) {
      control.disabled = !usable;
    }
    ui.edit.disabled = !usable || !editMode.available();
    ui.edit.title = ready && !editMode.available() ? "This puzzle has no sticker net yet." : "";
    ui.puzzle.disabled = !puzzleList || longCall;
    ui.cancel.disabled = !longCall;
  }

  /** The text over the view: loading, no view, or what stops the player (`problem`). */
  function setNotice(text, { problem = false } = {}) {
    ui.noView.textContent = text;
    ui.noView.hidden = !text;
    ui.noView.classList.toggle("problem", problem);
  }

  /** Queues one action; its errors go to the status line and the player's messages. */
  function run(action) {
    return tasks.run(action).then(
      (result) => {
        messages.clear("action");
        return result;
      },
      (err) => {
        if (err?.cancelled) {
          status.set("Cancelled.");
          return null;
        }
        status.set(err.message, "error");
        if (ready) messages.set("action", err.message);
        else setNotice(err.message, { problem: true });
        return null;
      },
    );
  }

  /** Like run, for actions on the puzzle shown: they do nothing (null) while none is. */
  function runOnPuzzle(action) {
    return run(() => (ready ? action() : null));
  }

  /**
   * Animates `move` (if the model has it), then shows the engine's position `answer`. `reverse`:
   * stepping back undoes `move`; `otherWay`: the half turn `move` is drawn turning the other way
   * round (a drag against its usual direction), which ends in the same place.
   */
  async function animateTo(move, answer, { reverse = false, index = -1, otherWay = false } = {}) {
    const { model } = position.current;
    if (move && view && model?.hasTurn(move)) {
      const duration = speed.turnMs(tasks.pending - 1);
      const backwards = reverse !== otherWay;
      await model.turn(move, { duration, reverse: backwards, onFrame: view.requestRender });
    }
    if (move) onMove({ move, index, reverse });
    position.show(answer);
  }

  /**
   * Applies moves one at a time through the engine, animating each (`otherWay` as for animateTo).
   * Returns the last answer.
   */
  async function playMoves(moves, { otherWay = false } = {}) {
    let answer = null;
    for (const move of moves) {
      const { puzzle, state } = position.current;
      answer = expectOk(await numbering.applyMoves(puzzle, state, move));
      await animateTo(move, answer, { otherWay });
    }
    return answer;
  }

  /** The engine's positions after each step of `steps`, from `from` (positions[0] = from). */
  async function positionsAlong(from, steps) {
    const positions = [from];
    for (const step of steps) {
      positions.push(
        expectOk(await numbering.applyMoves(position.current.puzzle, from.state, step)),
      );
      from = positions.at(-1);
    }
    return positions;
  }

  /**
   * Loads `sequence` (normalised by the engine) as the move list from the engine's position
   * `from`, ready to play; an empty sequence clears the list.
   */
  async function loadMoveList(from, sequence, options) {
    const steps = sequenceSteps(sequence, position.current.info.moves);
    if (steps.length === 0) playback.clear();
    else playback.load(steps, await positionsAlong(from, steps), options);
  }

  /** After an ok answer of applyMoves from the current position: plays it, move by move if simple. */
  async function playAnswer(answer) {
    playback.leave();
    const moves = animatableMoves(answer.moves, position.current.model);
    const last = moves ? await playMoves(moves) : null;
    if (last?.state !== answer.state) position.show(answer);
  }

  /** A turn from a key or a drag (`otherWay`: a half turn dragged the other way round). */
  function userMove(move, { otherWay = false } = {}) {
    if (longCall || !turnable()) return;
    if (playback.isNext(move)) {
      playback.forward(); // following the sequence along
      return;
    }
    playback.leave();
    run(async () => {
      const answer = await playMoves([move], { otherWay });
      status.set(answer.solved ? `${move}: solved!` : `Turned ${move}.`, answer.solved ? "ok" : "");
    });
  }

  function describeView() {
    const name = position.current.info?.name ?? "puzzle";
    ui.view.tabIndex = interactive ? 0 : -1;
    let label = `3D view of the ${name}: drag to look around`;
    if (editMode.active) {
      label = `3D view of the ${name}: click a sticker to paint it with the chosen colour, drag to look around`;
    } else if (interactive) {
      label = `3D view of the ${name}: drag a sticker to turn its layer, drag the background to look around; see Help for the keys`;
    }
    ui.view.setAttribute("aria-label", label);
  }

  async function listPuzzles() {
    if (!puzzleList) {
      puzzleList = expectOk(await engine.listPuzzles()).puzzles;
      if (puzzleList.length === 0) throw new Error("The engine lists no puzzles.");
      ui.puzzle.replaceChildren(
        ...puzzleList.map(({ id, name }) => new Option(`${name} (${id})`, id)),
      );
    }
    return puzzleList;
  }

  /** Loads puzzle `id` (its info, model and keys); the position is not shown yet. */
  async function loadPuzzle(id) {
    const info = await engine.puzzleInfo(id);
    if (!info.ok) throw new RefusedError(info.error);
    const entry = PUZZLES[id] ?? null;
    const model = view && entry ? entry.createModel(info) : null;
    numbering.clear();
    position.setPuzzle(info, entry, model);
    view?.setObject(model?.object ?? null);
    if (model) view.placeCamera(model.camera, cameraOption);
    setNotice(model ? "" : viewError || `No 3D view for the ${info.name} yet.`);
    keyboard.setBindings(entry?.keys ?? []);
    renderKeyTable(ui.keyList, entry?.keys ?? []);
    ui.keysCaption.textContent = `Keys for the ${info.name}`;
    ui.keysHint.textContent = entry?.keyHint ?? "This puzzle has no keys yet: type its moves.";
    ui.notation.placeholder = entry?.example ?? "";
    ui.solve.textContent = entry?.numbering ? "Solve to nearest" : "Solve";
    ui.puzzle.value = id;
    describeView();
    notationError.clear();
  }

  /**
   * For a numbered puzzle: uses the page's numbering and groups once the engine accepts them; a
   * numbering or groups it refuses are shown as a message (attribute `numbering` or
   * `numbering-groups`) and left out: the puzzle's own example numbering, no groups. Resolves
   * true when both were accepted.
   */
  async function applyNumbering() {
    const { puzzle, entry } = position.current;
    messages.clear("numbering");
    messages.clear("numbering-groups");
    if (!entry?.numbering) return true;
    const { numbering: text, groups } = wantedNumbering;
    const given = text.trim() ? text : entry.numbering.example;
    let answer = await numbering.check(puzzle, given, groups);
    if (answer.ok) {
      numbering.use(puzzle, answer.digits, groups);
      return true;
    }
    const attribute = answer.source === "groups" ? "numbering-groups" : "numbering";
    messages.set(attribute, `${attribute}: ${numberingMessage(answer.error)}`);
    // Groups refused: the numbering without them; a numbering refused: the example's.
    const fallback = answer.source === "groups" ? given : entry.numbering.example;
    answer = expectOk(await numbering.check(puzzle, fallback, ""));
    numbering.use(puzzle, answer.digits, "");
    return false;
  }

  /**
   * Shows the start: the setup moves applied silently from solved, the alg's moves loaded for
   * playing. A setup or alg the engine refuses is shown as a message (with a caret at its
   * column) and left out. Resolves true when both were accepted.
   */
  async function showStart() {
    const { puzzle } = position.current;
    const { setup, alg } = start;
    let accepted = true;
    let from = await numbering.applyMoves(puzzle, "", setup);
    messages.clear("setup");
    if (!from.ok) {
      messages.setNotation("setup", setup, from);
      accepted = false;
      from = expectOk(await numbering.applyMoves(puzzle, "", ""));
    }
    const sequence = alg.trim() ? await engine.applyMoves(puzzle, from.state, alg) : null;
    messages.clear("alg");
    if (sequence && !sequence.ok) {
      messages.setNotation("alg", alg, sequence);
      accepted = false;
    }
    await loadMoveList(from, sequence?.ok ? sequence.moves : "", { title: "Moves" });
    notationError.clear();
    position.show(from, "start");
    return accepted;
  }

  /**
   * Shows `puzzle` (the engine's first when empty) at the start given by `setup` and `alg`,
   * loading the puzzle when it changed. Resolves true when everything was accepted.
   */
  function configure({ puzzle, setup, alg, numbering: text = "", groups = "" }) {
    return run(async () => {
      start = { setup, alg };
      wantedNumbering = { numbering: text, groups };
      const puzzles = await listPuzzles();
      const id = puzzle || puzzles[0].id;
      if (id !== position.current.puzzle || !ready) {
        ready = false;
        playback.clear();
        try {
          await loadPuzzle(id);
        } catch (err) {
          if (!(err instanceof RefusedError)) throw err;
          position.clear();
          view?.setObject(null);
          ui.puzzle.value = ""; // so that picking any puzzle is a change
          messages.clear("setup");
          messages.clear("alg");
          setNotice(`puzzle="${id}": ${err.message}`, { problem: true });
          status.set(err.message, "error");
          updateControls();
          return false;
        }
      }
      const numberingAccepted = await applyNumbering();
      const accepted = (await showStart()) && numberingAccepted;
      ready = true;
      status.set(`${position.current.info.name}: ready.`);
      updateControls();
      return accepted;
    });
  }

  /**
   * Another numbering or groups from the page (attributes `numbering`, `numbering-groups`): a
   * numbered puzzle's position is drawn again with the new digits, and its move list goes (a
   * solution was for the old numbering). Resolves true when both were accepted.
   */
  function setNumbering({ numbering: text, groups }) {
    wantedNumbering = { numbering: text, groups };
    return runOnPuzzle(async () => {
      const before = numbering.current;
      const accepted = await applyNumbering();
      const after = numbering.current;
      const same = before?.numbering === after?.numbering && before?.groups === after?.groups;
      if (!after || same) return accepted;
      playback.clear();
      const { puzzle, state } = position.current;
      position.show(expectOk(await numbering.applyMoves(puzzle, state, "")), "start");
      status.set("Numbering set: the puzzle shows its digits.");
      return accepted;
    });
  }

  function scramble(seed = randomSeed()) {
    playback.clear();
    return runOnPuzzle(async () => {
      const { puzzle } = position.current;
      const scrambled = expectOk(await engine.scramble(puzzle, seed));
      // Re-read the position through applyMoves so the solved flag comes from the engine too.
      position.show(expectOk(await numbering.applyMoves(puzzle, scrambled.state, "")));
      notationError.clear();
      status.set(`Scrambled: ${scrambled.scramble}`);
      return scrambled;
    });
  }

  /** The engine's optimal solution: to solved, or for a numbered puzzle to its nearest solved state. */
  function searchSolution(puzzle, state) {
    if (numbering.current) {
      return numbering.solve(puzzle, state, ({ depth, visited, total }) => {
        status.progress(
          `Building this numbering's table: depth ${depth}, ${formatCount(visited)} / ${formatCount(total)} positions`,
        );
      });
    }
    return engine.solve(puzzle, state, ({ depth, nodes }) => {
      status.progress(`Searching depth ${depth}: ${formatCount(nodes)} nodes`);
    });
  }

  /** The engine's optimal solution of the current position, and the position after each move. */
  async function findSolution() {
    const { puzzle, state, facelets, solved, digits } = position.current;
    longCall = true;
    updateControls();
    let answer;
    try {
      answer = expectOk(await searchSolution(puzzle, state));
    } finally {
      longCall = false;
      status.progress("");
      updateControls();
    }
    const moves = splitMoves(answer.solution);
    const positions = await positionsAlong({ state, facelets, solved, digits }, moves);
    if (!positions.at(-1).solved)
      throw new Error("The engine's solution did not solve the puzzle.");
    return { answer, moves, positions };
  }

  function solve() {
    playback.clear();
    return runOnPuzzle(async () => {
      status.set("Solving…");
      const { answer, moves, positions } = await findSolution();
      const count = plural(answer.length, "move");
      // A numbered puzzle's solve walks its tables down (no nodes to count) to the nearest goal.
      const goal = answer.goal ? " to the nearest solved state" : "";
      const stats = answer.goal
        ? formatMs(answer.ms)
        : `${formatCount(answer.nodes)} nodes, ${formatMs(answer.ms)}`;
      const solvedMessage = () => status.set(`Solved: ${count}${goal} (optimal), ${stats}.`, "ok");
      playback.load(moves, positions, { title: "Solution", whenSolved: solvedMessage });
      if (moves.length === 0) solvedMessage();
      else {
        status.set(`Found an optimal solution${goal}: ${count}, ${stats}. Playing it…`);
        playback.play();
      }
      return answer;
    });
  }

  /** Back to the start: the setup position, the alg's moves ready to play. */
  function reset() {
    playback.clear();
    return runOnPuzzle(async () => {
      const accepted = await showStart();
      status.set(
        start.setup.trim() || start.alg.trim() ? "Back to the start." : "Reset to solved.",
      );
      return accepted;
    });
  }

  /** Applies a sequence (animated move by move when simple); resolves the engine's answer. */
  function turn(text) {
    return runOnPuzzle(async () => {
      const { puzzle, state } = position.current;
      const answer = await numbering.applyMoves(puzzle, state, text);
      if (answer.ok) await playAnswer(answer);
      return answer;
    });
  }

  /**
   * Shows a position given as the engine's state string, with `solution` (moves, optional) as the
   * move list ready to play from it. Resolves the engine's answer; when it refuses the state or
   * the moves, nothing changes.
   */
  function setState(state, solution = "") {
    return runOnPuzzle(async () => {
      const { puzzle } = position.current;
      const answer = await numbering.applyMoves(puzzle, state, "");
      if (!answer.ok) return answer;
      const sequence = solution.trim()
        ? await engine.applyMoves(puzzle, answer.state, solution)
        : null;
      if (sequence && !sequence.ok) return sequence;
      const whenSolved = () => {
        if (position.current.solved) status.set("Solved.", "ok");
      };
      await loadMoveList(answer, sequence?.moves ?? "", { title: "Solution", whenSolved });
      position.show(answer);
      status.set(sequence?.moves ? "Position set: press Play for the solution." : "Position set.");
      return answer;
    });
  }

  /** Opens the colour editor on `facelets` (default: the position shown); resolves whether it opened. */
  function editColours(facelets) {
    playback.pause();
    return runOnPuzzle(() => editMode.open(facelets)).then(Boolean);
  }

  ui.notationForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = ui.notation.value;
    runOnPuzzle(async () => {
      const { puzzle, state } = position.current;
      const answer = await numbering.applyMoves(puzzle, state, text);
      if (!answer.ok) {
        notationError.show(text, answer);
        status.set("The moves were not applied.", "error");
        return;
      }
      notationError.clear();
      ui.notation.value = "";
      await playAnswer(answer);
      status.set(answer.moves ? `Applied ${answer.moves}` : "Nothing to apply.");
    }).then(() => ui.notation.focus());
  });
  ui.scramble.addEventListener("click", () => scramble());
  ui.solve.addEventListener("click", () => solve());
  ui.reset.addEventListener("click", () => reset());
  ui.cancel.addEventListener("click", () => engine.cancel());
  ui.edit.addEventListener("click", () => editColours());
  updateControls();

  return {
    position,
    playback,
    configure,
    setNumbering,
    scramble,
    solve,
    reset,
    turn,
    setState,
    editColours,
    /** Handles a keydown event of the player (or of the page, for keyboard="page"). */
    keydown(event) {
      if (interactive && !editMode.active) keyboard.handle(event);
    },
    /** "none", "playback" or "full": which parts show, and whether the puzzle turns. */
    setControls(level) {
      ui.player.dataset.controls = level;
      interactive = level !== "none";
      if (!interactive) playback.pause();
      describeView();
    },
    /** The camera option {azimuth?, elevation?, zoom?} (./attributes.js). */
    setCamera(option) {
      cameraOption = option;
      const { model } = position.current;
      if (model) view.placeCamera(model.camera, option);
    },
    get ready() {
      return ready;
    },
    get editing() {
      return editMode.active;
    },
    get busy() {
      return tasks.pending > 0 || playback.playing;
    },
  };
}
