// The pocket cube unfolded, for the state editor (edit/net.js): the usual cross, U above F, then
// L F R B in a row, D below F. The doc's numbering reads each face row by row as it lies in this
// net (docs/puzzles/cube2.md).
import { gridNet } from "../shared/grid-net.js";

/** Faces in sticker order (U R F D L B) with the net cell of each face's top-left sticker. */
export const CUBE2_NET = gridNet(
  { width: 8, height: 6 },
  [
    ["U", 2, 0],
    ["R", 4, 2],
    ["F", 2, 2],
    ["D", 2, 4],
    ["L", 0, 2],
    ["B", 6, 2],
  ].map(([name, x, y]) => ({ name, x, y, columns: 2, rows: 2 })),
);
