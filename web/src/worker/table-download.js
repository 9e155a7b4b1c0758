// The optimal-search table sets the site ships (web/vite.config.js, shippedTables; docs/web.md):
// the site build lists them ([{key, puzzle, set, length}], `virtual:polytwist-shipped-tables`),
// so that the page asks for those alone; each set is tables/KEY/manifest.json ({key, length, chunks: [{file, length, packed, sha256}]}) and its
// pieces tables/KEY/FILE, gzip-compressed, each with the SHA-256 of its uncompressed bytes. So a
// download is checked piece by piece, resumes at the first piece not yet kept after a cut, and
// never holds a whole set of hundreds of megabytes twice.

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** The SHA-256 of `bytes` in hex. */
export async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => HEX[byte]).join("");
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A piece's bytes from what came (`packed`): decompressed when it is the gzip the manifest
 * lists, as it is when a host decompressed it already (Content-Encoding: gzip on a .gz file),
 * then checked against the piece's length and SHA-256. Throws an Error naming the piece (`where`).
 */
export async function inflatePiece(packed, chunk, where) {
  let bytes;
  if (packed.length === chunk.packed && packed[0] === 0x1f && packed[1] === 0x8b) {
    bytes = await gunzip(packed).catch(() => {
      throw new Error(`${where} is damaged (it does not decompress)`);
    });
  } else if (packed.length === chunk.length) {
    bytes = packed;
  } else {
    throw new Error(`${where} came cut short (${packed.length} of ${chunk.packed} bytes)`);
  }
  if (bytes.length !== chunk.length || (await sha256Hex(bytes)) !== chunk.sha256)
    throw new Error(`${where} is damaged (its SHA-256 differs from the site's manifest)`);
  return bytes;
}

/**
 * inflatePiece on `size` workers (./inflate.worker.js, started by `startWorker()`), so that
 * several pieces decompress at once and off the engine's thread: 16 MB take 150 ms in Chromium
 * on this project's machine, 4.4 s for the 3x3x3's 29 pieces on one thread. Where a worker
 * cannot start (a page of another origin whose host refuses it), the pieces are inflated here.
 */
export function createInflatePool(startWorker, size) {
  const workers = [];
  const pending = new Map(); // id → {resolve, reject, fallback}
  let nextId = 0;
  let broken = false;
  const fail = () => {
    broken = true;
    for (const [id, job] of pending) {
      pending.delete(id);
      job.fallback();
    }
  };
  const workerFor = (id) => {
    const slot = id % size;
    if (!workers[slot]) {
      const worker = startWorker();
      worker.onmessage = ({ data }) => {
        const job = pending.get(data.id);
        pending.delete(data.id);
        if (data.error === undefined) job?.resolve(data.bytes);
        else job?.reject(new Error(data.error));
      };
      worker.onerror = fail;
      workers[slot] = worker;
    }
    return workers[slot];
  };
  return (packed, chunk, where) => {
    if (broken) return inflatePiece(packed, chunk, where);
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const fallback = () => inflatePiece(packed, chunk, where).then(resolve, reject);
      pending.set(id, { resolve, reject, fallback });
      try {
        // A copy of `packed` goes (the caller keeps it); the bytes come back transferred.
        workerFor(id).postMessage({ id, packed, chunk, where });
      } catch {
        fail();
      }
    });
  };
}

const wholeNumber = (value) => Number.isSafeInteger(value) && value >= 0;

/** The manifest if it is one (every field there and consistent), else null. */
function checkedManifest(manifest, key) {
  if (manifest?.key !== key || !wholeNumber(manifest.length) || !Array.isArray(manifest.chunks))
    return null;
  let sum = 0;
  for (const chunk of manifest.chunks) {
    const fields =
      typeof chunk?.file === "string" &&
      /^[\w.-]+$/.test(chunk.file) &&
      wholeNumber(chunk.length) &&
      wholeNumber(chunk.packed) &&
      /^[0-9a-f]{64}$/.test(chunk.sha256 ?? "");
    if (!fields) return null;
    sum += chunk.length;
  }
  return sum === manifest.length ? manifest : null;
}

/**
 * @param {URL|string} base  the site's tables/ folder (ending in "/")
 * @param {object} [options]
 * @param {Array<{key: string, length: number}>} [options.shipped]  the sets the site ships, as
 *   its build listed them
 * @param {typeof fetch} [options.fetch]
 * @param {typeof inflatePiece} [options.inflate]  (createInflatePool's, in the page)
 */
export function createSiteTables(
  base,
  { shipped = [], fetch: fetchFn = (...args) => fetch(...args), inflate = inflatePiece } = {},
) {
  const fetchJson = async (path) => {
    const response = await fetchFn(new URL(path, base));
    if (!response.ok) return null;
    return response.json();
  };
  return {
    /** The sets the site ships. */
    list: async () => shipped,

    /** The manifest of set `key`, or null when the site does not ship it (nothing asked then). */
    async manifest(key) {
      if (!shipped.some((entry) => entry?.key === key)) return null;
      return checkedManifest(await fetchJson(`${key}/manifest.json`).catch(() => null), key);
    },

    /** Inflates and checks bytes of a piece kept as they came (the same as `piece`). */
    inflate,

    /**
     * Piece `i` of `manifest`'s set: downloaded, decompressed and checked against its hash;
     * `onProgress(fraction)` as it arrives. Resolves {bytes, packed} (what came, to keep), or
     * throws an Error that says what went wrong.
     */
    async piece(manifest, i, onProgress = () => {}) {
      const chunk = manifest.chunks[i];
      const where = `piece ${i + 1} of ${manifest.chunks.length}`;
      const response = await fetchFn(new URL(`${manifest.key}/${chunk.file}`, base));
      if (!response.ok) throw new Error(`${where} is not on the site (HTTP ${response.status})`);
      const parts = [];
      let received = 0;
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        received += value.length;
        onProgress(Math.min(1, received / Math.max(1, chunk.packed)));
      }
      const packed = new Uint8Array(received);
      let at = 0;
      for (const part of parts) {
        packed.set(part, at);
        at += part.length;
      }
      return { bytes: await inflate(packed, chunk, where), packed };
    },
  };
}
