// The offline app and the table cache: once the service worker controls the app page, the page
// works with the network off (scramble, solve, the God's number panel); a new version waits for
// the update notice's Reload; the distance table built on a first visit is imported from
// IndexedDB on the next. Each test gets a fresh browser context (no service worker, empty caches
// and IndexedDB). Service workers need a secure context: http://127.0.0.1 is one. One test runs
// the site from `polytwist serve` and counts, from its request log, what the first visit
// downloads: no file twice, the service worker's precache included.
import assert from "node:assert/strict";
import { appendFile, cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";

import {
  assertNoProblems,
  gotoPuzzle,
  idle,
  openPage,
  playerData,
  browserSession,
} from "../js/browser.mjs";
import { repoDir } from "../js/engine.mjs";
import { ISOLATION_HEADERS, serveStatic } from "../js/static-server.mjs";
import { startServer } from "../server/serve.mjs";

const TEST = { timeout: 60_000 };

let page;
let problems;

const session = browserSession();

// The Baby FTO's solver walks its whole table down, which the page keeps (the Pyraminx's and the
// 2x2x2's search smaller tables and keep none).
const tableSource = () =>
  page.evaluate(() => document.querySelector("#app").engine.tableSource("baby_fto"));

/** Waits until the page's service worker is installed and active (its precache filled). */
const serviceWorkerReady = () =>
  page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

/** The paths of every response in the page's Cache Storage. */
const cachedPaths = () =>
  page.evaluate(async () => {
    const paths = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

describe("the offline app", () => {
  it("precaches the site and then scrambles, solves and computes offline", TEST, async () => {
    ({ page, problems } = await session.open());
    await gotoPuzzle(page, session.site.url, "pyraminx");
    assert.equal(await page.getAttribute('link[rel="manifest"]', "href"), "./manifest.webmanifest");
    // Installed (and its precache filled) once ready; a reload puts the page under its control.
    await serviceWorkerReady();
    await gotoPuzzle(page, session.site.url, "pyraminx");
    assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);

    const paths = await cachedPaths();
    for (const wanted of [
      /^\/index\.html$/,
      /^\/polytwist-player\.js$/,
      /^\/manifest\.webmanifest$/,
      /^\/icon-192\.png$/,
      /^\/icon-512\.png$/,
      /^\/assets\/engine\.worker-[\w-]+\.js$/,
      /^\/assets\/polytwist_engine-[\w-]+\.wasm$/,
      /^\/assets\/index-[\w-]+\.js$/,
    ]) {
      assert.ok(
        paths.some((cached) => wanted.test(cached)),
        `${wanted} is not precached: ${paths}`,
      );
    }

    await page.context().setOffline(true);
    await gotoPuzzle(page, session.site.url, "pyraminx");
    await page.click("#scramble");
    await idle(page);
    assert.equal(await playerData(page, "solved"), "false");
    await page.click("#solve");
    await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
    await page.click("#gods-compute");
    await page.waitForSelector('#gods[data-state="shown"]', { timeout: 30_000 });
    assert.match(await page.textContent("#gods-summary"), /God's number: 15/);
    assertNoProblems(problems);
  });

  it("offers a new version with a notice and switches only on Reload", TEST, async () => {
    // A copy of the site, whose service worker the test then changes: the next version.
    const dir = await mkdtemp(path.join(tmpdir(), "polytwist-site-"));
    await cp(`${repoDir}build/site`, dir, { recursive: true });
    // Isolated by the server, as the session's site is: a host without the headers would add
    // the service worker's one reload into isolation (threads.test.mjs) to this test's steps.
    const server = await serveStatic(dir, { headers: ISOLATION_HEADERS });
    try {
      ({ page, problems } = await session.open());
      await gotoPuzzle(page, server.url, "pyraminx");
      await serviceWorkerReady();
      await appendFile(path.join(dir, "sw.js"), "\n// the next version\n");
      await gotoPuzzle(page, server.url, "pyraminx");
      const reload = page.locator("#update-prompt button", { hasText: "Reload" });
      await reload.waitFor({ timeout: 30_000 });
      assert.match(await page.textContent("#update-prompt"), /^Update available/);
      assert.equal(await page.getAttribute("#update-prompt", "role"), "status");
      const waiting = () =>
        page.evaluate(async () =>
          Boolean((await navigator.serviceWorker.getRegistration()).waiting),
        );
      assert.equal(await waiting(), true, "the new version did not wait");

      await Promise.all([page.waitForEvent("load"), reload.click()]);
      await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
      assert.equal(await waiting(), false, "the new version did not take over");
      assert.equal(await page.textContent("#update-prompt"), "");
      assertNoProblems(problems);
    } finally {
      await page?.close();
      page = null;
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the first visit, served by polytwist serve", () => {
  it("downloads no file twice, the service worker's precache included", TEST, async () => {
    const server = await startServer({ args: ["--log"] });
    let visit;
    try {
      visit = await openPage(session.site.browser);
      await gotoPuzzle(visit.page, `${server.url}/`);
      await visit.page.evaluate(() => navigator.serviceWorker.ready);
      // The precache is filled when the worker is active; its last requests may still be
      // logged a moment later.
      await visit.page.waitForFunction(async () => {
        const names = await caches.keys();
        return names.length > 0 && (await (await caches.open(names[0])).keys()).length > 10;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      // --log lines: "ADDRESS METHOD TARGET STATUS BYTES CODING".
      const requests = server.log
        .map((line) => line.match(/^\S+ (GET|HEAD) (\S+) (\d{3}) /))
        .filter(Boolean)
        .map(([, , target, status]) => ({ path: target.split("?")[0], status: Number(status) }));
      // Per file: "/" is index.html.
      const downloads = new Map();
      for (const { path, status } of requests.filter(({ status }) => status === 200)) {
        const file = path.endsWith("/") ? `${path}index.html` : path;
        downloads.set(file, (downloads.get(file) ?? 0) + 1);
      }
      const twice = [...downloads].filter(([, count]) => count > 1);
      assert.deepEqual(twice, [], `downloaded more than once: ${JSON.stringify(twice)}`);
      // The precache did fetch what the page had not (other .wasm builds, the icons), and
      // its revalidations of unhashed files cost a 304, not a download.
      assert.ok(downloads.has("/icon-512.png"), [...downloads.keys()].join(" "));
      const wasms = (await readdir(`${repoDir}build/site`, { recursive: true }))
        .filter((file) => file.endsWith(".wasm"))
        .map((file) => `/${file}`);
      for (const wasm of wasms) assert.equal(downloads.get(wasm), 1, `${wasm} downloads`);
      assert.ok(
        requests.every(({ status }) => status === 200 || status === 304),
        JSON.stringify(requests.filter(({ status }) => status !== 200 && status !== 304)),
      );
      assertNoProblems(visit.problems);
    } finally {
      await visit?.page.close();
      await server.stop();
    }
  });
});

describe("the table cache", () => {
  it("builds the table on the first visit and imports it on the next", TEST, async () => {
    ({ page, problems } = await session.open());
    await gotoPuzzle(page, session.site.url, "baby_fto");
    assert.equal(await tableSource(), "none");
    const scrambled = await page.evaluate(() =>
      document.querySelector("#app").engine.scramble("baby_fto", 1),
    );
    assert.equal(scrambled.random_state, true);
    assert.equal(await tableSource(), "built");

    await gotoPuzzle(page, session.site.url, "baby_fto");
    await page.click("#scramble");
    await idle(page);
    assert.equal(await tableSource(), "cache");
    await page.click("#solve");
    await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
    assertNoProblems(problems);
  });
});
