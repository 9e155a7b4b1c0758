// Page-side promise API over the engine's module Web Worker (docs/api.md).
//
//   const engine = new EngineClient();
//   const info = await engine.call("puzzleInfo", "cube2");            // parsed JSON answer
//   const sol = await engine.solve("cube2", state, (p) => show(p));    // {depth, nodes} reports
//   engine.cancel();   // terminates the worker, rejects pending calls, starts a fresh worker
//
// Answers with ok:false resolve normally (the caller shows the engine's message); promises reject
// only when the call could not be answered: cancelled, the worker or module failed, or the
// engine threw (wrong argument count/types).

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

const defaultWorkerFactory = () =>
  new Worker(new URL("../worker/engine.worker.js", import.meta.url), { type: "module" });

export class EngineClient {
  #createWorker;
  #closed = false;
  #worker = null;
  #startError = "";
  #nextId = 1;
  /** @type {Map<number, {method: string, resolve: Function, reject: Function, onProgress?: Function}>} */
  #pending = new Map();

  constructor({ createWorker = defaultWorkerFactory } = {}) {
    this.#createWorker = createWorker;
    this.#start();
  }

  /** Calls engine function `method` with `args`; resolves with its parsed JSON answer. */
  call(method, ...args) {
    return this.#request(method, args);
  }

  version() {
    return this.call("version");
  }
  listPuzzles() {
    return this.call("listPuzzles");
  }
  puzzleInfo(puzzle) {
    return this.call("puzzleInfo", puzzle);
  }
  applyMoves(puzzle, state, moves) {
    return this.call("applyMoves", puzzle, state, moves);
  }
  scramble(puzzle, seed) {
    return this.call("scramble", puzzle, seed);
  }
  validate(puzzle, facelets) {
    return this.call("validate", puzzle, facelets);
  }
  /** onProgress receives {depth, nodes} at each new depth bound and every so many nodes. */
  solve(puzzle, state, onProgress) {
    return this.#request("solve", [puzzle, state], onProgress);
  }
  /** onProgress receives {depth, visited, total} after each BFS layer. */
  distanceTable(puzzle, onProgress) {
    return this.#request("distanceTable", [puzzle], onProgress);
  }

  /** True while some call has not been answered yet. */
  get busy() {
    return this.#pending.size > 0;
  }

  /** Terminates the worker (stopping any search), rejects pending calls, starts a fresh worker. */
  cancel() {
    this.#stop((method) => new CancelledError(method));
    if (!this.#closed) this.#start();
  }

  /** Terminates the worker for good; pending and later calls reject. */
  close() {
    this.#closed = true;
    this.#stop((method) => new CancelledError(method));
  }

  #request(method, args, onProgress) {
    if (this.#closed) {
      return Promise.reject(new EngineError(`${method}: the engine client is closed`));
    }
    if (!this.#worker) this.#start();
    if (!this.#worker) {
      return Promise.reject(new EngineError(`${method}: ${this.#startError}`));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { method, resolve, reject, onProgress });
      try {
        this.#worker.postMessage({ id, method, args });
      } catch (err) {
        this.#pending.delete(id);
        reject(new EngineError(`${method}: could not send the call to the engine: ${err.message}`));
      }
    });
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
      this.#stop((method) => new EngineError(`${method}: engine worker failed: ${detail}`));
    };
    worker.onmessageerror = () => {
      this.#stop(
        (method) =>
          new EngineError(`${method}: engine worker sent a message that could not be read`),
      );
    };
    this.#worker = worker;
  }

  #stop(makeError) {
    const worker = this.#worker;
    this.#worker = null;
    if (worker) {
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      worker.terminate();
    }
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const call of pending) call.reject(makeError(call.method));
  }

  #onMessage(message) {
    const call = this.#pending.get(message?.id);
    if (!call) return; // an answer for a call that is no longer pending
    if ("progress" in message) {
      try {
        call.onProgress?.(message.progress);
      } catch (err) {
        console.error("onProgress callback threw", err);
      }
      return;
    }
    this.#pending.delete(message.id);
    if ("error" in message) call.reject(new EngineError(`${call.method}: ${message.error}`));
    else call.resolve(message.result);
  }
}
