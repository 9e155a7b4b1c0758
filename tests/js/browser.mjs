// Shared by the browser tests: the built site served locally, headless Debian Chromium (WebGL
// through SwiftShader), pages that record their problems, and reading colours off the canvas.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, afterEach, before } from "node:test";
import { chromium } from "playwright-core";

import { policyText } from "../../web/csp.js";
import { repoDir } from "./engine.mjs";
import { ISOLATION_HEADERS, serveStatic } from "./static-server.mjs";

const siteDir = `${repoDir}build/site`;
const fixturesDir = `${repoDir}tests/browser/fixtures`;
/**
 * WebGL through SwiftShader (the machines have no GPU). The page itself is composited in software
 * (Skia), as Chromium does where it blocks the GPU: composited through SwiftShader as well,
 * share.test.mjs and cube3.test.mjs each took 10-15 % longer.
 */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--disable-gpu-compositing",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Page options of a 390×844 touch phone (the size the project checks phones at). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/**
 * Serves build/site (and the test pages of tests/browser/fixtures/ under /fixtures/) and launches
 * Chromium: {url, browser, close()}. Every HTML page is sent with the site's
 * Content-Security-Policy (web/csp.js) as a header, as `polytwist serve` sends it: the site's own
 * pages carry it as a <meta> too, and the fixtures run under the same policy as the site. `headers` are sent with every response (e.g. a CSP), after
 * the cross-origin isolation headers that `./run` sends too, unless `isolated: false` (a host that
 * sends none). With `repository: true` it serves the repository's root instead, for harness pages
 * that load the modules as they are (tests/browser/fixtures/*.html, with an import map for
 * three.js).
 */
export async function startSite({ headers = {}, isolated = true, repository = false } = {}) {
  if (!repository && !existsSync(`${siteDir}/index.html`)) {
    throw new Error(`${siteDir}/index.html is missing: run \`npm run build:web\` first`);
  }
  headers = { ...(isolated ? ISOLATION_HEADERS : {}), ...headers };
  const server = repository
    ? await serveStatic(repoDir, { headers })
    : await serveStatic(siteDir, {
        headers,
        htmlHeaders: { "Content-Security-Policy": policyText() },
        mounts: { "/fixtures/": fixturesDir },
      });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * A new page that records console errors, page errors and failed requests in `problems`, and
 * every response in `responses`.
 */
export async function openPage(browser, options = {}) {
  const problems = [];
  const responses = [];
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 }, ...options });
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => {
    const reason = req.failure()?.errorText;
    // Aborted by the browser itself: a reload, or a worker terminated by Cancel while its
    // pthread workers were still loading. Missing or blocked files fail with other reasons.
    if (reason === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${req.url()} ${reason}`);
  });
  page.on("response", (res) =>
    responses.push({ url: res.url(), status: res.status(), type: res.headers()["content-type"] }),
  );
  return { page, problems, responses };
}

/**
 * Registers the hooks every browser test file needs: the site served and Chromium started once
 * (`siteOptions` as for startSite), and every page opened through `open()` closed after its test,
 * however many a test opens. `session.site` is the running site.
 */
export function browserSession(siteOptions) {
  let site;
  const opened = [];
  before(async () => {
    site = await startSite(siteOptions);
  });
  after(async () => {
    await site?.close();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map(({ page }) => page.close()));
  });
  return {
    get site() {
      return site;
    },
    async open(pageOptions) {
      const result = await openPage(site.browser, pageOptions);
      opened.push(result);
      return result;
    },
  };
}

export function assertNoProblems(problems) {
  assert.deepEqual(problems, [], problems.join("\n"));
}

/** Loads the app page for a puzzle and waits until its player shows it. */
export async function gotoPuzzle(page, url, puzzle) {
  await page.goto(puzzle ? `${url}?puzzle=${puzzle}` : url);
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
}

/**
 * A data attribute of the app page's player (its part #player, inside the shadow root, which
 * Playwright's CSS selectors pierce): ready, busy, puzzle, state, facelets, solved.
 */
export const playerData = (page, name) => page.getAttribute("#player", `data-${name}`);

/** Waits until no turn, engine call or playback is under way. */
export const idle = (page, timeout = 30_000) =>
  page.waitForSelector('#player[data-busy="false"]', { timeout });

/** Sets the app player's turn speed to its fastest (8×), so that playback takes little time. */
export const fastTurns = (page) =>
  page.locator("#speed").evaluate((slider) => (slider.value = slider.max));

/**
 * On the app page: the scramble of `seed`, then Solve (tapped with `tap`, as on a touch screen),
 * with fast turns, until the solution has been played to the end.
 */
export async function scrambleAndSolve(page, seed, { tap = false } = {}) {
  await fastTurns(page);
  await page.evaluate((n) => document.querySelector("#app").scramble(n), seed);
  await (tap ? page.tap("#solve") : page.click("#solve"));
  await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
  await idle(page);
}

export async function applyMoves(page, moves) {
  await page.fill("#notation", moves);
  await page.click("#apply");
  await idle(page);
}

/** The engine's facelets after `moves` from solved, asked through the player's own engine. */
export function engineFacelets(page, puzzle, moves) {
  return page.evaluate(
    async ([id, sequence]) => {
      const { engine } = document.querySelector("polytwist-player");
      return (await engine.applyMoves(id, "", sequence)).facelets;
    },
    [puzzle, moves],
  );
}

/**
 * A screenshot of a player's view decoded in the page: `samples` gives the median colour of a
 * 5×5 patch at each point (canvas CSS pixels), `cells` a coarse 16×16 fingerprint, `distinct` the
 * number of colours and `topShare` the share of the commonest. `player` is a CSS selector.
 */
export async function canvasImage(page, points = [], player = "polytwist-player") {
  const view = page.locator(player).first().locator("#view");
  const png = await view.screenshot();
  const width = await view.evaluate((canvas) => canvas.clientWidth);
  return page.evaluate(
    async ([base64, wanted, cssWidth]) => {
      // Decoded from a Blob: the site's CSP allows no data: images (docs/web.md).
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const scale = image.width / cssWidth;
      const at = (x, y) => {
        const i = (Math.round(y) * image.width + Math.round(x)) * 4;
        return [data[i], data[i + 1], data[i + 2]];
      };
      const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
      const samples = wanted.map(({ x, y }) => {
        const patch = [];
        for (let dy = -2; dy <= 2; dy++) {
          for (let dx = -2; dx <= 2; dx++) patch.push(at(x * scale + dx, y * scale + dy));
        }
        return [0, 1, 2].map((c) => median(patch.map((p) => p[c])));
      });
      const counts = new Map();
      for (let i = 0; i < data.length; i += 4) {
        const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const cells = [];
      for (let y = 0; y < 16; y++) {
        for (let x = 0; x < 16; x++) {
          cells.push(at(((x + 0.5) * image.width) / 16, ((y + 0.5) * image.height) / 16).join());
        }
      }
      const pixels = data.length / 4;
      return {
        samples,
        cells,
        distinct: counts.size,
        topShare: Math.max(...counts.values()) / pixels,
      };
    },
    [png.toString("base64"), points, width],
  );
}

const hexToRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** How much darker (or lighter) than its colour a lit sticker may be drawn. */
const SHADE_RANGE = [0.6, 1.15];

/**
 * The colour each visible sticker shows on the canvas, as the face whose colour the sampled pixel
 * is nearest to (in RGB, each colour at its best-fitting shade; or "plastic" for the black), which tolerates SwiftShader's lighting and
 * antialiasing: [{facelet, x, y, facing, rgb, shown, expected}], `expected` being the face its
 * facelet names (facing: as stickerScreenPoints' — 1 seen head-on).
 */
export async function stickerColoursShown(page, player = "polytwist-player") {
  const { points, faces, facelets } = await page
    .locator(player)
    .first()
    .evaluate(async (el) => {
      // Two frames: the last requested render has been drawn.
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      return {
        // Stickers seen nearly edge-on are slivers a 5×5 patch would mix with their neighbours.
        points: el.stickerScreenPoints().filter((p) => p.visible && p.facing > 0.3),
        faces: el.puzzleInfo.faces,
        facelets: el.facelets,
      };
    });
  const { samples } = await canvasImage(page, points, player);
  const palette = [...faces.map((f) => [f.name, hexToRgb(f.colour)]), ["plastic", [20, 20, 20]]];
  return points.map(({ facelet, x, y, facing }, i) => {
    const rgb = samples[i];
    // A sticker turned away from the light is a darker shade of its colour: each colour is
    // compared at the brightness (within what the lights give) that fits the pixel best.
    const distance = (c) => {
      const dot = c.reduce((sum, v, k) => sum + v * rgb[k], 0);
      const norm = c.reduce((sum, v) => sum + v * v, 0);
      const shade = Math.min(SHADE_RANGE[1], Math.max(SHADE_RANGE[0], dot / norm));
      return c.reduce((sum, v, k) => sum + (shade * v - rgb[k]) ** 2, 0);
    };
    const [shown] = palette.reduce((a, b) => (distance(a[1]) <= distance(b[1]) ? a : b));
    return { facelet, x, y, facing, rgb, shown, expected: facelets[facelet] };
  });
}

/**
 * Checks that every visible sticker shows, on the canvas, the colour of the face its facelet
 * names (stickerColoursShown). Returns how many stickers were checked.
 */
export async function assertCanvasShowsFacelets(page, player = "polytwist-player") {
  const stickers = await stickerColoursShown(page, player);
  const wrong = stickers
    .filter(({ shown, expected }) => shown !== expected)
    .map(
      ({ facelet, x, y, rgb, shown, expected }) =>
        `sticker ${facelet} at (${x | 0}, ${y | 0}) shows rgb(${rgb}) ≈ ${shown}, not ${expected}`,
    );
  assert.deepEqual(wrong, [], wrong.join("\n"));
  return stickers.length;
}

/**
 * Where sticker `facelet` of a player (a CSS selector) is drawn, in client (page CSS) pixels:
 * {x, y, visible}.
 */
export function stickerClientPoint(page, player, facelet) {
  return page
    .locator(player)
    .first()
    .evaluate(async (el, index) => {
      // Read once the view has kept its place for a frame: a page whose other players are still
      // starting may move it, and a drag aimed at its old place misses the puzzle.
      const view = el.shadowRoot.querySelector("#view");
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let rect = view.getBoundingClientRect();
      for (let tries = 0; tries < 60; tries++) {
        await frame();
        const next = view.getBoundingClientRect();
        if (next.left === rect.left && next.top === rect.top && next.width === rect.width) break;
        rect = next;
      }
      const point = el.stickerScreenPoints()[index];
      return { x: rect.left + point.x, y: rect.top + point.y, visible: point.visible };
    }, facelet);
}

/**
 * Clicks sticker `facelet` of the colour editor's net at its centroid. Playwright's own click
 * aims at the middle of the element's box, which for a right-triangle sticker (a Skewb's
 * corners) lies on its long edge, where the face plate beneath may take the click.
 */
export async function clickNetSticker(page, facelet) {
  const sticker = page.locator(`.sticker-net .sticker[data-facelet="${facelet}"]`);
  await sticker.scrollIntoViewIfNeeded();
  const { x, y } = await sticker.evaluate((polygon) => {
    const points = [...polygon.points];
    const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
    const cy = points.reduce((sum, p) => sum + p.y, 0) / points.length;
    const client = new DOMPoint(cx, cy).matrixTransform(polygon.getScreenCTM());
    return { x: client.x, y: client.y };
  });
  await page.mouse.click(x, y);
}

/** Drags with the mouse from sticker `facelet` of a player (a CSS selector) by (dx, dy) CSS px. */
export async function dragSticker(page, player, facelet, dx, dy) {
  const { x, y, visible } = await stickerClientPoint(page, player, facelet);
  assert.ok(visible, `sticker ${facelet} is not visible`);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 3 });
  await page.mouse.move(x + dx, y + dy, { steps: 3 });
  await page.mouse.up();
  await idle(page);
}

/**
 * The share of dark pixels in a 9×9 patch of a player's view (a CSS selector) at sticker
 * `facelet`'s centre: high where the sticker is striped as named in an error. Dark is relative to
 * the patch's brightest pixel (under half its brightness): the stripes darken the sticker's own
 * colour, which on blue stays above any fixed threshold that plain dark stickers stay below.
 */
export function darkShareAt(page, player, facelet) {
  return page
    .locator(player)
    .first()
    .evaluate(async (el, index) => {
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      const canvas = el.shadowRoot.querySelector("#view");
      const { x, y } = el.stickerScreenPoints()[index];
      const scale = canvas.width / canvas.clientWidth;
      const left = Math.round(x * scale) - 4;
      const top = Math.round(y * scale) - 4;
      const { data } = canvas.getContext("2d").getImageData(left, top, 9, 9);
      const brightness = [];
      for (let k = 0; k < data.length; k += 4) brightness.push(data[k] + data[k + 1] + data[k + 2]);
      const brightest = Math.max(...brightness);
      return brightness.filter((value) => value < brightest / 2).length / 81;
    }, facelet);
}

/**
 * A one-finger touch drag from client point (x, y) by (dx, dy), sent as real touch events
 * through the DevTools protocol (as a phone would); the page needs a context with hasTouch.
 * With `settle`, the finger rests a moment before it lifts: no fling follows (the browser eats
 * the first tap after a fling, to stop it).
 */
export async function touchDrag(page, { x, y }, dx, dy, steps = 5, { settle = false } = {}) {
  const session = await page.context().newCDPSession(page);
  const send = (type, touchPoints) =>
    session.send("Input.dispatchTouchEvent", { type, touchPoints });
  await send("touchStart", [{ x, y }]);
  for (let i = 1; i <= steps; i++) {
    await send("touchMove", [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps }]);
  }
  if (settle) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    await send("touchMove", [{ x: x + dx, y: y + dy }]);
  }
  await send("touchEnd", []);
  await session.detach();
}

/**
 * What would make a chart's text hard to read (the God's number chart, a CSS selector): pairs of
 * labels whose boxes overlap, text crossed by the dashed "here" line, text cut off at the chart's
 * edge. Boxes are as drawn on the page (getBoundingClientRect, after any rotation). [] if none.
 */
export function chartTextProblems(page, chart = "#gods-chart") {
  return page.locator(chart).evaluate((svg) => {
    const meet = (a, b) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const texts = [...svg.querySelectorAll("text")].map((node) => ({
      name: `"${node.textContent}" (${node.getAttribute("class")})`,
      box: node.getBoundingClientRect(),
    }));
    const problems = [];
    texts.forEach((a, i) => {
      for (const b of texts.slice(i + 1)) {
        if (meet(a.box, b.box)) problems.push(`${a.name} overlaps ${b.name}`);
      }
    });
    for (const line of svg.querySelectorAll("line.here")) {
      // A vertical line's box has no width: widen it by its stroke.
      const { left, right, top, bottom } = line.getBoundingClientRect();
      const stroke = { left: left - 1, right: right + 1, top, bottom };
      for (const { name, box } of texts)
        if (meet(stroke, box)) problems.push(`the line crosses ${name}`);
    }
    const edge = svg.getBoundingClientRect();
    for (const { name, box } of texts) {
      const inside =
        box.left >= edge.left &&
        box.right <= edge.right &&
        box.top >= edge.top &&
        box.bottom <= edge.bottom;
      if (!inside) problems.push(`${name} is cut off`);
    }
    return problems;
  });
}

let recorders = 0;

/**
 * Collects every text the player's progress line shows, from the page's side (again after a
 * reload: each call exposes its own function, since a page keeps the ones exposed before).
 */
export async function recordProgress(page) {
  const seen = [];
  const name = `recordProgress${++recorders}`;
  await page.exposeFunction(name, (text) => seen.push(text));
  await page.evaluate((name) => {
    const line = document.querySelector("#app").shadowRoot.querySelector("#progress");
    new MutationObserver(() => window[name](line.textContent)).observe(line, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }, name);
  return seen;
}

/**
 * The box round what a 3D view's canvas (a locator) draws, its opaque pixels, in page CSS
 * pixels [left, top, right, bottom].
 */
export const drawnBox = (canvas) =>
  canvas.evaluate((view) => {
    const { data } = view.getContext("2d").getImageData(0, 0, view.width, view.height);
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (let y = 0; y < view.height; y++) {
      for (let x = 0; x < view.width; x++) {
        if (data[(y * view.width + x) * 4 + 3] < 128) continue;
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x + 1);
        box[3] = Math.max(box[3], y + 1);
      }
    }
    const rect = view.getBoundingClientRect();
    const scale = rect.width / view.width;
    return box.map((v, i) => (i % 2 ? rect.top : rect.left) + v * scale);
  });

/** Calls the engine through the app player's session (the page's #app): the parsed answer. */
export const engineCall = (page, method, ...args) =>
  page.evaluate(
    ([name, rest]) => document.querySelector("#app").engine.call(name, ...rest),
    [method, args],
  );

/**
 * Share links: once the page's address names the facelets shown (it follows the position a
 * moment after it changes), that address opened in another page of `session` (or loaded afresh
 * in the same page, with `samePage`) shows them too, on the canvas as well. Returns the address.
 */
export async function assertAddressReopens(session, page, { samePage = false } = {}) {
  const facelets = await playerData(page, "facelets");
  await page.waitForFunction(
    (shown) => new URL(location.href).searchParams.get("facelets") === shown,
    facelets,
  );
  const url = page.url();
  const { page: other, problems } = samePage ? { page, problems: [] } : await session.open();
  await other.goto(url);
  await other.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
  // The player is ready with the puzzle first; the link's position follows once the engine has
  // read it (a moment longer for a large puzzle on a busy machine).
  await other
    .waitForSelector(`#player[data-facelets="${facelets}"]`, { timeout: 10_000 })
    .catch(() => {});
  assert.equal(await playerData(other, "facelets"), facelets);
  await assertCanvasShowsFacelets(other);
  assertNoProblems(problems);
  return url;
}

/** Waits (10 s at most) until the app player's status says its search was cancelled. */
export function waitForCancelled(page) {
  return page.waitForFunction(
    () =>
      /^Cancelled/.test(
        document.querySelector("#app").shadowRoot.querySelector("#status").textContent,
      ),
    null,
    { timeout: 10_000 },
  );
}
