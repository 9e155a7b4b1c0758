// The Square-1's 3D view turned by drags (web/src/ui/drag-pieces.js): a layer dragged sideways
// twists, a half dragged up or down slashes, a slash a corner blocks is refused with the engine's
// reason; with the mouse on a desktop and with a finger on a phone; the grabbed layer follows the
// pointer while held. The moves are the engine's: the page asks it (moveMotions) which of the
// Square-1's moves turn the piece grabbed, and how.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  PHONE,
  assertNoProblems,
  browserSession,
  gotoPuzzle,
  idle,
  playerData,
  touchDrag,
} from "../js/browser.mjs";

const TEST = { timeout: 90_000 };
const SLASHED = "EE5FF63CC4DD/1AA2BBGG7HH8/f";

const session = browserSession();

/**
 * A point of the view, from its centre in units of its smaller side (the puzzle is framed in
 * it): as the solved Square-1 is seen from its own camera, the front face's top layer left of
 * the cut, its bottom layer, and its middle layer right of the cut.
 */
async function viewPoint(page, [fx, fy]) {
  const box = await page.locator("#view").boundingBox();
  const unit = Math.min(box.width, box.height);
  return { x: box.x + box.width / 2 + fx * unit, y: box.y + box.height / 2 + fy * unit };
}
const TOP = [-0.16, -0.03];
const BOTTOM = [-0.16, 0.23];
const RIGHT_MIDDLE = [-0.03, 0.14];

async function mouseDrag(page, { x, y }, dx, dy) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 3 });
  await page.mouse.move(x + dx, y + dy, { steps: 3 });
  await page.mouse.up();
}

/** Waits until the status has changed from `before` and the player is idle: the status. */
async function nextStatus(page, before) {
  await page.waitForFunction(
    (text) =>
      document.querySelector("#app").shadowRoot.querySelector("#status").textContent !== text,
    before,
  );
  await idle(page);
  return page.textContent("#status");
}

async function checkDrags(page, drag) {
  await idle(page);
  assert.equal(await playerData(page, "solved"), "true");
  // Up the front's right half: the slash, as the typed move makes it.
  let status = await page.textContent("#status");
  await drag(await viewPoint(page, RIGHT_MIDDLE), 0, -60);
  status = await nextStatus(page, status);
  assert.match(status, /Turned \//);
  assert.equal(await playerData(page, "state"), SLASHED);
  await page.click("#reset");
  await idle(page);
  assert.equal(await playerData(page, "solved"), "true");
  // A short drag sideways on the top layer twists it one twelfth.
  status = await page.textContent("#status");
  await drag(await viewPoint(page, TOP), -25, 0);
  status = await nextStatus(page, status);
  assert.match(status, /Turned \((1|-1),0\)/);
  // Now corners lie across the cut: a drag that would slash is refused with the engine's reason.
  const twisted = await playerData(page, "state");
  await drag(await viewPoint(page, RIGHT_MIDDLE), 0, -60);
  status = await nextStatus(page, status);
  assert.match(status, /corner/);
  assert.equal(await playerData(page, "state"), twisted);
  // A long drag on the bottom layer turns it by more than a twelfth, one move.
  await drag(await viewPoint(page, BOTTOM), -180, 0);
  status = await nextStatus(page, status);
  const [, amount] = status.match(/Turned \(0,(-?\d+)\)/) ?? [];
  assert.ok(Math.abs(Number(amount)) >= 2, status);
}

describe("Square-1 drags", () => {
  it("turn its layers and slash with the mouse, refused slashes saying why", TEST, async () => {
    const { page, problems } = await session.open({ viewport: { width: 1366, height: 800 } });
    await gotoPuzzle(page, session.site.url, "square1");
    await checkDrags(page, (point, dx, dy) => mouseDrag(page, point, dx, dy));
    if (process.env.POLYTWIST_SHOTS) {
      await page.screenshot({ path: `${process.env.POLYTWIST_SHOTS}/square1-drag-desktop.png` });
    }
    assertNoProblems(problems);
  });

  it("turn the grabbed layer with the pointer while it is dragged", TEST, async () => {
    const { page, problems } = await session.open({ viewport: { width: 1366, height: 800 } });
    await gotoPuzzle(page, session.site.url, "square1");
    await idle(page);
    const view = page.locator("#view");
    await view.focus(); // as a press on it leaves it, with its focus ring
    const still = await view.screenshot();
    // Held down and dragged sideways on the top layer: the layer turns, no move is made yet.
    const { x, y } = await viewPoint(page, TOP);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 40, y, { steps: 4 });
    await page.waitForTimeout(200);
    const held = await view.screenshot();
    assert.notDeepEqual(held, still, "the top layer follows the pointer");
    assert.equal(await playerData(page, "solved"), "true");
    // Back where it started and let go: no move, the pieces back where they were.
    await page.mouse.move(x, y, { steps: 4 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    assert.equal(await playerData(page, "solved"), "true");
    assert.deepEqual(await view.screenshot(), still, "let go where it started: put back");
    // Dragged and let go: the move the drag drew, played on from where the layer was.
    const status = await page.textContent("#status");
    await mouseDrag(page, { x, y }, -25, 0);
    assert.match(await nextStatus(page, status), /Turned \((1|-1),0\)/);
    assertNoProblems(problems);
  });

  it("turn it with a finger on a phone", TEST, async () => {
    const { page, problems } = await session.open(PHONE);
    await gotoPuzzle(page, session.site.url, "square1");
    await page.locator("#view").scrollIntoViewIfNeeded();
    await checkDrags(page, (point, dx, dy) => touchDrag(page, point, dx, dy));
    if (process.env.POLYTWIST_SHOTS) {
      await page.screenshot({ path: `${process.env.POLYTWIST_SHOTS}/square1-drag-phone.png` });
    }
    assertNoProblems(problems);
  });
});
