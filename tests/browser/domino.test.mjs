// The domino page (?puzzle=domino) in headless Chromium: scramble, solve and playback to a solved
// (maybe turned) domino, the engine's refusal of a quarter turn of a side, drags and keys, the
// progress of its distance table's BFS in the page within each depth, and a whole table computed
// in the page (the 2x2x3 cuboid's, 241,920 positions; the domino's 406 M are a benchmark's) equal
// to the native CLI's, its bars drawn readably. A mirrored piece in the colour
// editor is every-puzzle.test.mjs's (and a flipped edge's stripes cube3.test.mjs's).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { after, before, beforeEach, describe, it } from "node:test";

import {
  applyMoves,
  assertCanvasShowsFacelets,
  assertNoProblems,
  browserSession,
  chartTextProblems,
  dragSticker,
  engineFacelets,
  fastTurns,
  gotoPuzzle,
  idle,
  playerData,
  stickerColoursShown,
  PHONE,
  engineCall,
} from "../js/browser.mjs";
import { repoDir } from "../js/engine.mjs";

const TEST = { timeout: 60_000 };
const SOLVED = "UUUUUUUUUDDDDDDDDDFFFFFFRRRRRRBBBBBBLLLLLL";
/** Each face's stickers in the facelets: U and D nine, the sides six. */
const FACES = { U: [0, 9], D: [9, 18], F: [18, 24], R: [24, 30], B: [30, 36], L: [36, 42] };
const faceOf = (facelet) => Object.keys(FACES).find((f) => facelet < FACES[f][1]);

// The native CLI's whole table of the 2x2x3 cuboid, for the page's to equal.
const native = new AbortController();
let nativeTable;
before(() => {
  nativeTable = promisify(execFile)(
    `${repoDir}build/polytwist`,
    ["godsnumber", "cube223", "--json"],
    { signal: native.signal },
  ).then(({ stdout }) => JSON.parse(stdout));
  nativeTable.catch(() => {}); // awaited by its test; an early end of the file must not throw
});
after(() => native.abort());

let page;
let problems;

const session = browserSession();

beforeEach(async () => {
  ({ page, problems } = await session.open());
  await gotoPuzzle(page, session.site.url, "domino");
});

const app = (name) => playerData(page, name);
const expected = (moves) => engineFacelets(page, "domino", moves);
const engine = (method, ...args) => engineCall(page, method, ...args);

/** Whether every face of `facelets` is one colour (solved, maybe turned about U–D). */
const uniformFaces = (facelets) =>
  Object.values(FACES).every(([from, to]) => new Set(facelets.slice(from, to)).size === 1);

describe("domino page", () => {
  it("scrambles, solves, plays to the end: solved, one colour per face", TEST, async () => {
    assert.equal(await app("facelets"), SOLVED);
    await fastTurns(page);
    await page.click("#scramble");
    await idle(page);
    assert.equal(await app("solved"), "false");
    await assertCanvasShowsFacelets(page);

    await page.click("#solve");
    await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
    await idle(page);
    const status = await page.textContent("#status");
    assert.match(status, /Solved: \d+ moves? \(optimal\)/);
    const moves = await page.$$eval("#moves button", (els) => els.map((el) => el.textContent));
    assert.ok(moves.length >= 1 && moves.length <= 18, `solution: ${moves.join(" ")}`);
    assert.equal(await page.getAttribute("#solution-panel", "data-cursor"), `${moves.length}`);

    // The engine's last position as it is, maybe turned about U–D: never snapped back to SOLVED.
    const { movesStart } = await page.evaluate(() => ({
      movesStart: document.querySelector("#app").movesStart,
    }));
    const end = await engine("applyMoves", "domino", movesStart.state, moves.join(" "));
    assert.equal(end.solved, true);
    assert.equal(await app("facelets"), end.facelets);
    assert.equal(await app("state"), end.state);
    assert.ok(uniformFaces(end.facelets), end.facelets);

    // On the canvas: every visible sticker of a face shows that face's one colour.
    const shown = await stickerColoursShown(page);
    const coloursByFace = new Map();
    for (const { facelet, shown: colour } of shown) {
      const face = faceOf(facelet);
      coloursByFace.set(face, new Set([...(coloursByFace.get(face) ?? []), colour]));
    }
    assert.ok(coloursByFace.size >= 3, `only faces ${[...coloursByFace.keys()]} are in view`);
    for (const [face, colours] of coloursByFace) {
      assert.equal(colours.size, 1, `face ${face} shows ${[...colours]}`);
    }
    await assertCanvasShowsFacelets(page);
    assertNoProblems(problems);
  });

  it("shows a domino solved but turned about U–D as it is, and says solved", TEST, async () => {
    await applyMoves(page, "U D'");
    const turned = await expected("U D'");
    assert.notEqual(turned, SOLVED);
    assert.equal(await app("solved"), "true");
    assert.notEqual(await app("state"), "", "the engine's state is the turned one");
    assert.equal(await app("facelets"), turned);
    await assertCanvasShowsFacelets(page);

    // The colour editor takes it for the solved position too.
    await page.click("#edit");
    await page.waitForSelector('.state-editor[data-validation="valid"]');
    assert.equal(await page.textContent(".verdict"), "Valid: this is the solved position.");
    assertNoProblems(problems);
  });

  it(
    "refuses a quarter turn of a side with the engine's message; nothing moves",
    TEST,
    async () => {
      const shownBefore = await stickerColoursShown(page);
      await applyMoves(page, "R");
      const refusal = await engine("applyMoves", "domino", "", "R");
      assert.equal(refusal.ok, false);
      assert.equal(await page.textContent("#notation-error .message"), refusal.error);
      assert.match(refusal.error, /R2/, "the message says what to write instead");
      assert.equal(await page.getAttribute("#notation", "aria-invalid"), "true");
      assert.equal(await page.inputValue("#notation"), "R", "the text was not kept for fixing");
      assert.equal(await app("state"), "");
      assert.equal(await app("facelets"), SOLVED);
      // Each visible sticker still shows its colour (read off the pixels, within lighting noise).
      const shownAfter = await stickerColoursShown(page);
      const colours = (stickers) => stickers.map(({ facelet, shown }) => `${facelet}:${shown}`);
      assert.deepEqual(colours(shownAfter), colours(shownBefore), "the view changed");
      assertNoProblems(problems);
    },
  );

  it("turns a side 180° on a drag up or down, U a quarter on a drag sideways", TEST, async () => {
    const turns = [];
    await page.exposeFunction("recordTurn", (move) => turns.push(move));
    await page.evaluate(() =>
      document
        .querySelector("#app")
        .addEventListener("move", ({ detail }) => window.recordTurn(detail.move)),
    );
    // F2, the UFR corner's front sticker: down, the R layer flips; up again, it flips back.
    await dragSticker(page, "#app", 20, 0, 70);
    assert.equal(await app("facelets"), await expected("R2"));
    await dragSticker(page, "#app", 20, 0, -70);
    assert.equal(await app("facelets"), SOLVED);
    // F0, top left of the front: to the left, the U layer turns clockwise seen from above.
    await dragSticker(page, "#app", 18, -70, 0);
    assert.equal(await app("facelets"), await expected("U"));
    await assertCanvasShowsFacelets(page);
    assert.deepEqual(turns, ["R2", "R2", "U"]);
    assertNoProblems(problems);
  });

  it("turns with the keys: a side's letter is its half turn", TEST, async () => {
    await page.locator("#view").focus();
    for (const key of ["u", "Shift+D", "r", "Alt+f", "Alt+d"]) await page.keyboard.press(key);
    await idle(page);
    assert.equal(await app("facelets"), await expected("U D2 R2 F2 D'"));
    assertNoProblems(problems);
  });

  it("shows the table's progress bar across a phone's panel, its text below", TEST, async () => {
    await page.close();
    ({ page, problems } = await session.open(PHONE));
    await gotoPuzzle(page, session.site.url, "domino");
    await page.click("#gods-compute");
    await page.locator("#gods-progress-text", { hasText: /^depth \d+/ }).waitFor();
    const [line, bar, text] = await Promise.all(
      ["#gods-progress", "#gods-progress-bar", "#gods-progress-text"].map((selector) =>
        page.locator(selector).boundingBox(),
      ),
    );
    assert.ok(bar.width >= 0.9 * line.width, `the bar is ${bar.width} of ${line.width} px wide`);
    assert.ok(text.y >= bar.y + bar.height, "the text is not below the bar");
    assert.ok(text.x + text.width <= line.x + line.width + 1, "the text overflows");
    await page.click("#gods-cancel");
    await page.waitForSelector('#gods[data-state="idle"]');
    assertNoProblems(problems);
  });

  it(
    "shows the table's progress within each depth, stays playable, and cancels",
    { timeout: 120_000 },
    async () => {
      // Cancel once the BFS is under way: the panel is ready again, nothing shown.
      await page.click("#gods-compute");
      await page.waitForSelector('#gods[data-state="computing"]');
      await page.locator("#gods-progress-text", { hasText: /^depth \d+/ }).waitFor();
      await page.click("#gods-cancel");
      await page.waitForSelector('#gods[data-state="idle"]');
      assert.equal(await page.textContent("#gods-progress-text"), "Cancelled.");
      assert.equal(await page.isDisabled("#gods-compute"), false);

      // Every change of the progress text and bar while the table is computed, as shown.
      await page.evaluate(() => {
        const text = document.querySelector("#gods-progress-text");
        const bar = document.querySelector("#gods-progress-bar");
        window.progressShown = [];
        window.progressObserver = new MutationObserver(() => {
          const last = window.progressShown.at(-1);
          if (last?.text === text.textContent && last?.value === bar.value) return;
          window.progressShown.push({
            text: text.textContent,
            value: bar.value,
            time: performance.now(),
          });
        });
        const changes = { childList: true, characterData: true, subtree: true, attributes: true };
        window.progressObserver.observe(text, changes);
        window.progressObserver.observe(bar, changes);
      });
      const started = performance.now();
      await page.click("#gods-compute");
      // The page stays playable while the table is computed in the panel's worker.
      await page.locator("#gods-progress-text", { hasText: /^depth \d+/ }).waitFor();
      await applyMoves(page, "U");
      assert.equal(await app("facelets"), await expected("U"));
      assert.equal(await page.getAttribute("#gods", "data-state"), "computing");
      const progress = await page.locator("#gods-progress-bar").evaluate((bar) => bar.value);
      assert.ok(progress > 0 && progress < 1, `progress ${progress}`);

      /** The progress shown so far, read. */
      const progressRead = async () =>
        (await page.evaluate(() => window.progressShown))
          .map(({ text, value, time }) => ({
            value,
            time,
            match: /^depth (\d+): ([\d,]+) \/ 406,425,600 positions, (\d+) s$/.exec(text),
          }))
          .filter(({ match }) => match)
          .map(({ value, time, match: [, depth, visited, secs] }) => ({
            value,
            time,
            depth: Number(depth),
            visited,
            secs: Number(secs),
          }));
      /** The most values `key` took within one depth. */
      const mostWithinDepth = (parsed, key) => {
        const values = new Map(); // depth → the values shown with it
        for (const p of parsed)
          values.set(p.depth, new Set([...(values.get(p.depth) ?? []), p[key]]));
        return Math.max(0, ...[...values.values()].map((set) => set.size));
      };
      // Within one depth the bar moves on (reports come within a layer) and the seconds advance;
      // the seconds tick on whether reports come or not. The whole table (~40 s here, 101 MB)
      // is a benchmark's: web/bench/distance-table.mjs; a complete table is the next test's.
      let parsed = [];
      while (mostWithinDepth(parsed, "value") < 3 || mostWithinDepth(parsed, "secs") < 3) {
        assert.equal(await page.getAttribute("#gods", "data-state"), "computing", "ended early");
        assert.ok(performance.now() - started < 100_000, "no depth long enough in 100 s");
        await new Promise((resolve) => setTimeout(resolve, 500));
        parsed = await progressRead();
      }
      await page.click("#gods-cancel");
      await page.waitForSelector('#gods[data-state="idle"]');
      const seconds = (performance.now() - started) / 1000;
      parsed = await progressRead();
      await page.evaluate(() => window.progressObserver.disconnect());
      const secondChanges = parsed.filter((p, i) => i === 0 || p.secs !== parsed[i - 1].secs);
      const longestWait = Math.max(
        ...secondChanges.slice(1).map((p, i) => p.time - secondChanges[i].time),
      );
      assert.ok(longestWait < 2500, `the seconds stood still for ${longestWait} ms`);
      for (let i = 1; i < parsed.length; i++) {
        assert.ok(parsed[i].value >= parsed[i - 1].value, "the bar went back");
        assert.ok(parsed[i].secs >= parsed[i - 1].secs, "the seconds went back");
      }
      assert.ok(parsed.at(-1).secs <= seconds, `${parsed.at(-1).secs} s shown after ${seconds} s`);
      assertNoProblems(problems);
    },
  );

  it(
    "computes a whole table in the page as the native CLI does, then from its cache at once",
    TEST,
    async () => {
      // The 2x2x3 cuboid: 241,920 positions in 15 depths, the same panel and BFS as the
      // domino's (whose whole table, 406,425,600 positions, the benchmark above times).
      const { counts } = await nativeTable;
      await gotoPuzzle(page, session.site.url, "cube223");
      await page.click("#gods-compute");
      await page.waitForSelector('#gods[data-state="shown"]', { timeout: 30_000 });
      const chart = page.locator("#gods-chart");
      const bars = () =>
        chart.locator("rect.bar").evaluateAll((rects) => rects.map((r) => Number(r.dataset.count)));
      assert.deepEqual(await bars(), counts);
      const total = counts.reduce((sum, n) => sum + n, 0).toLocaleString("en");
      assert.match(
        await page.textContent("#gods-summary"),
        new RegExp(`God's number: ${counts.length - 1}\\. ${total} positions`),
      );
      await applyMoves(page, "R2");
      await page.waitForSelector('#gods-chart[data-current="1"]');
      await page.check("#gods-log");
      assert.equal(await chart.getAttribute("data-scale"), "log");

      // A second visit shows the chart from the cached table at once, without the BFS.
      await gotoPuzzle(page, session.site.url, "cube223");
      await page.click("#gods-compute");
      await page.waitForSelector('#gods[data-state="shown"]', { timeout: 5_000 });
      assert.deepEqual(await bars(), counts);

      // Every bar readable, the solved position marked, as wide as a desktop's and a phone's.
      await page.waitForSelector('#gods-chart[data-current="0"]');
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.waitForFunction(() => {
          const svg = document.querySelector("#gods-chart");
          return Math.abs(svg.viewBox.baseVal.width - Math.max(320, svg.clientWidth)) <= 8;
        });
        assert.deepEqual(
          await chartTextProblems(page),
          [],
          `${counts.length} bars, ${width} px wide`,
        );
      }
      assertNoProblems(problems);
    },
  );
});
