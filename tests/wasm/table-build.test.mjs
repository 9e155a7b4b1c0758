// The table build's progress bar (web/src/player/table-build.js) over the engine's real BFS
// reports: it moves with every report, within layers too, never back, and stays short of the end
// until the build has ended.
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { createBuildProgress, estimateLayers } from "../../web/src/player/table-build.js";
import { callJson, loadEngine } from "../js/engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

test("moves with every BFS report of a table of several blocks, never back", () => {
  const reports = [];
  const answer = callJson(engine, "distanceTable", "cube2", (report) =>
    reports.push(typeof report === "string" ? JSON.parse(report) : report),
  );
  assert.equal(answer.ok, true, answer.error);
  const within = reports.filter((r) => r.scanned < r.total);
  assert.ok(within.length > 0, "no report within a layer");
  const fraction = createBuildProgress();
  let previous = -1;
  for (const report of reports) {
    const shown = fraction(report);
    assert.ok(shown >= 0 && shown < 1, `fraction ${shown}`);
    if (report.depth > 0)
      assert.ok(shown > previous, `stood at ${shown} (${JSON.stringify(report)})`);
    else assert.ok(shown >= previous);
    previous = shown;
  }
});

test("estimates the layers from their sizes: growth projected, then one and the empty one", () => {
  // Growing tenfold with 10,000 entries unknown: 100 and 1,000 more, then the rest, then none.
  assert.equal(estimateLayers([1, 10], 10_000), 1 + 3 + 2);
  // Shrinking: one layer more and the empty one.
  assert.equal(estimateLayers([1, 10, 100, 5], 1_000), 3 + 2);
});
