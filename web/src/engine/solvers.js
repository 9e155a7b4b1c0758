// How the engine solves and scrambles a puzzle, read from puzzleInfo: `methods` and `solvers`,
// which come from the engine's solver registry (engine/puzzles/solvers.hpp; docs/api.md). The
// player and the worker read them here and decide nothing about solvers themselves.

/**
 * The ways Solve works, by solveWith's method names: "optimal" (solve; a numbered puzzle's is
 * the solve to its numbering) and e.g. "fast" (a two-phase search); [] when the engine offers
 * none. A puzzle that lists none has the optimal solve only.
 */
export const solveMethods = (info) => info?.methods ?? ["optimal"];

/**
 * How `method` solves the puzzle: {method, search, goal, optimal} from `solvers.solve` (search:
 * "descent", "ida", "kernel" or "two-phase"; goal: "solved" or "numbering"), or null.
 */
export const solverOf = (info, method) =>
  info?.solvers?.solve?.find?.((solver) => solver.method === method) ?? null;

/** Why Solve is not offered for the puzzle (the engine's words), or "" when it is. */
export function unsolvableReason(info) {
  if (!info || solveMethods(info).length > 0) return "";
  return info.solvers?.unsolvable || `The ${info.name} has no solver.`;
}

/**
 * Whether a scramble solves a random state with the optimal-search kernel, whose default table
 * set is then made ready first (from the cache, the site or a build; worker/optimal-job.js).
 */
export const scrambleNeedsTables = (info) => info?.solvers?.scramble?.search === "kernel";
