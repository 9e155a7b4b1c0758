// The position as an SVG picture, seen as the 3D view sees it: every sticker that faces the
// camera as a flat polygon in its colour (the projection of its mesh, by the camera's own
// matrices), over the outline of the pieces in their plastic colour, and on a numbered puzzle
// the digit each sticker shows. The puzzles are convex and drawn at rest, so no sticker that
// faces the camera hides another and the picture needs no depth sorting.
import { Vector3 } from "three";

/** The least cosine between a sticker's normal and the way to the eye that gets its digit. */
const MIN_DIGIT_FACING = 0.1;

/**
 * @param {object} options
 * @param {import("three").Camera} options.camera  square (aspect 1)
 * @param {object} options.puzzle  a puzzle model at rest (../puzzles/puzzle-model.js)
 * @param {number} options.size  the picture's width and height in pixels
 * @param {string | null} options.background  a CSS colour, or null for none
 * @param {number} [options.width]  the whole picture's, with the back view (size by default)
 * @param {number} [options.height]
 * @param {{camera: import("three").Camera, x: number, y: number, side: number, frame?: {x: number,
 *   y: number, side: number, fill: string, stroke: string, width: number, radius: number}}}
 *   [options.back]  the back view: its camera and the square it fills, in a frame in a corner
 * @returns {string} the SVG document
 */
export function positionSvg({
  camera,
  puzzle,
  size,
  background,
  width = size,
  height = size,
  back = null,
}) {
  const frame = back?.frame;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    background ? `<rect width="100%" height="100%" fill="${escapeXml(background)}"/>` : "",
    seenBy(camera, puzzle, size),
    frame
      ? `<rect x="${round(frame.x + frame.width / 2)}" y="${round(frame.y + frame.width / 2)}" width="${round(frame.side - frame.width)}" height="${round(frame.side - frame.width)}" rx="${round(frame.radius)}" fill="${escapeXml(frame.fill)}" stroke="${escapeXml(frame.stroke)}" stroke-width="${round(frame.width)}"/>`
      : "",
    back
      ? `<svg x="${back.x}" y="${back.y}" width="${back.side}" height="${back.side}" viewBox="0 0 ${size} ${size}">${seenBy(back.camera, puzzle, size)}</svg>`
      : "",
    "</svg>",
  ].join("");
}

/** The puzzle seen by `camera` on a square of `size` pixels: its outline, stickers and digits. */
function seenBy(camera, puzzle, size) {
  camera.updateMatrixWorld();
  puzzle.object.updateMatrixWorld(true);
  const toPicture = (world) => {
    const ndc = world.clone().project(camera);
    return [((ndc.x + 1) / 2) * size, ((1 - ndc.y) / 2) * size];
  };
  const stickers = new Set(puzzle.stickers);
  const onSticker = (object) => {
    for (let node = object; node; node = node.parent) if (stickers.has(node)) return true;
    return false;
  };

  // The pieces' plastic: the outline of every mesh that is not a sticker or on one.
  const bodyPoints = [];
  let plastic = "#1b1b1b";
  puzzle.object.traverse((object) => {
    // A batch (../puzzles/batched-drawing.js) draws the parts this reads.
    if (!object.isMesh || !object.visible || object.userData.batch || onSticker(object)) return;
    plastic = colourOf(object.material) ?? plastic;
    bodyPoints.push(...meshPoints(object, toPicture));
  });

  const eye = camera.getWorldPosition(new Vector3());
  const digits = puzzle.shownDigits?.();
  const shapes = [];
  const labels = [];
  puzzle.stickers.forEach((sticker, facelet) => {
    const centre = puzzle.stickerCentre(facelet, { world: true });
    const facing = puzzle.stickerNormal(facelet).dot(eye.clone().sub(centre).normalize());
    if (facing <= 0) return;
    const outline = convexHull(meshPoints(sticker, toPicture));
    const fill = colourOf(sticker.material) ?? "#808080";
    shapes.push(
      `<polygon data-facelet="${facelet}" fill="${fill}" points="${pointList(outline)}"/>`,
    );
    // A digit on a sticker seen nearly edge-on would be a smudge: it is left out.
    const digit = facing > MIN_DIGIT_FACING && digits?.[facelet]?.trim();
    if (digit) labels.push(digitLabel(puzzle, facelet, digit, centre, outline, toPicture));
  });

  const body = convexHull(bodyPoints);
  return [
    body.length > 2
      ? `<polygon fill="${plastic}" stroke="${plastic}" stroke-width="${round(size / 200)}" stroke-linejoin="round" points="${pointList(body)}"/>`
      : "",
    `<g stroke="none">${shapes.join("")}</g>`,
    labels.length
      ? `<g fill="#1d1d1f" font-family="system-ui, sans-serif" font-weight="700" text-anchor="middle" dominant-baseline="central">${labels.join("")}</g>`
      : "",
  ].join("");
}

/** A digit drawn upright as on the model: at the sticker's centre, turned as its top points. */
function digitLabel(puzzle, facelet, digit, centre, outline, toPicture) {
  const [x, y] = toPicture(centre);
  const [tx, ty] = toPicture(centre.clone().addScaledVector(puzzle.digitUp(facelet), 0.1));
  const angle = (Math.atan2(tx - x, -(ty - y)) * 180) / Math.PI;
  const fontSize = Math.sqrt(Math.abs(polygonArea(outline))) * 0.75;
  return `<text x="${round(x)}" y="${round(y)}" font-size="${round(fontSize)}" transform="rotate(${round(angle)} ${round(x)} ${round(y)})">${digit}</text>`;
}

/** Every vertex of a mesh, on the picture. */
function meshPoints(mesh, toPicture) {
  const position = mesh.geometry?.attributes.position;
  if (!position) return [];
  const points = [];
  const vertex = new Vector3();
  for (let i = 0; i < position.count; i++) {
    vertex.fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld);
    points.push(toPicture(vertex));
  }
  return points;
}

/** A material's colour as "#rrggbb" (sRGB, as the page gave it), or null. */
function colourOf(material) {
  const colour = Array.isArray(material) ? material[0]?.color : material?.color;
  return colour ? `#${colour.getHexString()}` : null;
}

/** The convex hull of 2D points, anticlockwise (Andrew's monotone chain). */
export function convexHull(points) {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const hull = [];
    for (const p of list) {
      while (hull.length >= 2 && cross(hull.at(-2), hull.at(-1), p) <= 0) hull.pop();
      hull.push(p);
    }
    hull.pop();
    return hull;
  };
  return [...half(sorted), ...half(sorted.reverse())];
}

function polygonArea(points) {
  let twice = 0;
  points.forEach(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length];
    twice += x * ny - nx * y;
  });
  return twice / 2;
}

const round = (value) => Math.round(value * 100) / 100;
const pointList = (points) => points.map(([x, y]) => `${round(x)},${round(y)}`).join(" ");
const escapeXml = (text) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c],
  );
