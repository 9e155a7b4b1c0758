// The digits 1–9 as flat vector glyphs (triangle meshes), for puzzles whose stickers carry digits.
// Each digit is a few centre lines (lines and Bézier curves) drawn with a round pen by three.js's
// own stroke builder, so it stays sharp at any zoom and needs no font file: the player loads
// nothing but its script, worker and wasm (docs/embedding.md).
import { BufferGeometry, Float32BufferAttribute, Path, Vector2 } from "three";
import { SVGLoader } from "three/examples/jsm/loaders/SVGLoader.js";

/** The pen's width, as a share of the digits' height (before the pen). */
const PEN = 0.19;
/** The box the centre lines are drawn in: x from 0 to WIDTH, y from 0 (baseline) to 1. */
const WIDTH = 0.62;

/** A closed circle as a path of its own (the stroke builder closes a path whose ends meet). */
const circle = (x, y, r) => new Path().absarc(x, y, r, Math.PI / 2, Math.PI / 2 + 2 * Math.PI);

/** The centre lines of each digit, in the box above. */
const STROKES = {
  1: () => [
    new Path().moveTo(0.12, 0.8).lineTo(0.34, 1).lineTo(0.34, 0),
    new Path().moveTo(0.1, 0).lineTo(0.58, 0),
  ],
  2: () => [
    new Path()
      .moveTo(0.05, 0.76)
      .bezierCurveTo(0.07, 1.03, 0.56, 1.04, 0.56, 0.74)
      .bezierCurveTo(0.56, 0.54, 0.38, 0.4, 0.04, 0)
      .lineTo(0.6, 0),
  ],
  3: () => [
    new Path()
      .moveTo(0.06, 0.87)
      .bezierCurveTo(0.16, 1.04, 0.55, 1.03, 0.55, 0.78)
      .bezierCurveTo(0.55, 0.61, 0.41, 0.55, 0.24, 0.55)
      .bezierCurveTo(0.46, 0.55, 0.6, 0.45, 0.6, 0.28)
      .bezierCurveTo(0.6, -0.05, 0.12, -0.07, 0.02, 0.14),
  ],
  4: () => [new Path().moveTo(0.45, 0).lineTo(0.45, 1).lineTo(0.01, 0.32).lineTo(0.62, 0.32)],
  5: () => [
    new Path()
      .moveTo(0.56, 1)
      .lineTo(0.11, 1)
      .lineTo(0.07, 0.56)
      .bezierCurveTo(0.2, 0.65, 0.6, 0.68, 0.6, 0.32)
      .bezierCurveTo(0.6, -0.05, 0.12, -0.07, 0.02, 0.14),
  ],
  6: () => [
    new Path().moveTo(0.52, 0.98).bezierCurveTo(0.22, 0.9, 0.03, 0.66, 0.03, 0.31),
    circle(0.31, 0.3, 0.28),
  ],
  7: () => [new Path().moveTo(0.02, 1).lineTo(0.6, 1).lineTo(0.2, 0)],
  8: () => [circle(0.31, 0.77, 0.21), circle(0.31, 0.28, 0.26)],
  // A 6 turned half a turn.
  9: () => [
    new Path().moveTo(0.1, 0.02).bezierCurveTo(0.4, 0.1, 0.59, 0.34, 0.59, 0.69),
    circle(0.31, 0.7, 0.28),
  ],
};

export const DIGITS = Object.keys(STROKES);

const style = SVGLoader.getStrokeStyle(PEN, "#000", "round", "round");

/** The outline points of a centre line; a path whose ends meet is made exactly closed. */
function centreLine(path) {
  const points = path.getPoints(12).map((p) => new Vector2(p.x, p.y));
  if (points[0].distanceTo(points.at(-1)) < 1e-6) points[points.length - 1] = points[0].clone();
  return points;
}

/** One flat geometry from the strokes of a digit, centred on the origin, 1 high with the pen. */
function digitGeometry(digit) {
  const positions = [];
  for (const path of STROKES[digit]()) {
    // Each stroke into an array of its own: the builder patches a closed path's first vertices
    // at fixed indices, whatever offset it was given.
    const stroke = [];
    SVGLoader.pointsToStrokeWithBuffers(centreLine(path), style, 8, 0.001, stroke);
    positions.push(...stroke);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
  const normals = new Float32Array(positions.length);
  for (let i = 2; i < normals.length; i += 3) normals[i] = 1;
  geometry.setAttribute("normal", new Float32BufferAttribute(normals, 3));
  // Centre the box (not each glyph's own extent), so every digit sits on one baseline.
  geometry.translate(-WIDTH / 2, -0.5, 0);
  geometry.scale(1 / (1 + PEN), 1 / (1 + PEN), 1);
  return geometry;
}

let glyphs = null;

/** The nine digit geometries by digit ("1"…"9"), built once and shared by every model. */
export function digitGeometries() {
  glyphs ??= Object.fromEntries(DIGITS.map((digit) => [digit, digitGeometry(digit)]));
  return glyphs;
}
