// Numbers and durations as the status lines and panels write them.

export const formatMs = (ms) =>
  ms < 1 ? "under 1 ms" : `${Math.round(ms).toLocaleString("en")} ms`;

export const formatCount = (n) => Number(n).toLocaleString("en");
