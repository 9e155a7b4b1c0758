// The Master Pyraminx as numbers (docs/puzzles/master_pyraminx.md): the Pyraminx's tetrahedron
// (../pyraminx/layout.js: corners, faces, corner weights) cut into four layers per corner, the 64
// stickers as small triangles, the cell each belongs to, and every turn's axis, angle and cells.
// Pure math (three.js vectors only), shared by the 3D model and the Node tests.
//
// A point's cell is its four corner weights times 4, each rounded down ("3000" is the tip at U,
// "2100" the wing on the U-L edge next to U): the engine's own rule (master_pyraminx.cpp), so the
// cells are its pieces. Four cells touch no face ("1000" …): the hidden inside, which turns with
// three-layer turns only.
import { Vector3 } from "three";

import { CORNERS, CORNER_NAMES, FACES, cornerWeight, weightPlane } from "../pyraminx/layout.js";

export { CORNERS, CORNER_NAMES, FACES, cornerWeight, weightPlane };

export const LAYERS = 4;
export const FACELET_COUNT = 64;

/** A point's cell: the corner weights times LAYERS, rounded down, in CORNER_NAMES order ("2100"). */
export function cellAt(p) {
  return CORNER_NAMES.map((name) =>
    Math.min(LAYERS - 1, Math.max(0, Math.floor(cornerWeight(p, name) * LAYERS + 1e-9))),
  ).join("");
}

/** Every cell: the four-digit strings (digits 0–3) summing to 1, 2 or 3. */
export const CELLS = (() => {
  const cells = [];
  for (let n = 0; n < LAYERS ** 4; n++) {
    const digits = [0, 1, 2, 3].map((k) => Math.floor(n / LAYERS ** (3 - k)) % LAYERS);
    const sum = digits.reduce((a, b) => a + b, 0);
    if (sum >= 1 && sum <= LAYERS - 1) cells.push(digits.join(""));
  }
  return cells;
})();

/** The cell as half-spaces {corner, min?, max?} on its corner weights (the tetrahedron implied). */
export function cellBounds(cell) {
  return CORNER_NAMES.map((corner, k) => {
    const depth = Number(cell[k]);
    return {
      corner,
      ...(depth > 0 && { min: depth / LAYERS }),
      ...(depth < LAYERS - 1 && { max: (depth + 1) / LAYERS }),
    };
  });
}

/** The point of a face at grid position (row i from the apex, column j), 0 ≤ j ≤ i ≤ LAYERS. */
function gridPoint(face, i, j) {
  const apex = CORNERS[face.apex];
  const left = CORNERS[face.bottomLeft];
  const right = CORNERS[face.bottomRight];
  return apex
    .clone()
    .addScaledVector(left.clone().sub(apex), (i - j) / LAYERS)
    .addScaledVector(right.clone().sub(apex), j / LAYERS);
}

/**
 * A face's small triangles in sticker order (rows of 1, 3, 5 and 7 from the apex, left to right;
 * upright and inverted alternate), each counter-clockwise seen from outside.
 */
function faceTriangles(face) {
  const triangles = [];
  for (let row = 0; row < LAYERS; row++) {
    for (let k = 0; k < 2 * row + 1; k++) {
      const j = Math.floor(k / 2);
      triangles.push(
        k % 2 === 0
          ? [gridPoint(face, row, j), gridPoint(face, row + 1, j), gridPoint(face, row + 1, j + 1)]
          : [gridPoint(face, row, j), gridPoint(face, row + 1, j + 1), gridPoint(face, row, j + 1)],
      );
    }
  }
  return triangles;
}

/** The 64 stickers: {index, face, position (0–15), corners (3 Vector3, CCW), centroid, normal, cell}. */
export const STICKERS = FACES.flatMap((face, f) =>
  faceTriangles(face).map((corners, position) => {
    const centroid = corners.reduce((sum, p) => sum.add(p), new Vector3()).divideScalar(3);
    const normal = new Vector3()
      .crossVectors(corners[1].clone().sub(corners[0]), corners[2].clone().sub(corners[0]))
      .normalize();
    return {
      index: f * 16 + position,
      face: face.name,
      position,
      corners,
      centroid,
      normal,
      cell: cellAt(centroid),
    };
  }),
);

/** How deep each kind of turn reaches at its corner: the cells whose digit there is this deep. */
const DEPTH = { tip: 3, two: 2, three: 1 };

/** The move names of corner `corner`'s turns, clockwise: tip `u`, two layers `U`, three `Uw`. */
export const movesAt = (corner) => ({
  tip: corner.toLowerCase(),
  two: corner,
  three: `${corner}w`,
});

/**
 * Every turn, clockwise seen from outside its corner (−120° about the axis from the centre
 * through the corner) and its inverse: {move: {axis, angle, cells}}.
 */
export const TURNS = Object.fromEntries(
  CORNER_NAMES.flatMap((corner, k) => {
    const axis = CORNERS[corner];
    const clockwise = (-2 * Math.PI) / 3;
    return Object.entries(movesAt(corner)).flatMap(([kind, move]) => {
      const cells = CELLS.filter((cell) => Number(cell[k]) >= DEPTH[kind]);
      return [
        [move, { axis, angle: clockwise, cells }],
        [`${move}'`, { axis, angle: -clockwise, cells }],
      ];
    });
  }),
);

/** The corners a face touches. */
export const faceCorners = (faceName) => {
  const face = FACES.find((f) => f.name === faceName);
  return [face.apex, face.bottomLeft, face.bottomRight];
};

/**
 * The moves a drag on sticker `index` chooses from: about each corner of its face whose layers
 * hold it, the smallest turn that moves it (the tip, two layers or three layers).
 */
export function dragMoves(index) {
  const sticker = STICKERS[index];
  return faceCorners(sticker.face).flatMap((corner) => {
    const depth = Number(sticker.cell[CORNER_NAMES.indexOf(corner)]);
    if (depth === 0) return [];
    const moves = movesAt(corner);
    const move = depth === 3 ? moves.tip : depth === 2 ? moves.two : moves.three;
    return [move, `${move}'`];
  });
}
