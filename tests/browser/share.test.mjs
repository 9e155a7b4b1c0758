// Share links on the app page: Share copies a link to the position and the solution shown, which
// opens in a new page ready to play; bad links name their parameter and leave a working page.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  applyMoves,
  assertNoProblems,
  engineCall,
  fastTurns,
  gotoPuzzle,
  idle,
  playerData,
  browserSession,
  scrambleAndSolve,
} from "../js/browser.mjs";

const TEST = { timeout: 60_000 };
const SOLVED = "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD";
// F1 and L3 (the UL edge) swapped: an edge flipped in place.
const FLIPPED_EDGE = `FLFFFFFFFLLLFLLLLL${SOLVED.slice(18)}`;

const session = browserSession();

async function newPage() {
  const opened = await session.open();
  return opened;
}

/** The app player's properties, read in the page. */
const playerShows = (page) =>
  page.evaluate(() => {
    const { facelets, moves, moveIndex, solved } = document.querySelector("#app");
    return { facelets, moves, moveIndex, solved };
  });

/** The colour of each sticker place (data-f) in an SVG picture. */
const placeColours = (svg) =>
  [...svg.matchAll(/fill="([^"]*)" data-f="(\d+)"/g)].map((m) => m.slice(1));

/**
 * A player added to the page with `moves` as its setup and its alg, left unstarted: its picture's
 * sticker colours, and its move list (a preview) as shown.
 */
async function unstartedPlayer(page, puzzle, moves) {
  await page.evaluate(
    ([id, sequence]) => {
      const player = document.createElement("polytwist-player");
      player.id = "unstarted";
      player.style.cssText = "position: fixed; inset: 0 auto auto 0; width: 320px; z-index: 9";
      const attributes = { puzzle: id, setup: sequence, alg: sequence, controls: "playback" };
      for (const [name, value] of Object.entries({ ...attributes, load: "interaction" }))
        player.setAttribute(name, value);
      document.body.append(player);
    },
    [puzzle, moves],
  );
  await page.waitForFunction(() =>
    document.querySelector("#unstarted").shadowRoot.querySelector("#picture svg"),
  );
  return page.evaluate(() => {
    const root = document.querySelector("#unstarted").shadowRoot;
    return {
      svg: root.querySelector("#picture").innerHTML,
      list: [...root.querySelectorAll("#moves li")].map((item) => item.textContent),
      length: root.querySelector("#solution-length").textContent,
      picture: root.querySelector("#player").dataset.picture,
    };
  });
}

/** Opens a link on the app page and waits until the player shows its start. */
async function openLink(page, query) {
  await page.goto(`${session.site.url}${query}`);
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
  await idle(page);
}

describe("share links", () => {
  it(
    "a commutator typed, or shared as an alg, plays its expansion; the list keeps its brackets",
    TEST,
    async () => {
      const { page, problems } = await newPage();
      const cases = [
        {
          puzzle: "cube3",
          alg: "[R U R', D]",
          expanded: "R U R' D R U' R' D'",
          items: ["[", "R", "U", "R'", ",", "D", "]"],
          // After 5 turns the fifth, R' undone, is played: the written R' is marked.
          step: { turns: 5, current: "R'", button: 2 },
          // A' and B' play their written moves undone.
          inverted: [false, false, false, false, true, true, true, true],
        },
        {
          // U2 is U' on the Pyraminx (its corners turn 3 times round), written back so.
          puzzle: "pyraminx",
          alg: "[R: [U, L]] U2",
          written: "[R: [U, L]] U'",
          expanded: "R U L U' L' R' U'",
          items: ["[", "R", ": [", "U", ",", "L", "]]", "U'"],
          step: { turns: 4, current: "U", button: 1 },
          // [U, L]'s U' L', then the conjugate's R'; the last U' is as written.
          inverted: [false, false, false, true, true, true, false],
        },
      ];
      const listShown = () => page.$$eval("#moves li", (nodes) => nodes.map((n) => n.textContent));
      for (const { puzzle, alg, written = alg, expanded, items, step, inverted } of cases) {
        await gotoPuzzle(page, session.site.url, puzzle);
        await fastTurns(page);
        const expected = await engineCall(page, "applyMoves", puzzle, "", expanded);
        const turns = expanded.split(" ").length;
        // Typed in the moves box: the engine's state of the expansion, and the move list as
        // written, at its end.
        await applyMoves(page, alg);
        assert.equal(await playerData(page, "state"), expected.state, `${puzzle}: ${alg} typed`);
        assert.equal(await playerData(page, "facelets"), expected.facelets);
        assert.deepEqual(await listShown(), items, `${puzzle}: typed`);
        assert.equal(await page.textContent("#solution-length"), `${turns} moves`);
        assert.equal(await page.getAttribute("#solution-panel", "data-cursor"), String(turns));
        // The page's address carries typed moves as an alg, not as a solution.
        const addressHas = ([text, step]) => {
          const params = new URL(location.href).searchParams;
          return (
            params.get("alg") === text && !params.has("solution") && params.get("step") === step
          );
        };
        await page.waitForFunction(addressHas, [written, String(turns)]);

        // In a link: the move list shows it as written and steps through it turn by turn, the
        // written move of each turn marked, and marked inverted when played undone. An alg is
        // moves, not a solution.
        await openLink(page, `?alg=${encodeURIComponent(alg)}&puzzle=${puzzle}`);
        assert.equal(
          await page.textContent("#status"),
          "Position set: press Play to play the moves.",
        );
        assert.deepEqual(await listShown(), items, puzzle);
        assert.equal(await page.textContent("#solution-length"), `${turns} moves`);
        const marks = [];
        for (let k = 1; k <= turns; k++) {
          await page.click("#step");
          await page.waitForSelector(`#solution-panel[data-cursor="${k}"]`);
          const current = await page.$eval('#moves button[aria-current="step"]', (button) => ({
            text: button.textContent,
            index: [...button.closest("ul, ol").querySelectorAll("button")].indexOf(button),
            inverted: button.classList.contains("inverted"),
            label: button.getAttribute("aria-label"),
            title: button.title,
            after: getComputedStyle(button, "::after").content,
          }));
          marks.push(current.inverted);
          const turn = expanded.split(" ")[k - 1];
          if (current.inverted) {
            assert.match(current.label, /, played inverted$/);
            assert.equal(current.title, `Played inverted, as ${turn}`);
            assert.equal(current.after, '"⁻¹"');
          } else {
            assert.doesNotMatch(current.label, /inverted/);
            assert.equal(current.title, "");
          }
          if (k === step.turns) {
            assert.equal(current.text, step.current);
            assert.equal(current.index, step.button);
          }
        }
        assert.deepEqual(marks, inverted, `${puzzle}: the moves marked inverted`);
        assert.equal(await page.locator("#moves button.inverted").count(), inverted.at(-1) ? 1 : 0);
        await idle(page);
        assert.equal(await playerData(page, "facelets"), expected.facelets, `${puzzle}: played`);
        // The page's address keeps the alg as written, at the step shown.
        await page.waitForFunction(addressHas, [written, String(turns)]);

        // Before a player starts: its picture of the setup is the engine's, and its move list
        // shows the alg as written, uncounted, until the engine has read it.
        const unstarted = await unstartedPlayer(page, puzzle, alg);
        const query = new URLSearchParams({ pzl: puzzle, view: "iso", size: "256", alg });
        const picture = await engineCall(page, "image", query.toString());
        assert.equal(picture.ok, true, picture.error);
        assert.deepEqual(placeColours(unstarted.svg), placeColours(picture.svg), puzzle);
        query.set("alg", "");
        const solved = await engineCall(page, "image", query.toString());
        assert.notDeepEqual(placeColours(picture.svg), placeColours(solved.svg));
        assert.deepEqual(unstarted.list, [alg]);
        assert.equal(unstarted.length, "");
        assert.equal(unstarted.picture, "true");
      }
      assertNoProblems(problems);
    },
  );

  it("Share copies a link that opens the same position, solution and step", TEST, async () => {
    const { page, problems } = await newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await gotoPuzzle(page, session.site.url, "pyraminx");
    await fastTurns(page);
    await page.evaluate(() => document.querySelector("#app").scramble(20261121));
    const scrambled = await playerData(page, "facelets");
    await page.click("#solve");
    await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });
    await idle(page);
    const { moves: solution, facelets: solvedFacelets } = await playerShows(page);
    assert.ok(solution.length > 0);

    await page.click("#share");
    await page.waitForFunction(() =>
      /copied/.test(document.querySelector("#share-status").textContent),
    );
    const url = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(await page.inputValue("#share-url"), url);
    assert.ok(url.startsWith(session.site.url), url);
    assert.match(url, /puzzle=pyraminx$/);

    // It opens where the solution was left: at its end, solved, and its start is the scramble.
    const { page: other, problems: otherProblems } = await newPage();
    await other.goto(url);
    const end = solution.length;
    await other.waitForSelector(`#solution-panel[data-cursor="${end}"]`, { timeout: 30_000 });
    const shown = await playerShows(other);
    assert.deepEqual(shown, {
      facelets: solvedFacelets,
      moves: solution,
      moveIndex: end,
      solved: true,
    });
    assert.equal(await other.locator("#moves button").count(), solution.length);
    await other.click("#to-start");
    await other.waitForSelector('#solution-panel[data-cursor="0"]');
    assert.equal(await playerData(other, "facelets"), scrambled);
    assert.equal(new URL(other.url()).searchParams.get("facelets"), scrambled);
    assertNoProblems(problems);
    assertNoProblems(otherProblems);
  });

  it("the address follows the step shown, so a reload and Back come back to it", TEST, async () => {
    const { page, problems } = await newPage();
    await gotoPuzzle(page, session.site.url, "pyraminx");
    await scrambleAndSolve(page, 7);
    const { moves } = await playerShows(page);
    assert.ok(moves.length >= 3, `${moves}`);
    await page.click("#to-start");
    await page.click("#step");
    await page.click("#step");
    await page.waitForSelector('#solution-panel[data-cursor="2"]');
    await idle(page);
    const atStep = await playerShows(page);
    await page.waitForFunction(() => new URL(location.href).searchParams.get("step") === "2");
    const address = new URL(page.url());
    assert.equal(address.searchParams.get("solution"), moves.join(" "));

    // Share gives the same link.
    await page.click("#share");
    await page.waitForSelector("#share-output:not([hidden])");
    const query = (url) => new URL(url).searchParams.toString();
    assert.equal(query(await page.inputValue("#share-url")), query(page.url()));

    await page.reload();
    await page.waitForSelector('#solution-panel[data-cursor="2"]', { timeout: 30_000 });
    assert.deepEqual(await playerShows(page), atStep);

    // Away to another page and back: the same step again.
    await page.goto(`${session.site.url}embed-demo.html`);
    await page.goBack();
    await page.waitForSelector('#solution-panel[data-cursor="2"]', { timeout: 30_000 });
    assert.deepEqual(await playerShows(page), atStep);
    // Going back stops the other page loading its engine worker: not a problem of either page.
    assertNoProblems(problems.filter((problem) => !/engine\.worker.*ERR_ABORTED/.test(problem)));
  });

  it(
    "a link to a puzzle the engine does not have says so and shows the first puzzle",
    TEST,
    async () => {
      const { page, problems } = await newPage();
      await openLink(page, "?puzzle=tesseract");
      assert.equal(await page.isVisible("#link-problem"), true);
      assert.match(
        await page.textContent("#link-problem-text"),
        /^puzzle: unknown puzzle 'tesseract'/,
      );
      await page.waitForFunction(() => document.querySelector("#app").puzzleInfo !== null);
      const shown = await page.evaluate(() => document.querySelector("#app").puzzleInfo.id);
      assert.equal(await page.inputValue("#puzzle"), shown);
      await page.click("#scramble");
      await idle(page);
      assert.equal(await playerData(page, "solved"), "false");
      await page.waitForFunction(
        (id) => new URL(location.href).searchParams.get("puzzle") === id,
        shown,
      );
      assertNoProblems(problems);
    },
  );

  it("a bad link names the parameter at fault and the page still works", TEST, async () => {
    const { page, problems } = await newPage();
    const problemText = () => page.textContent("#link-problem-text");

    await openLink(page, "?facelets=FF%3Cimg%3E&puzzle=pyraminx");
    assert.equal(await page.isVisible("#link-problem"), true);
    assert.match(await problemText(), /^facelets: character 3 is '<'/);
    assert.equal(await page.locator("img").count(), 0);
    await page.click("#scramble");
    await idle(page);
    await page.click("#solve");
    await page.waitForSelector('#player[data-solved="true"]', { timeout: 30_000 });

    await openLink(page, "?setup=R+U+F&puzzle=pyraminx");
    assert.match(await problemText(), /^setup: unknown move 'F'/);
    assert.equal(await page.textContent("#link-problem-text pre"), "R U F\n    ^");
    assert.equal(await playerData(page, "facelets"), SOLVED);

    await openLink(page, `?facelets=${FLIPPED_EDGE}&solution=R&puzzle=pyraminx`);
    assert.match(await problemText(), /^facelets: .*an edge has been flipped in place/);
    await page.waitForSelector('.state-editor[data-validation="invalid"]');
    const marked = await page.$$eval(".sticker.error", (nodes) =>
      nodes.map((node) => Number(node.dataset.facelet)),
    );
    assert.deepEqual(marked, [1, 12]);

    await openLink(page, "?solution=R+%28U&puzzle=pyraminx");
    assert.match(await problemText(), /^solution: /);
    // Read, but refused by the puzzle (the Square-1's slice is blocked there): named as given.
    await openLink(page, "?alg=%281%2C0%29%2F&puzzle=square1");
    assert.match(await problemText(), /^alg: column \d+: the slice cannot turn here/);
    await page.click("#link-problem-close");
    assert.equal(await page.isVisible("#link-problem"), false);
    await page.click("#scramble");
    await idle(page);
    assert.equal(await playerData(page, "solved"), "false");
    assertNoProblems(problems);
  });
});
