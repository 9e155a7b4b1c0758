// The net of a cuboid puzzle for the state editor (edit/net.js): rectangular faces of unit
// square stickers, each face read row by row as it lies in the net (the engine's numbering).
// Units: one sticker's side; x right, y down.

const rectangle = (x, y, width, height) => [
  [x, y],
  [x + width, y],
  [x + width, y + height],
  [x, y + height],
];

/**
 * @param {{width: number, height: number}} size  of the whole net
 * @param {{name: string, x: number, y: number, columns: number, rows: number}[]} faces  in the
 *   engine's sticker order, each with the net cell of its top-left sticker
 * @returns {import("../../edit/net.js").NetLayout}
 */
export function gridNet({ width, height }, faces) {
  let index = 0;
  return {
    width,
    height,
    faces: faces.map(({ name, x, y, columns, rows }) => ({
      name,
      outline: rectangle(x, y, columns, rows),
    })),
    stickers: faces.flatMap(({ name, x, y, columns, rows }) =>
      Array.from({ length: rows * columns }, (_, position) => ({
        index: index++,
        label: `${name}${position}`,
        points: rectangle(x + (position % columns), y + Math.floor(position / columns), 1, 1),
      })),
    ),
  };
}
