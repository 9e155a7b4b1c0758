// The flat, rounded sticker that sits on a piece's outer face: a convex polygon shrunk by a border
// of black plastic, with rounded corners, lifted a hair above the face. Pure geometry, no DOM.
import { BufferGeometry, Float32BufferAttribute, Vector2, Vector3 } from "three";

const CORNER_SEGMENTS = 4;

/**
 * @param {Vector3[]} corners  the face polygon, convex, counter-clockwise seen from outside
 * @param {Vector3} normal     its outward unit normal
 * @param {{border: number, radius: number, lift: number}} size  border width, corner radius and
 *   height above the face, in the puzzle's units
 * @returns {BufferGeometry}
 */
export function stickerGeometry(corners, normal, { border, radius, lift }) {
  const origin = corners.reduce((sum, p) => sum.add(p), new Vector3()).divideScalar(corners.length);
  const u = corners[0].clone().sub(origin).normalize();
  const v = new Vector3().crossVectors(normal, u);
  const flat = corners.map((p) => {
    const d = p.clone().sub(origin);
    return new Vector2(d.dot(u), d.dot(v));
  });
  const outline = roundCorners(insetPolygon(flat, border), radius);

  const lifted = origin.clone().addScaledVector(normal, lift);
  const to3d = (q) => lifted.clone().addScaledVector(u, q.x).addScaledVector(v, q.y);
  const centre = to3d(new Vector2(0, 0));
  const positions = [];
  for (let i = 0; i < outline.length; i++) {
    for (const p of [centre, to3d(outline[i]), to3d(outline[(i + 1) % outline.length])]) {
      positions.push(p.x, p.y, p.z);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
  const normals = new Float32Array(positions.length);
  for (let i = 0; i < normals.length; i += 3) normals.set([normal.x, normal.y, normal.z], i);
  geometry.setAttribute("normal", new Float32BufferAttribute(normals, 3));
  return geometry;
}

/** Moves every edge of a CCW convex polygon inwards by `distance`. */
export function insetPolygon(points, distance) {
  const n = points.length;
  const lines = points.map((p, i) => {
    const direction = points[(i + 1) % n].clone().sub(p).normalize();
    const inward = new Vector2(-direction.y, direction.x);
    return { point: p.clone().addScaledVector(inward, distance), direction };
  });
  return lines.map((line, i) => intersect(lines[(i + n - 1) % n], line));
}

function intersect(a, b) {
  // a.point + s·a.direction = b.point + t·b.direction
  const cross = a.direction.x * b.direction.y - a.direction.y * b.direction.x;
  const d = b.point.clone().sub(a.point);
  const s = (d.x * b.direction.y - d.y * b.direction.x) / cross;
  return a.point.clone().addScaledVector(a.direction, s);
}

/** Replaces each corner of a convex polygon by a circular arc of `radius`. */
function roundCorners(points, radius) {
  const n = points.length;
  const out = [];
  for (let i = 0; i < n; i++) {
    const corner = points[i];
    const toPrevious = points[(i + n - 1) % n].clone().sub(corner);
    const toNext = points[(i + 1) % n].clone().sub(corner);
    const maxCut = Math.min(toPrevious.length(), toNext.length()) / 2;
    toPrevious.normalize();
    toNext.normalize();
    const half = Math.acos(Math.max(-1, Math.min(1, toPrevious.dot(toNext)))) / 2;
    const cut = Math.min(radius / Math.tan(half), maxCut);
    const start = corner.clone().addScaledVector(toPrevious, cut);
    const end = corner.clone().addScaledVector(toNext, cut);
    // A quadratic Bézier with the corner as control point: close to the arc, and always convex.
    for (let k = 0; k <= CORNER_SEGMENTS; k++) {
      const t = k / CORNER_SEGMENTS;
      out.push(
        start
          .clone()
          .multiplyScalar((1 - t) ** 2)
          .addScaledVector(corner, 2 * (1 - t) * t)
          .addScaledVector(end, t * t),
      );
    }
  }
  return out;
}
