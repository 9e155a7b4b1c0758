// The timer's solves kept in IndexedDB (`polytwist-timer`), so a reload keeps the session: one
// record per solve {id, puzzle, ms, penalty, scramble, date}, listed per puzzle, oldest first.
// Without IndexedDB (some private modes) the session lives in memory until the page closes.
const DATABASE = "polytwist-timer";
const STORE = "solves";

function request(operation) {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

function openDatabase() {
  const opening = indexedDB.open(DATABASE, 1);
  opening.onupgradeneeded = () => {
    const store = opening.result.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    store.createIndex("puzzle", "puzzle");
  };
  return request(opening);
}

/** The IndexedDB store, or null if the browser will not open one. */
async function persistentStore() {
  if (typeof indexedDB === "undefined") return null;
  try {
    const db = await openDatabase();
    const run = async (mode, work) => {
      const tx = db.transaction(STORE, mode);
      const result = await request(work(tx.objectStore(STORE)));
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
      return result;
    };
    return {
      list: (puzzle) => run("readonly", (store) => store.index("puzzle").getAll(puzzle)),
      add: (solve) => run("readwrite", (store) => store.add(solve)),
      put: (solve) => run("readwrite", (store) => store.put(solve)),
      remove: (id) => run("readwrite", (store) => store.delete(id)),
    };
  } catch {
    return null;
  }
}

function memoryStore() {
  const solves = new Map();
  let next = 1;
  return {
    list: async (puzzle) => [...solves.values()].filter((s) => s.puzzle === puzzle),
    add: async (solve) => {
      const id = next++;
      solves.set(id, { ...solve, id });
      return id;
    },
    put: async (solve) => void solves.set(solve.id, { ...solve }),
    remove: async (id) => void solves.delete(id),
  };
}

/**
 * The solves' store: {list(puzzle), add(solve) → id, put(solve), remove(id)}, all promises.
 * Records come back in the order they were added (their ids grow).
 */
export async function openSessionStore() {
  return (await persistentStore()) ?? memoryStore();
}
