// The Pyraminx as numbers (docs/puzzles/pyraminx.md): the regular tetrahedron's corners, the 36
// stickers as small triangles, which piece each belongs to, and every turn's axis, angle and
// moving pieces. Pure math (three.js vectors only), shared by the 3D model and the Node tests.
//
// Space: +y up, +z towards the viewer. Corner U is on top, L front-left, R front-right, B at the
// back; the F face (U, L, R) faces the viewer. The tetrahedron's circumradius is 1 and its centre
// is the origin.
import { Vector3 } from "three";

export const FACELET_COUNT = 36;
export const CORNER_NAMES = ["U", "L", "R", "B"];

/** Unit vectors from the centre to each corner. */
export const CORNERS = {
  U: new Vector3(0, 1, 0),
  L: new Vector3(-Math.sqrt(2 / 3), -1 / 3, Math.SQRT2 / 3),
  R: new Vector3(Math.sqrt(2 / 3), -1 / 3, Math.SQRT2 / 3),
  B: new Vector3(0, -1 / 3, (-2 * Math.SQRT2) / 3),
};

/** Faces in sticker order, each read from outside with `apex` on top (docs: faces table). */
export const FACES = [
  { name: "F", apex: "U", bottomLeft: "L", bottomRight: "R" },
  { name: "L", apex: "U", bottomLeft: "B", bottomRight: "L" },
  { name: "R", apex: "U", bottomLeft: "R", bottomRight: "B" },
  { name: "D", apex: "B", bottomLeft: "R", bottomRight: "L" },
];

/**
 * Barycentric weight of corner `name` at point p: 1 at that corner, 0 on the opposite face.
 * For a regular tetrahedron centred on the origin with unit circumradius, w = 1/4 + 3/4 p·X.
 */
export const cornerWeight = (p, name) => 0.25 + 0.75 * p.dot(CORNERS[name]);

/** The plane where cornerWeight(p, name) = w, as the value of p·X on it. */
export const weightPlane = (w) => (4 * w - 1) / 3;

/** The point of a face at grid position (row i from the apex, column j), 0 ≤ j ≤ i ≤ layers. */
function gridPoint(face, i, j, layers) {
  const apex = CORNERS[face.apex];
  const left = CORNERS[face.bottomLeft];
  const right = CORNERS[face.bottomRight];
  return apex
    .clone()
    .addScaledVector(left.clone().sub(apex), (i - j) / layers)
    .addScaledVector(right.clone().sub(apex), j / layers);
}

/**
 * The small triangles of a face cut into `layers` rows, in sticker order (rows of 1, 3, 5, …
 * from the apex, left to right; upright and inverted triangles alternate), each counter-clockwise
 * seen from outside.
 */
function faceTriangles(face, layers) {
  const triangles = [];
  for (let row = 0; row < layers; row++) {
    for (let k = 0; k < 2 * row + 1; k++) {
      const j = Math.floor(k / 2);
      triangles.push(
        k % 2 === 0
          ? [
              gridPoint(face, row, j, layers),
              gridPoint(face, row + 1, j, layers),
              gridPoint(face, row + 1, j + 1, layers),
            ]
          : [
              gridPoint(face, row, j, layers),
              gridPoint(face, row + 1, j + 1, layers),
              gridPoint(face, row, j + 1, layers),
            ],
      );
    }
  }
  return triangles;
}

/**
 * The stickers of a tetrahedron whose faces are cut into `layers` rows (the Pyraminx: 3; the
 * Master Pyraminx: 4), numbered face by face in FACES order: {index, face, position, corners (3
 * Vector3, CCW), centroid, normal, piece: pieceOf(centroid)}.
 */
export function tetrahedronStickers(layers, pieceOf) {
  return FACES.flatMap((face, f) =>
    faceTriangles(face, layers).map((corners, position) => {
      const centroid = corners.reduce((sum, p) => sum.add(p), new Vector3()).divideScalar(3);
      const normal = new Vector3()
        .crossVectors(corners[1].clone().sub(corners[0]), corners[2].clone().sub(corners[0]))
        .normalize();
      return {
        index: f * layers * layers + position,
        face: face.name,
        position,
        corners,
        centroid,
        normal,
        piece: pieceOf(centroid),
      };
    }),
  );
}

/**
 * The piece a point inside the puzzle belongs to, from its corner weights: a tip where one weight
 * is over 2/3, a centre where exactly one is over 1/3, an edge where two are, else the core.
 */
export function pieceAt(p) {
  const high = CORNER_NAMES.filter((name) => cornerWeight(p, name) > 1 / 3);
  if (high.length === 1) {
    return cornerWeight(p, high[0]) > 2 / 3 ? `tip ${high[0]}` : `centre ${high[0]}`;
  }
  if (high.length === 2) return `edge ${high.join("")}`;
  return "core";
}

/** Every piece with stickers, then the core (in CORNER_NAMES order: tips, centres, edges). */
export const PIECE_NAMES = [
  ...CORNER_NAMES.map((c) => `tip ${c}`),
  ...CORNER_NAMES.map((c) => `centre ${c}`),
  ...["UL", "UR", "UB", "LR", "LB", "RB"].map((e) => `edge ${e}`),
  "core",
];

/**
 * The cell of a piece as half-spaces {corner, min?, max?} on its corner weights, before gaps.
 * The tetrahedron itself (every weight ≥ 0) is implied.
 */
export function pieceBounds(name) {
  const [kind, corners = ""] = name.split(" ");
  const inside = [...corners];
  const others = CORNER_NAMES.filter((c) => !inside.includes(c));
  if (kind === "tip") return [{ corner: inside[0], min: 2 / 3 }];
  if (kind === "centre") {
    return [
      { corner: inside[0], min: 1 / 3, max: 2 / 3 },
      ...others.map((c) => ({ corner: c, max: 1 / 3 })),
    ];
  }
  if (kind === "edge") {
    return [
      ...inside.map((c) => ({ corner: c, min: 1 / 3 })),
      ...others.map((c) => ({ corner: c, max: 1 / 3 })),
    ];
  }
  return CORNER_NAMES.map((c) => ({ corner: c, max: 1 / 3 }));
}

/** The 36 stickers (see tetrahedronStickers). */
export const STICKERS = tetrahedronStickers(3, pieceAt);

/** The corners a face touches. */
export const faceCorners = (faceName) => {
  const face = FACES.find((f) => f.name === faceName);
  return [face.apex, face.bottomLeft, face.bottomRight];
};

const TIP_PIECES = (corner) => [`tip ${corner}`];
const LAYER_PIECES = (corner) =>
  PIECE_NAMES.filter((name) => name !== "core" && name.split(" ")[1].includes(corner));

/**
 * Every turn: `X` turns the two layers at corner X (tip, centre and the three edges touching X),
 * `x` the tip alone; clockwise seen from outside the corner, i.e. −120° about the axis from the
 * centre through the corner. {move: {axis, angle, pieces: piece names}}
 */
export const TURNS = Object.fromEntries(
  CORNER_NAMES.flatMap((corner) => {
    const axis = CORNERS[corner];
    const clockwise = (-2 * Math.PI) / 3;
    const tip = corner.toLowerCase();
    return [
      [corner, { axis, angle: clockwise, pieces: LAYER_PIECES(corner) }],
      [`${corner}'`, { axis, angle: -clockwise, pieces: LAYER_PIECES(corner) }],
      [tip, { axis, angle: clockwise, pieces: TIP_PIECES(corner) }],
      [`${tip}'`, { axis, angle: -clockwise, pieces: TIP_PIECES(corner) }],
    ];
  }),
);

/**
 * The moves a drag on sticker `index` chooses from: a tip sticker turns its tip; any other sticker
 * turns the two layers of one of its face's corners (only those that move it).
 */
export function dragMoves(index) {
  const sticker = STICKERS[index];
  const [kind, corners] = sticker.piece.split(" ");
  if (kind === "tip") return [corners.toLowerCase(), `${corners.toLowerCase()}'`];
  return faceCorners(sticker.face)
    .filter((corner) => corners.includes(corner))
    .flatMap((corner) => [corner, `${corner}'`]);
}
