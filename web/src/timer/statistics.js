// A session's statistics as the WCA and speedcubing timers count them, in hundredths
// (./times.js; Infinity is a DNF): the best single, averages of the last 5 and 12 (the best and
// the worst dropped, the rest's mean rounded to hundredths, regulation 9f1; more DNFs than
// dropped results make the average a DNF) and the mean of the finished solves.
import { resultCentiseconds } from "./times.js";

/** The best result, Infinity when every solve is a DNF, null without solves. */
export function best(solves) {
  if (solves.length === 0) return null;
  return Math.min(...solves.map(resultCentiseconds));
}

/**
 * The average of the last `count` solves (in the order given, oldest first), one best and one
 * worst dropped; null while there are fewer solves.
 */
export function averageOf(solves, count) {
  if (solves.length < count) return null;
  const results = solves.slice(-count).map(resultCentiseconds);
  results.sort((a, b) => a - b);
  const counted = results.slice(1, -1);
  if (counted.some((cs) => !Number.isFinite(cs))) return Infinity;
  return Math.round(counted.reduce((sum, cs) => sum + cs, 0) / counted.length);
}

/** The mean of the solves that finished (DNFs left out), rounded; null when none did. */
export function mean(solves) {
  const finished = solves.map(resultCentiseconds).filter(Number.isFinite);
  if (finished.length === 0) return null;
  return Math.round(finished.reduce((sum, cs) => sum + cs, 0) / finished.length);
}

/** Everything the session list shows: {count, best, ao5, ao12, mean}. */
export function sessionStatistics(solves) {
  return {
    count: solves.length,
    best: best(solves),
    ao5: averageOf(solves, 5),
    ao12: averageOf(solves, 12),
    mean: mean(solves),
  };
}
