// Black backings under stickers that reach beyond their piece's cell: where a description leaves
// pieces out, the stickers kept share the face (docs/geometry.md, "Pieces left out"), so the
// Kilominx's kites cross cut planes. Part way through a turn, the part of such a sticker beyond
// its cell would float over nothing, and the background would show beneath it; a prism of
// plastic under the whole sticker, turned with its piece, fills that gap as a real piece's body
// does. Stickers inside their cell (every puzzle that leaves nothing out) get none.
import { faceNormal } from "./convex-polyhedron.js";

/**
 * How far outside its slab an outline corner may lie and still be inside (model units: the
 * engine prints six significant digits, so a corner on a cut plane may seem 1e-5 off it).
 */
const CLOSE = 1e-4;

/** Whether some corner of the sticker lies outside one of its slabs. */
function reachesOut({ outline, slabs }, axes) {
  return axes.some(({ direction, cuts }, a) => {
    const low = slabs[a] > 0 ? cuts[slabs[a] - 1] : -Infinity;
    const high = slabs[a] < cuts.length ? cuts[slabs[a]] : Infinity;
    return outline.some((p) => {
      const along = p.dot(direction);
      return along < low - CLOSE || along > high + CLOSE;
    });
  });
}

/**
 * The backing of a sticker ({outline (anticlockwise seen from outside), normal, slabs}) as a
 * convex polyhedron (./convex-polyhedron.js): its outline pushed `depth` into the solid; null
 * when the sticker lies inside its cell.
 */
export function stickerBacking(sticker, axes, depth) {
  if (!reachesOut(sticker, axes)) return null;
  const { outline, normal } = sticker;
  const below = outline.map((p) => p.clone().addScaledVector(normal, -depth));
  const sides = outline.map((p, i) => {
    const next = (i + 1) % outline.length;
    const side = [outline[next], p, below[i], below[next]];
    const outward = outline[next].clone().sub(p).cross(normal);
    return faceNormal(side).dot(outward) < 0 ? side.reverse() : side;
  });
  return [outline.map((p) => p.clone()), [...below].reverse(), ...sides];
}
