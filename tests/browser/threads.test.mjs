// The two engines in the browser (docs/web.md): on a cross-origin isolated page the engine worker
// runs the threaded build, one pthread per core, whose multi-threaded BFS gives the same table as
// the single-threaded build (run in Node); on a page that is not isolated it runs the
// single-threaded build and still solves; on a host that sends no isolation headers the app's
// service worker adds them, and the page reloads once into isolation. The embeddable element
// registers no service worker: on a host page that is not isolated it uses one thread.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  assertNoProblems,
  browserSession,
  gotoPuzzle,
  playerData,
  scrambleAndSolve,
} from "../js/browser.mjs";
import { callJson, loadEngine } from "../js/engine.mjs";

const TEST = { timeout: 60_000 };
const THREADED_FILE =
  /\/assets\/engine-threads-\w+\/polytwist_engine_threads\.(mjs|wasm|worker\.js)$/;

const appEngine = (page) => page.evaluate(() => document.querySelector("#app").engine.engineInfo());
const hardwareConcurrency = (page) => page.evaluate(() => navigator.hardwareConcurrency);
const isolated = (page) => page.evaluate(() => self.crossOriginIsolated);
const threadedRequests = (responses) => responses.filter(({ url }) => THREADED_FILE.test(url));

/** The app page's engine: cube2's whole distance table, as the God's number panel shows it. */
const cube2Table = (page) =>
  page.evaluate(() => document.querySelector("#app").engine.distanceTable("cube2"));

/** The embedding demo's first player, started (its 3D button), and its engine's {threads, isolated}. */
async function embeddedEngine(page, url) {
  await page.goto(`${url}embed-demo.html`);
  const first = page.locator("polytwist-player").first();
  await first.locator("#start3d").click();
  await first.locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
  return first.evaluate((el) => el.engine.engineInfo());
}

describe("on a page the server makes cross-origin isolated", () => {
  const session = browserSession(); // COOP + COEP on every response, as ./run sends them

  it(
    "the worker runs the threaded engine, whose BFS table matches the single-threaded one",
    TEST,
    async () => {
      // Without service workers: the isolation comes from the headers alone.
      const { page, problems, responses } = await session.open({ serviceWorkers: "block" });
      await gotoPuzzle(page, session.site.url, "cube2");
      assert.equal(await isolated(page), true);
      const cores = await hardwareConcurrency(page);
      assert.deepEqual(await appEngine(page), { ok: true, threads: cores, isolated: true });
      // The module, its wasm and one pthread worker script per pooled thread were fetched.
      const fetched = threadedRequests(responses).map(({ url }) => url.split(".").at(-1));
      assert.equal(fetched.filter((ext) => ext === "mjs").length >= 1, true, `${fetched}`);
      assert.equal(fetched.filter((ext) => ext === "wasm").length, 1, `${fetched}`);

      // 3,674,160 entries: enough for the BFS to split each layer between the threads.
      const threaded = await cube2Table(page);
      const single = callJson(await loadEngine(), "distanceTable", "cube2", null);
      assert.equal(threaded.ok, true, JSON.stringify(threaded));
      assert.deepEqual(threaded.counts, single.counts);
      assert.equal(threaded.gods_number, single.gods_number);

      await scrambleAndSolve(page, 7);
      assert.equal(await playerData(page, "solved"), "true");
      assertNoProblems(problems.filter((p) => !/Service Worker registration blocked/.test(p)));
    },
  );

  it("an embedded player on an isolated host page uses the threaded engine", TEST, async () => {
    const { page, problems } = await session.open();
    const info = await embeddedEngine(page, session.site.url);
    assert.deepEqual(info, { ok: true, threads: await hardwareConcurrency(page), isolated: true });
    assertNoProblems(problems);
  });
});

describe("on a host that sends no isolation headers", () => {
  const session = browserSession({ isolated: false });

  it(
    "without a service worker the page runs the single-threaded engine and solves",
    TEST,
    async () => {
      const { page, problems, responses } = await session.open({ serviceWorkers: "block" });
      await gotoPuzzle(page, session.site.url, "cube2");
      assert.equal(await isolated(page), false);
      assert.deepEqual(await appEngine(page), { ok: true, threads: 1, isolated: false });
      assert.deepEqual(threadedRequests(responses), []);
      await scrambleAndSolve(page, 7);
      assert.equal(await playerData(page, "solved"), "true");
      assertNoProblems(problems.filter((p) => !/Service Worker registration blocked/.test(p)));
    },
  );

  it("the app's service worker isolates the page after one reload", TEST, async () => {
    const { page, problems } = await session.open();
    const loads = []; // documents loaded (the app's history updates are no loads)
    page.on("load", () => loads.push(page.url()));
    await page.goto(`${session.site.url}?puzzle=cube2`);
    // The first load installs the worker, which precaches the site; then the page reloads.
    await page.waitForFunction(() => self.crossOriginIsolated, null, { timeout: 30_000 });
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    await page.waitForLoadState("load");
    assert.equal(loads.length, 2, loads.join("\n"));
    assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
    assert.deepEqual(await appEngine(page), {
      ok: true,
      threads: await hardwareConcurrency(page),
      isolated: true,
    });
    await scrambleAndSolve(page, 7);

    // The next visit is isolated from its first load on: no second reload.
    await gotoPuzzle(page, session.site.url, "cube2");
    assert.equal(await isolated(page), true);
    assert.equal(loads.length, 3, loads.join("\n"));
    assertNoProblems(problems);
  });

  it("an embedded player registers no service worker and uses one thread", TEST, async () => {
    const { page, problems } = await session.open();
    const info = await embeddedEngine(page, session.site.url);
    assert.deepEqual(info, { ok: true, threads: 1, isolated: false });
    const registrations = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    );
    assert.deepEqual(registrations, []);
    assertNoProblems(problems);
  });
});
