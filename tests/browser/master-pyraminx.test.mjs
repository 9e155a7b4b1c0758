// The Master Pyraminx page (?puzzle=master_pyraminx) in headless Chromium: typed moves (tips, two
// and three layers, inner slices) drawn where the engine puts every sticker, and the keys. A drag,
// a mirrored piece in the colour editor and the share link are every-puzzle.test.mjs's; scrambles and optimal solves, which need the tables, are in
// master-pyraminx-optimal.test.mjs.
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
const SOLVED = "FLRD".replace(/./g, (letter) => letter.repeat(16));

let page;
let problems;

const session = browserSession();

beforeEach(async () => {
  ({ page, problems } = await session.open());
  await gotoPuzzle(page, session.site.url, "master_pyraminx");
});

const app = (name) => playerData(page, name);
const expected = (moves) => engineFacelets(page, "master_pyraminx", moves);

describe("master_pyraminx page", () => {
  it("shows typed moves where the engine puts each sticker, on the canvas too", TEST, async () => {
    assert.equal(await app("facelets"), SOLVED);
    // The F face's 16 at least: R is seen at a slant the canvas check skips (facing below 0.3).
    assert.ok((await assertCanvasShowsFacelets(page)) >= 16, "too few stickers in view");
    await applyMoves(page, "U Lw' r 2B Rw 3U'");
    assert.equal(await app("facelets"), await expected("U Lw' r 2B Rw 3U'"));
    assert.equal(await app("solved"), "false");
    await assertCanvasShowsFacelets(page);
    // Three turns of a layer bring it back.
    await applyMoves(page, "3U Rw' 2B' r' Lw U' Bw Bw Bw");
    assert.equal(await app("facelets"), SOLVED);
    assert.equal(await app("solved"), "true");
    assertNoProblems(problems);
  });

  it(
    "turns with the keys: a letter the tip, Shift two layers, a digit three, Alt back",
    TEST,
    async () => {
      await page.locator("#view").focus();
      for (const key of ["u", "Shift+L", "2", "Alt+3", "Shift+Alt+b", "Alt+r"])
        await page.keyboard.press(key);
      await idle(page);
      assert.equal(await app("facelets"), await expected("u L Lw Rw' B' r'"));
      await assertCanvasShowsFacelets(page);
      assertNoProblems(problems);
    },
  );
});
