// The Master Pyraminx in three.js (docs/puzzles/master_pyraminx.md): the Pyraminx's tetrahedron
// (../pyraminx/geometry.js: its solid, hull and view) cut into the 34 cells of ./layout.js, each a
// solid black piece with black fillers under its grooves, and a rounded, inset sticker on each of
// the 64 small triangles. Every sticker mesh carries its facelet index in userData.facelet;
// colours come from the engine's facelets and puzzleInfo's face colours.
import { Group, Mesh } from "three";

import { clipByPlanes, polyhedronGeometry, seamFiller } from "../shared/convex-polyhedron.js";
import { UNKNOWN_COLOUR, plasticMaterial, stickerMaterial } from "../shared/materials.js";
import { createPuzzleModel } from "../shared/puzzle-model.js";
import { stickerGeometry } from "../shared/sticker-shape.js";
import { HULL, MIDDLE, SCALE, defaultCamera, tetrahedron } from "../pyraminx/geometry.js";
import { CELLS, CORNERS, STICKERS, TURNS, cellBounds, dragMoves, weightPlane } from "./layout.js";

export { dragMoves };

/** Sizes relative to the circumradius (1); a small triangle's edge is about 0.41. */
const GAP = 0.009; // between pieces
const GROOVE_DEPTH = 0.016; // of the gaps, down to the fillers that close them
const STICKER = { border: 0.025, radius: 0.016, lift: 0.003 };

/** The planes between a cell and its neighbours, each moved `inset` into the cell. */
function cellCuts(cell, inset = 0) {
  return cellBounds(cell).flatMap(({ corner, min, max }) => {
    const axis = CORNERS[corner];
    const cuts = [];
    if (min !== undefined) {
      cuts.push({ normal: axis.clone().negate(), offset: -(weightPlane(min) + inset) });
    }
    if (max !== undefined) cuts.push({ normal: axis.clone(), offset: weightPlane(max) - inset });
    return cuts;
  });
}

let geometries = null;

/** The pieces (solid and seam filler) and stickers, built once for every Master Pyraminx. */
function sharedGeometries() {
  geometries ??= {
    pieces: CELLS.map((cell) => {
      const solid = clipByPlanes(tetrahedron(), cellCuts(cell, GAP / 2));
      const cuts = cellCuts(cell);
      const filler = seamFiller(clipByPlanes(tetrahedron(), cuts), {
        hull: HULL,
        cuts,
        depth: GROOVE_DEPTH,
      });
      return polyhedronGeometry([...solid, ...filler]);
    }),
    stickers: STICKERS.map((sticker) => stickerGeometry(sticker.corners, sticker.normal, STICKER)),
  };
  return geometries;
}

/** @param {{faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo */
export function createMasterPyraminx(info) {
  const object = new Group();
  object.name = "master_pyraminx";
  object.scale.setScalar(SCALE);
  object.position.y = -SCALE * MIDDLE;
  const geometry = sharedGeometries();

  const pieces = CELLS.map((cell, i) => {
    const group = new Group();
    group.name = `cell ${cell}`;
    group.add(new Mesh(geometry.pieces[i], plasticMaterial()));
    object.add(group);
    return { name: cell, object: group, facelets: [] };
  });
  const pieceIndex = new Map(CELLS.map((cell, i) => [cell, i]));

  const stickers = STICKERS.map((sticker, i) => {
    const mesh = new Mesh(geometry.stickers[i], stickerMaterial(UNKNOWN_COLOUR));
    mesh.name = `facelet ${sticker.index} (${sticker.face}${sticker.position})`;
    mesh.userData.facelet = sticker.index;
    mesh.userData.centre = sticker.centroid.clone().addScaledVector(sticker.normal, STICKER.lift);
    mesh.userData.normal = sticker.normal.clone();
    const piece = pieces[pieceIndex.get(sticker.cell)];
    piece.object.add(mesh);
    piece.facelets.push(sticker.index);
    return mesh;
  });

  const turns = new Map(
    Object.entries(TURNS).map(([move, { axis, angle, cells }]) => [
      move,
      { axis, angle, pieces: cells.map((cell) => pieceIndex.get(cell)) },
    ]),
  );

  return createPuzzleModel({
    id: "master_pyraminx",
    info,
    object,
    pieces,
    stickers,
    turns,
    dragMoves,
    camera: defaultCamera(),
  });
}
