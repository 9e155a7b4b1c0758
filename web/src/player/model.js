// The player without its page: which puzzle, the engine's position, the move list and its
// playback, and every action (configure, turn, scramble, solve, reset, set a state, play) as
// calls to the engine. No DOM and no three.js: it runs in Node as well (tests/wasm/player-model),
// and ./dom/ draws it. Every position comes from the engine; a view only animates the turns
// between them, through the animator a view sets (setAnimator). A numbered puzzle's positions
// also carry the digits they show, and its solve goes to the nearest solved state of its
// numbering (./numbering.js).
//
// Events (CustomEvent, detail as listed):
//   change    the ready / busy / solving flags changed
//   puzzles   {puzzles}: the engine's puzzle list (own models last, with their `view`), once read
//   puzzle    {info, entry}: another puzzle was loaded (info null: none could be)
//   appearance {info}: the same puzzle restyled (stickering, mask, sticker colours; ./appearance.js)
//   position  {current, cause}: a position was shown ("turn" or "start", ./position.js)
//   move      {move, index, reverse}: a turn was made (index: its place in the move list, or -1)
//   scramble  {puzzle, scramble}: a scramble is shown (after its position event)
//   playback  the move list, its cursor or playing changed
//   status    {text, kind}: the status line ("" | "ok" | "error")
//   progress  {text, fraction?}: a long call's progress ("" when it ends); `fraction` (0–1) for a
//             bar while tables are built
//   longsearch {text, fast, note} while an optimal search is estimated to take longer than
//             `longSearchMs`, until the reader chooses (null: no question): `fast` whether a fast
//             solution is offered instead, `note` why not
//   message   {source, text, sequence?, answer?}: a problem with an attribute (text null: gone);
//             with `sequence`, the engine's refusal `answer` of that notation
//   notice    {text}: what stops the player from showing a puzzle ("" when nothing does)
import { APPEARANCE_ATTRIBUTES, resolveAppearance } from "./appearance.js";
import {
  formatCount,
  formatDuration,
  formatMs,
  formatRate,
  formatSeconds,
  formatShortCount,
} from "../ui/format.js";
import {
  scrambleNeedsTables,
  solveMethods,
  solverOf,
  unsolvableReason,
} from "../engine/solvers.js";
import { animatableMoves, sequenceSteps, splitMoves, writtenSequence } from "./moves.js";
import { createNumbering, numberingMessage } from "./numbering.js";
import { createPlayback } from "./playback.js";
import { createPosition } from "./position.js";
import { createBuildProgress } from "./table-build.js";
import { createTaskQueue } from "./task-queue.js";

/** The engine refused the puzzle the player was asked to show (e.g. an unknown id). */
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

/** The ways the engine solves a puzzle (../engine/solvers.js), for the controls. */
export { solveMethods };

/** An optimal search estimated to take longer than this asks whether to go on (longSearchMs). */
const LONG_SEARCH_MS = 20_000;

/** "about 4 min more for depth 13 (up to 9 min)": how long an estimate says the depth still takes. */
function depthWords({ depth, remaining_ms: remaining, up_to_ms: upTo }) {
  const most = formatDuration(upTo);
  const range = most === formatDuration(remaining) ? "" : ` (up to ${most})`;
  return `about ${formatDuration(remaining)} more for depth ${depth}${range}`;
}

// The fast solve keeps looking for shorter solutions this long and plays the shortest found
// (solveWith's time_ms, docs/api.md): an 8-move position gets its 8 moves, not 16.
const FAST_SOLVE_MS = 300;

/** A method's solution in the status line: optimal ones are proven so, others are not. */
const METHOD_WORDS = { optimal: "optimal", fast: "not proven optimal" };
const PHASE_COUNTS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight"];

/** "three-phase, not proven optimal": a fast answer says how many phases its solver has. */
function methodWords(method, answer) {
  const words = METHOD_WORDS[method] ?? method;
  const phases = PHASE_COUNTS[answer.phases];
  return method === "fast" && phases ? `${phases}-phase, ${words}` : words;
}

/**
 * @param {object} options
 * @param {import("../engine/client.js").EngineSession} options.engine
 * @param {Record<string, import("../puzzles/index.js").PuzzleEntry>} [options.puzzles]  web
 *   entries by puzzle id that take the place of the ones made from the engine's geometry (the Node
 *   tests give a numbered puzzle's example numbering this way)
 * @param {(id: string, geometry: object) => import("../puzzles/index.js").PuzzleEntry}
 *   [options.geometryEntry]  the entry of a puzzle with none in `puzzles` whose geometry the
 *   engine has, made from its puzzleGeometry answer (../puzzles/geometry-entry.js)
 * @param {() => number} [options.pauseMs]  the pause between moves while playing
 */
export function createPlayerModel({ engine, puzzles = {}, geometryEntry, pauseMs = () => 120 }) {
  const events = new EventTarget();
  const emit = (type, detail) => events.dispatchEvent(new CustomEvent(type, { detail }));

  let ready = false; // a puzzle is loaded and shown
  let loadedAs = ""; // the name the puzzle shown was asked for by (its id, or a description)
  let solving = false; // a cancellable engine call (solve) is running
  let puzzleList = null; // the engine's listPuzzles, once asked
  let start = { setup: "", alg: "" }; // the sequences of the start position
  let wantedNumbering = { numbering: "", groups: "" }; // the page's, "" for the puzzle's own
  let longSearchMs = LONG_SEARCH_MS;
  // The optimal search under way: whether it asked (or was told) about its length, and whether
  // the reader chose the fast solution instead.
  let longSearch = { asked: false, answered: false, fastInstead: false };
  // The stickering, mask and sticker colours asked for (./appearance.js), and the engine's
  // puzzleInfo they restyle.
  let wantedAppearance = { stickering: "", mask: "", colors: "", scheme: "" };
  let engineInfo = null;
  /** Animates a turn on a view; resolves when it is drawn ended (no view: at once). */
  let animator = async () => {};

  const changed = () => emit("change");
  const tasks = createTaskQueue({ onChange: changed });
  const position = createPosition();
  const numbering = createNumbering(engine);
  const playback = createPlayback({
    tasks,
    animateTo,
    pauseMs,
    onChange: () => {
      emit("playback");
      changed();
      describeStep();
    },
  });
  // The move list's cursor and playing as the status line last described them.
  let described = { cursor: 0, playing: false };
  position.onChange((current, cause) => emit("position", { current, cause }));

  const status = (text, kind = "") => emit("status", { text, kind });
  const progress = (text) => emit("progress", { text });
  const message = (source, text) => emit("message", { source, text });
  const clearMessage = (source) => message(source, null);
  const notationMessage = (source, sequence, answer) =>
    emit("message", { source, text: `${source}="${sequence}": ${answer.error}`, sequence, answer });

  /**
   * Keeps the status line true to the move list: once the cursor stops short of the end (a step
   * back, a pause, a move picked), it says where; the end's own message ("Solved: …") comes from
   * the sequence's whenSolved.
   */
  function describeStep() {
    const { cursor, playing, animating, moves } = playback;
    const now = { cursor, playing };
    if (now.cursor === described.cursor && now.playing === described.playing) return;
    described = now;
    if (playing || animating !== null || cursor === null || cursor >= moves.length) return;
    status(`${playback.title}: ${cursor} of ${plural(moves.length, "move")} played.`);
  }

  /** Queues one action; its errors go to the status line and (once ready) the messages. */
  function run(action) {
    return tasks.run(action).then(
      (result) => {
        clearMessage("action");
        return result;
      },
      (err) => {
        if (err?.cancelled) {
          status(err.note ?? "Cancelled.");
          return null;
        }
        status(err.message, "error");
        if (ready) message("action", err.message);
        else emit("notice", { text: err.message });
        return null;
      },
    );
  }

  /** Like run, for actions on the puzzle shown: they do nothing (null) while none is. */
  function runOnPuzzle(action) {
    return run(() => (ready ? action() : null));
  }

  /**
   * Animates `move` (the view draws it if it can), then shows the engine's position `answer`.
   * `reverse`: stepping back undoes `move`; `otherWay`: a half turn drawn the other way round
   * (a drag against its usual direction), which ends in the same place; `shown`: the share of
   * the turn a drag that follows the pointer has drawn already (0 to 1).
   */
  async function animateTo(
    move,
    answer,
    { reverse = false, index = -1, otherWay = false, shown = 0 } = {},
  ) {
    if (move) {
      await animator(move, { reverse, otherWay, shown, queued: tasks.pending - 1, answer });
      emit("move", { move, index, reverse });
    }
    position.show(answer);
  }

  /** Applies moves one at a time through the engine, animating each; returns the last answer. */
  async function playMoves(moves, { otherWay = false, shown = 0 } = {}) {
    let answer = null;
    for (const [i, move] of moves.entries()) {
      const { puzzle, state } = position.current;
      answer = expectOk(await numbering.applyMoves(puzzle, state, move));
      await animateTo(move, answer, { otherWay, shown: i === 0 ? shown : 0 });
    }
    return answer;
  }

  /**
   * The engine's positions after each step of `steps`, from `from` (positions[0] = from): each
   * the steps so far read as one sequence from `from`, since a notation may read a move by the
   * ones before it where the state does not say (the Clock's y2 turns it over: the names after
   * it are read on the other side).
   */
  async function positionsAlong(from, steps) {
    const positions = [from];
    for (let count = 1; count <= steps.length; count++) {
      const sequence = steps.slice(0, count).join(" ");
      positions.push(
        expectOk(await numbering.applyMoves(position.current.puzzle, from.state, sequence)),
      );
    }
    return positions;
  }

  /**
   * The moves of an applyMoves answer as the move list plays them: the face turns its derived
   * moves resolve to (`turns`), so that each is a step of its own.
   */
  const playedMoves = (answer) => answer.turns ?? answer.moves;

  /**
   * Loads the moves of `answer` (an ok applyMoves answer, or null for none) as the move list from
   * `from`, as written: its brackets shown, each turn a step when they are simple enough.
   */
  async function loadMoveList(from, answer, options) {
    const steps = sequenceSteps(answer ? playedMoves(answer) : "", position.current.info.moves);
    if (steps.length === 0) playback.clear();
    else {
      const asWritten = writtenSequence(answer);
      playback.load(steps, await positionsAlong(from, steps), { ...options, asWritten });
    }
  }

  /**
   * Moves typed in the box (an ok applyMoves answer from the current position): loaded as the
   * move list from that position, as written like the alg, then played in it turn by turn when
   * they are few enough to animate, else shown at its end. False when they turn nothing (a
   * rotation alone): there is nothing to list.
   */
  async function playInList(answer) {
    const { moves } = position.current.info;
    if (sequenceSteps(playedMoves(answer), moves).length === 0) return false;
    const from = position.answer();
    const animated = animatableMoves(playedMoves(answer), moves);
    const applied = () => status(`Applied ${answer.moves}`);
    // Loading is no step of the list to describe; its end says what was applied.
    described = { cursor: 0, playing: false };
    await loadMoveList(from, answer, {
      title: "Moves",
      whenSolved: applied,
      step: animated ? 0 : Infinity, // Infinity: its end
    });
    if (!animated) {
      position.show(playback.shown);
      applied();
      return true;
    }
    if (animated.length > 1) status(`Playing ${plural(animated.length, "move")}…`);
    await playback.playInTask();
    return true;
  }

  /**
   * After an ok answer of applyMoves from the current position: plays it, move by move if simple
   * (`turns`: the face turns derived moves such as M, x or r resolve to).
   */
  async function playAnswer(answer) {
    playback.leave();
    const moves = animatableMoves(answer.turns ?? answer.moves, position.current.info.moves);
    if (moves?.length > 1) status(`Playing ${plural(moves.length, "move")}…`);
    const last = moves ? await playMoves(moves) : null;
    if (last?.state !== answer.state) position.show(answer);
  }

  async function listPuzzles() {
    if (!puzzleList) {
      // The puzzles with geometry, then those with models of their own (shown as pictures).
      const answer = expectOk(await engine.listPuzzles());
      puzzleList = [...answer.puzzles, ...(answer.own_models ?? [])];
      if (puzzleList.length === 0) throw new Error("The engine lists no puzzles.");
      emit("puzzles", { puzzles: puzzleList });
    }
    return puzzleList;
  }

  /**
   * The web entry of puzzle `id`: one given (options.puzzles), or one made from the engine's
   * geometry of the puzzle; null when there is neither (the player then says it
   * has no 3D view). An engine without puzzleGeometry, or refusing it, leaves it null.
   */
  async function entryOf(id, info) {
    if (puzzles[id]) return puzzles[id];
    if (!info.geometry || !geometryEntry) return null;
    const answer = await engine.puzzleGeometry?.(id).catch(() => null);
    if (!answer?.ok) return null;
    return geometryEntry(info.id, answer.geometry ?? answer);
  }

  /** Loads puzzle `id` (its info and entry); the position is not shown yet. */
  async function loadPuzzle(id) {
    const info = await engine.puzzleInfo(id);
    if (!info.ok) throw new RefusedError(info.error);
    const entry = await entryOf(id, info);
    numbering.clear();
    engineInfo = info;
    position.setPuzzle(info, entry);
    await applyAppearance();
    emit("notice", { text: "" });
    emit("puzzle", { info: position.current.info, entry: position.current.entry });
  }

  /**
   * Restyles the puzzle shown as the page asks (mask, colours); what the engine or the puzzle
   * refuses is shown as a message naming its attribute and left out.
   */
  async function applyAppearance() {
    const { info, looks, problems } = await resolveAppearance(engine, engineInfo, wantedAppearance);
    for (const name of APPEARANCE_ATTRIBUTES) {
      const problem = problems.get(name);
      if (!problem) clearMessage(name);
      else if (problem.answer) notationMessage(name, problem.sequence, problem.answer);
      else message(name, problem.text);
    }
    position.setAppearance(info, looks);
  }

  /**
   * For a numbered puzzle: uses the page's numbering and groups once the engine accepts them; a
   * numbering or groups it refuses are shown as a message (attribute `numbering` or
   * `numbering-groups`) and left out: the puzzle's own example numbering, no groups. Resolves
   * true when both were accepted.
   */
  async function applyNumbering() {
    const { puzzle, entry } = position.current;
    clearMessage("numbering");
    clearMessage("numbering-groups");
    if (!entry?.numbering) return true;
    const { numbering: text, groups } = wantedNumbering;
    const given = text.trim() ? text : entry.numbering.example;
    let answer = await numbering.check(puzzle, given, groups);
    if (answer.ok) {
      numbering.use(puzzle, answer.digits, groups);
      return true;
    }
    const attribute = answer.source === "groups" ? "numbering-groups" : "numbering";
    message(attribute, `${attribute}: ${numberingMessage(answer.error)}`);
    // Groups refused: the numbering without them; a numbering refused: the example's.
    const fallback = answer.source === "groups" ? given : entry.numbering.example;
    answer = expectOk(await numbering.check(puzzle, fallback, ""));
    numbering.use(puzzle, answer.digits, "");
    return false;
  }

  /**
   * Shows the start: the setup moves applied silently from solved, the alg's moves loaded for
   * playing. A setup or alg the engine refuses is shown as a message (with the column it names)
   * and left out. Resolves true when both were accepted.
   */
  async function showStart() {
    const { puzzle } = position.current;
    const { setup, alg } = start;
    let accepted = true;
    let from = await numbering.applyMoves(puzzle, "", setup);
    clearMessage("setup");
    if (!from.ok) {
      notationMessage("setup", setup, from);
      accepted = false;
      from = expectOk(await numbering.applyMoves(puzzle, "", ""));
    }
    const sequence = alg.trim() ? await engine.applyMoves(puzzle, from.state, alg) : null;
    clearMessage("alg");
    if (sequence && !sequence.ok) {
      notationMessage("alg", alg, sequence);
      accepted = false;
    }
    // Its end, reached by Play or by steps, says so (a step back said how far it was).
    const whenSolved = () => status(`Moves: all ${plural(playback.moves.length, "move")} played.`);
    await loadMoveList(from, sequence?.ok ? sequence : null, { title: "Moves", whenSolved });
    position.show(from, "start");
    return accepted;
  }

  /**
   * Shows `puzzle` (an id or a description; the engine's first when empty) at the start given by
   * `setup` and `alg`, loading the puzzle when it changed; a puzzle the engine refuses is named
   * by `attribute`. Resolves true when everything was accepted.
   */
  function configure({
    puzzle,
    attribute = "puzzle",
    setup = "",
    alg = "",
    numbering: text = "",
    groups = "",
    appearance = wantedAppearance,
  }) {
    return run(async () => {
      start = { setup, alg };
      wantedNumbering = { numbering: text, groups };
      wantedAppearance = appearance;
      const list = await listPuzzles();
      const id = puzzle || list[0].id;
      // A description the catalogue knows is shown under the catalogue's id: either name it.
      if ((id !== position.current.puzzle && id !== loadedAs) || !ready) {
        ready = false;
        playback.clear();
        try {
          loadedAs = "";
          await loadPuzzle(id);
          loadedAs = id;
        } catch (err) {
          if (!(err instanceof RefusedError)) throw err;
          position.clear();
          clearMessage("setup");
          clearMessage("alg");
          emit("puzzle", { info: null, entry: null });
          emit("notice", { text: `${attribute}="${id}": ${err.message}` });
          status(err.message, "error");
          changed();
          return false;
        }
      }
      const numberingAccepted = await applyNumbering();
      const accepted = (await showStart()) && numberingAccepted;
      ready = true;
      const { info } = position.current;
      const unsolvable = unsolvableReason(info);
      const reason = unsolvable && `${unsolvable[0].toUpperCase()}${unsolvable.slice(1)}.`;
      status(unsolvable ? `${info.name}: ready. ${reason}` : `${info.name}: ready.`);
      changed();
      return accepted;
    });
  }

  /**
   * Another stickering, mask or sticker colours from the page ({stickering, mask, colors,
   * scheme}: the attributes' text): the puzzle is drawn again with them, the position kept.
   */
  function setAppearance(appearance) {
    return run(async () => {
      wantedAppearance = appearance;
      if (!ready || !engineInfo) return;
      await applyAppearance();
      emit("appearance", { info: position.current.info });
    });
  }

  /**
   * Another numbering or groups from the page: a numbered puzzle's position is drawn again with
   * the new digits, and its move list goes (a solution was for the old numbering). Resolves true
   * when both were accepted.
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
      status("Numbering set: the puzzle shows its digits.");
      return accepted;
    });
  }

  function scramble(seed = randomSeed()) {
    playback.clear();
    return runOnPuzzle(async () => {
      const { puzzle, info } = position.current;
      const started = performance.now();
      const seconds = () => formatSeconds(performance.now() - started);
      const needsTables = scrambleNeedsTables(info);
      const buildFraction = createBuildProgress();
      let scrambled;
      try {
        scrambled = expectOk(
          await engine.scramble(puzzle, seed, (report) => {
            if (!needsTables) return;
            if (report.source === "download") downloadProgress(report, seconds);
            else if (report.source === "cache")
              progress("Loading the tables kept in this browser…");
            else tableBuildProgress(report, seconds, buildFraction);
          }),
        );
      } finally {
        if (needsTables) progress("");
      }
      // Re-read the position through applyMoves so the solved flag comes from the engine too.
      position.show(expectOk(await numbering.applyMoves(puzzle, scrambled.state, "")));
      status(`Scrambled: ${scrambled.scramble}`);
      emit("scramble", { puzzle, scramble: scrambled.scramble });
      return scrambled;
    });
  }

  /**
   * The engine's solution by `method`, as the engine describes that method (puzzleInfo's
   * `solvers`): to a numbered puzzle's nearest solved state, by the optimal-search kernel in
   * slices, by another method through solveWith, or the optimal one to solved.
   */
  function searchSolution(puzzle, state, method) {
    const solver = solverOf(position.current.info, method);
    if (solver?.goal === "numbering" && numbering.current) {
      return numbering.solve(puzzle, state, ({ depth, visited, total }) => {
        progress(
          `Building this numbering's table: depth ${depth}, ${formatCount(visited)} / ${formatCount(total)} positions`,
        );
      });
    }
    if (solver?.search === "kernel") return kernelSolution(puzzle, state);
    if (method !== "optimal") {
      const options = method === "fast" ? { method, time_ms: FAST_SOLVE_MS } : { method };
      return engine.solveWith(puzzle, state, options, ({ depth, nodes }) => {
        progress(`Searching depth ${depth}: ${formatCount(nodes)} nodes`);
      });
    }
    return engine.solve(puzzle, state, ({ depth, nodes }) => {
      progress(`Searching depth ${depth}: ${formatCount(nodes)} nodes`);
    });
  }

  /**
   * Progress of an optimal solver's table build (the engine's BFS report), its fraction from
   * `buildFraction` (./table-build.js, one per build).
   */
  function tableBuildProgress(report, seconds, buildFraction) {
    const fraction = buildFraction(report);
    const percent = Math.floor(fraction * 100);
    emit("progress", {
      text: `Building tables… ${percent}% (layer ${report.depth}), ${seconds()}`,
      fraction,
    });
  }

  /** Progress of a table set's download from the site (worker/optimal-job.js). */
  function downloadProgress({ loaded, total }, seconds) {
    const megabytes = (bytes) => (bytes / 2 ** 20).toFixed(1);
    const fraction = total ? loaded / total : 0;
    emit("progress", {
      text: total
        ? `Downloading tables… ${megabytes(loaded)} of ${megabytes(total)} MB, ${seconds()}`
        : `Downloading tables… ${megabytes(loaded)} MB, ${seconds()}`,
      fraction,
    });
  }

  /**
   * The optimal solve of a puzzle with the optimal-search kernel (the 3x3x3): its tables are
   * loaded from this browser's storage or built (a bar shows how far), then the search reports
   * each slice; Cancel stops the search and keeps the tables (engine/client.js).
   */
  async function kernelSolution(puzzle, state) {
    const started = performance.now();
    const seconds = () => formatSeconds(performance.now() - started);
    let stage = "";
    const buildFraction = createBuildProgress();
    const answer = await engine
      .solveOptimal(puzzle, state, {}, (report) => {
        stage = report.stage;
        if (report.stage === "tables" && report.source === "cache") {
          progress("Loading the tables kept in this browser…");
        } else if (report.stage === "tables" && report.source === "download") {
          downloadProgress(report, seconds);
        } else if (report.stage === "tables") {
          tableBuildProgress(report, seconds, buildFraction);
        } else if (report.stage === "search") {
          const { depth, nodes, ms, nodes_per_second: rate, estimate } = report;
          const ahead = estimate ? `; estimate: ${depthWords(estimate)}` : "";
          progress(
            `Searching depth ${depth}: ${formatShortCount(nodes)} nodes, ${formatRate(rate)}, ${formatSeconds(ms)} (optimal ≥ ${depth})${ahead}`,
          );
          if (estimate) askAboutLongSearch(estimate);
        }
      })
      .catch((err) => {
        if (err?.cancelled && stage === "search") {
          err.note = "Cancelled. The tables stay loaded: the next solve starts at once.";
        } else if (err?.cancelled && stage === "tables") {
          err.note = "Cancelled: the tables were not built.";
        }
        throw err;
      });
    if (answer.table_warning) message("tables", answer.table_warning);
    else clearMessage("tables");
    return answer;
  }

  /**
   * Once the estimate of an optimal search passes longSearchMs: asks whether to go on, offering
   * the fast solution where the engine has one (puzzleInfo's `methods`), and keeps the question's
   * estimate current until the reader answers.
   */
  function askAboutLongSearch(estimate) {
    if (!longSearch.asked && estimate.remaining_ms <= longSearchMs) return;
    if (longSearch.answered) return;
    longSearch.asked = true;
    const { info } = position.current;
    const fast = solveMethods(info).includes("fast");
    const rate = formatRate(estimate.nodes_per_second);
    const next = formatDuration(estimate.next_depth_ms);
    emit("longsearch", {
      text:
        `This search may take long. Estimated from its own figures (${rate}, ×${estimate.growth} ` +
        `nodes per depth): ${depthWords(estimate)}; if the solution is longer, depth ` +
        `${estimate.depth + 1} about ${next}.`,
      fast,
      note: fast ? "" : `The ${info.name} has no faster solver yet: keep searching or cancel.`,
    });
  }

  /** The reader's answer to the long search's question: "keep", "fast" or "cancel". */
  function answerLongSearch(choice) {
    if (!solving || !longSearch.asked) return;
    longSearch.answered = true;
    emit("longsearch", null);
    if (choice === "keep") return;
    longSearch.fastInstead = choice === "fast";
    engine.cancel();
  }

  /** The engine's solution of the current position by `method`, and the position after each move. */
  async function findSolution(method) {
    const { puzzle, state } = position.current;
    const from = position.answer();
    solving = true;
    longSearch = { asked: false, answered: false, fastInstead: false };
    changed();
    let answer;
    try {
      answer = expectOk(await searchSolution(puzzle, state, method));
    } finally {
      solving = false;
      if (longSearch.asked && !longSearch.answered) emit("longsearch", null);
      progress("");
      changed();
    }
    const moves = splitMoves(answer.solution);
    const positions = await positionsAlong(from, moves);
    if (!positions.at(-1).solved)
      throw new Error("The engine's solution did not solve the puzzle.");
    return { answer, moves, positions };
  }

  /**
   * Solves the position shown by `method` (one of solveMethods; default the optimal solve when the
   * puzzle has it, else its first method) and plays the solution.
   */
  function solve(method) {
    playback.clear();
    return runOnPuzzle(async () => {
      const methods = solveMethods(position.current.info);
      if (methods.length === 0) throw new Error(unsolvableReason(position.current.info));
      let chosen = method ?? (methods.includes("optimal") ? "optimal" : methods[0]);
      if (!methods.includes(chosen)) {
        throw new Error(`${position.current.info.name} has no "${chosen}" solution.`);
      }
      status("Solving…");
      let found;
      try {
        found = await findSolution(chosen);
      } catch (err) {
        // The reader chose the fast solution over a long optimal search.
        if (!err?.cancelled || !longSearch.fastInstead) throw err;
        chosen = "fast";
        status("Solving fast instead…");
        found = await findSolution(chosen);
      }
      const { answer, moves, positions } = found;
      const count = plural(answer.length, "move");
      // A numbered puzzle's solve walks its tables down (no nodes to count) to the nearest goal.
      const goal = answer.goal ? " to the nearest solved state" : "";
      // (nor does a search that does not count them).
      const stats =
        answer.goal || answer.nodes === undefined
          ? formatMs(answer.ms)
          : `${formatCount(answer.nodes)} nodes, ${formatMs(answer.ms)}`;
      const kind = methodWords(chosen, answer);
      // The optimal-search kernel's answers (they name their table set) take seconds to minutes:
      // "optimal (14 moves), 3.2 s, 41 M nodes".
      const summary =
        answer.tables !== undefined
          ? `optimal (${count}), ${formatSeconds(answer.ms)}, ${formatShortCount(answer.nodes)} nodes`
          : `${count}${goal} (${kind}), ${stats}`;
      const solvedMessage = () => status(`Solved: ${summary}.`, "ok");
      playback.load(moves, positions, { title: "Solution", whenSolved: solvedMessage });
      if (moves.length === 0) solvedMessage();
      else {
        const found = chosen === "optimal" ? "an optimal solution" : `a solution (${kind})`;
        status(
          `Found ${found}${goal}: ${count}, ${answer.method === "optimal" ? formatSeconds(answer.ms) : stats}. Playing it…`,
        );
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
      status(start.setup.trim() || start.alg.trim() ? "Back to the start." : "Reset to solved.");
      return accepted;
    });
  }

  /**
   * Applies a sequence (animated move by move when simple); resolves the engine's answer, which
   * says where the notation is wrong when it is refused (nothing changes then). `listed` (the
   * moves box): the sequence becomes the move list, as written, and plays there (playInList).
   */
  function turn(text, { listed = false } = {}) {
    return runOnPuzzle(async () => {
      const { puzzle, state } = position.current;
      const answer = await numbering.applyMoves(puzzle, state, text);
      if (!answer.ok) {
        status("The moves were not applied.", "error");
        return answer;
      }
      if (listed && (await playInList(answer))) return answer;
      await playAnswer(answer);
      status(answer.moves ? `Applied ${answer.moves}` : "Nothing to apply.");
      return answer;
    });
  }

  /** One turn from a key or a drag (`otherWay`: a half turn dragged the other way round). */
  function userMove(move, { otherWay = false, shown = 0 } = {}) {
    if (solving || !ready) return;
    if (playback.isNext(move)) {
      // Following the sequence along: its turn goes on from where the drag left the pieces.
      playback.forward({ otherWay, shown });
      return;
    }
    playback.leave();
    run(async () => {
      const answer = await playMoves([move], { otherWay, shown });
      status(answer.solved ? `${move}: solved!` : `Turned ${move}.`, answer.solved ? "ok" : "");
    });
  }

  /**
   * Shows a position given as the engine's state string, with `solution` (moves, optional) as the
   * move list ready to play from it, at move `step` of it (default 0), titled a solution unless
   * `isSolution` is false (an alg, typed moves). Resolves the engine's answer; when it refuses the
   * state or the moves, nothing changes.
   */
  function setState(state, solution = "", step = 0, { isSolution = true } = {}) {
    return runOnPuzzle(async () => {
      const { puzzle } = position.current;
      const answer = await numbering.applyMoves(puzzle, state, "");
      if (!answer.ok) return answer;
      const sequence = solution.trim()
        ? await engine.applyMoves(puzzle, answer.state, solution)
        : null;
      if (sequence && !sequence.ok) return sequence;
      const whenSolved = () => {
        if (position.current.solved) status("Solved.", "ok");
      };
      await loadMoveList(answer, sequence, {
        title: isSolution ? "Solution" : "Moves",
        whenSolved,
        step,
      });
      position.show(playback.shown ?? answer);
      const played = isSolution ? "for the solution" : "to play the moves";
      status(sequence?.moves ? `Position set: press Play ${played}.` : "Position set.");
      return answer;
    });
  }

  /** Plays the move list; from its end or off it, it says it starts again from the start. */
  function play() {
    if (playback.playsFromStart) {
      const again = playback.cursor !== null;
      status(
        `${again ? "Replaying" : "Playing"} the ${playback.title.toLowerCase()} from the start.`,
      );
      // The jump back to the start is part of this play, not a step to describe.
      described = { cursor: 0, playing: false };
    }
    return playback.play();
  }

  return {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    position,
    playback,
    configure,
    setNumbering,
    setAppearance,
    scramble,
    solve,
    reset,
    turn,
    userMove,
    setState,
    play,
    pause: playback.pause,
    playPause: () => (playback.playing ? playback.pause() : play()),
    back: playback.back,
    forward: playback.forward,
    goTo: playback.goTo,
    /** Stops a long engine call of this player (its solve). */
    cancel: () => engine.cancel(),
    /** Answers the long search's question (the `longsearch` event): "keep", "fast" or "cancel". */
    answerLongSearch,
    /** How long an optimal search may be estimated to take before the player asks (ms). */
    get longSearchMs() {
      return longSearchMs;
    },
    set longSearchMs(ms) {
      longSearchMs = ms;
    },
    /** Runs `action` after the queued actions, like every action of the player. */
    queue: runOnPuzzle,
    /**
     * The view's turn animation, `(move, {reverse, otherWay, shown, queued, answer}) =>
     * Promise`: `answer` the engine's position the move ends in.
     */
    setAnimator(animate) {
      animator = animate;
    },
    get ready() {
      return ready;
    },
    /** A solve is under way (it can be cancelled; other actions wait). */
    get solving() {
      return solving;
    },
    /** An action, a turn or playback is under way. */
    get busy() {
      return tasks.pending > 0 || playback.playing;
    },
  };
}
