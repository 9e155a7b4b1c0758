// The Numbered Pyraminx page (?puzzle=numbered_pyraminx) in headless Chromium: the seed's example
// and its 8 solved states, the digits the model draws and which way they are turned, scramble,
// solve to the nearest solved state and playback, the engine's errors on the numbering net in plain
// words (the precise message as the tooltip), and a numbering with no solved state.
import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";

import {
  applyMoves,
  assertNoProblems,
  browserSession,
  fastTurns,
  gotoPuzzle,
  idle,
  playerData,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
const EXAMPLE = "148952637423765891915628734517249386";

let page;
let problems;

const session = browserSession();

beforeEach(async () => {
  ({ page, problems } = await session.open());
  await gotoPuzzle(page, session.site.url, "numbered_pyraminx");
  await page.waitForSelector('#numbering[data-validation="valid"]');
});

const app = (name) => playerData(page, name);
const panel = (name) => page.getAttribute("#numbering", `data-${name}`);

/** Each sticker's centre on the view and the digit the model draws there. */
const drawnDigits = () =>
  page.evaluate(async () => {
    const player = document.querySelector("polytwist-player");
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    return player.stickerScreenPoints();
  });

/** The shares of dark and of light pixels in a 13×13 patch at each visible sticker's centre. */
const inkAroundStickers = () =>
  page.evaluate(async () => {
    const player = document.querySelector("polytwist-player");
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const canvas = player.shadowRoot.querySelector("#view");
    const scale = canvas.width / canvas.clientWidth;
    return player
      .stickerScreenPoints()
      .filter((point) => point.visible)
      .map(({ facelet, x, y }) => {
        const left = Math.round(x * scale) - 6;
        const top = Math.round(y * scale) - 6;
        const { data } = canvas.getContext("2d").getImageData(left, top, 13, 13);
        let dark = 0;
        let light = 0;
        for (let k = 0; k < data.length; k += 4) {
          const sum = data[k] + data[k + 1] + data[k + 2];
          if (sum < 250) dark++;
          if (sum > 450) light++;
        }
        return { facelet, dark: dark / 169, light: light / 169 };
      });
  });

/** Types digits on the numbering net: [[sticker, digit], …]. */
async function typeOnNet(entries) {
  for (const [sticker, digit] of entries) {
    await page.click(`#numbering-net .sticker[data-facelet="${sticker}"]`);
    await page.keyboard.press(digit);
  }
}

describe("Numbered Pyraminx page", () => {
  it(
    "loads the example: its 8 solved states, and the model draws the engine's digits",
    TEST,
    async () => {
      assert.equal(await panel("count"), "8");
      assert.equal(await page.locator("#numbering-states li").count(), 8);
      assert.match(await page.textContent("#numbering-verdict"), /Valid: 8 solved states/);
      assert.equal(await app("digits"), EXAMPLE);
      assert.equal(await app("solved"), "true");
      // Its stickers carry digits, edited in the numbering panel: no colours to edit.
      assert.equal(await page.getAttribute("#edit", "aria-disabled"), "true");

      const points = await drawnDigits();
      assert.equal(points.map((p) => p.digit).join(""), EXAMPLE);
      // Around each visible sticker's centre the canvas shows dark ink on a light sticker: a
      // digit. (The F face, square to the view: the others' small stickers show their border.)
      const front = (await inkAroundStickers()).filter(({ facelet }) => facelet < 9);
      assert.equal(front.length, 9, "the F face is not in view");
      for (const { facelet, dark, light } of front) {
        assert.ok(dark > 0.05 && light > 0.1, `sticker ${facelet}: ${dark} dark, ${light} light`);
      }
      assertNoProblems(problems);
    },
  );

  it(
    "draws the digits of a twisted tip turned with it, the others as they were",
    TEST,
    async () => {
      /** The angle in degrees between two directions on the view. */
      const angle = (a, b) => (Math.acos(Math.min(1, a.x * b.x + a.y * b.y)) * 180) / Math.PI;
      const upright = await drawnDigits();
      const twisted = new Set([8, 22]); // F8 and R4, the R tip's stickers in view (D4 is not)
      for (const facelet of twisted) assert.ok(upright[facelet].visible, `${facelet} not in view`);

      await fastTurns(page);
      await applyMoves(page, "r");
      const turned = await drawnDigits();
      for (const point of turned.filter(({ visible }) => visible)) {
        const turn = angle(point.up, upright[point.facelet].up);
        if (twisted.has(point.facelet)) {
          // A third of a turn on the face, foreshortened on the view, but never close to upright.
          assert.ok(turn > 60, `sticker ${point.facelet}: its digit turned by only ${turn}°`);
        } else {
          assert.ok(turn < 0.5, `sticker ${point.facelet}: its digit turned by ${turn}°`);
        }
      }

      await applyMoves(page, "r'");
      const back = await drawnDigits();
      for (const facelet of twisted) {
        const turn = angle(back[facelet].up, upright[facelet].up);
        assert.ok(turn < 0.5, `sticker ${facelet}: not upright again (${turn}°)`);
      }
      assertNoProblems(problems);
    },
  );

  it(
    "scrambles, solves to the nearest solved state and plays it to the end: solved",
    TEST,
    async () => {
      await fastTurns(page);
      await page.click("#scramble");
      await idle(page);
      assert.equal(await app("solved"), "false");
      assert.match(await page.textContent("#numbering-shown"), /Not solved/);

      await page.click("#solve");
      await idle(page);
      const status = await page.textContent("#status");
      assert.equal(await app("solved"), "true", `not solved; status: ${status}`);
      assert.match(status, /Solved: \d+ moves? to the nearest solved state \(optimal\)/);
      assert.match(await page.textContent("#numbering-shown"), /^Solved: every face shows/);
      const moves = await page.locator("#moves button").count();
      assert.equal(await page.getAttribute("#solution-panel", "data-cursor"), String(moves));

      // What the model draws is one of the example's solved states, as the engine lists them.
      const solved = await page.evaluate(async (numbering) => {
        const { engine } = document.querySelector("polytwist-player");
        const answer = await engine.numberingSolutions("numbered_pyraminx", numbering, "", 100);
        return answer.states.map((s) => s.digits);
      }, EXAMPLE);
      const drawn = (await drawnDigits()).map((p) => p.digit).join("");
      assert.equal(drawn, await app("digits"));
      assert.ok(solved.includes(drawn), `${drawn} is not a solved state of the example`);

      // Selecting a solved state's picture shows that state.
      const picture = page.locator("#numbering-states button").nth(2);
      const state = await picture.getAttribute("data-state");
      await picture.click();
      await idle(page);
      assert.equal(await app("state"), state);
      assert.equal(await app("solved"), "true");
      assert.equal(await picture.getAttribute("aria-current"), "true");
      assertNoProblems(problems);
    },
  );

  it(
    "says a wrong digit count in plain words and marks the stickers the engine names",
    TEST,
    async () => {
      await typeOnNet([[3, "5"]]); // F3 was 9: now five 5s and three 9s
      await page.waitForSelector('#numbering[data-validation="invalid"]');
      assert.equal(
        await page.textContent("#numbering-verdict"),
        "Digit 5 is on 5 stickers and digit 9 on 3; each digit belongs on 4 stickers, once on every " +
          "face. The 5s are marked. The puzzle keeps the last accepted numbering.",
      );
      // The engine's precise message stays as the tooltip.
      assert.match(
        await page.getAttribute("#numbering-verdict", "title"),
        /^numbering: 5 appears 5 times, 9 appears 3 times: each symbol must appear 4 times/,
      );
      const marked = await page.$$eval("#numbering-net .sticker.error", (els) =>
        els.map((el) => Number(el.dataset.facelet)),
      );
      const named = await page.evaluate(
        async (numbering) => {
          const { engine } = document.querySelector("polytwist-player");
          return (await engine.numberingSolutions("numbered_pyraminx", numbering, "", 0)).stickers;
        },
        `${EXAMPLE.slice(0, 3)}5${EXAMPLE.slice(4)}`,
      );
      assert.deepEqual(marked.sort(), [...named].sort());
      assert.ok(marked.includes(3));
      assert.equal(await panel("count"), "");
      assert.equal(await app("digits"), EXAMPLE, "the puzzle keeps the last accepted numbering");
      // The line about the puzzle says which numbering it speaks of.
      assert.match(
        await page.textContent("#numbering-shown"),
        /^(Solved|Not solved) with the last accepted numbering: /,
      );

      // Cleared with Backspace: no digit at all is named too; the example brings it all back.
      await page.click('#numbering-net .sticker[data-facelet="3"]');
      await page.keyboard.press("Backspace");
      await page.waitForFunction(() =>
        document
          .querySelector("#numbering-verdict")
          .textContent.startsWith("Sticker F3, on the F face, has no digit yet."),
      );
      assert.match(await page.getAttribute("#numbering-verdict", "title"), /sticker F3 .* is '\?'/);
      await page.click("#numbering-example");
      await page.waitForSelector('#numbering[data-validation="valid"][data-count="8"]');
      assert.equal(await page.getAttribute("#numbering-verdict", "title"), null);
      assert.doesNotMatch(await page.textContent("#numbering-shown"), /last accepted/);
      assertNoProblems(problems);
    },
  );

  it("says clearly when a numbering has no solved state", TEST, async () => {
    // The U tip's stickers F0 L0 R0 get 8 5 3, and D7 D0 D6 the 1 4 9 they had.
    const changes = [
      [0, "8"],
      [9, "5"],
      [18, "3"],
      [34, "1"],
      [27, "4"],
      [33, "9"],
    ];
    await typeOnNet(changes);
    await page.waitForSelector('#numbering[data-validation="none"]');
    assert.equal(
      await page.textContent("#numbering-verdict"),
      "No solved state: however the puzzle is turned, the tips and centres together never show " +
        "each digit once on every face.",
    );
    assert.match(
      await page.getAttribute("#numbering-verdict", "title"),
      /^this numbering has no solved state: the tips \+ centres can never show distinct digits/,
    );
    assert.equal(await panel("count"), "0");
    assert.equal(await page.locator("#numbering-states li").count(), 0);
    // The engine accepts it as a numbering: the puzzle, still at home, shows it.
    const numbering = [...EXAMPLE];
    for (const [sticker, digit] of changes) numbering[sticker] = digit;
    await page.waitForSelector(`#player[data-digits="${numbering.join("")}"]`);

    await page.click("#solve");
    await idle(page);
    assert.match(await page.textContent("#status"), /no solved state/);
    assertNoProblems(problems);
  });
});

describe("Numbered Pyraminx designer", () => {
  it(
    "finds the bottom faces with exactly one solved state; one is used at a click",
    TEST,
    async () => {
      await page.click(".numbering-designer summary");
      await page.click("#numbering-design");
      await page.waitForSelector('#numbering[data-design="shown"]', { timeout: 30_000 });
      assert.match(
        await page.textContent("#numbering-design-summary"),
        /^362,880 bottom faces tried in [\d,]+ ms: 7,408 give exactly one solved state/,
      );
      assert.equal(await page.locator("#numbering-designs li").count(), 6);
      await page.click("#numbering-designs li:first-child button");
      await page.waitForSelector('#numbering[data-validation="valid"][data-count="1"]');
      // The F, L and R faces kept, the D face designed.
      assert.equal((await app("digits")).slice(0, 27), EXAMPLE.slice(0, 27));
      assertNoProblems(problems);
    },
  );
});

// Three pages in turn, each waiting up to a minute beside other test files' searches on every
// core: the test's own limit is above their sum, so a slow step fails naming what it waited for
// (a CI run once ran out of the test's minute with no step named).
const SHARE_TEST = { timeout: 240_000 };

/** Waits until the numbering net of `onPage` shows `numbering`, its digits in sticker order. */
const netShows = (onPage, numbering, timeout) =>
  onPage.waitForFunction(
    (expected) =>
      [...document.querySelectorAll("#numbering-net .sticker text")]
        .map((text) => text.textContent)
        .join("") === expected,
    numbering,
    { timeout },
  );

describe("Numbered Pyraminx share links", () => {
  it("carry the numbering; a numbering the engine refuses is named", SHARE_TEST, async () => {
    await typeOnNet([
      [0, "4"],
      [1, "1"],
    ]); // F0 and F1 swapped: still a numbering the engine accepts
    const numbering = `41${EXAMPLE.slice(2)}`;
    // The keys reached the net (not the player, which turns on some keys).
    await netShows(page, numbering, 5_000);
    // A minute: in a clean run beside other pages' searches on every core, 30 s ran out once,
    // and once (2026-11-29) the minute did, with every other test of the run at its usual speed;
    // not seen again in 14 runs. If it happens again, the panel's and the player's state say
    // where it stopped.
    await page
      .waitForSelector(`#player[data-digits="${numbering}"]`, { timeout: 60_000 })
      .catch(async (error) => {
        const seen = await page.evaluate(() => {
          const app = document.querySelector("#app");
          const root = app.shadowRoot;
          const panel = document.querySelector("#numbering");
          return {
            digits: root.querySelector("#player")?.dataset.digits,
            busy: root.querySelector("#player")?.dataset.busy,
            status: root.querySelector("#status")?.textContent,
            attribute: app.getAttribute("numbering"),
            validation: panel?.dataset.validation,
            verdict: document.querySelector("#numbering-verdict")?.textContent,
          };
        });
        throw new Error(`${error.message}\n${JSON.stringify(seen, null, 1)}`);
      });
    await page.click("#share");
    const url = await page.inputValue("#share-url");
    assert.match(url, new RegExp(`numbering=${numbering}&puzzle=numbered_pyraminx$`));

    const opened = await session.open();
    await gotoPuzzle(opened.page, url);
    await opened.page.waitForSelector(`#player[data-digits="${numbering}"]`, { timeout: 60_000 });
    // The numbering panel follows the numbering the link gave the player (a minute, as above:
    // 30 s ran out once in a full browser layer with two test files at a time).
    await netShows(opened.page, numbering, 60_000);
    await opened.page.waitForSelector('#numbering[data-validation="valid"]');

    const bad = await session.open();
    await gotoPuzzle(
      bad.page,
      `${session.site.url}?puzzle=numbered_pyraminx&numbering=1234%3Cb%3E`,
    );
    await bad.page.waitForSelector("#link-problem:not([hidden])");
    assert.match(
      await bad.page.textContent("#link-problem-text"),
      /^numbering: sticker F4 \(character 5\) is '<'/,
    );
    assert.equal(await playerData(bad.page, "digits"), EXAMPLE, "the example instead");
    assertNoProblems([...problems, ...opened.problems, ...bad.problems]);
  });
});

describe("Numbered Pyraminx players embedded in a page", () => {
  it("name a numbering or groups the engine refuses, and use the example", TEST, async () => {
    const players = await page.evaluate(async () => {
      const show = async (attributes) => {
        const player = document.createElement("polytwist-player");
        for (const [name, value] of Object.entries(attributes)) player.setAttribute(name, value);
        document.body.prepend(player);
        const accepted = await player.ready;
        const messages = [...player.shadowRoot.querySelectorAll("#messages li")];
        return {
          accepted,
          digits: player.digits,
          messages: messages.map((item) => `${item.dataset.source}: ${item.textContent}`),
        };
      };
      return [
        await show({ puzzle: "numbered_pyraminx", numbering: "12<script>" }),
        await show({ puzzle: "numbered_pyraminx", "numbering-groups": "F0 Q9" }),
      ];
    });
    assert.deepEqual(
      players.map(({ accepted, digits }) => [accepted, digits]),
      [
        [false, EXAMPLE],
        [false, EXAMPLE],
      ],
    );
    assert.match(
      players[0].messages.join(),
      /^numbering: numbering: sticker F2 \(character 3\) is '<'/,
    );
    assert.match(
      players[1].messages.join(),
      /^numbering-groups: numbering-groups: group 1: no sticker named 'Q9'/,
    );
    assertNoProblems(problems);
  });
});
