// The WebAssembly engine as the bench scripts load it in Node: this build's module, or
// POLYTWIST_WASM_DIR's (another build's, to time two side by side), handed its wasmBinary (Node 20
// cannot fetch it). `call` parses an answer and throws its error.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const wasmDir = process.env.POLYTWIST_WASM_DIR ?? path.join(root, "build/wasm");

export async function loadEngine() {
  const { default: createEngine } = await import(path.join(wasmDir, "polytwist_engine.mjs"));
  const engine = await createEngine({
    wasmBinary: readFileSync(path.join(wasmDir, "polytwist_engine.wasm")),
  });
  const call = (name, ...args) => {
    const answer = JSON.parse(engine[name](...args));
    if (!answer.ok) throw new Error(`${name}: ${answer.error}`);
    return answer;
  };
  return { engine, call };
}
