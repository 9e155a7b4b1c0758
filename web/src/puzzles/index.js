// The puzzles a player can draw, by engine puzzle id: the 3D model factory, the keyboard
// bindings and, for numbered puzzles, their example numbering and net. A puzzle without an entry
// is still playable through the notation box; the player says that it has no 3D view yet.
import { createCube2 } from "./cube2/geometry.js";
import { CUBE2_KEYS } from "./cube2/keys.js";
import { createDomino } from "./domino/geometry.js";
import { DOMINO_KEYS } from "./domino/keys.js";
import PYRAMINX_NUMBERING from "../../../assets/numbered_pyraminx/example.txt?raw";
import { createNumberedPyraminx } from "./numbered_pyraminx/geometry.js";
import { createPyraminx } from "./pyraminx/geometry.js";
import { PYRAMINX_KEYS } from "./pyraminx/keys.js";
import { PYRAMINX_NET } from "./pyraminx/net.js";

/**
 * @typedef {object} PuzzleEntry
 * @property {(info: object) => object} createModel  see shared/puzzle-model.js for the interface
 * @property {{keys: string, move: string}[]} keys  keyboard bindings (shared/key-bindings.js)
 * @property {string} example  a sequence for the notation box's placeholder
 * @property {string} keyHint  what the keys do, for the help popover
 * @property {{example: string, net: import("../edit/net.js").NetLayout}} [numbering]  a numbered
 *   puzzle's (docs/puzzles/numbered_pyraminx.md): the example numbering a player uses unless
 *   given one (the repository's own file, comments and face labels included), and the sticker
 *   net on which the app page's numbering panel edits a numbering
 */

/** @type {Record<string, PuzzleEntry>} */
export const PUZZLES = {
  cube2: {
    createModel: createCube2,
    keys: CUBE2_KEYS,
    example: "R U R' U'",
    keyHint: "A letter turns that face a quarter turn clockwise; with Shift, a half turn.",
  },
  domino: {
    createModel: createDomino,
    keys: DOMINO_KEYS,
    example: "U R2 D' F2",
    keyHint:
      "U and D turn that layer a quarter turn clockwise (with Shift, a half turn); R, L, F and B turn their side half a turn.",
  },
  numbered_pyraminx: {
    createModel: createNumberedPyraminx,
    keys: PYRAMINX_KEYS,
    example: "R U' L' b",
    keyHint: "A letter turns that corner's tip; with Shift, the corner's two layers.",
    numbering: { example: PYRAMINX_NUMBERING, net: PYRAMINX_NET },
  },
  pyraminx: {
    createModel: createPyraminx,
    keys: PYRAMINX_KEYS,
    example: "R U' L' b",
    keyHint: "A letter turns that corner's tip; with Shift, the corner's two layers.",
  },
};
