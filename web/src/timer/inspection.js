// WCA inspection (the regulations' Article A3): 15 seconds to look at the scrambled puzzle; starting
// the solve after 15 s costs two seconds, after 17 s the attempt is a DNF. The judge calls out
// "8 seconds" and "12 seconds" as they pass.

export const INSPECTION_MS = 15_000;
export const DNF_AFTER_MS = 17_000;

/** The penalty of a solve started `elapsed` ms after inspection began: "", "+2" or "DNF". */
export function inspectionPenalty(elapsed) {
  if (elapsed <= INSPECTION_MS) return "";
  return elapsed <= DNF_AFTER_MS ? "+2" : "DNF";
}

/** What the countdown shows: the whole seconds left ("15" … "1"), then "+2", then "DNF". */
export function inspectionDisplay(elapsed) {
  const penalty = inspectionPenalty(elapsed);
  if (penalty) return penalty;
  return String(Math.max(1, Math.ceil((INSPECTION_MS - elapsed) / 1000)));
}

/** The judge's call at `elapsed` ms of inspection: "8 s" from 8 s, "12 s" from 12 s until 15 s. */
export function inspectionCall(elapsed) {
  if (elapsed < 8_000 || elapsed >= INSPECTION_MS) return "";
  return elapsed < 12_000 ? "8 s" : "12 s";
}
