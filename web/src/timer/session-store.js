// The timer's solves, one record {id, puzzle, ms, penalty, scramble, date} per solve, listed per
// puzzle, oldest first. They are held in memory and written through to IndexedDB
// (`polytwist-timer`), so a reload keeps the session. When IndexedDB fails (no IndexedDB, a
// private mode that refuses it, a blocked site, a full quota), the session goes on in memory,
// where every solve of this visit already is, until the page closes; `onFallback` says so once.
import { inTransaction, openDatabase, request } from "../storage/indexed-db.js";

const DATABASE = "polytwist-timer";
const STORE = "solves";

/** The solves in IndexedDB; rejects if the browser will not open the database. */
async function persistentStore() {
  const db = await openDatabase(DATABASE, (created) => {
    const store = created.createObjectStore(STORE, { keyPath: "id", autoIncrement: true });
    store.createIndex("puzzle", "puzzle");
  });
  const run = (mode, work) => inTransaction(db, STORE, mode, work);
  return {
    list: (puzzle) => run("readonly", (store) => request(store.index("puzzle").getAll(puzzle))),
    add: (solve) => run("readwrite", (store) => request(store.add(solve))),
    put: (solve) => run("readwrite", (store) => request(store.put(solve))),
    remove: (id) => run("readwrite", (store) => request(store.delete(id))),
    clear: (puzzle) =>
      run("readwrite", async (store) => {
        const ids = await request(store.index("puzzle").getAllKeys(puzzle));
        await Promise.all(ids.map((id) => request(store.delete(id))));
      }),
  };
}

function memoryStore() {
  const solves = new Map();
  return {
    list: (puzzle) =>
      [...solves.values()].filter((s) => s.puzzle === puzzle).sort((a, b) => a.id - b.id),
    /** Keeps `solve` under its own id (IndexedDB's), or the next one. */
    add: (solve) => {
      const id = solve.id ?? Math.max(0, ...solves.keys()) + 1;
      solves.set(id, { ...solve, id });
      return id;
    },
    put: (solve) => void solves.set(solve.id, { ...solve }),
    remove: (id) => void solves.delete(id),
    clear: (puzzle) => {
      for (const [id, solve] of solves) if (solve.puzzle === puzzle) solves.delete(id);
    },
  };
}

/**
 * The solves' store: {list(puzzle), add(solve) → id, put(solve), remove(id), clear(puzzle)}, all
 * promises. `onFallback(error)` is called once, when IndexedDB fails and the session is kept in
 * memory only from then on.
 */
export function openSessionStore(onFallback) {
  const memory = memoryStore();
  let failed = false;
  function fallBack(error) {
    if (failed) return;
    failed = true;
    onFallback(error);
  }
  const persistent = persistentStore().catch((error) => fallBack(error));

  /** `operation(store)` on the IndexedDB store; undefined once IndexedDB has failed. */
  async function persistently(operation) {
    const store = await persistent;
    if (failed) return undefined;
    try {
      return await operation(store);
    } catch (error) {
      fallBack(error);
      return undefined;
    }
  }

  return {
    async list(puzzle) {
      const kept = await persistently((store) => store.list(puzzle));
      if (kept) {
        memory.clear(puzzle);
        for (const solve of kept) memory.put(solve);
      }
      return memory.list(puzzle);
    },
    async add(solve) {
      const id = await persistently((store) => store.add(solve));
      return memory.add(id === undefined ? solve : { ...solve, id });
    },
    async put(solve) {
      await persistently((store) => store.put(solve));
      memory.put(solve);
    },
    async remove(id) {
      await persistently((store) => store.remove(id));
      memory.remove(id);
    },
    async clear(puzzle) {
      await persistently((store) => store.clear(puzzle));
      memory.clear(puzzle);
    },
  };
}
