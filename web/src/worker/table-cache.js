// Whole-puzzle distance tables kept in IndexedDB between visits, so a second visit imports the
// table instead of running the BFS again. Entries are keyed by the engine's `table_key` (puzzle,
// engine version and table layout), so a new engine never reads an old table; storing a table
// drops the older keys of the same puzzle. Every failure (private mode, quota, no IndexedDB)
// degrades to "not cached": the caller then just builds the table.
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

/** The cached table bytes for `key`, or null. */
export async function loadTable(key) {
  try {
    const bytes = await transaction("readonly", (store) => request(store.get(key)));
    return bytes instanceof Uint8Array ? bytes : null;
  } catch {
    return null;
  }
}

/** Stores `bytes` under `key` and removes the other tables of the same puzzle. */
export async function storeTable(puzzle, key, bytes) {
  try {
    await transaction("readwrite", async (store) => {
      const keys = await request(store.getAllKeys());
      for (const old of keys) {
        if (typeof old === "string" && old.startsWith(`${puzzle}-`) && old !== key)
          store.delete(old);
      }
      await request(store.put(bytes, key));
    });
    return true;
  } catch {
    return false;
  }
}
