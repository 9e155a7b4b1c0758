// Cuboid puzzles built from unit cubies (the pocket cube 2x2x2, the domino 3x3x2): where every
// sticker sits, the cubie and sticker meshes (black fillers under the grooves between cubies hide
// the background), and the turns of the outer layers, through the common model interface
// (./puzzle-model.js).
//
// Axes: +x = R, +y = U, +z = F. Faces are read as in the puzzles' docs (docs/puzzles/cube2.md,
// domino.md): U seen from above with B at the top, D seen from below with F at the top, the side
// faces seen from outside with U at the top; each face row by row, left to right.
import { Group, Mesh, Quaternion, Shape, ShapeGeometry, Vector3 } from "three";

import { polyhedronFromFaces, polyhedronGeometry, seamFiller } from "./convex-polyhedron.js";
import { UNKNOWN_COLOUR, plasticMaterial, stickerMaterial } from "./materials.js";
import { createPuzzleModel } from "./puzzle-model.js";

/** Each face's outward normal, and the directions of increasing column (`right`) and row (`down`). */
const FACE_FRAMES = {
  U: { normal: [0, 1, 0], right: [1, 0, 0], down: [0, 0, 1] },
  D: { normal: [0, -1, 0], right: [1, 0, 0], down: [0, 0, -1] },
  F: { normal: [0, 0, 1], right: [1, 0, 0], down: [0, -1, 0] },
  R: { normal: [1, 0, 0], right: [0, 0, -1], down: [0, -1, 0] },
  B: { normal: [0, 0, -1], right: [-1, 0, 0], down: [0, -1, 0] },
  L: { normal: [-1, 0, 0], right: [0, 0, 1], down: [0, -1, 0] },
};

/** Suffix → turn angle: clockwise seen from outside the face is negative about its normal. */
const POWER_ANGLES = { "": -Math.PI / 2, 2: -Math.PI, "'": Math.PI / 2 };

const CUBIE_SIZE = 0.97;
const GROOVE_DEPTH = 0.04; // of the gaps between cubies, down to the fillers that close them
const STICKER_SIZE = 0.84;

/** How many cubies a cuboid of `size` ([x, y, z]) has along a unit axis vector. */
const cubiesAlong = (size, axis) => size[axis.findIndex((component) => component !== 0)];

/**
 * Where every sticker of a cuboid sits, by facelet index: its face, its cubie's centre and its
 * outward normal. Stickers are numbered face by face in `faceOrder` (the engine's order).
 * @param {number[]} size  cubies along x, y and z
 * @param {string[]} faceOrder  e.g. ["U", "R", "F", "D", "L", "B"]
 * @returns {{face: string, cubie: Vector3, normal: Vector3}[]}
 */
export function cuboidStickers(size, faceOrder) {
  return faceOrder.flatMap((face) => {
    const frame = FACE_FRAMES[face];
    const columns = cubiesAlong(size, frame.right);
    const rows = cubiesAlong(size, frame.down);
    const normal = new Vector3(...frame.normal);
    // The layer of cubies under the face: half the cuboid's depth minus half a cubie out.
    const centre = normal.clone().multiplyScalar((cubiesAlong(size, frame.normal) - 1) / 2);
    return Array.from({ length: rows * columns }, (_, position) => {
      const row = Math.floor(position / columns);
      const column = position % columns;
      const cubie = centre
        .clone()
        .addScaledVector(new Vector3(...frame.right), column - (columns - 1) / 2)
        .addScaledVector(new Vector3(...frame.down), row - (rows - 1) / 2);
      return { face, cubie, normal: normal.clone() };
    });
  });
}

/** The faces whose outer layer holds the cubie at `cubie` (a centre from cuboidStickers). */
export function layersHolding(size, cubie) {
  return Object.entries(FACE_FRAMES)
    .filter(([, { normal }]) => {
      const outer = (cubiesAlong(size, normal) - 1) / 2;
      return Math.abs(cubie.dot(new Vector3(...normal)) - outer) < 1e-9;
    })
    .map(([face]) => face);
}

function roundedSquare(size, radius) {
  const h = size / 2;
  const shape = new Shape();
  shape.moveTo(-h + radius, -h);
  shape.lineTo(h - radius, -h);
  shape.quadraticCurveTo(h, -h, h, -h + radius);
  shape.lineTo(h, h - radius);
  shape.quadraticCurveTo(h, h, h - radius, h);
  shape.lineTo(-h + radius, h);
  shape.quadraticCurveTo(-h, h, -h, h - radius);
  shape.lineTo(-h, -h + radius);
  shape.quadraticCurveTo(-h, -h, -h + radius, -h);
  return new ShapeGeometry(shape, 4);
}

/** An axis-aligned cube of edge `edge` centred on the origin, as a polyhedron. */
function cube(edge) {
  const h = edge / 2;
  // Corner i has x = ±h by bit 0, y by bit 1, z by bit 2.
  const corners = Array.from(
    { length: 8 },
    (_, i) => new Vector3(i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h),
  );
  const faces = [
    [0, 4, 6, 2], // −x
    [1, 3, 7, 5], // +x
    [0, 1, 5, 4], // −y
    [2, 6, 7, 3], // +y
    [0, 2, 3, 1], // −z
    [4, 5, 7, 6], // +z
  ];
  return polyhedronFromFaces(corners, faces);
}

/**
 * Around the cubie at `centre` of a cuboid of `size`, in the cubie's own coordinates: the outer
 * surface (the cubies' outer faces) and the planes between its unit cell and its neighbours.
 */
function planesAround(size, centre) {
  const hull = [];
  const cuts = [];
  for (const { normal } of Object.values(FACE_FRAMES)) {
    const axis = new Vector3(...normal);
    const outer = (cubiesAlong(size, normal) - 1) / 2;
    if (Math.abs(axis.dot(centre) - outer) < 1e-9) {
      hull.push({ normal: axis, offset: CUBIE_SIZE / 2 });
    } else {
      cuts.push({ normal: axis, offset: 0.5 });
    }
  }
  return { hull, cuts };
}

let geometries = null;
const cubieGeometries = new Map(); // "size|x,y,z" → the cubie's body and seam filler

/** The sticker shape, built once and shared by every cuboid on the page. */
function sharedGeometries() {
  geometries ??= { sticker: roundedSquare(STICKER_SIZE, 0.08) };
  return geometries;
}

/**
 * A cubie's black plastic: its body, and the filler that closes its seams below the surface (its
 * unit cell `GROOVE_DEPTH` under the puzzle's faces), shared by the cubies at that place of every
 * cuboid of that size on the page.
 */
function cubieGeometry(size, centre) {
  const key = `${size}|${centre.toArray()}`;
  let geometry = cubieGeometries.get(key);
  if (!geometry) {
    const filler = seamFiller(cube(1), { ...planesAround(size, centre), depth: GROOVE_DEPTH });
    geometry = polyhedronGeometry([...cube(CUBIE_SIZE), ...filler]);
    cubieGeometries.set(key, geometry);
  }
  return geometry;
}

/**
 * A cuboid puzzle model.
 * @param {object} spec
 * @param {string} spec.id
 * @param {{faces: {name: string, colour: string}[]}} spec.info  the engine's puzzleInfo answer
 * @param {number[]} spec.size  cubies along x, y and z
 * @param {string[]} spec.faceOrder  the faces in the engine's sticker order
 * @param {Record<string, string[]>} spec.turns  face → the powers its outer layer turns by
 *   ("", "2", "'"), e.g. {U: ["", "2", "'"], R: ["2"]}
 * @param {(sticker: {face: string, cubie: Vector3, layers: string[]}) => string[]} spec.dragMoves
 *   the moves a drag starting on a sticker chooses from; `layers` are the faces whose outer layer
 *   holds its cubie
 * @param {{direction: number[], distance: number}} spec.camera
 */
export function createCuboid({ id, info, size, faceOrder, turns, dragMoves, camera }) {
  const object = new Group();
  object.name = id;
  const { sticker: stickerShape } = sharedGeometries();
  const placements = cuboidStickers(size, faceOrder);
  const cubies = new Map(); // "x,y,z" → {object, facelets}
  const stickers = [];
  const zAxis = new Vector3(0, 0, 1);

  placements.forEach(({ cubie: centre, normal }, index) => {
    const key = centre.toArray().join(",");
    let cubie = cubies.get(key);
    if (!cubie) {
      const group = new Group();
      group.name = `cubie ${key}`;
      group.position.copy(centre);
      group.add(new Mesh(cubieGeometry(size, centre), plasticMaterial()));
      object.add(group);
      cubie = { object: group, facelets: [] };
      cubies.set(key, cubie);
    }
    const sticker = new Mesh(stickerShape, stickerMaterial(UNKNOWN_COLOUR));
    sticker.name = `facelet ${index}`;
    sticker.userData.facelet = index;
    sticker.userData.centre = new Vector3(0, 0, 0);
    sticker.userData.normal = new Vector3(0, 0, 1);
    sticker.quaternion.copy(new Quaternion().setFromUnitVectors(zAxis, normal));
    sticker.position.copy(normal).multiplyScalar(CUBIE_SIZE / 2 + 0.002);
    cubie.object.add(sticker);
    cubie.facelets.push(index);
    stickers.push(sticker);
  });

  const pieces = [...cubies.values()];
  const layerTurns = new Map();
  for (const [face, powers] of Object.entries(turns)) {
    const axis = new Vector3(...FACE_FRAMES[face].normal);
    const layer = pieces.flatMap((piece, i) =>
      layersHolding(size, piece.object.position).includes(face) ? [i] : [],
    );
    for (const power of powers) {
      layerTurns.set(face + power, { axis, angle: POWER_ANGLES[power], pieces: layer });
    }
  }

  return createPuzzleModel({
    id,
    info,
    object,
    pieces,
    stickers,
    turns: layerTurns,
    dragMoves: (facelet) => {
      const { face, cubie } = placements[facelet];
      return dragMoves({ face, cubie, layers: layersHolding(size, cubie) });
    },
    camera,
  });
}
