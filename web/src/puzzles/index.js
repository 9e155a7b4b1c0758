// The puzzles the page can draw, by engine puzzle id: the 3D model factory, the keyboard bindings
// and how to read a distance "without" some pieces off an optimal solution. A puzzle without an
// entry is still playable through the notation box; the page says that it has no 3D view yet.
import { createCube2 } from "./cube2/geometry.js";
import { CUBE2_KEYS } from "./cube2/keys.js";
import { createPyraminx } from "./pyraminx/geometry.js";
import { PYRAMINX_KEYS } from "./pyraminx/keys.js";

/**
 * @typedef {object} PuzzleEntry
 * @property {(info: object) => object} createModel  see shared/puzzle-model.js for the interface
 * @property {{keys: string, move: string}[]} keys  keyboard bindings (shared/key-bindings.js)
 * @property {string} example  a sequence for the notation box's placeholder
 * @property {string} keyHint  what the keys do, for the help popover
 * @property {Record<string, (moves: string[]) => number>} [movesFor]  for a distance table's
 *   `without.pieces`: how many moves of an optimal solution turn only those pieces
 */

/** @type {Record<string, PuzzleEntry>} */
export const PUZZLES = {
  cube2: {
    createModel: createCube2,
    keys: CUBE2_KEYS,
    example: "R U R' U'",
    keyHint: "A letter turns that face a quarter turn clockwise; with Shift, a half turn.",
  },
  pyraminx: {
    createModel: createPyraminx,
    keys: PYRAMINX_KEYS,
    example: "R U' L' b",
    keyHint: "A letter turns that corner's tip; with Shift, the corner's two layers.",
    // Tip turns are the lower-case moves; each tip needs at most one, independently of the rest.
    movesFor: { tips: (moves) => moves.filter((move) => /^[ulrb]/.test(move)).length },
  },
};
