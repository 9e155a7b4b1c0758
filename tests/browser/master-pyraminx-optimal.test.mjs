// The Master Pyraminx's optimal solver on the page: its table set is downloaded from the site
// (build/site/tables/, written when the site is built) instead of being built, with the download
// shown, and the solution plays to solved; a random-state scramble is made with the same tables;
// after a reload the tables come from IndexedDB. (The 3D model's own test is
// master-pyraminx.test.mjs.)
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { describe, it } from "node:test";

import {
  applyMoves,
  assertNoProblems,
  browserSession,
  engineCall,
  fastTurns,
  gotoPuzzle,
  idle,
  playerData,
  recordProgress,
  waitForCancelled,
} from "../js/browser.mjs";

const session = browserSession();
const screenshots = process.env.SCREENSHOTS;

/** With SCREENSHOTS=dir: the page at 1366×800 and 390×844. */
async function shoot(page, name) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}/${name}-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${screenshots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 800 });
}

const progressText = (page) =>
  page.evaluate(
    () => document.querySelector("#app").shadowRoot.querySelector("#progress").textContent,
  );

describe("master_pyraminx optimal solve", () => {
  it(
    "downloads the tables once, scrambles a random state with them, reloads them from the cache",
    { timeout: 300_000 },
    async (t) => {
      const { page, problems, responses } = await session.open({
        viewport: { width: 1366, height: 800 },
      });
      await gotoPuzzle(page, session.site.url, "master_pyraminx");
      await fastTurns(page);
      const progress = await recordProgress(page);

      // A short position: the tables are downloaded (progress in MB), then the solution plays.
      await applyMoves(page, "U Lw R' b Bw L");
      const started = Date.now();
      await page.click("#solve");
      await page.waitForSelector('#player[data-solved="true"]', { timeout: 120_000 });
      await idle(page, 60_000);
      t.diagnostic(
        `tables downloaded and first solve in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      assert.match(await page.textContent("#status"), /^Solved: optimal \(6 moves\)/);
      assert.ok(
        progress.some((text) => /^Downloading tables… [\d.]+ of 25\.5 MB/.test(text)),
        progress.join("\n"),
      );
      assert.ok(!progress.some((text) => text.startsWith("Building")));
      assert.equal(
        await page.evaluate(() =>
          document.querySelector("#app").engine.tableSource("master_pyraminx"),
        ),
        "download",
      );
      // The site's list of its sets is part of the worker: the set's manifest and pieces are
      // the only table requests, each answered.
      const tableRequests = responses.filter(({ url }) => url.includes("/tables/"));
      assert.ok(tableRequests.length >= 2, JSON.stringify(tableRequests));
      for (const { url, status } of tableRequests) {
        assert.match(url, /\/tables\/master_pyraminx-small-\w+\/(manifest\.json|\d+\.gz)$/);
        assert.equal(status, 200, url);
      }

      // A long search (a 20-move random state: minutes here) asks, from its own estimate, whether
      // to go on; the Master Pyraminx has no fast solver, and says so. (The threshold is lowered
      // so that it asks within seconds.)
      await page.evaluate(() => (document.querySelector("#app").longSearchSeconds = 1));
      await applyMoves(page, "B' Uw' B' Rw' B L Uw' Rw' R Lw' B' Uw Bw L' Rw' B R b r' l'");
      await page.click("#solve");
      await page.waitForSelector("#long-search:not([hidden])", { timeout: 60_000 });
      await shoot(page, "master-pyraminx-long-search");
      const question = await page.textContent("#long-search-text");
      const estimate = question.match(
        /^This search may take long\. Estimated from its own figures \([\d.]+ [kMG]? ?nodes\/s, ×[\d.]+ nodes per depth\): about [\d.]+ (s|min|h|days) more for depth (\d+)( \(up to [^)]+\))?; if the solution is longer, depth (\d+) about .+\.$/,
      );
      assert.ok(estimate, question);
      assert.equal(Number(estimate[4]), Number(estimate[2]) + 1);
      // The progress line said it too (a later slice may have outgrown the estimate).
      const said = new RegExp(`; estimate: about .+ more for depth ${estimate[2]}`);
      assert.ok(
        progress.some((text) => said.test(text)),
        progress.slice(-5).join("\n"),
      );
      assert.equal(await page.isVisible("#long-search-fast"), false);
      assert.match(
        await page.textContent("#long-search-note"),
        /^The Master Pyraminx has no faster solver yet: keep searching or cancel\.$/,
      );
      await page.click("#long-search-cancel");
      await waitForCancelled(page);
      assert.equal(await page.isVisible("#long-search"), false);
      await page.evaluate(() => (document.querySelector("#app").longSearchSeconds = 20));

      // A random-state scramble (solved optimally by the engine, then inverted: the WASM layer
      // checks that it is as long as an optimal solution back, a search of a minute here). It
      // reaches the position shown.
      const scrambled = Date.now();
      await page.click("#scramble");
      await page.waitForFunction(
        () =>
          /^Scrambled: /.test(
            document.querySelector("#app").shadowRoot.querySelector("#status").textContent,
          ),
        null,
        { timeout: 120_000 },
      );
      await idle(page, 60_000);
      t.diagnostic(`random-state scramble in ${((Date.now() - scrambled) / 1000).toFixed(1)} s`);
      assert.equal(await playerData(page, "solved"), "false");
      const scramble = (await page.textContent("#status")).replace(/^Scrambled: /, "").trim();
      const length = scramble.split(/\s+/).length;
      assert.ok(length >= 8 && length <= 24, scramble);
      const reached = await engineCall(page, "applyMoves", "master_pyraminx", "", scramble);
      assert.equal(reached.ok, true, reached.error);
      assert.equal(await playerData(page, "facelets"), reached.facelets);

      // After a reload: from IndexedDB, no download.
      await page.reload();
      await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
      await fastTurns(page);
      const again = await recordProgress(page);
      await applyMoves(page, "R' Uw l");
      await page.click("#solve");
      await page.waitForSelector('#player[data-solved="true"]', { timeout: 120_000 });
      await idle(page, 60_000);
      assert.ok(
        again.some((text) => text.startsWith("Loading the tables kept")),
        again.join("\n"),
      );
      assert.ok(!again.some((text) => text.startsWith("Downloading")));
      assert.equal(
        await page.evaluate(() =>
          document.querySelector("#app").engine.tableSource("master_pyraminx"),
        ),
        "cache",
      );
      assert.equal(await progressText(page), "");
      assertNoProblems(problems);
    },
  );
});
