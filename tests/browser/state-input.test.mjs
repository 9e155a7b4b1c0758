// Entering a position by its colours on the app page ("Edit colours"): the engine's error on an
// impossible colouring, with its stickers marked on the net and striped on the 3D model; painting
// on the net and on the model; Solve from here, Done, Cancel; no turning while editing.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import {
  assertNoProblems,
  darkShareAt as darkShareOn,
  fastTurns,
  gotoPuzzle,
  idle,
  playerData,
  browserSession,
  stickerClientPoint,
  engineCall,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
const SOLVED = "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD";

let page;
let problems;

const session = browserSession();

beforeEach(async () => {
  ({ page, problems } = await session.open());
  await gotoPuzzle(page, session.site.url, "pyraminx");
});

const engine = (method, ...args) => engineCall(page, method, ...args);

const validation = (kind) => page.waitForSelector(`.state-editor[data-validation="${kind}"]`);
const darkShareAt = (facelet) => darkShareOn(page, "#app", facelet);
const netFacelets = () =>
  page.$$eval(".sticker-net .sticker", (nodes) => nodes.map((node) => node.dataset.face).join(""));
const marked = () =>
  page.$$eval(".sticker.error", (nodes) => nodes.map((node) => Number(node.dataset.facelet)));

/** Paints net sticker `facelet` with face `face`'s colour (palette, then the sticker). */
async function paintOnNet(facelet, face) {
  await page.click(`.swatch[data-face="${face}"]`);
  await page.click(`.sticker-net .sticker[data-facelet="${facelet}"]`);
}

describe("entering a position by its colours", () => {
  it(
    "shows an impossible colouring's error and stickers, then solves the fixed one",
    TEST,
    async () => {
      await fastTurns(page);
      const target = (await engine("scramble", "pyraminx", 5)).facelets;
      assert.equal(
        await page.evaluate((f) => document.querySelector("#app").editColours(f), target),
        true,
      );
      await validation("valid");
      assert.equal(await netFacelets(), target);

      // F1 and L3, the two stickers of the UL edge, swapped: that edge flipped in place.
      const [front, left] = [target[1], target[12]];
      await paintOnNet(1, left);
      await paintOnNet(12, front);
      const flipped = [...target];
      [flipped[1], flipped[12]] = [left, front];
      const expected = await engine("validate", "pyraminx", flipped.join(""));
      assert.match(expected.error, /an edge has been flipped in place/);
      // In the palette's colours; the engine's precise message is the line's title.
      const verdict = page.locator(".verdict");
      for (let i = 0; i < 100 && (await verdict.getAttribute("title")) !== expected.error; i++) {
        await page.waitForTimeout(100);
      }
      assert.equal(await verdict.getAttribute("title"), expected.error);
      assert.match(await verdict.textContent(), /edge is flipped in place/);
      await validation("invalid");
      assert.deepEqual(
        await marked(),
        [...expected.stickers].sort((a, b) => a - b),
      );
      assert.equal(await page.isDisabled("#edit-solve"), true);
      assert.equal(await page.isDisabled("#edit-done"), true);

      // The model shows the entered colours, the stickers at fault striped.
      const points = await page.evaluate(() =>
        document.querySelector("#app").stickerScreenPoints(),
      );
      const flaggedVisible = expected.stickers.filter((i) => points[i].visible);
      const plainVisible = points.find((p) => p.visible && !expected.stickers.includes(p.facelet));
      assert.ok(flaggedVisible.length > 0, "no sticker at fault is in view");
      for (const i of flaggedVisible) {
        assert.ok((await darkShareAt(i)) > 0.2, `sticker ${i}, at fault, is not striped`);
      }
      assert.ok((await darkShareAt(plainVisible.facelet)) < 0.05, "a good sticker is striped");

      // Painted back: F1 by clicking it on the 3D view, L3 on the net.
      const sticker1 = await stickerClientPoint(page, "#app", 1);
      assert.ok(sticker1.visible, "F1 is not in view");
      await page.click(`.swatch[data-face="${front}"]`);
      await page.mouse.click(sticker1.x, sticker1.y);
      await page.waitForFunction(
        (face) =>
          document.querySelector("#app").shadowRoot.querySelector('.sticker-net [data-facelet="1"]')
            .dataset.face === face,
        front,
      );
      await paintOnNet(12, left);
      await validation("valid");
      assert.equal(await netFacelets(), target);

      await page.click("#edit-solve");
      await page.waitForSelector('#player[data-editing="false"]');
      await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
      await idle(page);
      const { moves, movesStart } = await page.evaluate(() => {
        const player = document.querySelector("#app");
        return { moves: player.moves, movesStart: player.movesStart };
      });
      assert.equal(movesStart.facelets, target);
      const optimal = await engine("solve", "pyraminx", movesStart.state);
      assert.equal(moves.length, optimal.length);
      assertNoProblems(problems);
    },
  );

  it("turns neither by keys nor by drags while editing; Cancel and Done", TEST, async () => {
    await page.click("#edit");
    await validation("valid");
    assert.equal(await playerData(page, "editing"), "true");
    assert.equal(await page.isVisible("#scramble"), false);
    const focused = () =>
      page.evaluate(() => document.querySelector("#app").shadowRoot.activeElement?.id || "");
    assert.equal(
      await page.evaluate(
        () => document.querySelector("#app").shadowRoot.activeElement.dataset.face,
      ),
      "F",
      "the focus is on the chosen colour",
    );

    await page.keyboard.press("Shift+KeyU");
    await page.keyboard.press("KeyR");
    await idle(page);
    assert.equal(await playerData(page, "facelets"), SOLVED);

    // A drag that starts on a sticker turns the view, and neither turns nor paints. (The view
    // turns about the vertical axis: F4, the L tip, is far from it, so it moves across.)
    const start = await stickerClientPoint(page, "#app", 2);
    const before = await stickerClientPoint(page, "#app", 4);
    await page.click('.swatch[data-face="D"]');
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 70, start.y, { steps: 6 });
    await page.mouse.up();
    await idle(page);
    const afterwards = await stickerClientPoint(page, "#app", 4);
    assert.ok(Math.abs(afterwards.x - before.x) > 5, "the view did not turn");
    assert.equal(await playerData(page, "facelets"), SOLVED);
    assert.equal(await netFacelets(), SOLVED);

    await paintOnNet(0, "L");
    await validation("invalid");
    await page.keyboard.press("Escape");
    assert.equal(await playerData(page, "editing"), "false");
    assert.equal(await playerData(page, "facelets"), SOLVED);
    assert.equal(await focused(), "edit");

    const target = (await engine("scramble", "pyraminx", 9)).facelets;
    await page.evaluate((f) => document.querySelector("#app").editColours(f), target);
    await validation("valid");
    await page.click("#edit-done");
    await page.waitForSelector(`#player[data-facelets="${target}"]`);
    assert.equal(await playerData(page, "editing"), "false");
    assert.equal(await focused(), "edit");
    assertNoProblems(problems);
  });
});
