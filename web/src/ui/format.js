// Numbers and durations as the status lines and panels write them.

export const formatMs = (ms) =>
  ms < 1 ? "under 1 ms" : `${Math.round(ms).toLocaleString("en")} ms`;

export const formatCount = (n) => Number(n).toLocaleString("en");

/** A count in a few digits: 950, 12 k, 1.2 M, 3.4 G. */
export function formatShortCount(n) {
  const value = Number(n);
  for (const [size, unit] of [
    [1e12, "T"],
    [1e9, "G"],
    [1e6, "M"],
    [1e3, "k"],
  ]) {
    if (value >= size) {
      const scaled = value / size;
      return `${scaled < 10 ? scaled.toFixed(1) : Math.round(scaled)} ${unit}`;
    }
  }
  return String(Math.round(value));
}

/** Search speed: "14 M nodes/s". */
export const formatRate = (nodesPerSecond) => `${formatShortCount(nodesPerSecond)} nodes/s`;

/** Elapsed time in whole seconds, or tenths below ten: "0.4 s", "25 s". */
export const formatSeconds = (ms) =>
  ms < 10_000 ? `${(Math.max(0, ms) / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
