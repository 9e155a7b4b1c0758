// Move names against cubing.js's (docs/geometry.md, "Names"): for the puzzles whose notation
// cubing.js sets (the FTO and Baby FTO, the Dino and Helicopter cubes, the Megaminx and the
// Pyraminx Crystal, and the Skewb's WCA names), every move of ours that turns the outer layer at
// one end of an axis is named as cubing.js names the grip in the same direction, both seen in their view frames (y up, the front
// towards +z), where the two place every face alike. cubing.js's grips are faces, or corners and
// edges named by the faces that meet there; a grip's direction is its face's normal (the mean of
// its stickers' centres), or the sum of its faces' normals.
//
// Needs the WebAssembly engine (build/wasm/) and the npm package `cubing`; about a second.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";

import { callJson, loadEngine } from "../js/engine.mjs";
import { oraclePuzzle } from "./cubing-oracle.mjs";

const PUZZLES = [
  ["fto", "o f 0.333333333333333"],
  ["baby_fto", "o f 0", { orientCenters: true }],
  ["dino", "c v 0.577350269189626"],
  ["helicopter", "c e 0.707106781186547"],
  ["skewb", "c v 0"],
  ["megaminx", "d f 0.7"],
  ["pyraminx_crystal", "d f 0.447213595499989"],
];

const unit = (v) => {
  const length = Math.hypot(...v);
  return v.map((x) => x / length);
};
const distance = (u, v) => Math.hypot(...u.map((x, i) => x - v[i]));

/** cubing.js's grips: [{name (as its notation writes it), direction}] in its view frame. */
function theirGrips(description, options) {
  const puzzle = oraclePuzzle(description, { vertices: false, ...options });
  const sums = {};
  for (const { faceName, viewCentre } of puzzle.stickers) {
    const sum = (sums[faceName] ??= [0, 0, 0]);
    viewCentre.forEach((x, i) => (sum[i] += x));
  }
  const normals = Object.fromEntries(Object.entries(sums).map(([face, sum]) => [face, unit(sum)]));
  // A grip's faces: its name read as face names, longest first (BL before B).
  const faces = Object.keys(normals).sort((a, b) => b.length - a.length);
  const directionOf = (grip) => {
    if (normals[grip]) return normals[grip];
    const sum = [0, 0, 0];
    for (let rest = grip; rest;) {
      const face = faces.find((name) => rest.startsWith(name));
      assert.ok(face, `cubing.js grip ${grip} is not named by faces`);
      normals[face].forEach((x, i) => (sum[i] += x));
      rest = rest.slice(face.length);
    }
    return unit(sum);
  };
  // Their outer-layer moves name the grips in their notation (the FTO's internal BB is B).
  const grips = new Map();
  for (const [name, info] of Object.entries(puzzle.moveInfo)) {
    if (info.layers[0] === 0 && !info.wholePuzzle) grips.set(info.grip, name);
  }
  return [...grips].map(([grip, name]) => ({ name, direction: directionOf(grip) }));
}

let engine;
before(async () => {
  engine = await loadEngine();
});

describe("move names are cubing.js's", () => {
  for (const [id, description, options = {}] of PUZZLES) {
    it(`${id}: ${description}`, () => {
      const { axes, turns } = callJson(engine, "puzzleGeometry", id).geometry;
      const grips = theirGrips(description, options);
      // Our outer moves by name: a plain token (no power) turning the slabs from one end.
      const ours = [];
      for (const { token, axis, from, to } of turns) {
        if (!/^[A-Za-z]+$/.test(token)) continue;
        const { direction, cuts } = axes[axis];
        const last = cuts.length;
        if (to === last && from > 0) ours.push({ name: token, direction });
        if (from === 0 && to < last) {
          ours.push({ name: token, direction: direction.map((x) => -x) });
        }
      }
      const pairs = ours.map(({ name, direction }) => [
        name,
        grips.find((grip) => distance(grip.direction, direction) < 1e-4)?.name,
      ]);
      const differing = pairs.filter(([ours, theirs]) => ours !== theirs);
      assert.deepEqual(differing, [], `ours → cubing.js's: ${JSON.stringify(differing)}`);
      assert.equal(pairs.length, grips.length, "every cubing.js grip is an end of ours");
    });
  }
});
