// The domino unfolded, for the state editor (edit/net.js): U on top, the four 3x2 sides F R B L
// in a row under it, D below F. Each face reads row by row as it lies in this net, which is the
// doc's numbering (docs/puzzles/domino.md): U's bottom row (U6 U7 U8) meets F's top row, D's top
// row (D0 D1 D2) meets F's bottom row.
import { gridNet } from "../shared/grid-net.js";

/** Faces in sticker order (U D F R B L) with the net cell of each face's top-left sticker. */
export const DOMINO_NET = gridNet({ width: 12, height: 8 }, [
  { name: "U", x: 0, y: 0, columns: 3, rows: 3 },
  { name: "D", x: 0, y: 5, columns: 3, rows: 3 },
  { name: "F", x: 0, y: 3, columns: 3, rows: 2 },
  { name: "R", x: 3, y: 3, columns: 3, rows: 2 },
  { name: "B", x: 6, y: 3, columns: 3, rows: 2 },
  { name: "L", x: 9, y: 3, columns: 3, rows: 2 },
]);
