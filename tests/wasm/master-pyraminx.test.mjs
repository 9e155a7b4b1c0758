// The Master Pyraminx through the WASM module's JS API: the puzzle's description, inner slices and
// cubing.js's notation, colouring errors that name stickers, and the optimal solver with the table
// set the site ships (build/site/tables/, imported as the page's worker does): a random-state
// scramble is the inverse of an optimal solution, and the sliced search fixes the tips first.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { before, test } from "node:test";
import { gunzipSync } from "node:zlib";

import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

const ID = "master_pyraminx";
const SOLVED = "FLRD".replace(/./g, (face) => face.repeat(16));
const call = (method, ...args) => callJson(engine, method, ...args);

/** SOLVED with some stickers recoloured: {index: letter}. */
function recoloured(changes) {
  const chars = [...SOLVED];
  for (const [index, letter] of Object.entries(changes)) chars[index] = letter;
  return chars.join("");
}

test("describes the puzzle: 64 stickers, 24 moves, the count with tips", () => {
  const info = call("puzzleInfo", ID);
  assert.equal(info.ok, true, info.error);
  assert.equal(info.facelet_count, 64);
  assert.equal(info.moves.length, 24);
  assert.equal(info.state_count, "217225462874112000");
  assert.equal(info.solver, "optimal");
  assert.equal(info.scramble_method, "optimal");
  assert.deepEqual(
    info.table_sets.map((set) => set.name),
    ["small", "large"],
  );
});

test("reads inner slices and cubing.js's notation, and refuses our wide turn in it", () => {
  const slice = call("applyMoves", ID, "", "2U 3R'");
  assert.equal(slice.ok, true, slice.error);
  assert.equal(slice.turns, "U u' R Rw'");
  const ours = call("applyMoves", ID, "", "u U' Lw");
  const theirs = call("applyMovesIn", ID, "", "U u' 3l", "cubing");
  assert.equal(theirs.ok, true, theirs.error);
  assert.equal(theirs.state, ours.state);
  const refused = call("applyMovesIn", ID, "", "Uw", "cubing");
  assert.equal(refused.ok, false);
  assert.match(refused.error, /'Uw' at column 1 is no move in cubing notation/);
});

test("names the stickers of impossible colourings", () => {
  assert.equal(call("validate", ID, SOLVED).ok, true);
  const cases = [
    // Wings U-L (F1 L3) and U-R (R1 F3) exchanged: each a real wing, an odd permutation.
    [{ 1: "R", 19: "F", 33: "F", 3: "L" }, /wings form an odd permutation/, [1, 3, 19, 33]],
    // Midge UL (F5 L7) turned over.
    [{ 5: "L", 23: "F" }, /midge has been flipped in place/, [5, 23]],
    // Centres F and L exchanged.
    [{ 6: "L", 22: "F" }, /centres form an odd permutation/, [6, 22]],
    // F1 painted yellow: the wing there would be a second L-B wing.
    [{ 1: "D" }, /L-B wing appears twice: at F1 L3 and at D8 L13/, [1, 19, 29, 56]],
  ];
  for (const [changes, message, stickers] of cases) {
    const answer = call("validate", ID, recoloured(changes));
    assert.equal(answer.ok, false, JSON.stringify(changes));
    assert.match(answer.error, message);
    assert.deepEqual(
      [...answer.stickers].sort((a, b) => a - b),
      stickers,
    );
  }
});

test("solves with the shipped tables: tips first, random-state scrambles are optimal solutions reversed", (t) => {
  const info = call("puzzleInfo", ID);
  const dir = `${repoDir}build/site/tables/${info.table_sets[0].key}`;
  if (!existsSync(`${dir}/manifest.json`)) {
    t.skip(`${dir} is missing: build the site first (npm run build:web)`);
    return;
  }
  // Piece by piece, as the page's worker imports them: each checked against its hash.
  const manifest = JSON.parse(readFileSync(`${dir}/manifest.json`, "utf8"));
  assert.ok(manifest.chunks.length >= 2, "more than one piece");
  let offset = 0;
  let imported;
  for (const chunk of manifest.chunks) {
    const bytes = gunzipSync(readFileSync(`${dir}/${chunk.file}`));
    assert.equal(createHash("sha256").update(bytes).digest("hex"), chunk.sha256);
    imported = call("importTablesPart", ID, "", offset, manifest.length, new Uint8Array(bytes));
    assert.equal(imported.ok, true, imported.error);
    offset += bytes.length;
    assert.equal(imported.received, offset);
    assert.equal(imported.complete, offset === manifest.length);
  }

  const solveSliced = (state) => {
    const start = call("searchStart", ID, state, "{}");
    assert.equal(start.ok, true, start.error);
    let step;
    do step = call("searchStep", start.handle, 1 << 20);
    while (step.status === "running");
    assert.equal(step.ok, true, step.error);
    return step;
  };
  // Three tips twisted and six more moves: the tips' three moves come first.
  const position = call("applyMoves", ID, "", "u l' b U Lw R' Bw L Rw'");
  const solved = solveSliced(position.state);
  assert.equal(solved.length, 9);
  assert.deepEqual(solved.solution.split(" ").slice(0, 3), ["u'", "l", "b'"]);
  assert.equal(call("applyMoves", ID, position.state, solved.solution).solved, true);

  const scramble = call("scramble", ID, 11);
  assert.equal(scramble.ok, true, scramble.error);
  assert.equal(scramble.random_state, true);
  assert.deepEqual(call("scramble", ID, 11), scramble);
  const answer = solveSliced(scramble.state);
  assert.equal(answer.length, scramble.scramble.split(" ").length);
  assert.equal(call("applyMoves", ID, scramble.state, answer.solution).solved, true);
});
