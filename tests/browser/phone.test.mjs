// The app page on a 390×844 touch phone: the puzzle and its playback buttons on screen together, a
// finger beside the puzzle scrolling the page while a finger on it turns it, every control and
// link a 44 px touch target, the colour editor's stickers a fingertip wide and its words "tap",
// and a numbering entered with the digit pad (no keyboard opens on a tap).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  assertNoProblems,
  browserSession,
  gotoPuzzle,
  idle,
  PHONE,
  playerData,
  scrambleAndSolve,
  stickerClientPoint,
  touchDrag,
} from "../js/browser.mjs";

const TEST = { timeout: 90_000 };

const session = browserSession();

/** Boxes (page CSS pixels, relative to the viewport) of every visible match of `selector`. */
const boxes = (page, selector) =>
  page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        const name = el.id || el.getAttribute("aria-label") || el.textContent.trim().slice(0, 20);
        return { name, x, y, width, height };
      }),
  );

const onScreen = ({ y, height }) => y >= 0 && y + height <= 844;

async function solvedPyraminx(page) {
  await gotoPuzzle(page, session.site.url, "pyraminx");
  await scrambleAndSolve(page, 31, { tap: true });
}

describe("the app on a touch phone", () => {
  it("shows the puzzle and the playback buttons together, without scrolling", TEST, async () => {
    const { page, problems } = await session.open(PHONE);
    await solvedPyraminx(page);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    const [stage] = await boxes(page, "#stage");
    assert.ok(onScreen(stage), `the view at ${stage.y}–${stage.y + stage.height}`);
    const transport = await boxes(page, ".transport button");
    assert.equal(transport.length, 5);
    for (const button of transport) assert.ok(onScreen(button), `${button.name} at ${button.y}`);
    const current = await boxes(page, '#moves button[aria-current="step"]');
    assert.equal(current.length, 1);
    assert.ok(current[0].x >= 0 && current[0].x + current[0].width <= 390, "current move in view");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    // The first-use hint overlaps neither the view's buttons nor the puzzle drawn.
    const [hint] = await boxes(page, "#hint");
    assert.ok(hint, "the hint shows");
    const apart = (a, b) =>
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    for (const button of await boxes(page, ".stage-buttons button")) {
      assert.ok(apart(hint, button), `the hint covers ${button.name}`);
    }
    /** How many of the puzzle's pixels the 3D view draws under `box` (page pixels). */
    const puzzlePixelsUnder = (box) =>
      page.locator("#app").evaluate((el, box) => {
        const canvas = el.shadowRoot.querySelector("#view");
        const rect = canvas.getBoundingClientRect();
        const scale = canvas.width / rect.width;
        const left = Math.max(box.x, rect.left);
        const top = Math.max(box.y, rect.top);
        const right = Math.min(box.x + box.width, rect.right);
        const bottom = Math.min(box.y + box.height, rect.bottom);
        if (right <= left || bottom <= top) return 0; // not over the view at all
        const [x0, y0] = [(left - rect.left) * scale, (top - rect.top) * scale].map(Math.floor);
        const [w, h] = [(right - left) * scale, (bottom - top) * scale].map(Math.ceil);
        const { data } = canvas.getContext("2d").getImageData(x0, y0, w, h);
        let count = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 128) count++;
        return count;
      }, box);
    assert.equal(await puzzlePixelsUnder(hint), 0, "pixels of the puzzle under the hint");
    // Nor do the view's buttons: they have a band of their own above the puzzle (a 3x3x3's top
    // corner reaches higher than a Pyraminx's).
    for (const puzzle of ["pyraminx", "cube3"]) {
      if (puzzle !== "pyraminx") await gotoPuzzle(page, session.site.url, puzzle);
      for (const button of await boxes(page, ".stage-buttons button")) {
        const under = await puzzlePixelsUnder(button);
        assert.equal(under, 0, `${puzzle}: ${under} pixels of the puzzle under ${button.name}`);
      }
    }
    assertNoProblems(problems);
  });

  it(
    "scrolls the page on a swipe beside the puzzle, and turns on a swipe on it",
    TEST,
    async () => {
      const { page, problems } = await session.open(PHONE);
      await gotoPuzzle(page, session.site.url, "pyraminx");
      const [stage] = await boxes(page, "#stage");
      const facelets = await playerData(page, "facelets");
      // Near the view's bottom left corner: off the puzzle, which sits in the middle.
      const beside = { x: stage.x + 12, y: stage.y + stage.height - 12 };
      assert.equal(
        await page.locator("#app").evaluate((el, { x, y }) => el.stickerAt(x, y), beside),
        null,
      );
      await touchDrag(page, beside, 0, -250, 10, { settle: true });
      await page.waitForFunction(() => window.scrollY > 100);
      assert.equal(await playerData(page, "facelets"), facelets, "the swipe turned the puzzle");

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForFunction(() => window.scrollY === 0);
      const sticker = await stickerClientPoint(page, "#app", 2);
      await touchDrag(page, sticker, -60, 0);
      await idle(page);
      assert.notEqual(await playerData(page, "facelets"), facelets, "the drag did not turn");
      assert.equal(await page.evaluate(() => window.scrollY), 0, "the drag scrolled the page");
      assertNoProblems(problems);
    },
  );

  it("makes every control and link of the page at least 44 px across", TEST, async () => {
    const { page, problems } = await session.open(PHONE);
    await solvedPyraminx(page);
    await page.tap("#share");
    const controls = [
      ...(await boxes(page, "#app >> button, #app >> select, #app >> input, #app >> summary")),
      ...(await boxes(page, "main button, main select, main input, a[href]")),
    ];
    assert.ok(controls.length > 20, `${controls.length} controls`);
    const small = controls.filter(({ width, height }) => width < 44 || height < 44);
    assert.deepEqual(
      small.map(({ name, width, height }) => `${name}: ${width | 0}×${height | 0}`),
      [],
    );
    assertNoProblems(problems);
  });

  it("paints with stickers a fingertip wide, and says tap, not click", TEST, async () => {
    const { page, problems } = await session.open(PHONE);
    await gotoPuzzle(page, session.site.url, "cube3");
    await page.tap("#edit");
    const stickers = await boxes(page, "#app >> .sticker-net .sticker");
    assert.equal(stickers.length, 54);
    const small = stickers.filter(({ width, height }) => width < 40 || height < 40);
    assert.deepEqual(
      small.map(({ width, height }) => `${width | 0}×${height | 0}`),
      [],
    );
    // The net scrolls sideways rather than shrink; the page does not.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    await page.locator("#app >> .sticker-net .sticker").last().tap();
    const words = await page.locator("#app").evaluate((el) => {
      const panel = el.shadowRoot.querySelector("#edit-panel");
      return `${panel.innerText} ${el.shadowRoot.querySelector("#view").ariaLabel}`;
    });
    assert.match(words, /\btap\b/);
    assert.doesNotMatch(words, /\bclick/i);
    assertNoProblems(problems);
  });

  it(
    "takes a numbering from the digit pad, with readable pictures that show the puzzle",
    TEST,
    async () => {
      const { page, problems } = await session.open(PHONE);
      await gotoPuzzle(page, session.site.url, "numbered_pyraminx");
      await page.waitForSelector('#numbering[data-validation="valid"][data-count="8"]');
      const sticker = (i) => page.locator(`#numbering-net .sticker[data-facelet="${i}"]`);
      const before = await sticker(3).textContent();
      const typed = before === "7" ? "6" : "7";
      await sticker(3).tap();
      await page.locator(`.digit-pad button[data-digit="${typed}"]`).tap();
      assert.equal(await sticker(3).textContent(), typed);
      assert.match(await page.textContent(".digit-pad-target"), /^Sticker F4:/, "on to the next");
      // One digit changed: a face shows it twice, which the engine names.
      await page.waitForSelector('#numbering[data-validation="invalid"]');
      // Clear empties the selected sticker and stays on it, so the next digit goes there.
      await sticker(3).tap();
      await page.locator('.digit-pad button[data-digit="?"]').tap();
      assert.equal(await sticker(3).textContent(), "");
      await page.locator(`.digit-pad button[data-digit="${before}"]`).tap();
      assert.equal(await sticker(3).textContent(), before);
      await page.waitForSelector('#numbering[data-validation="valid"][data-count="8"]');
      const pads = await boxes(page, ".digit-pad button");
      assert.equal(pads.length, 10);
      for (const pad of pads) assert.ok(pad.height >= 44 && pad.width >= 44, `${pad.name}`);

      // Each digit of a solved-state picture is big enough to read.
      const heights = await page
        .locator("#numbering-states li:nth-child(2) text")
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      assert.equal(heights.length, 36);
      assert.ok(Math.min(...heights) >= 13, `digits ${Math.min(...heights).toFixed(1)} px high`);
      // Choosing one far down the page brings the puzzle back into view, showing that state.
      const picture = page.locator("#numbering-states li:nth-child(2) button");
      const state = await picture.getAttribute("data-state");
      await picture.scrollIntoViewIfNeeded();
      await picture.tap();
      await page.waitForFunction(
        (wanted) => document.querySelector("#app").state === wanted,
        state,
      );
      await page.waitForFunction(() => {
        const stage = document.querySelector("#app").shadowRoot.querySelector("#stage");
        const { top, bottom } = stage.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
      assertNoProblems(problems);
    },
  );
});
