// The 3x3x3's fast solve side by side with cubing.js's (npm `cubing`, a test-only dependency):
// both solve the same random states, one after the other, state by state, in one Node process.
// Usage: node engine/wasm/bench-cubing-333.mjs [COUNT] [SEED] [--time-ms T]
// → one JSON object on stdout. State i is our module's scramble of seed SEED+i, the state
// `polytwist bench cube3 --length random --seed SEED` and `bench.mjs cube3 COUNT SEED --fast`
// time as their i-th; cubing.js gets it as the scramble's moves applied to its solved cube. Ours
// is solveWith {"method":"fast"} (with --time-ms, {"method":"fast","time_ms":T}); cubing.js's is
// experimentalSolve3x3x3IgnoringCenters from cubing/search. Every solution of either is applied
// by our engine to the state and checked solved. The first solve of each (a solved cube, then a
// one-move cube for cubing.js, which refuses nothing) is timed apart as its start-up: our tables,
// cubing.js's worker and tables.

import { loadEngine } from "./bench-engine.mjs";
import { cube3x3x3 } from "cubing/puzzles";
import { experimentalSolve3x3x3IgnoringCenters } from "cubing/search";

const args = process.argv.slice(2);
const timeAt = args.indexOf("--time-ms");
const timeMs = timeAt >= 0 ? Number(args.splice(timeAt, 2)[1]) : 0;
const [countText = "1000", seedText = "1"] = args;
const count = Number(countText);
const seed = Number(seedText);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0) {
  throw new Error("usage: bench-cubing-333.mjs [COUNT ≥ 1] [SEED ≥ 0] [--time-ms T]");
}

const { call } = await loadEngine();
const options = JSON.stringify(
  timeMs > 0 ? { method: "fast", time_ms: timeMs } : { method: "fast" },
);
const ours = (state) => call("solveWith", "cube3", state, options, null).solution;
const kpuzzle = await cube3x3x3.kpuzzle();
const theirs = async (scramble) =>
  (
    await experimentalSolve3x3x3IgnoringCenters(kpuzzle.defaultPattern().applyAlg(scramble))
  ).toString();

const timed = async (solve) => {
  const start = performance.now();
  const solution = await solve();
  return { solution, ms: performance.now() - start };
};
const startUp = {
  polytwist_ms: (await timed(() => ours(""))).ms,
  cubing_ms: (await timed(() => theirs("R"))).ms,
};

const runs = { polytwist: { times: [], lengths: [] }, cubing: { times: [], lengths: [] } };
// Both write one move per space-separated token (cubing.js: half turns as "R2" or "R2'").
const record = (run, state, { solution, ms }) => {
  if (!call("applyMoves", "cube3", state, solution).solved) {
    throw new Error(`not a solution of ${state}: ${solution}`);
  }
  run.times.push(ms);
  run.lengths.push(solution.split(/\s+/).filter(Boolean).length);
};
for (let i = 0; i < count; i++) {
  const { scramble, state } = call("scramble", "cube3", seed + i);
  record(runs.polytwist, state, await timed(() => ours(state)));
  record(runs.cubing, state, await timed(() => theirs(scramble)));
}

const summary = ({ times, lengths }) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    median_ms: at(0.5),
    mean_ms: mean(times),
    p90_ms: at(0.9),
    p99_ms: at(0.99),
    max_ms: sorted[sorted.length - 1],
    mean_length: mean(lengths),
    max_length: Math.max(...lengths),
  };
};
console.log(
  JSON.stringify({
    count,
    seed,
    options,
    start_up: startUp,
    polytwist: summary(runs.polytwist),
    cubing: summary(runs.cubing),
  }),
);
// cubing.js keeps its search worker alive.
process.exit(0);
