// First-load transfer of the built site (docs/benchmarks.md, issue 14's budgets): for each
// scenario of tests/js/first-load.mjs (one picture, thirty pictures, the full 3D player), opens
// the page in headless Chromium with an empty cache and adds up every file it fetched at its
// gzip -9 size. Prints one JSON line per scenario.
// Usage: node web/bench/first-load.mjs [SCENARIO ...]
import { measureFirstLoad, SCENARIOS } from "../../tests/js/first-load.mjs";
import { startSite } from "../../tests/js/browser.mjs";

const scenarios = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SCENARIOS);
const site = await startSite();
try {
  for (const scenario of scenarios) {
    console.log(JSON.stringify(await measureFirstLoad(site.browser, site.url, scenario)));
  }
} finally {
  await site.close();
}
