// Faults in the browser (issue 27), on the built site in headless Chromium, each injected: the
// Master Pyraminx's table set (the one ./test's site ships: 25.5 MB in 2 gzip pieces) kept in a
// storage whose quota is too small, a download cut by a closed tab, a kept piece truncated
// between visits, memory that cannot grow; the threaded engine refused by a worker-src policy;
// the service worker's reload into isolation while a solve runs. What the page does about each
// (docs/web.md, "Faults"): a clear message, never a damaged table, and the next visit recovers.
// One page for the table faults (each visit a fresh load of its address), one for each of the other two.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  applyMoves,
  assertNoProblems,
  browserSession,
  fastTurns,
  gotoPuzzle,
  idle,
  openPage,
} from "../js/browser.mjs";
import { repoDir } from "../js/engine.mjs";
import { serveStatic } from "../js/static-server.mjs";

const TEST = { timeout: 120_000 };
const PUZZLE = "master_pyraminx";
const SHORT = "U Lw R' b Bw L"; // 6 moves: solved at once once the tables are there
const LONG = "B' Uw' B' Rw' B L Uw' Rw' R Lw' B' Uw Bw L' Rw' B R b r' l'"; // minutes of search

const session = browserSession();

const messages = (page) => page.locator("#messages li").allTextContents();
const tableSource = (page) =>
  page.evaluate((id) => document.querySelector("#app").engine.tableSource(id), PUZZLE);

/**
 * The table cache's IndexedDB store (worker/table-cache.js), from the page (the worker's origin):
 * `keys` lists the Master Pyraminx's entries (its set's manifest and pieces, key#i) a visit
 * kept; `truncate` cuts entry `name`'s bytes to 100,000, as a storage that lost its end would.
 * (No code is passed in: the site's policy allows no eval.)
 */
const onStore = (page, operation, name) =>
  page.evaluate(
    async ([operation, name]) => {
      const ask = (request) =>
        new Promise((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const opening = indexedDB.open("polytwist-tables", 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore("tables");
      const db = await ask(opening);
      try {
        const store = db.transaction("tables", "readwrite").objectStore("tables");
        if (operation === "truncate") {
          const piece = await ask(store.get(name));
          piece.bytes = piece.bytes.slice(0, 100_000);
          await ask(store.put(piece, name));
          return null;
        }
        const keys = await ask(store.getAllKeys());
        return keys.filter((key) => key.startsWith("master_pyraminx-")).sort();
      } finally {
        db.close(); // a later visit's worker must not wait for this connection
      }
    },
    [operation, name],
  );

const keptKeys = (page) => onStore(page, "keys");

/** Waits (20 s at most) until the keys kept satisfy `done(keys)`: keeping ends in the background. */
async function keptEventually(page, done) {
  for (let tries = 0; !done(await keptKeys(page)); tries++) {
    assert.ok(tries < 100, `kept: ${await keptKeys(page)}`);
    await page.waitForTimeout(200);
  }
}

/** Clicks Solve on SHORT and waits until the solution has played. */
async function solveShort(page) {
  await fastTurns(page);
  await applyMoves(page, SHORT);
  await page.click("#solve");
  await page.waitForSelector('#player[data-solved="true"]', { timeout: 90_000 });
  await idle(page, 60_000);
  assert.match(await page.textContent("#status"), /^Solved: optimal \(6 moves\)/);
}

/** The table files a visit asked for, from `responses` after index `from`. */
const tableFiles = (responses, from) =>
  responses
    .slice(from)
    .filter(({ url }) => url.includes("/tables/"))
    .map(({ url }) => url.split("/").at(-1));

describe("table storage faults", () => {
  it(
    "a full quota, a download cut by a closed tab, a truncated piece, memory that cannot grow",
    { timeout: 300_000 },
    async (t) => {
      const started = Date.now();
      const { page, problems, responses } = await session.open({
        serviceWorkers: "block",
        viewport: { width: 1366, height: 800 },
      });
      const cdp = await page.context().newCDPSession(page);
      const origin = new URL(session.site.url).origin;

      // 1. Quota: the browser gives this site 4 MB. The solve goes on with the tables in memory
      // and says they were not kept.
      await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: 4 * 2 ** 20 });
      await gotoPuzzle(page, session.site.url, PUZZLE);
      await solveShort(page);
      const quota = await messages(page);
      assert.ok(
        quota.some((text) =>
          /^The tables \(26 MB\) were not kept: the browser('s storage for this site is full| allows this site \d+ MB more storage)\. The next visit fetches them again\./.test(
            text,
          ),
        ),
        quota.join("\n"),
      );
      assert.deepEqual(await keptKeys(page), []);
      await cdp.send("Storage.overrideQuotaForOrigin", { origin }); // the quota back

      // 2. The next visit downloads the set again; the tab is closed while the second piece is
      // on its way (its request never answered): the first piece stays kept, with no manifest.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      const secondPiece = /\/tables\/master_pyraminx-[\w-]+\/1\.gz$/;
      // Aborted once the tab is gone (its worker with it): "aborted" is how a closed tab's
      // requests end.
      await page.route(secondPiece, (route) =>
        held.then(() => route.abort("aborted").catch(() => {})),
      );
      await gotoPuzzle(page, session.site.url, PUZZLE);
      await fastTurns(page);
      await applyMoves(page, SHORT);
      await page.click("#solve");
      await keptEventually(page, (keys) => keys.some((key) => key.endsWith("#0")));
      const cut = responses.length;
      await gotoPuzzle(page, session.site.url, PUZZLE);
      release();
      await page.unroute(secondPiece);
      const [setKey] = (await keptKeys(page)).filter((key) => key.endsWith("#0"));
      assert.ok(setKey, "the first piece was kept");
      assert.deepEqual(await keptKeys(page), [setKey], "only the first piece: no manifest");

      // 3. The visit after resumes: only the second piece is downloaded, and the set is kept.
      await solveShort(page);
      assert.deepEqual(tableFiles(responses, cut), ["manifest.json", "1.gz"]);
      assert.equal(await tableSource(page), "download");
      const key = setKey.slice(0, -2);
      const whole = [key, `${key}#0`, `${key}#1`];
      await keptEventually(page, (keys) => keys.join() === whole.join());

      // 4. Between visits, storage cuts the second piece short: the next visit refuses it (its
      // hash), says so, downloads the set again and keeps it.
      await onStore(page, "truncate", `${key}#1`);
      const damaged = responses.length;
      await gotoPuzzle(page, session.site.url, PUZZLE);
      await solveShort(page);
      const refused = await messages(page);
      assert.ok(
        refused.some((text) =>
          /^The tables kept in this browser could not be used: piece 2 of 2 is damaged \(it does not decompress\)\. They were downloaded again\./.test(
            text,
          ),
        ),
        refused.join("\n"),
      );
      assert.deepEqual(tableFiles(responses, damaged), ["manifest.json", "0.gz", "1.gz"]);
      await keptEventually(page, (keys) => keys.join() === whole.join());

      // 5. Memory: the engine's heap cannot grow (WebAssembly.Memory.grow throws, as when the
      // device has no more). The page says what to do; the kept set is not dropped.
      const [engineWorker] = await Promise.all([
        page.waitForEvent("worker", { predicate: (worker) => /engine\.worker/.test(worker.url()) }),
        gotoPuzzle(page, session.site.url, PUZZLE),
      ]);
      await engineWorker.evaluate(() => {
        WebAssembly.Memory.prototype.grow = () => {
          throw new RangeError("WebAssembly.Memory.grow(): Maximum memory size exceeded");
        };
      });
      await fastTurns(page);
      await applyMoves(page, SHORT);
      await page.click("#solve");
      await page.waitForFunction(
        () =>
          /memory/.test(
            document.querySelector("#app").shadowRoot.querySelector("#status").textContent,
          ),
        null,
        { timeout: 60_000 },
      );
      await idle(page);
      const memory = await page.textContent("#status");
      assert.equal(
        memory,
        "solveOptimal: the engine ran out of memory and was restarted; nothing changed. Close other tabs or use a device with more memory",
      );
      assert.ok((await messages(page)).some((text) => text.startsWith(memory)));
      // The kept set is not dropped, and the restarted engine (its heap free to grow) solves.
      assert.deepEqual(await keptKeys(page), whole);
      await page.click("#solve");
      await page.waitForSelector('#player[data-solved="true"]', { timeout: 60_000 });
      await idle(page);
      assert.equal(await tableSource(page), "cache");
      t.diagnostic(`table faults in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      assertNoProblems(problems.filter((p) => !/Service Worker registration blocked/.test(p)));
    },
  );
});

describe("the threaded engine refused", () => {
  it("by a worker-src policy: the single-threaded engine, with a console note", TEST, async () => {
    const { page, problems } = await session.open({ serviceWorkers: "block" });
    const notes = [];
    page.on("console", (msg) => notes.push(msg.text()));
    // The engine worker's own policy refuses every worker it would start (its pthreads').
    await page.route(/\/assets\/engine\.worker-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers(), "content-security-policy": "worker-src 'none'" };
      await route.fulfill({ response, headers });
    });
    const started = Date.now();
    await gotoPuzzle(page, session.site.url, "cube2");
    const info = await page.evaluate(() => document.querySelector("#app").engine.engineInfo());
    assert.deepEqual(info, { ok: true, threads: 1, isolated: true });
    assert.ok(Date.now() - started < 15_000, "the fallback waited for the start's time limit");
    assert.ok(
      notes.some((text) =>
        /^polytwist: threaded engine unavailable, using one thread: the Content-Security-Policy refuses its workers \(worker-src\)$/.test(
          text,
        ),
      ),
      notes.join("\n"),
    );
    await applyMoves(page, "R U F' R2");
    await page.click("#solve");
    await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
    assertNoProblems(problems.filter((p) => !/Service Worker registration blocked/.test(p)));
  });
});

describe("the reload into isolation", () => {
  it("waits until the running solve ends", TEST, async () => {
    // A host that sends no isolation headers: the service worker adds them, then the page
    // reloads once (threads.test.mjs). Its script is held back until a long search runs.
    const server = await serveStatic(`${repoDir}build/site`);
    let visit;
    try {
      visit = await openPage(session.site.browser);
      const { page, problems } = visit;
      let release;
      const held = new Promise((resolve) => (release = resolve));
      // (Through the context: the page's own routes do not see the service worker's script.)
      await page.context().route(/\/sw\.js$/, (route) => held.then(() => route.continue()));
      const loads = [];
      page.on("load", () => loads.push(page.url()));
      await gotoPuzzle(page, `${server.url}?puzzle=${PUZZLE}`);
      await page.evaluate(() => (document.querySelector("#app").longSearchSeconds = 3600));
      await fastTurns(page);
      await applyMoves(page, LONG);
      await page.click("#solve");
      await page.waitForFunction(
        () =>
          /^Searching depth/.test(
            document.querySelector("#app").shadowRoot.querySelector("#progress").textContent,
          ),
        null,
        { timeout: 60_000 },
      );
      release();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.waitForTimeout(1500); // the reload it would have made at once
      assert.equal(loads.length, 1, loads.join("\n"));
      assert.equal(await page.getAttribute("#player", "data-busy"), "true");
      assert.match(await page.textContent("#progress"), /^Searching depth/);
      // Cancelled, the page is idle: it reloads into isolation.
      await Promise.all([page.waitForEvent("load", { timeout: 30_000 }), page.click("#cancel")]);
      await page.waitForFunction(() => self.crossOriginIsolated, null, { timeout: 30_000 });
      assert.equal(loads.length, 2, loads.join("\n"));
      assertNoProblems(problems);
    } finally {
      await visit?.page.close();
      await server.close();
    }
  });
});
