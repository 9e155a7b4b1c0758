// The 2x2x2 pocket cube as 8 cubies with sticker meshes (docs/puzzles/cube2.md).
//
// Axes: +x = R, +y = U, +z = F. Each sticker mesh carries its facelet index (the engine's sticker
// numbering) in `userData.facelet`; setFacelets() colours the stickers from the engine's facelet
// string, using the face colours of the engine's puzzleInfo answer.
import {
  BoxGeometry,
  Color,
  Group,
  Mesh,
  MeshStandardMaterial,
  Quaternion,
  Shape,
  ShapeGeometry,
  Vector3,
} from "three";

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
const UNKNOWN_COLOUR = new Color(0x808080);

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

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo("cube2") answer
 * @returns {{object: Group, stickers: Mesh[], setFacelets: (facelets: string) => void, dispose: () => void}}
 */
export function createCube2(info) {
  const colours = new Map(info.faces.map((face) => [face.name, new Color(face.colour)]));

  const object = new Group();
  object.name = "cube2";
  const bodyGeometry = new BoxGeometry(CUBIE_SIZE, CUBIE_SIZE, CUBIE_SIZE);
  const bodyMaterial = new MeshStandardMaterial({ color: 0x161616, roughness: 0.6 });
  const stickerGeometry = roundedSquare(STICKER_SIZE, 0.08);
  const cubies = new Map();
  const stickers = [];
  const zAxis = new Vector3(0, 0, 1);

  for (let index = 0; index < FACELET_COUNT; index++) {
    const { cubie: centre, normal } = stickerPlacement(index);
    const key = centre.toArray().join(",");
    let cubie = cubies.get(key);
    if (!cubie) {
      cubie = new Group();
      cubie.name = `cubie ${key}`;
      cubie.position.copy(centre);
      cubie.add(new Mesh(bodyGeometry, bodyMaterial));
      cubies.set(key, cubie);
      object.add(cubie);
    }
    const sticker = new Mesh(
      stickerGeometry,
      new MeshStandardMaterial({ color: UNKNOWN_COLOUR, roughness: 0.35 }),
    );
    sticker.name = `facelet ${index}`;
    sticker.userData.facelet = index;
    sticker.quaternion.copy(new Quaternion().setFromUnitVectors(zAxis, normal));
    sticker.position.copy(normal).multiplyScalar(CUBIE_SIZE / 2 + 0.002);
    cubie.add(sticker);
    stickers.push(sticker);
  }

  /** Colours every sticker from a facelet string (one face name per sticker). */
  function setFacelets(facelets) {
    if (typeof facelets !== "string" || facelets.length !== FACELET_COUNT) {
      throw new Error(`cube2 needs ${FACELET_COUNT} facelets, got ${JSON.stringify(facelets)}`);
    }
    stickers.forEach((sticker, i) => {
      sticker.material.color.copy(colours.get(facelets[i]) ?? UNKNOWN_COLOUR);
    });
  }

  function dispose() {
    bodyGeometry.dispose();
    bodyMaterial.dispose();
    stickerGeometry.dispose();
    for (const sticker of stickers) sticker.material.dispose();
  }

  return { object, stickers, setFacelets, dispose };
}
