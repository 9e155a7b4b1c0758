// The site under its own strict Content-Security-Policy (web/csp.js, docs/web.md): no
// 'unsafe-inline' scripts or styles, no 'unsafe-eval' (only 'wasm-unsafe-eval', for compiling the
// engine), object-src 'none'. Every page and what it does (the app page's scramble, solve, colour
// editor, share link, Export menu, distance table, numbering panel, a table download and its
// service worker; the embedding demo; embed.html; the scramble sheets) runs with no violation:
// none reported by a securitypolicyviolation event, and no CSP message on the console of the page
// or its workers.
// First the policy as static hosts deliver it (the pages' <meta>, here also sent as a header so
// that the workers get it too), then as `polytwist serve` sends it, frame-ancestors included.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { policyText } from "../../web/csp.js";
import {
  assertNoProblems,
  browserSession,
  fastTurns,
  gotoPuzzle,
  idle,
  playerData,
} from "../js/browser.mjs";
import { startServer } from "../server/serve.mjs";

const repoDir = fileURLToPath(new URL("../../", import.meta.url));
const siteDir = `${repoDir}build/site`;

const TEST = { timeout: 90_000 };
const POLICY = policyText();

const session = browserSession({ headers: { "Content-Security-Policy": POLICY } });

/** Text of a console message about the policy (Chromium: "Refused to … Content Security Policy"). */
const isCspMessage = (text) => /Content[ -]Security[ -]Policy|Refused to /i.test(text);

/**
 * Opens a page that records every CSP violation of its frames and workers in `violations`: the
 * securitypolicyviolation events (through a binding, which the policy does not govern) and the
 * console's CSP messages. Dialogs are recorded too (none is expected) and dismissed.
 */
async function openWatched(pageOptions) {
  const { page, problems } = await session.open(pageOptions);
  const violations = [];
  await page.exposeBinding("reportCspViolation", ({ frame }, text) =>
    violations.push(`${frame.url()}: ${text}`),
  );
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      window.reportCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  const onConsole = (msg) => isCspMessage(msg.text()) && violations.push(`console: ${msg.text()}`);
  page.on("console", onConsole);
  page.on("worker", (worker) => worker.on("console", onConsole));
  page.on("dialog", (dialog) => {
    violations.push(`dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  return { page, problems, violations };
}

/** The policy the page's <meta> carries. */
const metaPolicy = (page) =>
  page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");

describe(`under the site's policy "${POLICY}"`, () => {
  it(
    "the app page scrambles, solves, edits colours, shares, exports and installs its worker",
    TEST,
    async () => {
      const { page, problems, violations } = await openWatched();
      await gotoPuzzle(page, session.site.url, "cube2");
      assert.equal(await metaPolicy(page), POLICY);
      await fastTurns(page);
      await page.click("#scramble");
      await idle(page);
      assert.equal(await playerData(page, "solved"), "false");
      await page.click("#solve");
      await idle(page, 45_000);
      assert.equal(await playerData(page, "solved"), "true");
      assert.match(await page.textContent("#status"), /Solved/);

      // The colour editor: its net, palette and 3D painting (styles set through the CSSOM).
      await page.click("#edit");
      await page.waitForSelector('.state-editor[data-validation="valid"]');
      await page.click('.swatch[data-face="R"]');
      await page.click('.sticker-net .sticker[data-facelet="0"]');
      await page.waitForSelector('.state-editor[data-validation="invalid"]');
      await page.click("#edit-cancel");
      await page.waitForSelector("#edit-panel", { state: "hidden" });

      // A share link, opened in the page again.
      await page.click("#share");
      await page.waitForSelector("#share-output:not([hidden])");
      const link = await page.inputValue("#share-url");
      assert.match(link, /[?&]puzzle=cube2(&|$)/);
      await page.goto(link);
      await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });

      // Export: a PNG of the engine's flat picture (an SVG decoded through a blob: image) and
      // a GIF (gifenc).
      await page.click("#export-button");
      await page.waitForSelector("#export-menu:popover-open #export-form");
      await page.selectOption("#export-view", "iso");
      const [png] = await Promise.all([
        page.waitForEvent("download"),
        page.click("#export-download"),
      ]);
      assert.match(png.suggestedFilename(), /\.png$/);
      await page.check('input[name="format"][value="gif"]');
      await page.selectOption("#export-size", "128");
      const [gif] = await Promise.all([
        page.waitForEvent("download", { timeout: 60_000 }),
        page.click("#export-download"),
      ]);
      assert.match(gif.suggestedFilename(), /\.gif$/);
      await page.keyboard.press("Escape");

      // The offline app's service worker installs, and controls the page after a reload.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await gotoPuzzle(page, session.site.url, "pyraminx");
      assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);
      assert.equal(await metaPolicy(page), POLICY);

      // The distance table, with its progress and bar chart (an SVG built element by element).
      await page.click("#gods-compute");
      await page.waitForSelector("#gods-result:not([hidden])", { timeout: 60_000 });
      assert.ok((await page.locator("#gods-chart rect").count()) > 5, "no bars drawn");

      assert.deepEqual(violations, []);
      assertNoProblems(problems);
    },
  );

  it(
    "the app page downloads a table set with its progress, and numbers stickers",
    TEST,
    async () => {
      const { page, problems, violations } = await openWatched();
      await gotoPuzzle(page, session.site.url, "master_pyraminx");
      const progress = [];
      await page.exposeFunction("recordProgress", (text) => progress.push(text));
      await page.evaluate(() => {
        const node = document.querySelector("#app").shadowRoot.querySelector("#progress");
        new MutationObserver(() => window.recordProgress(node.textContent)).observe(node, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      });
      await fastTurns(page);
      await page.evaluate(() => document.querySelector("#app").turn("R U"));
      await page.click("#solve");
      await page.waitForSelector('#player[data-solved="true"]', { timeout: 80_000 });
      assert.ok(
        progress.some((text) => text.startsWith("Downloading tables")),
        `no download shown: ${progress.join(" | ")}`,
      );

      // The numbering panel: a net of digits drawn as SVG, its example checked by the engine.
      await gotoPuzzle(page, session.site.url, "numbered_pyraminx");
      await page.click("#numbering-example");
      await page.waitForSelector('#numbering[data-validation="valid"]');
      assert.deepEqual(violations, []);
      assertNoProblems(problems);
    },
  );

  it("the scramble sheets make their scrambles and pictures", TEST, async () => {
    const { page, problems, violations } = await openWatched();
    await page.goto(`${session.site.url}scrambles.html?events=clock,sq1&seed=3`);
    assert.equal(await metaPolicy(page), POLICY);
    await page.waitForSelector("#print-sheets:not([disabled])", { timeout: 60_000 });
    assert.equal(await page.locator(".sheet-picture img").count(), 14);
    assert.deepEqual(violations, []);
    assertNoProblems(problems);
  });

  it("the embedding demo's players render as pictures and in 3D, and play", TEST, async () => {
    const { page, problems, violations } = await openWatched();
    await page.goto(`${session.site.url}embed-demo.html`);
    assert.equal(await metaPolicy(page), POLICY);
    const players = page.locator("polytwist-player");
    const first = players.first();
    await first.locator('#player[data-picture="true"]').waitFor({ timeout: 30_000 });
    assert.ok((await first.locator("#picture path[data-f]").count()) > 10, "no picture");
    await first.locator("#start3d").click();
    await first.locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
    const drawn = await first.evaluate(async (el) => {
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      const canvas = el.shadowRoot.querySelector("#view");
      const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
      return data.filter((value, i) => i % 4 === 3 && value > 0).length;
    });
    assert.ok(drawn > 1000, `only ${drawn} pixels drawn`);
    // The second player has an alg: it plays to its end.
    const second = players.nth(1);
    await second.evaluate((el) => el.play());
    assert.equal(await second.evaluate((el) => el.moveIndex), 2);
    assert.deepEqual(violations, []);
    assertNoProblems(problems);
  });

  it(
    "the documentation: the demo's and the app's links lead to its pages, styled, under the policy",
    TEST,
    async () => {
      const { page, problems, violations } = await openWatched();
      await page.goto(`${session.site.url}embed-demo.html`);
      const [answer] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith("/docs/embedding.html")),
        page.getByRole("link", { name: "embedding guide" }).click(),
      ]);
      assert.equal(answer.status(), 200);
      assert.equal(
        await page.textContent("h1"),
        "Embedding polytwist: a guide for wiki admins and page authors",
      );
      assert.equal(await metaPolicy(page), POLICY);
      // docs.css applied: the text in a column, the site's colours.
      const column = await page.$eval("main.doc", (main) => getComputedStyle(main).maxWidth);
      assert.notEqual(column, "none");
      // A link to another doc, with its heading's anchor, lands on that heading.
      await page.click('a[href="server.html#mediawiki"]');
      await page.waitForURL(/docs\/server\.html#mediawiki$/);
      assert.equal(await page.locator("h2#mediawiki, h3#mediawiki").count(), 1);
      await page.getByRole("link", { name: "Documentation" }).click();
      await page.waitForURL(/docs\/index\.html$/);
      assert.ok((await page.locator("main a").count()) >= 20, "the index lists the docs");
      await page.getByRole("link", { name: "The app" }).click();
      await page.waitForURL(/\/index\.html$/);
      await page.getByRole("link", { name: "Docs" }).click();
      await page.waitForURL(/docs\/index\.html$/);
      assert.deepEqual(violations, []);
      assertNoProblems(problems);
    },
  );

  it("the documentation's pages link only to files the site has", async () => {
    const docs = `${siteDir}/docs`;
    const pages = (await readdir(docs, { recursive: true })).filter((f) => f.endsWith(".html"));
    // One page per Markdown file of docs/, and the index.
    const sources = (await readdir(`${repoDir}docs`, { recursive: true })).filter((f) =>
      f.endsWith(".md"),
    );
    assert.deepEqual(
      pages.filter((f) => f !== "index.html").sort(),
      sources.map((f) => f.replace(/\.md$/, ".html")).sort(),
    );
    const broken = [];
    let checked = 0;
    for (const page of pages) {
      const html = await readFile(`${docs}/${page}`, "utf8");
      for (const [, target] of html.matchAll(/(?:href|src)="([^"]*)"/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // another site's
        const url = new URL(target, `file://${docs}/${page}`);
        const file = decodeURIComponent(url.pathname);
        const text = existsSync(file) ? await readFile(file, "utf8") : null;
        const anchor = url.hash.slice(1);
        if (text === null) broken.push(`${page}: ${target} (no such file)`);
        else if (anchor && !text.includes(`id="${decodeURIComponent(anchor)}"`))
          broken.push(`${page}: ${target} (no such heading)`);
        checked++;
      }
    }
    assert.deepEqual(broken, []);
    assert.ok(checked > 200, `only ${checked} links checked`);
    // A doc's path in the text links to its page: embedding.md says "(docs/web.md)".
    const guide = await readFile(`${docs}/embedding.html`, "utf8");
    assert.match(guide, /<a href="web\.html">docs\/web\.md<\/a>/);
  });

  it("embed.html shows its player, its messages, and plays", TEST, async () => {
    const { page, problems, violations } = await openWatched({
      viewport: { width: 420, height: 520 },
    });
    await page.goto(`${session.site.url}embed.html?puzzle=pyraminx&alg=R%20U&colour=red`);
    assert.equal(await metaPolicy(page), POLICY);
    await page.locator("#embed-messages").filter({ hasText: "colour" }).waitFor();
    const player = page.locator("polytwist-player");
    await player.locator('#player[data-picture="true"]').waitFor({ timeout: 30_000 });
    await player.locator("#player").dispatchEvent("pointerdown");
    await player.locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
    await player.evaluate((el) => el.play());
    assert.equal(await player.evaluate((el) => el.moveIndex), 2);
    assert.deepEqual(violations, []);
    assertNoProblems(problems);
  });
});

/** Serves one HTML page from another origin (a forum, a wiki): {url, close()}. */
async function serveHostPage(html) {
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("under the policy `polytwist serve` sends", () => {
  let server;
  before(async () => {
    server = await startServer();
  });
  after(() => server?.stop());

  it(
    "the app page scrambles and solves under the header, which adds frame-ancestors",
    TEST,
    async () => {
      const { page, problems, violations } = await openWatched();
      const answer = await page.goto(`${server.url}/?puzzle=pyraminx`);
      assert.equal(
        answer.headers()["content-security-policy"],
        `${POLICY}; frame-ancestors 'self'`,
      );
      await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
      await page.click("#scramble");
      await idle(page);
      await page.click("#solve");
      await page.waitForSelector('#player[data-solved="true"]', { timeout: 45_000 });
      assert.deepEqual(violations, []);
      assertNoProblems(problems);
    },
  );

  it("embed.html may be framed by any site; the app page only by its own", TEST, async () => {
    const { page, violations } = await openWatched();
    const host = await serveHostPage(`<!doctype html><title>A forum post</title>
<iframe id="embed" src="${server.url}/embed.html?puzzle=cube2" width="320" height="380"></iframe>
<iframe id="app" src="${server.url}/" width="320" height="380"></iframe>`);
    after(() => host.close());
    await page.goto(host.url);
    const frame = () => page.frames().find((f) => f.url().includes("/embed.html"));
    await frame()
      .locator('polytwist-player #player[data-picture="true"]')
      .waitFor({ timeout: 30_000 });
    // The app page is refused: Chromium reports frame-ancestors on the host page's console.
    for (let i = 0; i < 50 && !violations.some((text) => /frame-ancestors/.test(text)); i++) {
      await page.waitForTimeout(100);
    }
    const refused = violations.filter((text) => /frame-ancestors/.test(text));
    assert.ok(refused.length > 0, `the app page was framed: ${violations.join("\n")}`);
    assert.ok(
      refused.every((text) => text.includes(`${server.url}/`) && !text.includes("embed.html")),
      refused.join("\n"),
    );
    assert.deepEqual(
      violations.filter((text) => !/frame-ancestors/.test(text)),
      [],
    );
  });
});
