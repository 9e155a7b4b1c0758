// First-load transfer size of the built site (docs/benchmarks.md): opens a page in headless
// Chromium with an empty cache, records every response until the first player has drawn the
// puzzle, and adds up each file's gzip -9 size — what a server compressing its responses sends.
// Usage: node web/bench/first-load.mjs [PAGE ...]   (default: index.html embed-demo.html)
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { repoDir } from "../../tests/js/engine.mjs";
import { startSite } from "../../tests/js/browser.mjs";

const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["index.html", "embed-demo.html"];
const site = await startSite();
try {
  for (const pageName of pages) {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const files = new Set();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin === new URL(site.url).origin && response.status() === 200)
        files.add(url.pathname);
    });
    page.on("worker", (worker) => files.add(new URL(worker.url()).pathname));
    await page.goto(new URL(pageName, site.url).href);
    // First paint of the puzzle: the first player reports a rendered frame.
    // (Playwright's CSS selectors reach into the player's open shadow root.)
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    const rows = [...files].map((file) => {
      const local = path.join(
        repoDir,
        "build/site",
        file.endsWith("/") ? `${file}index.html` : file,
      );
      const bytes = readFileSync(local);
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
    rows.sort((a, b) => b.gzip - a.gzip);
    const total = rows.reduce(
      (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }),
      {
        raw: 0,
        gzip: 0,
      },
    );
    console.log(JSON.stringify({ page: pageName, files: rows, total }));
    await context.close();
  }
} finally {
  await site.close();
}
