// The 3x3x3's fast (two-phase) solver and random-state scrambles through the WASM module's JS API.
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { callJson, loadEngine } from "../js/engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

test("scramble → solveWith fast → applyMoves ends solved", () => {
  for (let seed = 0; seed < 30; seed++) {
    const scramble = callJson(engine, "scramble", "cube3", seed);
    assert.equal(scramble.ok, true, scramble.error);
    assert.equal(scramble.solved, false);
    const replay = callJson(engine, "applyMoves", "cube3", "", scramble.scramble);
    assert.equal(replay.state, scramble.state, `seed ${seed}: the scramble reaches its state`);
    const answer = callJson(
      engine,
      "solveWith",
      "cube3",
      scramble.state,
      '{"method":"fast"}',
      null,
    );
    assert.equal(answer.ok, true, answer.error);
    assert.equal(answer.method, "fast");
    assert.equal(answer.optimal, false);
    assert.ok(answer.length <= 21, `seed ${seed}: ${answer.length} moves`);
    const after = callJson(engine, "applyMoves", "cube3", scramble.state, answer.solution);
    assert.equal(after.solved, true, `seed ${seed}: ${answer.solution} does not solve`);
  }
});

test("the same seed gives the same scramble", () => {
  assert.equal(
    callJson(engine, "scramble", "cube3", 12345).scramble,
    callJson(engine, "scramble", "cube3", 12345).scramble,
  );
});

test("a tighter target is kept, or refused with a message", () => {
  const { state } = callJson(engine, "applyMoves", "cube3", "", "R U F' L2 D");
  const short = callJson(
    engine,
    "solveWith",
    "cube3",
    state,
    '{"method":"fast","max_length":5}',
    null,
  );
  assert.equal(short.ok, true, short.error);
  assert.ok(short.length <= 5);
  const none = callJson(
    engine,
    "solveWith",
    "cube3",
    state,
    '{"method":"fast","max_length":3}',
    null,
  );
  assert.equal(none.ok, false);
  assert.match(none.error, /no solution within 3 moves/);
});

test("bad options JSON gives a clear error", () => {
  const cases = [
    ["{method:fast}", /expected a key in double quotes/],
    ['{"method":"quick"}', /"method" must be "optimal" or "fast"/],
    ['{"speed":1}', /unknown key "speed"/],
    ['{"method":"fast",}', /expected a key/],
    ['{"max_length":99}', /"max_length" must be a whole number from 0 to 60/],
    ["[1]", /expected a JSON object/],
  ];
  for (const [options, message] of cases) {
    const answer = callJson(engine, "solveWith", "cube3", "", options, null);
    assert.equal(answer.ok, false, options);
    assert.match(answer.error, message, options);
  }
});

test("the 3x3x3's sliced optimal search asks for its tables first; other puzzles answer optimal for fast", () => {
  // Building the small set takes a minute or more in WASM: the browser test covers it.
  const search = callJson(engine, "searchStart", "cube3", "", '{"tables":"small"}');
  assert.equal(search.ok, false);
  assert.match(search.error, /small tables are not prepared \(prepareTables\)/);
  const badOptions = callJson(engine, "searchStart", "cube3", "", '{"tables":7}');
  assert.match(badOptions.error, /"tables" must be the name of a table set/);
  const { state } = callJson(engine, "applyMoves", "cube2", "", "R U F");
  const cube2 = callJson(engine, "solveWith", "cube2", state, '{"method":"fast"}', null);
  assert.equal(cube2.ok, true, cube2.error);
  assert.equal(cube2.method, "optimal");
  assert.equal(cube2.optimal, true);
  assert.equal(cube2.length, 3);
});
