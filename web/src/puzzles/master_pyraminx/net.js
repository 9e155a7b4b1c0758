// The Master Pyraminx unfolded, for the state editor (edit/net.js): as the Pyraminx's net
// (../pyraminx/net.js), face F upright in the middle with L, R and D folded out across its left,
// right and bottom sides, one big triangle pointing down, seen from outside; each sticker carried
// from the tetrahedron to the net by its barycentric weights. Units: one small triangle's side.
import { LAYERS, STICKERS, cornerWeight, faceCorners } from "./layout.js";

const HEIGHT = (LAYERS * Math.sqrt(3)) / 2; // of a face
const TOP = { U: [LAYERS, 0], L: [LAYERS / 2, HEIGHT], R: [(3 * LAYERS) / 2, HEIGHT] };

/** Where each face's corners lie in the net: B, the corner away from F, once per outer face. */
const NET_CORNERS = {
  F: TOP,
  L: { U: TOP.U, L: TOP.L, B: [0, 0] },
  R: { U: TOP.U, R: TOP.R, B: [2 * LAYERS, 0] },
  D: { L: TOP.L, R: TOP.R, B: [LAYERS, 2 * HEIGHT] },
};

/** A point of the tetrahedron's face `face` in the net. */
function netPoint(face, point) {
  let x = 0;
  let y = 0;
  for (const corner of faceCorners(face)) {
    const weight = cornerWeight(point, corner);
    x += weight * NET_CORNERS[face][corner][0];
    y += weight * NET_CORNERS[face][corner][1];
  }
  return [x, y];
}

/** @type {import("../../edit/net.js").NetLayout} */
export const MASTER_PYRAMINX_NET = {
  width: 2 * LAYERS,
  height: 2 * HEIGHT,
  faces: ["F", "L", "R", "D"].map((name) => ({
    name,
    outline: faceCorners(name).map((corner) => NET_CORNERS[name][corner]),
  })),
  stickers: STICKERS.map((sticker) => ({
    index: sticker.index,
    label: `${sticker.face}${sticker.position}`,
    points: sticker.corners.map((point) => netPoint(sticker.face, point)),
  })),
};
