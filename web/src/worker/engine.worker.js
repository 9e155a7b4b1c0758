// Module Web Worker that owns the wasm engine (docs/api.md).
//
// Protocol (page → worker): {id, method, args}
// Replies (worker → page):
//   {id, result}    the engine's JSON answer, parsed (an unknown method gets {ok:false,error})
//   {id, progress}  one progress report of solve, solveWith, distanceTable, numberingSolve or
//                   numberingDesign, parsed
//   {id, error}     the call threw (Embind BindingError, or the module failed to load)
//   {id, error, fatal: true}  the engine itself failed inside the call (a C++ exception, which
//                   the module, built without exception catching, throws as a bare number, or
//                   an abort: out of memory): its memory can no longer be trusted, so the page
//                   replaces this worker
//
// `solveOptimal(id, state, options)` (a method of the worker, not of the engine) is the optimal
// solve of a puzzle with the optimal-search kernel (./optimal-job.js): its tables are imported
// from the cache or built, then the search runs in slices with the worker's other messages
// handled in between. `{cancel: id}` (page → worker) stops such a search at its next slice and
// answers the call {id, result: {ok: false, cancelled: true}}; the tables stay in this worker.
//
// Distance tables are cached between visits (./table-cache.js): before the first solve, scramble
// or distanceTable of a puzzle with a table, the worker imports the cached table if there is one;
// otherwise the call builds the table and the worker then stores it. A puzzle whose table may be
// too big to keep has only its distanceTable answer (the counts) cached, which answers the next
// visit's distanceTable at once. `tableSource(id)` (a method of the worker, not of the engine)
// answers {ok, source}: "cache", "built" or "none" (no table in this worker yet, or the puzzle
// has none).
//
// Two builds of the engine (docs/web.md): in a cross-origin isolated page (SharedArrayBuffer
// available) the worker loads the threaded one, whose table builds and searches use one thread
// per core; elsewhere, or if that fails to load or to start (a policy that refuses its workers,
// a start over 20 s), the single-threaded one, with a console warning. `engineInfo()` (a
// method of the worker) answers {ok, threads, isolated}: how many threads the loaded engine may
// use, and whether the page is cross-origin isolated. `buildInfo()` (a method of the worker)
// answers {ok, worker, engine}: the build ids of this worker's script and of the loaded engine
// (one site's files all report one: docs/web.md, "Caches and updates").
import createEngine from "@engine";
import { BUILD_ID } from "virtual:polytwist-build-id";
import { SHIPPED_TABLES } from "virtual:polytwist-shipped-tables";
import { threadedEnginePath } from "virtual:polytwist-threaded-engine";

import { startModuleWorker } from "../engine/client.js";
import { scrambleNeedsTables, solverOf } from "../engine/solvers.js";
import { createOptimalJobs, createYield } from "./optimal-job.js";
import {
  completeTableSet,
  dropTableSet,
  keepPiece,
  keptPieces,
  keptTableSet,
  loadCached,
  readPiece,
  storeCached,
} from "./table-cache.js";
import { createInflatePool, createSiteTables } from "./table-download.js";

/** Engine functions the page may call; the ones listed `true` take an onProgress callback last. */
const METHODS = {
  version: false,
  listPuzzles: false,
  listEvents: false,
  puzzleInfo: false,
  puzzleGeometry: false,
  applyMoves: false,
  moveMotions: false,
  scramble: false,
  validate: false,
  appearance: false,
  image: false,
  solve: true,
  solveWith: true,
  distanceTable: true,
  numberingSolutions: false,
  numberingPosition: false,
  numberingSolve: true,
  numberingDesign: true,
};

/**
 * The calls that may need a puzzle's whole table (their first argument is the puzzle id, or for
 * scramble a WCA event's id, which stands for its puzzle).
 */
const TABLE_METHODS = new Set(["solve", "solveWith", "scramble", "distanceTable"]);

let eventPuzzles = null; // WCA event id → puzzle id, from the engine's listEvents, once asked
/** The puzzle `id` names: itself, or the puzzle of the WCA event of that id. */
function puzzleOf(engine, id) {
  if (eventPuzzles === null) {
    const answer = JSON.parse(engine.listEvents());
    eventPuzzles = new Map(answer.ok ? answer.events.map((e) => [e.id, e.puzzle]) : []);
  }
  return eventPuzzles.get(id) ?? id;
}

const isolated = self.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";

/**
 * The threaded engine, kept unbundled beside this worker's chunk (its pthreads' workers import
 * it by its own address); its pool holds one pthread worker per logical core.
 */
async function createThreadedEngine() {
  const url = new URL(threadedEnginePath, import.meta.url).href;
  const { default: create } = await import(/* @vite-ignore */ url);
  return { engine: await create(), threads: Math.max(1, navigator.hardwareConcurrency || 1) };
}

/** How long the threaded engine may take to start before the single one is used instead. */
const THREADED_START_MS = 20_000;

/**
 * Rejects when the threaded engine's start has failed without saying so: its pthreads' workers
 * refused by a Content-Security-Policy (the page's or this worker's own `worker-src`), where
 * Emscripten's start would wait for them forever, or any start longer than THREADED_START_MS.
 * `done()` stops watching.
 */
function threadedStartWatch() {
  let stop;
  const failed = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`it did not start within ${THREADED_START_MS / 1000} s`)),
      THREADED_START_MS,
    );
    const refused = (event) => {
      if (!/^(worker|script|child|default)-src/.test(event.effectiveDirective)) return;
      reject(
        new Error(`the Content-Security-Policy refuses its workers (${event.effectiveDirective})`),
      );
    };
    self.addEventListener("securitypolicyviolation", refused);
    stop = () => {
      clearTimeout(timer);
      self.removeEventListener("securitypolicyviolation", refused);
    };
  });
  failed.catch(() => {});
  return { failed, done: () => stop() };
}

async function loadEngine() {
  if (isolated) {
    const watch = threadedStartWatch();
    try {
      return await Promise.race([createThreadedEngine(), watch.failed]);
    } catch (err) {
      console.warn(`polytwist: threaded engine unavailable, using one thread: ${describe(err)}`);
    } finally {
      watch.done();
    }
  }
  return { engine: await createEngine(), threads: 1 };
}

// Load the module once; remember a failure instead of leaving the rejection unhandled.
const engineReady = loadEngine().catch((err) => ({
  loadError: `engine failed to load: ${describe(err)}`,
}));

/**
 * A whole table is cached only when the solver walks it (the search of the optimal solve in
 * puzzleInfo's `solvers` is "descent") and it is small enough to keep (`table_bytes`); otherwise
 * (the domino: IDA*, 102 MB) only the distanceTable answer is cached, since exporting would build
 * and copy a table no solve needs.
 */
const MAX_CACHED_TABLE_BYTES = 32 * 2 ** 20;
const cachesAnswerOnly = (info) =>
  solverOf(info, "optimal")?.search !== "descent" || info.table_bytes > MAX_CACHED_TABLE_BYTES;

// The optimal solves in slices, once the engine has loaded.
const optimalJobs = engineReady.then(({ engine }) =>
  engine
    ? createOptimalJobs({
        engine,
        tableStore: {
          kept: keptTableSet,
          read: readPiece,
          pieces: keptPieces,
          keep: keepPiece,
          complete: completeTableSet,
          drop: dropTableSet,
        },
        site: createSiteTables(siteTablesFolder(), {
          shipped: SHIPPED_TABLES,
          inflate: createInflatePool(startInflateWorker, INFLATE_WORKERS),
        }),
        yieldToEvents: createYield(),
      })
    : null,
);

/** Workers that decompress table pieces: one per core, at most four. */
const INFLATE_WORKERS = Math.min(4, Math.max(1, navigator.hardwareConcurrency || 1));

/**
 * A worker of ./inflate.worker.js, from this script's own site (the page may be another origin's:
 * startModuleWorker). Vite bundles it where it reads `new Worker(new URL("literal",
 * import.meta.url))`.
 */
function startInflateWorker() {
  const Worker = startModuleWorker;
  return new Worker(new URL("./inflate.worker.js", import.meta.url), { type: "module" });
}

/**
 * The site's tables/ folder (written when the site is built: docs/web.md), beside the assets
 * folder this chunk is in. Through a variable: Vite would take `new URL(literal,
 * import.meta.url)` for an asset import.
 */
function siteTablesFolder() {
  const here = import.meta.url;
  return new URL("../tables/", here);
}

const tableSources = new Map(); // puzzle id → "cache" | "built" (no entry: "none")
const cacheLookups = new Map(); // puzzle id → promise of its first cache lookup
const cachedAnswers = new Map(); // puzzle id → its distanceTable answer, from the cache
// Puzzle id → {key: table_key, answerOnly}, for what this worker has to build and then store:
// the table, or only the distanceTable answer when the table may be too big.
const entriesToStore = new Map();

function describe(err) {
  if (err instanceof Error)
    return err.name && err.name !== "Error" ? `${err.name}: ${err.message}` : err.message;
  return String(err);
}

/** Progress arrives as a JSON string (or, defensively, an already-built object). */
function parseMaybe(value) {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return { raw: value };
  }
}

/**
 * Imports puzzle `id`'s table from the cache, or takes its cached distanceTable answer, or notes
 * what is to be stored once built.
 */
async function lookUpCache(engine, id) {
  const info = JSON.parse(engine.puzzleInfo(id));
  if (!info.ok || !info.has_distance_table) return;
  const cached = await loadCached(info.table_key);
  if (cached?.bytes && JSON.parse(engine.importTable(id, cached.bytes)).ok) {
    tableSources.set(id, "cache");
  } else if (cached?.answer) {
    cachedAnswers.set(id, cached.answer);
  } else {
    entriesToStore.set(id, { key: info.table_key, answerOnly: cachesAnswerOnly(info) });
  }
}

/** Once per puzzle and worker, before its first table call. */
function prepareTable(engine, id) {
  if (typeof id !== "string") return null;
  if (!cacheLookups.has(id)) {
    // A lookup that fails is no cached table: the call builds the table as it would anyway.
    const lookup = lookUpCache(engine, id).catch(() => null);
    cacheLookups.set(id, lookup);
  }
  return cacheLookups.get(id);
}

/** After a table call that succeeded: stores what it built, if this worker has to. */
async function storeBuilt(engine, id, method, answer) {
  const entry = entriesToStore.get(id);
  if (entry === undefined) return;
  if (entry.answerOnly) {
    // A solve or scramble may not have built the table: only distanceTable's answer is stored.
    if (method !== "distanceTable") return;
    entriesToStore.delete(id);
    await storeCached(id, entry.key, answer);
    return;
  }
  entriesToStore.delete(id);
  const exported = engine.exportTable(id, null);
  if (!exported.ok) return;
  tableSources.set(id, "built");
  await storeCached(id, entry.key, exported.bytes);
}

/**
 * The reply for an exception from the engine: a module that aborted (Emscripten's
 * WebAssembly.RuntimeError "Aborted()": here a `new` that failed, the heap unable to grow, since
 * the module is built without exception catching) or threw a C++ exception (a bare number) is
 * broken, and the page replaces this worker; other errors (Embind's BindingError) leave it sound.
 */
function failureReply(err) {
  if (err instanceof WebAssembly.RuntimeError && /^Aborted\(/.test(err.message)) {
    return {
      error:
        "the engine ran out of memory and was restarted; nothing changed. Close other tabs or use a device with more memory",
      fatal: true,
    };
  }
  if (err instanceof Error) return { error: describe(err) };
  return {
    error: "the engine stopped on an internal error and was restarted; nothing changed",
    fatal: true,
  };
}

/** Calls engine function `method`; returns the reply to post (without the id). */
async function callEngine(engine, id, method, args) {
  if (!Object.hasOwn(METHODS, method) || typeof engine[method] !== "function") {
    return { result: { ok: false, error: `unknown method "${method}"` } };
  }
  const usesTable = TABLE_METHODS.has(method);
  const puzzle = usesTable && typeof args[0] === "string" ? puzzleOf(engine, args[0]) : args[0];
  if (usesTable) await prepareTable(engine, puzzle);
  if (method === "scramble" && typeof puzzle === "string") {
    // A random state solved by the optimal solver needs its tables: from the cache or the site
    // first, rather than built inside the engine's scramble call.
    const info = JSON.parse(engine.puzzleInfo(puzzle));
    if (info.ok && scrambleNeedsTables(info)) {
      const jobs = await optimalJobs;
      let ready;
      try {
        ready = await jobs.prepareDefault(puzzle, (progress) => self.postMessage({ id, progress }));
      } catch (err) {
        return failureReply(err);
      }
      if (!ready.ok) return { result: ready };
    }
  }
  if (method === "distanceTable" && cachedAnswers.has(args[0])) {
    return { result: cachedAnswers.get(args[0]) };
  }
  const callArgs = [...args];
  if (METHODS[method]) {
    callArgs.push((report) => self.postMessage({ id, progress: parseMaybe(report) }));
  }
  let answer;
  try {
    answer = engine[method](...callArgs);
  } catch (err) {
    return failureReply(err);
  }
  let result;
  try {
    result = JSON.parse(answer);
  } catch {
    return { error: `engine answered ${method} with invalid JSON` };
  }
  if (usesTable && result.ok) await storeBuilt(engine, puzzle, method, result);
  return { result };
}

/** The worker's own method solveOptimal (see the top), as a reply to post. */
async function solveOptimal(id, args) {
  const jobs = await optimalJobs;
  const report = (progress) => self.postMessage({ id, progress });
  try {
    return { result: await jobs.solve(id, args[0], args[1], args[2] ?? {}, report) };
  } catch (err) {
    return failureReply(err);
  }
}

self.onmessage = async (event) => {
  const { id, method, args = [], cancel } = event.data ?? {};
  if (cancel !== undefined) {
    (await optimalJobs)?.cancel(cancel);
    return;
  }
  const { engine, threads, loadError } = await engineReady;
  if (loadError) {
    self.postMessage({ id, error: loadError });
    return;
  }
  if (method === "engineInfo") {
    self.postMessage({ id, result: { ok: true, threads, isolated } });
    return;
  }
  if (method === "buildInfo") {
    const engineBuildId = JSON.parse(engine.version()).build_id;
    self.postMessage({ id, result: { ok: true, worker: BUILD_ID, engine: engineBuildId } });
    return;
  }
  if (method === "tableSource") {
    const jobs = await optimalJobs;
    const optimal = await jobs.tableSource(args[0], args[1] ?? "");
    const source = optimal !== "none" ? optimal : (tableSources.get(args[0]) ?? "none");
    self.postMessage({ id, result: { ok: true, source } });
    return;
  }
  if (method === "solveOptimal") {
    self.postMessage({ id, ...(await solveOptimal(id, args)) });
    return;
  }
  self.postMessage({ id, ...(await callEngine(engine, id, method, args)) });
};
