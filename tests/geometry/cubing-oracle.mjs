// The cubing.js side of the geometry comparison: for a puzzle-geometry description string ("c f
// 0.333333333333333", "d f 0.7", ...) what cubing.js's PuzzleGeometry (npm package `cubing`, a
// test-only devDependency, pinned) derives: its orbits, moves as KPuzzle transformations and as
// permutations of stickers, every sticker's face, centre and piece, the whole-puzzle rotations.
// README.md (next to this file) lists the conventions; the group tools are in perm-group.mjs.
//
// Everything returned is plain JSON-able data. The geometric parts (sticker permutations,
// rotations) are computed here from cubing.js's sticker polygons and turning planes, not taken
// from its KPuzzle data, and checkOracle() checks that the two agree.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

import { Move } from "cubing/alg";
import {
  getPG3DNamedPuzzles,
  getPuzzleGeometryByDesc,
  parsePuzzleDescription,
} from "cubing/puzzle-geometry";

export * from "./perm-group.mjs";

/** The installed cubing.js version (the oracle reads private PuzzleGeometry fields). */
export const CUBING_VERSION = JSON.parse(
  readFileSync(new URL("../../../../package.json", import.meta.resolve("cubing/alg")), "utf8"),
).version;

/** cubing.js's named puzzles and their description strings ({name: description}, 72 of them). */
export function oracleDescriptions() {
  return { ...getPG3DNamedPuzzles() };
}

// ---------------------------------------------------------------------------------------------
// Small vector helpers (points are [x, y, z]; cubing.js's Quat keeps them in b, c, d).

const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const cross = (u, v) => [
  u[1] * v[2] - u[2] * v[1],
  u[2] * v[0] - u[0] * v[2],
  u[0] * v[1] - u[1] * v[0],
];
const round = (x) => Math.round(x * 1e12) / 1e12 + 0;
const roundVector = (v) => v.map(round);

/** Rotates v by the unit quaternion q = [a, b, c, d] (cubing.js's Quat.rotatepoint). */
function rotate(q, v) {
  const [w, x, y, z] = q;
  // t = 2 (q_vec × v); v' = v + w t + q_vec × t
  const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
  return [
    v[0] + w * t[0] + (y * t[2] - z * t[1]),
    v[1] + w * t[1] + (z * t[0] - x * t[2]),
    v[2] + w * t[2] + (x * t[1] - y * t[0]),
  ];
}

const quaternion = (q) => [q.a, q.b, q.c, q.d];
const conjugate = ([a, b, c, d]) => [a, -b, -c, -d];
function multiply([a1, b1, c1, d1], [a2, b2, c2, d2]) {
  return [
    a1 * a2 - b1 * b2 - c1 * c2 - d1 * d2,
    a1 * b2 + b1 * a2 + c1 * d2 - d1 * c2,
    a1 * c2 - b1 * d2 + c1 * a2 + d1 * b2,
    a1 * d2 + b1 * c2 - c1 * b2 + d1 * a2,
  ];
}
function power(q, k) {
  let base = k < 0 ? conjugate(q) : q;
  let r = [1, 0, 0, 0];
  for (let i = 0; i < Math.abs(k); i++) r = multiply(base, r);
  return r;
}

/** Finds points by position (hash grid; positions are unique up to 1e-7). */
class PointIndex {
  constructor(points) {
    this.points = points;
    this.cell = 1e-5;
    this.grid = new Map();
    points.forEach((p, i) => {
      const key = p.map((x) => Math.floor(x / this.cell)).join();
      if (!this.grid.has(key)) this.grid.set(key, []);
      this.grid.get(key).push(i);
    });
  }
  find(p) {
    const c = p.map((x) => Math.floor(x / this.cell));
    let best = -1;
    let bestDistance = 1e-7;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const i of this.grid.get(`${c[0] + dx},${c[1] + dy},${c[2] + dz}`) ?? []) {
            const q = this.points[i];
            const d = Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
            if (d < bestDistance) ((bestDistance = d), (best = i));
          }
        }
      }
    }
    if (best < 0) throw new Error(`no sticker at ${p.map((x) => x.toFixed(6))}`);
    return best;
  }
}

// ---------------------------------------------------------------------------------------------
// The PuzzleGeometry object and what is derived from it (cached per description and options).

const cache = new Map();

/**
 * cubing.js's PuzzleGeometry for a description, with the options getPuzzleGeometryByDesc takes
 * (it defaults allMoves to true). Reads only; private fields are used, checked against 0.56.0.
 */
function context(description, options = {}) {
  const key = `${description}\u0000${JSON.stringify(options)}`;
  if (cache.has(key)) return cache.get(key);
  const parsed = parsePuzzleDescription(description);
  if (parsed === null) throw new Error(`not a puzzle description: ${description}`);
  const pg = getPuzzleGeometryByDesc(description, options);
  // fortwisty = false: the orbits that options.include*Orbits / excludeOrbits keep, and the
  // solved pattern with equal numbers for identical pieces (single-sticker pieces of one colour).
  const internal = pg.getKPuzzleDefinition(false);
  const orbitNames = internal.orbits.map((o) => o.orbitName);
  const setmoves = pg.cubiesetnames.map((name) => (orbitNames.includes(name) ? 1 : 0));
  const stickers = pg.faces.map((face) => {
    const vertices = [];
    for (let j = 0; j < face.length; j++) vertices.push(face.coords.slice(3 * j, 3 * j + 3));
    const centre = [0, 1, 2].map((a) => vertices.reduce((s, v) => s + v[a], 0) / vertices.length);
    return { vertices, centre };
  });
  const index = new PointIndex(stickers.map((s) => s.centre));
  // The slot of every piece: slotCubie[orbit][slot] = cubie index.
  const slotCubie = {};
  pg.cubies.forEach((cubie, c) => {
    if (cubie.length === 0 || pg.cubiesetnums[c] === undefined) return;
    const name = pg.cubiesetnames[pg.cubiesetnums[c]];
    (slotCubie[name] ??= [])[pg.cubieordnums[c]] = c;
  });
  const ctx = { description, options, parsed, pg, internal, orbitNames, setmoves, stickers };
  Object.assign(ctx, { index, slotCubie });
  cache.set(key, ctx);
  return ctx;
}

/** The external (notation) name of an internal move name, as remapKPuzzleDefinition makes it. */
function externalName(pg, internalName) {
  let prefix = internalName;
  let suffix = "";
  if (["v", "w"].includes(internalName.at(-1))) {
    prefix = internalName.slice(0, -1);
    suffix = internalName.slice(-1);
  }
  const mapped = pg.notationMapper.notationToExternal(Move.fromString(prefix));
  return mapped ? mapped.toString() + suffix : null;
}

/** The layer (0 = the grip side of axis k) of a point, as genperms numbers them. */
function layerOf(pg, k, point) {
  const planes = pg.moveplanesets[k];
  if (planes.length === 0) return 0;
  const normal = [planes[0].b, planes[0].c, planes[0].d];
  const dv = dot(point, normal);
  let t = 0;
  for (const plane of planes) if (dv > plane.a) t++;
  return planes.length - t;
}

const IDENTITY_MAPPER = { notationToInternal: (move) => move, notationToExternal: (move) => move };

/**
 * cubing.js's parse of a move string: [, axis, lo, hi, firstGrip, amount]. Notation names go
 * through the puzzle's notation mapper; internal ones (as getKPuzzleDefinition names them)
 * skip it, since not every internal name has an external one that parses back (the pyraminx's
 * "DRFv" becomes "rv").
 */
function parse(pg, moveString, internal) {
  if (!internal) return pg.parseMove(Move.fromString(moveString));
  const mapper = pg.notationMapper;
  pg.notationMapper = IDENTITY_MAPPER;
  try {
    return pg.parseMove(Move.fromString(moveString));
  } finally {
    pg.notationMapper = mapper;
  }
}

/**
 * A move string in cubing.js's notation for this puzzle (as its parser reads it) as a geometric
 * turn: {axis, layers: [lo, hi] (0-based from the axis's first grip), quaternion (internal
 * frame), amount, grip}.
 */
function parseTurn(ctx, moveString, internal = false) {
  const { pg } = ctx;
  const [, axis, lo, hi, firstGrip, amount] = parse(pg, moveString, internal);
  const slices = pg.moveplanesets[axis].length;
  const layers = firstGrip ? [lo, hi] : [slices - hi, slices - lo];
  const step = quaternion(pg.moverotations[axis][0]);
  const q = power(step, firstGrip ? amount : -amount);
  const geo = pg.movesetgeos[axis];
  const grip = firstGrip ? geo[0] : geo[2];
  return { axis, layers, gripLayers: [lo, hi], quaternion: q, amount, firstGrip, grip };
}

/** Image-form sticker permutation of a turn (stickers in the layers rotated by q). */
function stickerPermutation(ctx, axis, layers, q) {
  const { pg, stickers, index } = ctx;
  return stickers.map((s, i) => {
    if (axis !== null) {
      const layer = layerOf(pg, axis, s.centre);
      if (layer < layers[0] || layer > layers[1]) return i;
    }
    return index.find(rotate(q, s.centre));
  });
}

/**
 * The KPuzzle transformation of a turn, derived from the geometry alone: every point (slot,
 * facet) is marked by a sticker (or, for centres that cubing.js orients, a vertex of the centre's
 * polygon), the marker is rotated, and the slot and facet it lands on read off. Checks that the
 * facets of a piece all shift by the same amount.
 */
function markerTransformation(ctx, stickerImage, turn) {
  const { pg, internal, slotCubie, stickers } = ctx;
  const turned = (sticker) => {
    if (turn.axis === null) return true;
    const layer = layerOf(pg, turn.axis, stickers[sticker].centre);
    return layer >= turn.layers[0] && layer <= turn.layers[1];
  };
  const result = {};
  for (const orbit of internal.orbits) {
    const name = orbit.orbitName;
    const n = orbit.numOrientations;
    const permutation = new Array(orbit.numPieces);
    const orientationDelta = new Array(orbit.numPieces).fill(0);
    for (let s = 0; s < orbit.numPieces; s++) {
      const cubie = slotCubie[name][s];
      const sticker = pg.cubies[cubie][0];
      const image = stickerImage[sticker];
      const imageCubie = pg.facetocubie[image];
      if (pg.cubiesetnames[pg.cubiesetnums[imageCubie]] !== name) return null; // orbits swapped
      const d = pg.cubieordnums[imageCubie];
      permutation[d] = s;
      if (n === 1) continue;
      if (pg.duplicatedCubies[cubie] > 1) {
        // An oriented centre: which vertex of the target polygon vertex 0 lands on.
        const vertex = stickers[sticker].vertices[0];
        const from = turned(sticker) ? rotate(turn.quaternion, vertex) : vertex;
        const target = stickers[image].vertices;
        const step = target.length / n;
        const j = target.findIndex(
          (v) => Math.hypot(v[0] - from[0], v[1] - from[1], v[2] - from[2]) < 1e-7,
        );
        if (j < 0 || j % step !== 0) throw new Error(`${name}: centre orientation not found`);
        // In 1/n turns. (cubing.js's genperms takes the vertex index mod n for a centre that
        // moves and 1 per 1/n turn for one that turns in place: the same for square, triangular
        // and pentagonal centres, not for the radio chop's hexagonal ones; see README.md.)
        orientationDelta[d] = j / step;
      } else {
        const shifts = pg.cubies[cubie].map(
          (st, f) => (pg.facetoord[stickerImage[st]] - f + n) % n,
        );
        if (!shifts.every((x) => x === shifts[0]))
          throw new Error(`${name}: facets do not turn together`);
        orientationDelta[d] = shifts[0];
      }
    }
    result[name] = { permutation, orientationDelta };
  }
  return result;
}

/** cubing.js's own KPuzzle transformation of a turn (getMoveFromBits, like its PGNotation). */
function cubingTransformation(ctx, moveString, internal = false) {
  const { pg, setmoves, orbitNames } = ctx;
  const [, axis, lo, hi, firstGrip, amount] = parse(pg, moveString, internal);
  const slices = pg.moveplanesets[axis].length;
  const bits = firstGrip ? [lo, hi] : [slices - hi, slices - lo];
  const t = pg.getMoveFromBits(
    bits,
    amount,
    !firstGrip,
    pg.cmovesbyslice[axis],
    setmoves,
    pg.movesetorders[axis],
  );
  const result = {};
  orbitNames.forEach((name, i) => {
    result[name] = {
      permutation: Array.from(t.orbits[i].perm),
      orientationDelta: Array.from(t.orbits[i].ori),
    };
  });
  return result;
}

// The internal frame and the view frame. cubing.js builds the solid with face planes at distance
// 1 from the centre; for display (get3d) it rotates by getInitial3DRotation() and negates y. The
// negation makes the internal frame the mirror image of the view frame: in the view frame
// (right-handed, x right, y up, z towards the viewer) the face names sit as on the real puzzle
// (cube: U +y, F +z, R +x), in the internal frame they are mirrored (cube: F +x, L +y, U +z).
function viewMatrix(pg) {
  const rot = quaternion(pg.getInitial3DRotation());
  const columns = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ].map((e) => {
    const v = rotate(rot, e);
    return [v[0], -v[1], v[2]];
  });
  return [0, 1, 2].map((r) => columns.map((c) => round(c[r])));
}
const apply = (m, v) => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]);

/** The signed angle (degrees, right-hand rule) of rotation q about the unit axis n, in the view frame. */
function viewAngle(m, q, n) {
  const u = Math.abs(n[0]) < 0.9 ? cross(n, [1, 0, 0]) : cross(n, [0, 1, 0]);
  const v = rotate(q, u);
  const [mn, mu, mv] = [apply(m, n), apply(m, u), apply(m, v)];
  return round((Math.atan2(dot(mn, cross(mu, mv)), dot(mu, mv)) * 180) / Math.PI);
}

/**
 * Everything cubing.js derives for one description, as plain data. options: PuzzleGeometry
 * options (allMoves defaults to true, as in getPuzzleGeometryByDesc; orientCenters,
 * includeCornerOrbits / includeEdgeOrbits / includeCenterOrbits, excludeOrbits, outerBlockMoves,
 * vertexMoves, fixedPieceType, ...); oracle options: vertices (default true) to include every
 * sticker's polygon.
 *
 * Returns {cubing, description, options, shape, cuts, viewMatrix, faces, axes, orbits,
 * defaultPattern, identicalPieces, moves, moveInfo, stickers, stickerMoves, rotations}:
 * - orbits [{name, pieces, orientations}]; moves {name: {orbit: {permutation, orientationDelta}}}:
 *   cubing.js's KPuzzle transformations (permutation[d] = the slot whose piece comes to d) of its
 *   default move set, under their notation names (cubing.js's notation mapper applied);
 * - moveInfo {name: {internalName, grip, axis, layers, amount, order, angle, wholePuzzle}}: the
 *   turn — axis index into axes, layers [lo, hi] counted from 0 at the grip, angle in degrees
 *   about the grip's outward normal in the view frame (negative: clockwise seen from the grip),
 *   wholePuzzle for rotations (only with addRotations: true, as cubing.js's own puzzles use);
 * - stickers [{face, faceName, centre, viewCentre, vertices, piece: [orbit, slot, facet] | null}]
 *   in cubing.js's order (face-major, stickersPerFace per face); piece is null for stickers of
 *   orbits the options leave out;
 * - stickerMoves {name: perm}: image form, perm[i] = where the sticker at position i goes;
 * - rotations [{quaternion (internal frame), axis, angle, stickerPermutation, transformation}]:
 *   every rotation of the solid (identity first), in the same forms; transformation is null
 *   for those that carry one orbit into another.
 */
export function oraclePuzzle(description, options = {}) {
  const { vertices: withVertices = true, ...pgOptions } = options;
  const ctx = context(description, pgOptions);
  const { pg, internal, stickers, parsed } = ctx;
  const m = viewMatrix(pg);
  const faceNames = pg.facenames.map((f) => f[1]);
  const externalFace = (name) => {
    const mapped = pg.notationMapper.notationToExternal(Move.fromString(name));
    return mapped ? mapped.family : name;
  };
  const faces = pg.faceplanes.map(([plane, name], i) => {
    const normal = [plane.b, plane.c, plane.d];
    const base = pg.basefaces[i];
    const polygon = [];
    for (let j = 0; j < base.length; j++)
      polygon.push(roundVector(base.coords.slice(3 * j, 3 * j + 3)));
    return {
      name,
      notationName: externalFace(name),
      normal: roundVector(normal),
      viewNormal: roundVector(apply(m, normal)),
      polygon,
    };
  });
  const axes = pg.movesetgeos.map((geo, k) => {
    const normal = [pg.moveplanenormals[k].b, pg.moveplanenormals[k].c, pg.moveplanenormals[k].d];
    return {
      grip: geo[0],
      gripType: geo[1],
      oppositeGrip: geo[2],
      oppositeType: geo[3],
      normal: roundVector(normal),
      viewNormal: roundVector(apply(m, normal)),
      planes: pg.moveplanesets[k].map((p) => round(p.a)),
      layerCount: pg.moveplanesets[k].length + 1,
      order: pg.movesetorders[k],
    };
  });
  const orbits = internal.orbits.map((o) => ({
    name: o.orbitName,
    pieces: o.numPieces,
    orientations: o.numOrientations,
  }));
  const defaultPattern = {};
  const identicalPieces = {};
  for (const o of internal.orbits) {
    const data = internal.defaultPattern[o.orbitName];
    defaultPattern[o.orbitName] = {
      pieces: Array.from(data.pieces),
      orientation: Array.from(data.orientation),
    };
    const groups = new Map();
    data.pieces.forEach((v, s) => groups.set(v, [...(groups.get(v) ?? []), s]));
    const identical = [...groups.values()].filter((g) => g.length > 1);
    if (identical.length) identicalPieces[o.orbitName] = identical;
  }
  const moves = {};
  const moveInfo = {};
  const stickerMoves = {};
  for (const internalName of Object.keys(internal.moves)) {
    const name = externalName(pg, internalName);
    if (name === null) continue; // cubing.js's remapKPuzzleDefinition drops these too
    const turn = parseTurn(ctx, internalName, true);
    moves[name] = structuredClone(internal.moves[internalName]);
    const normal = axes[turn.axis].normal.map((x) => (turn.firstGrip ? x : -x));
    moveInfo[name] = {
      internalName,
      grip: turn.grip,
      axis: turn.axis,
      layers: turn.gripLayers,
      amount: turn.amount,
      order: axes[turn.axis].order,
      angle: viewAngle(m, turn.quaternion, normal),
      wholePuzzle:
        turn.gripLayers[0] === 0 && turn.gripLayers[1] === axes[turn.axis].layerCount - 1,
    };
    stickerMoves[name] = stickerPermutation(ctx, turn.axis, turn.layers, turn.quaternion);
  }
  const stickerData = stickers.map((s, i) => {
    const cubie = pg.facetocubie[i];
    const orbit = cubie === undefined ? undefined : pg.cubiesetnames[pg.cubiesetnums[cubie]];
    const included = orbit !== undefined && ctx.orbitNames.includes(orbit);
    const face = Math.floor(i / pg.stickersperface);
    const entry = {
      face,
      faceName: faceNames[face],
      centre: roundVector(s.centre),
      viewCentre: roundVector(apply(m, s.centre)),
      piece: included ? [orbit, pg.cubieordnums[cubie], pg.facetoord[i]] : null,
    };
    if (!included && orbit !== undefined) entry.leftOutOrbit = orbit;
    if (withVertices) entry.vertices = s.vertices.map(roundVector);
    return entry;
  });
  const rotations = pg.rotations
    .map((r) => (r.a < 0 ? [-r.a, -r.b, -r.c, -r.d] : quaternion(r)))
    .sort((a, b) => b[0] - a[0])
    .map((q) => {
      const stickerImage = stickerPermutation(ctx, null, null, q);
      const axis =
        Math.hypot(q[1], q[2], q[3]) > 1e-9
          ? [q[1], q[2], q[3]].map((x) => x / Math.hypot(q[1], q[2], q[3]))
          : null;
      return {
        quaternion: roundVector(q),
        axis: axis && roundVector(axis),
        angle: axis ? viewAngle(m, q, axis) : 0,
        stickerPermutation: stickerImage,
        // null when the rotation takes pieces of one orbit into another (the orbits are those of
        // the move axes' rotations: e.g. a quarter turn of the skewb swaps its two corner orbits).
        transformation: markerTransformation(ctx, stickerImage, { axis: null, quaternion: q }),
      };
    });
  return {
    cubing: CUBING_VERSION,
    description,
    options: { allMoves: true, ...pgOptions },
    shape: parsed.shape,
    cuts: parsed.cuts,
    viewMatrix: m,
    stickersPerFace: pg.stickersperface,
    faces,
    axes,
    orbits,
    defaultPattern,
    identicalPieces,
    moves,
    moveInfo,
    stickers: stickerData,
    stickerMoves,
    rotations,
  };
}

/**
 * Any move string cubing.js's notation accepts for this puzzle ("Rw", "3Rw", "2-3Rw", "r", "M",
 * "x", "R2'", FTO "T", megaminx "R++", ...), as {transformation (cubing.js's, via its own
 * getMoveFromBits), stickerPermutation (geometric, image form), turn: {axis, layers, amount,
 * grip}}. Throws what cubing.js's parser throws for moves it rejects.
 */
export function oracleMove(description, moveString, options = {}) {
  const { vertices, ...pgOptions } = options;
  const ctx = context(description, pgOptions);
  const turn = parseTurn(ctx, moveString);
  return {
    transformation: cubingTransformation(ctx, moveString),
    stickerPermutation: stickerPermutation(ctx, turn.axis, turn.layers, turn.quaternion),
    turn: { axis: turn.axis, layers: turn.gripLayers, amount: turn.amount, grip: turn.grip },
  };
}

/**
 * Checks an oracle puzzle against itself: for every move and rotation, the sticker permutation
 * (geometry) and the KPuzzle transformation (cubing.js's data for moves; markers for rotations)
 * must move the stickers of the included orbits alike, with a piece's facet f on facet
 * (f + orientationDelta) mod n of its new slot; and the geometric markers must give cubing.js's
 * transformation exactly. Returns a list of problems (empty when all agree).
 */
export function checkOracle(description, options = {}) {
  const { vertices, ...pgOptions } = options;
  const ctx = context(description, pgOptions);
  const puzzle = oraclePuzzle(description, { ...options, vertices: false });
  const problems = [];
  const stickerAt = new Map();
  puzzle.stickers.forEach((s, i) => s.piece && stickerAt.set(s.piece.join("/"), i));
  const orientationsOf = Object.fromEntries(puzzle.orbits.map((o) => [o.name, o.orientations]));
  const compare = (label, transformation, perm) => {
    puzzle.stickers.forEach((s, i) => {
      if (!s.piece) return;
      const [orbit, slot, facet] = s.piece;
      const data = transformation[orbit];
      const d = data.permutation.indexOf(slot);
      const n = orientationsOf[orbit];
      // Oriented centres have one sticker (facet 0) whatever their orientation.
      const f = stickerAt.has(`${orbit}/${d}/1`) ? (facet + data.orientationDelta[d]) % n : 0;
      const expected = stickerAt.get(`${orbit}/${d}/${f}`);
      if (perm[i] !== expected)
        problems.push(`${label}: sticker ${i} goes to ${perm[i]}, KPuzzle says ${expected}`);
    });
  };
  for (const [name, transformation] of Object.entries(puzzle.moves)) {
    compare(name, transformation, puzzle.stickerMoves[name]);
    const { internalName } = puzzle.moveInfo[name];
    const turn = parseTurn(ctx, internalName, true);
    const markers = markerTransformation(ctx, puzzle.stickerMoves[name], turn);
    if (JSON.stringify(markers) !== JSON.stringify(normalise(transformation))) {
      problems.push(`${name}: marker transformation differs from cubing.js's`);
    }
    const own = cubingTransformation(ctx, internalName, true);
    if (JSON.stringify(normalise(own)) !== JSON.stringify(normalise(transformation))) {
      problems.push(`${name}: getMoveFromBits differs from the KPuzzle definition`);
    }
  }
  puzzle.rotations.forEach((r, i) => {
    if (r.transformation) compare(`rotation ${i}`, r.transformation, r.stickerPermutation);
  });
  return problems;
}

function normalise(transformation) {
  const out = {};
  for (const [orbit, data] of Object.entries(transformation)) {
    out[orbit] = {
      permutation: Array.from(data.permutation),
      orientationDelta: Array.from(data.orientationDelta),
    };
  }
  return out;
}

// Command line: node tests/geometry/cubing-oracle.mjs <description or name> ['<options JSON>']
// prints oraclePuzzle's answer as JSON (e.g. for the C++ side's tests to read).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [what, optionsText = "{}"] = process.argv.slice(2);
  if (!what) {
    console.error("usage: cubing-oracle.mjs <description | puzzle name> ['<options JSON>']");
    console.error(`names: ${Object.keys(oracleDescriptions()).join(", ")}`);
    process.exit(2);
  }
  const description = oracleDescriptions()[what] ?? what;
  process.stdout.write(`${JSON.stringify(oraclePuzzle(description, JSON.parse(optionsText)))}\n`);
}
