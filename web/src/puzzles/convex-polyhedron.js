// Convex polyhedra as lists of planar faces, cut by planes: enough to build the solid pieces of a
// puzzle (a Pyraminx tip is a tetrahedron cut by one plane, an edge by five). Pure math, no DOM.
//
// A polyhedron is an array of faces; a face is an array of Vector3 corners, counter-clockwise as
// seen from outside.
import { BufferGeometry, Float32BufferAttribute, Vector3 } from "three";

const EPSILON = 1e-9;

/**
 * Cuts `polyhedron` by the plane normal·p = offset and keeps the part where normal·p <= offset.
 * The cut surface becomes a new face. Returns [] when nothing is left.
 */
export function clipPolyhedron(polyhedron, normal, offset) {
  const kept = [];
  const cutPoints = [];
  for (const face of polyhedron) {
    const clipped = clipPolygon(face, normal, offset, cutPoints);
    if (clipped.length >= 3) kept.push(clipped);
  }
  const cap = capPolygon(cutPoints, normal);
  if (cap.length >= 3) kept.push(cap);
  return kept;
}

/** Sutherland–Hodgman for one polygon; points created on the plane are added to `cutPoints`. */
function clipPolygon(polygon, normal, offset, cutPoints) {
  const out = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    const da = normal.dot(a) - offset;
    const db = normal.dot(b) - offset;
    if (da <= EPSILON) out.push(a);
    if ((da < -EPSILON && db > EPSILON) || (da > EPSILON && db < -EPSILON)) {
      const point = a.clone().lerp(b, da / (da - db));
      out.push(point);
      cutPoints.push(point);
    } else if (Math.abs(da) <= EPSILON) {
      cutPoints.push(a);
    }
  }
  return out;
}

/** The new face on the cutting plane: the cut points, deduplicated, sorted CCW around `normal`. */
function capPolygon(points, normal) {
  const unique = [];
  for (const p of points) {
    if (!unique.some((q) => q.distanceToSquared(p) < 1e-12)) unique.push(p);
  }
  if (unique.length < 3) return [];
  const centre = unique.reduce((sum, p) => sum.add(p), new Vector3()).divideScalar(unique.length);
  const u = unique[0].clone().sub(centre).normalize();
  const v = new Vector3().crossVectors(normal, u);
  const angle = (p) => {
    const d = p.clone().sub(centre);
    return Math.atan2(d.dot(v), d.dot(u));
  };
  return unique.map((p) => p.clone()).sort((p, q) => angle(p) - angle(q));
}

/** The volume of a polyhedron (a sum of tetrahedra from the origin, one per face triangle). */
export function polyhedronVolume(polyhedron) {
  let volume = 0;
  for (const face of polyhedron) {
    for (let i = 1; i + 1 < face.length; i++) {
      volume += face[0].dot(new Vector3().crossVectors(face[i], face[i + 1])) / 6;
    }
  }
  return volume;
}

/** The outward unit normal of a face (Newell's method: robust to collinear corners). */
export function faceNormal(face) {
  const normal = new Vector3();
  for (let i = 0; i < face.length; i++) {
    const a = face[i];
    const b = face[(i + 1) % face.length];
    normal.x += (a.y - b.y) * (a.z + b.z);
    normal.y += (a.z - b.z) * (a.x + b.x);
    normal.z += (a.x - b.x) * (a.y + b.y);
  }
  return normal.normalize();
}

/** A flat-shaded, non-indexed BufferGeometry of the polyhedron (each face a triangle fan). */
export function polyhedronGeometry(polyhedron) {
  const positions = [];
  const normals = [];
  for (const face of polyhedron) {
    const normal = faceNormal(face);
    for (let i = 1; i + 1 < face.length; i++) {
      for (const p of [face[0], face[i], face[i + 1]]) {
        positions.push(p.x, p.y, p.z);
        normals.push(normal.x, normal.y, normal.z);
      }
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
  geometry.setAttribute("normal", new Float32BufferAttribute(normals, 3));
  return geometry;
}
