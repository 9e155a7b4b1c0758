// The pocket cube unfolded, for the state editor (edit/net.js): the usual cross, U above F, then
// L F R B in a row, D below F. The doc's numbering reads each face row by row as it lies in this
// net (docs/puzzles/cube2.md). Units: one sticker's side; x right, y down.

/** Faces in sticker order (U R F D L B) with the net cell of each face's top-left sticker. */
const FACE_ORIGINS = [
  ["U", 2, 0],
  ["R", 4, 2],
  ["F", 2, 2],
  ["D", 2, 4],
  ["L", 0, 2],
  ["B", 6, 2],
];

const square = (x, y, size) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
];

/** @type {import("../../edit/net.js").NetLayout} */
export const CUBE2_NET = {
  width: 8,
  height: 6,
  faces: FACE_ORIGINS.map(([name, x, y]) => ({ name, outline: square(x, y, 2) })),
  stickers: FACE_ORIGINS.flatMap(([name, x, y], face) =>
    [0, 1, 2, 3].map((position) => ({
      index: face * 4 + position,
      label: `${name}${position}`,
      points: square(x + (position % 2), y + Math.floor(position / 2), 1),
    })),
  ),
};
