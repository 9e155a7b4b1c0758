// A session as CSV (RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a
// comma, a quote or a line break), oldest solve first, times in seconds so spreadsheets read
// them as numbers: No., Time (with its penalty, or DNF), Penalty, Raw time, Scramble, Date.
import { resultCentiseconds } from "./times.js";

const HEADER = ["No.", "Time", "Penalty", "Raw time", "Scramble", "Date"];

function field(value) {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const seconds = (cs) => (Number.isFinite(cs) ? (cs / 100).toFixed(2) : "DNF");

/** The solves (oldest first) as CSV text. */
export function sessionCsv(solves) {
  const rows = solves.map((solve, i) => [
    i + 1,
    seconds(resultCentiseconds(solve)),
    solve.penalty,
    seconds(Math.floor(solve.ms / 10)),
    solve.scramble,
    new Date(solve.date).toISOString(),
  ]);
  return [HEADER, ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
