// The Rubik's Cube unfolded, for the state editor (edit/net.js): the usual cross, U above F, then
// L F R B in a row, D below F. Each face reads row by row as it lies in this net, which is the
// engine's numbering (Kociemba's facelet order, engine/puzzles/cube3/cube3.cpp): U's bottom row (U6 U7 U8)
// meets F's top row, D's top row (D0 D1 D2) meets F's bottom row.
import { gridNet } from "../shared/grid-net.js";

/** Faces in sticker order (U R F D L B) with the net cell of each face's top-left sticker. */
export const CUBE3_NET = gridNet(
  { width: 12, height: 9 },
  [
    ["U", 3, 0],
    ["R", 6, 3],
    ["F", 3, 3],
    ["D", 3, 6],
    ["L", 0, 3],
    ["B", 9, 3],
  ].map(([name, x, y]) => ({ name, x, y, columns: 3, rows: 3 })),
);
