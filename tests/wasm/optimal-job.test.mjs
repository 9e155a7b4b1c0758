// The engine worker's optimal-solve job (web/src/worker/optimal-job.js) over a scripted engine
// with the kernel's API (prepareTables, export/importTables, searchStart/Step/Stop): tables built
// once and kept, imported on the next visit, a search in slices that yields between them, a
// cancel that stops it at the next slice and keeps the tables; and the page's client cancelling
// a searching call by message instead of terminating the worker.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { EngineClient } from "../../web/src/engine/client.js";
import { createOptimalJobs, nextBudget } from "../../web/src/worker/optimal-job.js";

/**
 * An engine whose search of a state needs `state.length * 100_000` nodes and finds the solution
 * "R U" (whatever the state); prepareTables reports three BFS layers.
 */
function scriptedEngine() {
  const log = [];
  const searches = new Map();
  let nextHandle = 1;
  let tables = null;
  const json = (value) => JSON.stringify(value);
  return {
    log,
    searches,
    puzzleInfo: (id) =>
      json({ ok: true, id, name: "Test cube", solver: "optimal", table_key: `${id}-v1` }),
    prepareTables(id, set, onProgress) {
      log.push("build");
      for (let depth = 0; depth < 3; depth++)
        onProgress(json({ depth, visited: depth * 10, total: 30, scanned: 0 }));
      tables = "built";
      return json({ ok: true, tables: set || "small" });
    },
    exportTables: () => ({ ok: true, bytes: new Uint8Array([1, 2, 3]) }),
    importTables(id, set, bytes) {
      log.push(`import ${bytes.length}`);
      tables = "imported";
      return json({ ok: true });
    },
    searchStart(id, state) {
      if (!tables) return json({ ok: false, error: "tables not prepared" });
      const handle = nextHandle++;
      searches.set(handle, { need: state.length * 100_000, nodes: 0, stopped: false });
      return json({ ok: true, handle });
    },
    searchStep(handle, budget) {
      const search = searches.get(handle);
      log.push(`step ${handle}`);
      search.nodes = Math.min(search.need, search.nodes + budget);
      if (search.nodes < search.need) {
        return json({ ok: true, status: "running", depth: 5, nodes: search.nodes });
      }
      return json({ ok: true, solution: "R U", length: 2, nodes: search.nodes, ms: 1 });
    },
    searchStop(handle) {
      searches.get(handle).stopped = true;
      return json({ ok: true });
    },
  };
}

function memoryStore() {
  const entries = new Map();
  return {
    entries,
    load: async (key) => entries.get(key) ?? null,
    async store(puzzle, key, bytes) {
      entries.set(key, bytes);
      return { ok: true };
    },
  };
}

/** The worker yields through a MessageChannel; in Node, setImmediate does the same. */
const nodeYield = () => new Promise((resolve) => setImmediate(resolve));

/** A clock that moves 10 ms per reading: each slice "takes" 10 ms. */
function steppingClock() {
  let t = 0;
  return () => (t += 10);
}

describe("optimal solve job", () => {
  it("builds the tables once, keeps them, and a later worker imports them", async () => {
    const engine = scriptedEngine();
    const store = memoryStore();
    const jobs = createOptimalJobs({ engine, tableStore: store, yieldToEvents: nodeYield });
    const reports = [];
    const answer = await jobs.solve(1, "cube", "xyz", {}, (p) => reports.push(p));
    assert.equal(answer.solution, "R U");
    assert.equal(answer.table_source, "built");
    assert.deepEqual(
      reports.filter((r) => r.stage === "tables").map((r) => r.depth),
      [0, 1, 2],
    );
    assert.ok(reports.some((r) => r.stage === "search" && r.nodes > 0 && r.nodes_per_second >= 0));
    assert.equal(store.entries.size, 1);
    assert.equal(await jobs.tableSource("cube"), "built");

    const again = await jobs.solve(2, "cube", "x", {}, () => {});
    assert.equal(again.table_source, "memory");
    assert.equal(engine.log.filter((e) => e === "build").length, 1);

    const fresh = scriptedEngine();
    const later = createOptimalJobs({
      engine: fresh,
      tableStore: store,
      yieldToEvents: nodeYield,
    });
    const stages = [];
    const cached = await later.solve(3, "cube", "xy", {}, (p) => stages.push(p));
    assert.equal(cached.table_source, "cache");
    assert.deepEqual(fresh.log.slice(0, 1), ["import 3"]);
    assert.ok(!fresh.log.includes("build"));
    assert.deepEqual(stages[0], { stage: "tables", source: "cache" });
  });

  it("downloads the site's copy before building, keeps it, and builds when the site has none", async () => {
    const engine = scriptedEngine();
    const store = memoryStore();
    const asked = [];
    const download = async (key, onProgress) => {
      asked.push(key);
      onProgress(2, 4);
      onProgress(4, 4);
      return new Uint8Array([7, 7, 7, 7]);
    };
    const jobs = createOptimalJobs({
      engine,
      tableStore: store,
      download,
      yieldToEvents: nodeYield,
    });
    const reports = [];
    const answer = await jobs.solve(1, "cube", "xy", {}, (p) => reports.push(p));
    assert.equal(answer.table_source, "download");
    assert.deepEqual(asked, ["cube-v1-tables-default"]);
    assert.deepEqual(engine.log.slice(0, 1), ["import 4"]);
    assert.ok(!engine.log.includes("build"));
    assert.deepEqual(
      reports.filter((r) => r.source === "download").map((r) => [r.loaded, r.total]),
      [
        [2, 4],
        [4, 4],
      ],
    );
    assert.deepEqual([...store.entries.values()], [new Uint8Array([7, 7, 7, 7])]);
    // The default set prepared for a scramble is the same preparation: no second download.
    assert.equal((await jobs.prepareDefault("cube", () => {})).ok, true);
    assert.equal(asked.length, 1);

    const none = scriptedEngine();
    const building = createOptimalJobs({
      engine: none,
      tableStore: memoryStore(),
      download: async () => null,
      yieldToEvents: nodeYield,
    });
    assert.equal((await building.solve(2, "cube", "x", {}, () => {})).table_source, "built");
    assert.ok(none.log.includes("build"));
  });

  it("searches in slices, other work runs between them, and cancel stops it keeping the tables", async () => {
    const engine = scriptedEngine();
    const yieldToEvents = nodeYield;
    const jobs = createOptimalJobs({
      engine,
      tableStore: memoryStore(),
      yieldToEvents,
      now: steppingClock(),
    });
    let slices = 0;
    const long = jobs.solve(1, "cube", "x".repeat(10_000), {}, (p) => {
      if (p.stage === "search") slices++;
    });
    // Another caller's work gets its turn while the long search runs.
    let interleaved = 0;
    while (slices < 5) {
      await yieldToEvents();
      interleaved++;
    }
    assert.ok(interleaved >= 5);
    jobs.cancel(1);
    assert.deepEqual(await long, { ok: false, cancelled: true });
    assert.equal(engine.searches.get(1).stopped, true);
    // The next solve starts at once: no second build.
    const next = await jobs.solve(2, "cube", "x", {}, () => {});
    assert.equal(next.solution, "R U");
    assert.equal(engine.log.filter((e) => e === "build").length, 1);
  });

  it("adapts the node budget to a slice of about 60 ms", () => {
    assert.equal(nextBudget(1_000_000, 1_000_000, 30), 2_000_000);
    assert.equal(nextBudget(1_000_000, 1_000_000, 120), 500_000);
    assert.equal(nextBudget(1_000, 1_000, 0.001), 4_000); // at most four times the last
    assert.equal(nextBudget(5_000, 0, 0), 10_000);
  });

  it("answers a memory failure of the build with the engine's message and what to do", async () => {
    const engine = scriptedEngine();
    engine.prepareTables = () =>
      JSON.stringify({ ok: false, error: "not enough memory for the table (35 MB)" });
    const jobs = createOptimalJobs({
      engine,
      tableStore: memoryStore(),
      yieldToEvents: nodeYield,
    });
    const answer = await jobs.solve(1, "cube", "x", {}, () => {});
    assert.equal(answer.ok, false);
    assert.match(answer.error, /^not enough memory for the table \(35 MB\)\. .*memory/);
  });
});

describe("EngineClient cancelling solveOptimal", () => {
  function fakeWorkers() {
    const workers = [];
    class FakeWorker {
      sent = [];
      terminated = false;
      constructor() {
        workers.push(this);
      }
      postMessage(message) {
        this.sent.push(message);
      }
      terminate() {
        this.terminated = true;
      }
    }
    return { workers, createWorker: () => new FakeWorker() };
  }

  it("stops a searching call by message: the worker (and its tables) stays", async () => {
    const { workers, createWorker } = fakeWorkers();
    const client = new EngineClient({ createWorker });
    const [a, b] = [client.session(), client.session()];
    const solving = a.solveOptimal("cube3", "s", {}, () => {});
    const other = b.version();
    const { id } = workers[0].sent[0];
    workers[0].onmessage({ data: { id, progress: { stage: "search", depth: 9, nodes: 1 } } });
    a.cancel();
    await assert.rejects(solving, { name: "CancelledError" });
    assert.equal(workers.length, 1);
    assert.equal(workers[0].terminated, false);
    assert.deepEqual(workers[0].sent.at(-1), { cancel: id });
    // The worker's late "cancelled" answer is ignored; the other session's call is answered.
    workers[0].onmessage({ data: { id, result: { ok: false, cancelled: true } } });
    workers[0].onmessage({ data: { id: workers[0].sent[1].id, result: { ok: true } } });
    assert.deepEqual(await other, { ok: true });
  });

  it("terminates the worker while the tables are being built", async () => {
    const { workers, createWorker } = fakeWorkers();
    const client = new EngineClient({ createWorker });
    const a = client.session();
    const solving = a.solveOptimal("cube3", "s", {}, () => {});
    const { id } = workers[0].sent[0];
    workers[0].onmessage({ data: { id, progress: { stage: "tables", depth: 3 } } });
    a.cancel();
    await assert.rejects(solving, { name: "CancelledError" });
    assert.equal(workers[0].terminated, true);
    assert.equal(workers.length, 2);
  });
});
