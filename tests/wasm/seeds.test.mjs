// Same seed, same scramble, everywhere (docs/api.md, "Seeds"): the WASM module's scrambles equal
// the native CLI's for 10 seeds of every puzzle's default scramble (2 of the Master Pyraminx: each
// of its random states costs an optimal solve) and 25 of random moves. The CLI
// gives them all from one process (`scramble --count`), so each puzzle's tables are built once.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { before, test } from "node:test";

import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

const nativeCli = `${repoDir}build/polytwist`;
const SEEDS = 25;
// A random state costs a solve (a Master Pyraminx's, an optimal one: about 1.5 s natively, more in
// WASM after a 19 s table build); one RNG and one search path serve every seed, so a few seeds of
// each puzzle's default scramble show it.
const DEFAULT_SEEDS = 10;
const seedsOf = (puzzle) => (puzzle === "master_pyraminx" ? 2 : DEFAULT_SEEDS);
// Seeds spread over the whole range, the largest included.
const FIRST_SEEDS = [0, 1000003, 2 ** 53 - SEEDS];

let engine;
let puzzles;
before(async () => {
  engine = await loadEngine();
  puzzles = callJson(engine, "listPuzzles").puzzles.map((p) => p.id);
});

function nativeScrambles(puzzle, first, extra = [], count = SEEDS) {
  const answer = JSON.parse(
    execFileSync(
      nativeCli,
      ["scramble", puzzle, "--seed", String(first), "--count", String(count), "--json", ...extra],
      { stdio: "pipe", maxBuffer: 1 << 26 },
    ),
  );
  assert.equal(answer.ok, true, answer.error);
  assert.equal(answer.scrambles.length, count);
  return answer.scrambles;
}

function compare(puzzle, native, wasmOf, minDistinct = native.length - 1) {
  const distinct = new Set();
  for (const expected of native) {
    const wasm = wasmOf(expected.seed);
    assert.equal(wasm.ok, true, `${puzzle} seed ${expected.seed}: ${wasm.error}`);
    assert.equal(wasm.scramble, expected.scramble, `${puzzle} seed ${expected.seed}`);
    assert.equal(wasm.state, expected.state, `${puzzle} seed ${expected.seed}`);
    assert.equal(wasm.random_state, expected.random_state, `${puzzle} seed ${expected.seed}`);
    distinct.add(wasm.state);
  }
  // A mapping that ignored the seed would pass the comparison: the seeds give different states.
  assert.ok(distinct.size >= minDistinct, `${puzzle}: only ${distinct.size} distinct scrambles`);
}

test("every puzzle's default scramble (random state where it has one) is the native one", () => {
  assert.ok(puzzles.length >= 7, `puzzles: ${puzzles}`);
  for (const puzzle of puzzles) {
    const first = FIRST_SEEDS[puzzles.indexOf(puzzle) % FIRST_SEEDS.length];
    compare(puzzle, nativeScrambles(puzzle, first, [], seedsOf(puzzle)), (seed) =>
      callJson(engine, "scramble", puzzle, seed),
    );
  }
});

test("the puzzles with models of their own (listed apart) scramble as natively", () => {
  assert.deepEqual(
    callJson(engine, "listPuzzles").own_models.map((p) => p.id),
    ["clock", "square1"],
  );
  compare("clock", nativeScrambles("clock", 2 ** 53 - SEEDS), (seed) =>
    callJson(engine, "scramble", "clock", seed),
  );
  // The Square-1's random states are solved by its two-phase search: a few seeds show it.
  compare("square1", nativeScrambles("square1", 2 ** 53 - 4, [], 4), (seed) =>
    callJson(engine, "scramble", "square1", seed),
  );
});

test("cube3's random states go through two-phase and still agree (and on another run)", () => {
  // Random states of the 3x3x3 are written as the inverse of a two-phase solution: its search
  // must be deterministic too, not only the draw.
  const native = nativeScrambles("cube3", 424242);
  assert.ok(native.every((answer) => answer.random_state));
  compare("cube3", native, (seed) => callJson(engine, "scramble", "cube3", seed));
  assert.deepEqual(nativeScrambles("cube3", 424242), native);
});

test("random-move scrambles (--moves K / scrambleByMoves) are the native ones", () => {
  for (const puzzle of puzzles) {
    for (const moves of [1, 17, 1000]) {
      const first = 7 + moves;
      // One move has only as many outcomes as the puzzle has moves.
      compare(
        puzzle,
        nativeScrambles(puzzle, first, ["--moves", String(moves)]),
        (seed) => callJson(engine, "scrambleByMoves", puzzle, seed, moves),
        moves === 1 ? 2 : SEEDS - 1,
      );
    }
  }
});

test("the issue's example: pyraminx seed 1 is one scramble natively and in WASM", () => {
  const native = execFileSync(nativeCli, ["scramble", "pyraminx", "--seed", "1"], {
    stdio: "pipe",
  })
    .toString()
    .trim();
  assert.equal(callJson(engine, "scramble", "pyraminx", 1).scramble, native);
});

test("a WCA event's id scrambles its puzzle, natively and in WASM alike", () => {
  const { events } = callJson(engine, "listEvents");
  assert.ok(events.length >= 11, `events: ${events.map((e) => e.id)}`);
  for (const event of events) {
    if (event.error) {
      assert.equal(callJson(engine, "scramble", event.id, 5).error, event.error);
      continue;
    }
    const native = nativeScrambles(event.id, 5, [], 2);
    compare(event.id, native, (seed) => {
      const answer = callJson(engine, "scramble", event.id, seed);
      assert.equal(answer.event, event.id);
      assert.equal(answer.scramble, callJson(engine, "scramble", event.puzzle, seed).scramble);
      return answer;
    });
  }
});
