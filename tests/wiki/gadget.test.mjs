// The MediaWiki gadget for real (docs/embedding.md, "MediaWiki gadget"): a fresh MediaWiki 1.39
// (Debian's package, SQLite, PHP's built-in server) with the Gadgets extension, the gadget's pages
// from docs/wiki/ as an admin would paste them (its site address set at the top), and articles
// with <div class="polytwist"> players and external images. Chromium opens them: the gadget
// passes MediaWiki's ES5 check and loads, every div becomes a player that draws, one plays, the
// pictures show, and the browser reports no error. The polytwist site is another origin, as in
// real life, so this also covers the player's cross-origin start (its worker from a blob:).
//
// The polytwist site and the pictures come from `polytwist serve` (pictures in /image/Q.png, the
// form MediaWiki shows inline).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import { chromium } from "playwright-core";

import { repoDir } from "../js/engine.mjs";
import { startServer } from "../server/serve.mjs";
import { gadgetPages, missingPrerequisite, startWiki } from "./mediawiki.mjs";

const TEST = { timeout: 60_000 };
const siteDir = `${repoDir}build/site`;

/** The article's players: the div's data-* attributes and its text (the alg). */
const PLAYERS = [
  { puzzle: "pyraminx", alg: "R' L R L'" },
  { puzzle: "cube2", setup: "R U2 R' U' R U' R'", alg: "R U R' U R U2 R'" },
  { puzzle: "cube3", alg: "R U R' U'", controls: "none", camera: "azimuth:30; elevation:25" },
  { puzzle: "pyraminx", alg: "U R U' R'", background: "#fdf3e1" },
  // A puzzle by its description (data-description), derived by the engine.
  { description: "c f 0.25 f 0.75 f 0", alg: "R U R' U'" },
];

/** The article's external pictures: [puzzle, alg]. */
const PICTURES = [
  ["pyraminx", "R U'"],
  ["cube2", "R U R' U'"],
];

const escapeHtml = (text) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Wikitext of one player: a div MediaWiki keeps (class and data-* attributes). */
const playerDiv = ({ alg = "", ...attributes }) => {
  const data = Object.entries({ ...attributes, alg })
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join("");
  return `<div class="polytwist"${data}>${escapeHtml(alg)}</div>`;
};

let site; // the polytwist site (another origin than the wiki)
let imageUrls; // the article's external pictures
let wiki;
let browser;

before(async () => {
  const missing = await missingPrerequisite();
  if (missing) throw new Error(missing);
  if (!existsSync(`${siteDir}/polytwist-player.js`)) {
    throw new Error(`${siteDir}/polytwist-player.js is missing: run \`npm run build:web\` first`);
  }
  // The polytwist site and the pictures: `polytwist serve` (docs/server.md), on its own port.
  const server = await startServer();
  site = { url: `${server.url}/`, stop: () => server.stop() };
  // MediaWiki shows an external image only if its URL ends in .png, .gif, .jpg or .jpeg: the
  // server's path form (docs/server.md, MediaWiki).
  imageUrls = PICTURES.map(
    ([puzzle, alg]) =>
      `${site.url}image/pzl=${puzzle}&alg=${encodeURIComponent(alg).replace(/'/g, "%27")}.png`,
  );
  wiki = await startWiki({
    settings: `$wgAllowExternalImagesFrom = [ ${JSON.stringify(site.url)} ];`,
    pages: [
      ...gadgetPages(site.url),
      [
        "Pyraminx algorithms",
        [
          "A few algorithms, each with a polytwist player.",
          "== Players ==",
          ...PLAYERS.map(playerDiv),
          "== Pictures ==",
          ...imageUrls,
        ].join("\n\n"),
      ],
      [
        "Gadget edge cases",
        // Only the player's attributes are copied, as values; markup in them stays text.
        `<div class="polytwist" data-puzzle="pyraminx" data-alg="&lt;img src=x onerror=&quot;window.injected=1&quot;&gt;" data-onclick="window.injected=2" data-foo="bar">fallback</div>`,
      ],
    ],
  });

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
    headless: true,
  });
});

after(async () => {
  await browser?.close();
  const dir = wiki?.dir;
  await wiki?.stop();
  await site?.stop();
  if (dir) assert.equal(existsSync(dir), false, `${dir} was not removed`);
});

/** A page of the wiki that records console errors, page errors and failed requests. */
async function openWikiPage(title, options = {}) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 }, ...options });
  const problems = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => {
    if (req.failure()?.errorText === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(`${wiki.url}index.php/${encodeURIComponent(title.replace(/ /g, "_"))}`);
  return { page, problems };
}

describe("MediaWiki 1.39 with the polytwist gadget", () => {
  it(
    "the article's divs carry the alg as text before any script (no-JavaScript readers)",
    TEST,
    async () => {
      const page = await browser.newPage({ javaScriptEnabled: false });
      try {
        await page.goto(`${wiki.url}index.php/Pyraminx_algorithms`);
        const divs = await page
          .locator("div.polytwist")
          .evaluateAll((all) =>
            all.map((div) => ({ text: div.textContent, puzzle: div.dataset.puzzle })),
          );
        assert.deepEqual(
          divs,
          PLAYERS.map(({ alg, puzzle }) => ({ text: alg, puzzle })),
        );
        assert.equal(await page.locator("polytwist-player").count(), 0);
      } finally {
        await page.close();
      }
    },
  );

  it(
    "turns every div into a player that draws; one plays; the pictures show; no errors",
    TEST,
    async () => {
      const { page, problems } = await openWikiPage("Pyraminx algorithms");
      try {
        // MediaWiki's ES5 check accepted the gadget: a script it refuses leaves the module in
        // state "error" (and logs the parse error).
        const state = await page
          .waitForFunction(
            () => {
              const now = mw.loader.getState("ext.gadget.polytwist");
              return (now === "ready" || now === "error") && now;
            },
            null,
            { timeout: 20_000 },
          )
          .then((handle) => handle.jsonValue());
        assert.equal(state, "ready", `the gadget's module: ${state}\n${problems.join("\n")}`);
        const players = page.locator("div.polytwist > polytwist-player");
        await page.waitForFunction(
          (n) => document.querySelectorAll("div.polytwist > polytwist-player").length === n,
          PLAYERS.length,
          { timeout: 20_000 },
        );
        // Each paints a picture of its start position first, and loads nothing more.
        for (let i = 0; i < PLAYERS.length; i++) {
          const player = players.nth(i);
          await player.scrollIntoViewIfNeeded();
          await player.locator('#player[data-picture="true"]').waitFor({ timeout: 30_000 });
        }
        assert.equal(page.workers().length, 0, "an engine worker started before a touch");
        // Touched, each starts its 3D view, which draws.
        for (let i = 0; i < PLAYERS.length; i++) {
          const player = players.nth(i);
          await player.scrollIntoViewIfNeeded();
          await player.locator("#player").dispatchEvent("pointerdown");
          await player.locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
          const shown = await player.evaluate(async (el) => {
            for (let k = 0; k < 2; k++)
              await new Promise((resolve) => requestAnimationFrame(resolve));
            const canvas = el.shadowRoot.querySelector("#view");
            const { data } = canvas
              .getContext("2d")
              .getImageData(0, 0, canvas.width, canvas.height);
            return {
              ready: await el.ready,
              drawn: data.filter((value, k) => k % 4 === 3 && value > 0).length,
              attributes: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
            };
          });
          assert.equal(shown.ready, true, `player ${i}: an attribute was refused`);
          assert.ok(shown.drawn > 1000, `player ${i}: only ${shown.drawn} pixels drawn`);
          assert.deepEqual(shown.attributes, PLAYERS[i], `player ${i}'s attributes`);
        }

        // The first player plays its alg to the end.
        const first = players.first();
        await first.scrollIntoViewIfNeeded();
        await first.locator("#play").click();
        await first.evaluate(
          (el) =>
            new Promise((resolve, reject) => {
              const deadline = Date.now() + 20_000;
              const check = () => {
                if (el.moveIndex === el.moves.length && !el.playing) resolve();
                else if (Date.now() > deadline) reject(new Error(`stuck at move ${el.moveIndex}`));
                else setTimeout(check, 50);
              };
              check();
            }),
        );

        // The engine's worker started from a blob: module of the wiki's origin, which imported
        // the worker script from the polytwist site; the wasm came from the site too.
        const workers = page.workers().map((worker) => worker.url());
        assert.ok(
          workers.some((url) => url.startsWith(`blob:${wiki.url.slice(0, -1)}`)),
          `workers: ${workers.join(", ")}`,
        );
        const engineInfo = await first.evaluate((el) => el.engine.engineInfo());
        assert.equal(engineInfo.ok, true);
        assert.equal(engineInfo.isolated, false);

        // The external pictures.
        const images = await page
          .locator("img")
          .evaluateAll(
            (all, prefix) =>
              all
                .filter((img) => img.src.startsWith(prefix))
                .map((img) => ({ src: img.src, complete: img.complete, width: img.naturalWidth })),
            site.url,
          );
        assert.equal(images.length, imageUrls.length, JSON.stringify(images));
        for (const image of images) {
          await page.waitForFunction((src) => {
            const img = [...document.images].find((candidate) => candidate.src === src);
            return img.complete && img.naturalWidth > 0;
          }, image.src);
        }
        assert.deepEqual(problems, [], problems.join("\n"));
      } finally {
        await page.close();
      }
    },
  );

  it(
    "copies only the player's attributes, as values: markup in them stays text",
    TEST,
    async () => {
      const { page, problems } = await openWikiPage("Gadget edge cases");
      try {
        const player = page.locator("div.polytwist > polytwist-player");
        await player
          .locator("#player[data-ready]")
          .first()
          .waitFor({ state: "attached", timeout: 20_000 });
        await player.locator("#player").dispatchEvent("pointerdown"); // start it: the engine reads the alg
        await player.locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
        const found = await player.evaluate((el) => ({
          attributes: [...el.attributes].map((a) => a.name).sort(),
          alg: el.getAttribute("alg"),
          injected: window.injected ?? null,
          images: [
            ...el.shadowRoot.querySelectorAll("img"),
            ...document.querySelectorAll("img[src='x']"),
          ].length,
        }));
        assert.deepEqual(found.attributes, ["alg", "puzzle"]);
        assert.equal(found.alg, `<img src=x onerror="window.injected=1">`);
        assert.equal(found.injected, null);
        assert.equal(found.images, 0);
        assert.deepEqual(problems, [], problems.join("\n"));
      } finally {
        await page.close();
      }
    },
  );
});

describe("MediaWiki with the polytwist site unreachable", () => {
  it("keeps each div's text and drops the space reserved for the player", TEST, async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    try {
      await page.route("**/polytwist-player.js", (route) => route.abort("connectionrefused"));
      await page.goto(`${wiki.url}index.php/Pyraminx_algorithms`);
      await page.waitForFunction(
        () =>
          document.querySelectorAll('div.polytwist[data-polytwist-player="unavailable"]').length >
          0,
        null,
        { timeout: 20_000 },
      );
      const divs = await page.locator("div.polytwist").evaluateAll((all) =>
        all.map((div) => ({
          state: div.dataset.polytwistPlayer,
          text: div.textContent,
          short: div.getBoundingClientRect().height < 100,
        })),
      );
      assert.deepEqual(
        divs,
        PLAYERS.map(({ alg }) => ({ state: "unavailable", text: alg, short: true })),
      );
    } finally {
      await page.close();
    }
  });
});
