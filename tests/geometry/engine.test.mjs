// The engine's puzzles from geometry (docs/geometry.md) against cubing.js's PuzzleGeometry (the
// oracle in cubing-oracle.mjs, README.md next to this file), one it() per description:
//
// 1. the sticker counts agree (puzzleInfo's facelet_count, puzzleGeometry's stickers, cubing's);
// 2. a rotation takes our sticker centres onto cubing.js's: that gives the relabelling phi (our
//    sticker -> theirs), under which our faces are their faces;
// 3. our axes are theirs (a bijection, same orders); every one of our turns, as a sticker
//    permutation computed from our geometry and conjugated by phi, is a block of layers of the
//    matching cubing.js axis turned some number of steps; and every cubing.js outer-layer move,
//    or the rest of its axis (the same up to a whole-puzzle turn), is one of our turns;
// 4. every piece of ours that moves is one of cubing.js's pieces, stickers in reverse facet order;
//    the orbits agree in pieces, stickers per piece and reachable orientations;
// 5. puzzleInfo's state_count is the oracle's count up to the rotations the moves can make.
//
// Needs the WebAssembly engine (build/wasm/) and the npm package `cubing`. GEOMETRY_ONLY="name;
// name" runs the named cubing.js puzzles instead of the list below; GEOMETRY_VERBOSE=1 prints
// each comparison's figures.
//
// How the two sides are aligned:
//
// - Frames. The engine answers in the view frame (right-handed, y up; a cube's U +y, R +x, F +z)
//   with face planes at distance 1; cubing.js's stickers are taken in the oracle's view frame
//   (its internal frame through viewMatrix), same scale. Pairs of our face normals are mapped
//   onto pairs of theirs with the same angle (a rotation first, then with a reflection); a
//   candidate that puts every sticker centre within 1e-4 of one of theirs is refined by a
//   least-squares fit over all the centres (the polar factor of their correlation matrix), and
//   must then put every centre within CENTRE_TOLERANCE of its image. Centres are area centroids
//   of the sticker polygons on both sides. CENTRE_TOLERANCE is 1e-5, not 1e-6: the engine rounds
//   coordinates to six decimals and then prints numbers with six significant digits (%.6g in
//   engine/core/json.cpp), so a coordinate such as 1.73205 carries an error up to 5e-6 (the
//   largest distance found is 4e-6, on the tetrahedra and octahedra). Turn angles are snapped to
//   the nearest multiple of 2π / order, and our own turns match our own centres within
//   SELF_TOLERANCE. The rotation found is always proper.
// - Moves. cubing.js's default move set (allMoves: true) turns every single layer of every axis
//   one step clockwise seen from its grip. Per axis, layers are numbered from the axis's first
//   grip and the moves named from the other grip inverted, so that a block of layers lo..hi is
//   the product of its layers' moves; every block short of the whole puzzle, to every power below
//   the axis's order, is one of "their moves". Our turns (R, R2, R', Rw, ..., from the ends only)
//   must each be one of them.
// - Orbits. cubing.js's orbits are taken with allMoves: true (every orbit some layer moves) and
//   kept when our turns move them: a 3x3x3's centres move only with cubing.js's slices and are
//   no piece of ours; the Jing pyraminx's face centres move only with cubing.js's vertex-side
//   halves, and we turn a tetrahedron's axes from one end. (cubing.js's allMoves: false would not
//   do: it drops the master tetraminx's middle layers, whose face centres our two-layer turns
//   move.) Ours and theirs are compared as multisets of (pieces, stickers per piece,
//   orientations). Orientation: ours is the number an orbit reaches (sticker count / gcd of the
//   moves' shifts); cubing.js's numOrientations is the sticker count (1 for centres), so the
//   comparable figure on their side is how many facets of slot 0 its facet 0 reaches under the
//   (matched) moves, in cubing.js's pieces, and numOrientations must be a multiple of it.
// - State counts. The oracle counts cubing.js's allMoves: true puzzle (slices too, so that the
//   whole-puzzle rotations they make are in the group), with identical pieces as cubing.js marks
//   them (single-sticker pieces of one colour in an orbit), and divides by the rotations of the
//   solid that lie in the group when they act freely on the patterns (stateCountDetails checks
//   it). That is our count: with fixed centres every class has one member with the centres at
//   home; without, both sides divide by the rotations the moves make. Where every piece has an
//   identical twin (the chops) the rotations fix some patterns and the oracle gives no count up
//   to rotation; there the engine's count times the rotations in the group must be the oracle's
//   patterns, and the number of classes (Burnside; the engine's division leaves out the symmetric
//   positions' share) is printed as a diagnostic.
//
// Descriptions compared: cubing.js's named puzzles (oracleDescriptions()) that the engine accepts
// with at most 500 stickers; these include every description of docs/geometry.md's table that is
// not a cuboid (its baby FTO is cubing.js's "skewb diamond"). Left out:
// - not accepted by the engine: "professor pyraminx", "professor tetraminx", "royal pyraminx",
//   "royal tetraminx", "emperor pyraminx", "emperor tetraminx" (negative cut distances, outside
//   the description language); "20x20x20" (2400 stickers), "zetaminx", "yottaminx" (over 2000
//   stickers); "30x30x30", "40x40x40" (more than 12 cuts);
// - over the sticker budget (each takes seconds here, most of it the oracle's state count; the
//   teraminx 12 s): "10x10x10" (600 stickers), "11x11x11" (726), "12x12x12" (864),
//   "13x13x13" (1014), "teraminx" (732), "petaminx" (1212), "examinx" (1812);
// - cubing.js puzzles that need options beyond the description (oriented centres): the engine
//   reads descriptions only. The kilominx, `d f 0.56` with its centre and edge orbits left out,
//   is the engine's `d f 0.56 without centres edges`: its stickers take the whole face (kites),
//   so their centres are not cubing.js's and the comparison above does not apply; its own it()
//   below compares its orbits and state count.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { callJson, loadEngine } from "../js/engine.mjs";
import {
  compose,
  invert,
  oracleDescriptions,
  oraclePuzzle,
  stateCountDetails,
} from "./cubing-oracle.mjs";

const CENTRE_TOLERANCE = 1e-5;
const SELF_TOLERANCE = 1e-5;
const COARSE_TOLERANCE = 1e-4;

const NAMES = oracleDescriptions();
const COMPARED = process.env.GEOMETRY_ONLY
  ? process.env.GEOMETRY_ONLY.split(";")
  : [
      "2x2x2",
      "3x3x3",
      "4x4x4",
      "5x5x5",
      "6x6x6",
      "7x7x7",
      "8x8x8",
      "9x9x9",
      "skewb",
      "master skewb",
      "professor skewb",
      "compy cube",
      "helicopter",
      "curvy copter",
      "dino",
      "little chop",
      "pyramorphix",
      "mastermorphix",
      "pyraminx",
      "tetraminx",
      "master pyraminx",
      "master tetraminx",
      "Jing pyraminx",
      "master pyramorphix",
      "megaminx",
      "gigaminx",
      "pentultimate",
      "master pentultimate",
      "elite pentultimate",
      "starminx",
      "starminx 2",
      "pyraminx crystal",
      "chopasaurus",
      "big chop",
      "skewb diamond",
      "FTO",
      "master FTO",
      "Christopher's jewel",
      "octastar",
      "Trajber's octahedron",
      "radio chop",
      "icosamate",
      "Regular Astrominx",
      "Regular Astrominx + Big Chop",
      "Redicosahedron",
      "Redicosahedron with centers",
      "Icosaminx",
      "Eitan's star",
      "2x2x2 + dino",
      "2x2x2 + little chop",
      "dino + little chop",
      "2x2x2 + dino + little chop",
      "megaminx + chopasaurus",
      "starminx combo",
    ];

// ---------------------------------------------------------------------------------------------
// Vectors and 3x3 matrices (rows).

const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const cross = (u, v) => [
  u[1] * v[2] - u[2] * v[1],
  u[2] * v[0] - u[0] * v[2],
  u[0] * v[1] - u[1] * v[0],
];
const add = (u, v) => [u[0] + v[0], u[1] + v[1], u[2] + v[2]];
const sub = (u, v) => [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
const scale = (u, s) => [u[0] * s, u[1] * s, u[2] * s];
const norm = (u) => Math.hypot(u[0], u[1], u[2]);
const normalize = (u) => scale(u, 1 / norm(u));
const apply = (m, v) => m.map((row) => dot(row, v));
const transpose = (m) => [0, 1, 2].map((c) => m.map((row) => row[c]));
const multiply = (a, b) => a.map((row) => transpose(b).map((col) => dot(row, col)));
const determinant = (m) => dot(m[0], cross(m[1], m[2]));

/** The polar factor of M (the orthogonal matrix nearest to it), by Newton's iteration. */
function polar(m) {
  let r = m;
  for (let i = 0; i < 100; i++) {
    // R^-T = cofactor matrix / det
    const d = determinant(r);
    const cof = [cross(r[1], r[2]), cross(r[2], r[0]), cross(r[0], r[1])];
    const next = r.map((row, a) => row.map((x, b) => (x + cof[a][b] / d) / 2));
    const change = Math.max(...next.flat().map((x, k) => Math.abs(x - r.flat()[k])));
    r = next;
    if (change < 1e-15) break;
  }
  return r;
}

/** Right-handed rotation of v by angle about the unit axis d (Rodrigues). */
function rotate(v, d, angle) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return add(add(scale(v, c), scale(cross(d, v), s)), scale(d, dot(d, v) * (1 - c)));
}

/** The area centroid of a planar convex polygon. */
function centroid(vertices) {
  let total = 0;
  let sum = [0, 0, 0];
  for (let i = 1; i + 1 < vertices.length; i++) {
    const [a, b, c] = [vertices[0], vertices[i], vertices[i + 1]];
    const area = norm(cross(sub(b, a), sub(c, a)));
    total += area;
    sum = add(sum, scale(add(add(a, b), c), area / 3));
  }
  return scale(sum, 1 / total);
}

/** Nearest point lookup on a grid. */
class PointIndex {
  constructor(points, cell = 0.01) {
    this.points = points;
    this.cell = cell;
    this.grid = new Map();
    points.forEach((p, i) => {
      const key = p.map((x) => Math.floor(x / cell)).join();
      if (!this.grid.has(key)) this.grid.set(key, []);
      this.grid.get(key).push(i);
    });
  }
  /** [index, distance] of the nearest point within tolerance, or [-1, Infinity]. */
  nearest(p, tolerance) {
    const c = p.map((x) => Math.floor(x / this.cell));
    let best = -1;
    let bestDistance = Infinity;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const i of this.grid.get(`${c[0] + dx},${c[1] + dy},${c[2] + dz}`) ?? []) {
            const distance = norm(sub(this.points[i], p));
            if (distance < bestDistance) ((bestDistance = distance), (best = i));
          }
        }
      }
    }
    return bestDistance <= tolerance ? [best, bestDistance] : [-1, Infinity];
  }
}

const key = (perm) => perm.join(",");
const isIdentity = (perm) => perm.every((x, i) => x === i);

// ---------------------------------------------------------------------------------------------
// 2. The rigid motion and the relabelling.

/**
 * A rotation (preferred) or rotation-reflection R with R·(our centre i) within tolerance of their
 * centre phi[i] for every sticker: {matrix, phi, proper, maxDistance} or null.
 */
function findMotion(ourNormals, theirNormals, ourCentres, theirCentres) {
  const a = ourNormals.map(normalize);
  const b = theirNormals.map(normalize);
  const a1 = a[0];
  const a2 = a.find((v) => Math.abs(dot(a1, v)) < 0.99);
  const frame = (u, v, handed) => {
    const e1 = u;
    const e2 = normalize(sub(v, scale(u, dot(u, v))));
    return [e1, e2, scale(cross(e1, e2), handed)]; // rows
  };
  const ours = transpose(frame(a1, a2, 1));
  const index = new PointIndex(theirCentres);
  for (const handed of [1, -1]) {
    for (const b1 of b) {
      for (const b2 of b) {
        if (Math.abs(dot(b1, b2) - dot(a1, a2)) > COARSE_TOLERANCE) continue;
        // R = F E^T, E and F with the frames as columns.
        const coarse = multiply(transpose(frame(b1, b2, handed)), transpose(ours));
        const phi = [];
        for (const c of ourCentres) {
          const [j] = index.nearest(apply(coarse, c), COARSE_TOLERANCE);
          if (j < 0) break;
          phi.push(j);
        }
        if (phi.length !== ourCentres.length || new Set(phi).size !== phi.length) continue;
        // Least squares: R = polar(sum of their_phi(i) our_i^T).
        const m = [0, 1, 2].map((r) =>
          [0, 1, 2].map((c) =>
            ourCentres.reduce((s, p, i) => s + theirCentres[phi[i]][r] * p[c], 0),
          ),
        );
        const matrix = polar(m);
        let maxDistance = 0;
        ourCentres.forEach((p, i) => {
          maxDistance = Math.max(maxDistance, norm(sub(apply(matrix, p), theirCentres[phi[i]])));
        });
        return { matrix, phi, proper: determinant(matrix) > 0, maxDistance };
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// 3. Moves.

/** Our turn as an image-form sticker permutation of our stickers. */
function ourTurnPermutation(geometry, turn, centres, index) {
  const axis = geometry.axes[turn.axis];
  const d = normalize(axis.direction);
  const step = (2 * Math.PI) / axis.order;
  const steps = Math.round(turn.angle / step);
  assert.ok(
    Math.abs(turn.angle - steps * step) < 1e-4,
    `${turn.token}: angle ${turn.angle} is not a multiple of 2π/${axis.order}`,
  );
  assert.notEqual(steps % axis.order, 0, `${turn.token}: turns by a whole turn`);
  return centres.map((c, i) => {
    const slab = axis.slabs[i];
    if (slab < turn.from || slab > turn.to) return i;
    const [j] = index.nearest(rotate(c, d, steps * step), SELF_TOLERANCE);
    assert.ok(j >= 0, `${turn.token}: sticker ${i} lands on no sticker`);
    return j;
  });
}

/**
 * cubing.js's moves by axis and block of layers: Map from permutation key to
 * [{axis, lo, hi, power}], layers numbered from the axis's first grip, power in steps clockwise
 * seen from that grip; every block short of the whole puzzle, every power below the order. Also
 * layerMoves[axis][layer] (one step).
 */
function theirMoveTable(puzzle) {
  const layerMoves = puzzle.axes.map((axis) => new Array(axis.layerCount).fill(null));
  for (const [name, info] of Object.entries(puzzle.moveInfo)) {
    assert.equal(info.layers[0], info.layers[1], `cubing.js move ${name} is one layer`);
    const axis = puzzle.axes[info.axis];
    const first = info.grip === axis.grip;
    const layer = first ? info.layers[0] : axis.layerCount - 1 - info.layers[0];
    assert.equal(layerMoves[info.axis][layer], null, `two cubing.js moves for one layer (${name})`);
    const perm = puzzle.stickerMoves[name];
    layerMoves[info.axis][layer] = first ? Int32Array.from(perm) : invert(perm);
  }
  const table = new Map();
  puzzle.axes.forEach((axis, k) => {
    const n = axis.layerCount;
    for (let lo = 0; lo < n; lo++) {
      for (let hi = lo; hi < n; hi++) {
        if (lo === 0 && hi === n - 1) continue;
        let block = null;
        for (let layer = lo; layer <= hi; layer++) {
          const move = layerMoves[k][layer];
          assert.ok(move, `cubing.js has no move for layer ${layer} of axis ${axis.grip}`);
          block = block ? compose(block, move) : move;
        }
        let power = block;
        for (let p = 1; p < axis.order; p++, power = compose(power, block)) {
          if (isIdentity(power)) break;
          const k2 = key(power);
          if (!table.has(k2)) table.set(k2, []);
          table.get(k2).push({ axis: k, lo, hi, power: p });
        }
      }
    }
  });
  return { table, layerMoves };
}

// ---------------------------------------------------------------------------------------------
// 4. Orbits.

/**
 * cubing.js's orbits (allMoves: true, so that every orbit any block moves is there) that our
 * turns move, as [{name, pieces, stickers (per piece), orientations, numOrientations}]:
 * orientations is the number of facets of slot 0 that its facet 0 reaches under our turns (in
 * cubing.js's labels), numOrientations cubing.js's own (the sticker count, 1 for centres).
 * Checks that an orbit's pieces all move or none does.
 */
function theirMovedOrbits(puzzle, turns) {
  const moved = new Uint8Array(puzzle.stickers.length);
  for (const perm of turns) perm.forEach((j, i) => j !== i && (moved[i] = 1));
  // Sticker orbit of facet 0 of slot 0, per orbit.
  const reach = (start) => {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      const p = queue.pop();
      for (const g of turns) if (!seen.has(g[p])) (seen.add(g[p]), queue.push(g[p]));
    }
    return seen;
  };
  const result = [];
  for (const orbit of puzzle.orbits) {
    const members = puzzle.stickers
      .map((s, i) => [s.piece, i])
      .filter(([piece]) => piece?.[0] === orbit.name);
    const movedPieces = new Set(members.filter(([, i]) => moved[i]).map(([piece]) => piece[1]));
    if (movedPieces.size === 0) continue;
    assert.equal(movedPieces.size, orbit.pieces, `${orbit.name}: some pieces move, some do not`);
    const [, start] = members.find(([piece]) => piece[1] === 0 && piece[2] === 0);
    const reached = [...reach(start)].filter((i) => {
      const piece = puzzle.stickers[i].piece;
      return piece?.[0] === orbit.name && piece[1] === 0;
    });
    result.push({
      name: orbit.name,
      pieces: orbit.pieces,
      stickers: members.length / orbit.pieces,
      orientations: reached.length,
      numOrientations: orbit.orientations,
    });
  }
  return result;
}

const orbitKey = (o) => `${o.pieces}x${o.stickers}/${o.orientations}`;
const sortedKeys = (orbits) => orbits.map(orbitKey).sort();

// ---------------------------------------------------------------------------------------------
// 5. State counts where the oracle's rotations do not act freely.

const factorial = (n) => {
  let r = 1n;
  for (let i = 2n; i <= BigInt(n); i++) r *= i;
  return r;
};

/**
 * The number of classes of patterns under the rotations (Burnside), for puzzles whose every
 * colouring of each orbit is reachable (the chops) and whose rotations cut each orbit into cycles
 * of one length: null otherwise.
 */
function burnsideClasses(puzzle, rotations, patterns) {
  const orbits = new Map();
  puzzle.stickers.forEach((s, i) => {
    if (!s.piece) return;
    if (!orbits.has(s.piece[0])) orbits.set(s.piece[0], []);
    orbits.get(s.piece[0]).push(i);
  });
  const colourCounts = (stickers) => {
    const counts = new Map();
    for (const i of stickers) {
      const face = puzzle.stickers[i].face;
      counts.set(face, (counts.get(face) ?? 0) + 1);
    }
    return [...counts.values()];
  };
  let all = 1n;
  for (const stickers of orbits.values()) {
    let m = factorial(stickers.length);
    for (const c of colourCounts(stickers)) m /= factorial(c);
    all *= m;
  }
  if (all !== patterns) return null;
  let sum = 0n;
  for (const r of rotations) {
    let fixed = 1n;
    for (const stickers of orbits.values()) {
      // Cycle length of r on this orbit (all cycles alike, else give up).
      let length = 1;
      for (let j = r[stickers[0]]; j !== stickers[0]; j = r[j]) length++;
      const seen = new Set();
      for (const i of stickers) {
        if (seen.has(i)) continue;
        let l = 0;
        for (let j = i; !seen.has(j); j = r[j]) (seen.add(j), l++);
        if (l !== length) return null;
      }
      const counts = colourCounts(stickers);
      if (counts.some((c) => c % length !== 0)) {
        fixed = 0n;
        break;
      }
      let m = factorial(stickers.length / length);
      for (const c of counts) m /= factorial(c / length);
      fixed *= m;
    }
    sum += fixed;
  }
  return sum / BigInt(rotations.length);
}

// ---------------------------------------------------------------------------------------------
// The comparison.

let enginePromise = null;
const engine = () => (enginePromise ??= loadEngine());

async function compare(description, report, t) {
  const e = await engine();
  const answer = callJson(e, "puzzleGeometry", description);
  assert.equal(answer.ok, true, `puzzleGeometry: ${answer.error}`);
  const info = callJson(e, "puzzleInfo", description);
  assert.equal(info.ok, true, `puzzleInfo: ${info.error}`);
  const geometry = answer.geometry;
  const theirs = oraclePuzzle(description);

  // 1. Sticker counts.
  assert.equal(geometry.stickers.length, info.facelet_count, "puzzleGeometry vs facelet_count");
  assert.equal(info.facelet_count, theirs.stickers.length, "facelet_count vs cubing.js");
  assert.equal(geometry.faces.length, theirs.faces.length, "faces");

  // 2. The relabelling.
  const ourCentres = geometry.stickers.map((s) => centroid(s.outline));
  const theirCentres = theirs.stickers.map((s) => apply(theirs.viewMatrix, centroid(s.vertices)));
  const motion = findMotion(
    geometry.faces.map((f) => f.normal),
    theirs.faces.map((f) => f.viewNormal),
    ourCentres,
    theirCentres,
  );
  assert.ok(motion, "a rigid motion takes our sticker centres onto cubing.js's");
  report.maxDistance = motion.maxDistance;
  assert.ok(motion.proper, "the motion is a rotation (both frames are right-handed)");
  assert.ok(
    motion.maxDistance <= CENTRE_TOLERANCE,
    `sticker centres land ${motion.maxDistance} from cubing.js's`,
  );
  const { phi, matrix } = motion;
  const faceImages = geometry.faces.map((f) => {
    const image = apply(matrix, normalize(f.normal));
    return theirs.faces.findIndex((g) => norm(sub(normalize(g.viewNormal), image)) < 1e-5);
  });
  assert.ok(!faceImages.includes(-1), "our face normals map onto theirs");
  geometry.stickers.forEach((s, i) =>
    assert.equal(theirs.stickers[phi[i]].face, faceImages[s.face], `sticker ${i}'s face`),
  );

  // 3. Axes and moves.
  assert.equal(geometry.axes.length, theirs.axes.length, "number of axes");
  const axisImages = geometry.axes.map((axis) => {
    const image = apply(matrix, normalize(axis.direction));
    return theirs.axes.findIndex(
      (a) => Math.abs(Math.abs(dot(normalize(a.viewNormal), image)) - 1) < 1e-8,
    );
  });
  assert.ok(!axisImages.includes(-1), "every axis of ours is one of cubing.js's");
  assert.equal(new Set(axisImages).size, axisImages.length, "our axes are distinct axes of theirs");
  geometry.axes.forEach((axis, a) =>
    assert.equal(axis.order, theirs.axes[axisImages[a]].order, `axis ${axis.plus} order`),
  );
  const { table, layerMoves } = theirMoveTable(theirs);
  const index = new PointIndex(ourCentres);
  const phiInverse = invert(phi);
  const ourKeys = new Set();
  const conjugates = [];
  const moved = new Uint8Array(geometry.stickers.length);
  const unmatched = [];
  for (const turn of geometry.turns) {
    const perm = ourTurnPermutation(geometry, turn, ourCentres, index);
    perm.forEach((j, i) => j !== i && (moved[i] = 1));
    // In their labels: sticker phi[i] goes to phi[perm[i]].
    const conjugate = Array.from(phiInverse, (i) => phi[perm[i]]);
    const k = key(conjugate);
    ourKeys.add(k);
    conjugates.push(conjugate);
    const matches = (table.get(k) ?? []).filter((m) => m.axis === axisImages[turn.axis]);
    if (matches.length === 0) unmatched.push(turn.token);
  }
  assert.deepEqual(unmatched, [], "our turns that are no block of a cubing.js axis");
  // The turns are the puzzle's moves (geometryJson leaves out a move it finds no turn for).
  assert.deepEqual(
    geometry.turns.map((turn) => turn.token),
    info.moves.map((move) => (typeof move === "string" ? move : move.name)),
    "a turn for every move of puzzleInfo",
  );
  // Converse: each cubing.js outer layer, or the rest of its axis, is one of our turns.
  const missing = [];
  theirs.axes.forEach((axis, k) => {
    const n = axis.layerCount;
    const blockOf = (lo, hi) => {
      let block = layerMoves[k][lo];
      for (let layer = lo + 1; layer <= hi; layer++) block = compose(block, layerMoves[k][layer]);
      return block;
    };
    for (const [outer, rest, grip] of [
      [[0, 0], [1, n - 1], axis.grip],
      [[n - 1, n - 1], [0, n - 2], axis.oppositeGrip],
    ]) {
      const move = blockOf(...outer);
      if (isIdentity(move)) continue;
      if (!ourKeys.has(key(move)) && !ourKeys.has(key(blockOf(...rest)))) missing.push(grip);
    }
  });
  assert.deepEqual(missing, [], "cubing.js outer moves (grips) that none of our turns makes");

  // 4. Pieces and orbits. Every piece of ours that moves is one of cubing.js's pieces, its
  // stickers anticlockwise about its direction (ours) = cubing.js's facets in reverse order
  // (clockwise seen from outside).
  for (const piece of geometry.pieces) {
    if (!piece.some((i) => moved[i])) continue;
    const images = piece.map((i) => theirs.stickers[phi[i]].piece);
    const label = `piece [${piece}]`;
    assert.ok(
      images.every((p) => p),
      `${label} moves, but cubing.js has no piece there`,
    );
    assert.equal(new Set(images.map((p) => `${p[0]}/${p[1]}`)).size, 1, `${label} is one piece`);
    const [orbit, slot] = images[0];
    const size = theirs.stickers.filter((s) => s.piece?.[0] === orbit && s.piece[1] === slot);
    assert.equal(size.length, piece.length, `${label} has all of the piece's stickers`);
    images.forEach((p, j) =>
      assert.equal(
        p[2],
        (images[0][2] - j + 2 * piece.length) % piece.length,
        `${label}: sticker order`,
      ),
    );
  }
  const ours = geometry.orbits.map((o) => ({
    pieces: o.pieces,
    stickers: o.stickers,
    orientations: o.orientations,
  }));
  const their = theirMovedOrbits(theirs, conjugates);
  report.orbits = sortedKeys(ours).join(" ");
  assert.deepEqual(
    sortedKeys(ours),
    sortedKeys(their),
    "orbits (pieces x stickers / orientations)",
  );
  for (const o of their) {
    assert.equal(o.numOrientations % o.orientations, 0, `${o.name}: numOrientations`);
  }

  // 5. State counts.
  const counted = oraclePuzzle(description, { vertices: false });
  const rotations = counted.rotations.filter((r) => r.transformation);
  const details = stateCountDetails(counted, { rotations });
  const ourCount = BigInt(info.state_count);
  Object.assign(report, {
    ours: info.state_count,
    oracle: details.patternsModRotations?.toString(),
    patterns: details.patterns.toString(),
    rotationsInGroup: details.rotationsInGroup,
    exact: details.exact,
  });
  if (details.rotationsFree) {
    assert.equal(
      ourCount,
      details.patternsModRotations,
      `state count: ours ${ourCount}, the oracle's ${details.patternsModRotations} ` +
        `(${details.patterns} patterns / ${details.rotationsInGroup} rotations in the group; ` +
        `ours × rotations = ${ourCount * BigInt(details.rotationsInGroup)})`,
    );
  } else {
    // Every piece identical to another (the chops): the rotations in the group fix some
    // patterns, so the oracle gives no count up to rotation. The engine divides the patterns by
    // the rotations in the group; the number of classes (Burnside) is a little larger.
    assert.equal(
      ourCount * BigInt(details.rotationsInGroup),
      details.patterns,
      "state count × rotations in the group = the oracle's patterns",
    );
    if (details.rotationsInGroup === rotations.length) {
      const classes = burnsideClasses(
        counted,
        rotations.map((r) => r.stickerPermutation),
        details.patterns,
      );
      if (classes !== null) {
        report.burnside = classes.toString();
        t.diagnostic(
          `${description}: rotations do not act freely; ours = patterns / ${rotations.length} = ` +
            `${ourCount}, classes up to rotation (Burnside) = ${classes}`,
        );
      }
    }
  }
}

describe("the engine's puzzles from geometry match cubing.js's", () => {
  for (const name of COMPARED) {
    const description = NAMES[name];
    it(`${name}: ${description}`, async (t) => {
      const report = {};
      const started = performance.now();
      try {
        await compare(description, report, t);
      } finally {
        report.ms = Math.round(performance.now() - started);
        if (process.env.GEOMETRY_VERBOSE) t.diagnostic(JSON.stringify(report));
      }
    });
  }
});

describe("pieces left out, as cubing.js leaves out orbits", () => {
  it("the kilominx: d f 0.56 without centres edges has cubing.js's orbits and count", async () => {
    const e = await engine();
    const description = "d f 0.56 without centres edges";
    const info = callJson(e, "puzzleInfo", description);
    assert.equal(info.ok, true, info.error);
    const { geometry } = callJson(e, "puzzleGeometry", description);
    const theirs = oraclePuzzle("d f 0.56", {
      includeCenterOrbits: false,
      includeEdgeOrbits: false,
      vertices: false,
    });
    assert.deepEqual(
      geometry.orbits.map(({ pieces, orientations }) => [pieces, orientations]),
      theirs.orbits.map(({ pieces, orientations }) => [pieces, orientations]),
    );
    assert.equal(info.facelet_count, 60);
    const details = stateCountDetails(theirs, {
      rotations: theirs.rotations.filter((r) => r.transformation),
    });
    assert.ok(details.rotationsFree);
    assert.equal(BigInt(info.state_count), details.patternsModRotations);
  });
});
