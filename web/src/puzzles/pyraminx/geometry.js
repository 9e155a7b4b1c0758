// The Pyraminx in three.js (docs/puzzles/pyraminx.md): 14 solid black pieces and a hidden core, cut
// from the regular tetrahedron of ./layout.js, with a rounded, inset sticker on each small
// triangle and black fillers under the grooves between pieces, so that the background never shows
// through. createTetrahedralPuzzle builds any puzzle cut from that tetrahedron (the Master
// Pyraminx too). Every sticker mesh carries its facelet index in userData.facelet; colours come from the
// engine's facelets and puzzleInfo face colours.
import { Group, MathUtils, Mesh } from "three";

import {
  clipByPlanes,
  polyhedronFromFaces,
  polyhedronGeometry,
  seamFiller,
} from "../shared/convex-polyhedron.js";
import { UNKNOWN_COLOUR, plasticMaterial, stickerMaterial } from "../shared/materials.js";
import { createPuzzleModel } from "../shared/puzzle-model.js";
import { stickerGeometry } from "../shared/sticker-shape.js";
import {
  CORNERS,
  CORNER_NAMES,
  PIECE_NAMES,
  STICKERS,
  TURNS,
  dragMoves,
  pieceBounds,
  weightPlane,
} from "./layout.js";

/**
 * Sizes relative to the circumradius (1); a small triangle's edge is about 0.54: the gap between
 * pieces, the depth of the grooves down to the fillers that close them, and the stickers' shape.
 */
const PYRAMINX_SIZES = {
  gap: 0.011,
  grooveDepth: 0.02,
  sticker: { border: 0.032, radius: 0.02, lift: 0.003 },
};
const SCALE = 1.5; // model units → scene units (the cube2 is about as big)
/** The middle of the puzzle's height, put at the origin (where the camera looks). */
const MIDDLE = (CORNERS.U.y + CORNERS.L.y) / 2;

/** How far the eye is below the base's plane: enough to see a sliver of the D face. */
const BELOW_BASE = MathUtils.degToRad(4);

/**
 * The default view, as one holds a Pyraminx up to look at it: the eye a little below its base,
 * so that the base lies (nearly) level on screen with a sliver of the D face showing, and turned
 * from the F face towards the R face so that both read clearly.
 */
function defaultCamera({ azimuth = 55, distance = 5.4 } = {}) {
  const base = SCALE * (CORNERS.L.y - MIDDLE); // the base's height (scene units, negative)
  const elevation = Math.asin(base / distance) - BELOW_BASE;
  const a = MathUtils.degToRad(azimuth);
  const level = Math.cos(elevation);
  return {
    direction: [level * Math.sin(a), Math.sin(elevation), level * Math.cos(a)],
    distance,
  };
}

/** The whole tetrahedron with faces counter-clockwise from outside (same corners as FACES). */
function tetrahedron() {
  const corners = CORNER_NAMES.map((name) => CORNERS[name]);
  const index = Object.fromEntries(CORNER_NAMES.map((name, i) => [name, i]));
  const faces = [
    ["U", "L", "R"],
    ["U", "B", "L"],
    ["U", "R", "B"],
    ["B", "R", "L"],
  ].map((face) => face.map((name) => index[name]));
  return polyhedronFromFaces(corners, faces);
}

/** The tetrahedron's faces as planes (outward): the face opposite each corner. */
const HULL = CORNER_NAMES.map((name) => ({
  normal: CORNERS[name].clone().negate(),
  offset: -weightPlane(0),
}));

/**
 * The planes between a cell and its neighbours, from its bounds ({corner, min?, max?} on the
 * corner weights), each moved `inset` into the cell.
 */
function cellCuts(bounds, inset = 0) {
  return bounds.flatMap(({ corner, min, max }) => {
    const axis = CORNERS[corner];
    const cuts = [];
    if (min !== undefined) {
      cuts.push({ normal: axis.clone().negate(), offset: -(weightPlane(min) + inset) });
    }
    if (max !== undefined) cuts.push({ normal: axis.clone(), offset: weightPlane(max) - inset });
    return cuts;
  });
}

/** Per puzzle shape: its pieces' and stickers' geometries, built once for every model of it. */
const geometries = new Map();

/**
 * The pieces (each the tetrahedron cut to its cell, shrunk by half a gap per cut, and the black
 * filler that closes its seams below the surface) and the stickers of a shape.
 */
function sharedGeometries(shape) {
  if (!geometries.has(shape.pieces)) {
    const { gap, grooveDepth, sticker } = shape.sizes;
    geometries.set(shape.pieces, {
      pieces: shape.pieces.map((name) => {
        const cuts = cellCuts(shape.boundsOf(name));
        const solid = clipByPlanes(tetrahedron(), cellCuts(shape.boundsOf(name), gap / 2));
        const filler = seamFiller(clipByPlanes(tetrahedron(), cuts), {
          hull: HULL,
          cuts,
          depth: grooveDepth,
        });
        return polyhedronGeometry([...solid, ...filler]);
      }),
      stickers: shape.stickers.map((s) => stickerGeometry(s.corners, s.normal, sticker)),
    });
  }
  return geometries.get(shape.pieces);
}

/**
 * A puzzle cut from the regular tetrahedron of ./layout.js, as the Pyraminx and the Master
 * Pyraminx are: solid black pieces with a rounded, inset sticker on each small triangle.
 * @param {string} id  the engine puzzle it shows
 * @param {object} info  the engine's puzzleInfo
 * @param {object} shape
 * @param {string[]} shape.pieces  piece names
 * @param {(name: string) => {corner: string, min?: number, max?: number}[]} shape.boundsOf  a
 *   piece's cell on the corner weights (the tetrahedron itself implied)
 * @param {{index, face, position, corners, centroid, normal, piece}[]} shape.stickers
 * @param {Record<string, {axis, angle, pieces: string[]}>} shape.turns
 * @param {(facelet: number) => string[]} shape.dragMoves
 * @param {{gap: number, grooveDepth: number, sticker: object}} shape.sizes
 */
export function createTetrahedralPuzzle(id, info, shape) {
  const object = new Group();
  object.name = id;
  object.scale.setScalar(SCALE);
  object.position.y = -SCALE * MIDDLE;
  const geometry = sharedGeometries(shape);
  const lift = shape.sizes.sticker.lift;

  const pieces = shape.pieces.map((name, i) => {
    const group = new Group();
    group.name = name;
    group.add(new Mesh(geometry.pieces[i], plasticMaterial()));
    object.add(group);
    return { name, object: group, facelets: [] };
  });
  const pieceIndex = new Map(shape.pieces.map((name, i) => [name, i]));

  const stickers = shape.stickers.map((sticker, i) => {
    const mesh = new Mesh(geometry.stickers[i], stickerMaterial(UNKNOWN_COLOUR));
    mesh.name = `facelet ${sticker.index} (${sticker.face}${sticker.position})`;
    mesh.userData.facelet = sticker.index;
    mesh.userData.centre = sticker.centroid.clone().addScaledVector(sticker.normal, lift);
    mesh.userData.normal = sticker.normal.clone();
    const piece = pieces[pieceIndex.get(sticker.piece)];
    piece.object.add(mesh);
    piece.facelets.push(sticker.index);
    return mesh;
  });

  const turns = new Map(
    Object.entries(shape.turns).map(([move, { axis, angle, pieces: names }]) => [
      move,
      { axis, angle, pieces: names.map((name) => pieceIndex.get(name)) },
    ]),
  );

  return createPuzzleModel({
    id,
    info,
    object,
    pieces,
    stickers,
    turns,
    dragMoves: shape.dragMoves,
    camera: defaultCamera(),
  });
}

const PYRAMINX_SHAPE = {
  pieces: PIECE_NAMES,
  boundsOf: pieceBounds,
  stickers: STICKERS,
  turns: TURNS,
  dragMoves,
  sizes: PYRAMINX_SIZES,
};

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo("pyraminx")
 * @param {{id?: string}} [options]  `id`: the engine puzzle this model shows (the Numbered
 *   Pyraminx is built on this model)
 */
export function createPyraminx(info, { id = "pyraminx" } = {}) {
  return createTetrahedralPuzzle(id, info, PYRAMINX_SHAPE);
}
