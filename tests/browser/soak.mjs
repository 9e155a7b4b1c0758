// The page's soak (a benchmark, not part of ./test; docs/benchmarks.md): thirty players on one
// page (fixtures/soak.html) in headless Chromium, three at a time scrambled, solved (the solution
// played) and turned, for half an hour. Every 30 s: the page's JS heap and DOM nodes (CDP), the
// renderer processes' resident memory (the engine worker and its WebAssembly memory live there),
// and the WebGL contexts the page holds (getContext calls, less contexts lost). Samples go to a
// JSON file, a table every 5 minutes to stdout.
//
//   node tests/browser/soak.mjs [--minutes 30] [--out build/test-logs/page-soak.json]
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { dirname } from "node:path";
import { parseArgs } from "node:util";

import { openPage, startSite } from "../js/browser.mjs";
import { repoDir } from "../js/engine.mjs";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "30" },
    out: { type: "string", default: `${repoDir}build/test-logs/page-soak.json` },
  },
});
const minutes = Number(values.minutes);
const PLAYERS = 30;
const AT_ONCE = 3;
const SAMPLE_MS = 30_000;

/** Resident memory of Chromium's renderer processes, in kB (ps: one line per process). */
function rendererKB() {
  const lines = execFileSync("ps", ["-eo", "rss=,args="], { encoding: "utf8" }).split("\n");
  return lines
    .filter((line) => line.includes("chromium") && line.includes("--type=renderer"))
    .reduce((total, line) => total + Number(line.trim().split(/\s+/)[0]), 0);
}

const site = await startSite();
const { page, problems } = await openPage(site.browser, { viewport: { width: 1366, height: 800 } });
await page.addInitScript(() => {
  // WebGL contexts made, less those lost: what the page holds.
  globalThis.__webglContexts = 0;
  const original = HTMLCanvasElement.prototype.getContext;
  const counted = new WeakSet();
  HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
    const context = original.call(this, kind, ...rest);
    if (context && /webgl/.test(kind) && !counted.has(context)) {
      counted.add(context);
      globalThis.__webglContexts++;
      this.addEventListener("webglcontextlost", () => globalThis.__webglContexts--);
    }
    return context;
  };
});
const cdp = await page.context().newCDPSession(page);
await cdp.send("Performance.enable");
await page.goto(new URL("fixtures/soak.html", site.url).href);
await page.waitForFunction(
  (count) => document.querySelectorAll("polytwist-player").length === count,
  PLAYERS,
);

async function sample(start, counts) {
  await cdp.send("HeapProfiler.collectGarbage").catch(() => {});
  const heap = await cdp.send("Runtime.getHeapUsage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    minute: Number(((performance.now() - start) / 60_000).toFixed(2)),
    jsHeapMB: Number((heap.usedSize / 2 ** 20).toFixed(1)),
    domNodes: metric("Nodes"),
    listeners: metric("JSEventListeners"),
    rendererMB: Number((rendererKB() / 1024).toFixed(1)),
    webglContexts: await page.evaluate(() => globalThis.__webglContexts),
    canvases: await page.evaluate(() => document.querySelectorAll("canvas").length),
    ...counts,
  };
}

const counts = { scrambles: 0, solves: 0, turns: 0, failures: 0 };
const failures = [];
async function exercise(index, seed) {
  const result = await page.evaluate(
    async ({ index, seed }) => {
      const player = document.getElementById(`player-${index}`);
      const scrambled = await player.scramble(seed);
      const solved = await player.solve();
      await player.play();
      const turned = await player.turn("R U R'");
      return { scrambled: scrambled.ok, solved: solved.ok, turned: turned.ok, error: solved.error };
    },
    { index, seed },
  );
  counts.scrambles += result.scrambled ? 1 : 0;
  counts.solves += result.solved ? 1 : 0;
  counts.turns += result.turned ? 1 : 0;
  if (!result.scrambled || !result.solved || !result.turned) {
    counts.failures++;
    if (failures.length < 10) failures.push({ index, seed, ...result });
  }
}

const start = performance.now();
const end = start + minutes * 60_000;
const samples = [await sample(start, { ...counts })];
console.log(JSON.stringify(samples[0]));
let nextSample = start + SAMPLE_MS;
let seed = 1;
while (performance.now() < end) {
  const round = [];
  for (let i = 0; i < AT_ONCE; i++) round.push(exercise((seed * 7 + i) % PLAYERS, seed++));
  await Promise.all(round);
  if (performance.now() >= nextSample) {
    samples.push(await sample(start, { ...counts }));
    if (samples.length % 10 === 1) console.log(JSON.stringify(samples.at(-1)));
    nextSample += SAMPLE_MS;
  }
}
samples.push(await sample(start, { ...counts }));
await site.close();

const first = samples[1] ?? samples[0];
const last = samples.at(-1);
const summary = {
  minutes,
  ...counts,
  jsHeapMB: {
    first: first.jsHeapMB,
    last: last.jsHeapMB,
    max: Math.max(...samples.map((s) => s.jsHeapMB)),
  },
  rendererMB: {
    first: first.rendererMB,
    last: last.rendererMB,
    max: Math.max(...samples.map((s) => s.rendererMB)),
  },
  domNodes: { first: first.domNodes, last: last.domNodes },
  webglContexts: {
    first: first.webglContexts,
    last: last.webglContexts,
    max: Math.max(...samples.map((s) => s.webglContexts)),
  },
  failures,
  pageProblems: problems.slice(0, 10),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB`,
  date: new Date().toISOString(),
};
console.log(JSON.stringify(summary, null, 2));
console.log(
  "\n| minute | JS heap (MB) | renderer RSS (MB) | DOM nodes | WebGL contexts | scrambles + solves |",
);
console.log("|---|---|---|---|---|---|");
for (const s of samples.filter((_, i) => i % 10 === 0 || i === samples.length - 1)) {
  console.log(
    `| ${Math.round(s.minute)} | ${s.jsHeapMB} | ${s.rendererMB} | ${s.domNodes} | ${s.webglContexts} | ${s.scrambles + s.solves} |`,
  );
}
await mkdir(dirname(values.out), { recursive: true });
await writeFile(values.out, `${JSON.stringify({ summary, samples }, null, 2)}\n`);
process.exit(counts.failures === 0 && problems.length === 0 ? 0 : 1);
