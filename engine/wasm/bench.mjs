// WASM side of the benchmarks (docs/benchmarks.md): loads the built module in Node and times the
// whole-table BFS and optimal solves of seeded random states, for comparison with `polytwist bench`.
// Usage: node engine/wasm/bench.mjs PUZZLE [COUNT] [SEED] [--no-table] [--progress] [--fast]
//   [--moves K]
// → one JSON object on stdout. Position i is the module's scramble of seed SEED+i (with --moves,
// of K random moves), the position `polytwist bench PUZZLE --length random|K --seed SEED` times
// as its i-th: seeds draw the same on every build (docs/api.md, "Seeds"). --progress takes the table's progress reports as the page does
// (counted). --fast solves with solveWith {"method":"fast"} (the multi-phase solver: cube3, kilominx); the
// first solve, of the solved state, then times the start-up (building every table it needs).

import { loadEngine } from "./bench-engine.mjs";

const args = process.argv.slice(2);
const movesAt = args.indexOf("--moves");
const moves = movesAt >= 0 ? Number(args.splice(movesAt, 2)[1]) : 0;
const [puzzle = "cube2", countText = "200", seedText = "1"] = args.filter(
  (arg) => !arg.startsWith("--"),
);
const fast = process.argv.includes("--fast");
const solve = (state) =>
  fast
    ? call("solveWith", puzzle, state, '{"method":"fast"}', null)
    : call("solve", puzzle, state, null);
const count = Number(countText);
const seed = Number(seedText);
const { call } = await loadEngine();

const info = call("puzzleInfo", puzzle);
let tableMs = null;
let progressReports = null;
if (info.has_distance_table && !process.argv.includes("--no-table")) {
  const onProgress = process.argv.includes("--progress") ? () => progressReports++ : null;
  if (onProgress) progressReports = 0;
  const start = performance.now();
  call("distanceTable", puzzle, onProgress);
  tableMs = performance.now() - start;
}
// The first solve also builds the solver's pattern databases (IDA* puzzles): timed on its own.
let start = performance.now();
solve("");
const firstSolveMs = performance.now() - start;
const times = [];
const nodes = [];
const lengths = [];
for (let i = 0; i < count; i++) {
  const { state } = moves
    ? call("scrambleByMoves", puzzle, seed + i, moves)
    : call("scramble", puzzle, seed + i);
  start = performance.now();
  const solution = solve(state);
  times.push(performance.now() - start);
  nodes.push(solution.nodes);
  lengths.push(solution.length);
}
times.sort((a, b) => a - b);
nodes.sort((a, b) => a - b);
const at = (p, sorted = times) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
console.log(
  JSON.stringify({
    puzzle,
    count,
    seed,
    moves: moves || "random state",
    table_build_ms: tableMs,
    progress_reports: progressReports,
    first_solve_ms: firstSolveMs,
    method: fast ? "fast" : "optimal",
    solve_median_ms: at(0.5),
    solve_p90_ms: at(0.9),
    solve_p99_ms: at(0.99),
    solve_max_ms: times[times.length - 1],
    nodes_median: at(0.5, nodes),
    nodes_p99: at(0.99, nodes),
    mean_length: lengths.reduce((a, b) => a + b, 0) / lengths.length,
    lengths: lengths.reduce((counts, length) => {
      counts[length] = (counts[length] ?? 0) + 1;
      return counts;
    }, {}),
  }),
);
