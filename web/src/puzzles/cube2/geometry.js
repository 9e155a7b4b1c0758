// The 2x2x2 pocket cube as 8 cubies with sticker meshes (docs/puzzles/cube2.md), with animated
// U, R and F turns (quarter and half) through the common cuboid model (../shared/cuboid.js).
//
// Axes: +x = R, +y = U, +z = F. Each sticker mesh carries its facelet index (the engine's sticker
// numbering) in `userData.facelet`; setFacelets() colours the stickers from the engine's facelet
// string, using the face colours of the engine's puzzleInfo answer.
import { createCuboid, cuboidStickers } from "../shared/cuboid.js";

const SIZE = [2, 2, 2];
/** The faces in the engine's sticker order. */
const FACE_ORDER = ["U", "R", "F", "D", "L", "B"];

/** Where sticker `index` sits: its cubie's centre (coordinates ±0.5) and its outward normal. */
export const stickerPlacement = (index) => cuboidStickers(SIZE, FACE_ORDER)[index];

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo("cube2") answer
 */
export function createCube2(info) {
  return createCuboid({
    id: "cube2",
    info,
    size: SIZE,
    faceOrder: FACE_ORDER,
    // Only U, R and F turn: the DBL corner never moves.
    turns: { U: ["", "2", "'"], R: ["", "2", "'"], F: ["", "2", "'"] },
    // A drag on a sticker turns one of the layers its cubie is in, a quarter turn either way.
    dragMoves: ({ layers }) => layers.flatMap((face) => [face, `${face}'`]),
    camera: { direction: [3.9, 3.2, 5.1], distance: 7.3 },
  });
}
