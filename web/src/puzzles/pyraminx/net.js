// The Pyraminx unfolded, for the state editor (edit/net.js): face F upright in the middle, with L,
// R and D folded out across its left, right and bottom sides, which makes one big triangle
// pointing down. The sticker triangles are layout.js's (the doc's numbering), carried face by face
// from the tetrahedron's corners to the net's by their barycentric weights; like the faces
// themselves, the net is seen from outside. Units: one small triangle's side; x right, y down.
import { STICKERS, cornerWeight, faceCorners } from "./layout.js";

const HEIGHT = (3 * Math.sqrt(3)) / 2; // of a face
const TOP = { U: [3, 0], L: [1.5, HEIGHT], R: [4.5, HEIGHT] }; // face F's corners

/** Where each face's corners lie in the net: B, the corner away from F, once per outer face. */
const NET_CORNERS = {
  F: TOP,
  L: { U: TOP.U, L: TOP.L, B: [0, 0] },
  R: { U: TOP.U, R: TOP.R, B: [6, 0] },
  D: { L: TOP.L, R: TOP.R, B: [3, 2 * HEIGHT] },
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
export const PYRAMINX_NET = {
  width: 6,
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
