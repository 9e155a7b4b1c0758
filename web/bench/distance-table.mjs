// Whole-table BFS in the browser (docs/benchmarks.md): opens the app in headless Chromium, asks the
// God's number panel for PUZZLE's table and times it from the click until the chart is shown. Each
// run starts from an empty cache (a fresh browser context, without service workers). The page is
// cross-origin isolated, so the engine runs threaded (one thread per core), unless `--single`:
// then it is served without the isolation headers and runs the single-threaded engine.
// Usage: node web/bench/distance-table.mjs [PUZZLE] [RUNS] [--single]   (after `npm run build:web`)
import { startSite } from "../../tests/js/browser.mjs";

const single = process.argv.includes("--single");
const [puzzle = "domino", runsText = "1"] = process.argv.slice(2).filter((a) => a !== "--single");
const site = await startSite({ isolated: !single });
try {
  for (let run = 0; run < Number(runsText); run++) {
    const context = await site.browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(new URL(`index.html?puzzle=${puzzle}`, site.url).href);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    const { threads } = await page.evaluate(() =>
      document.querySelector("#app").engine.engineInfo(),
    );
    const start = performance.now();
    await page.click("#gods-compute");
    await page.waitForSelector('#gods[data-state="shown"]', { timeout: 600_000 });
    const seconds = (performance.now() - start) / 1000;
    console.log(
      JSON.stringify({
        puzzle,
        threads,
        run,
        seconds: Number(seconds.toFixed(2)),
        summary: await page.textContent("#gods-summary"),
      }),
    );
    await context.close();
  }
} finally {
  await site.close();
}
