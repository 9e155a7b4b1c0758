// A whole puzzle drawn in one draw call. A model's parts (a mesh per sticker and per piece body)
// stay where they are for everything but drawing: picking by raycast, sticker centres and
// normals, the SVG export, the digits' frames. They move to PICK_LAYER, which raycasters see
// (../../render/view.js enables every layer) and cameras do not draw; one mesh holding all their
// triangles at rest draws them instead. Drawing a 7x7x7 took 637 draw calls, a Gigaminx 677,
// whose cost per frame grew with the puzzle; now it is one.
//
// Colours are per vertex (a sticker's recolouring rewrites its few vertices); a turn is one
// rotation (a uniform) applied in the vertex shader to the vertices flagged as turning (rewritten
// only when the set of turning pieces changes, i.e. once per move), so posing a frame of a turn
// costs no upload at all. Stickers named in an error are striped, as ./materials.js's flagged
// material stripes them.
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  Matrix3,
  Matrix4,
  Mesh,
  MeshLambertMaterial,
  Vector3,
} from "three";

import { STRIPES } from "./materials.js";

/** The layer of the parts a batch draws: picked by raycasts, drawn by no camera. */
export const PICK_LAYER = 1;

const VERTEX_HEAD = `
attribute float turning;
attribute float flagged;
attribute float plastic;
uniform mat3 turnRotation;
uniform float plasticRecess;
varying float vFlagged;
`;
const FRAGMENT_HEAD = `
varying float vFlagged;
`;

/**
 * A Lambert material whose vertices marked `turning` are turned by `rotation` (a Matrix3), and
 * whose plastic lies `recess` (scene units) farther from the eye than it is, along the line of
 * sight: drawn in the same place, it loses the depth test to a sticker lifted less than that
 * above it. Multisampled, a cut face meeting the surface under a sticker that crosses its cell
 * (the Kilominx's kites) seen at a slant won it along the cuts, as dotted lines; lifting the
 * sticker instead stood it off the surface, a notch on the outline.
 */
function turningMaterial(rotation, recess) {
  const material = new MeshLambertMaterial({ vertexColors: true });
  material.onBeforeCompile = (shader) => {
    shader.uniforms.turnRotation = rotation;
    shader.uniforms.plasticRecess = { value: recess };
    shader.vertexShader = (VERTEX_HEAD + shader.vertexShader)
      .replace(
        "#include <beginnormal_vertex>",
        `#include <beginnormal_vertex>
        if (turning > 0.5) objectNormal = turnRotation * objectNormal;`,
      )
      .replace(
        "#include <begin_vertex>",
        `#include <begin_vertex>
        if (turning > 0.5) transformed = turnRotation * transformed;
        vFlagged = flagged;`,
      )
      .replace(
        "#include <project_vertex>",
        `#include <project_vertex>
        if (plastic > 0.5) {
          mvPosition.xyz += normalize(mvPosition.xyz) * plasticRecess;
          gl_Position = projectionMatrix * mvPosition;
        }`,
      );
    shader.fragmentShader = (FRAGMENT_HEAD + shader.fragmentShader).replace(
      "#include <color_fragment>",
      `#include <color_fragment>
      if (vFlagged > 0.5) { ${STRIPES} }`,
    );
  };
  // One program for every batch on the page; each material keeps its own rotation uniform.
  material.customProgramCacheKey = () => "batched-puzzle";
  return material;
}

/**
 * @param {import("three").Object3D} object  the model's root; the batch is added to it
 * @param {{object: import("three").Object3D}[]} pieces  at rest; the meshes directly under each
 *   piece's object are its parts (its body, its stickers), drawn in their material's colour
 *   until colour() says otherwise
 * @param {import("three").Mesh[]} stickers  the sticker meshes, indexed by facelet
 * @param {number} plasticRecess  how far (scene units) the plastic is drawn back along the line
 *   of sight, more than the stickers' lift above it
 * @returns {{mesh: Mesh, pose: (pieces: number[], rotation: import("three").Quaternion) => void,
 *   rest: () => void, colour: (facelet: number, css: string, flagged: boolean) => void}}
 */
export function batchedDrawing(object, pieces, stickers, plasticRecess) {
  object.updateMatrixWorld(true);
  const toModel = object.matrixWorld.clone().invert();
  const stickerSet = new Set(stickers);
  const parts = pieces.flatMap(({ object: piece }, p) =>
    piece.children.filter((child) => child.isMesh).map((mesh) => ({ mesh, piece: p })),
  );
  const count = parts.reduce((sum, { mesh }) => sum + vertexCount(mesh.geometry), 0);
  const positions = new Float32Array(3 * count);
  const normals = new Float32Array(3 * count);
  const colours = new Float32Array(3 * count);
  const plastic = new Float32Array(count);
  const ranges = new Map(); // part mesh → {start, count} of its vertices
  const pieceRanges = pieces.map(() => ({ start: 0, count: 0 })); // a piece's parts lie together
  let next = 0;
  const point = new Vector3();
  const matrix = new Matrix4();
  const normalMatrix = new Matrix3();
  for (const { mesh, piece } of parts) {
    matrix.multiplyMatrices(toModel, mesh.matrixWorld);
    normalMatrix.getNormalMatrix(matrix);
    const { index, attributes } = mesh.geometry;
    const n = vertexCount(mesh.geometry);
    const colour = mesh.material.color ?? new Color(0x808080);
    for (let k = 0; k < n; k++) {
      const v = index ? index.getX(k) : k;
      const at = 3 * (next + k);
      point.fromBufferAttribute(attributes.position, v).applyMatrix4(matrix).toArray(positions, at);
      point.fromBufferAttribute(attributes.normal, v).applyMatrix3(normalMatrix).normalize();
      point.toArray(normals, at);
      colour.toArray(colours, at);
    }
    if (!stickerSet.has(mesh)) plastic.fill(1, next, next + n);
    ranges.set(mesh, { start: next, count: n });
    if (pieceRanges[piece].count === 0) pieceRanges[piece].start = next;
    pieceRanges[piece].count += n;
    next += n;
    mesh.layers.set(PICK_LAYER);
  }

  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new BufferAttribute(positions, 3));
  geometry.setAttribute("normal", new BufferAttribute(normals, 3));
  const colour = new BufferAttribute(colours, 3);
  const turning = new BufferAttribute(new Float32Array(count), 1);
  const flagged = new BufferAttribute(new Float32Array(count), 1);
  geometry.setAttribute("color", colour);
  geometry.setAttribute("turning", turning);
  geometry.setAttribute("flagged", flagged);
  geometry.setAttribute("plastic", new BufferAttribute(plastic, 1));
  const rotation = { value: new Matrix3() };
  const mesh = new Mesh(geometry, turningMaterial(rotation, plasticRecess));
  mesh.name = "batch";
  mesh.userData.batch = true;
  mesh.frustumCulled = false; // its bounds are those at rest; a turn's stay inside the view
  mesh.raycast = () => {}; // picks land on the parts
  object.add(mesh);

  const stickerRanges = stickers.map((sticker) => ranges.get(sticker));
  const linear = new Color();
  let turningPieces = null; // the pieces the turning attribute marks

  return {
    mesh,
    /** Draws `turned` (piece indices) turned by `quaternion` (model space), the rest at rest. */
    pose(turned, quaternion) {
      if (turned !== turningPieces) {
        turning.array.fill(0);
        for (const p of turned) {
          const { start, count: n } = pieceRanges[p];
          turning.array.fill(1, start, start + n);
        }
        turning.needsUpdate = true;
        turningPieces = turned;
      }
      rotation.value.setFromMatrix4(matrix.makeRotationFromQuaternion(quaternion));
    },
    /** Draws every piece at rest. */
    rest() {
      rotation.value.identity();
    },
    /** Paints sticker `facelet` the CSS colour `css`, striped when `isFlagged`. */
    colour(facelet, css, isFlagged) {
      const range = stickerRanges[facelet];
      if (!range) return;
      linear.set(css);
      for (let k = range.start; k < range.start + range.count; k++) {
        linear.toArray(colours, 3 * k);
      }
      flagged.array.fill(isFlagged ? 1 : 0, range.start, range.start + range.count);
      colour.needsUpdate = true;
      flagged.needsUpdate = true;
    },
  };
}

function vertexCount(geometry) {
  return geometry.index ? geometry.index.count : geometry.attributes.position.count;
}
