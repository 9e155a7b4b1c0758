// A puzzle named by its description (docs/geometry.md) on the page: the app page's
// ?description=… draws it, turns it by key, scrambles it and follows it in its share link, which
// reopens at the same position; a description the engine refuses shows the engine's message (what
// and which column), on embed.html's player and on the app page's link card, never a hang; one in
// puzzle= (an id's place) is refused by the link alone, with one message.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  assertAddressReopens,
  assertCanvasShowsFacelets,
  assertNoProblems,
  browserSession,
  engineFacelets,
  idle,
  playerData,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
// Not in the catalogue: a cube cut unevenly into six layers a side.
const DESCRIPTION = "c f 0.25 f 0.75 f 0";
const query = (description) => new URLSearchParams({ description }).toString();

const session = browserSession();

describe("a puzzle by its description", () => {
  it("draws, turns by key, scrambles and reopens from its share link", TEST, async () => {
    const { page, problems } = await session.open();
    await page.goto(`${session.site.url}?${query(DESCRIPTION)}`);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    assert.equal(await playerData(page, "puzzle"), DESCRIPTION);
    assert.ok((await assertCanvasShowsFacelets(page)) >= 20, "too few stickers in view");

    await page.locator("#view").focus();
    await page.keyboard.press("r");
    await page.keyboard.press("Alt+u");
    await idle(page);
    const turned = await playerData(page, "facelets");
    assert.equal(turned, await engineFacelets(page, DESCRIPTION, "R U'"));
    await assertCanvasShowsFacelets(page);

    await page.evaluate(() => document.querySelector("#app").scramble(7));
    await idle(page);
    assert.equal(await playerData(page, "solved"), "false");
    assert.notEqual(await playerData(page, "facelets"), turned);
    const url = await assertAddressReopens(session, page);
    assert.equal(new URL(url).searchParams.get("description"), DESCRIPTION);
    assert.equal(new URL(url).searchParams.get("puzzle"), null);
    assertNoProblems(problems);
  });

  it("shows the engine's message for a bad one, on the element and on a link", TEST, async () => {
    const { page, problems } = await session.open();
    // embed.html: the element's own notice, with the column the engine names.
    await page.goto(`${session.site.url}embed.html?${query("c q 0.5")}&load=eager`);
    await page.waitForFunction(
      () =>
        document
          .querySelector("polytwist-player")
          ?.shadowRoot.querySelector("#no-view")
          ?.textContent.includes("column"),
      null,
      { timeout: 30_000 },
    );
    const notice = await page.textContent("#no-view");
    assert.match(notice, /^description="c q 0\.5": .*unknown cut kind 'q' at column 3/);

    // The app page: the link card names the parameter and the engine's reason; the page goes on
    // with its first puzzle.
    await page.goto(`${session.site.url}?${query("c f 1.5")}`);
    await page.waitForSelector("#link-problem:not([hidden])", { timeout: 30_000 });
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    assert.match(
      await page.textContent("#link-problem-text"),
      /^description: cut 'f 1\.5' lies outside the solid/,
    );

    // A description in puzzle= (which takes an id) is refused by the link alone: one message,
    // saying where a description goes, and the first puzzle instead of the described one.
    await page.goto(`${session.site.url}?${new URLSearchParams({ puzzle: DESCRIPTION })}`);
    await page.waitForSelector("#link-problem:not([hidden])", { timeout: 30_000 });
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    await idle(page);
    assert.equal(
      await page.textContent("#link-problem-text"),
      "puzzle: character 2 is ' '; a puzzle id is written with a–z, 0–9 and _ (a puzzle by its description goes in description=)",
    );
    assert.notEqual(await playerData(page, "puzzle"), DESCRIPTION);
    assertNoProblems(problems);
  });
});
