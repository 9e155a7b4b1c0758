// The Numbered Pyraminx through the WASM module's JS API, checked against the native CLI; its
// numbering problems in the page's plain words.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { before, test } from "node:test";
import { Vector3 } from "three";

import { noSolvedStateInWords, numberingProblemInWords } from "../../web/src/edit/problem-words.js";
import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

const ID = "numbered_pyraminx";
const EXAMPLE_FILE = `${repoDir}assets/numbered_pyraminx/example.txt`;
const EXAMPLE = readFileSync(EXAMPLE_FILE, "utf8");
const nativeCli = `${repoDir}build/polytwist`;
const native = (...args) =>
  JSON.parse(execFileSync(nativeCli, [...args, "--json"], { stdio: "pipe" }));

let engine;
before(async () => {
  engine = await loadEngine();
});

/** Each face's nine digits, as the engine reports what a state shows. */
const faces = (digits) => [0, 9, 18, 27].map((start) => digits.slice(start, start + 9));

test("the example's solved states are the native CLI's, each showing 1-9 on every face", () => {
  const answer = callJson(engine, "numberingSolutions", ID, EXAMPLE, "", 100);
  assert.equal(answer.ok, true, answer.error);
  const cli = native("solutions", ID, EXAMPLE_FILE);
  assert.equal(answer.count, cli.count);
  assert.deepEqual(answer.states, cli.states);
  assert.deepEqual(
    answer.stages.map((stage) => stage.count),
    [19, 9, 12, 4908],
  );
  for (const { state, digits } of answer.states) {
    for (const face of faces(digits)) assert.equal([...face].sort().join(""), "123456789");
    const shown = callJson(engine, "numberingPosition", ID, state, EXAMPLE, "");
    assert.equal(shown.digits, digits);
    assert.equal(shown.solved, true);
  }
});

/**
 * Where each sticker position's sticker lands when `move` is done, from the engine's geometry of
 * the puzzle alone (puzzleGeometry: sticker outlines and each move as a turn of slabs): its centre
 * turned about the move's axis if its slab turns, matched to the nearest sticker centre.
 */
function landings(geometry, move) {
  const { axis, from, to, angle } = geometry.turns.find((turn) => turn.token === move);
  const direction = new Vector3(...geometry.axes[axis].direction).normalize();
  const centres = geometry.stickers.map(({ outline }) =>
    outline
      .reduce((sum, p) => sum.add(new Vector3(...p)), new Vector3())
      .divideScalar(outline.length),
  );
  return centres.map((centre, i) => {
    const slab = geometry.axes[axis].slabs[i];
    const turns = from <= slab && slab <= to;
    const moved = turns ? centre.clone().applyAxisAngle(direction, angle) : centre;
    const distances = centres.map((other) => other.distanceTo(moved));
    const nearest = distances.indexOf(Math.min(...distances));
    assert.ok(distances[nearest] < 1e-4, `${move} takes a sticker off every sticker position`);
    return nearest;
  });
}

test("sources name the home sticker each position shows, moved as the geometry moves it", () => {
  const { geometry } = callJson(engine, "puzzleGeometry", ID);
  const home = callJson(engine, "numberingPosition", ID, "", EXAMPLE, "");
  assert.deepEqual(
    home.sources,
    geometry.stickers.map((_, i) => i),
  );
  for (let seed = 0; seed < 3; seed++) {
    let { state } = callJson(engine, "scramble", ID, seed);
    let shown = callJson(engine, "numberingPosition", ID, state, EXAMPLE, "");
    for (const move of geometry.turns.map((turn) => turn.token)) {
      const after = callJson(engine, "applyMoves", ID, state, move);
      const next = callJson(engine, "numberingPosition", ID, after.state, EXAMPLE, "");
      assert.deepEqual(
        [...next.sources].sort((a, b) => a - b),
        home.sources,
        "not a permutation",
      );
      assert.equal(next.digits, next.sources.map((source) => home.digits[source]).join(""));
      landings(geometry, move).forEach((to, from) => {
        assert.equal(next.sources[to], shown.sources[from], `${move}: position ${from} to ${to}`);
      });
      ({ state } = after);
      shown = next;
    }
  }
});

test("solves reach a solved state, as short as the native solver's", () => {
  const reports = []; // the first solve builds the numbering's tables
  for (let seed = 0; seed < 40; seed++) {
    const { state, scramble } = callJson(engine, "scramble", ID, seed);
    const answer = callJson(engine, "numberingSolve", ID, state, EXAMPLE, "", (report) =>
      reports.push(report),
    );
    assert.equal(answer.ok, true, answer.error);
    const after = callJson(engine, "applyMoves", ID, state, answer.solution);
    const shown = callJson(engine, "numberingPosition", ID, after.state, EXAMPLE, "");
    assert.equal(shown.solved, true, `seed ${seed}: ${answer.solution}`);
    assert.equal(shown.digits, answer.goal.digits);
    if (seed < 4) {
      const cli = native("solve", ID, scramble, "--numbering", EXAMPLE_FILE);
      assert.equal(answer.length, cli.length, scramble);
    }
  }
  // The BFS reports as distanceTable's do: each table's layers from depth 0 up, all reached.
  assert.ok(reports.length > 0);
  for (const report of reports) {
    assert.deepEqual(Object.keys(report).sort(), ["depth", "scanned", "total", "visited"]);
  }
  const finished = reports.filter((report) => report.scanned === report.total);
  assert.equal(finished[0].depth, 0);
  assert.equal(finished.at(-1).visited, finished.at(-1).total);
});

test("bad numberings are refused with the stickers at fault; one with no solved state says so", () => {
  let answer = callJson(engine, "numberingSolutions", ID, EXAMPLE.replace("F: 1", "F: x"), "", 10);
  assert.equal(answer.ok, false);
  assert.match(answer.error, /sticker F0 .* is 'x'/);
  assert.deepEqual(answer.stickers, [0]);
  answer = callJson(engine, "numberingSolutions", ID, "12345", "", 10);
  assert.match(answer.error, /expected 36 symbols .* got 5/);
  answer = callJson(engine, "numberingSolutions", ID, EXAMPLE, "F0 F1 Q7", 10);
  assert.match(answer.error, /group 1: no sticker named 'Q7'/);
  // The U tip shows the U centre's digits turned the other way: the tips and centres clash.
  const lines = EXAMPLE.replace("F: 1", "F: 8")
    .replace("L: 4", "L: 5")
    .replace("R: 9", "R: 3")
    .replace("D: 5 1 7 2 4 9 3 8 6", "D: 4 1 7 2 4 9 9 1 6");
  answer = callJson(engine, "numberingSolutions", ID, lines, "", 10);
  assert.equal(answer.ok, true, answer.error);
  assert.equal(answer.count, 0);
  assert.match(answer.message, /no solved state: the tips \+ centres/);
  const solve = callJson(engine, "numberingSolve", ID, "", lines, "", null);
  assert.equal(solve.ok, false);
  assert.match(solve.error, /no solved state/);
  assert.match(callJson(engine, "solve", ID, "", null).error, /numberingSolve/);
});

test("numbering problems as data, in plain words on the page; no solved state too", () => {
  /** The engine's problem with a numbering and the panel's words for it. */
  const refused = (numbering, groups = "") => {
    const answer = callJson(engine, "numberingSolutions", ID, numbering, groups, 0);
    assert.equal(answer.ok, false);
    return { problem: answer.problem, words: numberingProblemInWords(answer.problem) };
  };
  let { problem, words } = refused(EXAMPLE.replace("L: 4 2", "L: 4 <"));
  assert.deepEqual(problem, {
    kind: "unknown-symbol",
    sticker: "L1",
    face: "L",
    shown: "<",
    symbols: "123456789",
  });
  assert.equal(words, "Sticker L1, on the L face, shows “<”, which is not a digit from 1 to 9.");
  ({ words } = refused(EXAMPLE.replace("L: 4 2", "L: 4 ?")));
  assert.equal(words, "Sticker L1, on the L face, has no digit yet.");
  // F3: 9 -> 5, as the page's test types it: five 5s and three 9s.
  ({ problem, words } = refused(EXAMPLE.replace("F: 1 4 8 9", "F: 1 4 8 5")));
  assert.deepEqual(problem, {
    kind: "symbol-counts",
    counts: [
      { symbol: "5", count: 5 },
      { symbol: "9", count: 3 },
    ],
    expected: 4,
  });
  assert.equal(
    words,
    "Digit 5 is on 5 stickers and digit 9 on 3; each digit belongs on 4 stickers, once on every " +
      "face. The 5s are marked.",
  );
  ({ problem, words } = refused("12345"));
  assert.deepEqual(problem, { kind: "symbol-count", count: 5, expected: 36 });
  assert.equal(words, "There are 5 digits for the puzzle's 36 stickers: give each sticker one.");
  ({ words } = refused(`${EXAMPLE} 1`));
  assert.equal(
    words,
    "There are more digits than the puzzle's 36 stickers: give each sticker one.",
  );
  ({ problem, words } = refused(EXAMPLE, "F0 F1; R2 L0 R2"));
  assert.deepEqual(problem, { kind: "sticker-twice", sticker: "R2", face: "R", group: 2 });
  assert.equal(words, "Group 2 names sticker R2 twice.");
  ({ words } = refused(EXAMPLE, "F0 F1 Q7"));
  assert.match(words, /^Group 1 names “Q7”, which is no sticker/);
  ({ problem, words } = refused(EXAMPLE, "F0 F1 F2 F3 F4 F5 F6 F7 F8 L0"));
  assert.deepEqual(problem, { kind: "group-too-large", group: 1, count: 10, expected: 9 });
  assert.equal(
    words,
    "Group 1 has 10 stickers but there are only 9 digits, so they can never all differ.",
  );

  // Accepted, with no solved state: the first kind of piece (or kinds together) with none.
  const clash = EXAMPLE.replace("F: 1", "F: 8")
    .replace("L: 4", "L: 5")
    .replace("R: 9", "R: 3")
    .replace("D: 5 1 7 2 4 9 3 8 6", "D: 4 1 7 2 4 9 9 1 6");
  const none = callJson(engine, "numberingSolutions", ID, clash, "", 0);
  assert.equal(none.count, 0);
  assert.equal(
    noSolvedStateInWords(none.stages, false),
    "No solved state: however the puzzle is turned, the tips and centres together never show " +
      "each digit once on every face.",
  );
});

test("the designer's completions each have exactly one solved state", () => {
  const partial = EXAMPLE.replace("D: 5 1 7 2", "D: ? ? ? 2");
  const answer = callJson(engine, "numberingDesign", ID, partial, "", null);
  assert.equal(answer.ok, true, answer.error);
  assert.equal(answer.tried, 6);
  for (const numbering of answer.numberings) {
    assert.equal(callJson(engine, "numberingSolutions", ID, numbering, "", 0).count, 1);
  }
  assert.equal(answer.unique_count, answer.numberings.length);
});
