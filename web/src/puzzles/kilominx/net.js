// The Kilominx unfolded, for the state editor (edit/net.js): two flowers of six pentagons, U with
// its ring (F at the bottom) on the left and D with its ring on the right, every face seen from
// outside. Each face's five kites are the engine's stickers 0–4 (../kilominx/layout.js). Units:
// a face's circumradius; x right, y down.
import { FACE_NAMES, NEIGHBOURS } from "./layout.js";

const APOTHEM = Math.cos(Math.PI / 5);
const DEG = Math.PI / 180;

/**
 * Places a face: its centre and the screen angle of its corner 0. Corners run clockwise on screen
 * (y down) as the engine's do seen from outside; the edge with neighbour i lies between corners
 * i−1 and i.
 */
function placeFlower(centre, face, edgeAngle) {
  // The edge with neighbour 0 points at `edgeAngle`: corner 0 is half an edge clockwise from it.
  const placed = new Map([[face, { centre, corner0: edgeAngle + 36 }]]);
  NEIGHBOURS.get(face).forEach((name, i) => {
    const angle = edgeAngle + 72 * i;
    const c = [
      centre[0] + 2 * APOTHEM * Math.cos(angle * DEG),
      centre[1] + 2 * APOTHEM * Math.sin(angle * DEG),
    ];
    // Its edge back to `face` points the other way.
    const j = NEIGHBOURS.get(name).indexOf(face);
    placed.set(name, { centre: c, corner0: angle + 180 - 72 * j + 36 });
  });
  return placed;
}

const SIZE = 2 * APOTHEM + 1; // from a flower's middle to its outermost corner
const PLACES = new Map([
  ...placeFlower([SIZE, SIZE], "U", 90),
  ...placeFlower([3 * SIZE + 0.4, SIZE], "D", -90),
]);

const point = ({ centre, corner0 }, angle, radius) => [
  centre[0] + radius * Math.cos((corner0 + angle) * DEG),
  centre[1] + radius * Math.sin((corner0 + angle) * DEG),
];

/** @type {import("../../edit/net.js").NetLayout} */
export const KILOMINX_NET = {
  width: 4 * SIZE + 0.4,
  height: 2 * SIZE,
  faces: FACE_NAMES.map((name) => ({
    name,
    outline: [0, 1, 2, 3, 4].map((i) => point(PLACES.get(name), 72 * i, 1)),
  })),
  stickers: FACE_NAMES.flatMap((name, f) =>
    [0, 1, 2, 3, 4].map((i) => {
      const place = PLACES.get(name);
      return {
        index: 5 * f + i,
        label: `${name}${i}`,
        points: [
          place.centre,
          point(place, 72 * i - 36, APOTHEM),
          point(place, 72 * i, 1),
          point(place, 72 * i + 36, APOTHEM),
        ],
      };
    }),
  ),
};
