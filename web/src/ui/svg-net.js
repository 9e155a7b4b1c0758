// SVG nets of stickers shared by the colour editor (edit/net.js) and the numbering panel
// (numbering/digit-net.js): element creation, polygon helpers, keyboard moves between stickers.
const SVG_NS = "http://www.w3.org/2000/svg";
/** A neighbour counts as lying in a direction up to about 50° off it. */
const MAX_SLOPE = 1.2;

export function svgElement(name, attributes = {}) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

export const pointList = (points) => points.map(([x, y]) => `${x},${y}`).join(" ");

export function scaledAbout([cx, cy], points, scale) {
  return points.map(([x, y]) => [cx + (x - cx) * scale, cy + (y - cy) * scale]);
}

export const centroid = (points) => [
  points.reduce((sum, [x]) => sum + x, 0) / points.length,
  points.reduce((sum, [, y]) => sum + y, 0) / points.length,
];

/**
 * The sticker whose centre lies nearest in direction (dx, dy) from sticker `from`'s centre,
 * preferring ones straight along it; null at the net's edge.
 * @param {number[][]} centres  sticker centres by facelet index
 */
export function stickerInDirection(centres, from, [dx, dy]) {
  const [fx, fy] = centres[from];
  let best = null;
  let bestScore = Infinity;
  centres.forEach(([x, y], index) => {
    const along = (x - fx) * dx + (y - fy) * dy;
    const across = Math.abs((x - fx) * dy - (y - fy) * dx);
    if (index === from || along <= 1e-9 || across > along * MAX_SLOPE) return;
    const score = along + across;
    if (score < bestScore) [best, bestScore] = [index, score];
  });
  return best;
}
