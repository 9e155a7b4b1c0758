// Numbers, durations and lists as the status lines and panels write them, and the word for a press.

/** "tap" on a touch screen (a coarse pointer), "click" elsewhere: what a press is called. */
export const pressWord = () =>
  globalThis.matchMedia?.("(pointer: coarse)").matches ? "tap" : "click";

export const formatMs = (ms) =>
  ms < 1 ? "under 1 ms" : `${Math.round(ms).toLocaleString("en")} ms`;

export const formatCount = (n) => Number(n).toLocaleString("en");

/** Items as a sentence lists them: "a", "a and b", "a, b and c". */
export const listInWords = (items) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

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

/** A duration ahead, roughly, as an estimate is: "40 s", "4 min", "3 h", "12 days". */
export function formatDuration(ms) {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${formatShortCount(Math.round(hours / 24))} days`;
}

/** The bidirectional formatting characters: a right-to-left override (U+202E) and its kin. */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text for a message that quotes what a page or a link gave: each bidirectional formatting
 * character written as [U+XXXX], so that none can reverse or reorder the rest of the message
 * (e.g. make "gnp.exe" read "exe.png"). Everything else is kept as it is.
 */
export const showBidiControls = (text) =>
  text.replace(
    BIDI_CONTROLS,
    (char) => `[U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}]`,
  );
