// The Master Pyraminx in three.js (docs/puzzles/master_pyraminx.md): the Pyraminx's tetrahedron
// cut into the 34 cells of ./layout.js (../pyraminx/geometry.js: createTetrahedralPuzzle), each a
// solid black piece with black fillers under its grooves, and a rounded, inset sticker on each of
// the 64 small triangles. Colours come from the engine's facelets and puzzleInfo's face colours.
import { createTetrahedralPuzzle } from "../pyraminx/geometry.js";
import { CELLS, STICKERS, TURNS, cellBounds, dragMoves } from "./layout.js";

export { dragMoves };

const SHAPE = {
  pieces: CELLS,
  boundsOf: cellBounds,
  stickers: STICKERS,
  turns: TURNS,
  dragMoves,
  // Relative to the circumradius (1); a small triangle's edge is about 0.41.
  sizes: { gap: 0.009, grooveDepth: 0.016, sticker: { border: 0.025, radius: 0.016, lift: 0.003 } },
};

/** @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo */
export function createMasterPyraminx(info) {
  return createTetrahedralPuzzle("master_pyraminx", info, SHAPE);
}
