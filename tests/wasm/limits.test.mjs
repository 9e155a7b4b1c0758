// Input limits and memory exhaustion through the WASM module's real JS API (docs/api.md,
// "Limits"): at each limit the call is answered, one over it the answer is {"ok":false} naming the
// limit, and the module keeps working, also after a table larger than its heap can grow to.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { before, test } from "node:test";

import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

const nativeCli = `${repoDir}build/polytwist`;
/** Runs the native CLI: {status, stdout, stderr}. */
const cli = (...args) => spawnSync(nativeCli, args, { encoding: "utf8" });

let engine;
before(async () => {
  engine = await loadEngine();
});

const MiB = 1 << 20;
const ok = (answer) => assert.equal(answer.ok, true, answer.error);
const refused = (answer, message) => {
  assert.equal(answer.ok, false, JSON.stringify(answer).slice(0, 200));
  if (message instanceof RegExp) assert.match(answer.error, message);
  else assert.equal(answer.error, message);
};

test("any string over 1 MiB is refused unread", () => {
  // At the limit it is read, and the notation's smaller limit answers.
  refused(callJson(engine, "applyMoves", "cube2", "", " ".repeat(MiB)), /longer than 1000000/);
  const over = " ".repeat(MiB + 1);
  const message = "input of 1048577 bytes is too long (limit 1048576)";
  refused(callJson(engine, "applyMoves", "cube2", "", over), message);
  refused(callJson(engine, "validate", "cube2", over), message);
  refused(callJson(engine, "moveMotions", "square1", over), message);
  refused(callJson(engine, "numberingSolutions", "numbered_pyraminx", over, "", 1), message);
  refused(callJson(engine, "solveWith", "cube2", over, "{}", null), message);
});

test("notation: 1,000,000 characters, 32 levels, repeats to 999, 100,000 moves expanded", () => {
  ok(callJson(engine, "applyMoves", "cube2", "", "R" + " ".repeat(999999)));
  refused(
    callJson(engine, "applyMoves", "cube2", "", "R" + " ".repeat(1000000)),
    /^input is longer than 1000000 characters/,
  );
  ok(callJson(engine, "applyMoves", "cube2", "", "(".repeat(32) + "R" + ")".repeat(32)));
  refused(
    callJson(engine, "applyMoves", "cube2", "", "(".repeat(33) + "R" + ")".repeat(33)),
    "nesting deeper than 32 levels at column 33",
  );
  ok(callJson(engine, "applyMoves", "cube2", "", "(R U)999"));
  refused(
    callJson(engine, "applyMoves", "cube2", "", "(R U)1000"),
    "repetition count 1000 at column 6 must be between 1 and 999",
  );
  const expanded = callJson(engine, "applyMoves", "cube2", "", "((R U)500)100");
  ok(expanded);
  assert.equal(expanded.turns.split(" ").length, 100000);
  refused(
    callJson(engine, "applyMoves", "cube2", "", "((R U)500)100 R"),
    "sequence expands to more than 100000 moves at column 15",
  );
});

test("colourings and numberings: one character per sticker", () => {
  const { facelets } = callJson(engine, "applyMoves", "cube2", "", "");
  ok(callJson(engine, "validate", "cube2", facelets));
  refused(callJson(engine, "validate", "cube2", facelets + "U"), /expected 24 stickers, got 25/);
  const numbering = "123456789".repeat(4);
  ok(callJson(engine, "numberingSolutions", "numbered_pyraminx", numbering, "", 1e6));
  refused(
    callJson(engine, "numberingSolutions", "numbered_pyraminx", numbering + "1", "", 1),
    /more than 36/,
  );
  refused(
    callJson(engine, "numberingSolutions", "numbered_pyraminx", numbering, "", 1e6 + 1),
    "limit must be from 0 to 1,000,000",
  );
  refused(
    callJson(
      engine,
      "numberingDesign",
      "numbered_pyraminx",
      "?".repeat(13) + "123456789".repeat(4).slice(13),
      "",
      null,
    ),
    /at most 12/,
  );
});

test("scrambles: 1 to 1000 moves, seeds 0 to 2^53-1", () => {
  ok(callJson(engine, "scrambleByMoves", "cube2", 1, 1000));
  refused(
    callJson(engine, "scrambleByMoves", "cube2", 1, 1001),
    "a random-move scramble has 1 to 1000 moves",
  );
  ok(callJson(engine, "scrambleByMoves", "cube2", 2 ** 53 - 1, 5));
  refused(
    callJson(engine, "scrambleByMoves", "cube2", 2 ** 53, 5),
    "seed must be a whole number from 0 to 2^53-1",
  );
});

test("solve options: 4096 characters, max_length 0-60, threads 0-256", () => {
  const head = '{"method":"fast","max_length":60,"threads":256';
  const options = head + " ".repeat(4096 - head.length - 1) + "}";
  ok(callJson(engine, "solveWith", "cube2", "", options, null));
  refused(
    callJson(engine, "solveWith", "cube2", "", " " + options, null),
    "options: longer than 4096 characters",
  );
  refused(
    callJson(engine, "solveWith", "cube2", "", '{"max_length":61}', null),
    'options: "max_length" must be a whole number from 0 to 60',
  );
});

test("image queries: at most 8,192 bytes", () => {
  // At the limit the query is read (its alg is then over alg's own limit of 2,000 characters).
  const query = (length) => "pzl=cube2&alg=" + "R".padEnd(length - 14, " ");
  refused(callJson(engine, "image", query(8192)), /alg/);
  refused(callJson(engine, "image", query(8193)), "the query is 8193 bytes long (at most 8192)");
});

test("a table larger than the heap can still grow by is an error answer; the module keeps working", () => {
  // The heap is filled from JS (the module's own malloc), in blocks of 32 MB and then of 1 MB until
  // it cannot grow any more, and 4 MB are given back: the domino's whole table, 97 MB, is then
  // more than the engine can have. (Sets larger than the 2 GB limit, such as the Kilominx's
  // 3.1 GB `large`, are refused the same way, after minutes of set-up in WASM.)
  const taken = [];
  for (const block of [32 * MiB, MiB]) {
    for (let p = engine._malloc(block); p !== 0; p = engine._malloc(block)) taken.push(p);
  }
  for (let i = 0; i < 4; i++) engine._free(taken.pop());
  try {
    assert.ok(taken.length > 32, `only ${taken.length} blocks taken`);
    const tooLarge = callJson(engine, "distanceTable", "domino", null);
    refused(
      tooLarge,
      /^domino's whole distance table needs 97 MB of memory; the engine can use at most 2048 MB \(the WebAssembly heap limit\), \d+ MB of it already taken$/,
    );
    assert.equal(engine.exportTable("domino", null).error, tooLarge.error);
    refused(
      callJson(engine, "importTable", "domino", "x"),
      /^domino's imported distance table needs 97 MB of memory/,
    );
    // A smaller table is still built, and searched, with the heap this full.
    const table = callJson(engine, "distanceTable", "pyraminx", null);
    ok(table);
    assert.equal(table.gods_number, 15);
    const scramble = callJson(engine, "scramble", "pyraminx", 5);
    const solution = callJson(engine, "solve", "pyraminx", scramble.state, null);
    ok(solution);
    assert.equal(
      callJson(engine, "applyMoves", "pyraminx", scramble.state, solution.solution).solved,
      true,
    );
  } finally {
    for (const p of taken) engine._free(p);
  }
  // With the memory back, the same module builds what it refused before it (the two-phase
  // tables here; the domino's table takes ~40 s, so it is left out).
  ok(callJson(engine, "solveWith", "cube3", "", '{"method":"fast"}', null));
});

test("CLI: a FILE-or-TEXT argument that looks like a path and names no file says so", () => {
  for (const missing of ["/nonexistent", "numbering.txt", "dir/numbering"]) {
    const run = cli("solutions", "numbered_pyraminx", missing);
    assert.equal(run.status, 2);
    assert.match(run.stderr, new RegExp(`no such file: ${missing}`));
    assert.doesNotMatch(run.stderr, /sticker/);
  }
  const groups = cli("solutions", "numbered_pyraminx", "123456789".repeat(4), "--groups", "/nope");
  assert.match(groups.stderr, /no such file: \/nope/);
  // Digits themselves are still the numbering.
  const digits = cli("solutions", "numbered_pyraminx", "123456789".repeat(4));
  assert.equal(digits.status, 0, digits.stderr);
});

test("CLI: files are read up to 1 MiB", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "polytwist-limits-"));
  const atLimit = path.join(dir, "at.txt");
  // At the limit: read, and the numbering's own check answers (too many digits).
  writeFileSync(atLimit, "1".repeat(MiB));
  const read = cli("solutions", "numbered_pyraminx", atLimit);
  assert.equal(read.status, 2);
  assert.match(read.stderr, /more than 36/);
  const over = path.join(dir, "over.txt");
  writeFileSync(over, "1".repeat(MiB + 1));
  const refusedRun = cli("solutions", "numbered_pyraminx", over);
  assert.equal(refusedRun.status, 2);
  assert.match(refusedRun.stderr, new RegExp(`${over} is over the input limit of 1048576 bytes`));
  const scrambles = cli("bench", "cube2", "--scrambles", over);
  assert.match(scrambles.stderr, /--scrambles: .* is over the input limit of 1048576 bytes/);
  const missing = cli("bench", "cube2", "--scrambles", path.join(dir, "none"));
  assert.match(missing.stderr, /--scrambles: no such file/);
  // A directory is no file (it opens as a stream of no bytes, once read as an empty numbering).
  for (const run of [
    cli("solutions", "numbered_pyraminx", dir),
    cli("bench", "cube2", "--scrambles", dir),
  ]) {
    assert.equal(run.status, 2);
    assert.match(run.stderr, new RegExp(`${dir} is a directory, not a file`));
  }
});
