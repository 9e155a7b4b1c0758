// The offline app's update, from version A to version B of the site: the page offers it, and
// after Reload every file (the page's script, the engine worker's script, the engine's .wasm)
// is B's; before it every file is still A's. Never a mix. Each file reports its build id: the page
// `<html data-build-id>`, the worker `buildInfo().worker`, the engine `buildInfo().engine` (its
// `version().build_id`, compiled in).
//
// How A and B are made, honestly and cheaply: both are real `vite build`s of the site
// (POLYTWIST_BUILD_ID=A or B, written to a directory of their own), so the page, the worker, the
// service worker and its precache list are built as a release builds them. Compiling the engine
// twice would take minutes on two cores, so both builds read the engine built in build/wasm, in
// a copy whose .wasm files have their build id rewritten: the engine holds it in one fixed-width
// field, "polytwist-build-id:" followed by 32 characters padded with spaces
// (engine/api/service.cpp), and the test writes A or B there. B's engine is therefore A's engine
// byte for byte except for that field: a changed engine file (new content hash, new file name,
// new precache entry) that the test can tell apart by what it reports, but not a recompiled one.
//
// The table cache follows the definition, not the build: the Pyraminx table A built is used by B
// (their tables' definitions are equal), see docs/web.md "Caches and updates".
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { promisify } from "node:util";

import { assertNoProblems, gotoPuzzle, idle, openPage, startSite } from "../js/browser.mjs";
import { repoDir } from "../js/engine.mjs";
import { ISOLATION_HEADERS, serveStatic } from "../js/static-server.mjs";

const MARKER = Buffer.from("polytwist-build-id:");
const FIELD = 32;

/** Writes `id` into every build-id field of a .wasm's bytes; how many fields there were. */
function stampBuildId(bytes, id) {
  const field = Buffer.from(id.padEnd(FIELD, " "));
  let count = 0;
  for (let at = bytes.indexOf(MARKER); at >= 0; at = bytes.indexOf(MARKER, at + 1)) {
    field.copy(bytes, at + MARKER.length);
    count++;
  }
  return count;
}

/** build/wasm's modules copied to `dir`, the engines' .wasm stamped with `id`. */
async function stampedEngine(dir, id) {
  await mkdir(dir, { recursive: true });
  const source = `${repoDir}build/wasm`;
  const stamped = [];
  for (const entry of await readdir(source, { withFileTypes: true })) {
    if (!entry.isFile() || !/^polytwist_[\w.]+\.(mjs|wasm|js)$/.test(entry.name)) continue;
    const bytes = await readFile(path.join(source, entry.name));
    if (entry.name.endsWith(".wasm") && stampBuildId(bytes, id) > 0) stamped.push(entry.name);
    await writeFile(path.join(dir, entry.name), bytes);
  }
  // Both engines (one thread, threads) report a build id; the model module has none.
  assert.deepEqual(stamped.sort(), ["polytwist_engine.wasm", "polytwist_engine_threads.wasm"]);
}

/** A real site build with build id `id`, into `siteDir`. */
async function buildSite(root, id) {
  const wasmDir = path.join(root, `wasm-${id}`);
  const siteDir = path.join(root, `site-${id}`);
  await stampedEngine(wasmDir, id);
  await promisify(execFile)(
    `${repoDir}node_modules/.bin/vite`,
    ["build", "--config", "web/vite.config.js", "--logLevel", "error"],
    {
      cwd: repoDir,
      env: {
        ...process.env,
        POLYTWIST_BUILD_ID: id,
        POLYTWIST_WASM_DIR: wasmDir,
        POLYTWIST_SITE_DIR: siteDir,
      },
      maxBuffer: 1 << 24,
    },
  );
  return siteDir;
}

/** The files of a site, relative to it. */
async function siteFiles(dir) {
  return (await readdir(dir, { recursive: true })).map((file) => `/${file}`);
}

describe("the offline app's update", () => {
  let root;
  let sites;
  let browserSite;

  before(
    async () => {
      root = await mkdtemp(path.join(tmpdir(), "polytwist-update-"));
      // One after the other: two builds at once would only compete for the same cores.
      sites = { A: await buildSite(root, "update-test-A") };
      sites.B = await buildSite(root, "update-test-B");
      browserSite = await startSite({ repository: true });
    },
    { timeout: 600_000 },
  );
  after(async () => {
    await browserSite?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it(
    "swaps page, worker and engine together, and keeps the cached table",
    {
      timeout: 180_000,
    },
    async () => {
      // The engine files differ between the builds (so the precache lists new entries for them),
      // and so does the worker's script; their names carry their content hash.
      const filesA = await siteFiles(sites.A);
      const filesB = await siteFiles(sites.B);
      const engineOf = (files) =>
        files.filter((file) => /^\/assets\/polytwist_engine-[\w-]+\.wasm$/.test(file));
      assert.equal(engineOf(filesA).length, 1, filesA.join(" "));
      assert.notDeepEqual(engineOf(filesA), engineOf(filesB));
      const onlyA = filesA.filter(
        (file) =>
          file.startsWith("/assets/") &&
          !file.endsWith(".gz") &&
          !file.endsWith(".br") &&
          !filesB.includes(file),
      );
      assert.ok(
        onlyA.some((file) => /engine\.worker-/.test(file)),
        onlyA.join(" "),
      );

      const served = path.join(root, "served");
      await cp(sites.A, served, { recursive: true });
      const server = await serveStatic(served, { headers: ISOLATION_HEADERS });
      const { page, problems } = await openPage(browserSite.browser);
      const buildIds = () =>
        page.evaluate(async () => {
          const { worker, engine } = await document.querySelector("#app").engine.buildInfo();
          return { page: document.documentElement.dataset.buildId, worker, engine };
        });
      const all = (id) => ({ page: id, worker: id, engine: id });
      const cachedPaths = () =>
        page.evaluate(async () => {
          const paths = [];
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
          }
          return paths;
        });
      const tableSource = () =>
        page.evaluate(() => document.querySelector("#app").engine.tableSource("baby_fto"));
      try {
        // Version A, installed and in control; its Baby FTO table built and cached (its solver walks a whole table).
        await gotoPuzzle(page, server.url, "baby_fto");
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
        await gotoPuzzle(page, server.url, "baby_fto");
        assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
        assert.deepEqual(await buildIds(), all("update-test-A"));
        await page.click("#scramble");
        await idle(page);
        assert.equal(await tableSource(), "built");

        // The host now serves version B. The next visit finds it and offers it, still running A
        // (from A's precache) meanwhile.
        await rm(served, { recursive: true, force: true });
        await cp(sites.B, served, { recursive: true });
        await gotoPuzzle(page, server.url, "baby_fto");
        const reload = page.locator("#update-prompt button", { hasText: "Reload" });
        await reload.waitFor({ timeout: 60_000 });
        assert.match(await page.textContent("#update-prompt"), /^Update available/);
        assert.deepEqual(await buildIds(), all("update-test-A"));

        // Reload: every file is B's, the precache holds none of A's own files.
        await Promise.all([page.waitForEvent("load"), reload.click()]);
        await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
        assert.deepEqual(await buildIds(), all("update-test-B"));
        const cached = await cachedPaths();
        for (const file of engineOf(filesB))
          assert.ok(cached.includes(file), `${file} not precached`);
        const leftOver = onlyA.filter((file) => cached.includes(file));
        assert.deepEqual(leftOver, [], "files of version A still precached");

        // The table A built has B's definition too (only the build id changed): B imports it.
        await page.click("#scramble");
        await idle(page);
        assert.equal(await tableSource(), "cache");
        assertNoProblems(problems);
      } finally {
        await page.close();
        await server.close();
      }
    },
  );
});
