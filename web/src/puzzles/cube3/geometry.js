// The Rubik's Cube 3x3x3 (engine/puzzles/cube3/cube3.cpp) as 26 cubies with sticker meshes: 8 corners,
// 12 edges and 6 centres around a hidden core, with animated quarter and half turns of all six
// faces through the common cuboid model (../shared/cuboid.js).
//
// Axes: +x = R, +y = U, +z = F. Each sticker mesh carries its facelet index (the engine's sticker
// numbering, Kociemba's facelet order) in `userData.facelet`; setFacelets() colours the stickers
// from the engine's facelet string, using the face colours of the engine's puzzleInfo answer.
import { createCuboid, cuboidStickers } from "../shared/cuboid.js";

const SIZE = [3, 3, 3];
/** The faces in the engine's sticker order. */
export const FACE_ORDER = ["U", "R", "F", "D", "L", "B"];
const FACE_TURNS = ["", "2", "'"];

/** Where sticker `index` sits: its cubie's centre (coordinates −1, 0, 1) and its outward normal. */
export const stickerPlacement = (index) => cuboidStickers(SIZE, FACE_ORDER)[index];

/**
 * A drag turns one of the layers the sticker's cubie is in, a quarter turn either way, but not
 * the sticker's own face: that turn would spin the sticker in place (a centre) or move it the
 * same way as a layer across it. A centre sticker, in no other outer layer, turns its own face.
 */
function dragMoves({ face, layers }) {
  const others = layers.filter((layer) => layer !== face);
  return (others.length > 0 ? others : layers).flatMap((layer) => [layer, `${layer}'`]);
}

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo("cube3") answer
 */
export function createCube3(info) {
  return createCuboid({
    id: "cube3",
    info,
    size: SIZE,
    faceOrder: FACE_ORDER,
    turns: Object.fromEntries(FACE_ORDER.map((face) => [face, FACE_TURNS])),
    dragMoves,
    // U, F and R in view, F a little more than R, as one holds the cube to look at it.
    camera: { direction: [3.9, 3.6, 5.1], distance: 9.7 },
  });
}
