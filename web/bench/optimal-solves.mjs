// Optimal solves in the browser (docs/benchmarks.md): opens the app in headless Chromium with an
// empty cache, makes the table set the page chooses ready through the page's worker (downloaded
// from the site when it ships the set, else built) and times that, then solves the positions of
// a `polytwist bench --length random` CSV (the state column, or a scramble column) one after another through the page's
// engine (solveOptimal: the sliced search of the worker, one thread), timing each from the page.
// Prints one CSV row per position (state,length,nodes,ms) and a summary on stderr.
// Usage: node web/bench/optimal-solves.mjs PUZZLE BENCH.csv [--isolated]   (after `npm run build:web`)
import { readFileSync } from "node:fs";

import { startSite } from "../../tests/js/browser.mjs";

const args = process.argv.slice(2);
// --isolated: a cross-origin isolated page, whose worker loads the threaded engine (a search on
// every core); else the single-threaded engine.
const isolated = args.includes("--isolated");
const [puzzle, csvPath] = args.filter((arg) => !arg.startsWith("--"));
if (!puzzle || !csvPath) {
  console.error("usage: optimal-solves.mjs PUZZLE BENCH.csv [--isolated]");
  process.exit(2);
}
// The state column of a `polytwist bench` CSV, or a scramble column (whose states the page's
// engine computes).
const [header, ...rows] = readFileSync(csvPath, "utf8").trim().split("\n");
const fromScrambles = header.split(",")[0] === "scramble";
const positions = rows.map((row) => row.split(",")[0]);
const site = await startSite({ isolated });
try {
  const context = await site.browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  // The page's and its workers' warnings (a kept set refused, tables not kept) belong to the run.
  page.on("console", (message) => {
    const text = message.text();
    // Playwright's blocked service worker (serviceWorkers: "block") is this run's own doing.
    if (/Service Worker registration blocked|offline support unavailable/.test(text)) return;
    if (message.type() === "warning" || message.type() === "error") console.error(`page: ${text}`);
  });
  await page.goto(new URL(`index.html?puzzle=${puzzle}`, site.url).href);
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
  // The tables: the first solve (of the solved position) makes them ready.
  const tables = await page.evaluate(async (id) => {
    const engine = document.querySelector("#app").engine;
    const started = performance.now();
    const answer = await engine.solveOptimal(id, "", {}, () => {});
    return {
      ms: performance.now() - started,
      source: answer.table_source,
      set: answer.tables,
      ok: answer.ok,
      error: answer.error,
    };
  }, puzzle);
  console.error(
    `${puzzle}: tables ${tables.set} (${tables.source}) in ${(tables.ms / 1000).toFixed(2)} s`,
  );
  // The next visit: once the worker has kept the set (in the background after a download), a
  // reload imports it from IndexedDB.
  const key = await page.evaluate(
    async ([id, set]) => {
      const info = await document.querySelector("#app").engine.puzzleInfo(id);
      return info.table_sets?.find((entry) => entry.name === set)?.key;
    },
    [puzzle, tables.set],
  );
  await page.waitForFunction(
    (name) =>
      new Promise((resolve) => {
        const opening = indexedDB.open("polytwist-tables");
        opening.onsuccess = () => {
          const get = opening.result.transaction("tables").objectStore("tables").get(name);
          get.onsuccess = () => resolve(get.result?.table_set === true);
          get.onerror = () => resolve(false);
        };
        opening.onerror = () => resolve(false);
      }),
    key,
    { timeout: 120_000, polling: 500 },
  );
  await page.reload();
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
  const again = await page.evaluate(async (id) => {
    const started = performance.now();
    const answer = await document.querySelector("#app").engine.solveOptimal(id, "", {}, () => {});
    return { ms: performance.now() - started, source: answer.table_source };
  }, puzzle);
  console.error(
    `${puzzle}: next visit, tables ${tables.set} (${again.source}) in ${(again.ms / 1000).toFixed(2)} s`,
  );
  console.log("position,length,nodes,ms");
  const times = [];
  for (const position of positions) {
    const state = fromScrambles
      ? await page.evaluate(
          async ([id, moves]) =>
            (await document.querySelector("#app").engine.applyMoves(id, "", moves)).state,
          [puzzle, position],
        )
      : position;
    const solved = await page.evaluate(
      async ([id, position]) => {
        const engine = document.querySelector("#app").engine;
        const started = performance.now();
        const answer = await engine.solveOptimal(id, position, {}, () => {});
        return { ...answer, wallMs: performance.now() - started };
      },
      [puzzle, state],
    );
    if (!solved.ok) throw new Error(`${position}: ${solved.error}`);
    times.push(solved.wallMs);
    console.log(`${position},${solved.length},${solved.nodes},${solved.wallMs.toFixed(1)}`);
  }
  times.sort((a, b) => a - b);
  console.error(
    `${puzzle}: ${times.length} solves in Chromium, median ${times[times.length >> 1].toFixed(1)} ms, ` +
      `p90 ${times[Math.floor(times.length * 0.9)].toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
  );
  await context.close();
} finally {
  await site.close();
}
