// WASM side of the benchmarks (docs/benchmarks.md): loads the built module in Node and times the
// whole-table BFS and optimal solves of seeded random states, for comparison with `polytwist bench`.
// Usage: node engine/wasm/bench.mjs PUZZLE [COUNT] [SEED]  → one JSON object on stdout.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const wasmDir = path.join(root, "build/wasm");
const { default: createEngine } = await import(path.join(wasmDir, "polytwist_engine.mjs"));

const [puzzle = "cube2", countText = "200", seedText = "1"] = process.argv.slice(2);
const count = Number(countText);
const seed = Number(seedText);
const engine = await createEngine({
  wasmBinary: readFileSync(path.join(wasmDir, "polytwist_engine.wasm")),
});
const call = (name, ...args) => {
  const answer = JSON.parse(engine[name](...args));
  if (!answer.ok) throw new Error(`${name}: ${answer.error}`);
  return answer;
};

const info = call("puzzleInfo", puzzle);
let tableMs = null;
if (info.has_distance_table) {
  const start = performance.now();
  call("distanceTable", puzzle, null);
  tableMs = performance.now() - start;
}
const times = [];
const lengths = [];
for (let i = 0; i < count; i++) {
  const { state } = call("scramble", puzzle, seed + i);
  const start = performance.now();
  const solution = call("solve", puzzle, state, null);
  times.push(performance.now() - start);
  lengths.push(solution.length);
}
times.sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(
  JSON.stringify({
    puzzle,
    count,
    seed,
    table_build_ms: tableMs,
    solve_median_ms: at(0.5),
    solve_p99_ms: at(0.99),
    mean_length: lengths.reduce((a, b) => a + b, 0) / lengths.length,
  }),
);
