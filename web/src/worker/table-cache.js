// Whole-puzzle distance tables kept in IndexedDB between visits, so a second visit imports the
// table instead of running the BFS again. A table too big to keep (the domino's 102 MB) is kept as
// its distanceTable answer instead: the counts, which is what a second visit shows. Entries are
// keyed by the engine's `table_key` (puzzle, engine version and table layout), so a new engine
// never reads an old table; storing an entry drops the older keys of the same puzzle. Every
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
