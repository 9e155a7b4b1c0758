// The scramble sheets page (scrambles.html, web/src/scrambles/) in headless Chromium: a link
// makes a round's 5 + 2 scrambles per event, the native CLI's for the same seeds, each with the
// engine's picture; printed, only the sheets, one event a page; a bad link says what is wrong
// and makes nothing.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, it } from "node:test";

import { assertNoProblems, browserSession } from "../js/browser.mjs";
import { repoDir } from "../js/engine.mjs";

const TEST = { timeout: 120_000 };
const session = browserSession();

async function nativeScrambles(event, seed) {
  const { stdout } = await promisify(execFile)(`${repoDir}build/polytwist`, [
    "scramble",
    event,
    "--seed",
    String(seed),
    "--count",
    "7",
    "--json",
  ]);
  return JSON.parse(stdout).scrambles.map((answer) => answer.scramble);
}

describe("scramble sheets", () => {
  it("makes each event's round from the link, as the CLI does, with pictures", TEST, async () => {
    const { page, problems } = await session.open();
    const events = ["pyram", "sq1", "clock"];
    await page.goto(`${session.site.url}scrambles.html?events=${events}&seed=42&title=Final`);
    await page.waitForSelector("#print-sheets:not([disabled])", { timeout: 90_000 });
    const sheets = await page.$$eval("section.sheet", (sections) =>
      sections.map((section) => ({
        event: section.dataset.event,
        round: section.querySelector(".sheet-round").textContent,
        labels: [...section.querySelectorAll("tr")].map((row) => row.dataset.scramble),
        scrambles: [...section.querySelectorAll(".sheet-scramble code")].map((c) => c.textContent),
        pictures: [...section.querySelectorAll(".sheet-picture img")].map(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      })),
    );
    assert.deepEqual(
      sheets.map((sheet) => sheet.event),
      events,
    );
    for (const sheet of sheets) {
      assert.equal(sheet.round, "Final");
      assert.deepEqual(sheet.labels, ["1", "2", "3", "4", "5", "E1", "E2"]);
      assert.deepEqual(sheet.scrambles, await nativeScrambles(sheet.event, 42), sheet.event);
      assert.deepEqual(sheet.pictures, Array(7).fill(true), `${sheet.event}: pictures drawn`);
    }
    // The boxes, in the WCA's order, show what the link chose.
    assert.deepEqual(
      await page.$$eval("#event-choices input:checked", (boxes) => boxes.map((b) => b.value)),
      ["clock", "pyram", "sq1"],
    );
    // Printed: the sheets alone, each on a page of its own.
    await page.emulateMedia({ media: "print" });
    assert.equal(await page.$eval("#sheet-form", (form) => getComputedStyle(form).display), "none");
    assert.equal(
      await page.$eval("section.sheet", (sheet) => getComputedStyle(sheet).breakAfter),
      "page",
    );
    await page.emulateMedia({ media: "screen" });
    // Made again from the form: another seed, kept in the address.
    await page.fill("#sheet-seed", "7");
    await page.uncheck('#event-choices input[value="sq1"]');
    await page.uncheck('#event-choices input[value="clock"]');
    await page.click("#make-sheets");
    await page.waitForSelector("#print-sheets:not([disabled])");
    assert.match(page.url(), /\?events=pyram&seed=7&title=Final$/);
    assert.deepEqual(
      await page.$$eval(".sheet-scramble code", (codes) => codes.map((c) => c.textContent)),
      await nativeScrambles("pyram", 7),
    );
    assertNoProblems(problems);
  });

  it("says what is wrong with a link and makes nothing until asked", TEST, async () => {
    const { page, problems } = await session.open();
    await page.goto(`${session.site.url}scrambles.html?events=pyram,xyz&seed=abc`);
    await page.waitForSelector("#sheet-problems:not([hidden])");
    const messages = await page.$$eval("#sheet-problems li", (items) =>
      items.map((item) => item.textContent),
    );
    assert.equal(messages.length, 2, messages.join("\n"));
    assert.match(messages[0], /^events: 'xyz' is not a WCA event \(333, /);
    assert.match(messages[1], /^seed: 'abc' is not a whole number/);
    assert.equal(await page.locator("section.sheet").count(), 0);
    // The form refuses what it cannot make, naming it.
    await page.uncheck('#event-choices input[value="pyram"]');
    await page.fill("#sheet-seed", "-3");
    await page.click("#make-sheets");
    assert.deepEqual(
      await page.$$eval("#sheet-problems li", (items) => items.map((item) => item.textContent)),
      [
        "events: choose at least one event",
        "seed: '-3' is not a whole number from 0 to 9007199254740985",
      ],
    );
    assertNoProblems(problems);
  });
});
