// <polytwist-player> embedded in pages (docs/embedding.md), in headless Chromium: the demo
// article, players with bad attributes (tests/browser/fixtures/embed-bad-attributes.html), twenty
// players on one page (fixtures/embed-many.html: one worker, one WebGL context, started when
// scrolled to), the element's properties, methods and events, touch and keys on an embedded
// player. Under a Content-Security-Policy: csp.test.mjs.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  assertCanvasShowsFacelets,
  assertNoProblems,
  browserSession,
  drawnBox,
  stickerClientPoint,
  touchDrag,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };

let page;
let problems;
let responses;
let warnings; // console warnings: the players' messages about bad attributes

const session = browserSession();

/** Runs in the page before its scripts: counts the WebGL contexts it creates. */
function countWebGLContexts() {
  const getContext = HTMLCanvasElement.prototype.getContext;
  const counted = new WeakSet();
  window.webglContexts = 0;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const context = getContext.call(this, type, ...rest);
    if (context && /webgl/.test(type) && !counted.has(this)) {
      counted.add(this);
      window.webglContexts++;
    }
    return context;
  };
}

/**
 * Runs in the page before its scripts: adds up the layout shifts once the defined players have
 * been drawn (the CLS metric of starting them; the upgrade of an element the page could not size
 * before its script ran is not the player's doing), and names them.
 */
function recordLayoutShifts() {
  window.layoutShift = 0;
  window.layoutShifts = [];
  let definedAt = Infinity;
  customElements.whenDefined("polytwist-player").then(() => {
    // After the first frame drawn with the players defined.
    requestAnimationFrame(() => setTimeout(() => (definedAt = performance.now())));
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput || entry.startTime < definedAt) continue;
      window.layoutShift += entry.value;
      const moved = entry.sources.map(({ node }) => node?.id || node?.nodeName || "?");
      window.layoutShifts.push(`${entry.value.toFixed(3)} at ${entry.startTime | 0} ms: ${moved}`);
    }
  }).observe({ type: "layout-shift", buffered: true });
}

async function open(path, options = {}) {
  ({ page, problems, responses } = await session.open(options));
  warnings = [];
  // The players' own warnings; not Chromium's about its software GL ("GPU stall due to
  // ReadPixels", which a loaded machine prints when pixels are read back).
  page.on(
    "console",
    (msg) =>
      msg.type() === "warning" &&
      !/GL Driver Message|GPU stall/.test(msg.text()) &&
      warnings.push(msg.text()),
  );
  await page.addInitScript(countWebGLContexts);
  await page.addInitScript(recordLayoutShifts);
  await page.goto(`${session.site.url}${path}`);
  return page;
}

const webglContexts = () => page.evaluate(() => window.webglContexts);

/** A site address without the site and without the hash in a file name. */
const sitePath = (url) => url.slice(session.site.url.length).replace(/-[\w-]{8,10}(\.|\/)/, "$1");
const PTHREAD_WORKER = "assets/engine-threads/polytwist_engine_threads.worker.js";

/**
 * Checks that the players share one engine worker. The test server isolates the page, so the
 * worker runs the threaded engine: its pthreads' workers, one per core, are the only others.
 */
async function assertOneEngineWorker() {
  const workers = page.workers().map((worker) => sitePath(worker.url()));
  const engine = workers.filter((path) => path !== PTHREAD_WORKER);
  assert.deepEqual(engine, ["assets/engine.worker.js"], "players must share one engine worker");
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  assert.equal(workers.length - engine.length, cores, `pthread workers: ${workers}`);
}

/**
 * Scrolls `player` (a locator) into view, starts it as a reader would (its 3D button) if it is
 * still a picture, and waits until its canvas shows a drawn puzzle.
 */
async function expectDrawn(player) {
  await player.scrollIntoViewIfNeeded();
  if (!(await player.evaluate((el) => el.started || el.load === "eager"))) {
    await player.locator("#start3d").click();
  }
  await player.locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
  const handle = await player.elementHandle();
  await page.waitForFunction(
    (el) => {
      const canvas = el.shadowRoot.querySelector("#view");
      const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
      let drawn = 0;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue;
        drawn++;
        colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      }
      // Matt faces are flat: a small solved puzzle shows a dozen colours (stickers, plastic and
      // their blended edges), a blank or one-colour canvas one or two.
      return drawn / (data.length / 4) > 0.05 && colours.size > 8;
    },
    handle,
    { timeout: 10_000 },
  );
}

/**
 * Checks what the demo's full player (`controls="full"`) says before it starts: its puzzle in the
 * picker and what a press does (`press`: "Click" or "Tap"), no loading before anything loads.
 */
async function assertInvitesToStart(press) {
  const full = page.locator('polytwist-player[controls="full"]');
  await full.scrollIntoViewIfNeeded();
  await full.locator('#player[data-picture="true"]').waitFor({ timeout: 30_000 });
  assert.equal(await full.evaluate((el) => el.started), false);
  assert.equal(await full.locator("#status").textContent(), `${press} to start the 3D player.`);
  assert.equal(await full.locator("#puzzle option:checked").textContent(), "Pocket cube 2x2x2");
}

/** How far apart (CSS px) a puzzle's outline may be drawn in the picture and in the 3D view. */
const SAME_PLACE = 6;

/**
 * The box round the puzzle a player draws, in page CSS pixels [left, top, right, bottom]: its
 * picture's shapes before it starts, its view's drawn (opaque) pixels after.
 */
async function outlineBox(player) {
  const pictured = await player.evaluate((el) => {
    const shapes = el.shadowRoot.querySelector("#picture:not([hidden]) svg g");
    if (!shapes) return null;
    const { left, top, right, bottom } = shapes.getBoundingClientRect();
    return [left, top, right, bottom];
  });
  return pictured ?? drawnBox(player.locator("#view"));
}

/** The texts of a player's messages, by source attribute. */
const messages = (player) =>
  player.evaluate((el) =>
    Object.fromEntries(
      [...el.shadowRoot.querySelectorAll("#messages li")].map((li) => [
        li.dataset.source,
        li.textContent,
      ]),
    ),
  );

describe("the embedding demo page", () => {
  it(
    "renders every player with one worker and one WebGL context, from its own files only",
    TEST,
    async () => {
      await open("embed-demo.html");
      const players = page.locator("polytwist-player");
      const count = await players.count();
      assert.ok(count >= 5, `${count} players`);
      for (let i = 0; i < count; i++) await expectDrawn(players.nth(i));
      await assertCanvasShowsFacelets(page, 'polytwist-player[puzzle="cube2"][setup]');

      await assertOneEngineWorker();
      assert.equal(await webglContexts(), 1, "players must share one WebGL context");
      const foreign = responses.filter(
        (r) => !r.url.startsWith(session.site.url) || r.status !== 200,
      );
      assert.deepEqual(foreign, [], "requests outside the site, or failed");
      const scripts = responses.filter((r) => /\.m?js$/.test(r.url)).map((r) => sitePath(r.url));
      // The element's script and, once players start, chunks beside it (their names are the
      // bundler's), the engine worker and the threaded engine.
      const loaded = [...new Set(scripts)];
      assert.equal(loaded[0], "polytwist-player.js");
      for (const path of loaded.slice(1)) assert.match(path, /^assets\//);
      for (const path of [
        "assets/started.js",
        "assets/engine.worker.js",
        "assets/engine-threads/polytwist_engine_threads.mjs",
        PTHREAD_WORKER,
      ]) {
        assert.ok(loaded.includes(path), `${path} not loaded: ${loaded.join(", ")}`);
      }
      const globals = await page.evaluate(() =>
        Object.keys(window).filter((key) => /polytwist/i.test(key)),
      );
      assert.deepEqual(globals, [], "the element must not add window properties");
      assertNoProblems(problems);
    },
  );

  it("keeps each player's space from the first paint: starting moves nothing", TEST, async () => {
    await open("embed-demo.html");
    const players = page.locator("polytwist-player");
    const heights = await players.evaluateAll((els) => els.map((el) => el.offsetHeight));
    await assertInvitesToStart("Click");
    // The puzzle stays where its picture drew it, at its size, when the 3D view replaces it (for
    // a camera that turns the view (azimuth, elevation) the picture is framed differently).
    const moved = [];
    for (let i = 0; i < heights.length; i++) {
      const player = players.nth(i);
      await player.scrollIntoViewIfNeeded();
      await player.locator('#player[data-picture="true"]').waitFor({ timeout: 30_000 });
      const turned = /azimuth|elevation/.test((await player.getAttribute("camera")) ?? "");
      const pictured = await outlineBox(player);
      await expectDrawn(player);
      const drawn = await outlineBox(player);
      if (!turned && pictured.some((v, k) => Math.abs(v - drawn[k]) > SAME_PLACE)) {
        moved.push(`player ${i}: picture ${pictured.map(Math.round)}, 3D ${drawn.map(Math.round)}`);
      }
    }
    assert.deepEqual(moved, [], "the puzzle moved or changed size when its player started");
    await page.evaluate(() => window.scrollTo(0, 0));
    // The players with an alg show its moves and playback buttons once started: as tall as before.
    assert.deepEqual(await players.evaluateAll((els) => els.map((el) => el.offsetHeight)), heights);
    const { shift, shifts } = await page.evaluate(() => ({
      shift: window.layoutShift,
      shifts: window.layoutShifts,
    }));
    assert.ok(shift < 0.01, `cumulative layout shift ${shift.toFixed(3)}: ${shifts.join("; ")}`);
    assertNoProblems(problems);
  });

  it("plays an alg, with move, statechange and solved events", TEST, async () => {
    await open("embed-demo.html");
    const sune = page.locator('polytwist-player[puzzle="cube2"][setup]');
    await expectDrawn(sune);
    const seen = await sune.evaluate(async (el) => {
      const events = [];
      for (const type of ["move", "statechange", "solved"]) {
        el.addEventListener(type, ({ detail }) => events.push({ type, ...detail }));
      }
      const before = el.solved;
      await el.play();
      return { events, before, after: el.solved, moveIndex: el.moveIndex, moves: el.moves };
    });
    assert.equal(seen.before, false);
    assert.equal(seen.after, true);
    const moves = seen.events.filter((e) => e.type === "move");
    assert.deepEqual(
      moves.map((e) => e.move),
      ["R", "U", "R'", "U", "R", "U2", "R'"],
    );
    assert.deepEqual(
      moves.map((e) => e.index),
      [0, 1, 2, 3, 4, 5, 6],
    );
    assert.equal(seen.moveIndex, 7);
    const changes = seen.events.filter((e) => e.type === "statechange");
    assert.equal(changes.length, 7);
    assert.match(changes[0].facelets, /^[URFDLB]{24}$/);
    assert.deepEqual(
      seen.events.filter((e) => e.type === "solved").map((e) => e.solved),
      [true],
    );
    assert.equal(seen.events.at(-1).type, "solved");
    assertNoProblems(problems);
  });

  it(
    "turns an embedded player by touch, and by keys only while it has the focus",
    TEST,
    async () => {
      await open("embed-demo.html", { hasTouch: true, isMobile: true });
      await assertInvitesToStart("Tap");
      const selector = 'polytwist-player[setup="u r\'"]';
      const tips = page.locator(selector);
      await expectDrawn(tips);
      await tips.locator('#player[data-busy="false"]').waitFor(); // turns wait for an idle player
      await tips.evaluate((el) => {
        el.turns = [];
        el.addEventListener("move", ({ detail }) => el.turns.push(detail));
        // What the view received, to say why a drag turned nothing.
        el.pointers = [];
        for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) {
          el.shadowRoot.querySelector("#view").addEventListener(type, (event) => {
            el.pointers.push(`${type} ${Math.round(event.clientX)},${Math.round(event.clientY)}`);
          });
        }
      });
      // The front face's U centre, dragged to the left, goes towards the L face: U. The player
      // is scrolled into view first, as a person would: on a busy machine the demo page's other
      // players may still be starting and leave it below the fold (a clean run touched y = 764
      // of a 700-pixel viewport, and the view got nothing).
      await tips.scrollIntoViewIfNeeded();
      const point = await stickerClientPoint(page, selector, 2);
      assert.ok(point.visible, "sticker 2 is not visible");
      await touchDrag(page, point, -60, 0);
      // The turn may not have begun when the drag ends (a busy machine): wait for its event first.
      await page
        .waitForFunction((sel) => document.querySelector(sel).turns.length > 0, selector, {
          timeout: 10_000,
        })
        .catch(() => {});
      await tips.locator('#player[data-busy="false"]').waitFor();
      const after = await tips.evaluate(async (el) => ({
        turns: el.turns,
        facelets: el.facelets,
        expected: (await el.engine.applyMoves("pyraminx", "", "u r' U")).facelets,
        moveIndex: el.moveIndex,
        pointers: el.pointers,
      }));
      assert.deepEqual(
        after.turns,
        [{ move: "U", index: -1, reverse: false }],
        `a drag from ${point.x},${point.y} by -60,0; the view got: ${after.pointers.join("; ")}`,
      );
      assert.equal(after.facelets, after.expected);
      assert.equal(after.moveIndex, null, "a turn off the alg leaves its move list");

      // A key typed with the focus elsewhere does nothing; on the player it turns.
      await page.locator("h1").click();
      await page.keyboard.press("b");
      await page.waitForTimeout(300);
      assert.equal(await tips.evaluate((el) => el.turns.length), 1);
      await tips.locator("#view").focus();
      await page.keyboard.press("b");
      await tips.locator('#player[data-busy="false"]').waitFor();
      assert.deepEqual(await tips.evaluate((el) => el.turns.at(-1).move), "b");
      assertNoProblems(problems);
    },
  );

  it("is configured through properties and methods, and created by script", TEST, async () => {
    await open("embed-demo.html");
    const result = await page.evaluate(async () => {
      const el = document.createElement("polytwist-player");
      el.puzzle = "pyraminx";
      el.alg = "R U";
      document.body.prepend(el);
      const loaded = await el.ready;
      const shadow = el.shadowRoot;
      const message = (source) =>
        shadow.querySelector(`#messages [data-source="${source}"]`)?.textContent ?? null;
      const out = { loaded, moves: el.moves, controls: el.controls, solved: el.solved };
      out.refused = await el.setAlg("R F");
      out.algMessage = message("alg");
      out.refusedMoves = el.moves;
      out.accepted = await el.setAlg("L' b", "u");
      out.acceptedMoves = el.moves;
      out.algMessageAfter = message("alg");
      el.camera = "zoom:nine";
      out.cameraMessage = message("camera");
      el.camera = "azimuth:10; zoom:1.5";
      out.cameraMessageAfter = message("camera");
      el.controls = "none";
      out.controlsNone = [el.controls, shadow.querySelector("#player").dataset.controls];
      out.badTurn = await el.turn("X");
      out.turn = await el.turn("U'");
      out.turnFacelets = el.facelets;
      out.reset = await el.reset();
      out.resetIndex = el.moveIndex;
      await el.goTo(2);
      out.afterAlg = el.facelets;
      out.expected = (await el.engine.applyMoves("pyraminx", "", "u L' b")).facelets;
      const scramble = await el.scramble(7);
      out.scrambledSolved = el.solved;
      const solved = new Promise((resolve) => el.addEventListener("solved", resolve));
      const solution = await el.solve();
      await solved;
      out.solution = { ok: solution.ok, moves: el.moves.join(" "), solved: el.solved };
      out.scramble = scramble.ok;
      return out;
    });
    assert.equal(result.loaded, true);
    assert.deepEqual(result.moves, ["R", "U"]);
    assert.equal(result.controls, "playback");
    assert.equal(result.refused, false);
    assert.match(result.algMessage, /^alg="R F": unknown move 'F' at column 3/);
    assert.deepEqual(result.refusedMoves, []);
    assert.equal(result.accepted, true);
    assert.deepEqual(result.acceptedMoves, ["L'", "b"]);
    assert.equal(result.algMessageAfter, null);
    assert.match(result.cameraMessage, /zoom needs a number/);
    assert.equal(result.cameraMessageAfter, null);
    assert.deepEqual(result.controlsNone, ["none", "none"]);
    assert.equal(result.badTurn.ok, false);
    assert.equal(result.turn.ok, true);
    assert.equal(result.reset, true);
    assert.equal(result.resetIndex, 0);
    assert.equal(result.afterAlg, result.expected);
    assert.equal(result.scramble, true);
    assert.equal(result.scrambledSolved, false);
    assert.equal(result.solution.ok, true);
    assert.equal(result.solution.solved, true);
    assertNoProblems(problems);
  });
});

describe("players with bad attributes", () => {
  it("show each mistake inside the player and never throw into the page", TEST, async () => {
    await open("fixtures/embed-bad-attributes.html", { viewport: { width: 1300, height: 1300 } });
    const player = (id) => page.locator(`#${id}`);
    for (const id of await page.$$eval("polytwist-player", (els) => els.map((el) => el.id))) {
      await player(id).scrollIntoViewIfNeeded();
      await player(id).evaluate((el) => el.ready);
    }

    const notice = player("unknown-puzzle").locator("#no-view");
    assert.match(await notice.textContent(), /^puzzle="tesseract": unknown puzzle 'tesseract'/);
    assert.equal(
      await player("unknown-puzzle").locator("#player").getAttribute("data-ready"),
      "false",
    );

    const expected = {
      "bad-alg": { alg: /^alg="R U F": unknown move 'F' at column 5/ },
      "bad-setup": { setup: /^setup="R \(U": unclosed '\(' opened at column 3/ },
      "bad-camera": { camera: /^camera="azimuth:left": azimuth needs a number of degrees/ },
      "unknown-camera-option": { camera: /unknown option "tilt" \(use azimuth, elevation, zoom\)/ },
      "bad-zoom": { camera: /zoom must be from 0\.25 to 4/ },
      "bad-size": { size: /^size="huge": use a CSS length/ },
      "bad-controls": { controls: /^controls="some": use one of none, playback, full/ },
      "bad-background": { background: /^background="not-a-colour": use a CSS colour/ },
      "bad-colour-scheme": { "colour-scheme": /^colour-scheme="purple": use one of auto/ },
      good: {},
    };
    for (const [id, wanted] of Object.entries(expected)) {
      const shown = await messages(player(id));
      assert.deepEqual(Object.keys(shown), Object.keys(wanted), `${id}: ${JSON.stringify(shown)}`);
      for (const [source, pattern] of Object.entries(wanted)) {
        assert.match(shown[source], pattern, id);
      }
      await expectDrawn(player(id)); // the rest of the player still works
    }
    // The caret sits under the column the engine names.
    const caret = await player("bad-alg")
      .locator('#messages [data-source="alg"] pre')
      .textContent();
    assert.equal(caret, "R U F\n    ^");
    // A bad setup is left out; the alg is still played from solved.
    assert.deepEqual(await player("bad-setup").evaluate((el) => el.moves), ["R"]);
    assert.equal(await player("bad-controls").evaluate((el) => el.controls), "playback");
    assert.equal(warnings.length, 9, warnings.join("\n"));
    assertNoProblems(problems);
  });

  it("keep their messages to a third of a small player, each dismissible", TEST, async () => {
    await open("fixtures/embed-bad-attributes.html", { viewport: { width: 1300, height: 1300 } });
    const player = page.locator("#bad-setup");
    await player.scrollIntoViewIfNeeded();
    await player.evaluate((el) => el.ready);
    await player.evaluate((el) => (el.camera = "tilt:10")); // a second message in the small player
    await player.locator('#messages [data-source="camera"]').waitFor();
    const box = (selector) => player.locator(selector).boundingBox();
    const [stage, list] = [await box("#stage"), await box("#messages")];
    assert.ok(list.height <= stage.height / 3 + 1, `messages ${list.height} of ${stage.height} px`);

    await player.locator('#messages [data-source="setup"] button').click();
    assert.deepEqual(Object.keys(await messages(player)), ["camera"]);
    // Dismissed, it stays away while the mistake is the same; another mistake shows again.
    await player.evaluate((el) => el.reset());
    assert.deepEqual(Object.keys(await messages(player)), ["camera"]);
    await player.evaluate((el) => el.setAlg("R", "R (U'"));
    assert.match((await messages(player)).setup, /^setup="R \(U'": unclosed/);
    assertNoProblems(problems);
  });
});

describe("a page with twenty players", () => {
  it(
    "starts each as it scrolls into view, sharing one worker and one WebGL context",
    TEST,
    async () => {
      await open("fixtures/embed-many.html");
      const players = page.locator("polytwist-player");
      assert.equal(await players.count(), 20);
      await expectDrawn(players.first());
      const started = await page.$$eval("polytwist-player", (els) =>
        els.map((el) => el.shadowRoot.querySelector("#player").dataset.ready === "true"),
      );
      assert.equal(started.at(-1), false, "a player far below the viewport started already");
      const begun = Date.now();
      for (let i = 0; i < 20; i++) await expectDrawn(players.nth(i));
      const elapsed = Date.now() - begun;
      assert.ok(elapsed < 30_000, `scrolling through 20 players took ${elapsed} ms`);
      await assertOneEngineWorker();
      assert.equal(await webglContexts(), 1, "players must share one WebGL context");
      // The first player still shows its picture after scrolling back up.
      await expectDrawn(players.first());
      assertNoProblems(problems);
    },
  );
});
