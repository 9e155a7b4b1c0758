// Build time (Node): a table set's bytes as the site ships them (worker/table-download.js reads
// them): pieces of TABLE_PIECE_BYTES, each gzip-compressed, and a manifest with each piece's
// length, compressed length and the SHA-256 of its bytes.
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

/** The same as the page's IndexedDB pieces (worker/table-cache.js PIECE_BYTES). */
export const TABLE_PIECE_BYTES = 16 * 2 ** 20;

/** Writes `bytes` as set `key`'s pieces and manifest.json in `dir`; resolves the manifest. */
export async function writeTablePieces(key, bytes, dir, pieceBytes = TABLE_PIECE_BYTES) {
  const gzipAsync = promisify(gzip);
  await mkdir(dir, { recursive: true });
  const chunks = [];
  const count = Math.ceil(bytes.length / pieceBytes);
  // Four at a time: Node's thread pool compresses them in parallel.
  for (let first = 0; first < count; first += 4) {
    const batch = [];
    for (let i = first; i < Math.min(count, first + 4); i++) {
      const piece = bytes.subarray(i * pieceBytes, (i + 1) * pieceBytes);
      batch.push(
        gzipAsync(piece, { level: 6 }).then(async (packed) => {
          await writeFile(`${dir}/${i}.gz`, packed);
          return {
            file: `${i}.gz`,
            length: piece.length,
            packed: packed.length,
            sha256: createHash("sha256").update(piece).digest("hex"),
          };
        }),
      );
    }
    chunks.push(...(await Promise.all(batch)));
  }
  const manifest = { key, length: bytes.length, encoding: "gzip", chunks };
  await writeFile(`${dir}/manifest.json`, JSON.stringify(manifest));
  return manifest;
}
