// The cubing.js oracle (cubing-oracle.mjs, perm-group.mjs) checked on cubing.js's own data: its
// KPuzzle moves agree with the sticker geometry, its conventions are what README.md says, the
// state counts are the published ones, and findRelabelling finds (or rightly fails to find) a
// relabelling. Needs only Node and the npm package `cubing` (no engine build).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  checkOracle,
  findRelabelling,
  invert,
  compose,
  kpuzzleToSlotPermutations,
  oracleDescriptions,
  oracleMove,
  oraclePuzzle,
  seededRandom,
  stateCount,
  stateCountDetails,
} from "./cubing-oracle.mjs";

const NAMES = oracleDescriptions();
const CUBE3 = NAMES["3x3x3"];
const PYRAMINX = NAMES.pyraminx;
const KILOMINX = "d f 0.56";
const KILOMINX_OPTIONS = { includeCenterOrbits: false, includeEdgeOrbits: false };

/** The rotations of an oracle puzzle that are KPuzzle transformations (keep every orbit). */
const rotationsOf = (puzzle) => puzzle.rotations.filter((r) => r.transformation);

/** A random permutation of 0..n-1 (seeded). */
function shuffle(n, random) {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = random(i + 1);
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

/** theirs[g] = rho ∘ ours[g] ∘ rho^-1: the same action with point x called rho[x]. */
function relabel(generators, rho) {
  const rhoInverse = invert(rho);
  const result = {};
  for (const [name, g] of Object.entries(generators)) {
    result[name] = Array.from(compose(compose(rhoInverse, g), rho));
  }
  return result;
}

function assertRelabelling(phi, ours, theirs) {
  assert.ok(phi, "a relabelling is found");
  assert.deepEqual(
    [...phi].sort((a, b) => a - b),
    [...phi.keys()],
    "phi is a bijection",
  );
  for (const [name, g] of Object.entries(ours)) {
    for (let x = 0; x < g.length; x++) {
      assert.equal(phi[g[x]], theirs[name][phi[x]], `phi conjugates ${name} at ${x}`);
    }
  }
}

describe("the oracle's data", () => {
  it("lists cubing.js's named puzzles with their descriptions", () => {
    assert.equal(Object.keys(NAMES).length, 72);
    assert.equal(NAMES["3x3x3"], "c f 0.333333333333333");
    assert.equal(NAMES["4x4x4"], "c f 0.5 f 0");
    assert.equal(NAMES.megaminx, "d f 0.7");
    assert.equal(NAMES.pyraminx, "t v 0.333333333333333 v 1.66666666666667");
    assert.equal(NAMES.FTO, "o f 0.333333333333333");
    for (const description of Object.values(NAMES))
      assert.match(description, /^[ctodi]( [fve] [-\d.]+)+$/);
  });

  it("moves cubing.js's KPuzzle data and the sticker geometry alike", () => {
    const cases = [
      ["2x2x2", {}],
      ["3x3x3", {}],
      ["3x3x3", { orientCenters: true }],
      ["3x3x3", { allMoves: false }],
      ["4x4x4", {}],
      ["5x5x5", {}],
      ["megaminx", {}],
      ["megaminx", { orientCenters: true }],
      ["pyraminx", {}],
      ["master pyraminx", {}],
      ["FTO", {}],
      ["skewb diamond", { orientCenters: true }],
      ["skewb", { addRotations: true }],
      ["dino", {}],
      ["helicopter", {}],
      ["pyraminx crystal", {}],
    ];
    for (const [name, options] of cases) {
      assert.deepEqual(checkOracle(NAMES[name], options), [], `${name} ${JSON.stringify(options)}`);
    }
    assert.deepEqual(checkOracle(KILOMINX, KILOMINX_OPTIONS), [], "kilominx");
  });

  it("names the cube's faces, moves and turn directions as README.md says", () => {
    const cube = oraclePuzzle(CUBE3);
    assert.deepEqual(Object.keys(cube.moves), ["F", "2F", "B", "D", "2D", "U", "L", "2L", "R"]);
    const view = Object.fromEntries(cube.faces.map((f) => [f.name, f.viewNormal]));
    assert.deepEqual(view, {
      F: [0, 0, 1],
      D: [0, -1, 0],
      L: [-1, 0, 0],
      B: [0, 0, -1],
      U: [0, 1, 0],
      R: [1, 0, 0],
    });
    const internal = Object.fromEntries(cube.faces.map((f) => [f.name, f.normal]));
    assert.deepEqual(internal.F, [1, 0, 0]);
    assert.deepEqual(internal.L, [0, 1, 0]);
    assert.deepEqual(internal.U, [0, 0, 1]);
    for (const info of Object.values(cube.moveInfo)) assert.equal(Math.round(info.angle), -90);
    // U clockwise from above: the F face's top row goes to L.
    const topOfF = cube.stickers.findIndex(
      (s) => s.faceName === "F" && s.viewCentre[1] > 0.5 && Math.abs(s.viewCentre[0]) < 0.1,
    );
    assert.equal(cube.stickers[cube.stickerMoves.U[topOfF]].faceName, "L");
    // Stickers: face-major, 9 a face; the corner pieces' facet 0 is on U or D.
    assert.equal(cube.stickers.length, 54);
    for (const s of cube.stickers) {
      if (s.piece[0] === "CORNERS" && s.piece[2] === 0) assert.match(s.faceName, /^[UD]$/);
    }
    // Wide and slice moves through cubing.js's parser.
    const rw = oracleMove(NAMES["4x4x4"], "Rw");
    assert.deepEqual(rw.turn, { axis: 2, layers: [0, 1], amount: 1, grip: "R" });
    const r = oracleMove(NAMES["4x4x4"], "R").stickerPermutation;
    const r2 = oracleMove(NAMES["4x4x4"], "2R").stickerPermutation;
    assert.deepEqual(rw.stickerPermutation, Array.from(compose(r, r2)));
    assert.deepEqual(oracleMove(CUBE3, "M").turn, {
      axis: 2,
      layers: [1, 1],
      amount: 1,
      grip: "L",
    });
    assert.deepEqual(oracleMove(CUBE3, "x").turn, {
      axis: 2,
      layers: [0, 2],
      amount: 1,
      grip: "R",
    });
  });

  it("names the other families' moves as README.md says", () => {
    const names = (description, options) => Object.keys(oraclePuzzle(description, options).moves);
    assert.deepEqual(names(PYRAMINX), [
      "r",
      "2r",
      "BL",
      "l",
      "2l",
      "BR",
      "b",
      "2b",
      "F",
      "u",
      "2u",
      "D",
    ]);
    assert.deepEqual(names(NAMES.megaminx), [
      ..."U 2U D F 2F B L 2L DR BL 2BL FR BR 2BR FL R 2R DL".split(" "),
    ]);
    assert.deepEqual(names(NAMES.FTO), "F 2F B D 2D U L 2L BR BL 2BL R".split(" "));
    assert.deepEqual(names(NAMES.skewb), "D U L UR R UL B F".split(" "));
    assert.deepEqual(names(NAMES["master pyraminx"]).slice(0, 4), ["R", "2R", "2BL", "BL"]);
    assert.deepEqual(oracleMove(PYRAMINX, "U").turn.layers, [0, 1]);
    assert.deepEqual(oracleMove(PYRAMINX, "u").turn.layers, [0, 0]);
    assert.deepEqual(oracleMove(NAMES["master pyraminx"], "U").turn.layers, [0, 0]);
    assert.deepEqual(oracleMove(NAMES["master pyraminx"], "u").turn.layers, [0, 1]);
    const kilominx = oraclePuzzle(KILOMINX, { ...KILOMINX_OPTIONS, vertices: false });
    assert.deepEqual(kilominx.orbits, [{ name: "CORNERS", pieces: 20, orientations: 3 }]);
    assert.equal(kilominx.stickers.filter((s) => s.piece === null).length, 132);
  });

  it("reports identical pieces: the 4x4x4's centres, six colours of four", () => {
    const cube4 = oraclePuzzle(NAMES["4x4x4"], { vertices: false });
    assert.equal(cube4.identicalPieces.CENTERS.length, 6);
    for (const group of cube4.identicalPieces.CENTERS) assert.equal(group.length, 4);
    assert.deepEqual(Object.keys(cube4.identicalPieces), ["CENTERS"]);
  });

  it("numbers (slot, facet) points so that KPuzzle moves and sticker moves agree", () => {
    for (const [description, options] of [
      [CUBE3, {}],
      [NAMES.megaminx, {}],
      [NAMES.FTO, {}],
    ]) {
      const puzzle = oraclePuzzle(description, { ...options, vertices: false });
      const slots = kpuzzleToSlotPermutations(puzzle);
      const pointOf = new Map(slots.points.map((p, i) => [p.join("/"), i]));
      for (const [name, perm] of Object.entries(puzzle.stickerMoves)) {
        puzzle.stickers.forEach((s, i) => {
          const image = puzzle.stickers[perm[i]].piece.join("/");
          assert.equal(
            slots.permutations[name][pointOf.get(s.piece.join("/"))],
            pointOf.get(image),
          );
        });
      }
    }
  });
});

describe("state counts", () => {
  const count = (description, options = {}, countOptions = {}) => {
    const puzzle = oraclePuzzle(description, { ...options, vertices: false });
    return stateCountDetails(puzzle, { rotations: rotationsOf(puzzle), ...countOptions });
  };

  it("3x3x3: 43252003274489856000, with the centres fixed or up to rotation", () => {
    // Outer moves only (allMoves: false): the centres never move and cubing.js leaves them out.
    const fixed = count(CUBE3, { allMoves: false });
    assert.equal(fixed.patterns, 43252003274489856000n);
    assert.equal(fixed.exact, true);
    // Slice moves too (the default): the whole-cube rotations are reachable, 24 times as many.
    const moving = count(CUBE3);
    assert.equal(moving.groupOrder, 24n * 43252003274489856000n);
    assert.equal(moving.rotationsInGroup, 24);
    assert.equal(moving.patternsModRotations, 43252003274489856000n);
    assert.equal(
      stateCount(oraclePuzzle(CUBE3), {
        modRotations: true,
        rotations: rotationsOf(oraclePuzzle(CUBE3)),
      }),
      43252003274489856000n,
    );
    // The supercube (oriented centres).
    assert.equal(
      count(CUBE3, { orientCenters: true }).patternsModRotations,
      88580102706155225088000n,
    );
  });

  it("2x2x2: 88179840 with every corner free, 3674160 up to rotation", () => {
    const cube2 = count(NAMES["2x2x2"]);
    assert.equal(cube2.patterns, 88179840n);
    assert.equal(cube2.patternsModRotations, 3674160n);
  });

  it("pyraminx: 933120 without the tips, 75582720 with them (up to rotation)", () => {
    const puzzle = oraclePuzzle(PYRAMINX, { vertices: false });
    // The tips: the only orbit that the tip turn u moves.
    const moved = Object.entries(puzzle.moves.u)
      .filter(([, d]) => d.permutation.some((x, i) => x !== i) || d.orientationDelta.some((o) => o))
      .map(([orbit]) => orbit);
    assert.deepEqual(moved, ["CORNERS2"]);
    const rotations = rotationsOf(puzzle);
    const withoutTips = stateCountDetails(puzzle, { rotations, ignoreOrbits: moved });
    assert.equal(withoutTips.patterns, 12n * 933120n);
    assert.equal(withoutTips.patternsModRotations, 933120n);
    assert.equal(stateCountDetails(puzzle, { rotations }).patternsModRotations, 75582720n);
  });

  it("4x4x4: 7401196841564901869874093974498574336000000000 (identical centres, rotations)", () => {
    const cube4 = count(NAMES["4x4x4"]);
    const f = (k) => (k <= 1n ? 1n : k * f(k - 1n));
    // Distinct centres: 8!·3^7 corners, 24! wings, 24! centres, corner and centre parities tied.
    assert.equal(cube4.groupOrder, (f(8n) * 3n ** 7n * f(24n) * f(24n)) / 2n);
    // Keeping colours: the centres permuted within their colours, an even permutation in all.
    assert.equal(cube4.stabiliserOrder, f(4n) ** 6n / 2n);
    assert.equal(cube4.patterns, (f(8n) * 3n ** 7n * f(24n) * f(24n)) / f(4n) ** 6n);
    assert.equal(cube4.patternsModRotations, 7401196841564901869874093974498574336000000000n);
  });

  it("skewb, FTO, kilominx, megaminx: the published counts", () => {
    assert.equal(count(NAMES.skewb).patternsModRotations, 3149280n);
    assert.equal(count(NAMES.FTO).patternsModRotations, 31408133379194880000000n);
    assert.equal(
      count(KILOMINX, KILOMINX_OPTIONS).patternsModRotations,
      23563902142421896679424000n,
    );
    assert.equal(
      count(NAMES.megaminx).patternsModRotations,
      100669616553523347122516032313645505168688116411019768627200000000000n,
    );
  });

  it("the random phase alone gives the verified order", () => {
    const puzzle = oraclePuzzle(NAMES["4x4x4"], { vertices: false });
    const quick = stateCountDetails(puzzle, { verify: false, seed: 7 });
    const exact = stateCountDetails(puzzle, { verify: true });
    assert.equal(quick.exact, false);
    assert.equal(exact.exact, true);
    assert.equal(quick.groupOrder, exact.groupOrder);
  });
});

describe("findRelabelling", () => {
  const cube = oraclePuzzle(CUBE3, { vertices: false });
  const random = seededRandom(2024);

  it("finds the identity between a puzzle and itself", () => {
    const phi = findRelabelling(cube.stickerMoves, cube.stickerMoves);
    assert.deepEqual(phi, [...Array(54).keys()]);
    const slots = kpuzzleToSlotPermutations(cube).permutations;
    assert.deepEqual(findRelabelling(slots, slots), [...Array(54).keys()]);
  });

  it("recovers a random relabelling of the stickers and of the (slot, facet) points", () => {
    const rho = shuffle(54, random);
    const theirs = relabel(cube.stickerMoves, rho);
    assertRelabelling(findRelabelling(cube.stickerMoves, theirs), cube.stickerMoves, theirs);
    const slots = kpuzzleToSlotPermutations(cube).permutations;
    const theirSlots = relabel(slots, shuffle(54, random));
    assertRelabelling(findRelabelling(slots, theirSlots), slots, theirSlots);
    // A bigger one: the megaminx's 132 stickers.
    const mega = oraclePuzzle(NAMES.megaminx, { vertices: false }).stickerMoves;
    const theirMega = relabel(mega, shuffle(132, random));
    assertRelabelling(findRelabelling(mega, theirMega), mega, theirMega);
  });

  it("returns null, with a reason, when one move is wrong", () => {
    const theirs = relabel(cube.stickerMoves, shuffle(54, random));
    const inverted = { ...theirs, U: Array.from(invert(theirs.U)) };
    const diagnostics = {};
    assert.equal(findRelabelling(cube.stickerMoves, inverted, diagnostics), null);
    assert.match(diagnostics.reason, /no image for our orbit/);
    const composed = { ...theirs, R: Array.from(compose(theirs.R, theirs.U)) };
    assert.equal(findRelabelling(cube.stickerMoves, composed, diagnostics), null);
    const renamed = { ...theirs, X: theirs.U };
    delete renamed.U;
    assert.equal(findRelabelling(cube.stickerMoves, renamed, diagnostics), null);
    assert.match(diagnostics.reason, /generator names differ/);
  });
});
