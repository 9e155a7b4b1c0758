// Whole-puzzle distance tables kept in IndexedDB between visits, so a second visit imports the
// table instead of running the BFS again. A table too big to keep (the domino's 102 MB) is kept as
// its distanceTable answer instead: the counts, which is what a second visit shows. Entries are
// keyed by the engine's `table_key` (the puzzle and the table's definition fingerprint: its moves'
// effects, pieces, goals, coordinates and the table code's version), so an engine whose table
// means something else never reads an old one, while a release that changes none of that keeps
// it; storing an entry drops the older keys of the same puzzle. The engine also refuses bytes of
// another definition on import (the fingerprint is in their header). Every
// failure (private mode, quota, no IndexedDB) degrades to "not cached": the caller then just
// builds the table.
import { inTransaction, openDatabase, request } from "../storage/indexed-db.js";

const DATABASE = "polytwist-tables";
const STORE = "tables";

let database = null;
async function transaction(mode, work) {
  database ??= openDatabase(DATABASE, (db) => db.createObjectStore(STORE));
  return inTransaction(await database, STORE, mode, work);
}

/**
 * The cached entry for `key`: {bytes} (a table to import), {answer} (a distanceTable answer with
 * its counts), or null.
 */
export async function loadCached(key) {
  try {
    const value = await transaction("readonly", (store) => request(store.get(key)));
    if (value instanceof Uint8Array) return { bytes: value };
    if (value?.ok === true && Array.isArray(value.counts)) return { answer: value };
    return null;
  } catch {
    return null;
  }
}

/**
 * Stores `value` (a table's bytes, or a distanceTable answer) under `key` and removes the other
 * entries of the same puzzle.
 */
export async function storeCached(puzzle, key, value) {
  try {
    await transaction("readwrite", async (store) => {
      const keys = await request(store.getAllKeys());
      for (const old of keys) {
        if (typeof old === "string" && old.startsWith(`${puzzle}-`) && old !== key)
          store.delete(old);
      }
      await request(store.put(value, key));
    });
    return true;
  } catch {
    return false;
  }
}

// Table sets of the optimal-search kernel (./optimal-job.js): tens to hundreds of MB, kept in
// pieces under `${key}#${i}` (one huge value is slower to write and read, some browsers refuse
// it, and the engine takes a set piece by piece) and, once every piece is there, a manifest
// {table_set: true, length, chunks} under the key. A piece is a record {encoding, length, sha256,
// bytes}: "gzip" as the site sent it (the 3x3x3's set takes 250 MB of storage instead of 455 MB,
// and its hash is checked again when it is read), or "raw" for a set built in the page. A
// download that stopped keeps the pieces that came, so the next one resumes; only a set with its
// manifest is read as whole.
export const PIECE_BYTES = 16 * 2 ** 20;

/** Bytes as MB for messages. */
const megabytes = (bytes) => `${Math.ceil(bytes / 2 ** 20)} MB`;

/** The key's set before its definition's fingerprint: the prefix of its stale entries. */
const setPrefix = (key) => key.slice(0, key.lastIndexOf("-") + 1);

/** {length, chunks} of the set kept whole under `key`, or null. */
export async function keptTableSet(key) {
  try {
    const manifest = await transaction("readonly", (store) => request(store.get(key)));
    return manifest?.table_set === true ? manifest : null;
  } catch {
    return null;
  }
}

/** Piece `i` of the set under `key` as a record {encoding, length, sha256, bytes}, or null. */
export async function readPiece(key, i) {
  try {
    const piece = await transaction("readonly", (store) => request(store.get(`${key}#${i}`)));
    // Before records, pieces were their bytes.
    if (piece instanceof Uint8Array) return { encoding: "raw", length: piece.length, bytes: piece };
    return piece?.bytes instanceof Uint8Array ? piece : null;
  } catch {
    return null;
  }
}

/** The indices of the pieces kept under `key` (a download that stopped keeps some). */
export async function keptPieces(key) {
  try {
    const keys = await transaction("readonly", (store) => request(store.getAllKeys()));
    return new Set(
      keys
        .filter((entry) => typeof entry === "string" && entry.startsWith(`${key}#`))
        .map((entry) => Number(entry.slice(key.length + 1))),
    );
  } catch {
    return new Set();
  }
}

/**
 * Keeps piece `i` (a record, as readPiece answers) of a set of `length` bytes under `key`; the
 * first piece also drops stale entries of the same puzzle and set (another definition). Resolves
 * {ok} or {ok: false, error} saying why it was not kept (a full storage quota, no IndexedDB), for
 * the page to show: the solve goes on with the tables in memory.
 */
export async function keepPiece(key, i, record, length) {
  if (i === 0) {
    const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
    if (estimate?.quota !== undefined && estimate.quota - (estimate.usage ?? 0) < length) {
      return {
        ok: false,
        error: `The tables (${megabytes(length)}) were not kept: the browser allows this site ${megabytes(estimate.quota - (estimate.usage ?? 0))} more storage. The next visit fetches them again.`,
      };
    }
  }
  try {
    await transaction("readwrite", async (store) => {
      if (i === 0) {
        const keys = await request(store.getAllKeys());
        for (const old of keys) {
          if (
            typeof old === "string" &&
            old.startsWith(setPrefix(key)) &&
            !old.startsWith(`${key}#`)
          )
            store.delete(old);
        }
      }
      // A copy of a view: storing it would clone the whole buffer behind it.
      const bytes =
        record.bytes.byteLength === record.bytes.buffer.byteLength
          ? record.bytes
          : record.bytes.slice();
      await request(store.put({ ...record, bytes }, `${key}#${i}`));
    });
    return { ok: true };
  } catch (err) {
    const quota = err?.name === "QuotaExceededError";
    return {
      ok: false,
      error: quota
        ? `The tables (${megabytes(length)}) were not kept: the browser's storage for this site is full. The next visit fetches them again.`
        : `The tables were not kept (${err?.message ?? "no IndexedDB"}). The next visit fetches them again.`,
    };
  }
}

/** Marks the set under `key` whole (its pieces all kept): the manifest, written last. */
export async function completeTableSet(key, length, chunks) {
  try {
    await transaction("readwrite", (store) =>
      request(store.put({ table_set: true, length, chunks }, key)),
    );
    return { ok: true };
  } catch (err) {
    return { ok: false, error: `The tables were not kept (${err?.message ?? "no IndexedDB"}).` };
  }
}

/** Drops the set under `key` and its pieces (damaged ones, found on import). */
export async function dropTableSet(key) {
  try {
    await transaction("readwrite", async (store) => {
      const keys = await request(store.getAllKeys());
      for (const old of keys) {
        if (old === key || (typeof old === "string" && old.startsWith(`${key}#`)))
          store.delete(old);
      }
    });
  } catch {
    // Nothing kept, or nothing that can be dropped: the next store replaces it.
  }
}
