// The seams between pieces in headless Chromium, on a harness page served from the repository
// root (tests/browser/fixtures/seams.html): every puzzle the engine has geometry of, drawn on a
// magenta background from all round, at rest and part way through turns chosen from its geometry
// (the harness's turnPoses: a surface block, the widest block and a slice of each kind of axis,
// each a little and nearly half way), and after those turns, seen from views between the rest
// ones, must hide the background everywhere inside its outline. A new puzzle joins without a change
// here. Needs build/wasm only, not the built site.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { assertNoProblems, browserSession } from "../js/browser.mjs";

const TEST = { timeout: 180_000 };
/**
 * Views of a pose: from below and above and level with the middle, round the puzzle in seven
 * steps (a fraction of no puzzle's symmetries, so no two views of a symmetric puzzle are the
 * same), each elevation's ring turned against the last.
 */
const ring = (elevations) =>
  elevations.flatMap((elevation, row) =>
    Array.from({ length: 7 }, (_, i) => ({
      azimuth: Math.round((i * 360) / 7 + row * 17) + 3,
      elevation,
    })),
  );
/**
 * At rest: 21 views; turning: 14 (a seam opened by a turn shows from most of them; each view
 * costs ~40 ms of software rendering).
 */
const REST_VIEWS = ring([-50, 0, 50]);
const TURN_VIEWS = ring([-35, 30]);
/** After turns: 8 views at azimuths the others leave out (a notch on the outline shows there). */
const TURNED_VIEWS = [-40, 38].flatMap((elevation) =>
  [0, 90, 180, 270].map((azimuth) => ({ azimuth: azimuth + 61, elevation })),
);

let page;
let problems;

const session = browserSession({ repository: true });

async function openHarness() {
  ({ page, problems } = await session.open());
  await page.goto(`${session.site.url}tests/browser/fixtures/seams.html`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
}

/**
 * The views of `puzzle` (posed `pose`, or at rest in the position `pose.position` reaches) that
 * show background inside its outline, described.
 */
async function leaks(puzzle, pose) {
  const views = pose?.move ? TURN_VIEWS : pose?.position ? TURNED_VIEWS : REST_VIEWS;
  const counted = await page.evaluate(
    ([id, list, turn]) => window.harness.countSpecks(id, list, turn),
    [puzzle, views, pose],
  );
  assert.equal(counted.length, views.length);
  const what = pose?.move
    ? `${puzzle} turning ${pose.move} by ${pose.fraction}`
    : `${puzzle} at rest${pose ? ` after ${pose.position}` : ""}`;
  for (const { puzzlePixels } of counted) {
    assert.ok(puzzlePixels > 10_000, `${what}: the puzzle is not drawn`);
  }
  return counted
    .filter(({ specks }) => specks > 0)
    .map(
      ({ azimuth, elevation, specks, where }) =>
        `${what}, azimuth ${azimuth}, elevation ${elevation}: ${specks} background pixels, e.g. at ${where.join(" ")}`,
    );
}

describe("seams between pieces", () => {
  it(
    "every puzzle hides the background at rest, part way through a turn of each block kind and after those turns",
    TEST,
    async () => {
      await openHarness();
      const puzzles = await page.evaluate(() => window.harness.puzzles);
      assert.ok(puzzles.length >= 19, `${puzzles.length} puzzles with geometry`);
      const found = [];
      for (const puzzle of puzzles) {
        found.push(...(await leaks(puzzle)));
        const poses = await page.evaluate((id) => window.harness.turnPoses(id), puzzle);
        assert.ok(poses.length > 0, `${puzzle}: no turn to pose`);
        for (const pose of poses) found.push(...(await leaks(puzzle, pose)));
        const position = [...new Set(poses.map(({ move }) => move))].join(" ");
        found.push(...(await leaks(puzzle, { position })));
      }
      assert.deepEqual(found, [], `${found.length} leaky views:\n${found.join("\n")}`);
      assertNoProblems(problems);
    },
  );
});
