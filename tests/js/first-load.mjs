// What a page transfers until it shows its players (web/bench/first-load.mjs and the budget test
// in tests/browser/picture-first.test.mjs): every response of the site, workers' included, each
// counted at its gzip -9 size — what a server sends that compresses (./run sends precompressed
// files).
import { gzipSync } from "node:zlib";

/**
 * The scenarios measured: the page, and what "shown" means there.
 * - one picture: a page with one player, until its picture is painted;
 * - thirty pictures: a page of algorithms with 30 players, scrolled through, until every picture
 *   is painted (no player touched);
 * - full player: the page with one player, its 3D button clicked, until the 3D view shows it and
 *   the engine has loaded.
 */
export const SCENARIOS = {
  "one picture": {
    page: "fixtures/one-player.html",
    async until(page) {
      await page.waitForSelector('#player[data-picture="true"]', { timeout: 30_000 });
    },
  },
  "thirty pictures": {
    page: "fixtures/wiki-algorithms.html",
    async until(page) {
      const players = page.locator("polytwist-player");
      const count = await players.count();
      for (let i = 0; i < count; i++) {
        await players.nth(i).scrollIntoViewIfNeeded();
        await players.nth(i).locator('#player[data-picture="true"]').waitFor({ timeout: 30_000 });
      }
      if (
        await page.evaluate(() =>
          [...document.querySelectorAll("polytwist-player")].some((el) => el.started),
        )
      ) {
        throw new Error("a player started without being touched");
      }
    },
  },
  "full player": {
    page: "fixtures/one-player.html",
    async until(page) {
      await page.locator("#start3d").click();
      await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
      await page.locator("polytwist-player").evaluate((el) => el.engine.version());
    },
  },
};

/**
 * Opens `scenario` in a fresh context (empty cache) of `browser` on the site at `siteUrl`:
 * {files: [{path, raw, gzip}] (largest first), total: {raw, gzip}} in bytes.
 */
export async function measureFirstLoad(browser, siteUrl, scenario, contextOptions = {}) {
  const { page: pagePath, until } = SCENARIOS[scenario];
  const context = await browser.newContext({
    viewport: { width: 1366, height: 800 },
    ...contextOptions,
  });
  const bodies = [];
  context.on("response", (response) => {
    if (response.status() === 200 && response.url().startsWith(siteUrl)) {
      bodies.push(
        response.body().then((bytes) => ({ path: response.url().slice(siteUrl.length), bytes })),
      );
    }
  });
  try {
    const page = await context.newPage();
    await page.goto(new URL(pagePath, siteUrl).href);
    await until(page);
    // A file fetched again (each pthread worker imports the threaded engine) comes from the
    // browser's cache: counted once.
    const unique = new Map((await Promise.all(bodies)).map((body) => [body.path, body]));
    const files = [...unique.values()].map(({ path, bytes }) => ({
      path,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    }));
    files.sort((a, b) => b.gzip - a.gzip);
    const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), {
      raw: 0,
      gzip: 0,
    });
    return { scenario, page: pagePath, files, total };
  } finally {
    await context.close();
  }
}
