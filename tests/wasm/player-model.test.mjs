// The headless player (web/src/player/model.js) in Node, over the real WASM engine in this
// process: loading a puzzle and its alg, playing, replaying, following along, leaving the list,
// solving, a position at a step of its solution (share links), refusals, the animator's place
// before each position and a numbered puzzle's digits. No DOM and no browser.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";

import { createPlayerModel } from "../../web/src/player/model.js";
import { callJson, inProcessSession, loadEngine, repoDir } from "../js/engine.mjs";

let engine;
const call = (method, ...args) => callJson(engine, method, ...args);
const EXAMPLE = readFileSync(`${repoDir}assets/numbered_pyraminx/example.txt`, "utf8");

before(async () => {
  engine = await loadEngine();
});

/** A model over the engine, with every event recorded in `events` as [type, detail]. */
function recordedModel(options = {}) {
  const model = createPlayerModel({
    engine: inProcessSession(engine),
    puzzles: { numbered_pyraminx: { numbering: { example: EXAMPLE } } },
    pauseMs: () => 0,
    ...options,
  });
  const events = [];
  for (const type of ["change", "puzzles", "puzzle", "position", "move", "playback", "scramble"]) {
    model.addEventListener(type, ({ detail }) => events.push([type, detail]));
  }
  for (const type of ["status", "progress", "message", "notice"]) {
    model.addEventListener(type, ({ detail }) => events.push([type, { ...detail }]));
  }
  const last = (type) => events.findLast(([t]) => t === type)?.[1];
  const all = (type) => events.filter(([t]) => t === type).map(([, detail]) => detail);
  return { model, events, last, all };
}

/** Resolves once no action, turn or playback of `model` is under way. */
async function idle(model) {
  while (model.busy) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** The engine's state after `moves` from `from` ("" = solved). */
const stateAfter = (puzzle, moves, from = "") => call("applyMoves", puzzle, from, moves).state;

describe("the headless player model", () => {
  it("loads a puzzle with its alg ready to play, every position the engine's", async () => {
    const { model, last, all } = recordedModel();
    const accepted = await model.configure({ puzzle: "pyraminx", alg: "R U R' U'" });
    assert.equal(accepted, true);
    assert.equal(model.ready, true);
    assert.equal(last("puzzle").info.id, "pyraminx");
    assert.deepEqual(
      all("puzzles")[0].puzzles.map((p) => p.id),
      [...call("listPuzzles").puzzles, ...call("listPuzzles").own_models].map((p) => p.id),
    );
    assert.equal(last("position").cause, "start");
    assert.equal(model.position.current.state, "");
    assert.deepEqual(model.playback.moves, ["R", "U", "R'", "U'"]);
    assert.equal(model.playback.cursor, 0);
    assert.equal(last("status").text, "Pyraminx: ready.");
  });

  it("steps through a Clock sequence move by move, the moves after y2 read on the back", async () => {
    const { model } = recordedModel();
    const alg = "UR1+ y2 U2+ ALL3-";
    await model.configure({ puzzle: "clock", alg });
    assert.deepEqual(model.playback.moves, alg.split(" "));
    // Each step is the moves so far, as the engine reads them from the start.
    for (let k = 0; k <= 4; k++) {
      const sofar = alg.split(" ").slice(0, k).join(" ");
      assert.equal(
        model.playback.positionAt(k).state,
        call("applyMoves", "clock", "", sofar).state,
      );
    }
    assert.deepEqual(
      model.playback.positionAt(4).picture,
      call("applyMoves", "clock", "", alg).picture,
    );
  });

  it("plays derived moves (slices, rotations) as the face turns the engine resolves them to", async () => {
    const { model } = recordedModel();
    await model.configure({ puzzle: "cube3", alg: "M U" });
    const { turns } = call("applyMoves", "cube3", "", "M U");
    assert.deepEqual(model.playback.moves, turns.split(" "));
    const animated = [];
    model.setAnimator(async (move) => animated.push(move));
    const answer = await model.turn("x U");
    assert.equal(answer.ok, true);
    assert.deepEqual(animated, answer.turns.split(" "));
    assert.equal(model.position.current.state, stateAfter("cube3", answer.turns));
  });

  it("plays the list move by move, each turn animated before the engine's position shows", async () => {
    const { model, all } = recordedModel();
    const animated = [];
    model.setAnimator(async (move, how) => {
      animated.push({ move, shownBefore: model.position.current.state, ...how });
    });
    await model.configure({ puzzle: "pyraminx", alg: "R U R' U'" });
    await model.play();
    const prefixes = ["R", "R U", "R U R'", "R U R' U'"].map((m) => stateAfter("pyraminx", m));
    assert.deepEqual(
      animated.map(({ move }) => move),
      ["R", "U", "R'", "U'"],
    );
    // Each animation ran while the previous position was still shown.
    assert.deepEqual(
      animated.map(({ shownBefore }) => shownBefore),
      ["", ...prefixes.slice(0, 3)],
    );
    assert.deepEqual(
      all("move").map(({ move, index }) => [move, index]),
      [
        ["R", 0],
        ["U", 1],
        ["R'", 2],
        ["U'", 3],
      ],
    );
    assert.equal(model.position.current.state, prefixes[3]);
    assert.equal(model.playback.cursor, 4);
    assert.equal(model.playback.playing, false);
  });

  it("says when the alg has played to its end, and that Play there starts again from the start", async () => {
    const { model, last } = recordedModel();
    await model.configure({ puzzle: "pyraminx", alg: "R U" });
    await model.play();
    assert.equal(last("status").text, "Moves: all 2 moves played.");
    // A step back says how far; stepping on to the end says the end again.
    await model.goTo(1);
    assert.equal(last("status").text, "Moves: 1 of 2 moves played.");
    await model.goTo(2);
    assert.equal(last("status").text, "Moves: all 2 moves played.");
    assert.equal(model.playback.playsFromStart, true);
    const replay = model.play();
    assert.equal(last("status").text, "Replaying the moves from the start.");
    await replay;
    assert.equal(model.playback.cursor, 2);
    assert.equal(model.position.current.state, stateAfter("pyraminx", "R U"));
  });

  it("steps forward when a turn follows the list, and leaves the list otherwise", async () => {
    const { model } = recordedModel();
    await model.configure({ puzzle: "pyraminx", alg: "R U" });
    model.userMove("R");
    await idle(model);
    assert.equal(model.playback.cursor, 1);
    model.userMove("B");
    await idle(model);
    assert.equal(model.playback.cursor, null);
    assert.equal(model.position.current.state, stateAfter("pyraminx", "R B"));
    await model.goTo(2);
    assert.equal(model.position.current.state, stateAfter("pyraminx", "R U"));
  });

  it("turns on from where a drag left the pieces, whether it follows the list or not", async () => {
    // A drag that follows the pointer has drawn part of the turn already: the animation of the
    // move it makes starts there, also when that move is the list's next one (it once started
    // that one from the beginning: the pieces jumped back).
    const { model } = recordedModel();
    const animated = [];
    model.setAnimator(async (move, { shown, otherWay }) =>
      animated.push({ move, shown, otherWay }),
    );
    await model.configure({ puzzle: "pyraminx", alg: "R U" });
    model.userMove("R", { shown: 0.4, otherWay: true });
    await idle(model);
    assert.equal(model.playback.cursor, 1);
    model.userMove("B", { shown: 0.7 });
    await idle(model);
    assert.equal(model.playback.cursor, null);
    assert.deepEqual(animated, [
      { move: "R", shown: 0.4, otherWay: true },
      { move: "B", shown: 0.7, otherWay: false },
    ]);
  });

  it("makes moves typed in the box the move list, as written, played from where they were typed", async () => {
    const { model, all, last } = recordedModel();
    await model.configure({ puzzle: "pyraminx", setup: "B" });
    const animated = [];
    model.setAnimator(async (move) => animated.push(move));
    const answer = await model.turn("[R: U]", { listed: true });
    assert.equal(answer.ok, true);
    assert.deepEqual(animated, ["R", "U", "R'"]);
    assert.deepEqual(model.playback.moves, ["R", "U", "R'"]);
    assert.equal(model.playback.written.text, "[R: U]");
    assert.equal(model.playback.title, "Moves");
    assert.equal(model.playback.cursor, 3);
    // Each turn a step of the list, from the position typed at; the end says what was applied.
    assert.deepEqual(
      all("move").map(({ index }) => index),
      [0, 1, 2],
    );
    assert.equal(model.playback.start.state, stateAfter("pyraminx", "B"));
    assert.equal(model.position.current.state, stateAfter("pyraminx", "B R U R'"));
    assert.equal(last("status").text, "Applied [R: U]");
    await model.back();
    assert.equal(model.position.current.state, stateAfter("pyraminx", "B R U"));
    assert.equal(last("status").text, "Moves: 2 of 3 moves played.");
    // More than 40 turns: listed, shown at the end at once.
    animated.length = 0;
    await model.turn("(R U R' U')11", { listed: true });
    assert.deepEqual(animated, []);
    assert.equal(model.playback.moves.length, 44);
    assert.equal(model.playback.cursor, 44);
    const before = stateAfter("pyraminx", "B R U");
    assert.equal(model.position.current.state, stateAfter("pyraminx", "(R U R' U')11", before));
    assert.equal(last("status").text, "Applied (R U R' U')11");
    // Nothing turned (U3 is a whole turn): the list stays, left.
    await model.turn("U3", { listed: true });
    assert.equal(model.playback.moves.length, 44);
    assert.equal(model.playback.cursor, null);
    assert.equal(last("status").text, "Nothing to apply.");
  });

  it("solves a scramble optimally and plays it to a solved position", async () => {
    const { model, last, all } = recordedModel();
    await model.configure({ puzzle: "cube2" });
    const scrambled = await model.scramble(12345);
    assert.equal(model.position.current.state, scrambled.state);
    assert.deepEqual(all("scramble"), [{ puzzle: "cube2", scramble: scrambled.scramble }]);
    const answer = await model.solve();
    assert.equal(answer.ok, true);
    // As long as the engine's own solve: the model adds nothing and drops nothing.
    assert.equal(answer.length, call("solve", "cube2", scrambled.state, null).length);
    await idle(model);
    assert.equal(model.position.current.solved, true);
    assert.equal(model.playback.cursor, answer.length);
    assert.match(last("status").text, /^Solved: \d+ moves \(optimal\)/);
    assert.equal(last("status").kind, "ok");
    assert.ok(
      all("change").length > 0 && !model.solving,
      "the solve's flag went back down when it ended",
    );
  });

  it("solves by another method of the puzzle's through solveWith, and refuses one it lacks", async () => {
    // The engine as it answers for a puzzle with a fast solve: puzzleInfo lists its methods, and
    // solveWith answers like solve (here by the optimal solve, standing in for the two-phase
    // search), so that the player's side is tested before the engine has one.
    const session = inProcessSession(engine);
    const asked = [];
    const withMethods = new Proxy(session, {
      get(target, method) {
        if (method === "puzzleInfo") {
          return async (id) => ({ ...(await target.puzzleInfo(id)), methods: ["fast", "optimal"] });
        }
        if (method === "solveWith") {
          return async (id, state, options, onProgress) => {
            asked.push(options);
            // A two-phase answer need not count nodes; it says how many phases it has.
            const answer = await target.solve(id, state, onProgress);
            delete answer.nodes;
            return { ...answer, phases: 2 };
          };
        }
        return target[method];
      },
    });
    const { model, last } = recordedModel({ engine: withMethods });
    await model.configure({ puzzle: "cube2" });
    const scrambled = await model.scramble(777);
    const answer = await model.solve("fast");
    assert.equal(answer.ok, true);
    // Fast solves ask for the shortest the engine finds within a moment (docs/api.md time_ms).
    assert.deepEqual(asked, [{ method: "fast", time_ms: 300 }]);
    await idle(model);
    assert.equal(model.position.current.solved, true);
    assert.match(last("status").text, /^Solved: \d+ moves \(two-phase, not proven optimal\), \S/);
    assert.doesNotMatch(last("status").text, /nodes/, "a fast answer counts no nodes");
    assert.notEqual(scrambled.state, "");

    // The FTO's real fast solver has three phases, and the status line says so.
    const fto = recordedModel();
    await fto.model.configure({ puzzle: "fto" });
    await fto.model.scramble(5);
    const ftoAnswer = await fto.model.solve("fast");
    assert.ok(ftoAnswer, JSON.stringify(fto.all("status")));
    assert.equal(ftoAnswer.phases, 3);
    await idle(fto.model);
    assert.equal(fto.model.position.current.solved, true);
    assert.match(fto.last("status").text, /^Solved: \d+ moves \(three-phase, not proven optimal\)/);

    // Without `methods` a puzzle has the optimal solve only: "fast" is refused, plainly.
    const plain = recordedModel();
    await plain.model.configure({ puzzle: "cube2" });
    await plain.model.scramble(777);
    assert.equal(await plain.model.solve("fast"), null);
    assert.equal(plain.last("status").text, 'Pocket cube 2x2x2 has no "fast" solution.');
    assert.equal(plain.last("status").kind, "error");
  });

  it("refuses Solve with the engine's reason for a puzzle it cannot solve, and scrambles it", async () => {
    // The engine as it answers for a puzzle its solver registry gives no solver (a big cube):
    // no methods, the reason in `solvers.unsolvable`, scrambles by random moves.
    const reason = "polytwist has no solver for this puzzle yet";
    const asked = [];
    const session = inProcessSession(engine);
    const unsolvable = new Proxy(session, {
      get(target, method) {
        if (method === "puzzleInfo") {
          return async (id) => ({
            ...(await target.puzzleInfo(id)),
            methods: [],
            solvers: {
              solve: [],
              unsolvable: reason,
              scramble: { method: "random-moves", moves: 12 },
              gods_number: false,
            },
          });
        }
        if (["solve", "solveWith", "solveOptimal"].includes(method)) {
          return async (...args) => {
            asked.push(method);
            return target[method](...args);
          };
        }
        return target[method];
      },
    });
    const { model, last } = recordedModel({ engine: unsolvable });
    await model.configure({ puzzle: "cube2" });
    assert.equal(
      last("status").text,
      "Pocket cube 2x2x2: ready. Polytwist has no solver for this puzzle yet.",
    );
    const scrambled = await model.scramble(777);
    assert.equal(scrambled.ok, true);
    assert.equal(await model.solve(), null);
    assert.equal(await model.solve("optimal"), null);
    assert.equal(last("status").text, reason);
    assert.equal(last("status").kind, "error");
    assert.deepEqual(asked, [], "no solve was asked of the engine");
    assert.equal(model.position.current.state, scrambled.state);
  });

  it("shows a position at a step of its solution (a share link's step)", async () => {
    const { model } = recordedModel();
    await model.configure({ puzzle: "pyraminx" });
    const start = stateAfter("pyraminx", "U L' R B");
    const answer = await model.setState(start, "B' R' L U'", 3);
    assert.equal(answer.ok, true);
    assert.equal(model.playback.cursor, 3);
    assert.equal(model.position.current.state, stateAfter("pyraminx", "B' R' L", start));
    assert.equal(model.playback.start.state, start);
    // Past the end: the end.
    await model.setState(start, "B' R' L U'", 99);
    assert.equal(model.playback.cursor, 4);
    assert.equal(model.position.current.solved, true);
  });

  it("refuses an unknown puzzle with the engine's message, and shows none", async () => {
    const { model, last } = recordedModel();
    assert.equal(await model.configure({ puzzle: "tesseract" }), false);
    assert.equal(model.ready, false);
    assert.equal(last("puzzle").info, null);
    assert.match(last("notice").text, /^puzzle="tesseract": .*tesseract/);
    assert.equal(await model.configure({ puzzle: "" }), true, "the first puzzle loads after it");
    assert.equal(model.position.current.puzzle, call("listPuzzles").puzzles[0].id);
  });

  it("names a refused alg with the engine's column, and keeps the rest", async () => {
    const { model, all } = recordedModel();
    assert.equal(await model.configure({ puzzle: "pyraminx", setup: "R", alg: "U Q" }), false);
    const message = all("message").findLast(({ source }) => source === "alg");
    assert.match(message.text, /^alg="U Q": /);
    assert.equal(message.answer.column, 3);
    assert.equal(model.position.current.state, stateAfter("pyraminx", "R"));
    assert.equal(model.playback.loaded, false);
  });

  it("gives a numbered puzzle's positions their digits and the home sticker each shows", async () => {
    const { model } = recordedModel();
    await model.configure({ puzzle: "numbered_pyraminx" });
    await model.turn("u R");
    const { state, digits, sources } = model.position.current;
    const shown = call("numberingPosition", "numbered_pyraminx", state, EXAMPLE, "");
    assert.equal(digits, shown.digits);
    assert.deepEqual(sources, shown.sources);
  });
});
