// WCA events' scrambles side by side with cubing.js's (npm `cubing`, a test-only dependency), in
// one Node process: for each event both make, our WebAssembly module's `scramble(event, seed)`
// for COUNT seeds, then cubing.js's `randomScrambleForEvent(event)` COUNT times. The first call
// of each is timed apart as its start-up (our tables; cubing.js's worker and tables).
// Usage: node engine/wasm/bench-events.mjs [COUNT] [SEED] [EVENT...] → one JSON object per event
// on stdout. An EVENT that is no WCA event's id but a puzzle's that cubing.js scrambles under the
// same name (fto) is timed the same way. Every scramble of ours is applied by the engine and checked to reach the state it
// answered. Lengths count the moves as written (a Square-1 turn `(x,y)` is one move, its slices
// counted apart), Megaminx rows included.
import { randomScrambleForEvent } from "cubing/scramble";

import { loadEngine } from "./bench-engine.mjs";

const [countText = "20", seedText = "1", ...chosen] = process.argv.slice(2);
const count = Number(countText);
const seed = Number(seedText);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 0) {
  throw new Error("usage: bench-events.mjs [COUNT ≥ 1] [SEED ≥ 0] [EVENT...]");
}

const { call } = await loadEngine();
const wca = call("listEvents").events;
const events = wca.filter((event) => chosen.length === 0 || chosen.includes(event.id));
for (const id of chosen) {
  if (!wca.some((event) => event.id === id)) events.push({ id, puzzle: id });
}

// A Square-1 turn is written "(x,y)" or "(x, y)": one move each, its slices apart.
const lengthOf = (text) =>
  text.includes("(") ? (text.match(/\(/g) ?? []).length : text.split(/\s+/).filter(Boolean).length;
const slashesOf = (text) => (text.match(/\//g) ?? []).length;
const summary = (startUp, times, texts) => {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const lengths = texts.map(lengthOf);
  const slashes = texts.map(slashesOf);
  return {
    start_up_ms: +startUp.toFixed(1),
    mean_ms: +mean(times).toFixed(3),
    median_ms: +sorted[Math.floor(sorted.length / 2)].toFixed(3),
    max_ms: +sorted[sorted.length - 1].toFixed(3),
    mean_length: +mean(lengths).toFixed(2),
    max_length: Math.max(...lengths),
    ...(slashes.some(Boolean) ? { mean_slashes: +mean(slashes).toFixed(2) } : {}),
  };
};
const timed = async (work) => {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
};

for (const event of events) {
  const ourFirst = await timed(() => call("scramble", event.id, seed + count));
  const ourTimes = [];
  const ourTexts = [];
  for (let i = 0; i < count; i++) {
    const { result, ms } = await timed(() => call("scramble", event.id, seed + i));
    const reached = call("applyMoves", event.puzzle, "", result.scramble);
    if (reached.state !== result.state)
      throw new Error(`${event.id} seed ${seed + i}: wrong state`);
    ourTimes.push(ms);
    ourTexts.push(result.scramble);
  }
  let cubing;
  try {
    const theirFirst = await timed(() => randomScrambleForEvent(event.id));
    const theirTimes = [];
    const theirTexts = [];
    for (let i = 0; i < count; i++) {
      const { result, ms } = await timed(() => randomScrambleForEvent(event.id));
      theirTimes.push(ms);
      theirTexts.push(result.toString());
    }
    cubing = summary(theirFirst.ms, theirTimes, theirTexts);
  } catch (err) {
    cubing = { error: err.message };
  }
  console.log(
    JSON.stringify({
      event: event.id,
      puzzle: event.puzzle,
      count,
      polytwist: summary(ourFirst.ms, ourTimes, ourTexts),
      cubing,
    }),
  );
}
process.exit(0);
