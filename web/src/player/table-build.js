// How far a table build is, from the engine's BFS reports ({depth, visited, total, scanned}:
// engine/search/layered_bfs.hpp). Every layer scans the whole table once, so the work is counted
// in table scans: the layers finished plus the share of the current one scanned, out of an
// estimated number of layers. `visited / total` would not do: a table's index space may hold
// entries no position reaches (the Kilominx's small set reaches 58% of its entries), and the
// last layers find few, so that fraction stalls for the last third of the build.
//
// The number of layers is an estimate from the layer sizes measured so far: while the layers grow,
// the next ones are projected at the last growth ratio until they would fill the entries still
// unknown, then one layer that finds the rest and one that finds nothing (which ends the build);
// once they shrink, one layer more and the empty one. The fraction never goes back: the part of
// the bar still to fill stands for the work still to do as last estimated.

/** A layer-count estimate from the entries found by each finished layer (`found[d]`, d ≥ 1). */
export function estimateLayers(found, unknown) {
  const done = found.length - 1;
  const last = found[done];
  const before = found[done - 1];
  if (last < before) return done + 2;
  // Before two layers are known, at least doubling (a puzzle of two or more moves).
  const growth = done >= 1 && before > 0 ? last / before : 2;
  let projected = last;
  let filled = 0;
  let growing = 0;
  while (filled < unknown && growing < 64) {
    projected *= growth;
    filled += projected;
    growing++;
  }
  return done + growing + 2;
}

/**
 * A function of each BFS report in turn, answering the build's fraction (0–1, never less than
 * the one before): layers finished plus the current layer's scanned share, out of the estimated
 * layer count. A new build starts a new one.
 */
export function createBuildProgress() {
  const found = [0]; // entries found by each finished layer, found[0] = the goals
  let visitedBefore = 0; // entries reached by the finished layers
  let layers = 2;
  let shown = 0;
  let workShown = 0; // the work (in table scans) that `shown` stands for
  return ({ depth, visited, total, scanned }) => {
    if (!(total > 0)) return shown;
    const finished = scanned >= total;
    if (finished && (depth === 0 || depth === found.length)) {
      found[depth] = visited - visitedBefore;
      visitedBefore = visited;
      layers = Math.max(depth + 1, estimateLayers(found, total - visited));
    }
    // The layer being looked for is at least the last but one: the build ends with an empty one.
    layers = Math.max(layers, depth + 1);
    // The rest of the bar stands for the rest of the work as now estimated, so a new estimate
    // changes the pace, never the direction.
    const work = finished ? depth : depth - 1 + scanned / total;
    if (work > workShown && layers > workShown) {
      shown += ((1 - shown) * (work - workShown)) / (layers - workShown);
      workShown = work;
    }
    return shown;
  };
}
