// The session list: the statistics (./statistics.js), every solve newest first with its time,
// its scramble and its penalty toggles (+2, DNF) and a delete button, the CSV download, and
// Clear session, which asks first (a session is many solves; one slip must not lose them).
import { button } from "../ui/button.js";
import { sessionCsv } from "./csv.js";
import { sessionStatistics } from "./statistics.js";
import { formatCentiseconds, formatResult } from "./times.js";

const STATISTICS = [
  ["count", "Solves"],
  ["best", "Best"],
  ["ao5", "ao5"],
  ["ao12", "ao12"],
  ["mean", "Mean"],
];

function statisticText(key, value) {
  if (key === "count") return String(value);
  return value === null ? "–" : formatCentiseconds(value);
}

/** Offers `text` as a file to download. */
function download(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the page's elements (sessionStats, …)
 * @param {(solve: object, penalty: string) => void} options.onPenalty  a toggle was pressed
 * @param {(solve: object) => void} options.onDelete
 * @param {() => void} options.onClear  every solve of the session shown is to go
 */
export function createSessionList({ ui, onPenalty, onDelete, onClear }) {
  let solves = [];
  let puzzle = { id: "", name: "" };

  ui.sessionExport.addEventListener("click", () => {
    const name = puzzle.id.replace(/[^A-Za-z0-9_-]+/g, "-").slice(0, 40);
    download(sessionCsv(solves), `polytwist-timer-${name}.csv`);
  });

  ui.sessionClear.addEventListener("click", () => {
    const count = solves.length === 1 ? "the one solve" : `all ${solves.length} solves`;
    ui.sessionConfirmText.textContent = `Clear ${count} of this ${puzzle.name} session? Export CSV first to keep a copy.`;
    ui.sessionConfirm.hidden = false;
    ui.sessionClearKeep.focus(); // the safe answer, for a second press that was not meant
  });
  ui.sessionClearKeep.addEventListener("click", () => {
    ui.sessionConfirm.hidden = true;
    ui.sessionClear.focus();
  });
  ui.sessionClearConfirm.addEventListener("click", () => {
    ui.sessionConfirm.hidden = true;
    onClear();
  });

  function solveItem(solve, number) {
    const item = document.createElement("li");
    item.dataset.id = solve.id;
    const head = document.createElement("span");
    head.className = "solve-number";
    head.textContent = `${number}.`;
    const time = document.createElement("span");
    time.className = "solve-time";
    time.textContent = formatResult(solve);
    const actions = document.createElement("span");
    actions.className = "solve-actions";
    actions.role = "group";
    actions.ariaLabel = `Solve ${number}`;
    for (const penalty of ["+2", "DNF"]) {
      const toggle = button(penalty, () =>
        onPenalty(solve, solve.penalty === penalty ? "" : penalty),
      );
      toggle.ariaPressed = String(solve.penalty === penalty);
      toggle.title = `${penalty} on solve ${number}`;
      actions.append(toggle);
    }
    const remove = button("×", () => onDelete(solve));
    remove.ariaLabel = `Delete solve ${number}`;
    remove.title = `Delete solve ${number}`;
    actions.append(remove);
    const scramble = document.createElement("code");
    scramble.className = "solve-scramble";
    scramble.textContent = solve.scramble;
    item.append(head, time, actions, scramble);
    return item;
  }

  /** Shows the solves (oldest first) of `shown`, a puzzle {id, name}. */
  function show(shown, list) {
    puzzle = shown;
    solves = list;
    ui.sessionConfirm.hidden = true;
    const statistics = sessionStatistics(solves);
    ui.sessionStats.replaceChildren(
      ...STATISTICS.map(([key, label]) => {
        const entry = document.createElement("div");
        entry.dataset.statistic = key;
        const term = document.createElement("dt");
        term.textContent = label;
        const value = document.createElement("dd");
        value.textContent = statisticText(key, statistics[key]);
        entry.append(term, value);
        return entry;
      }),
    );
    ui.sessionSolves.replaceChildren(...solves.map((s, i) => solveItem(s, i + 1)).reverse());
    ui.sessionExport.disabled = solves.length === 0;
    ui.sessionClear.disabled = solves.length === 0;
  }

  return { show };
}
