// The Pyraminx unfolded, for the state editor (edit/net.js): face F upright in the middle, with L,
// R and D folded out across its left, right and bottom sides, which makes one big triangle
// pointing down. The sticker triangles are layout.js's (the doc's numbering), carried face by face
// from the tetrahedron's corners to the net's by their barycentric weights; like the faces
// themselves, the net is seen from outside. Units: one small triangle's side; x right, y down.
import { STICKERS, cornerWeight, faceCorners } from "./layout.js";

/**
 * The net of a tetrahedral puzzle whose faces have `layers` rows (../master_pyraminx/net.js uses
 * it too), for its `stickers` (./layout.js: tetrahedronStickers).
 * @returns {import("../../edit/net.js").NetLayout}
 */
export function tetrahedronNet(stickers, layers) {
  const height = (layers * Math.sqrt(3)) / 2; // of a face
  const top = { U: [layers, 0], L: [layers / 2, height], R: [(3 * layers) / 2, height] }; // F's
  // Where each face's corners lie in the net: B, the corner away from F, once per outer face.
  const netCorners = {
    F: top,
    L: { U: top.U, L: top.L, B: [0, 0] },
    R: { U: top.U, R: top.R, B: [2 * layers, 0] },
    D: { L: top.L, R: top.R, B: [layers, 2 * height] },
  };
  // A point of the tetrahedron's face `face` in the net, by its barycentric weights.
  const netPoint = (face, point) => {
    let x = 0;
    let y = 0;
    for (const corner of faceCorners(face)) {
      const weight = cornerWeight(point, corner);
      x += weight * netCorners[face][corner][0];
      y += weight * netCorners[face][corner][1];
    }
    return [x, y];
  };
  return {
    width: 2 * layers,
    height: 2 * height,
    faces: ["F", "L", "R", "D"].map((name) => ({
      name,
      outline: faceCorners(name).map((corner) => netCorners[name][corner]),
    })),
    stickers: stickers.map((sticker) => ({
      index: sticker.index,
      label: `${sticker.face}${sticker.position}`,
      points: sticker.corners.map((point) => netPoint(sticker.face, point)),
    })),
  };
}

export const PYRAMINX_NET = tetrahedronNet(STICKERS, 3);
