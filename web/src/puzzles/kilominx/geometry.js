// The Kilominx in three.js (docs/puzzles/kilominx.md): 20 solid black corner pieces around a
// still black ball, cut from the dodecahedron of ./layout.js by planes through the neighbouring
// faces' centres, with a rounded kite-shaped sticker on each piece's three faces over a black
// backing. Each sticker mesh carries its facelet index in userData.facelet; colours come from the
// engine's facelets and puzzleInfo's face colours.
import { Group, Mesh, SphereGeometry, Vector3 } from "three";

import {
  clipByPlanes,
  polyhedronFromFaces,
  polyhedronGeometry,
} from "../shared/convex-polyhedron.js";
import { UNKNOWN_COLOUR, plasticMaterial, stickerMaterial } from "../shared/materials.js";
import { createPuzzleModel } from "../shared/puzzle-model.js";
import { stickerGeometry } from "../shared/sticker-shape.js";
import {
  CORNERS,
  FACES,
  FACE_NAMES,
  STICKERS,
  TURN_ANGLES,
  faceOutline,
  normalOf,
} from "./layout.js";

/** Sizes relative to the inradius (1); a face's edge is about 1.35. */
const GAP = 0.014;
/**
 * How deep the black backing under each sticker reaches below its face; the pieces' cells start
 * a little above its bottom. Kept deep because steep faces of the cells close under a sticker
 * (their cuts cross the kites) showed through it in Chromium's software renderer.
 */
const BACKING_DEPTH = 0.25;
const CELL_TOP = 1 - BACKING_DEPTH + 0.03;
const STICKER = { border: 0.04, radius: 0.03, lift: 0.003 };
/**
 * The still black ball in the middle, below the backings (it needs no turning with any layer):
 * the grooves along the kites' sides lead towards the centre, and it closes them.
 */
const CORE_RADIUS = 0.9;
const SCALE = 1.45; // model units → scene units (about as big as the other puzzles)
/** A face layer: the points at least this far along the face's normal (its neighbours' centres). */
const LAYER = 1 / Math.sqrt(5);

/** The whole dodecahedron, from its face outlines (corners shared by position). */
function dodecahedron() {
  const corners = [];
  const faces = FACE_NAMES.map((name) =>
    faceOutline(name).map((p) => {
      let i = corners.findIndex((q) => q.distanceToSquared(p) < 1e-12);
      if (i < 0) i = corners.push(p) - 1;
      return i;
    }),
  );
  return polyhedronFromFaces(corners, faces);
}

/**
 * The planes around a corner's cell, each moved `inset` into it: inside its three faces' layers,
 * outside the other nine.
 */
function cellCuts(corner, inset = 0) {
  return FACE_NAMES.map((name) =>
    corner.faces.includes(name)
      ? { normal: normalOf(name).clone().negate(), offset: -(LAYER + inset) }
      : { normal: normalOf(name).clone(), offset: LAYER - inset },
  );
}

/**
 * The black backing under a corner's kite on face `name`: the layer cells above meet the kites
 * only in a narrow wedge (flat cuts cannot follow the kites' sides, which run from the face centre
 * to the edge middles), so without it the background would show through under the stickers and
 * between them. It is the face's slice `BACKING_DEPTH` deep of the corner's sector: the three
 * planes through the centre of the puzzle and two of its faces' centres, which bound the kites.
 */
function backing(corner, name) {
  const [a, b, c] = corner.faces.map(normalOf);
  const sectorSide = (p, q, inside) => {
    const normal = new Vector3().crossVectors(p, q).normalize();
    if (normal.dot(inside) > 0) normal.negate();
    return { normal, offset: -GAP / 2 };
  };
  const normal = normalOf(name);
  // Each face's backing ends where the corner's next face's begins (the plane halfway between
  // them), so that it never lies under another face's sticker.
  const halfway = corner.faces
    .filter((other) => other !== name)
    .map((other) => ({ normal: normalOf(other).clone().sub(normal), offset: 0 }));
  return clipByPlanes(dodecahedron(), [
    sectorSide(a, b, c),
    sectorSide(b, c, a),
    sectorSide(c, a, b),
    ...halfway,
    { normal: normal.clone().negate(), offset: -(1 - BACKING_DEPTH) },
  ]);
}

let geometries = null;

/**
 * The pieces (each its cell below the backings and its three backings), the stickers and the
 * ball, built once for every Kilominx on the page.
 */
function sharedGeometries() {
  geometries ??= {
    pieces: CORNERS.map((corner) => {
      const belowBackings = corner.faces.map((name) => ({
        normal: normalOf(name),
        offset: CELL_TOP,
      }));
      const cell = clipByPlanes(dodecahedron(), [...cellCuts(corner, GAP / 2), ...belowBackings]);
      const backings = corner.faces.flatMap((name) => backing(corner, name));
      return polyhedronGeometry([...cell, ...backings]);
    }),
    stickers: STICKERS.map((sticker) => stickerGeometry(sticker.corners, sticker.normal, STICKER)),
    core: new SphereGeometry(CORE_RADIUS, 32, 16),
  };
  return geometries;
}

/**
 * A drag on a sticker turns one of the three faces of its corner, 72° either way; the direction
 * of the drag picks among them.
 */
export function dragMoves(facelet) {
  const corner = CORNERS.find((c) => c.key === STICKERS[facelet].corner);
  return corner.faces.flatMap((face) => [face, `${face}'`]);
}

/**
 * @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo("kilominx")
 */
export function createKilominx(info) {
  const object = new Group();
  object.name = "kilominx";
  object.scale.setScalar(SCALE);
  const geometry = sharedGeometries();
  object.add(new Mesh(geometry.core, plasticMaterial()));

  const pieces = CORNERS.map((corner, i) => {
    const group = new Group();
    group.name = corner.key;
    group.add(new Mesh(geometry.pieces[i], plasticMaterial()));
    object.add(group);
    return { name: corner.key, object: group, facelets: [] };
  });
  const pieceIndex = new Map(CORNERS.map((corner, i) => [corner.key, i]));

  const stickers = STICKERS.map((sticker, i) => {
    const mesh = new Mesh(geometry.stickers[i], stickerMaterial(UNKNOWN_COLOUR));
    mesh.name = `facelet ${sticker.index} (${sticker.face}${sticker.position})`;
    mesh.userData.facelet = sticker.index;
    mesh.userData.centre = sticker.corners
      .reduce((sum, p) => sum.add(p), sticker.normal.clone().multiplyScalar(0))
      .multiplyScalar(1 / sticker.corners.length)
      .addScaledVector(sticker.normal, STICKER.lift);
    mesh.userData.normal = sticker.normal.clone();
    const piece = pieces[pieceIndex.get(sticker.corner)];
    piece.object.add(mesh);
    piece.facelets.push(sticker.index);
    return mesh;
  });

  const turns = new Map();
  for (const face of FACES) {
    const turning = CORNERS.flatMap((corner, i) => (corner.faces.includes(face.name) ? [i] : []));
    for (const [suffix, degrees] of Object.entries(TURN_ANGLES)) {
      turns.set(`${face.name}${suffix}`, {
        axis: face.normal.clone(),
        angle: (degrees * Math.PI) / 180,
        pieces: turning,
      });
    }
  }

  return createPuzzleModel({
    id: "kilominx",
    info,
    object,
    pieces,
    stickers,
    turns,
    dragMoves,
    // U from above and F and R from the front, as one holds it to look at it.
    camera: { direction: [2.0, 4.4, 5.0], distance: 7.8 },
  });
}
