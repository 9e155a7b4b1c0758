// The built site (build/site, from `npm run build:web`) in headless Debian Chromium: engine in a
// worker, WebGL view, notation box, scramble / solve, cancel, failures. Pyraminx: pyraminx.test.mjs.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import {
  assertCanvasShowsFacelets,
  assertNoProblems as assertNone,
  canvasImage,
  fastTurns,
  idle as idleOn,
  playerData,
  browserSession,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };

let page;
let problems; // console errors, page errors and failed requests of the current test
let responses; // every response of the current test: {url, status, type}

const session = browserSession();

async function newPage(options) {
  ({ page, problems, responses } = await session.open(options));
  return page;
}

const app = (name) => playerData(page, name);
const idle = () => idleOn(page);
const canvasPixels = () => canvasImage(page);
const assertNoProblems = () => assertNone(problems);

async function applyMoves(moves) {
  await page.fill("#notation", moves);
  await page.click("#apply");
  await idle();
}

describe("polytwist site", () => {
  beforeEach(async () => {
    await newPage();
    await page.goto(`${session.site.url}?puzzle=cube2`);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
  });

  it("loads the engine in a worker and renders the cube with WebGL", TEST, async () => {
    assert.equal(await page.title(), "polytwist");
    assert.match(await page.textContent("header"), /polytwist/);
    assert.match(await page.textContent("#version"), /engine \d+\.\d+\.\d+/);

    const options = await page.$$eval("#puzzle option", (els) => els.map((el) => el.value));
    assert.ok(options.includes("cube2"), `picker: ${options}`);
    assert.equal(await app("puzzle"), "cube2");
    assert.equal(await app("solved"), "true");
    assert.match(await app("facelets"), /^[URFDLB]{24}$/);
    assert.equal(await page.textContent("#facelets"), await app("facelets"));

    const wasm = responses.filter((r) => r.url.endsWith(".wasm"));
    assert.equal(wasm.length, 1, `wasm responses: ${JSON.stringify(wasm)}`);
    assert.equal(wasm[0].status, 200);
    assert.equal(wasm[0].type, "application/wasm");

    const canvas = await page.locator("#view").boundingBox();
    assert.ok(canvas.width > 200 && canvas.height > 200, `canvas ${JSON.stringify(canvas)}`);
    const hasWebGL = await page.evaluate(() => {
      const c = document.createElement("canvas");
      return Boolean(c.getContext("webgl2") || c.getContext("webgl"));
    });
    assert.ok(hasWebGL, "no WebGL in this browser");
    const pixels = await canvasPixels();
    assert.ok(pixels.distinct > 20, `only ${pixels.distinct} colours: nothing was drawn`);
    assert.ok(pixels.topShare < 0.95, `${(pixels.topShare * 100).toFixed(1)}% of one colour`);
    assertNoProblems();
  });

  it("applies typed moves and redraws the new state", TEST, async () => {
    const solvedFacelets = await app("facelets");
    const before = await canvasPixels();

    await applyMoves("R U R' U'");
    assert.equal(await app("solved"), "false");
    const moved = await app("facelets");
    assert.notEqual(moved, solvedFacelets);
    assert.notEqual(await app("state"), "");
    assert.equal(await page.inputValue("#notation"), "");
    assert.equal(await page.textContent("#notation-error"), "");
    await page.waitForTimeout(100); // one animation frame for the redraw
    const after = await canvasPixels();
    assert.notDeepEqual(after.cells, before.cells, "the view did not change");
    await assertCanvasShowsFacelets(page);

    await applyMoves("U R U' R'");
    assert.equal(await app("solved"), "true");
    assert.equal(await app("facelets"), solvedFacelets);
    assertNoProblems();
  });

  it("shows the engine's notation error inline under the box", TEST, async () => {
    await applyMoves("R");
    const state = await app("state");
    await applyMoves("R U X");
    const error = page.locator("#notation-error");
    assert.equal(await error.getAttribute("aria-live"), "polite");
    await error.waitFor({ state: "visible" });
    const text = await page.textContent("#notation-error .message");
    assert.ok(text.trim().length > 0, "no error text");
    assert.match(text, /\b5\b/, `error does not name column 5: ${text}`);
    assert.equal(await page.getAttribute("#notation", "aria-invalid"), "true");
    assert.equal(await page.inputValue("#notation"), "R U X", "the text was not kept for fixing");
    assert.equal(await app("state"), state, "a bad sequence changed the state");

    await page.fill("#notation", "R'");
    assert.equal(await error.textContent(), "", "the error stays after editing");
    assertNoProblems();
  });

  it("scrambles, solves optimally and reports solved", TEST, async () => {
    await page.click("#scramble");
    await idle();
    assert.equal(await app("solved"), "false");
    assert.match(await page.textContent("#status"), /Scrambled/);

    await page.click("#solve");
    await page.waitForSelector('#player[data-busy="false"]', { timeout: 45_000 });
    const status = await page.textContent("#status");
    assert.equal(await app("solved"), "true", `not solved; status: ${status}`);
    assert.match(status, /Solved/);
    const moves = await page.$$eval("#moves button", (els) => els.map((el) => el.textContent));
    assert.ok(moves.length > 0, "no solution shown");
    assert.ok(moves.length <= 11, `solution of ${moves.length} moves: ${moves.join(" ")}`);
    assert.equal(await page.isDisabled("#cancel"), true);
    assert.ok((await assertCanvasShowsFacelets(page)) >= 9, "too few stickers checked");
    assertNoProblems();
  });

  it("says on its first screen what it is, how to turn, and names the puzzles", TEST, async () => {
    assert.match(await page.textContent(".tagline"), /twisty puzzles in 3D, solved optimally/i);
    const hint = page.locator("#hint");
    assert.equal(await hint.isVisible(), true);
    assert.match(await hint.innerText(), /Drag a sticker to turn it/);
    const [stage, shown] = [await page.locator("#stage").boundingBox(), await hint.boundingBox()];
    assert.ok(
      shown.y >= stage.y && shown.y + shown.height <= stage.y + stage.height,
      "off the view",
    );
    const names = await page.evaluate(async () =>
      (await document.querySelector("#app").engine.listPuzzles()).puzzles.map((p) => p.name),
    );
    // The puzzles with models of their own (the engine's pictures) follow, as other puzzles.
    const own = await page.evaluate(async () =>
      (await document.querySelector("#app").engine.listPuzzles()).own_models.map((p) => p.name),
    );
    assert.deepEqual(own, ["Rubik's Clock", "Square-1"]);
    assert.deepEqual(
      await page.$$eval("#puzzle > option", (els) => els.map((el) => el.text)),
      names,
    );
    assert.deepEqual(
      await page.$$eval('#puzzle > optgroup[label="Other puzzles"] > option', (els) =>
        els.map((el) => el.text),
      ),
      own,
    );
    // The hint goes once the puzzle has been turned by hand.
    await page.locator("#view").focus();
    await page.keyboard.press("KeyR");
    await idle();
    assert.equal(await hint.isVisible(), false);
    assertNoProblems();
  });

  it(
    "keeps the focus on Solve, and makes the move list one tab stop with arrow keys",
    TEST,
    async () => {
      await fastTurns(page);
      await page.evaluate(() => document.querySelector("#app").scramble(4242));
      await page.focus("#solve");
      await page.keyboard.press("Enter");
      await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
      await idle();
      const focused = () =>
        page.evaluate(() => {
          const active = document.querySelector("#app").shadowRoot.activeElement;
          return active
            ? active.id || active.getAttribute("aria-label")
            : document.activeElement.id;
        });
      assert.equal(await focused(), "solve");

      const moves = await page.$$eval("#moves button", (els) => els.map((el) => el.textContent));
      assert.ok(moves.length >= 2, `${moves}`);
      await page.focus("#edit");
      await page.keyboard.press("Tab");
      assert.equal(await focused(), `Move ${moves.length}: ${moves.at(-1)}`, "the current move");
      await page.keyboard.press("Tab");
      assert.equal(await focused(), "to-start", "one tab stop for the whole list");
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("ArrowLeft");
      const previous = `Move ${moves.length - 1}: ${moves.at(-2)}`;
      assert.equal(await focused(), previous);
      assert.equal(await app("solved"), "true", "an arrow only moves the focus");
      await page.keyboard.press("Enter");
      await page.waitForSelector(`#solution-panel[data-cursor="${moves.length - 1}"]`);
      assert.equal(await focused(), previous);
      assertNoProblems();
    },
  );

  it(
    "shows the Rubik's Clock as the engine's picture: dial turns and pins tweened, solved, shared",
    TEST,
    async () => {
      await page.selectOption("#puzzle", "clock");
      await page.waitForSelector('#player[data-puzzle="clock"][data-ready="true"]');
      await idle();
      const picture = "#picture-view svg";
      assert.equal(await page.isVisible(picture), true);
      assert.equal(await page.isVisible("#view"), false);
      const part = (name) => `#picture-view [data-part="${name}"]`;
      assert.equal(await page.getAttribute(part("pin-front-UR"), "data-up"), "false");

      // A typed move: the UR pin goes up and the front's UR dial turns from 12 to 3 o'clock,
      // both tweened (seen mid-way), then drawn where the engine says.
      const tweened = page.waitForFunction(() => {
        const root = document.querySelector("#app").shadowRoot;
        const hand = root.querySelector('[data-part="hand-front-UR"]');
        const pin = root.querySelector('[data-part="pin-front-UR"]');
        if (!hand?.getAnimations().length || !pin?.getAnimations().length) return null;
        return getComputedStyle(hand).transform;
      });
      await page.fill("#notation", "UR3+");
      await page.click("#apply");
      const midway = await (await tweened).jsonValue();
      assert.notEqual(midway, "none");
      await idle();
      assert.equal(await page.getAttribute('[data-dial="front-UR"]', "data-hour"), "3");
      assert.equal(await page.getAttribute(part("hand-front-UR"), "data-angle"), "90");
      assert.equal(await page.getAttribute(part("pin-front-UR"), "data-up"), "true");
      const settled = await page
        .locator(part("hand-front-UR"))
        .evaluate((hand) => [hand.getAnimations().length, getComputedStyle(hand).transform]);
      assert.deepEqual(settled, [0, "none"]);

      // Scrambled, shared, reopened on the same position; then its fast solution solves it.
      await fastTurns(page);
      await page.click("#scramble");
      await idle();
      assert.equal(await app("solved"), "false");
      const state = await app("state");
      const hours = () =>
        page.$$eval("#picture-view [data-dial]", (dials) => dials.map((d) => d.dataset.hour));
      const scrambledHours = await hours();
      await page.click("#share");
      await page.waitForSelector("#share-output:not([hidden])");
      const url = await page.inputValue("#share-url");
      assert.match(url, new RegExp(`state=${state}&puzzle=clock$`));
      const { page: other, problems: otherProblems } = await session.open();
      await other.goto(url);
      await other.waitForSelector(`#player[data-state="${state}"]`, { timeout: 30_000 });
      await other.waitForFunction(
        (shown) =>
          [...document.querySelector("#app").shadowRoot.querySelectorAll("[data-dial]")]
            .map((d) => d.dataset.hour)
            .join() === shown,
        scrambledHours.join(),
      );
      assertNone(otherProblems);

      assert.equal(await page.isVisible("#solve"), false);
      await page.click("#solve-fast");
      await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
      await idle();
      assert.ok((await hours()).every((hour) => hour === "0"));

      // What the Clock does not take is named, not a crash.
      await page.evaluate(() => {
        const player = document.querySelector("#app");
        player.setAttribute("stickering", "OLL");
        player.setAttribute("alg", "UR3+ UR13+");
      });
      await page.waitForFunction(() =>
        /UR13\+/.test(
          document.querySelector("#app").shadowRoot.querySelector("[part~=messages]").textContent,
        ),
      );
      const messages = await page
        .locator("#app")
        .evaluate((el) => el.shadowRoot.querySelector("[part~=messages]").textContent);
      assert.match(
        messages,
        /stickering="OLL": the Rubik.s Clock has no stickers to colour or mask/,
      );
      assert.match(messages, /alg="UR3\+ UR13\+": 'UR13\+' at column 6: an amount is 0 to 11/);
      assertNoProblems();
    },
  );

  it(
    "shows the Square-1 in 3D from the engine's pieces: a slash turns the right half over",
    TEST,
    async () => {
      await page.selectOption("#puzzle", "square1");
      await page.waitForSelector('#player[data-puzzle="square1"][data-ready="true"]');
      await idle();
      assert.equal(await page.isVisible("#view"), true);
      assert.equal(await page.isVisible("#picture-view svg"), false);
      assert.match(await page.getAttribute("#view", "aria-label"), /3D view of the Square-1/);
      // Cells of the view showing the bottom's yellow (#ffd500, lit): none while the puzzle is
      // solved (the view looks from above), some once a slash has turned the right half over.
      const yellowCells = (pixels) =>
        pixels.cells.filter((cell) => {
          const [r, g, b] = cell.split(",").map(Number);
          return r > 120 && g > 0.7 * r && b < 0.4 * r;
        }).length;
      const solved = await canvasPixels();
      assert.ok(solved.distinct > 20, `only ${solved.distinct} colours: nothing was drawn`);
      assert.equal(yellowCells(solved), 0);
      await applyMoves("/");
      assert.equal(await app("state"), "EE5FF63CC4DD/1AA2BBGG7HH8/f");
      const slashed = await canvasPixels();
      assert.ok(yellowCells(slashed) >= 4, `${yellowCells(slashed)} yellow cells`);
      // Stepping back in the move list undoes the slash in 3D as well.
      await page.click("#to-start");
      await idle();
      assert.equal(await app("solved"), "true");
      assert.equal(yellowCells(await canvasPixels()), 0);

      // Its keys, from the engine's puzzleInfo: U turns the top a twelfth, which leaves corners
      // across the cut, so the slice key is refused with the engine's reason; Shift+U turns it
      // back and / slices as the typed move did.
      assert.match(await page.textContent("#key-list"), /\(1,0\)/);
      // Its help says what turns it: no stickers to drag, no Alt for the other way.
      assert.doesNotMatch(await page.textContent("#help-summary"), /Drag a sticker/);
      assert.notEqual(await page.getAttribute("#keys-alt", "hidden"), null);
      await page.focus("#view");
      await page.keyboard.press("KeyU");
      await idle();
      assert.equal(await app("solved"), "false");
      await page.keyboard.press("Slash");
      await idle();
      assert.match(await page.textContent("#status"), /corner/);
      await page.keyboard.press("Shift+KeyU");
      await idle();
      assert.equal(await app("solved"), "true");
      await page.keyboard.press("Slash");
      await idle();
      assert.equal(await app("state"), "EE5FF63CC4DD/1AA2BBGG7HH8/f");
      assert.ok(yellowCells(await canvasPixels()) >= 4);
      await page.click("#to-start");
      await idle();

      // The editor: the pieces by their colours, checked by the engine as they are typed, the
      // shape rules' errors with their column; Done keeps the position entered.
      await page.click("#edit");
      const editor = "#editor .entry-editor";
      await page.waitForSelector(`${editor}[data-validation="valid"]`);
      // No stickers to click: the line saying so is hidden for a typed entry.
      assert.equal(await page.isVisible("#edit-hint"), false);
      const solvedEntry = "UB UBR UR URF UF UFL UL ULB / DFR DR DRB DB DBL DL DLF DF / F";
      assert.equal(await page.inputValue(`${editor} textarea`), solvedEntry);
      await page.fill(`${editor} textarea`, solvedEntry.replace("UBR UR", "UBR UR UR"));
      await page.waitForSelector(`${editor}[data-validation="invalid"]`);
      assert.match(
        await page.textContent(`${editor} .verdict`),
        /the UR edge is there twice: also at column 8/,
      );
      assert.equal(await page.isDisabled("#edit-done"), true);
      // The engine's palette writes at the cursor: the solved position tapped piece by piece
      // into an empty box, a wrong piece taken away again, and the middle turned over.
      await page.fill(`${editor} textarea`, "");
      const tap = (token) => page.click(`${editor} .entry-token[data-token="${token}"]`);
      for (const token of solvedEntry.split(" ").slice(0, -1)) await tap(token);
      await tap("DF");
      await page.click(`${editor} .entry-erase`);
      await tap("B");
      assert.equal(await page.inputValue(`${editor} textarea`), solvedEntry.replace("/ F", "/ B"));
      // Each piece's button shows its colours, top or bottom first, as the engine gives them.
      const swatch = await page.$$eval(
        `${editor} .entry-token[data-token="URF"] .entry-swatch > span`,
        (bands) => bands.map((band) => getComputedStyle(band).backgroundColor),
      );
      const given = await page.evaluate(
        () =>
          document
            .querySelector("#app")
            .puzzleInfo.entry_palette.find((token) => token.text === "URF").colours,
      );
      const rgb = (hex) =>
        `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
      assert.equal(given.length, 3);
      assert.deepEqual(swatch, given.map(rgb));
      await page.waitForSelector(`${editor}[data-validation="valid"]`);
      await page.click("#edit-done");
      await idle();
      assert.equal(await app("state"), "1AA2BB3CC4DD/EE5FF6GG7HH8/f");
      assertNoProblems();
    },
  );

  it("says so when Play at the end of a solution plays it again from the start", TEST, async () => {
    await fastTurns(page);
    await page.evaluate(() => document.querySelector("#app").scramble(99));
    await page.click("#solve");
    await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
    await idle();
    assert.equal(await page.getAttribute("#play", "aria-label"), "Replay from the start");
    await page.click("#play");
    assert.equal(await page.textContent("#status"), "Replaying the solution from the start.");
    await page.waitForSelector('#solution-panel[data-playing="true"]');
    await idle();
    assert.equal(await app("solved"), "true");
    assert.equal(await page.getAttribute("#play", "aria-label"), "Replay from the start");
    await page.click("#to-start");
    await idle();
    assert.equal(await page.getAttribute("#play", "aria-label"), "Play");
    assertNoProblems();
  });

  it(
    "cancel terminates a long call, rejects it as cancelled, and the engine still answers",
    TEST,
    async () => {
      const outcome = await page.evaluate(async () => {
        const { engine } = document.querySelector("polytwist-player");
        // Cancel at the first BFS layer report, i.e. while the search is surely still running.
        let firstReport;
        const reported = new Promise((resolve) => (firstReport = resolve));
        const table = engine.distanceTable("cube2", firstReport).then(
          () => "finished",
          (err) => `${err.name}: ${err.message}`,
        );
        await Promise.race([reported, table]);
        engine.cancel();
        const result = await table;
        const version = await engine.version();
        const unknown = await engine.call("noSuchMethod");
        return { result, version, unknown };
      });
      assert.match(outcome.result, /^CancelledError: .*cancelled/);
      assert.equal(outcome.version.ok, true);
      assert.equal(outcome.unknown.ok, false);
      assert.match(outcome.unknown.error, /noSuchMethod/);
      assertNoProblems();
    },
  );
});

// The offline app's service worker is kept out: it would fetch (and cache) the files these tests
// make unavailable to the page, and serve them to a later worker.
const WITHOUT_SERVICE_WORKER = { serviceWorkers: "block" };

describe("when the engine cannot be loaded", () => {
  it(
    "reports the failure on the page and in rejected calls, never as an uncaught error",
    TEST,
    async () => {
      await newPage(WITHOUT_SERVICE_WORKER);
      await page.route("**/*.wasm", (route) => route.fulfill({ status: 404, body: "gone" }));
      await page.goto(session.site.url);
      await page.waitForSelector('#status[data-kind="error"]', { timeout: 30_000 });
      assert.match(await page.textContent("#status"), /engine failed to load/);
      assert.equal(await app("ready"), "false");
      assert.equal(await page.isDisabled("#solve"), true);
      const rejection = await page.evaluate(() =>
        document
          .querySelector("polytwist-player")
          .engine.version()
          .then(
            () => "resolved",
            (err) => `${err.name}: ${err.message}`,
          ),
      );
      assert.match(rejection, /^EngineError: version: engine failed to load/);
      const uncaught = problems.filter((p) => p.startsWith("page error"));
      assert.deepEqual(uncaught, [], uncaught.join("\n"));
    },
  );

  it("reports a worker script that cannot be loaded the same way", TEST, async () => {
    await newPage(WITHOUT_SERVICE_WORKER);
    await page.route("**/engine.worker*.js", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(session.site.url);
    await page.waitForSelector('#status[data-kind="error"]', { timeout: 30_000 });
    assert.match(await page.textContent("#status"), /engine worker failed/);
    assert.equal(await app("ready"), "false");
    const rejection = await page.evaluate(() =>
      document
        .querySelector("polytwist-player")
        .engine.call("version")
        .then(
          () => "resolved",
          (err) => `${err.name}: ${err.message}`,
        ),
    );
    assert.match(rejection, /^EngineError: version: engine worker failed/);
    const uncaught = problems.filter((p) => p.startsWith("page error"));
    assert.deepEqual(uncaught, [], uncaught.join("\n"));
  });
});
