// The puzzles a player can draw, by engine puzzle id: each puzzle's folder has an index.js with
// its entry, and a new puzzle adds its folder and one line here. A puzzle the engine derives from
// a description (puzzleInfo `geometry: true`) and no folder draws gets an entry made from the
// engine's puzzleGeometry answer (geometryEntry, ./shared/geometry-entry.js). Any other puzzle
// without an entry is still playable through the moves box; the player says that it has no 3D
// view yet.
import cube2 from "./cube2/index.js";
import cube3 from "./cube3/index.js";
import domino from "./domino/index.js";
import kilominx from "./kilominx/index.js";
import masterPyraminx from "./master_pyraminx/index.js";
import numberedPyraminx from "./numbered_pyraminx/index.js";
import pyraminx from "./pyraminx/index.js";

export { geometryEntry } from "./shared/geometry-entry.js";

/**
 * @typedef {object} PuzzleEntry
 * @property {string} id  the engine's puzzle id
 * @property {(info: object) => object} createModel  the 3D model from the engine's puzzleInfo
 *   (see shared/puzzle-model.js for the interface)
 * @property {{keys: string, move: string}[]} keys  keyboard bindings (shared/key-bindings.js)
 * @property {string} example  a sequence for the notation box's placeholder
 * @property {string} keyHint  what the keys do, for the help popover
 * @property {import("../edit/net.js").NetLayout} [net]  the stickers unfolded, in the engine's
 *   numbering: the colour editor paints on it, the numbering panel writes digits on it
 * @property {{example: string}} [numbering]  a numbered puzzle's
 *   (docs/puzzles/numbered_pyraminx.md): the numbering a player uses unless given one
 */

/** @type {Record<string, PuzzleEntry>} */
export const PUZZLES = Object.fromEntries(
  [cube2, cube3, domino, kilominx, masterPyraminx, numberedPyraminx, pyraminx].map((entry) => [
    entry.id,
    entry,
  ]),
);
