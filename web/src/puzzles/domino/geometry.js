// The domino cube 2x3x3 (docs/puzzles/domino.md) as a 3x2x3 block of cubies: 8 corners, 8 edges
// and the U and D centres, two layers of nine. U and D turn a quarter or half; the 2x3 side faces
// only a half turn. Built by the common cuboid model (../shared/cuboid.js).
//
// Axes: +x = R, +y = U, +z = F. Each sticker mesh carries its facelet index (the engine's sticker
// numbering) in `userData.facelet`.
import { createCuboid, cuboidStickers } from "../shared/cuboid.js";

const SIZE = [3, 2, 3];
/** The faces in the engine's sticker order. */
const FACE_ORDER = ["U", "D", "F", "R", "B", "L"];
const QUARTER_TURNING = new Set(["U", "D"]);

/** Where sticker `index` sits: its cubie's centre and its outward normal. */
export const stickerPlacement = (index) => cuboidStickers(SIZE, FACE_ORDER)[index];

/**
 * A drag turns one of the layers the sticker's cubie is in, but not the sticker's own face: that
 * turn would spin the sticker in place, and on the middle column it moves the sticker the same
 * way as the layer across it (U7 goes sideways under both U and F2). The U and D centres, in no
 * other layer, turn their own face. U and D turn a quarter either way, the side layers a half
 * turn (dragged either way: ui/drag-to-turn.js).
 */
function dragMoves({ face, layers }) {
  const others = layers.filter((layer) => layer !== face);
  return (others.length > 0 ? others : layers).flatMap((layer) =>
    QUARTER_TURNING.has(layer) ? [layer, `${layer}'`] : [`${layer}2`],
  );
}

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo("domino")
 */
export function createDomino(info) {
  return createCuboid({
    id: "domino",
    info,
    size: SIZE,
    faceOrder: FACE_ORDER,
    turns: {
      U: ["", "2", "'"],
      D: ["", "2", "'"],
      R: ["2"],
      L: ["2"],
      F: ["2"],
      B: ["2"],
    },
    dragMoves,
    camera: { direction: [3.9, 3.6, 5.1], distance: 9.6 },
  });
}
