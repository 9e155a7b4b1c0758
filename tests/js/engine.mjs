// Loads the real wasm engine (build/wasm/, built by CMake + Emscripten) into Node.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

export const repoDir = fileURLToPath(new URL("../../", import.meta.url));
export const engineDir = `${repoDir}build/wasm/`;

/** Returns a fresh engine instance; throws a clear error when the module has not been built. */
export async function loadEngine() {
  const modulePath = `${engineDir}polytwist_engine.mjs`;
  const wasmPath = `${engineDir}polytwist_engine.wasm`;
  for (const file of [modulePath, wasmPath]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: build the engine first`);
  }
  const { default: createEngine } = await import(pathToFileURL(modulePath).href);
  return createEngine({ wasmBinary: readFileSync(wasmPath) });
}

/** Calls an engine function and parses its JSON answer. */
export function callJson(engine, method, ...args) {
  const answer = engine[method](...args);
  if (typeof answer !== "string") {
    throw new Error(`${method} returned ${typeof answer}, not a JSON string`);
  }
  return JSON.parse(answer);
}

/** The engine functions that take an onProgress callback last (docs/api.md). */
const PROGRESS_METHODS = new Set([
  "solve",
  "solveWith",
  "distanceTable",
  "numberingSolve",
  "numberingDesign",
]);

/**
 * The engine as the page's EngineSession offers it (web/src/engine/client.js): every function a
 * promise of its parsed answer, progress reports parsed, and cancel() — but in this process, with
 * no worker, so that code written against a session (the player model) runs in Node.
 */
export function inProcessSession(engine) {
  return new Proxy(
    {},
    {
      get(_, method) {
        if (method === "cancel") return () => {};
        if (typeof method !== "string" || typeof engine[method] !== "function") return undefined;
        return async (...args) => {
          // solveWith's options cross as JSON text, as the page's session sends them.
          if (method === "solveWith") args[2] = JSON.stringify(args[2] ?? {});
          if (!PROGRESS_METHODS.has(method)) {
            // The worker takes progress for some calls the engine takes none for (scramble, while
            // it gets tables ready): nothing to report here.
            if (typeof args.at(-1) === "function") args.pop();
            return callJson(engine, method, ...args);
          }
          const onProgress = args.pop();
          // Progress comes as an object or as JSON text, as the worker takes it (parseMaybe).
          const report =
            onProgress &&
            ((report) => onProgress(typeof report === "string" ? JSON.parse(report) : report));
          return callJson(engine, method, ...args, report ?? null);
        };
      },
    },
  );
}
