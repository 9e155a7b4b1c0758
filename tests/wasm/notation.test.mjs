// Commutators, conjugates and powers written with a count (engine/core/notation.hpp,
// core/sequence.hpp) through the WASM module's JS API: applyMoves, pictures and share links all
// read them as the expanded moves, and say where a bad bracket is.
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { decodeShareLink, encodeShareLink } from "../../web/src/share/link.js";
import { callJson, loadEngine } from "../js/engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

const apply = (puzzle, moves) => callJson(engine, "applyMoves", puzzle, "", moves);
const image = (params) => callJson(engine, "image", new URLSearchParams(params).toString());

test("commutators and conjugates reach the position of their expanded moves", () => {
  for (const [puzzle, written, expanded, normalised] of [
    ["cube3", "[R U R', D]", "R U R' D R U' R' D'", "[R U R', D]"],
    ["cube3", "[F: [R,U]]2'", "F U R U' R' F' F U R U' R' F'", "[F: [R, U]]2'"],
    ["cube3", "[M', U2] R3", "M' U2 M U2 R'", "[M', U2] R'"],
    ["pyraminx", "[R: [U, L]]  B3 U2", "R U L U' L' R' U'", "[R: [U, L]] U'"],
    ["kilominx", "[R3, F]'", "F R2' F' R2", "[R2', F]'"],
  ]) {
    const answer = apply(puzzle, written);
    assert.equal(answer.ok, true, `${puzzle} ${written}: ${answer.error}`);
    const plain = apply(puzzle, expanded);
    assert.equal(plain.ok, true, plain.error);
    assert.equal(answer.state, plain.state, `${puzzle} ${written}`);
    assert.equal(answer.facelets, plain.facelets);
    assert.equal(answer.moves, normalised);
    // The pieces are the written text, and every turn points at a written move.
    assert.equal(answer.written.map(({ text }) => text).join(""), normalised);
    assert.equal(answer.turn_written.length, answer.turns.split(" ").length);
    for (const piece of answer.turn_written) assert.equal(answer.written[piece].move, true);
  }
});

test("the turns say which written move they come from", () => {
  const answer = apply("cube3", "[R U R', D]");
  const written = answer.turn_written.map((piece) => answer.written[piece].text);
  // A B A' B': R' undone is R, shown on the written R'.
  assert.deepEqual(written, ["R", "U", "R'", "D", "R'", "U", "R", "D"]);
  assert.equal(answer.turns, "R U R' D R U' R' D'");
});

test("the turns say which play their written move undone, and so otherwise than written", () => {
  for (const [puzzle, moves, inverted] of [
    // A B A' B': A' plays the written R U R' undone (R U' R'), B' the written D as D'.
    ["cube3", "[R U R', D]", [false, false, false, false, true, true, true, true]],
    // A half turn undone is itself; a group's ' undoes all it holds.
    ["cube3", "[R2, U]", [false, false, false, true]],
    ["cube3", "(R U)' F", [true, true, false]],
    // A slice (two face turns) undone: both turns marked; M2 undone is M2 again.
    ["cube3", "[M, U]", [false, false, false, true, true, true]],
    ["cube3", "[M2, U]", [false, false, false, false, false, true]],
    ["pyraminx", "[R: U]", [false, false, true]],
  ]) {
    const answer = apply(puzzle, moves);
    assert.equal(answer.ok, true, answer.error);
    assert.equal(answer.turn_inverted.length, answer.turns.split(" ").length, moves);
    assert.deepEqual(answer.turn_inverted, inverted, `${puzzle} ${moves}: ${answer.turns}`);
  }
});

test("a bad bracket or separator is refused with its column", () => {
  for (const [moves, column, message] of [
    ["R U, F", 4, "',' outside a commutator at column 4"],
    ["[R U]", 5, "commutator needs two parts"],
    ["R [U: F", 3, "unclosed '[' opened at column 3"],
    ["[R, U, F]", 6, "a second ','"],
    ["(R: U)", 3, "':' outside a conjugate at column 3"],
  ]) {
    const answer = apply("cube3", moves);
    assert.equal(answer.ok, false, moves);
    assert.equal(answer.column, column, moves);
    assert.ok(answer.error.includes(message), `${moves}: ${answer.error}`);
    // A picture says the same, for its parameter.
    const picture = image({ pzl: "cube3", alg: moves });
    assert.equal(picture.ok, false);
    assert.equal(picture.column, column);
    assert.ok(picture.error.startsWith("alg: "), picture.error);
  }
});

test("pictures and share links take commutators as written", () => {
  const [written, expanded] = ["[R U R', D] [x: U]", "R U R' D R U' R' D' F"];
  // The same stickers; the title says the alg as it was asked for.
  const drawn = (alg) => image({ pzl: "cube3", alg }).svg.replace(/<title>.*<\/title>/, "");
  assert.equal(image({ pzl: "cube3", alg: written }).ok, true);
  assert.equal(drawn(written), drawn(expanded));
  assert.notEqual(drawn(written), drawn("R U R' D"));
  const base = "https://example.org/";
  const link = encodeShareLink(base, { puzzle: "cube3", solution: written, step: 3 });
  assert.equal(link.ok, true, link.error);
  const read = decodeShareLink(link.url);
  assert.equal(read.solution, written);
  assert.equal(read.step, 3);
  assert.equal(apply("cube3", read.solution).state, apply("cube3", expanded).state);
});
