// Draws the app icons (a Pyraminx face: a triangle of nine stickers) as PNGs with no image library:
// run `node assets/make-icons.mjs` to regenerate assets/site/icon-192.png and icon-512.png
// (assets/site/ is served at the root of the built site).
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BACKGROUND = [0x1a, 0x1d, 0x23];
const PLASTIC = [0x0b, 0x0b, 0x0d];
// Sticker colours row by row (1, 3, 5 small triangles), as the engine's F, L, R, D faces.
const GREEN = [0x1a, 0x9e, 0x3a],
  RED = [0xd0, 0x02, 0x1b],
  BLUE = [0x00, 0x46, 0xad];
const YELLOW = [0xff, 0xd5, 0x00];
const STICKERS = [[GREEN], [RED, GREEN, BLUE], [YELLOW, GREEN, GREEN, GREEN, RED]];

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function png(size, colourAt) {
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    rows[y * (1 + size * 3)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b] = colourAt((x + 0.5) / size, (y + 0.5) / size);
      rows.set([r, g, b], y * (1 + size * 3) + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

// The big triangle fills the safe zone of a maskable icon (the central 80%). A point's barycentric
// coordinates (a toward the apex, b toward bottom left, c toward bottom right), scaled by 3 and
// floored, name its small triangle: the floors sum to 2 in upward triangles and to 1 in downward
// ones, and the fractional parts tell how close the point is to a sticker's edge.
const APEX = [0.5, 0.17];
const LEFT = [0.5 - 0.66 / Math.sqrt(3), 0.83];
const RIGHT = [0.5 + 0.66 / Math.sqrt(3), 0.83];
const GAP = 0.07; // plastic between stickers, in small-triangle heights

function barycentric([x, y]) {
  const det =
    (LEFT[1] - RIGHT[1]) * (APEX[0] - RIGHT[0]) + (RIGHT[0] - LEFT[0]) * (APEX[1] - RIGHT[1]);
  const a = ((LEFT[1] - RIGHT[1]) * (x - RIGHT[0]) + (RIGHT[0] - LEFT[0]) * (y - RIGHT[1])) / det;
  const b = ((RIGHT[1] - APEX[1]) * (x - RIGHT[0]) + (APEX[0] - RIGHT[0]) * (y - RIGHT[1])) / det;
  return [a, b, 1 - a - b];
}

function iconColour(x, y) {
  const weights = barycentric([x, y]);
  if (weights.some((w) => w < 0)) return BACKGROUND;
  const scaled = weights.map((w) => 3 * w);
  if (scaled.some((w) => Math.abs(w - Math.round(w)) < GAP / 2)) return PLASTIC;
  const [fa, fb, fc] = scaled.map((w) => Math.min(2, Math.floor(w)));
  const row = 2 - fa;
  const upward = fa + fb + fc === 2;
  return STICKERS[row][2 * fc + (upward ? 0 : 1)];
}

for (const size of [192, 512]) {
  writeFileSync(new URL(`site/icon-${size}.png`, import.meta.url), png(size, iconColour));
}
