// IndexedDB as promises, for what the site keeps in the browser between visits: the distance
// tables (worker/table-cache.js) and the timer's solves (timer/session-store.js).

/** The result of an IndexedDB request, as a promise. */
export function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

/**
 * The database `name` (version 1), made by `create(db)` the first time. Rejects when the browser
 * has no IndexedDB or refuses it (some private modes, a blocked site), even when `open` throws.
 */
export function openDatabase(name, create) {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") throw new Error("no IndexedDB");
    const opening = indexedDB.open(name, 1);
    opening.onupgradeneeded = () => create(opening.result);
    request(opening).then(resolve, reject);
  });
}

/**
 * `work(store)`'s result, run in a `mode` ("readonly" or "readwrite") transaction on the object
 * store `storeName` of `db`; resolves once the transaction has completed, so what it wrote is
 * kept, and rejects if it failed or was aborted (a full quota, for one).
 */
export async function inTransaction(db, storeName, mode, work) {
  const tx = db.transaction(storeName, mode);
  const completed = new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  const [result] = await Promise.all([work(tx.objectStore(storeName)), completed]);
  return result;
}
