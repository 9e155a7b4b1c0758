// The Master Pyraminx as numbers (docs/puzzles/master_pyraminx.md): the Pyraminx's tetrahedron
// (../pyraminx/layout.js: corners, faces, corner weights) cut into four layers per corner, the 64
// stickers as small triangles, the cell each belongs to, and every turn's axis, angle and cells.
// Pure math (three.js vectors only), shared by the 3D model and the Node tests.
//
// A point's cell is its four corner weights times 4, each rounded down ("3000" is the tip at U,
// "2100" the wing on the U-L edge next to U): the engine's own rule (master_pyraminx.cpp), so the
// cells are its pieces. Four cells touch no face ("1000" …): the hidden inside, which turns with
// three-layer turns only.
import {
  CORNERS,
  CORNER_NAMES,
  FACES,
  cornerWeight,
  faceCorners,
  tetrahedronStickers,
  weightPlane,
} from "../pyraminx/layout.js";

export { CORNERS, CORNER_NAMES, FACES, cornerWeight, faceCorners, weightPlane };

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

/** The 64 stickers (../pyraminx/layout.js: tetrahedronStickers), each with its cell as `piece`. */
export const STICKERS = tetrahedronStickers(LAYERS, cellAt);

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
 * through the corner) and its inverse: {move: {axis, angle, pieces: cells}}.
 */
export const TURNS = Object.fromEntries(
  CORNER_NAMES.flatMap((corner, k) => {
    const axis = CORNERS[corner];
    const clockwise = (-2 * Math.PI) / 3;
    return Object.entries(movesAt(corner)).flatMap(([kind, move]) => {
      const pieces = CELLS.filter((cell) => Number(cell[k]) >= DEPTH[kind]);
      return [
        [move, { axis, angle: clockwise, pieces }],
        [`${move}'`, { axis, angle: -clockwise, pieces }],
      ];
    });
  }),
);

/**
 * The moves a drag on sticker `index` chooses from: about each corner of its face whose layers
 * hold it, the smallest turn that moves it (the tip, two layers or three layers).
 */
export function dragMoves(index) {
  const sticker = STICKERS[index];
  return faceCorners(sticker.face).flatMap((corner) => {
    const depth = Number(sticker.piece[CORNER_NAMES.indexOf(corner)]);
    if (depth === 0) return [];
    const moves = movesAt(corner);
    const move = depth === 3 ? moves.tip : depth === 2 ? moves.two : moves.three;
    return [move, `${move}'`];
  });
}
