// The optimal solve of a puzzle with the optimal-search kernel (puzzleInfo `solver: "optimal"`,
// the 3x3x3) as a cooperative job of the engine worker (docs/api.md, docs/web.md).
//
// 1. Tables, once per worker and table set: imported from the page's cache (IndexedDB, keyed by
//    the engine's table key) when an earlier visit kept them, else downloaded from the site when
//    it serves them (tables/KEY.bin, written by `polytwist tables --export-dir` when the site is
//    built), else built by the engine's prepareTables (a BFS of minutes: progress after each
//    layer and within it); downloaded or built, they are then kept.
//    A build is one engine call: it cannot be interrupted, so cancelling it terminates the
//    worker (there is nothing to keep).
// 2. The search in slices: searchStart, then searchStep(handle, budget) with a node budget
//    adapted so that a slice takes about SLICE_MS, and a yield to the event loop between slices,
//    so that the worker answers other calls (another player's applyMoves, validate, a fast
//    solve) and a cancel message in between. Cancelling calls searchStop: the tables stay, so
//    the next solve starts at once.
//
// Progress reports (posted by `report`):
//   {stage: "tables", source: "cache"}                 importing the cached tables
//   {stage: "tables", source: "download", loaded, total}  downloading them (total 0: unknown)
//   {stage: "tables", depth, visited, total, scanned}  the engine's BFS report, as it builds
//   {stage: "search", depth, nodes, ms, nodes_per_second}  after each slice
// The final answer is the engine's (solution, length, nodes, ms, method, tables) with
// `table_source` ("cache", "download", "built" or "memory": already in this worker) and, when the
// tables could not be kept, `table_warning` saying why.

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
 * @param {object} options
 * @param {object} options.engine  the wasm engine (prepareTables, exportTables, importTables,
 *   searchStart, searchStep, searchStop, puzzleInfo)
 * @param {{load: (key: string) => Promise<Uint8Array|null>,
 *          store: (puzzle: string, key: string, bytes: Uint8Array) => Promise<{ok: boolean, error?: string}>}} options.tableStore
 * @param {(key: string, onProgress: (loaded: number, total: number) => void) => Promise<Uint8Array|null>} [options.download]
 *   the site's copy of a table set, or null when it has none
 * @param {() => Promise<void>} options.yieldToEvents  lets the worker handle its messages
 * @param {() => number} [options.now]  milliseconds
 */
export function createOptimalJobs({
  engine,
  tableStore,
  download = async () => null,
  yieldToEvents,
  now = () => performance.now(),
}) {
  const prepared = new Map(); // `${puzzle}\n${set}` → promise of {ok, source, warning?} once ready
  const running = new Map(); // call id → {cancelled}

  async function loadOrBuild(info, set, report) {
    const key = tableSetKey(info, set);
    const cached = await tableStore.load(key);
    if (cached) {
      report({ stage: "tables", source: "cache" });
      const imported = parse(engine.importTables(info.id, set, cached));
      if (imported.ok) return { ok: true, source: "cache" };
      // A damaged or stale entry: built again below, and the new one replaces it.
    }
    const shipped = await download(key, (loaded, total) =>
      report({ stage: "tables", source: "download", loaded, total }),
    ).catch(() => null);
    if (shipped && parse(engine.importTables(info.id, set, shipped)).ok) {
      const stored = await tableStore.store(info.id, key, shipped);
      return stored.ok
        ? { ok: true, source: "download" }
        : { ok: true, source: "download", warning: stored.error };
    }
    const built = parse(
      engine.prepareTables(info.id, set, (progress) =>
        report({ stage: "tables", ...parse(progress) }),
      ),
    );
    if (!built.ok)
      return {
        ok: false,
        error: memoryAdvice(info, set, built.error ?? "the tables could not be built"),
      };
    const exported = engine.exportTables(info.id, set);
    const bytes = exported?.bytes;
    if (!exported?.ok || !bytes) {
      return {
        ok: true,
        source: "built",
        warning: `The tables were not kept: ${exported?.error ?? "the engine exported nothing"}.`,
      };
    }
    const stored = await tableStore.store(info.id, key, bytes);
    return stored.ok
      ? { ok: true, source: "built" }
      : { ok: true, source: "built", warning: stored.error };
  }

  /** Once per worker and table set; a failure is forgotten so that the next solve tries again. */
  function prepare(info, set, report) {
    const key = `${info.id}\n${set}`;
    if (prepared.has(key)) {
      return prepared
        .get(key)
        .then((outcome) =>
          outcome.ok ? { ...outcome, source: "memory", warning: undefined } : outcome,
        );
    }
    const preparing = loadOrBuild(info, set, report).catch((err) => ({
      ok: false,
      error: String(err?.message ?? err),
    }));
    prepared.set(key, preparing);
    preparing.then((outcome) => {
      if (!outcome.ok) prepared.delete(key);
    });
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
      const set = options?.tables ?? "";
      const tables = await prepare(info, set, report);
      if (!tables.ok) return tables;
      if (job.cancelled) return { ok: false, cancelled: true };
      const answer = await search(job, puzzle, state, options ?? {}, report);
      if (!answer.ok) return answer;
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
    try {
      for (;;) {
        const sliceStart = now();
        const step = parse(engine.searchStep(start.handle, budget));
        if (!step.ok || step.status !== "running") return step;
        const sliceMs = now() - sliceStart;
        budget = nextBudget(budget, step.nodes - lastNodes, sliceMs);
        lastNodes = step.nodes;
        const ms = now() - started;
        report({
          stage: "search",
          depth: step.depth,
          nodes: step.nodes,
          ms,
          nodes_per_second: ms > 0 ? Math.round((step.nodes / ms) * 1000) : 0,
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
    /** Where the tables of `puzzle`'s set came from in this worker, or "none". */
    async tableSource(puzzle, set = "") {
      const outcome = await prepared.get(`${puzzle}\n${set}`);
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
