// The Pyraminx in three.js (docs/puzzles/pyraminx.md): 14 solid black pieces and a hidden core, cut
// from the regular tetrahedron of ./layout.js, with a rounded, inset sticker on each small
// triangle and black fillers under the grooves between pieces, so that the background never shows
// through. Every sticker mesh carries its facelet index in userData.facelet; colours come from the
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

/** Sizes relative to the circumradius (1); a small triangle's edge is about 0.54. */
const GAP = 0.011; // between pieces
const GROOVE_DEPTH = 0.02; // of the gaps, down to the fillers that close them
const STICKER = { border: 0.032, radius: 0.02, lift: 0.003 };
export const SCALE = 1.5; // model units → scene units (the cube2 is about as big)
/** The middle of the puzzle's height, put at the origin (where the camera looks). */
export const MIDDLE = (CORNERS.U.y + CORNERS.L.y) / 2;

/** How far the eye is below the base's plane: enough to see a sliver of the D face. */
const BELOW_BASE = MathUtils.degToRad(4);

/**
 * The default view, as one holds a Pyraminx up to look at it: the eye a little below its base,
 * so that the base lies (nearly) level on screen with a sliver of the D face showing, and turned
 * from the F face towards the R face so that both read clearly.
 */
export function defaultCamera({ azimuth = 55, distance = 5.4 } = {}) {
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
export function tetrahedron() {
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
export const HULL = CORNER_NAMES.map((name) => ({
  normal: CORNERS[name].clone().negate(),
  offset: -weightPlane(0),
}));

/** The planes between a piece's cell and its neighbours, each moved `inset` into the cell. */
function cellCuts(name, inset = 0) {
  return pieceBounds(name).flatMap(({ corner, min, max }) => {
    const axis = CORNERS[corner];
    const cuts = [];
    if (min !== undefined) {
      cuts.push({ normal: axis.clone().negate(), offset: -(weightPlane(min) + inset) });
    }
    if (max !== undefined) cuts.push({ normal: axis.clone(), offset: weightPlane(max) - inset });
    return cuts;
  });
}

/** The solid of a piece: the tetrahedron cut to the piece's cell, shrunk by half a gap per cut. */
export const pieceSolid = (name) => clipByPlanes(tetrahedron(), cellCuts(name, GAP / 2));

/** The black filler under a piece's grooves (../shared/convex-polyhedron.js: seamFiller). */
function pieceFiller(name) {
  const cuts = cellCuts(name);
  return seamFiller(clipByPlanes(tetrahedron(), cuts), { hull: HULL, cuts, depth: GROOVE_DEPTH });
}

let geometries = null;

/**
 * The pieces (each its solid and the black filler that closes its seams below the surface) and
 * the stickers, built once and shared by every Pyraminx on the page.
 */
function sharedGeometries() {
  geometries ??= {
    pieces: PIECE_NAMES.map((name) =>
      polyhedronGeometry([...pieceSolid(name), ...pieceFiller(name)]),
    ),
    stickers: STICKERS.map((sticker) => stickerGeometry(sticker.corners, sticker.normal, STICKER)),
  };
  return geometries;
}

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo("pyraminx")
 * @param {{id?: string}} [options]  `id`: the engine puzzle this model shows (the Numbered
 *   Pyraminx is built on this model)
 */
export function createPyraminx(info, { id = "pyraminx" } = {}) {
  const object = new Group();
  object.name = id;
  object.scale.setScalar(SCALE);
  object.position.y = -SCALE * MIDDLE;
  const geometry = sharedGeometries();

  const pieces = PIECE_NAMES.map((name, i) => {
    const group = new Group();
    group.name = name;
    group.add(new Mesh(geometry.pieces[i], plasticMaterial()));
    object.add(group);
    return { name, object: group, facelets: [] };
  });
  const pieceIndex = new Map(PIECE_NAMES.map((name, i) => [name, i]));

  const stickers = STICKERS.map((sticker, i) => {
    const mesh = new Mesh(geometry.stickers[i], stickerMaterial(UNKNOWN_COLOUR));
    mesh.name = `facelet ${sticker.index} (${sticker.face}${sticker.position})`;
    mesh.userData.facelet = sticker.index;
    mesh.userData.centre = sticker.centroid.clone().addScaledVector(sticker.normal, STICKER.lift);
    mesh.userData.normal = sticker.normal.clone();
    const piece = pieces[pieceIndex.get(sticker.piece)];
    piece.object.add(mesh);
    piece.facelets.push(sticker.index);
    return mesh;
  });

  const turns = new Map(
    Object.entries(TURNS).map(([move, { axis, angle, pieces: names }]) => [
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
    dragMoves,
    camera: defaultCamera(),
  });
}
