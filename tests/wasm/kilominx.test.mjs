// The Kilominx through the WASM module's JS API: random-move scrambles (reproducible by seed, of any
// length), the megaminx and seed 001 notations, colouring errors that name stickers, and the table
// sets the page caches. The optimal solve in the page is tests/browser/optimal.test.mjs.
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { callJson, loadEngine } from "../js/engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

const SOLVED = "WGPYBRCEKMOS".replace(/./g, (letter) => letter.repeat(5));
const call = (method, ...args) => callJson(engine, method, ...args);

test("describes the puzzle: 60 stickers, 48 moves, counted modulo rotation", () => {
  const info = call("puzzleInfo", "kilominx");
  assert.equal(info.ok, true, info.error);
  assert.equal(info.facelet_count, 60);
  assert.equal(info.moves.length, 48);
  assert.equal(info.state_count, "23563902142421896679424000");
  assert.equal(info.solver, "optimal");
  assert.deepEqual(
    info.table_sets.map((set) => set.name),
    ["small", "medium", "large"],
  );
  for (const set of info.table_sets) assert.match(set.key, /^kilominx-/);
  assert.equal(new Set(info.table_sets.map((set) => set.key)).size, 3);
});

test("scrambles by 30 random turns, the same for the same seed, no face twice in a row", () => {
  const first = call("scramble", "kilominx", 7);
  assert.equal(first.ok, true, first.error);
  assert.equal(first.random_state, false);
  assert.deepEqual(call("scramble", "kilominx", 7), first);
  const turns = first.scramble.split(" ");
  assert.equal(turns.length, 30);
  const face = (turn) => turn.replace(/2?'?$/, "");
  turns.slice(1).forEach((turn, i) => assert.notEqual(face(turn), face(turns[i])));
  assert.equal(call("applyMoves", "kilominx", "", first.scramble).state, first.state);
  const short = call("scrambleByMoves", "kilominx", 7, 9);
  assert.equal(short.scramble.split(" ").length, 9);
  for (const bad of [0, -1, 1001, 2.5, NaN, Infinity]) {
    assert.equal(call("scrambleByMoves", "kilominx", 7, bad).ok, false, String(bad));
  }
});

test("reads megaminx face names and seed 001's moving frame", () => {
  const ours = call("applyMoves", "kilominx", "", "DL DR DBL DBR DB");
  const theirs = call("applyMovesIn", "kilominx", "", "FL FR DL DR B", "megaminx");
  assert.equal(theirs.ok, true, theirs.error);
  assert.equal(theirs.state, ours.state);
  const refused = call("applyMovesIn", "kilominx", "", "DBL", "megaminx");
  assert.equal(refused.ok, false);
  assert.match(refused.error, /megaminx notation/);
  // In seed 001's frame, U is followed by a turn of the whole puzzle: the R after it is the face
  // that turn brought to R's place.
  const framed = call("applyMovesIn", "kilominx", "", "U R", "seed001");
  assert.equal(framed.ok, true, framed.error);
  assert.notEqual(framed.state, call("applyMoves", "kilominx", "", "U R").state);
  assert.equal(
    call("applyMovesIn", "kilominx", "", "U", "seed001").state,
    call("applyMoves", "kilominx", "", "U").state,
  );
  assert.match(call("applyMovesIn", "kilominx", "", "U", "nope").error, /no notation 'nope'/);
});

test("names the stickers of impossible colourings", () => {
  assert.equal(call("validate", "kilominx", SOLVED).ok, true);
  const swap = (text, a, b) => {
    const chars = [...text];
    [chars[a], chars[b]] = [chars[b], chars[a]];
    return chars.join("");
  };
  const mirrored = call("validate", "kilominx", swap(SOLVED, 0, 9));
  assert.equal(mirrored.ok, false);
  assert.match(mirrored.error, /U-F-L corner in mirror image/);
  assert.deepEqual(
    [...mirrored.stickers].sort((a, b) => a - b),
    [0, 9, 10],
  );
  const counts = call("validate", "kilominx", `G${SOLVED.slice(1)}`);
  assert.match(counts.error, /4 W, 6 G/);
  const short = call("validate", "kilominx", SOLVED.slice(1));
  assert.equal(short.ok, false);
});
