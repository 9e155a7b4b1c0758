// Module Web Worker that owns the wasm engine (docs/api.md).
//
// Protocol (page → worker): {id, method, args}
// Replies (worker → page):
//   {id, result}    the engine's JSON answer, parsed (an unknown method gets {ok:false,error})
//   {id, progress}  one progress report of solve/distanceTable, parsed
//   {id, error}     the call threw (Embind BindingError, or the module failed to load)
import createEngine from "@engine";

/** Engine functions the page may call; the ones listed `true` take an onProgress callback last. */
const METHODS = {
  version: false,
  listPuzzles: false,
  puzzleInfo: false,
  applyMoves: false,
  scramble: false,
  validate: false,
  solve: true,
  distanceTable: true,
};

// Load the module once; remember a failure instead of leaving the rejection unhandled.
const engineReady = createEngine().then(
  (engine) => ({ engine }),
  (err) => ({ loadError: `engine failed to load: ${describe(err)}` }),
);

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

self.onmessage = async (event) => {
  const { id, method, args = [] } = event.data ?? {};
  const { engine, loadError } = await engineReady;
  if (loadError) {
    self.postMessage({ id, error: loadError });
    return;
  }
  if (!Object.hasOwn(METHODS, method) || typeof engine[method] !== "function") {
    self.postMessage({ id, result: { ok: false, error: `unknown method "${method}"` } });
    return;
  }
  const callArgs = [...args];
  if (METHODS[method]) {
    callArgs.push((report) => self.postMessage({ id, progress: parseMaybe(report) }));
  }
  let answer;
  try {
    answer = engine[method](...callArgs);
  } catch (err) {
    self.postMessage({ id, error: describe(err) });
    return;
  }
  let result;
  try {
    result = JSON.parse(answer);
  } catch {
    self.postMessage({ id, error: `engine answered ${method} with invalid JSON` });
    return;
  }
  self.postMessage({ id, result });
};
