// The 2x2x2 pocket cube as 8 cubies with sticker meshes (docs/puzzles/cube2.md), with animated
// U, R and F turns (quarter and half) through the common model interface (../shared/puzzle-model.js).
//
// Axes: +x = R, +y = U, +z = F. Each sticker mesh carries its facelet index (the engine's sticker
// numbering) in `userData.facelet`; setFacelets() colours the stickers from the engine's facelet
// string, using the face colours of the engine's puzzleInfo answer.
import { BoxGeometry, Group, Mesh, Quaternion, Shape, ShapeGeometry, Vector3 } from "three";

import { UNKNOWN_COLOUR, plasticMaterial, stickerMaterial } from "../shared/materials.js";
import { createPuzzleModel } from "../shared/puzzle-model.js";

/**
 * Faces in the engine's sticker order (U R F D L B). `right` and `down` are the directions of
 * increasing column and row as the face is drawn in the net: U seen from above with B at the
 * top, D seen from below with F at the top, the side faces seen from outside with U at the top.
 */
const FACES = [
  { name: "U", normal: [0, 1, 0], right: [1, 0, 0], down: [0, 0, 1] },
  { name: "R", normal: [1, 0, 0], right: [0, 0, -1], down: [0, -1, 0] },
  { name: "F", normal: [0, 0, 1], right: [1, 0, 0], down: [0, -1, 0] },
  { name: "D", normal: [0, -1, 0], right: [1, 0, 0], down: [0, 0, -1] },
  { name: "L", normal: [-1, 0, 0], right: [0, 0, 1], down: [0, -1, 0] },
  { name: "B", normal: [0, 0, -1], right: [-1, 0, 0], down: [0, -1, 0] },
];

export const FACELET_COUNT = 24;
const CUBIE_SIZE = 0.97;
const STICKER_SIZE = 0.84;

/** Where sticker `index` sits: its cubie's centre (coordinates ±0.5) and its outward normal. */
export function stickerPlacement(index) {
  const face = FACES[Math.floor(index / 4)];
  const row = Math.floor((index % 4) / 2);
  const col = index % 2;
  const normal = new Vector3(...face.normal);
  const cubie = normal
    .clone()
    .multiplyScalar(0.5)
    .addScaledVector(new Vector3(...face.right), col - 0.5)
    .addScaledVector(new Vector3(...face.down), row - 0.5);
  return { face: face.name, cubie, normal };
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

let geometries = null;

/** The cubie and sticker shapes, built once and shared by every pocket cube on the page. */
function sharedGeometries() {
  geometries ??= {
    body: new BoxGeometry(CUBIE_SIZE, CUBIE_SIZE, CUBIE_SIZE),
    sticker: roundedSquare(STICKER_SIZE, 0.08),
  };
  return geometries;
}

/** Turnable layers: the cubies on the positive side of an axis (DBL never moves). */
const LAYERS = { U: [0, 1, 0], R: [1, 0, 0], F: [0, 0, 1] };
/** Suffix → turn angle: clockwise seen from outside the face is negative about its normal. */
const POWERS = { "": -Math.PI / 2, 2: -Math.PI, "'": Math.PI / 2 };

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo("cube2") answer
 */
export function createCube2(info) {
  const object = new Group();
  object.name = "cube2";
  const { body, sticker: stickerShape } = sharedGeometries();
  const cubies = new Map(); // "x,y,z" → {object, facelets}
  const stickers = [];
  const zAxis = new Vector3(0, 0, 1);

  for (let index = 0; index < FACELET_COUNT; index++) {
    const { cubie: centre, normal } = stickerPlacement(index);
    const key = centre.toArray().join(",");
    let cubie = cubies.get(key);
    if (!cubie) {
      const group = new Group();
      group.name = `cubie ${key}`;
      group.position.copy(centre);
      group.add(new Mesh(body, plasticMaterial()));
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
  }

  const pieces = [...cubies.values()];
  const turns = new Map();
  for (const [face, xyz] of Object.entries(LAYERS)) {
    const axis = new Vector3(...xyz);
    const layer = pieces.flatMap((piece, i) => (piece.object.position.dot(axis) > 0 ? [i] : []));
    for (const [suffix, angle] of Object.entries(POWERS)) {
      turns.set(face + suffix, { axis, angle, pieces: layer });
    }
  }

  /** A drag on a sticker turns one of the layers its cubie is in, a quarter turn either way. */
  function dragMoves(facelet) {
    const { cubie } = stickerPlacement(facelet);
    return Object.entries(LAYERS)
      .filter(([, xyz]) => cubie.dot(new Vector3(...xyz)) > 0)
      .flatMap(([face]) => [face, `${face}'`]);
  }

  return createPuzzleModel({
    id: "cube2",
    info,
    object,
    pieces,
    stickers,
    turns,
    dragMoves,
    camera: { direction: [3.9, 3.2, 5.1], distance: 7.3 },
  });
}
