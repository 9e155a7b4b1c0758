// The Kilominx page (?puzzle=kilominx) in headless Chromium, drawn from its description: typed
// moves drawn where the engine puts every sticker, and the keys of the faces named
// by several letters (W E Z X A S B). Scramble, a key, a drag, the colour editor and the share
// link are every-puzzle.test.mjs's; the optimal solve, which builds tables first, is in
// optimal.test.mjs.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import {
  applyMoves,
  assertCanvasShowsFacelets,
  assertNoProblems,
  browserSession,
  engineFacelets,
  gotoPuzzle,
  idle,
  playerData,
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
    // BL, DL and DB by W, Z and B, DBR by S: the spare keys (docs/web.md, "Keys").
    await page.locator("#view").focus();
    for (const key of ["u", "Shift+R", "Alt+f", "w", "z", "b", "Shift+Alt+s"])
      await page.keyboard.press(key);
    await idle(page);
    assert.equal(await app("facelets"), await expected("U R2 F' BL DL DB DBR2'"));
    await assertCanvasShowsFacelets(page);
    assertNoProblems(problems);
  });
});
