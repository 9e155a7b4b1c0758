// The puzzles a player can draw. Every puzzle whose geometry the engine has (puzzleInfo
// `geometry: true`: derived from a description, or declared by hand and drawn from one) gets its
// entry from the engine's puzzleGeometry answer (geometryEntry, ./geometry-entry.js); a
// numbered puzzle's example numbering is the one thing kept here, by id. A puzzle without
// geometry is still playable through the moves box; the player says that it has no 3D view.
import NUMBERED_PYRAMINX_EXAMPLE from "../../../assets/numbered_pyraminx/example.txt?raw";
import { geometryEntry as entryFromGeometry } from "./geometry-entry.js";

/**
 * @typedef {object} PuzzleEntry
 * @property {string} id  the engine's puzzle id
 * @property {(info: object) => object} createModel  the 3D model from the engine's puzzleInfo
 *   (see ./puzzle-model.js for the interface)
 * @property {{keys: string, move: string}[]} keys  keyboard bindings (./geometry-entry.js)
 * @property {string} example  a sequence for the notation box's placeholder
 * @property {string} keyHint  what the keys do, for the help popover
 * @property {import("../edit/net.js").NetLayout} [net]  the stickers unfolded, in the engine's
 *   numbering: the colour editor paints on it, the numbering panel writes digits on it
 * @property {{example: string}} [numbering]  a numbered puzzle's
 *   (docs/puzzles/numbered_pyraminx.md): the numbering a player uses unless given one
 */

/** Numbered puzzles' example numberings (the repository's file, comments and face labels kept). */
const NUMBERINGS = { numbered_pyraminx: { example: NUMBERED_PYRAMINX_EXAMPLE } };

/**
 * The entry of puzzle `id` from the engine's puzzleGeometry answer.
 * @returns {PuzzleEntry}
 */
export const geometryEntry = (id, answer) =>
  entryFromGeometry(id, answer, { numbering: NUMBERINGS[id] });
