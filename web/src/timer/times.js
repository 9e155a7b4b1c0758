// A solve's result as the WCA counts it: the time measured (in milliseconds, shown truncated to
// hundredths, regulation 9f1), a penalty ("" none, "+2" two seconds added, "DNF" did not
// finish), and the text timers write for it.

export const PENALTIES = ["", "+2", "DNF"];

/** The result in whole hundredths with its penalty: Infinity for a DNF (it ranks last). */
export function resultCentiseconds({ ms, penalty }) {
  if (penalty === "DNF") return Infinity;
  return Math.floor(ms / 10) + (penalty === "+2" ? 200 : 0);
}

/** Hundredths as a timer shows them: "9.07", "1:02.30", "DNF" for Infinity. */
export function formatCentiseconds(cs) {
  if (!Number.isFinite(cs)) return "DNF";
  const minutes = Math.floor(cs / 6000);
  const seconds = ((cs % 6000) / 100).toFixed(2);
  return minutes > 0 ? `${minutes}:${seconds.padStart(5, "0")}` : seconds;
}

/** A solve as the session list writes it: "12.34", "14.34+" (with +2), "DNF". */
export function formatResult(solve) {
  const text = formatCentiseconds(resultCentiseconds(solve));
  return solve.penalty === "+2" ? `${text}+` : text;
}
