// The Pyraminx through the WASM module's JS API, checked against the native CLI built beside it.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { before, test } from "node:test";

import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

const nativeCli = `${repoDir}build/polytwist`;

test("scramble → solve → apply gives solved for 1,000 seeds", () => {
  for (let seed = 0; seed < 1000; seed++) {
    const scramble = callJson(engine, "scramble", "pyraminx", seed);
    assert.equal(scramble.ok, true, scramble.error);
    const solution = callJson(engine, "solve", "pyraminx", scramble.state, null);
    assert.equal(solution.ok, true, solution.error);
    assert.ok(solution.length <= 15, `seed ${seed}: ${solution.length} moves`);
    const after = callJson(engine, "applyMoves", "pyraminx", scramble.state, solution.solution);
    assert.equal(after.solved, true, `seed ${seed}: ${solution.solution} does not solve`);
    // The scramble reaches the same position from solved.
    const replay = callJson(engine, "applyMoves", "pyraminx", "", scramble.scramble);
    assert.equal(replay.state, scramble.state);
  }
});

test("the distance table built in WASM equals the native one", () => {
  const wasm = callJson(engine, "distanceTable", "pyraminx", null);
  assert.equal(wasm.ok, true, wasm.error);
  const nativeTips = JSON.parse(
    execFileSync(nativeCli, ["godsnumber", "pyraminx", "--tips", "--json"], { stdio: "pipe" }),
  );
  const nativeCore = JSON.parse(
    execFileSync(nativeCli, ["godsnumber", "pyraminx", "--json"], { stdio: "pipe" }),
  );
  assert.deepEqual(wasm.counts, nativeTips.counts);
  assert.equal(wasm.gods_number, 15);
  // The tip turns are the lower-case moves (PRODUCT.md's notation).
  const { moves } = callJson(engine, "puzzleInfo", "pyraminx");
  assert.deepEqual(wasm.without, {
    pieces: "tips",
    moves: moves.filter((move) => /^[ulrb]'?$/.test(move)),
    counts: nativeCore.counts,
    gods_number: nativeCore.gods_number,
  });
  // OEIS A079744, an independent published reference.
  assert.deepEqual(
    wasm.without.counts,
    [1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32],
  );
});

test("WASM and native solve the same positions in the same number of moves", () => {
  for (const moves of ["U L R B", "u l' r b' U' L R' B", "(U R' L B')3 r", "B' L' R' U'"]) {
    const wasm = callJson(
      engine,
      "solve",
      "pyraminx",
      callJson(engine, "applyMoves", "pyraminx", "", moves).state,
      null,
    );
    const native = JSON.parse(
      execFileSync(nativeCli, ["solve", "pyraminx", moves, "--json"], { stdio: "pipe" }),
    );
    assert.equal(wasm.length, native.length, moves);
  }
});

test("bad colourings answer with the stickers at fault", () => {
  const solved = "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD";
  const flipped = solved.split("");
  [flipped[1], flipped[12]] = [flipped[12], flipped[1]];
  const answer = callJson(engine, "validate", "pyraminx", flipped.join(""));
  assert.equal(answer.ok, false);
  assert.match(answer.error, /flipped/);
  assert.deepEqual(answer.stickers, [1, 12]);
  // A count is read by the corner's order (3): U2 is U', written back so.
  const twice = callJson(engine, "applyMoves", "pyraminx", "", "U2");
  assert.equal(twice.moves, "U'");
  assert.equal(twice.state, callJson(engine, "applyMoves", "pyraminx", "", "U'").state);
  const face = callJson(engine, "applyMoves", "pyraminx", "", "U F");
  assert.equal(face.ok, false);
  assert.match(face.error, /unknown move 'F' at column 3/);
});
