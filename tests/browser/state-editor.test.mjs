// The state editor (web/src/edit/) in headless Chromium, on a harness page served from the
// repository root (tests/browser/fixtures/state-editor.html) with the real engine: painting by
// pointer and keys, the engine's error said in colours and its stickers highlighted, the actions,
// a shadow root. Needs build/wasm only, not the built site.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { assertNoProblems, browserSession } from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
const FLIPPED_EDGE =
  "the edge orientations add up to 1 (mod 2), not 0: an edge has been flipped in place";
const SOLVED = "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD";

let page;
let problems;

const session = browserSession({ repository: true });

async function openHarness(query = "") {
  ({ page, problems } = await session.open());
  await page.goto(`${session.site.url}tests/browser/fixtures/state-editor.html${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}

const sticker = (index) => page.locator(`.sticker[data-facelet="${index}"]`);
const swatch = (face) => page.locator(`.swatch[data-face="${face}"]`);
const verdict = () => page.locator(".verdict").textContent();
/**
 * Waits until the verdict (in a shadow root too) says `text`; resolves with its title, the
 * engine's precise message.
 */
async function verdictSays(text) {
  const line = page.locator(".verdict");
  for (let tries = 0; tries < 100 && (await line.textContent()) !== text; tries++) {
    await page.waitForTimeout(100);
  }
  assert.equal(await line.textContent(), text);
  return line.getAttribute("title");
}
const validation = (kind) =>
  page.waitForSelector(`.state-editor[data-validation="${kind}"]`, { timeout: 10_000 });
const highlighted = () =>
  page.$$eval(".sticker.error", (nodes) => nodes.map((node) => Number(node.dataset.facelet)));
const facelets = () => page.evaluate(() => window.harness.editor.getFacelets());

describe("state editor", () => {
  it("shows the solved Pyraminx as valid, one polygon per sticker", TEST, async () => {
    await openHarness();
    await validation("valid");
    assert.equal(await verdict(), "Valid: this is the solved position.");
    assert.equal(await page.locator(".sticker").count(), 36);
    assert.equal(await facelets(), SOLVED);
    assert.equal(await sticker(9).getAttribute("aria-label"), "L0: red");
    assert.equal(await page.locator(".swatch").count(), 4);
    assert.equal(await swatch("F").getAttribute("aria-checked"), "true");
    assertNoProblems(problems);
  });

  it(
    "paints a flipped edge by pointer: the engine's error, both stickers marked",
    TEST,
    async () => {
      await openHarness();
      await validation("valid");
      await swatch("L").click();
      await sticker(1).click(); // F1, the UL edge's front sticker
      await validation("invalid");
      assert.match(
        await verdictSays(
          "There are 10 red stickers and 8 green; each colour belongs on 9 stickers.",
        ),
        /^wrong colour counts: 8 F, 10 L/,
      );
      await swatch("F").click();
      await sticker(12).click(); // L3, its left sticker
      // In the palette's colours, the piece by its colours; the engine's words as the title.
      assert.equal(await verdictSays("The green–red edge is flipped in place."), FLIPPED_EDGE);
      assert.equal(await page.getAttribute(".state-editor", "data-validation"), "invalid");
      assert.deepEqual(await highlighted(), [1, 12]);
      assert.equal(await sticker(1).getAttribute("aria-invalid"), "true");
      assert.equal(await page.locator(".error-hatch").count(), 2);
      assert.equal(await page.getAttribute(".verdict", "role"), "status");
      const last = await page.evaluate(() => window.harness.events.at(-1));
      assert.deepEqual(last, {
        type: "invalid",
        error: FLIPPED_EDGE,
        stickers: [1, 12],
        facelets: `FLFFFFFFFLLLFLLLLL${SOLVED.slice(18)}`,
      });
      assertNoProblems(problems);
    },
  );

  it("fixes it with the keyboard: arrows, number keys, Enter", TEST, async () => {
    await openHarness();
    await validation("valid");
    await page.evaluate(() => {
      window.harness.editor.paint(1, "L");
      window.harness.editor.paint(12, "F");
    });
    await validation("invalid");
    await sticker(1).focus();
    await page.keyboard.press("Digit1"); // F's colour onto F1
    assert.equal(await swatch("F").getAttribute("aria-checked"), "true");
    await page.keyboard.press("ArrowLeft"); // across the fold to L3
    assert.equal(await page.evaluate(() => document.activeElement.dataset.facelet), "12");
    assert.equal(await sticker(12).getAttribute("tabindex"), "0");
    await swatch("L").click();
    await sticker(12).focus();
    await page.keyboard.press("Enter");
    await validation("valid");
    assert.equal(await facelets(), SOLVED);
    assert.deepEqual(await highlighted(), []);
    assert.equal(await page.locator(".error-hatch").count(), 0);
    const last = await page.evaluate(() => window.harness.events.at(-1));
    assert.deepEqual(last, { type: "valid", state: "", facelets: SOLVED });
    assertNoProblems(problems);
  });

  it("palette: arrow keys and number keys choose, one tab stop", TEST, async () => {
    await openHarness();
    await swatch("F").focus();
    await page.keyboard.press("ArrowRight");
    assert.equal(await swatch("L").getAttribute("aria-checked"), "true");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.face), "L");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft"); // wraps to the last
    assert.equal(await swatch("D").getAttribute("aria-checked"), "true");
    await page.keyboard.press("Digit3");
    assert.equal(await page.evaluate(() => window.harness.editor.selectedColour), "R");
    const tabStops = await page.$$eval(".swatch", (nodes) => nodes.filter((n) => n.tabIndex === 0));
    assert.equal(tabStops.length, 1);
    assertNoProblems(problems);
  });

  it("fills from the current position and clears to solved", TEST, async () => {
    await openHarness();
    await validation("valid");
    await page.getByRole("button", { name: "Fill from current position" }).click();
    await validation("valid");
    const current = await page.evaluate(() => window.harness.current);
    assert.equal(await facelets(), current.facelets);
    const last = await page.evaluate(() => window.harness.events.at(-1));
    assert.equal(last.state, current.state);
    await page.getByRole("button", { name: "Clear to solved" }).click();
    await page.waitForFunction((s) => window.harness.editor.getFacelets() === s, SOLVED);
    await validation("valid");
    assertNoProblems(problems);
  });

  it("works in a shadow root with the adopted sheet (pocket cube)", TEST, async () => {
    await openHarness("?puzzle=cube2&shadow");
    await validation("valid");
    assert.equal(await page.locator(".sticker").count(), 24);
    await page.evaluate(() => {
      window.harness.editor.paint(3, "F"); // U3 ↔ F1: the URF corner mirrored
      window.harness.editor.paint(9, "U");
    });
    await validation("invalid");
    assert.match(
      await verdictSays(
        "These stickers show the white–red–green corner in mirror image, which no real corner can show: two of its colours are swapped.",
      ),
      /URF corner in mirror image/,
    );
    assert.deepEqual(await highlighted(), [3, 4, 9]);
    const style = await sticker(3).evaluate((node) => {
      const computed = getComputedStyle(node);
      return { dash: computed.strokeDasharray, fill: computed.fill };
    });
    assert.notEqual(style.dash, "none", "the error outline is dashed");
    assert.equal(style.fill, "rgb(26, 158, 58)"); // F's green
    assertNoProblems(problems);
  });

  it(
    "says a 3x3x3's twisted corner, wrong counts and mirrored corner in colours",
    TEST,
    async () => {
      await openHarness("?puzzle=cube3");
      await validation("valid");
      const cases = [
        // U8 R0 F2, the URF corner, turned in place.
        [
          [
            [8, "R"],
            [9, "F"],
            [20, "U"],
          ],
          "The white–red–green corner is twisted in place.",
          /add up to/,
        ],
        [
          [[1, "F"]],
          "There are 10 green stickers and 8 white; each colour belongs on 9 stickers.",
          /wrong colour counts: 8 U, 10 F/,
        ],
        // Its R and F stickers swapped: the corner's mirror image.
        [
          [
            [9, "F"],
            [20, "R"],
          ],
          "These stickers show the white–red–green corner in mirror image, which no real corner can show: two of its colours are swapped.",
          /URF corner in mirror image/,
        ],
      ];
      const solved = await facelets();
      for (const [stickers, words, precise] of cases) {
        await page.evaluate(
          ([start, list]) => {
            window.harness.editor.setFacelets(start);
            for (const [index, face] of list) window.harness.editor.paint(index, face);
          },
          [solved, stickers],
        );
        assert.match(await verdictSays(words), precise);
        assert.equal(await page.getAttribute(".state-editor", "data-validation"), "invalid");
      }
      assertNoProblems(problems);
    },
  );
});
