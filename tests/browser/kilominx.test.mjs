// The Kilominx page (?puzzle=kilominx) in headless Chromium: typed moves drawn where the engine
// puts every sticker, the keys, a face dragged with the mouse, an impossible colouring in the
// editor (the engine's message, its stickers marked), a share link opened again, and Scramble.
// The optimal solve, which builds tables first, is in optimal.test.mjs.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import {
  applyMoves,
  assertCanvasShowsFacelets,
  assertNoProblems,
  browserSession,
  dragSticker,
  engineFacelets,
  gotoPuzzle,
  idle,
  playerData,
  engineCall,
  assertAddressReopens,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
const SOLVED = "WGPYBRCEKMOS".replace(/./g, (letter) => letter.repeat(5));

let page;
let problems;

const session = browserSession();

beforeEach(async () => {
  ({ page, problems } = await session.open());
  await gotoPuzzle(page, session.site.url, "kilominx");
});

const app = (name) => playerData(page, name);
const expected = (moves) => engineFacelets(page, "kilominx", moves);
const engine = (method, ...args) => engineCall(page, method, ...args);

describe("kilominx page", () => {
  it("shows typed moves where the engine puts each sticker, on the canvas too", TEST, async () => {
    assert.equal(await app("facelets"), SOLVED);
    assert.ok((await assertCanvasShowsFacelets(page)) >= 15, "too few stickers in view");
    await applyMoves(page, "R U R' U' BL2 DB2'");
    assert.equal(await app("facelets"), await expected("R U R' U' BL2 DB2'"));
    assert.equal(await app("solved"), "false");
    await assertCanvasShowsFacelets(page);
    // Five 72° turns of a face bring it back.
    await applyMoves(page, "DB2 BL2' U R U' R' F F F F F");
    assert.equal(await app("facelets"), SOLVED);
    assert.equal(await app("solved"), "true");
    assertNoProblems(problems);
  });

  it("turns with the keys: a key per face, Shift 144°, Alt anticlockwise", TEST, async () => {
    await page.locator("#view").focus();
    for (const key of ["u", "Shift+R", "Alt+f", "w", "z", "b", "Shift+Alt+s"])
      await page.keyboard.press(key);
    await idle(page);
    assert.equal(await app("facelets"), await expected("U R2 F' BL DL DB DBR2'"));
    await assertCanvasShowsFacelets(page);
    assertNoProblems(problems);
  });

  it("turns a face dragged with the mouse", TEST, async () => {
    // F0, the front face's sticker at U-F-R (engine numbering): dragged down and to the right.
    await dragSticker(page, "#app", 5, 40, 50);
    const facelets = await app("facelets");
    assert.notEqual(facelets, SOLVED, "the drag turned nothing");
    // One of the three faces of F0's corner turned 72°, as the engine has it.
    const candidates = [];
    for (const move of ["U", "U'", "F", "F'", "R", "R'"]) {
      if ((await expected(move)) === facelets) candidates.push(move);
    }
    assert.equal(candidates.length, 1, `not one 72° turn of U, F or R: ${facelets}`);
    await assertCanvasShowsFacelets(page);
    assertNoProblems(problems);
  });

  it("names the stickers of an impossible corner in the colour editor", TEST, async () => {
    await page.click("#edit");
    await page.waitForSelector('.state-editor[data-validation="valid"]');
    // U0 (white) and F4 (green), two stickers of the U-F-L corner, swapped: a mirrored corner.
    await page.click('.swatch[data-face="G"]');
    await page.click('.sticker-net .sticker[data-facelet="0"]');
    await page.click('.swatch[data-face="W"]');
    await page.click('.sticker-net .sticker[data-facelet="9"]');
    await page.waitForSelector('.state-editor[data-validation="invalid"]');
    const swapped = `G${SOLVED.slice(1, 9)}W${SOLVED.slice(10)}`;
    const answer = await engine("validate", "kilominx", swapped);
    assert.equal(answer.ok, false);
    assert.match(answer.error, /corner/);
    assert.equal(await page.textContent(".verdict"), answer.error);
    const marked = await page.$$eval(".sticker.error", (nodes) =>
      nodes.map((node) => Number(node.dataset.facelet)),
    );
    assert.deepEqual(
      marked,
      [...answer.stickers].sort((a, b) => a - b),
    );
    assert.ok(marked.includes(0) && marked.includes(9), `marked ${marked}`);
    assert.equal(await page.isDisabled("#edit-done"), true);
    assertNoProblems(problems);
  });

  it("keeps its position in the address, which opens it again", TEST, async () => {
    await applyMoves(page, "F R' D2 BL DBR2' U");
    await assertAddressReopens(session, page);
    assertNoProblems(problems);
  });

  it("scrambles with 30 random turns, shown and drawn", TEST, async () => {
    await page.locator("#speed").evaluate((slider) => (slider.value = slider.max));
    await page.click("#scramble");
    await idle(page);
    const status = await page.textContent("#status");
    assert.match(status, /^Scrambled: /);
    const scramble = status.replace(/^Scrambled: /, "").trim();
    assert.equal(scramble.split(/\s+/).length, 30);
    assert.equal(await app("facelets"), await expected(scramble));
    assert.equal(await app("solved"), "false");
    await assertCanvasShowsFacelets(page);
    assertNoProblems(problems);
  });
});
