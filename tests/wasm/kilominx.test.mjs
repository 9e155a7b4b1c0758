// The Kilominx through the WASM module's JS API: random-state scrambles and fast solutions by its
// multi-phase solver (reproducible by seed), random-move scrambles of any length, the megaminx and
// seed 001 notations, colouring errors that name stickers, and the table sets the page caches; the
// optimal solve through importTables and searchStart/Step/Stop (the small tables the native CLI
// writes). The optimal solve in the page is tests/browser/optimal.test.mjs.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { before, describe, it, test } from "node:test";

import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

const nativeCli = `${repoDir}build/polytwist`;

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

test("scrambles a random state by its fast solution reversed, the same for the same seed", () => {
  const info = call("puzzleInfo", "kilominx");
  assert.deepEqual(info.methods, ["optimal", "fast"]);
  assert.equal(info.scramble_method, "two-phase");
  const first = call("scramble", "kilominx", 7);
  assert.equal(first.ok, true, first.error);
  assert.equal(first.random_state, true);
  assert.deepEqual(call("scramble", "kilominx", 7), first);
  const turns = first.scramble.split(" ");
  assert.ok(turns.length >= 2 && turns.length <= 40, first.scramble);
  assert.equal(call("applyMoves", "kilominx", "", first.scramble).state, first.state);
  const fast = call("solveWith", "kilominx", first.state, '{"method":"fast"}', null);
  assert.equal(fast.ok, true, fast.error);
  assert.equal(fast.method, "fast");
  assert.ok(fast.length <= 40, fast.solution);
  assert.equal(call("applyMoves", "kilominx", first.state, fast.solution).solved, true);
  // Random moves on request, no face twice in a row.
  const random = call("scrambleByMoves", "kilominx", 7, 30);
  assert.equal(random.random_state, false);
  const moves = random.scramble.split(" ");
  assert.equal(moves.length, 30);
  const face = (turn) => turn.replace(/2?'?$/, "");
  moves.slice(1).forEach((turn, i) => assert.notEqual(face(turn), face(moves[i])));
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

test("names the twisted corner of a turned puzzle", () => {
  // The solved puzzle turned 72° about U: F's colour on L, L's on BL, …, DL's on DBL, ….
  const faces = ["U", "F", "L", "BL", "BR", "R", "DL", "DR", "DBL", "DBR", "DB", "D"];
  const shownAt = { L: "F", BL: "L", BR: "BL", R: "BR", F: "R" };
  Object.assign(shownAt, { DBL: "DL", DB: "DBL", DBR: "DB", DR: "DBR", DL: "DR" });
  const letter = (face) => "WGPYBRCEKMOS"[faces.indexOf(face)];
  const turned = faces.map((face) => letter(shownAt[face] ?? face).repeat(5)).join("");
  assert.equal(call("validate", "kilominx", turned).ok, true);
  // The U-F-L place's stickers (U0 F4 L0: 0, 9, 10) turned in place.
  const chars = [...turned];
  [chars[0], chars[9], chars[10]] = [turned[10], turned[0], turned[9]];
  const twisted = call("validate", "kilominx", chars.join(""));
  assert.equal(twisted.ok, false);
  assert.match(twisted.error, /twisted in place/);
  assert.deepEqual(
    [...twisted.stickers].sort((a, b) => a - b),
    [0, 9, 10],
  );
});

describe("the optimal solve through the kernel's sliced API", () => {
  // The small set as the native CLI writes it for the site (`polytwist tables --export-dir`,
  // from build/test-tables/, which the unit layer fills; built there on two cores otherwise):
  // building it single-threaded in WASM takes over a minute here, and the page's build path is
  // tests/browser/optimal.test.mjs's. Natively written bytes must import into WASM anyway.
  let imported;
  before(() => {
    const dir = mkdtempSync(`${tmpdir()}/polytwist-kilominx-`);
    try {
      execFileSync(nativeCli, ["tables", "kilominx", "--tables", "small", "--export-dir", dir], {
        env: { ...process.env, POLYTWIST_TABLE_DIR: `${repoDir}build/test-tables` },
        stdio: "pipe",
      });
      const [file] = readdirSync(dir);
      const bytes = readFileSync(`${dir}/${file}`);
      imported = call("importTables", "kilominx", "small", new Uint8Array(bytes));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Runs a search by steps of `budget` nodes to its answer. */
  function searchSliced(state, budget = 500_000) {
    const started = call("searchStart", "kilominx", state, '{"tables":"small"}');
    assert.equal(started.ok, true, started.error);
    for (let step = 0; step < 10_000; step++) {
      const answer = call("searchStep", started.handle, budget);
      assert.equal(answer.ok, true, answer.error);
      if (answer.status !== "running") return answer;
    }
    assert.fail("the search did not finish");
  }

  it("imports the small tables the native CLI wrote, whole", () => {
    assert.equal(imported.ok, true, imported.error);
    assert.equal(imported.complete, true);
    assert.equal(imported.tables, "small");
  });

  it("solves a 6-move scramble optimally in slices; the solution solves it", () => {
    for (const seed of [1, 2, 3]) {
      const scramble = call("scrambleByMoves", "kilominx", seed, 6);
      assert.equal(scramble.ok, true, scramble.error);
      const answer = searchSliced(scramble.state);
      assert.equal(answer.status, "solved");
      assert.equal(answer.method, "optimal");
      assert.equal(answer.tables, "small");
      assert.ok(answer.length <= 6, `${answer.solution} for ${scramble.scramble}`);
      assert.equal(answer.solution.split(" ").length, answer.length);
      const after = call("applyMoves", "kilominx", scramble.state, answer.solution);
      assert.equal(after.ok, true, after.error);
      assert.equal(after.solved, true, `${scramble.scramble} + ${answer.solution}`);
    }
  });

  it("finds 2 moves for U R, where no single turn solves it", () => {
    const position = call("applyMoves", "kilominx", "", "U R");
    const turns = call("puzzleInfo", "kilominx").moves;
    for (const turn of turns) {
      assert.equal(call("applyMoves", "kilominx", position.state, turn).solved, false, turn);
    }
    const answer = searchSliced(position.state, 1000);
    assert.equal(answer.length, 2);
    assert.equal(call("applyMoves", "kilominx", position.state, answer.solution).solved, true);
  });

  it("stops a long search; the next one runs on the same tables", () => {
    const far = call("scramble", "kilominx", 11);
    const long = call("searchStart", "kilominx", far.state, '{"tables":"small"}');
    assert.equal(long.ok, true, long.error);
    const step = call("searchStep", long.handle, 100_000);
    assert.equal(step.status, "running");
    // A budget that is not a number is refused; the search goes on with the next step.
    assert.deepEqual(call("searchStep", long.handle, NaN), {
      ok: false,
      error: "node budget is not a number",
    });
    assert.equal(call("searchStep", long.handle, 1000).status, "running");
    assert.deepEqual(call("searchStop", long.handle), { ok: true });
    assert.match(call("searchStep", long.handle, 1000).error, /no search/);
    // No build: preparing the imported set reports no BFS and takes a moment.
    const reports = [];
    const again = call("prepareTables", "kilominx", "small", (report) => reports.push(report));
    assert.equal(again.ok, true, again.error);
    assert.equal(reports.length, 0);
    assert.ok(again.ms < 1000, `${again.ms} ms`);
    const next = call("scrambleByMoves", "kilominx", 4, 5);
    const answer = searchSliced(next.state);
    assert.equal(answer.status, "solved");
    assert.ok(answer.length <= 5);
    assert.equal(call("applyMoves", "kilominx", next.state, answer.solution).solved, true);
  });

  it("closes the searches on tables an import replaces, saying why; bad bytes are refused", () => {
    const far = call("scramble", "kilominx", 12);
    const open = call("searchStart", "kilominx", far.state, '{"tables":"small"}');
    assert.equal(open.ok, true, open.error);
    assert.equal(call("searchStep", open.handle, 50_000).status, "running");
    const exported = engine.exportTables("kilominx", "small"); // an object: its bytes are binary
    assert.equal(exported.ok, true, exported.error);
    // Bytes framed as no set is (the first table longer than all) are refused first: the search
    // goes on.
    const cut = call("importTables", "kilominx", "small", exported.bytes.subarray(0, 100));
    assert.equal(cut.ok, false);
    assert.match(cut.error, /no table set's bytes: .* runs past the 100 bytes announced/);
    assert.equal(call("searchStep", open.handle, 1000).ok, true);
    // Bytes framed right but damaged inside replace the set: the search is closed and says why.
    const damaged = Uint8Array.from(exported.bytes);
    damaged[damaged.length - 1] ^= 1;
    const refusedBytes = call("importTables", "kilominx", "small", damaged);
    assert.equal(refusedBytes.ok, false);
    assert.deepEqual(call("searchStep", open.handle, 1000), {
      ok: false,
      error: `search ${open.handle} was closed: its tables (small) were imported again`,
    });
    assert.match(call("searchStep", open.handle, 1000).error, /no search/);
    // Until whole bytes come back, the set is not prepared.
    const refused = call("searchStart", "kilominx", far.state, '{"tables":"small"}');
    assert.match(refused.error, /not prepared/);
    assert.deepEqual(call("importTables", "kilominx", "small", exported.bytes), {
      ok: true,
      puzzle: "kilominx",
      tables: "small",
      received: exported.bytes.length,
      complete: true,
    });
    // In parts: a part that does not follow the last one ends the import; total 0 drops one.
    const total = exported.bytes.length;
    const half = Math.floor(total / 2);
    assert.equal(
      call("importTablesPart", "kilominx", "small", 0, total, exported.bytes.subarray(0, half))
        .complete,
      false,
    );
    assert.match(
      call(
        "importTablesPart",
        "kilominx",
        "small",
        half + 1,
        total,
        exported.bytes.subarray(half + 1),
      ).error,
      /does not follow the last one/,
    );
    assert.equal(
      call("importTablesPart", "kilominx", "small", 0, 0, new Uint8Array()).dropped,
      true,
    );
    assert.equal(
      call("importTablesPart", "kilominx", "small", 0, total, exported.bytes.subarray(0, half))
        .received,
      half,
    );
    assert.equal(
      call("importTablesPart", "kilominx", "small", half, total, exported.bytes.subarray(half))
        .complete,
      true,
    );
    const next = call("scrambleByMoves", "kilominx", 9, 5);
    const answer = searchSliced(next.state);
    assert.equal(answer.status, "solved");
    assert.equal(call("applyMoves", "kilominx", next.state, answer.solution).solved, true);
  });
});
