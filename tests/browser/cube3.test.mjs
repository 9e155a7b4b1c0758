// The Rubik's Cube page (?puzzle=cube3) in headless Chromium: typed moves drawn where the engine
// puts every sticker, the keys, a layer dragged with the mouse and with a finger, an impossible
// colouring in the editor (the engine's message, its stickers marked, striped on the model; the
// share link is every-puzzle.test.mjs's); Scramble and Solve, which the engine may not offer for the 3x3x3 yet (its solvers come
// with the two-phase and optimal searches): either they work, or the player says why not and
// goes on working.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import {
  applyMoves,
  assertCanvasShowsFacelets,
  assertNoProblems,
  browserSession,
  darkShareAt,
  dragSticker,
  engineFacelets,
  gotoPuzzle,
  idle,
  playerData,
  stickerColoursShown,
  stickerClientPoint,
  touchDrag,
  PHONE,
  engineCall,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
const SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

let page;
let problems;

const session = browserSession();

beforeEach(async () => {
  ({ page, problems } = await session.open());
  await gotoPuzzle(page, session.site.url, "cube3");
});

const app = (name) => playerData(page, name);
const expected = (moves) => engineFacelets(page, "cube3", moves);
const engine = (method, ...args) => engineCall(page, method, ...args);
/** Records the player's turns as they are made. */
async function recordTurns(target) {
  const turns = [];
  await target.exposeFunction("recordTurn", (move) => turns.push(move));
  await target.evaluate(() =>
    document
      .querySelector("#app")
      .addEventListener("move", ({ detail }) => window.recordTurn(detail.move)),
  );
  return turns;
}

describe("cube3 page", () => {
  it("shows typed moves where the engine puts each sticker, on the canvas too", TEST, async () => {
    assert.equal(await page.getAttribute("#puzzle", "value"), null);
    assert.equal(await page.inputValue("#puzzle"), "cube3");
    assert.equal(await app("facelets"), SOLVED);
    assert.ok((await assertCanvasShowsFacelets(page)) >= 27, "U, F and R are not all in view");
    // Fast solution is offered exactly when the engine lists that method for the cube.
    const methods = (await engine("puzzleInfo", "cube3")).methods ?? ["optimal"];
    assert.equal(await page.isVisible("#solve-fast"), methods.includes("fast"));
    assert.equal(await page.isVisible("#solve"), methods.includes("optimal"));

    // The sexy move: animated move by move, each sticker where the engine says.
    await applyMoves(page, "R U R' U'");
    assert.equal(await app("facelets"), await expected("R U R' U'"));
    assert.equal(await app("solved"), "false");
    await assertCanvasShowsFacelets(page);
    // The URF corner's front sticker (F2) has left the front: read off the pixels too.
    const shown = await stickerColoursShown(page);
    const frontCorner = shown.find(({ facelet }) => facelet === 20);
    assert.notEqual(frontCorner.shown, "F");
    assert.equal(frontCorner.shown, frontCorner.expected);

    // Six sexy moves bring it back; the bracketed ones are the move list as written.
    await applyMoves(page, "(R U R' U')5");
    assert.equal(await app("facelets"), SOLVED);
    assert.equal(await app("solved"), "true");
    const list = await page.$$eval("#moves li", (items) => items.map((item) => item.textContent));
    assert.deepEqual(list, ["(", "R", "U", "R'", "U'", ")5"]);
    assert.equal(await page.textContent("#solution-length"), "20 moves");
    assertNoProblems(problems);
  });

  it(
    "turns with the keys: the face letters, Shift a half turn, Alt anticlockwise",
    TEST,
    async () => {
      await page.locator("#view").focus();
      for (const key of ["u", "Shift+R", "Alt+f", "d", "Alt+l", "b"])
        await page.keyboard.press(key);
      await idle(page);
      assert.equal(await app("facelets"), await expected("U R2 F' D L' B"));
      await assertCanvasShowsFacelets(page);
      assertNoProblems(problems);
    },
  );

  it("turns a layer dragged with the mouse: up or down a column, along a row", TEST, async () => {
    const turns = await recordTurns(page);
    // F2, the URF corner's front sticker: down turns R anticlockwise, up again undoes it.
    await dragSticker(page, "#app", 20, 0, 60);
    assert.equal(await app("facelets"), await expected("R'"));
    await dragSticker(page, "#app", 20, 0, -60);
    assert.equal(await app("facelets"), SOLVED);
    // F0, top left of the front: to the left, U turns clockwise seen from above.
    await dragSticker(page, "#app", 18, -60, 0);
    assert.equal(await app("facelets"), await expected("U"));
    await assertCanvasShowsFacelets(page);
    assert.deepEqual(turns, ["R'", "R", "U"]);
    assertNoProblems(problems);
  });

  it("turns a layer dragged with a finger on a phone", TEST, async () => {
    await page.close();
    ({ page, problems } = await session.open(PHONE));
    await gotoPuzzle(page, session.site.url, "cube3");
    const turns = await recordTurns(page);
    // F8, the DFR corner's front sticker, pushed up: R clockwise.
    await page.locator("#view").scrollIntoViewIfNeeded();
    const start = await stickerClientPoint(page, "#app", 26);
    assert.ok(start.visible);
    await touchDrag(page, start, 0, -60);
    await idle(page);
    assert.deepEqual(turns, ["R"]);
    assert.equal(await app("facelets"), await expected("R"));
    assertNoProblems(problems);
  });

  it("names the stickers of a flipped edge in the colour editor", TEST, async () => {
    await page.click("#edit");
    await page.waitForSelector('.state-editor[data-validation="valid"]');
    // U7 and F1, the UF edge's two stickers, swapped: the edge flipped in place.
    await page.click('.swatch[data-face="F"]');
    await page.click('.sticker-net .sticker[data-facelet="7"]');
    await page.click('.swatch[data-face="U"]');
    await page.click('.sticker-net .sticker[data-facelet="19"]');
    await page.waitForSelector('.state-editor[data-validation="invalid"]');
    const flipped = `${SOLVED.slice(0, 7)}F${SOLVED.slice(8, 19)}U${SOLVED.slice(20)}`;
    const answer = await engine("validate", "cube3", flipped);
    assert.equal(answer.ok, false);
    assert.match(answer.error, /edge/);
    // In colours, the engine's precise message as the line's title.
    assert.equal(await page.textContent(".verdict"), "The white–green edge is flipped in place.");
    assert.equal(await page.getAttribute(".verdict", "title"), answer.error);
    const marked = await page.$$eval(".sticker.error", (nodes) =>
      nodes.map((node) => Number(node.dataset.facelet)),
    );
    assert.deepEqual(
      marked,
      [...answer.stickers].sort((a, b) => a - b),
    );
    assert.deepEqual(marked, [7, 19]);
    assert.ok((await darkShareAt(page, "#app", 7)) > 0.2, "U7 is not striped on the model");
    assert.ok((await darkShareAt(page, "#app", 0)) < 0.05, "U0 is striped on the model");
    assert.equal(await page.isDisabled("#edit-done"), true);
    assertNoProblems(problems);
  });

  it("keeps the status line true while typed moves play and after a step back", TEST, async () => {
    const status = () => page.textContent("#status");
    const kind = () => page.getAttribute("#status", "data-kind");
    // A typed sequence animates move by move: the status says so while it plays.
    await page.fill("#notation", "R U R' U' F2 D B' L");
    await page.click("#apply");
    await page.waitForFunction(
      () => {
        const shadow = document.querySelector("#app").shadowRoot;
        const playing = shadow.querySelector("#status").textContent === "Playing 8 moves…";
        return playing && shadow.querySelector("#player").dataset.busy === "true";
      },
      null,
      { timeout: 5_000 },
    );
    await idle(page);
    assert.match(await status(), /^Applied R U R' U' F2 D B' L/);
    // Solved, then a step back in the move list: no longer "Solved", the step instead.
    await page.locator("#speed").evaluate((slider) => (slider.value = slider.max));
    const methods = (await engine("puzzleInfo", "cube3")).methods ?? [];
    if (!methods.includes("fast")) return;
    await page.click("#solve-fast");
    await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
    await idle(page);
    assert.match(await status(), /^Solved: /);
    assert.equal(await kind(), "ok");
    const length = (await page.evaluate(() => document.querySelector("#app").moves)).length;
    await page.click("#step-back");
    await idle(page);
    assert.equal(await status(), `Solution: ${length - 1} of ${length} moves played.`);
    assert.equal(await kind(), "");
    // Forward to the end again: solved, and said so.
    await page.click("#step");
    await idle(page);
    assert.match(await status(), /^Solved: /);
    assertNoProblems(problems);
  });

  it("scrambles and solves fast, or says why not and goes on working", TEST, async () => {
    await page.locator("#speed").evaluate((slider) => (slider.value = slider.max));
    // A random state's optimal solve takes minutes: the optimal path has its own test file.
    for (const button of ["#scramble", "#solve-fast"]) {
      await page.click(button);
      await idle(page);
      const status = await page.textContent("#status");
      const failed = (await page.getAttribute("#status", "data-kind")) === "error";
      if (failed) {
        assert.match(status, /^(scramble|solve): \S/, status);
        assert.doesNotMatch(status, /^\w+: \d+$/, "a bare exception pointer as the message");
      } else if (button === "#scramble") {
        assert.equal(await app("solved"), "false", status);
      } else {
        await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
      }
    }
    // Either way the player still turns, through the engine.
    const before = await app("state");
    await applyMoves(page, "R U");
    const after = await engine("applyMoves", "cube3", before, "R U");
    assert.equal(await app("facelets"), after.facelets);
    assertNoProblems(problems);
  });
});
