// The Pyraminx page (?puzzle=pyraminx) in headless Chromium: the default view and Reset view,
// scramble, solve and playback, keys, typed notation, drag to turn, and the God's number panel.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import {
  applyMoves,
  assertCanvasShowsFacelets,
  assertNoProblems,
  engineFacelets,
  gotoPuzzle,
  idle,
  playerData,
  browserSession,
  chartTextProblems,
  dragSticker,
  stickerClientPoint,
  touchDrag,
  PHONE,
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

const app = (name) => playerData(page, name);
const expected = (moves) => engineFacelets(page, "pyraminx", moves);
const screenPoints = () =>
  page.evaluate(async () => {
    // Two frames: the last requested render has been drawn.
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    return document.querySelector("polytwist-player").stickerScreenPoints();
  });
const screenPoint = async (facelet) => (await screenPoints())[facelet];

/** Faces in sticker order (docs/puzzles/pyraminx.md), and the tip stickers of each: 0, 4 and 8. */
const FACES = ["F", "L", "R", "D"];
const tips = (face) => [0, 4, 8].map((position) => FACES.indexOf(face) * 9 + position);

/**
 * A face's triangle on screen: its tip stickers' centres sit two thirds of the way from the face's
 * centre to its corners, so pushed out by half they give the corners.
 */
function faceOnScreen(points, face) {
  const centres = tips(face).map((i) => points[i]);
  const mid = {
    x: centres.reduce((sum, p) => sum + p.x, 0) / 3,
    y: centres.reduce((sum, p) => sum + p.y, 0) / 3,
  };
  return centres.map((p) => ({ x: mid.x + 1.5 * (p.x - mid.x), y: mid.y + 1.5 * (p.y - mid.y) }));
}

/** The radius of a triangle's inscribed circle: how thick it looks, however it is turned. */
function inradius([a, b, c]) {
  const area = Math.abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
  const sides = [Math.hypot(b.x - a.x, b.y - a.y), Math.hypot(c.x - b.x, c.y - b.y)];
  sides.push(Math.hypot(a.x - c.x, a.y - c.y));
  return (2 * area) / sides.reduce((sum, side) => sum + side, 0);
}

/** Drags the view's background (its bottom-left corner) by `dx` CSS pixels: the view turns. */
async function dragBackground(dx) {
  const box = await page.locator("#view").boundingBox();
  await page.mouse.move(box.x + 20, box.y + box.height - 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 20 + dx, box.y + box.height - 20, { steps: 5 });
  await page.mouse.up();
  await idle(page);
}

/**
 * Where the view shows every sticker, and a fingerprint of its canvas's own pixels (read off the
 * canvas, so the buttons over it do not count).
 */
const viewShown = async () => ({
  points: await screenPoints(),
  pixels: await page.locator("#view").evaluate((canvas) => {
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    let hash = 2166136261; // FNV-1a
    for (const byte of data) hash = Math.imul(hash ^ byte, 16777619);
    return `${canvas.width}×${canvas.height} ${hash >>> 0}`;
  }),
});

function assertSameView(actual, expected, what) {
  const moved = actual.points.filter(
    (p, i) => Math.hypot(p.x - expected.points[i].x, p.y - expected.points[i].y) > 0.01,
  );
  assert.deepEqual(moved, [], `${what}: stickers drawn elsewhere`);
  assert.deepEqual(actual.pixels, expected.pixels, `${what}: other pixels`);
}

describe("Pyraminx page", () => {
  for (const puzzle of ["pyraminx", "numbered_pyraminx"]) {
    it(
      `shows the ${puzzle} as one holds it: the base level, the F and R faces clear, a little of D`,
      TEST,
      async () => {
        if (puzzle !== "pyraminx") await gotoPuzzle(page, session.site.url, puzzle);
        const points = await screenPoints();
        // The base's corners (the D face's tips: B, R and L) at one height on screen, give or take
        // a tenth of the puzzle's height (the old view's base sloped by two fifths of it).
        const baseHeights = tips("D").map((i) => points[i].y);
        const slope = Math.max(...baseHeights) - Math.min(...baseHeights);
        const top = Math.min(...points.map((p) => p.y));
        const tall = Math.max(...baseHeights) - top;
        assert.ok(
          slope <= tall / 10,
          `the base's corners are at heights ${baseHeights.map(Math.round)}, the top at ${top | 0}`,
        );
        // The eye a little below the base: a sliver of the D face shows.
        const inD = points.filter((p) => Math.floor(p.facelet / 9) === FACES.indexOf("D"));
        assert.ok(
          inD.some((p) => p.visible),
          "no sticker of the D face in view",
        );
        const [face, bottom] = ["F", "D"].map((name) => inradius(faceOnScreen(points, name)));
        assert.ok(bottom < 0.25 * face, `the D face is ${bottom.toFixed(1)} px thick`);

        // Every sticker of F and R in view, and neither face a thin sliver: the R face (the one
        // seen more from the side) at least 0.6 times as thick on screen as the F face, and not
        // small in the view either.
        const inFace = (face, p) => Math.floor(p.facelet / 9) === FACES.indexOf(face);
        for (const face of ["F", "R"]) {
          const hidden = points.filter((p) => inFace(face, p) && !p.visible);
          assert.deepEqual(hidden, [], `${face} stickers not in view`);
        }
        const [front, right] = ["F", "R"].map((face) => inradius(faceOnScreen(points, face)));
        const thickness = `the R face is ${right.toFixed(1)} px thick, F ${front.toFixed(1)} px`;
        assert.ok(right >= 0.6 * front, thickness);
        const { height } = await page.locator("#view").boundingBox();
        assert.ok(right >= 0.07 * height, `${thickness}, in a ${height} px view`);
        assertNoProblems(problems);
      },
    );
  }

  it("Reset view brings the camera back after the reader turned the view", TEST, async () => {
    const reset = page.locator("#reset-view");
    assert.equal(await reset.getAttribute("aria-label"), "Reset view");
    assert.ok(await reset.isEnabled(), "Reset view is not enabled once the view is shown");
    const initial = await viewShown();

    await dragBackground(140);
    const turned = await viewShown();
    assert.ok(Math.abs(turned.points[4].x - initial.points[4].x) > 5, "the view did not turn");
    assert.notEqual(turned.pixels, initial.pixels, "the view did not redraw");
    await reset.click();
    assertSameView(await viewShown(), initial, "after Reset view");

    // With a camera attribute, Reset view goes back to the view it asks for.
    await page.evaluate(() => {
      document.querySelector("polytwist-player").camera = "azimuth:20; elevation:30; zoom:1.2";
    });
    const asked = await viewShown();
    // The largest move of any sticker: a tip on the turned axis stays on the centre line.
    const moved = Math.max(
      ...asked.points.map((p, i) =>
        Math.hypot(p.x - initial.points[i].x, p.y - initial.points[i].y),
      ),
    );
    assert.ok(moved > 5, "the camera attribute did nothing");
    await dragBackground(-120);
    await page.mouse.wheel(0, -300); // and zoom in
    await reset.click();
    assertSameView(await viewShown(), asked, "after Reset view with a camera attribute");
    assertNoProblems(problems);
  });

  it("Reset view is a finger-sized button on a phone and answers a tap", TEST, async () => {
    await page.close();
    ({ page, problems } = await session.open(PHONE));
    await gotoPuzzle(page, session.site.url, "pyraminx");
    assert.ok(await page.evaluate(() => matchMedia("(pointer: coarse)").matches));
    const reset = page.locator("#reset-view");
    const box = await reset.boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, `Reset view is ${box.width}×${box.height} px`);
    const help = await page.locator("#help-button").boundingBox();
    assert.ok(box.x + box.width <= help.x, "Reset view overlaps the help button");

    const initial = await viewShown();
    const view = await page.locator("#view").boundingBox();
    const corner = { x: view.x + 20, y: view.y + view.height - 20 };
    await touchDrag(page, corner, 150, -40, 5, { settle: true });
    await idle(page);
    assert.ok(
      Math.abs((await screenPoint(4)).x - initial.points[4].x) > 5,
      "the view did not turn",
    );
    await reset.tap();
    assertSameView(await viewShown(), initial, "after a tap on Reset view");
    assertNoProblems(problems);
  });

  it("draws the solved Pyraminx with the engine's face colours", TEST, async () => {
    assert.equal(await app("puzzle"), "pyraminx");
    assert.equal(await app("facelets"), SOLVED);
    const checked = await assertCanvasShowsFacelets(page);
    assert.ok(checked >= 9, `only ${checked} stickers visible`);
    assertNoProblems(problems);
  });

  it("scrambles, solves, plays the solution to the end and shows it solved", TEST, async () => {
    await page.click("#scramble");
    await idle(page);
    assert.equal(await app("solved"), "false");
    await assertCanvasShowsFacelets(page); // the scrambled colours, sticker by sticker

    await page.click("#solve");
    await idle(page);
    const status = await page.textContent("#status");
    assert.equal(await app("solved"), "true", `not solved; status: ${status}`);
    assert.match(status, /Solved: \d+ moves? \(optimal\)/);
    const moves = await page.$$eval("#moves button", (els) => els.map((el) => el.textContent));
    assert.ok(moves.length >= 1 && moves.length <= 15, `solution: ${moves.join(" ")}`);
    const current = await page.$$eval("#moves button", (els) =>
      els.findIndex((el) => el.getAttribute("aria-current") === "step"),
    );
    assert.equal(current, moves.length - 1, "the last move is not marked current");
    assert.equal(await app("facelets"), SOLVED);
    await assertCanvasShowsFacelets(page);

    // Step back, jump to a move, go to the end again.
    await page.click("#step-back");
    await idle(page);
    assert.equal(await app("solved"), "false");
    assert.equal(await page.getAttribute("#solution-panel", "data-cursor"), `${moves.length - 1}`);
    await page.click("#moves li:first-child button");
    await idle(page);
    assert.equal(await page.getAttribute("#solution-panel", "data-cursor"), "1");
    assert.equal(await page.getAttribute("#moves li:first-child button", "aria-current"), "step");
    await page.click("#to-end");
    await idle(page);
    assert.equal(await app("solved"), "true");
    assertNoProblems(problems);
  });

  it(
    "turns with the keys: letter = tip, Shift = two layers, Alt = anticlockwise",
    TEST,
    async () => {
      await page.locator("#view").focus();
      await page.keyboard.press("u");
      await idle(page);
      assert.equal(await app("facelets"), await expected("u"));
      await page.keyboard.press("Shift+U");
      await idle(page);
      assert.equal(await app("facelets"), await expected("u U"));
      await page.keyboard.press("Alt+r");
      await page.keyboard.press("Shift+Alt+L");
      await idle(page);
      assert.equal(await app("facelets"), await expected("u U r' L'"));
      await assertCanvasShowsFacelets(page);

      // The help popover lists the keys.
      await page.click("#help-button");
      await page.waitForSelector("#help:popover-open");
      const rows = await page.$$eval("#key-list tr", (trs) =>
        trs.map((tr) => [...tr.cells].map((td) => td.textContent.trim())),
      );
      assert.deepEqual(rows, [
        ["U", "u", "U"],
        ["L", "l", "L"],
        ["R", "r", "R"],
        ["B", "b", "B"],
      ]);
      await page.keyboard.press("Escape");
      assertNoProblems(problems);
    },
  );

  it("applies typed notation and shows bad notation's error inline", TEST, async () => {
    await applyMoves(page, "R U' l b'");
    assert.equal(await app("facelets"), await expected("R U' l b'"));
    assert.equal(await page.textContent("#notation-error"), "");
    const state = await app("state");

    await applyMoves(page, "R F");
    assert.match(await page.textContent("#notation-error .message"), /\b3\b/);
    assert.equal(await page.getAttribute("#notation", "aria-invalid"), "true");
    assert.equal(await app("state"), state, "a bad sequence changed the state");
    assertNoProblems(problems);
  });

  it("turns a layer when a sticker is dragged, the view when the background is", TEST, async () => {
    // F2 is the U centre on the front face: dragged to the left it goes towards the L face: U.
    await dragSticker(page, "polytwist-player", 2, -70, 0);
    assert.equal(await app("facelets"), await expected("U"));
    // F0 is the U tip: dragged to the right, the tip turns back.
    await dragSticker(page, "polytwist-player", 0, 70, 0);
    assert.equal(await app("facelets"), await expected("U u'"));
    await assertCanvasShowsFacelets(page);

    // A drag that starts off the puzzle turns the view, not the puzzle.
    const facelets = await app("facelets");
    const before = await screenPoint(4);
    await dragBackground(100);
    const afterwards = await screenPoint(4);
    assert.ok(Math.abs(afterwards.x - before.x) > 5, "the view did not turn");
    assert.equal(await app("facelets"), facelets);
    assertNoProblems(problems);
  });

  it("turns a layer on a touch drag too", TEST, async () => {
    await page.close();
    ({ page, problems } = await session.open({ hasTouch: true, isMobile: true }));
    await gotoPuzzle(page, session.site.url, "pyraminx");
    const point = await stickerClientPoint(page, "#app", 2);
    await touchDrag(page, point, -70, 0);
    await idle(page);
    assert.equal(await app("facelets"), await expected("U"));
    assertNoProblems(problems);
  });

  it("draws the distance table and marks the current position's distance", TEST, async () => {
    await page.click("#gods-compute");
    await page.waitForSelector('#gods[data-state="shown"]');
    const chart = page.locator("#gods-chart");
    assert.equal(await chart.locator("rect.bar").count(), 16);
    await page.waitForSelector('#gods-chart[data-current="0"]');
    assert.match(await page.textContent("#gods-summary"), /God's number: 15/);
    const labels = await chart.locator("text.count").allTextContents();
    assert.equal(labels[0], "1");
    assert.equal(labels.length, 16);

    await applyMoves(page, "R U l");
    await page.waitForSelector('#gods-chart[data-current="3"]');
    assert.equal(await chart.locator("rect.bar.current").getAttribute("data-distance"), "3");

    await page.check('input[name="gods-pieces"][value="without"]');
    await page.waitForSelector('#gods-chart[data-current="2"]');
    assert.equal(await chart.locator("rect.bar").count(), 12);
    assert.match(await page.textContent("#gods-summary"), /God's number without tips: 11/);

    await page.check("#gods-log");
    assert.equal(await chart.getAttribute("data-scale"), "log");
    assertNoProblems(problems);
  });

  for (const [device, options] of [
    ["a desktop", { viewport: { width: 1366, height: 800 } }],
    ["a phone", PHONE],
  ]) {
    it(
      `draws the distance chart on ${device} with no text over text or under the line`,
      TEST,
      async () => {
        await page.close();
        ({ page, problems } = await session.open(options));
        await gotoPuzzle(page, session.site.url, "pyraminx");
        await page.click("#gods-compute");
        await page.waitForSelector('#gods[data-state="shown"]');
        const assertReadable = async (what) =>
          assert.deepEqual(await chartTextProblems(page), [], `${device}, ${what}`);

        // The line over a bar too small to see, linear and log, with and without the tips.
        await applyMoves(page, "R U l");
        await page.waitForSelector('#gods-chart[data-current="3"]');
        assert.equal(await page.locator("#gods-chart line.here").count(), 1);
        await assertReadable("16 bars, 3 moves from solved");
        await page.check("#gods-log");
        await assertReadable("16 bars, log scale");
        await page.check('input[name="gods-pieces"][value="without"]');
        await page.waitForSelector('#gods-chart[data-current="2"]');
        await assertReadable("12 bars, log scale");

        // Far from solved: the current bar is among the tallest.
        await page.uncheck("#gods-log");
        await page.check('input[name="gods-pieces"][value="all"]');
        await page.evaluate(() => document.querySelector("polytwist-player").scramble(7));
        await page.waitForFunction(() => {
          const { distance } = document.querySelector("#gods-distance").dataset;
          return distance > 3 && document.querySelector("#gods-chart").dataset.current === distance;
        });
        await assertReadable("16 bars, a scramble");
        assertNoProblems(problems);
      },
    );
  }
});
