// Page-side promise API over the engine's module Web Worker (docs/api.md).
//
//   const engine = new EngineClient();
//   const info = await engine.call("puzzleInfo", "cube2");            // parsed JSON answer
//   const shape = await engine.puzzleGeometry("megaminx");   // a derived puzzle's geometry
//   const sol = await engine.solve("cube2", state, (p) => show(p));    // {depth, nodes} reports
//   engine.cancel();   // terminates the worker, rejects pending calls, starts a fresh worker
//   await engine.tableSource("pyraminx");   // "cache" | "built" | "none" (worker/engine.worker.js)
//   await engine.engineInfo();   // {ok, threads, isolated}: the threaded engine or the single one
//   await engine.buildInfo();    // {ok, worker, engine}: the build ids of the worker and engine
//   await engine.numberingSolve(id, state, numbering, groups, (p) => show(p));  // numbered puzzles
//
//   await engine.solveOptimal("cube3", state, {}, (p) => show(p));  // tables, then a sliced search
//
//   const mine = engine.session();  // the same calls over the same worker, but mine.cancel()
//                                   // rejects only the calls made through `mine`
//
// Answers with ok:false resolve normally (the caller shows the engine's message); promises reject
// only when the call could not be answered: cancelled, the worker or module failed, or the
// engine threw (wrong argument count/types). When the engine fails inside a call (the worker's
// `fatal` error), that call rejects and the other pending calls go to a fresh worker.
//
// Cancelling terminates the worker, except for a solveOptimal call that is searching (its last
// progress report said `stage: "search"`): that one is told to stop at its next slice, so the
// worker keeps its tables and the next solve starts at once.

/** Rejection of a call whose worker was terminated by cancel() or close(). */
export class CancelledError extends Error {
  constructor(method) {
    super(`${method}: cancelled`);
    this.name = "CancelledError";
    this.cancelled = true;
  }
}

/** Rejection of a call the engine or its worker could not answer. */
export class EngineError extends Error {
  constructor(message) {
    super(message);
    this.name = "EngineError";
  }
}

/**
 * Starts a module worker from a script on any origin. Browsers start workers only from the page's
 * own origin, and the player's script may come from another one (a wiki that loads
 * polytwist-player.js from a polytwist site: docs/embedding.md). Such a worker is started from a
 * same-origin `blob:` module that imports the script by its absolute address (a CORS fetch: the
 * site sends Access-Control-Allow-Origin). Inside it, `import.meta.url` is still the script's own
 * address, so the engine's wasm and the site's tables are fetched from the polytwist site. The
 * blob worker is not cross-origin isolated unless the host page is, so it loads the single-threaded
 * engine (docs/web.md, Cross-origin use).
 */
export function startModuleWorker(scriptUrl, options = {}) {
  const href = new URL(scriptUrl, globalThis.location?.href).href;
  const workerOptions = { ...options, type: "module" };
  if (new URL(href).origin === globalThis.location?.origin) {
    return new globalThis.Worker(href, workerOptions);
  }
  const source = `import ${JSON.stringify(href)};`;
  const blobUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const worker = new globalThis.Worker(blobUrl, workerOptions);
  // The blob is needed until the worker has fetched it: free it at its first word or failure.
  const revoke = () => URL.revokeObjectURL(blobUrl);
  worker.addEventListener("message", revoke, { once: true });
  worker.addEventListener("error", revoke, { once: true });
  return worker;
}

const defaultWorkerFactory = () => {
  // Vite bundles the worker only where it reads `new Worker(new URL("literal", import.meta.url))`
  // (and rewrites the URL to the built chunk's); `Worker` is startModuleWorker here.
  const Worker = startModuleWorker;
  return new Worker(new URL("../worker/engine.worker.js", import.meta.url), { type: "module" });
};

/** The engine's functions as promise-returning methods over `send(method, args, onProgress)`. */
class EngineCalls {
  #send;

  constructor(send) {
    this.#send = send;
  }

  /** Calls engine function `method` with `args`; resolves with its parsed JSON answer. */
  call(method, ...args) {
    return this.#send(method, args);
  }
  version() {
    return this.call("version");
  }
  listPuzzles() {
    return this.call("listPuzzles");
  }
  /** The WCA's events and the puzzle each is scrambled on (scramble takes an event's id). */
  listEvents() {
    return this.call("listEvents");
  }
  puzzleInfo(puzzle) {
    return this.call("puzzleInfo", puzzle);
  }
  /**
   * A puzzle derived from a description (puzzleInfo `geometry: true`): its solid, stickers,
   * pieces, axes and turns for the 3D view (docs/api.md, puzzleGeometry).
   */
  puzzleGeometry(puzzle) {
    return this.call("puzzleGeometry", puzzle);
  }
  applyMoves(puzzle, state, moves) {
    return this.call("applyMoves", puzzle, state, moves);
  }
  /** Every move's motion from `state`, for a puzzle shown as solid pieces (docs/api.md). */
  moveMotions(puzzle, state) {
    return this.call("moveMotions", puzzle, state);
  }
  /**
   * onProgress, for a puzzle whose scrambles are solved by the optimal-search kernel (puzzleInfo
   * `solvers.scramble.search: "kernel"`), receives the {stage: "tables", ...} reports of solveOptimal
   * while the worker gets its tables ready.
   */
  scramble(puzzle, seed, onProgress) {
    return this.#send("scramble", [puzzle, seed], onProgress);
  }
  /** A picture of a position as SVG: VisualCube-style parameters (docs/images.md), an object or a query string. */
  image(params) {
    return this.call("image", new URLSearchParams(params).toString());
  }
  validate(puzzle, facelets) {
    return this.call("validate", puzzle, facelets);
  }
  /**
   * A mask (a named set, rules or orbits; "" = every sticker shown) and a colour scheme ("" = the
   * puzzle's) read as pictures read `stage` and `sch`: {ok, looks, colours} (docs/api.md).
   */
  appearance(puzzle, stage, scheme) {
    return this.call("appearance", puzzle, stage, scheme);
  }
  /** onProgress receives {depth, nodes} at each new depth bound and every so many nodes. */
  solve(puzzle, state, onProgress) {
    return this.#send("solve", [puzzle, state], onProgress);
  }
  /**
   * solve with options, e.g. {method: "fast"} for the 3x3x3's two-phase solver or
   * {method: "optimal"} (docs/api.md, solveWith); onProgress as for solve.
   */
  solveWith(puzzle, state, options, onProgress) {
    return this.#send("solveWith", [puzzle, state, JSON.stringify(options ?? {})], onProgress);
  }
  /**
   * The optimal solve of a puzzle with the optimal-search kernel (puzzleInfo `solver:
   * "optimal"`): `options` ({tables}: the table set, default the engine's) go to the engine as
   * JSON. onProgress receives {stage: "tables", ...} while the tables are imported or built, then
   * {stage: "search", depth, nodes, ms, nodes_per_second} after each slice of the search
   * (worker/optimal-job.js). The answer is solve's, with `table_source` and maybe `table_warning`.
   */
  solveOptimal(puzzle, state, options, onProgress) {
    // Tables of tens of MB are kept between visits: ask the browser not to evict them (it may
    // decide by itself, without asking the reader; only a page can ask, not its worker).
    globalThis.navigator?.storage?.persist?.().catch(() => {});
    return this.#send("solveOptimal", [puzzle, state, options ?? {}], onProgress);
  }
  /**
   * onProgress receives {depth, visited, total, scanned} after each BFS layer and within a layer
   * (docs/api.md).
   */
  distanceTable(puzzle, onProgress) {
    return this.#send("distanceTable", [puzzle], onProgress);
  }
  /** Every solved state of a numbering (at most `limit` listed), or why it is refused. */
  numberingSolutions(puzzle, numbering, groups, limit) {
    return this.call("numberingSolutions", puzzle, numbering, groups, limit);
  }
  /** The digits a position shows under a numbering, and whether it is solved. */
  numberingPosition(puzzle, state, numbering, groups) {
    return this.call("numberingPosition", puzzle, state, numbering, groups);
  }
  /**
   * An optimal solution to the nearest solved state of a numbering; the first call for a
   * numbering builds its tables: onProgress receives distanceTable's BFS reports.
   */
  numberingSolve(puzzle, state, numbering, groups, onProgress) {
    return this.#send("numberingSolve", [puzzle, state, numbering, groups], onProgress);
  }
  /**
   * The completions of a numbering with '?' stickers that have exactly one solved state;
   * onProgress receives {tried, total}.
   */
  numberingDesign(puzzle, partial, groups, onProgress) {
    return this.#send("numberingDesign", [puzzle, partial, groups], onProgress);
  }
  /**
   * Where the worker's distance table of `puzzle` came from: "cache" (imported from an earlier
   * visit), "built" (built here, then cached) or "none" (no table yet, or the puzzle has none).
   */
  async tableSource(puzzle) {
    return (await this.call("tableSource", puzzle)).source;
  }
  /**
   * Which engine the worker runs: {ok, threads, isolated}. `threads` > 1 only for the threaded
   * engine, which the worker loads when the page is cross-origin isolated (docs/web.md).
   */
  engineInfo() {
    return this.call("engineInfo");
  }
  /**
   * The build ids of the worker's script and of the engine it loaded: {ok, worker, engine}. With
   * the page's (<html data-build-id>), one site's files report one id (docs/web.md).
   */
  buildInfo() {
    return this.call("buildInfo");
  }
}

/**
 * One caller's share of an EngineClient (e.g. one player among many on a page): its calls go to
 * the shared worker; cancel() stops only them. The other callers' pending calls are sent again to
 * the fresh worker, so they are answered as if nothing had happened (only later).
 */
export class EngineSession extends EngineCalls {
  #cancel;
  #busy;

  constructor({ send, cancel, busy }) {
    super(send);
    this.#cancel = cancel;
    this.#busy = busy;
  }

  /** True while a call of this session has not been answered yet. */
  get busy() {
    return this.#busy();
  }

  /**
   * Rejects this session's pending calls with CancelledError: a searching solveOptimal by
   * message, the others by terminating the worker.
   */
  cancel() {
    this.#cancel();
  }
}

export class EngineClient extends EngineCalls {
  #createWorker;
  #closed = false;
  #worker = null;
  #startError = "";
  #nextId = 1;
  /** @type {Map<number, {method, args, resolve, reject, onProgress?, owner}>} */
  #pending = new Map();

  constructor({ createWorker = defaultWorkerFactory } = {}) {
    super((method, args, onProgress) => this.#request(method, args, onProgress, null));
    this.#createWorker = createWorker;
    this.#start();
  }

  /** A session over this client's worker (see EngineSession). */
  session() {
    const owner = {};
    const owned = (call) => call.owner === owner;
    return new EngineSession({
      send: (method, args, onProgress) => this.#request(method, args, onProgress, owner),
      cancel: () => {
        this.#stopSearches(owned);
        if ([...this.#pending.values()].some(owned)) this.#restart(owned);
      },
      busy: () => [...this.#pending.values()].some(owned),
    });
  }

  /** True while some call has not been answered yet. */
  get busy() {
    return this.#pending.size > 0;
  }

  /**
   * Stops every pending call: searches of solveOptimal at their next slice (the worker keeps its
   * tables); if any other call is pending, by terminating the worker and starting a fresh one.
   */
  cancel() {
    this.#stopSearches(() => true);
    if (this.#pending.size > 0) this.#restart(() => true);
  }

  /**
   * Tells the worker to stop the searching solveOptimal calls `picks` selects, and rejects them
   * with CancelledError at once (the worker's own "cancelled" answer is then ignored).
   */
  #stopSearches(picks) {
    for (const [id, call] of this.#pending) {
      if (call.method !== "solveOptimal" || call.stage !== "search" || !picks(call)) continue;
      this.#pending.delete(id);
      try {
        this.#worker?.postMessage({ cancel: id });
      } catch {
        // A worker that cannot be told has failed: its onerror rejects the other calls.
      }
      call.reject(new CancelledError(call.method));
    }
  }

  /** Terminates the worker for good; pending and later calls reject. */
  close() {
    this.#closed = true;
    this.#rejectAll(this.#terminate(), (method) => new CancelledError(method));
  }

  #request(method, args, onProgress, owner) {
    if (this.#closed) {
      return Promise.reject(new EngineError(`${method}: the engine client is closed`));
    }
    if (!this.#worker) this.#start();
    if (!this.#worker) {
      return Promise.reject(new EngineError(`${method}: ${this.#startError}`));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { method, args, resolve, reject, onProgress, owner });
      this.#send(id);
    });
  }

  /** Posts pending call `id` to the worker; a call that cannot be sent is rejected. */
  #send(id) {
    const call = this.#pending.get(id);
    try {
      this.#worker.postMessage({ id, method: call.method, args: call.args });
    } catch (err) {
      this.#pending.delete(id);
      call.reject(
        new EngineError(`${call.method}: could not send the call to the engine: ${err.message}`),
      );
    }
  }

  #start() {
    let worker;
    try {
      worker = this.#createWorker();
    } catch (err) {
      this.#worker = null;
      this.#startError = `could not start the engine worker: ${err.message}`;
      return;
    }
    worker.onmessage = (event) => this.#onMessage(event.data);
    worker.onerror = (event) => {
      // A worker script that fails to load or throws at top level: report it through the
      // pending promises instead of an uncaught error; the next call starts a fresh worker.
      event.preventDefault?.();
      const detail = event.message || "the worker script could not be loaded";
      this.#rejectAll(
        this.#terminate(),
        (method) => new EngineError(`${method}: engine worker failed: ${detail}`),
      );
    };
    worker.onmessageerror = () => {
      this.#rejectAll(
        this.#terminate(),
        (method) =>
          new EngineError(`${method}: engine worker sent a message that could not be read`),
      );
    };
    this.#worker = worker;
  }

  /** Terminates the worker; returns the calls that were pending, now forgotten. */
  #terminate() {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) {
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      worker.terminate();
    }
    const pending = [...this.#pending];
    this.#pending.clear();
    return pending;
  }

  #rejectAll(calls, makeError) {
    for (const [, call] of calls) call.reject(makeError(call.method));
  }

  /**
   * Terminates the worker, rejects the pending calls `cancels` picks with CancelledError and
   * sends the others again to a fresh worker.
   */
  #restart(cancels) {
    const calls = this.#terminate();
    this.#rejectAll(
      calls.filter(([, call]) => cancels(call)),
      (method) => new CancelledError(method),
    );
    if (this.#closed) return;
    this.#start();
    const kept = calls.filter(([, call]) => !cancels(call));
    for (const [id, call] of kept) {
      if (!this.#worker) {
        call.reject(new EngineError(`${call.method}: ${this.#startError}`));
        continue;
      }
      this.#pending.set(id, call);
      this.#send(id);
    }
  }

  #onMessage(message) {
    const call = this.#pending.get(message?.id);
    if (!call) return; // an answer for a call that is no longer pending
    if ("progress" in message) {
      call.stage = message.progress?.stage;
      try {
        call.onProgress?.(message.progress);
      } catch (err) {
        console.warn("onProgress callback threw", err);
      }
      return;
    }
    this.#pending.delete(message.id);
    if ("error" in message) {
      call.reject(new EngineError(`${call.method}: ${message.error}`));
      if (message.fatal) this.#restart(() => false);
    } else call.resolve(message.result);
  }
}
