// The 3x3x3's notation and colouring checks through the WASM module's JS API (the module is built
// without exceptions, so derived moves and refused colourings must come back as answers).
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { callJson, loadEngine } from "../js/engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

test("wide turns, slices and rotations resolve into face turns", () => {
  const answer = callJson(engine, "applyMoves", "cube3", "", "(M U)' x U r2'");
  assert.equal(answer.ok, true, answer.error);
  assert.equal(answer.moves, "(M U)' x U r2'");
  // The face turns it resolved to reach the same position (docs/puzzles/cube3.md).
  const same = callJson(engine, "applyMoves", "cube3", "", answer.turns);
  assert.equal(same.state, answer.state);
  assert.equal(same.facelets, answer.facelets);
  // x U is F; a rotation and its inverse moves nothing.
  assert.equal(callJson(engine, "applyMoves", "cube3", "", "x U").turns, "F");
  assert.equal(callJson(engine, "applyMoves", "cube3", "", "x y z z' y' x'").facelets, SOLVED);
  const unknown = callJson(engine, "applyMoves", "cube3", "", "R U Mw");
  assert.equal(unknown.ok, false);
  assert.equal(unknown.column, 5);
});

test("a colouring with swapped centres is refused naming them", () => {
  const text = [...SOLVED];
  [text[4], text[22]] = [text[22], text[4]];
  const answer = callJson(engine, "validate", "cube3", text.join(""));
  assert.equal(answer.ok, false);
  assert.deepEqual(answer.stickers, [4, 22]);
  assert.match(answer.error, /centres U4 F4 show F U/);
  const superflip = callJson(
    engine,
    "applyMoves",
    "cube3",
    "",
    "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2",
  );
  const read = callJson(engine, "validate", "cube3", superflip.facelets);
  assert.equal(read.ok, true, read.error);
  assert.equal(read.state, superflip.state);
});
