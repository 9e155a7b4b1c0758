// Timer mode on the app page (web/src/timer/): solves timed with the space bar under Playwright's
// clock (so every time is exact), WCA inspection's +2, the session's statistics after five
// solves, penalties toggled, the session kept over a reload and per puzzle, the CSV download;
// on a touch phone, a solve timed by touch-and-hold on the pad, with 44 px targets.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";

import {
  assertNoProblems,
  browserSession,
  engineFacelets,
  gotoPuzzle,
  PHONE,
  playerData,
} from "../js/browser.mjs";

const TEST = { timeout: 120_000 };
const HOLD_MS = 300; // web/src/timer/machine.js

const session = browserSession();

const phase = (page) => page.getAttribute("#timer-pad", "data-phase");
const shown = (page) => page.textContent("#timer-display");

/** Waits until the timer is idle with a scramble of the engine shown; returns that scramble. */
async function scrambleShown(page) {
  await page.waitForFunction(
    () =>
      document.querySelector("#timer-pad").dataset.phase === "idle" &&
      !document.querySelector("#timer-new-scramble").disabled,
    null,
    { timeout: 30_000 },
  );
  return page.textContent("#timer-scramble");
}

/** The session's statistics as shown: {count, best, ao5, ao12, mean}. */
const statistics = (page) =>
  page.$$eval("#session-stats > div", (entries) =>
    Object.fromEntries(
      entries.map((e) => [e.dataset.statistic, e.querySelector("dd").textContent]),
    ),
  );

/** The solves listed, newest first: [{number, time, pressed: penalties pressed, scramble}]. */
const listed = (page) =>
  page.$$eval("#session-solves li", (items) =>
    items.map((item) => ({
      number: item.querySelector(".solve-number").textContent,
      time: item.querySelector(".solve-time").textContent,
      pressed: [...item.querySelectorAll('button[aria-pressed="true"]')].map((b) => b.textContent),
      scramble: item.querySelector(".solve-scramble").textContent,
    })),
  );

/**
 * One solve under a paused clock, with `press` and `release` as the hands: inspection for
 * `inspectMs`, a hold until ready, a solve of exactly `solveMs`; then the clock runs again.
 */
async function timeSolve(page, { press, release }, { inspectMs = 2_000, solveMs }) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await press();
  await release();
  assert.equal(await phase(page), "inspecting");
  await page.clock.runFor(inspectMs - HOLD_MS);
  await press();
  assert.equal(await phase(page), "holding");
  await page.clock.runFor(HOLD_MS);
  assert.equal(await phase(page), "ready", "green once held 300 ms");
  await release();
  assert.equal(await phase(page), "running");
  await page.clock.runFor(solveMs);
  await press();
  assert.equal(await phase(page), "stopped");
  await release();
  await page.clock.resume();
}

/** Counts the player's turns from now on in `window.turns`. */
const countTurns = (page) =>
  page.evaluate(() => {
    window.turns = 0;
    document.querySelector("#app").addEventListener("move", () => window.turns++);
  });

/**
 * The space bar as the hands, but for the press that stops the solve (the third) and its
 * release, which are of the key `code` (one that turns the puzzle outside a solve).
 */
function keysStoppingWith(page, code) {
  let presses = 0;
  let releases = 0;
  return {
    press: () => page.keyboard.down(++presses === 3 ? code : "Space"),
    release: () => page.keyboard.up(++releases === 3 ? code : "Space"),
  };
}

describe("timer mode", () => {
  it("times solves with the space bar, keeps the session and exports it", TEST, async () => {
    const { page, problems } = await session.open({ acceptDownloads: true });
    await page.clock.install();
    await gotoPuzzle(page, session.site.url, "cube3");
    const keys = {
      press: () => page.keyboard.down("Space"),
      release: () => page.keyboard.up("Space"),
    };

    assert.equal(await page.isVisible("#timer"), false, "no timer before timer mode");
    await countTurns(page);
    await page.click("#timer-mode"); // the button keeps the focus: Space must not press it again
    assert.equal(await page.getAttribute("#timer-mode", "aria-pressed"), "true");
    assert.equal(await page.isVisible("#gods"), false);
    const scrambles = [];
    const times = [12_340, 10_000, 11_500, 15_000, 9_870];
    for (const [i, solveMs] of times.entries()) {
      const scramble = await scrambleShown(page);
      assert.match(scramble, /^([UDLRFB]['2]? ){10,}/, `scramble ${scramble}`);
      if (i === 0) {
        // The player shows the scramble applied.
        const facelets = await engineFacelets(page, "cube3", scramble);
        assert.equal(await playerData(page, "facelets"), facelets);
      }
      // The second is stopped by the R key, which turns nothing; the fourth starts 16 s into
      // inspection: +2.
      const hands = i === 1 ? keysStoppingWith(page, "KeyR") : keys;
      await timeSolve(page, hands, { solveMs, inspectMs: i === 3 ? 16_000 : 2_000 });
      if (i === 0) assert.equal(await shown(page), "12.34");
      scrambles.push(scramble);
    }
    await scrambleShown(page);
    // Esc cancels an inspection, recording nothing.
    await page.keyboard.press("Space");
    assert.equal(await phase(page), "inspecting");
    await page.keyboard.press("Escape");
    assert.equal(await phase(page), "idle");
    assert.equal(await page.evaluate(() => window.turns), 0, "Space and R turned the puzzle");
    assert.deepEqual(await statistics(page), {
      count: "5",
      best: "9.87",
      ao5: "11.28", // 10.00, 11.50, 12.34: 9.87 and 17.00 (15.00 + 2) dropped
      ao12: "–",
      mean: "12.14",
    });
    let solves = await listed(page);
    assert.deepEqual(
      solves.map(({ number, time, pressed }) => [number, time, pressed.join()]),
      [
        ["5.", "9.87", ""],
        ["4.", "17.00+", "+2"],
        ["3.", "11.50", ""],
        ["2.", "10.00", ""],
        ["1.", "12.34", ""],
      ],
    );
    assert.deepEqual(solves.map((s) => s.scramble).reverse(), scrambles);

    // A DNF on the second: it is the worst now, and 17.00 counts.
    await page.click('#session-solves li:nth-last-child(2) button:text-is("DNF")');
    await page.waitForFunction(
      () => document.querySelector('[data-statistic="ao5"] dd').textContent === "13.61",
    );

    await page.reload();
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    await page.waitForSelector('#timer-mode[aria-pressed="true"]'); // still timing
    // A new scramble, shown on the player (not the position the address had kept).
    const scramble = await scrambleShown(page);
    assert.equal(await playerData(page, "facelets"), await engineFacelets(page, "cube3", scramble));
    await page.waitForFunction(() => document.querySelectorAll("#session-solves li").length === 5);
    assert.equal((await statistics(page)).ao5, "13.61");
    solves = await listed(page);
    assert.deepEqual(solves[3].pressed, ["DNF"]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click("#session-export"),
    ]);
    assert.equal(download.suggestedFilename(), "polytwist-timer-cube3.csv");
    const csv = (await readFile(await download.path(), "utf8")).split("\r\n");
    assert.equal(csv[0], "No.,Time,Penalty,Raw time,Scramble,Date");
    assert.deepEqual(
      csv.slice(1, -1).map((line) => line.split(",").slice(0, 5)),
      [
        ["1", "12.34", "", "12.34", scrambles[0]],
        ["2", "DNF", "DNF", "10.00", scrambles[1]],
        ["3", "11.50", "", "11.50", scrambles[2]],
        ["4", "17.00", "+2", "15.00", scrambles[3]],
        ["5", "9.87", "", "9.87", scrambles[4]],
      ],
    );

    // Another puzzle has a session of its own; the first one's comes back with it.
    await page.selectOption("#puzzle", "pyraminx");
    await page.waitForFunction(
      () => document.querySelector("#timer-puzzle").textContent === "Pyraminx",
    );
    await scrambleShown(page);
    assert.equal((await statistics(page)).count, "0");
    await page.selectOption("#puzzle", "cube3");
    await page.waitForFunction(() => document.querySelectorAll("#session-solves li").length === 5);

    // Leaving timer mode gives the keys back to the player and the panels back to the page.
    await page.click("#timer-mode");
    assert.equal(await page.isVisible("#timer"), false);
    assert.equal(await page.isVisible("#gods"), true);
    await countTurns(page);
    await page.keyboard.press("KeyR");
    await page.waitForFunction(() => window.turns === 1);
    assertNoProblems(problems);
  });

  it("times a solve by touch-and-hold on a phone", TEST, async () => {
    const { page, problems } = await session.open(PHONE);
    await page.clock.install();
    await gotoPuzzle(page, session.site.url, "cube2");
    await page.tap("#timer-mode");
    await scrambleShown(page);
    const pad = await page.locator("#timer-pad").boundingBox();
    const touch = await page.context().newCDPSession(page);
    const at = { x: pad.x + pad.width / 2, y: pad.y + pad.height / 2 };
    const hands = {
      press: () =>
        touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at] }),
      release: () => touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
    };
    await timeSolve(page, hands, { solveMs: 7_250 });
    assert.equal(await shown(page), "7.25");
    await page.waitForFunction(() => document.querySelectorAll("#session-solves li").length === 1);
    assert.equal((await listed(page))[0].time, "7.25");

    // Big enough for a thumb: the pad, the mode button and every button of the session list.
    assert.ok(pad.height >= 120 && pad.width >= 300, `pad ${JSON.stringify(pad)}`);
    const small = await page.$$eval("#timer-mode, #timer button, #session button", (buttons) =>
      buttons
        .map((b) => ({ name: b.title || b.textContent, ...b.getBoundingClientRect().toJSON() }))
        .filter(({ width, height }) => width < 44 || height < 44),
    );
    assert.deepEqual(small, []);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    assertNoProblems(problems);
  });
});
