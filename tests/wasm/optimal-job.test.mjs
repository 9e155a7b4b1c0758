// The engine worker's optimal-solve job (web/src/worker/optimal-job.js) over a scripted engine
// with the kernel's API (prepareTables, exportTables, importTablesPart, searchStart/Step/Stop):
// tables built once and kept, imported on the next visit, the site's pieces downloaded over
// HTTP (web/src/worker/table-download.js), checked, kept and resumed after a cut, the set chosen
// by the device's memory, a search in slices that yields between them, a
// cancel that stops it at the next slice and keeps the tables; and the page's client cancelling
// a searching call by message instead of terminating the worker.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { EngineClient } from "../../web/src/engine/client.js";
import {
  createOptimalJobs,
  nextBudget,
  searchEstimate,
  tableMemoryBudget,
} from "../../web/src/worker/optimal-job.js";
import {
  createInflatePool,
  createSiteTables,
  inflatePiece,
  sha256Hex,
} from "../../web/src/worker/table-download.js";
import { writeTablePieces } from "../../web/table-pieces.js";
import { serveStatic } from "../js/static-server.mjs";

/**
 * An engine whose search of a state needs `state.length * 100_000` nodes and finds the solution
 * "R U" (whatever the state); prepareTables reports three BFS layers.
 */
function scriptedEngine() {
  const log = [];
  const searches = new Map();
  let nextHandle = 1;
  let tables = null;
  let incoming = [];
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
    // The kernel's import in parts: in order, the last one prepares the tables; total 0 drops.
    importTablesPart(id, set, offset, total, bytes) {
      if (total === 0) return json({ ok: true, dropped: true });
      if (offset === 0) incoming = [];
      incoming.push(...bytes);
      if (incoming.length < total) return json({ ok: true, received: incoming.length });
      log.push(`import ${incoming.join(",")}`);
      tables = "imported";
      return json({ ok: true, received: total, complete: true });
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

/** The page's table store (worker/table-cache.js) in memory: piece records, then a manifest. */
function memoryStore() {
  const entries = new Map();
  return {
    entries,
    kept: async (key) => entries.get(key) ?? null,
    read: async (key, i) => entries.get(`${key}#${i}`) ?? null,
    async pieces(key) {
      const found = new Set();
      for (const name of entries.keys())
        if (name.startsWith(`${key}#`)) found.add(Number(name.split("#")[1]));
      return found;
    },
    async keep(key, i, record) {
      entries.set(`${key}#${i}`, { ...record, bytes: record.bytes.slice() });
      return { ok: true };
    },
    async complete(key, length, chunks) {
      entries.set(key, { length, chunks });
      return { ok: true };
    },
    async drop(key) {
      for (const name of [...entries.keys()])
        if (name === key || name.startsWith(`${key}#`)) entries.delete(name);
    },
  };
}

/** Resolves once `condition()` resolves truthy (background work), or fails after 5 s. */
async function eventually(condition, what) {
  const until = Date.now() + 5000;
  while (!(await condition())) {
    assert.ok(Date.now() < until, `not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
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
    // One piece and, written last, the manifest that says the set is whole.
    assert.deepEqual(
      [...store.entries.keys()],
      ["cube-v1-tables-default#0", "cube-v1-tables-default"],
    );
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
    assert.deepEqual(fresh.log.slice(0, 1), ["import 1,2,3"]);
    assert.ok(!fresh.log.includes("build"));
    assert.deepEqual(stages[0], { stage: "tables", source: "cache" });
  });

  it("downloads the site's pieces, checked, kept as they come; resumes after a cut; builds when the site has none", async (t) => {
    // The site as the build writes it (web/table-pieces.js), served over HTTP: 23 bytes in
    // pieces of 5.
    const set = Uint8Array.from({ length: 23 }, (_, i) => i + 1);
    const key = "cube-v1-tables-default";
    const root = await mkdtemp(path.join(tmpdir(), "polytwist-tables-"));
    t.after(() => rm(root, { recursive: true, force: true }));
    await writeTablePieces(key, set, path.join(root, key), 5);
    const shipped = [{ key, length: 23 }];
    const server = await serveStatic(root);
    t.after(() => server.close());
    // A connection that drops at piece 4 until `cut` is cleared (twice: the job tries again once).
    let cut = true;
    const fetched = [];
    const site = createSiteTables(server.url, {
      shipped,
      fetch: async (url) => {
        fetched.push(String(url).slice(server.url.length));
        if (cut && String(url).endsWith("/3.gz")) throw new TypeError("network error");
        return fetch(url);
      },
    });

    // A set the page cannot build, as the 3x3x3's H48 sets.
    const unbuildable = () => {
      const engine = scriptedEngine();
      engine.prepareTables = () =>
        JSON.stringify({
          ok: false,
          error: "the set is not built in the browser: import its bytes",
        });
      return engine;
    };
    const engine = unbuildable();
    const store = memoryStore();
    const jobs = createOptimalJobs({ engine, tableStore: store, site, yieldToEvents: nodeYield });
    const stopped = await jobs.solve(1, "cube", "xy", {}, () => {});
    assert.equal(stopped.ok, false);
    assert.match(
      stopped.error,
      /^The tables' download stopped at 0\.0 MB of 0\.0 MB: network error\. Solve again to resume it\.$/,
    );
    // The pieces that came are kept (those after the cut too: pieces come in parallel).
    const keptBefore = await store.pieces(key);
    assert.ok(
      [0, 1, 2].every((i) => keptBefore.has(i)) && !keptBefore.has(3),
      [...keptBefore].join(),
    );
    assert.equal(await store.kept(key), null, "no manifest: the set is not whole");
    assert.equal(store.entries.get(`${key}#0`).encoding, "gzip", "kept as the site sent it");

    cut = false;
    fetched.length = 0;
    const reports = [];
    const answer = await jobs.solve(2, "cube", "xy", {}, (p) => reports.push(p));
    assert.equal(answer.table_source, "download");
    // Only pieces not kept are fetched: piece 4 may be among them, or kept meanwhile (it was
    // under way when the cut stopped the import, and its keeping ends in the background).
    const pieces = fetched.filter((file) => file.endsWith(".gz"));
    assert.ok(pieces.includes(`${key}/3.gz`), pieces.join());
    assert.ok(
      pieces.every((file) => !keptBefore.has(Number(file.split("/")[1].split(".")[0]))),
      `the download resumes with the pieces not kept: ${pieces.join()}`,
    );
    assert.deepEqual(engine.log.slice(0, 1), [`import ${[...set].join(",")}`]);
    const loaded = reports.filter((r) => r.source === "download").map((r) => r.loaded);
    assert.deepEqual(loaded.at(-1), 23);
    assert.ok(
      loaded.every((value, i) => i === 0 || value >= loaded[i - 1]),
      loaded.join(" "),
    );
    await eventually(async () => (await store.kept(key))?.chunks === 5, "the set kept whole");
    assert.deepEqual(await store.kept(key), { length: 23, chunks: 5 });
    // A later worker reads the kept pieces (their hashes checked again), nothing from the site.
    fetched.length = 0;
    const later = createOptimalJobs({
      engine: unbuildable(),
      tableStore: store,
      site,
      yieldToEvents: nodeYield,
    });
    assert.equal((await later.solve(5, "cube", "x", {}, () => {})).table_source, "cache");
    assert.deepEqual(fetched, []);
    // The default set prepared for a scramble is the same preparation: nothing fetched again.
    fetched.length = 0;
    assert.equal((await jobs.prepareDefault("cube", () => {})).ok, true);
    assert.deepEqual(fetched, []);

    // A damaged piece (its bytes changed on the site) is refused by its hash.
    const damaged = unbuildable();
    const piece = path.join(root, key, "2.gz");
    const { gzipSync } = await import("node:zlib");
    await writeFile(piece, gzipSync(Uint8Array.from([9, 9, 9, 9, 9])));
    const manifest = JSON.parse(await readFile(path.join(root, key, "manifest.json"), "utf8"));
    manifest.chunks[2].packed = (await readFile(piece)).length;
    await writeFile(path.join(root, key, "manifest.json"), JSON.stringify(manifest));
    const refused = await createOptimalJobs({
      engine: damaged,
      tableStore: memoryStore(),
      site: createSiteTables(server.url, { shipped }),
      yieldToEvents: nodeYield,
    }).solve(3, "cube", "x", {}, () => {});
    assert.equal(refused.ok, false);
    assert.match(refused.error, /piece 3 of 5 is damaged \(its SHA-256 differs/);
    assert.ok(!damaged.log.some((entry) => entry.startsWith("import")));

    // A site that ships none of the puzzle's sets is asked nothing: the set is built.
    const none = scriptedEngine();
    fetched.length = 0;
    const building = createOptimalJobs({
      engine: none,
      tableStore: memoryStore(),
      site: createSiteTables(server.url, {
        fetch: async (url) => {
          fetched.push(String(url));
          return fetch(url);
        },
      }),
      yieldToEvents: nodeYield,
    });
    assert.equal((await building.solve(4, "cube", "x", {}, () => {})).table_source, "built");
    assert.ok(none.log.includes("build"));
    assert.deepEqual(fetched, []);
  });

  it("inflates pieces on a pool of workers, and here when a worker cannot start or fails", async () => {
    const { gzipSync } = await import("node:zlib");
    const pieces = [1, 2, 3].map((n) => Uint8Array.from({ length: 1000 }, (_, i) => (i * n) % 251));
    const chunks = await Promise.all(
      pieces.map(async (bytes) => ({
        length: bytes.length,
        packed: gzipSync(bytes).length,
        sha256: await sha256Hex(bytes),
      })),
    );
    // Workers as the page's: messages in, a transferred answer out (here: the same code).
    const started = [];
    const fakeWorker = (behaviour) => () => {
      const worker = {
        posted: 0,
        postMessage({ id, packed, chunk, where }) {
          if (behaviour === "refuses") throw new Error("DataCloneError");
          worker.posted++;
          if (behaviour === "dies") return setImmediate(() => worker.onerror(new Event("error")));
          inflatePiece(packed, chunk, where).then(
            (bytes) => worker.onmessage({ data: { id, bytes } }),
            (err) => worker.onmessage({ data: { id, error: err.message } }),
          );
        },
      };
      started.push(worker);
      return worker;
    };
    for (const behaviour of ["works", "refuses", "dies"]) {
      started.length = 0;
      const inflate = createInflatePool(fakeWorker(behaviour), 2);
      const out = await Promise.all(
        pieces.map((bytes, i) => inflate(gzipSync(bytes), chunks[i], `piece ${i + 1}`)),
      );
      assert.deepEqual(out, pieces, behaviour);
      if (behaviour === "works")
        assert.deepEqual(
          started.map((w) => w.posted),
          [2, 1],
        );
      const wrong = { ...chunks[0], sha256: "0".repeat(64) };
      await assert.rejects(inflate(gzipSync(pieces[0]), wrong, "piece 1"), /piece 1 is damaged/);
    }
  });

  it("takes the largest set the site ships or a visit kept that the device's memory allows", async () => {
    const info = {
      ok: true,
      id: "cube",
      name: "Test cube",
      solver: "optimal",
      table_sets: [
        { name: "small", key: "cube-small-1" },
        { name: "medium", key: "cube-medium-2" },
        { name: "large", key: "cube-large-3" },
      ],
    };
    const offered = [
      { key: "cube-medium-2", length: 400 * 2 ** 20 },
      { key: "cube-large-3", length: 1800 * 2 ** 20 },
    ];
    const site = {
      list: async () => offered,
      manifest: async () => null,
      piece: null,
    };
    const chosenWith = async (deviceMemory, store = memoryStore()) => {
      const engine = scriptedEngine();
      engine.puzzleInfo = () => JSON.stringify(info);
      const started = [];
      const searchStart = engine.searchStart;
      engine.searchStart = (id, state, options) => {
        started.push(JSON.parse(options).tables);
        return searchStart(id, state, options);
      };
      const jobs = createOptimalJobs({
        engine,
        tableStore: store,
        site,
        yieldToEvents: nodeYield,
        deviceMemory,
      });
      await jobs.solve(1, "cube", "x", {}, () => {});
      return started[0];
    };
    assert.equal(tableMemoryBudget(8), 2 ** 29);
    assert.equal(tableMemoryBudget(undefined), 2 ** 29);
    assert.equal(tableMemoryBudget(4), 2 ** 28);
    assert.equal(await chosenWith(8), "medium");
    assert.equal(await chosenWith(undefined), "medium");
    assert.equal(await chosenWith(4), "small");
    // A set an earlier visit kept counts as offered (offline, the site's list is not reached).
    const store = memoryStore();
    await store.complete("cube-small-1", 30 * 2 ** 20, 2);
    site.list = async () => [];
    assert.equal(await chosenWith(8, store), "small");
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

  it("estimates the depth under way from the growth it measured and its node rate", () => {
    // Depths 10–12 measured (their starts known), depth 13 under way.
    const sizes = { 10: 20_000, 11: 200_000, 12: 3_000_000 };
    const starts = new Map([[9, 0]]);
    for (let d = 10; d <= 13; d++) starts.set(d, starts.get(d - 1) + (sizes[d - 1] ?? 500));
    const done = 1_000_000;
    const nodes = starts.get(13) + done;
    const rate = 250_000;
    const estimate = searchEstimate(starts, 13, nodes, rate);
    const ratios = [sizes[11] / sizes[10], sizes[12] / sizes[11]];
    const mean = Math.sqrt(ratios[0] * ratios[1]);
    const high = Math.max(...ratios);
    assert.equal(estimate.depth, 13);
    assert.equal(estimate.remaining_ms, Math.round(((sizes[12] * mean - done) / rate) * 1000));
    assert.equal(estimate.up_to_ms, Math.round(((sizes[12] * high - done) / rate) * 1000));
    assert.equal(estimate.next_depth_ms, Math.round(((sizes[12] * mean * mean) / rate) * 1000));
    assert.equal(estimate.growth, Math.round(mean * 10) / 10);
    // Nothing to say before two whole depths of some size, or once the depth outgrew the estimate.
    assert.equal(searchEstimate(starts, 11, starts.get(11) + 5, rate), null);
    assert.equal(searchEstimate(starts, 13, starts.get(13) + sizes[12] * high, rate), null);
    assert.equal(searchEstimate(starts, 13, nodes, 0), null);
    // Depths of too few slices' nodes are not measured.
    assert.equal(searchEstimate(starts, 13, nodes, rate, sizes[11] + 1), null);
  });

  it("refuses a kept piece that was damaged, says so, and replaces the set; keeps a sound one on a memory failure", async () => {
    const engine = scriptedEngine();
    const store = memoryStore();
    const jobs = createOptimalJobs({ engine, tableStore: store, yieldToEvents: nodeYield });
    assert.equal((await jobs.solve(1, "cube", "x", {}, () => {})).table_source, "built");
    const piece = store.entries.get("cube-v1-tables-default#0");
    assert.equal(piece.sha256, await sha256Hex(Uint8Array.from([1, 2, 3])), "kept with its hash");

    // One byte changed in storage: refused by its hash before the engine sees it, built again.
    piece.bytes[1] = 9;
    const next = scriptedEngine();
    const later = createOptimalJobs({ engine: next, tableStore: store, yieldToEvents: nodeYield });
    const warnings = [];
    const warn = console.warn;
    console.warn = (text) => warnings.push(text);
    let answer;
    try {
      answer = await later.solve(2, "cube", "x", {}, () => {});
    } finally {
      console.warn = warn;
    }
    assert.equal(answer.table_source, "built");
    assert.equal(
      answer.table_warning,
      "The tables kept in this browser could not be used: piece 1 of 1 is damaged (its SHA-256 differs from the one kept with it). They were built again.",
    );
    assert.ok(!next.log.some((entry) => entry.startsWith("import")), next.log.join());
    assert.equal(warnings.length, 1);
    assert.deepEqual([...store.entries.get("cube-v1-tables-default#0").bytes], [1, 2, 3]);

    // An engine whose heap cannot take the set: what to do, and the kept set stays.
    const full = scriptedEngine();
    full.importTablesPart = (id, set, offset, total) =>
      JSON.stringify(
        total === 0
          ? { ok: true, dropped: true }
          : { ok: false, error: "the tables need 3 MB of memory; the engine can use at most 2 MB" },
      );
    const refused = await createOptimalJobs({
      engine: full,
      tableStore: store,
      yieldToEvents: nodeYield,
    }).solve(3, "cube", "x", {}, () => {});
    assert.equal(refused.ok, false);
    assert.match(refused.error, /^the tables need 3 MB of memory; .*\. .*close other tabs/);
    assert.ok(store.entries.has("cube-v1-tables-default"), "the kept set was dropped");
  });

  it("builds the set when its download stops, and says so", async () => {
    const key = "cube-v1-tables-default";
    const chunk = { file: "0.gz", length: 3, packed: 3, sha256: "0".repeat(64) };
    const site = {
      list: async () => [{ key, length: 3 }],
      manifest: async () => ({ key, length: 3, chunks: [chunk] }),
      piece: async () => {
        throw new Error("piece 1 of 1 came cut short (1 of 3 bytes)");
      },
      inflate: inflatePiece,
    };
    const engine = scriptedEngine();
    const answer = await createOptimalJobs({
      engine,
      tableStore: memoryStore(),
      site,
      yieldToEvents: nodeYield,
    }).solve(1, "cube", "x", {}, () => {});
    assert.equal(answer.table_source, "built");
    assert.equal(
      answer.table_warning,
      "The tables' download stopped at 0.0 MB of 0.0 MB: piece 1 of 1 came cut short (1 of 3 bytes): they were built in this page instead.",
    );
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
