// WASM side of the geometry benchmark (docs/benchmarks.md, "Puzzles from geometry"): loads the
// built module in Node and times, for each puzzle given (ids or descriptions; default every
// puzzle the catalogue derives), puzzleInfo of its description seen for the first time (parse,
// derive, compile the model, count the positions) and then puzzleGeometry (the page's JSON).
// Usage: node engine/wasm/bench-geometry.mjs [PUZZLE...] → CSV on stdout, as `polytwist geometry`.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const wasmDir = process.env.POLYTWIST_WASM_DIR ?? path.join(root, "build/wasm");
const { default: createEngine } = await import(path.join(wasmDir, "polytwist_engine.mjs"));
const engine = await createEngine({
  wasmBinary: readFileSync(path.join(wasmDir, "polytwist_engine.wasm")),
});
const call = (name, ...args) => {
  const answer = JSON.parse(engine[name](...args));
  if (!answer.ok) throw new Error(`${name}(${args[0]}): ${answer.error}`);
  return answer;
};

let puzzles = process.argv.slice(2);
if (puzzles.length === 0) {
  puzzles = call("listPuzzles")
    .puzzles.map(({ id }) => call("puzzleInfo", id))
    .filter((info) => info.geometry)
    .map((info) => info.id);
}
console.log("puzzle,stickers,info_ms,geometry_ms,geometry_bytes,positions");
for (const puzzle of puzzles) {
  const known = JSON.parse(engine.puzzleInfo(puzzle));
  // A description the module has not seen yet (one more space than the catalogue's): derived anew.
  const description = `${known.ok && known.description ? known.description : puzzle} `;
  let start = performance.now();
  const info = call("puzzleInfo", description);
  const infoMs = performance.now() - start;
  start = performance.now();
  const geometry = engine.puzzleGeometry(description);
  const geometryMs = performance.now() - start;
  call("puzzleGeometry", description);
  console.log(
    [
      JSON.stringify(description.trim()),
      info.facelet_count,
      infoMs.toFixed(2),
      geometryMs.toFixed(2),
      geometry.length,
      info.state_count,
    ].join(","),
  );
}
