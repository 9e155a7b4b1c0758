// The optimal solve of a puzzle with the optimal-search kernel (puzzleInfo `solver: "optimal"`,
// the 3x3x3) as a cooperative job of the engine worker (docs/api.md, docs/web.md).
//
// 1. The table set: the one asked for, else the largest this device's memory allows among those
//    kept by an earlier visit or shipped by the site (else the default set). Its tables, once
//    per worker and set: imported from the page's cache (IndexedDB) when an earlier visit kept
//    them, else downloaded from the site when it ships them (./table-download.js: pieces checked
//    by hash, each kept as it comes, so a download that stopped resumes), else built by the
//    engine's prepareTables (a BFS of minutes: progress after each layer and within it), then
//    kept. Every import goes to the engine piece by piece (importTablesPart), so its heap holds
//    the set once. A build is one engine call: it cannot be interrupted, so cancelling it
//    terminates the worker (there is nothing to keep).
// 2. The search in slices: searchStart, then searchStep(handle, budget) with a node budget
//    adapted so that a slice takes about SLICE_MS, and a yield to the event loop between slices,
//    so that the worker answers other calls (another player's applyMoves, validate, a fast
//    solve) and a cancel message in between. Cancelling calls searchStop: the tables stay, so
//    the next solve starts at once.
//
// Progress reports (posted by `report`):
//   {stage: "tables", source: "cache"}                 importing the cached tables
//   {stage: "tables", source: "download", loaded, total}  downloading them (bytes of the set)
//   {stage: "tables", depth, visited, total, scanned}  the engine's BFS report, as it builds
//   {stage: "search", depth, nodes, ms, nodes_per_second, estimate?}  after each slice;
//       `estimate` (searchEstimate) once two depths have been searched in full
// The final answer is the engine's (solution, length, nodes, ms, method, tables) with
// `table_source` ("cache", "download", "built" or "memory": already in this worker) and, when the
// tables could not be kept, `table_warning` saying why.

import { PIECE_BYTES } from "./table-cache.js";
import { inflatePiece, sha256Hex } from "./table-download.js";

/** How long one search slice should take: short enough for a cancel or another call to wait little. */
export const SLICE_MS = 60;
const FIRST_BUDGET = 20_000; // nodes: a cautious first slice, whatever the machine
const MIN_BUDGET = 1_000;
const MAX_BUDGET = 2 ** 31; // a whole number the engine takes as a budget

/** The next slice's node budget from the last one's rate, so that it takes about SLICE_MS. */
export function nextBudget(budget, nodes, ms) {
  if (!(ms > 0) || !(nodes > 0)) return Math.min(budget * 2, MAX_BUDGET);
  // At most four times the last budget: a slice that ran in a cold cache underestimates.
  const wanted = Math.min((nodes / ms) * SLICE_MS, budget * 4);
  return Math.round(Math.max(MIN_BUDGET, Math.min(MAX_BUDGET, wanted)));
}

/**
 * Depths of fewer nodes than this are too small to measure a growth by; nor are those of fewer
 * than SLICES_MEASURED slices (a depth's start is taken as the middle of the slice it began in,
 * so each end is known to within half a slice).
 */
const MIN_MEASURED_NODES = 10_000;
const SLICES_MEASURED = 2;

/**
 * How long the depth under way may still take, from this search's own figures: `starts` (depth →
 * the nodes searched when it started, known to within a slice), `nodes` so far and `rate` (nodes
 * per second; `minNodes`: the fewest a depth must have to be measured, a few slices' worth). The
 * depth's nodes are projected from the last whole depth by the growth measured
 * between the whole depths before (the geometric mean of the last two ratios, and the higher for
 * `up_to_ms`); null until two
 * whole depths of at least MIN_MEASURED_NODES are known, or once the depth has outgrown the
 * projection. {depth, remaining_ms, up_to_ms, next_depth_ms, growth, nodes_per_second}:
 * `remaining_ms` at the mean growth, `up_to_ms` at the higher (the whole depth: a solution found
 * in it ends the search sooner), `next_depth_ms` what the depth after it would take.
 */
export function searchEstimate(starts, depth, nodes, rate, minNodes = MIN_MEASURED_NODES) {
  const size = (d) => (starts.has(d) && starts.has(d + 1) ? starts.get(d + 1) - starts.get(d) : 0);
  const least = Math.max(MIN_MEASURED_NODES, minNodes);
  const last = size(depth - 1);
  const before = size(depth - 2);
  if (!(rate > 0) || last < least || before < least) return null;
  const ratios = [last / before];
  if (size(depth - 3) >= least) ratios.push(before / size(depth - 3));
  // Their geometric mean: an IDA*'s growth alternates from one depth to the next (the superflip's
  // depths 13 to 17 here: ×11, ×0.27, ×15, ×12).
  const growth = Math.sqrt(Math.min(...ratios) * Math.max(...ratios));
  const high = Math.max(...ratios);
  const done = nodes - starts.get(depth);
  if (done >= last * high) return null;
  const ms = (count) => Math.round((Math.max(0, count) / rate) * 1000);
  return {
    depth,
    remaining_ms: ms(last * growth - done),
    up_to_ms: ms(last * high - done),
    next_depth_ms: ms(last * growth * growth),
    growth: Math.round(growth * 10) / 10,
    nodes_per_second: Math.round(rate),
  };
}

/** Pieces read, downloaded or decompressed at once ahead of the one the engine imports. */
const PIECES_AHEAD = 4;

/** Bytes as MB for messages. */
const megabytesOf = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

function parse(answer) {
  return typeof answer === "string" ? JSON.parse(answer) : answer;
}

/**
 * The cache entry's key of a table set: the engine's own key when puzzleInfo lists the set
 * (`table_sets: [{name, key}]`, the first being the default set ""), else the puzzle's table key
 * with the set's name. The key starts with the puzzle's id, so keeping a new one drops the stale
 * entries of that puzzle.
 */
export function tableSetKey(info, set) {
  const name = set || info.table_sets?.[0]?.name;
  const listed = info.table_sets?.find?.((entry) => entry.name === name);
  if (listed?.key)
    return listed.key.startsWith(`${info.id}-`) ? listed.key : `${info.id}-${listed.key}`;
  return `${info.table_key}-tables-${set || "default"}`;
}

/** Adds what to do about a memory failure to the engine's message. */
function memoryAdvice(info, set, error) {
  if (!/memory/i.test(error)) return error;
  const sentence = /[.!]$/.test(error) ? error : `${error}.`;
  const sets = info.table_sets ?? [];
  const smaller = sets.find(
    (entry) =>
      entry.name !== set && entry.bytes < (sets.find((s) => s.name === set)?.bytes ?? Infinity),
  );
  return smaller
    ? `${sentence} Try the smaller table set "${smaller.name}".`
    : `${sentence} The smallest table set needs this much memory: close other tabs or use a device with more memory.`;
}

/**
 * The bytes a table set may take on this device: a sixteenth of its memory
 * (`navigator.deviceMemory` in GiB, which Chromium rounds down and caps at 8), so that the 3x3x3's
 * 478 MB set needs 8 GiB and a 4 GiB phone keeps the 35 MB one. Browsers that do not tell (Firefox,
 * Safari) count as 8.
 */
export function tableMemoryBudget(deviceMemory) {
  const gib = Number.isFinite(deviceMemory) && deviceMemory > 0 ? deviceMemory : 8;
  return (gib * 2 ** 30) / 16;
}

const noSiteTables = {
  list: async () => [],
  manifest: async () => null,
  piece: null,
  inflate: inflatePiece,
};

/**
 * @param {object} options
 * @param {object} options.engine  the wasm engine (prepareTables, exportTables, importTablesPart,
 *   searchStart, searchStep, searchStop, puzzleInfo)
 * @param {object} options.tableStore  the kept sets (./table-cache.js): kept(key) → {length,
 *   chunks} | null, read(key, i) → a piece's record {encoding, length, sha256, bytes} | null,
 *   pieces(key) → the Set of kept pieces' indices, keep(key, i, record, length) → {ok, error?},
 *   complete(key, length, chunks) → {ok, error?}, drop(key)
 * @param {object} [options.site]  the site's sets (./table-download.js createSiteTables)
 * @param {() => Promise<void>} options.yieldToEvents  lets the worker handle its messages
 * @param {() => number} [options.now]  milliseconds
 * @param {number} [options.deviceMemory]  GiB (navigator.deviceMemory)
 */
export function createOptimalJobs({
  engine,
  tableStore,
  site = noSiteTables,
  yieldToEvents,
  now = () => performance.now(),
  deviceMemory = globalThis.navigator?.deviceMemory,
}) {
  const prepared = new Map(); // `${puzzle}\n${set}` → promise of {ok, source, warning?} once ready
  const running = new Map(); // call id → {cancelled}
  const chosen = new Map(); // puzzle → the set its last solve used

  const dropImport = (puzzle, set) => engine.importTablesPart(puzzle, set, 0, 0, new Uint8Array());

  /**
   * Gives the engine a set's `count` pieces of `total` bytes, in order. `obtain(i)` resolves
   * piece i's bytes; up to PIECES_AHEAD of them are under way at once, so downloads, reads and
   * decompression go on while earlier pieces are imported. {ok} or {ok: false, error, refused}
   * (refused: the engine's checks, not the pieces' own, failed).
   */
  async function importPieces(puzzle, set, total, count, obtain, onImported = () => {}) {
    const underWay = new Map();
    const start = (i) => {
      if (i >= count || underWay.has(i)) return;
      const piece = obtain(i);
      piece.catch(() => {});
      underWay.set(i, piece);
    };
    for (let i = 0; i < PIECES_AHEAD; i++) start(i);
    let offset = 0;
    for (let i = 0; i < count; i++) {
      let bytes;
      try {
        bytes = await underWay.get(i);
      } catch (err) {
        dropImport(puzzle, set);
        return { ok: false, error: String(err?.message ?? err) };
      }
      underWay.delete(i);
      start(i + PIECES_AHEAD);
      const answer = parse(engine.importTablesPart(puzzle, set, offset, total, bytes));
      if (!answer.ok) {
        dropImport(puzzle, set);
        // A heap that cannot hold the set says so ("… needs N MB of memory …"): the bytes
        // themselves are not at fault.
        const memory = /\bmemory\b/i.test(answer.error ?? "");
        return { ok: false, error: answer.error, refused: !memory, memory };
      }
      offset += bytes.length;
      onImported(offset);
      if (answer.complete) {
        return offset === total && i === count - 1
          ? { ok: true }
          : { ok: false, error: "the pieces are longer than the set", refused: true };
      }
    }
    dropImport(puzzle, set);
    return { ok: false, error: "the pieces are shorter than the set", refused: true };
  }

  /**
   * A kept piece's bytes: inflated and checked again when kept as the site sent it; checked
   * against its SHA-256 when kept as raw bytes with one (storage can lose or cut an entry).
   */
  async function readKept(key, i, count) {
    const where = `piece ${i + 1} of ${count}`;
    const record = await tableStore.read(key, i);
    if (!record) throw new Error(`${where} is missing`);
    if (record.encoding === "gzip") {
      const chunk = { length: record.length, packed: record.bytes.length, sha256: record.sha256 };
      return site.inflate(record.bytes, chunk, where);
    }
    if (record.bytes.length !== record.length) {
      throw new Error(`${where} is cut short (${record.bytes.length} of ${record.length} bytes)`);
    }
    if (record.sha256 !== undefined && (await sha256Hex(record.bytes)) !== record.sha256)
      throw new Error(`${where} is damaged (its SHA-256 differs from the one kept with it)`);
    return record.bytes;
  }

  /**
   * The site's copy of the set, piece by piece: pieces kept by a download that stopped are read
   * from the store, the others downloaded, checked, imported, and kept as they came. Keeping
   * goes on in the background (IndexedDB writes at about 70 MB/s here, slower than the rest):
   * {ok, kept} (kept: a promise of {ok, error?}) or {ok: false, error}.
   */
  async function download(info, set, key, manifest, report) {
    const { length: total, chunks } = manifest;
    const keptAlready = await tableStore.pieces(key);
    let keeping = Promise.resolve({ ok: true });
    let imported = 0;
    report({ stage: "tables", source: "download", loaded: 0, total });
    const fetchPiece = (i) =>
      site.piece(manifest, i, (fraction) => {
        // Only the next piece to import moves the bar: the others come in parallel.
        if (chunks.slice(0, i).reduce((sum, chunk) => sum + chunk.length, 0) === imported) {
          const loaded = Math.round(imported + fraction * chunks[i].length);
          report({ stage: "tables", source: "download", loaded, total });
        }
      });
    const obtain = async (i) => {
      if (keptAlready.has(i)) {
        const bytes = await readKept(key, i, chunks.length).catch(() => null);
        if (bytes?.length === chunks[i].length) return bytes;
      }
      // One more try after a failure: a connection that dropped once.
      const { bytes, packed } = await fetchPiece(i).catch(() => fetchPiece(i));
      const record = { encoding: "gzip", length: chunks[i].length, sha256: chunks[i].sha256 };
      if (packed.length === chunks[i].length) Object.assign(record, { encoding: "raw" });
      keeping = keeping.then((kept) =>
        kept.ok ? tableStore.keep(key, i, { ...record, bytes: packed }, total) : kept,
      );
      return bytes;
    };
    const outcome = await importPieces(info.id, set, total, chunks.length, obtain, (offset) => {
      imported = offset;
      report({ stage: "tables", source: "download", loaded: offset, total });
    });
    if (!outcome.ok) {
      if (outcome.memory) {
        // The pieces are sound: the device lacks the memory for the set; they stay kept.
        await keeping;
        return { ok: false, error: memoryAdvice(info, set, outcome.error), memory: true };
      }
      if (outcome.refused) {
        // Bytes that passed their hashes but not the engine's checks: the site's set is stale.
        // Its pieces are dropped once those under way are kept, so that none is left behind.
        await keeping;
        await tableStore.drop(key);
        return { ok: false, error: `The site's tables were refused: ${outcome.error}` };
      }
      await keeping;
      const stopped = `The tables' download stopped at ${megabytesOf(imported)} of ${megabytesOf(total)}: ${outcome.error}`;
      return { ok: false, error: `${stopped}. Solve again to resume it.`, stopped };
    }
    const kept = keeping.then((result) =>
      result.ok ? tableStore.complete(key, total, chunks.length) : result,
    );
    return { ok: true, kept };
  }

  /** Keeps built tables' bytes in pieces, each with its SHA-256 (checked when read back). */
  async function keepBuilt(key, bytes) {
    const chunks = Math.ceil(bytes.length / PIECE_BYTES);
    for (let i = 0; i < chunks; i++) {
      const piece = bytes.subarray(i * PIECE_BYTES, (i + 1) * PIECE_BYTES);
      const sha256 = await sha256Hex(piece);
      const record = { encoding: "raw", length: piece.length, sha256, bytes: piece };
      const kept = await tableStore.keep(key, i, record, bytes.length);
      if (!kept.ok) return kept;
    }
    return tableStore.complete(key, bytes.length, chunks);
  }

  /**
   * The set's tables from the cache, the site or a build, with a `warning` for the page when the
   * kept copy was damaged (it is then replaced) or the download stopped.
   */
  async function loadOrBuild(info, set, report) {
    const outcome = await loadOrBuildTables(info, set, report);
    if (!outcome.ok || !outcome.damaged) return outcome;
    const again = { download: "downloaded", built: "built" }[outcome.source];
    const note = `The tables kept in this browser could not be used: ${outcome.damaged}. They were ${again} again.`;
    return { ...outcome, warning: outcome.warning ? `${note} ${outcome.warning}` : note };
  }

  async function loadOrBuildTables(info, set, report) {
    const key = tableSetKey(info, set);
    const kept = await tableStore.kept(key);
    let damaged;
    if (kept) {
      report({ stage: "tables", source: "cache" });
      const imported = await importPieces(info.id, set, kept.length, kept.chunks, (i) =>
        readKept(key, i, kept.chunks),
      );
      if (imported.ok) return { ok: true, source: "cache" };
      // Not enough memory: the kept copy is sound, and a download or a build would fail too.
      if (imported.memory) return { ok: false, error: memoryAdvice(info, set, imported.error) };
      // A damaged or stale entry: fetched or built again below, and the new one replaces it.
      console.warn(`polytwist: the tables kept in this browser were not used: ${imported.error}`);
      await tableStore.drop(key);
      damaged = imported.error;
    }
    let downloadError;
    let downloadStopped;
    const manifest = await site.manifest(key).catch(() => null);
    if (manifest) {
      const downloaded = await download(info, set, key, manifest, report);
      if (downloaded.ok) return { ok: true, source: "download", kept: downloaded.kept, damaged };
      if (downloaded.memory) return downloaded;
      downloadError = downloaded.error;
      downloadStopped = downloaded.stopped;
    }
    const built = parse(
      engine.prepareTables(info.id, set, (progress) =>
        report({ stage: "tables", ...parse(progress) }),
      ),
    );
    if (!built.ok) {
      return {
        ok: false,
        error:
          downloadError ?? memoryAdvice(info, set, built.error ?? "the tables could not be built"),
      };
    }
    // A download that stopped is said, with what was done instead.
    const instead = downloadStopped && `${downloadStopped}: they were built in this page instead.`;
    const warned = (warning) => ({
      ok: true,
      source: "built",
      damaged,
      ...((instead || warning) && { warning: [instead, warning].filter(Boolean).join(" ") }),
    });
    const exported = engine.exportTables(info.id, set);
    const bytes = exported?.bytes;
    if (!exported?.ok || !bytes) {
      return warned(
        `The tables were not kept: ${exported?.error ?? "the engine exported nothing"}.`,
      );
    }
    const stored = await keepBuilt(key, bytes);
    return warned(stored.ok ? undefined : stored.error);
  }

  /**
   * The set a solve uses when none is asked for: the largest kept or shipped set within the
   * device's memory budget, else the default.
   */
  async function chooseSet(info) {
    const budget = tableMemoryBudget(deviceMemory);
    const shipped = await site.list().catch(() => []);
    let best = { name: info.table_sets?.[0]?.name ?? "", length: -1 };
    for (const entry of info.table_sets ?? []) {
      const key = tableSetKey(info, entry.name);
      const length =
        (await tableStore.kept(key))?.length ??
        shipped.find((offered) => offered?.key === key)?.length;
      if (length !== undefined && length <= budget && length > best.length)
        best = { name: entry.name, length };
    }
    return best.name;
  }

  /** Once per worker and table set; a failure is forgotten so that the next solve tries again. */
  function prepare(info, asked, report) {
    const set = asked || info.table_sets?.[0]?.name || "";
    const key = `${info.id}\n${set}`;
    if (prepared.has(key)) {
      return prepared
        .get(key)
        .then((outcome) =>
          outcome.ok ? { ...outcome, source: "memory", warning: undefined } : outcome,
        );
    }
    const preparing = loadOrBuild(info, set, report).catch((err) => {
      // The engine itself failed (it aborted): its worker is replaced, not answered.
      if (err instanceof WebAssembly.RuntimeError) throw err;
      return { ok: false, error: String(err?.message ?? err) };
    });
    prepared.set(key, preparing);
    preparing.then(
      (outcome) => {
        if (!outcome.ok) prepared.delete(key);
        // Downloaded tables are kept in the background: a failure to keep them is the warning of
        // the solve's answer (solve waits for it) and a note in the console.
        outcome.kept?.then(({ ok, error }) => {
          if (ok) return;
          outcome.warning = outcome.warning ? `${outcome.warning} ${error}` : error;
          console.warn(`polytwist: ${error}`);
        });
      },
      () => prepared.delete(key),
    );
    return preparing;
  }

  /**
   * Solves `state` of `puzzle` optimally; `options` ({tables, ...}) go to searchStart. Resolves
   * the final answer, or {ok: false, cancelled: true} after cancel(id).
   */
  async function solve(id, puzzle, state, options, report) {
    const info = parse(engine.puzzleInfo(puzzle));
    if (!info.ok) return info;
    if (info.solver !== "optimal" || typeof engine.searchStart !== "function") {
      return {
        ok: false,
        error: `${info.name ?? puzzle} has no sliced optimal search in this engine`,
      };
    }
    const job = { cancelled: false };
    running.set(id, job);
    try {
      const set = options?.tables || (await chooseSet(info));
      chosen.set(info.id, set);
      const tables = await prepare(info, set, report);
      if (!tables.ok) return tables;
      if (job.cancelled) return { ok: false, cancelled: true };
      const answer = await search(job, puzzle, state, { ...options, tables: set }, report);
      if (!answer.ok) return answer;
      // Downloaded tables are kept in the background, during the search: the answer waits for
      // the last writes, so that a failure to keep them (a full quota) is its warning.
      await tables.kept;
      return {
        ...answer,
        table_source: tables.source,
        ...(tables.warning && { table_warning: tables.warning }),
      };
    } finally {
      running.delete(id);
    }
  }

  async function search(job, puzzle, state, options, report) {
    const started = now();
    const start = parse(engine.searchStart(puzzle, state, JSON.stringify(options)));
    if (!start.ok) return start;
    let budget = FIRST_BUDGET;
    let lastNodes = 0;
    const starts = new Map(); // depth → nodes when it started (the middle of its first slice)
    try {
      for (;;) {
        const sliceStart = now();
        const step = parse(engine.searchStep(start.handle, budget));
        if (!step.ok || step.status !== "running") return step;
        const sliceMs = now() - sliceStart;
        budget = nextBudget(budget, step.nodes - lastNodes, sliceMs);
        // Depths begun and finished within this slice are unmeasured: they start where it does.
        const middle = (lastNodes + step.nodes) / 2;
        for (let d = step.depth; d >= 0 && !starts.has(d); d--) starts.set(d, middle);
        lastNodes = step.nodes;
        const ms = now() - started;
        const rate = ms > 0 ? (step.nodes / ms) * 1000 : 0;
        const minNodes = SLICES_MEASURED * budget;
        const estimate = searchEstimate(starts, step.depth, step.nodes, rate, minNodes);
        report({
          stage: "search",
          depth: step.depth,
          nodes: step.nodes,
          ms,
          nodes_per_second: Math.round(rate),
          ...(estimate && { estimate }),
        });
        await yieldToEvents();
        if (job.cancelled) return { ok: false, cancelled: true };
      }
    } finally {
      // Frees the search (a finished one too); its answer says nothing the page needs.
      engine.searchStop(start.handle);
    }
  }

  return {
    solve,
    /**
     * Makes the default table set of `puzzle` ready (cache, download or build), for the engine
     * calls that use it without a sliced search (a random-state scramble); its outcome.
     */
    async prepareDefault(puzzle, report) {
      const info = parse(engine.puzzleInfo(puzzle));
      return info.ok ? prepare(info, "", report) : info;
    },
    /** Stops call `id` at its next slice (a build cannot be stopped: the page terminates the worker). */
    cancel(id) {
      const job = running.get(id);
      if (job) job.cancelled = true;
    },
    /**
     * Where the tables of `puzzle`'s set (by default the one its last solve used) came from in
     * this worker, or "none".
     */
    async tableSource(puzzle, set = "") {
      const outcome = await prepared.get(`${puzzle}\n${set || chosen.get(puzzle) || ""}`);
      return outcome?.ok ? outcome.source : "none";
    },
  };
}

/**
 * A yield to the event loop through a MessageChannel (a timeout would be clamped to 4 ms and
 * more): the worker's pending messages are handled before it resolves.
 */
export function createYield() {
  const channel = new MessageChannel();
  const waiting = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}
