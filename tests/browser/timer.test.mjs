// Timer mode on the app page (web/src/timer/): solves timed with the space bar under Playwright's
// clock (so every time is exact), WCA inspection's +2 and the judge's calls at 8 s and 12 s, the
// session's statistics after five solves, penalties toggled, inspection skipped (a setting kept
// over a reload), the session kept over a reload and per puzzle, the CSV download, Clear session
// with its confirmation; on a touch phone whose IndexedDB fails, solves timed by touch-and-hold
// and kept in memory with a notice, the player's own Scramble recorded as shown, 44 px targets.
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

/** Pauses the page's clock a second from now. */
const pauseClock = async (page) =>
  page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

/**
 * One solve under a paused clock, with `press` and `release` as the hands: inspection for
 * `inspectMs` (none with `inspection: false`), a hold until ready, a solve of exactly `solveMs`;
 * then the clock runs again.
 */
async function timeSolve(
  page,
  { press, release },
  { inspectMs = 2_000, solveMs, inspection = true },
) {
  await pauseClock(page);
  if (inspection) {
    await press();
    await release();
    assert.equal(await phase(page), "inspecting");
    await page.clock.runFor(inspectMs - HOLD_MS);
  }
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

/** Records the frequency of every tone the page starts in `window.beeps`. */
const recordBeeps = (page) =>
  page.evaluate(() => {
    window.beeps = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      window.beeps.push(this.frequency.value);
      return start.apply(this, args);
    };
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
    await recordBeeps(page);
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
    // The judge's calls at 8 s and 12 s of inspection, shown and said to screen readers, and
    // beeped once Beep is ticked (the fourth solve's 16 s inspection beeped nothing); Esc cancels
    // the inspection, recording nothing.
    assert.deepEqual(await page.evaluate(() => window.beeps), []);
    await page.click("#timer-beep");
    const call = async () => [
      await page.textContent("#timer-call"),
      await page.textContent("#timer-announcement"),
    ];
    await pauseClock(page);
    await page.keyboard.press("Space");
    assert.equal(await phase(page), "inspecting");
    await page.clock.runFor(7_900);
    assert.deepEqual(await call(), ["", ""]);
    await page.clock.runFor(200); // the pad is drawn once a frame: 16 ms late at most
    assert.deepEqual(await call(), ["8 s", "8 seconds"]);
    assert.deepEqual(await page.evaluate(() => window.beeps), [660]);
    assert.equal(await page.isVisible("#timer-call"), true);
    await page.clock.runFor(4_000);
    assert.deepEqual(await call(), ["12 s", "12 seconds"]);
    assert.deepEqual(await page.evaluate(() => window.beeps), [660, 880]);
    await page.clock.runFor(3_000);
    assert.deepEqual(await call(), ["", ""], "15 s: the countdown says +2 instead");
    assert.equal(await shown(page), "+2");
    await page.keyboard.press("Escape");
    assert.equal(await phase(page), "idle");
    await page.clock.resume();
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

    // Inspection off: Space is then the hold at once, even with the box just ticked focused.
    await page.click("#timer-inspection");
    await pauseClock(page); // a loaded machine must not make the hold long enough
    await page.keyboard.down("Space");
    assert.equal(await phase(page), "holding");
    await page.keyboard.up("Space"); // let go too soon: nothing started
    assert.equal(await phase(page), "idle");
    await page.clock.resume();
    assert.equal(await page.isChecked("#timer-inspection"), false);

    await page.reload();
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    await page.waitForSelector('#timer-mode[aria-pressed="true"]'); // still timing
    assert.equal(await page.isChecked("#timer-inspection"), false, "the setting is kept");
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

    // Another puzzle has a session of its own, here timed without inspection; the first one's
    // comes back with it.
    await page.selectOption("#puzzle", "pyraminx");
    await page.waitForFunction(
      () => document.querySelector("#timer-puzzle").textContent === "Pyraminx",
    );
    await scrambleShown(page);
    assert.equal((await statistics(page)).count, "0");
    await timeSolve(page, keys, { solveMs: 4_560, inspection: false });
    await page.waitForFunction(() => document.querySelectorAll("#session-solves li").length === 1);
    assert.deepEqual(
      (await listed(page)).map((s) => [s.time, s.pressed.join()]),
      [["4.56", ""]],
    );
    await page.selectOption("#puzzle", "cube3");
    await page.waitForFunction(() => document.querySelectorAll("#session-solves li").length === 5);

    // Clear session asks first; Keep keeps it; Clear clears this puzzle's session only, for good.
    await page.click("#session-clear");
    assert.equal(
      await page.textContent("#session-confirm-text"),
      "Clear all 5 solves of this Rubik's Cube 3x3x3 session? Export CSV first to keep a copy.",
    );
    assert.equal(await page.evaluate(() => document.activeElement.id), "session-clear-keep");
    await page.click("#session-clear-keep");
    assert.equal(await page.isVisible("#session-confirm"), false);
    assert.equal((await listed(page)).length, 5);
    await page.click("#session-clear");
    await page.click("#session-clear-confirm");
    await page.waitForFunction(() => document.querySelectorAll("#session-solves li").length === 0);
    assert.equal((await statistics(page)).count, "0");
    assert.equal(await page.isDisabled("#session-clear"), true);
    const kept = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const opening = indexedDB.open("polytwist-timer");
          opening.onsuccess = () => {
            const all = opening.result.transaction("solves").objectStore("solves").getAll();
            all.onsuccess = () => resolve(all.result.map((solve) => solve.puzzle));
          };
        }),
    );
    assert.deepEqual(kept, ["pyraminx"], "IndexedDB keeps the Pyraminx's solve only");

    // The browser's storage full: the session goes on in memory, the solves before kept, and the
    // page says so.
    await timeSolve(page, keys, { solveMs: 8_080, inspection: false });
    await page.waitForFunction(() => document.querySelectorAll("#session-solves li").length === 1);
    await page.evaluate(() => {
      IDBObjectStore.prototype.add = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
    });
    assert.equal(await page.isVisible("#session-notice"), false);
    await scrambleShown(page);
    await timeSolve(page, keys, { solveMs: 6_500, inspection: false });
    await page.waitForFunction(() => document.querySelectorAll("#session-solves li").length === 2);
    assert.deepEqual(
      (await listed(page)).map((s) => s.time),
      ["6.50", "8.08"],
    );
    assert.match(
      await page.textContent("#session-notice"),
      /^This browser is not keeping the session \(its storage for this site is full\)/,
    );

    // Leaving timer mode gives the keys back to the player and the panels back to the page.
    await page.click("#timer-mode");
    assert.equal(await page.isVisible("#timer"), false);
    assert.equal(await page.isVisible("#gods"), true);
    await countTurns(page);
    await page.keyboard.press("KeyR");
    await page.waitForFunction(() => window.turns === 1);
    assertNoProblems(problems);
  });

  it(
    "times solves by touch on a phone whose IndexedDB fails, recording the scramble shown",
    TEST,
    async () => {
      const { page, problems } = await session.open(PHONE);
      // IndexedDB refused, as Chromium refuses it where a page may keep no data (a sandboxed
      // frame) and as some private windows do.
      await page.addInitScript(() => {
        IDBFactory.prototype.open = () => {
          throw new DOMException(
            "Failed to execute 'open' on 'IDBFactory': access to the Indexed Database API is denied in this context.",
            "SecurityError",
          );
        };
      });
      await page.clock.install();
      await gotoPuzzle(page, session.site.url, "cube2");
      await page.tap("#timer-mode");
      let scramble = await scrambleShown(page);
      await page.waitForSelector("#session-notice:visible");
      assert.match(
        await page.textContent("#session-notice"),
        /^This browser is not keeping the session \(it lets this site keep no data, .*\): the solves stay until the page is closed/,
      );
      const pad = await page.locator("#timer-pad").boundingBox();
      const touch = await page.context().newCDPSession(page);
      const hands = {
        // The pad's centre where it is now on the screen.
        press: async () => {
          const box = await page.locator("#timer-pad").boundingBox();
          const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
          await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at] });
        },
        release: () =>
          touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
      };
      await timeSolve(page, hands, { solveMs: 7_250 });
      assert.equal(await shown(page), "7.25");
      await page.waitForFunction(
        () => document.querySelectorAll("#session-solves li").length === 1,
      );
      assert.deepEqual(
        (await listed(page)).map((s) => [s.time, s.scramble]),
        [["7.25", scramble]],
        "kept in memory",
      );

      // The player's own Scramble gives the timer its next scramble: shown, then recorded.
      const before = await scrambleShown(page);
      await page.tap("#scramble");
      await page.waitForFunction(
        (old) => document.querySelector("#timer-scramble").textContent !== old,
        before,
      );
      scramble = await scrambleShown(page);
      assert.equal(
        await playerData(page, "facelets"),
        await engineFacelets(page, "cube2", scramble),
      );
      await page.locator("#timer-pad").scrollIntoViewIfNeeded(); // back up from the Scramble button
      await timeSolve(page, hands, { solveMs: 5_000 });
      await page.waitForFunction(
        () => document.querySelectorAll("#session-solves li").length === 2,
      );
      assert.deepEqual((await listed(page)).map((s) => [s.time, s.scramble]).slice(0, 1), [
        ["5.00", scramble],
      ]);

      // Big enough for a thumb: the pad, the mode button and every button of the session list.
      assert.ok(pad.height >= 120 && pad.width >= 300, `pad ${JSON.stringify(pad)}`);
      await page.tap("#session-clear"); // its question's buttons too
      const small = await page.$$eval(
        "#timer-mode, #timer button, #timer label, #session button",
        (buttons) =>
          buttons
            .filter((b) => b.checkVisibility())
            .map((b) => ({ name: b.title || b.textContent, ...b.getBoundingClientRect().toJSON() }))
            .filter(({ width, height }) => width < 44 || height < 44),
      );
      assert.deepEqual(small, []);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page is ${width} px wide`);
      assertNoProblems(problems);
    },
  );
});
