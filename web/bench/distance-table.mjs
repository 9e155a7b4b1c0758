// Whole-table BFS in the browser (docs/benchmarks.md): opens the app in headless Chromium, asks the
// God's number panel for PUZZLE's table and times it from the click until the chart is shown. Each
// run starts from an empty cache (a fresh browser context).
// Usage: node web/bench/distance-table.mjs [PUZZLE] [RUNS]   (after `npm run build:web`)
import { startSite } from "../../tests/js/browser.mjs";

const [puzzle = "domino", runsText = "1"] = process.argv.slice(2);
const site = await startSite();
try {
  for (let run = 0; run < Number(runsText); run++) {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(new URL(`index.html?puzzle=${puzzle}`, site.url).href);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    const start = performance.now();
    await page.click("#gods-compute");
    await page.waitForSelector('#gods[data-state="shown"]', { timeout: 600_000 });
    const seconds = (performance.now() - start) / 1000;
    console.log(
      JSON.stringify({
        puzzle,
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
