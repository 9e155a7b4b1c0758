// The seams between pieces in headless Chromium, on a harness page served from the repository
// root (tests/browser/fixtures/seams.html): each model drawn on a magenta background from every
// side, at rest and part way through turns, must hide the background everywhere inside its
// outline. Needs build/wasm only, not the built site.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { assertNoProblems, browserSession } from "../js/browser.mjs";

const TEST = { timeout: 120_000 };
/**
 * Round the puzzle in 13 steps (no step a whole fraction of the puzzles' symmetries, so every view
 * is a different one), from below and above, and level with its middle.
 */
const VIEWS = [-55, -25, -8, 0, 8, 25, 55].flatMap((elevation) =>
  Array.from({ length: 13 }, (_, i) => ({ azimuth: Math.round((i * 360) / 13) + 3, elevation })),
);

let page;
let problems;

const session = browserSession({ repository: true });

async function openHarness() {
  ({ page, problems } = await session.open());
  await page.goto(`${session.site.url}tests/browser/fixtures/seams.html`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}

/** Asserts that no view of `puzzle` (posed `pose`) shows the background inside its outline. */
async function assertSealed(puzzle, pose) {
  const views = await page.evaluate(
    ([id, list, turn]) => window.harness.countSpecks(id, list, turn),
    [puzzle, VIEWS, pose],
  );
  assert.equal(views.length, VIEWS.length);
  for (const { puzzlePixels } of views) assert.ok(puzzlePixels > 10_000, "the puzzle is not drawn");
  const leaky = views
    .filter(({ specks }) => specks > 0)
    .map(
      ({ azimuth, elevation, specks, where }) =>
        `azimuth ${azimuth}, elevation ${elevation}: ${specks} background pixels, e.g. at ${where.join(" ")}`,
    );
  const what = pose ? `${puzzle} turning ${pose.move} by ${pose.fraction}` : `${puzzle} at rest`;
  assert.deepEqual(leaky, [], `${what}:\n${leaky.join("\n")}`);
}

describe("seams between pieces", () => {
  it(
    "the Pyraminx hides the background at rest and while a tip or two layers turn",
    TEST,
    async () => {
      await openHarness();
      await assertSealed("pyraminx");
      await assertSealed("pyraminx", { move: "u", fraction: 0.3 });
      await assertSealed("pyraminx", { move: "R", fraction: 0.12 });
      await assertSealed("pyraminx", { move: "B'", fraction: 0.45 });
      assertNoProblems(problems);
    },
  );

  it(
    "the Master Pyraminx hides the background at rest and while one, two or three layers turn",
    TEST,
    async () => {
      await openHarness();
      await assertSealed("master_pyraminx");
      await assertSealed("master_pyraminx", { move: "l", fraction: 0.3 });
      await assertSealed("master_pyraminx", { move: "R", fraction: 0.12 });
      // Three layers: the hidden inside cells turn with them, the base layer's cut laid bare.
      await assertSealed("master_pyraminx", { move: "Bw'", fraction: 0.45 });
      await assertSealed("master_pyraminx", { move: "Uw", fraction: 0.2 });
      assertNoProblems(problems);
    },
  );

  it(
    "the pocket cube and the domino hide the background at rest and while turning",
    TEST,
    async () => {
      await openHarness();
      await assertSealed("cube2");
      await assertSealed("cube2", { move: "R", fraction: 0.3 });
      await assertSealed("domino");
      await assertSealed("domino", { move: "U", fraction: 0.2 });
      await assertSealed("domino", { move: "F2", fraction: 0.35 });
      assertNoProblems(problems);
    },
  );

  it(
    "the Rubik's Cube hides the background at rest and while turning (no core needed)",
    TEST,
    async () => {
      await openHarness();
      await assertSealed("cube3");
      // Half a quarter turn: where a core cubie would show, if anything showed there.
      await assertSealed("cube3", { move: "U", fraction: 0.5 });
      assertNoProblems(problems);
    },
  );

  it(
    "puzzles from geometry hide the background at rest and while turning (every cell drawn)",
    TEST,
    async () => {
      await openHarness();
      await assertSealed("cube4", { move: "Uw", fraction: 0.3 });
      await assertSealed("megaminx");
      await assertSealed("megaminx", { move: "R", fraction: 0.4 });
      await assertSealed("fto", { move: "F", fraction: 0.3 });
      await assertSealed("skewb", { move: "UR", fraction: 0.45 });
      await assertSealed("helicopter", { move: "UF", fraction: 0.5 });
      await assertSealed("pyraminx_crystal", { move: "U", fraction: 0.2 });
      assertNoProblems(problems);
    },
  );
});
