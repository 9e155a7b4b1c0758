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
const DATABASE = "polytwist-tables";
const STORE = "tables";

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

let database = null;
function open() {
  if (!database) {
    if (typeof indexedDB === "undefined") return Promise.reject(new Error("no IndexedDB"));
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    database = request(opening);
  }
  return database;
}

async function transaction(mode, work) {
  const db = await open();
  const tx = db.transaction(STORE, mode);
  const result = await work(tx.objectStore(STORE));
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  return result;
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

// Table sets of the optimal-search kernel (./optimal-job.js): tens to hundreds of MB, kept as a
// manifest {table_set: true, length, chunks} under the key and the bytes in CHUNK_BYTES pieces
// under `${key}#${i}` (one huge value is slower to write and read, and some browsers refuse it).
const CHUNK_BYTES = 16 * 2 ** 20;

/** Bytes as MB for messages. */
const megabytes = (bytes) => `${Math.ceil(bytes / 2 ** 20)} MB`;

/** A table set's bytes kept under `key`, or null (none kept, or a piece missing). */
export async function loadTableSet(key) {
  try {
    return await transaction("readonly", async (store) => {
      const manifest = await request(store.get(key));
      if (manifest?.table_set !== true) return null;
      const bytes = new Uint8Array(manifest.length);
      let offset = 0;
      for (let i = 0; i < manifest.chunks; i++) {
        const chunk = await request(store.get(`${key}#${i}`));
        if (!(chunk instanceof Uint8Array) || offset + chunk.length > bytes.length) return null;
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      return offset === bytes.length ? bytes : null;
    });
  } catch {
    return null;
  }
}

/**
 * Keeps a table set's bytes under `key` (dropping the puzzle's other entries, their pieces
 * included); resolves {ok} or {ok: false, error} saying why they were not kept (a full storage
 * quota, no IndexedDB), for the page to show: the solve goes on with the tables in memory.
 */
export async function storeTableSet(puzzle, key, bytes) {
  const estimate = await globalThis.navigator?.storage?.estimate?.().catch(() => null);
  if (estimate?.quota !== undefined && estimate.quota - (estimate.usage ?? 0) < bytes.length) {
    return {
      ok: false,
      error: `The tables (${megabytes(bytes.length)}) were not kept: the browser allows this site ${megabytes(estimate.quota - (estimate.usage ?? 0))} more storage. The next visit builds them again.`,
    };
  }
  try {
    await transaction("readwrite", async (store) => {
      const keys = await request(store.getAllKeys());
      for (const old of keys) {
        if (typeof old === "string" && old.startsWith(`${puzzle}-`) && !old.startsWith(key))
          store.delete(old);
      }
      const chunks = Math.ceil(bytes.length / CHUNK_BYTES);
      for (let i = 0; i < chunks; i++) {
        // A copy of each piece: storing a view would clone the whole buffer behind it.
        store.put(bytes.slice(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES), `${key}#${i}`);
      }
      // The manifest last: a store cut short leaves no manifest, so nothing half-kept is read.
      await request(store.put({ table_set: true, length: bytes.length, chunks }, key));
    });
    return { ok: true };
  } catch (err) {
    const quota = err?.name === "QuotaExceededError";
    return {
      ok: false,
      error: quota
        ? `The tables (${megabytes(bytes.length)}) were not kept: the browser's storage for this site is full. The next visit builds them again.`
        : `The tables were not kept (${err?.message ?? "no IndexedDB"}). The next visit builds them again.`,
    };
  }
}
