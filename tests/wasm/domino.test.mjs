// The Domino cube through the WASM module's JS API, checked against the native CLI built beside it.
// (The whole 406,425,600-position table is compared in the browser: tests/browser/domino.test.mjs.)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { before, test } from "node:test";

import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

const nativeCli = `${repoDir}build/polytwist`;
const SOLVED = "UUUUUUUUUDDDDDDDDDFFFFFFRRRRRRBBBBBBLLLLLL";

test("puzzleInfo describes the domino", () => {
  const info = callJson(engine, "puzzleInfo", "domino");
  assert.equal(info.ok, true, info.error);
  assert.equal(info.facelet_count, 42);
  assert.equal(info.state_count, "406425600");
  assert.deepEqual(info.moves, ["U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2"]);
  assert.equal(info.has_distance_table, true);
});

test("scramble → solve → apply gives solved for 300 seeds", () => {
  for (let seed = 0; seed < 300; seed++) {
    const scramble = callJson(engine, "scramble", "domino", seed);
    assert.equal(scramble.ok, true, scramble.error);
    // The scramble reaches the same position from solved.
    const replay = callJson(engine, "applyMoves", "domino", "", scramble.scramble);
    assert.equal(replay.state, scramble.state);
    const solution = callJson(engine, "solve", "domino", scramble.state, null);
    assert.equal(solution.ok, true, solution.error);
    assert.ok(solution.length >= 8 && solution.length <= 18, `seed ${seed}: ${solution.length}`);
    const after = callJson(engine, "applyMoves", "domino", scramble.state, solution.solution);
    assert.equal(after.solved, true, `seed ${seed}: ${solution.solution} does not solve`);
    // Every face shows one colour, though perhaps another face's (the domino may end turned).
    let start = 0;
    for (const size of [9, 9, 6, 6, 6, 6]) {
      const face = after.facelets.slice(start, (start += size));
      assert.equal(new Set(face).size, 1, after.facelets);
    }
  }
});

test("WASM and native solve the same positions in the same number of moves", () => {
  for (const moves of ["U R2 F2 D L2 B2 U' R2 D2 F2", "(U R2 D' F2)3 B2", "R2 L2 F2 B2 U2 D"]) {
    const wasm = callJson(
      engine,
      "solve",
      "domino",
      callJson(engine, "applyMoves", "domino", "", moves).state,
      null,
    );
    const native = JSON.parse(
      execFileSync(nativeCli, ["solve", "domino", moves, "--json"], { stdio: "pipe" }),
    );
    assert.equal(wasm.ok, true, wasm.error);
    assert.equal(wasm.length, native.length, moves);
  }
});

test("a turn of the whole domino is solved, with its own colours", () => {
  const turned = callJson(engine, "applyMoves", "domino", "", "U D'");
  assert.equal(turned.solved, true);
  assert.notEqual(turned.facelets, SOLVED);
  const solution = callJson(engine, "solve", "domino", turned.state, null);
  assert.equal(solution.length, 0);
});

test("quarter turns of side faces are refused with the reason and the column", () => {
  for (const [moves, column] of [
    ["R", 1],
    ["U F'", 3],
    ["U2 (B L2)", 5],
  ]) {
    const answer = callJson(engine, "applyMoves", "domino", "", moves);
    assert.equal(answer.ok, false, moves);
    assert.match(answer.error, /only turn 180 degrees/);
    assert.equal(answer.column, column, moves);
  }
  const halfInverse = callJson(engine, "applyMoves", "domino", "", "R2'");
  assert.match(halfInverse.error, /same both ways; write R2/);
});

test("bad colourings answer with the stickers at fault", () => {
  const recolour = (changes) => {
    const letters = SOLVED.split("");
    for (const [index, letter] of changes) letters[index] = letter;
    return letters.join("");
  };
  // U7 and F1: the UF edge flipped.
  let answer = callJson(
    engine,
    "validate",
    "domino",
    recolour([
      [7, "F"],
      [19, "U"],
    ]),
  );
  assert.equal(answer.ok, false);
  assert.match(answer.error, /UF edge flipped/);
  assert.deepEqual(answer.stickers, [7, 19]);
  // U8 R0 F2 turned: the UFR corner twisted.
  answer = callJson(
    engine,
    "validate",
    "domino",
    recolour([
      [8, "F"],
      [24, "U"],
      [20, "R"],
    ]),
  );
  assert.match(answer.error, /UFR corner twisted/);
  assert.deepEqual(answer.stickers, [8, 24, 20]);
  // One U sticker too many.
  answer = callJson(engine, "validate", "domino", recolour([[22, "U"]]));
  assert.match(answer.error, /wrong colour counts: 10 U, 5 F/);
  // An edge with U and D colours.
  answer = callJson(
    engine,
    "validate",
    "domino",
    recolour([
      [19, "D"],
      [10, "F"],
    ]),
  );
  assert.match(answer.error, /no edge has these colours/);
  // Two edges exchanged is a real position: no parity rule.
  answer = callJson(
    engine,
    "validate",
    "domino",
    recolour([
      [19, "R"],
      [25, "F"],
    ]),
  );
  assert.equal(answer.ok, true, answer.error);
});
