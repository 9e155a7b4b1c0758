// The Kilominx's dodecahedron (engine/puzzles/kilominx/kilominx.cpp, docs/puzzles/kilominx.md):
// its 12 faces as directions, each face's neighbours clockwise seen from outside, its 20 corners
// and its 60 kite-shaped stickers in the engine's numbering. Pure geometry, no DOM; shared by the
// 3D model and the net.
//
// Axes: +y = U, +z towards F, +x to the right of F. Seen from above with F in front, U's ring runs
// clockwise F L BL BR R (L on the left); the lower ring lies between, D opposite U. Inradius 1.
import { Vector3 } from "three";

const RING_ELEVATION = Math.atan(0.5); // of the faces around U above the horizontal
const DEG = Math.PI / 180;

/** A face's outward unit normal from its azimuth (from +z towards −x) and elevation. */
function direction(azimuth, elevation) {
  const a = azimuth * DEG;
  return new Vector3(
    -Math.sin(a) * Math.cos(elevation),
    Math.sin(elevation),
    Math.cos(a) * Math.cos(elevation),
  );
}

/**
 * The faces in the engine's order, each with its normal and the neighbour its sticker 0 starts
 * from (the engine's first-listed neighbour); the other neighbours follow clockwise.
 */
export const FACES = [
  { name: "U", normal: new Vector3(0, 1, 0), first: "F" },
  { name: "F", normal: direction(0, RING_ELEVATION), first: "U" },
  { name: "L", normal: direction(72, RING_ELEVATION), first: "U" },
  { name: "BL", normal: direction(144, RING_ELEVATION), first: "U" },
  { name: "BR", normal: direction(216, RING_ELEVATION), first: "U" },
  { name: "R", normal: direction(288, RING_ELEVATION), first: "U" },
  { name: "DL", normal: direction(36, -RING_ELEVATION), first: "F" },
  { name: "DR", normal: direction(324, -RING_ELEVATION), first: "R" },
  { name: "DBL", normal: direction(108, -RING_ELEVATION), first: "L" },
  { name: "DBR", normal: direction(252, -RING_ELEVATION), first: "BR" },
  { name: "DB", normal: direction(180, -RING_ELEVATION), first: "BL" },
  { name: "D", normal: new Vector3(0, -1, 0), first: "DL" },
];
export const FACE_NAMES = FACES.map((face) => face.name);
const byName = new Map(FACES.map((face) => [face.name, face]));
export const normalOf = (name) => byName.get(name).normal;

/**
 * A face's neighbours (the 5 faces whose normals are nearest), clockwise as seen from outside,
 * starting from its `first`.
 */
function neighbours(face) {
  const n = face.normal;
  const near = FACES.filter((other) => other !== face && other.normal.dot(n) > 0.4);
  // Clockwise seen from outside = decreasing angle about the outward normal.
  const u = normalOf(face.first).clone().addScaledVector(n, -normalOf(face.first).dot(n));
  const v = new Vector3().crossVectors(n, u);
  const angle = (other) => {
    const a = Math.atan2(other.normal.dot(v), other.normal.dot(u));
    return (2 * Math.PI - a) % (2 * Math.PI);
  };
  return near.sort((a, b) => angle(a) - angle(b)).map((other) => other.name);
}
export const NEIGHBOURS = new Map(FACES.map((face) => [face.name, neighbours(face)]));

/** The corner where three faces meet: each face's plane n·p = 1 holds it. */
function vertex(names) {
  const sum = names.reduce((s, name) => s.add(normalOf(name)), new Vector3());
  return sum.multiplyScalar(1 / sum.dot(normalOf(names[0])));
}

/** Corner i of face `name`: the one it shares with its neighbours i and i+1. */
export function faceCorner(name, i) {
  const ring = NEIGHBOURS.get(name);
  return vertex([name, ring[i % 5], ring[(i + 1) % 5]]);
}

/** The middle of the edge face `name` shares with its neighbour i. */
function edgeMiddle(name, i) {
  return faceCorner(name, i + 4)
    .add(faceCorner(name, i))
    .multiplyScalar(0.5);
}

/** The 20 corners as sets of face names, sorted, joined: "F L U". */
export const cornerKey = (names) => [...names].sort().join(" ");

/**
 * The 60 stickers by facelet index: face, its number on the face, the three faces of its corner,
 * and its kite (face centre, edge middle, corner, edge middle) counter-clockwise from outside.
 */
export const STICKERS = FACES.flatMap((face, f) => {
  const ring = NEIGHBOURS.get(face.name);
  return [0, 1, 2, 3, 4].map((i) => ({
    index: f * 5 + i,
    face: face.name,
    position: i,
    corner: cornerKey([face.name, ring[i], ring[(i + 1) % 5]]),
    normal: face.normal.clone(),
    // Clockwise neighbours: the kite from the next edge back to this one is counter-clockwise.
    corners: [
      face.normal.clone(),
      edgeMiddle(face.name, i + 1),
      faceCorner(face.name, i),
      edgeMiddle(face.name, i),
    ],
  }));
});

/** The corners (pieces): their key, the three faces and their position. */
export const CORNERS = [...new Set(STICKERS.map((s) => s.corner))].map((key) => ({
  key,
  faces: key.split(" "),
  position: vertex(key.split(" ")),
}));

/** A face's outline, counter-clockwise from outside. */
export const faceOutline = (name) => [0, 1, 2, 3, 4].map((i) => faceCorner(name, i)).reverse();

/** The moves of each face, as the engine names them, with their angles about the face normal. */
export const TURN_ANGLES = { "": -72, 2: -144, "2'": 144, "'": 72 };
