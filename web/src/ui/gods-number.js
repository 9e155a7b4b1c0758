// The app page's "God's number" panel: computes the puzzle's distance table in its own engine worker (so the
// puzzle stays playable and Cancel only stops this), shows progress, then a bar chart with the
// current position's distance marked. That distance is the length of the engine's optimal solve
// of the position, asked again after every change (instant for puzzles solved by table descent).
import { splitMoves } from "../player/moves.js";
import { drawBarChart } from "./bar-chart.js";
import { formatCount } from "./format.js";

const LARGE_NUMBERS = [
  [10n ** 24n, "septillion"],
  [10n ** 21n, "sextillion"],
  [10n ** 18n, "quintillion"],
  [10n ** 15n, "quadrillion"],
  [10n ** 12n, "trillion"],
  [10n ** 9n, "billion"],
];

/**
 * " (about 43 quintillion)" for a count too long to read at a glance, " (about 1.0 × 10^68)"
 * past a thousand septillion, else "" (short scale).
 */
function inWords(count) {
  if (count >= 10n ** 27n) {
    const digits = count.toString();
    return ` (about ${digits[0]}.${digits[1]} × 10^${digits.length - 1})`;
  }
  const [size, word] = LARGE_NUMBERS.find(([size]) => count >= size) ?? [];
  return size ? ` (about ${count / size} ${word})` : "";
}

/** Beyond this, a table of 2 bits a position would not fit the engine's 2 GB heap. */
const MOST_POSITIONS_IN_A_TABLE = 8n * 10n ** 9n;

/**
 * Why the panel has no table: too many positions for any table, or (a puzzle small enough, such
 * as the Dino cube, whose solver needs none) no whole table built by the engine yet.
 */
function unavailableText(info) {
  const count = BigInt(info.state_count);
  const positions = `${count.toLocaleString("en")} positions${inWords(count)}`;
  return count > MOST_POSITIONS_IN_A_TABLE
    ? `No table: the ${info.name} has ${positions}, too many for a complete distance table.`
    : `No table: the ${info.name} has ${positions}, but polytwist has no complete distance table for it yet.`;
}

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the gods* elements of index.html
 * @param {() => import("../engine/client.js").EngineClient} options.createClient
 * @param {import("../player/polytwist-player.js").PolytwistPlayer} options.player  the puzzle
 */
export function createGodsNumberPanel({ ui, createClient, player }) {
  let client = null;
  const tables = new Map(); // puzzle id → distanceTable answer
  let computing = null; // puzzle id while a table is being computed
  let distance = null; // {puzzle, state, moves} of the last measured position
  let wanted = null; // {puzzle, state} still to measure
  let measuring = false;

  const engine = () => (client ??= createClient());
  const current = () => ({
    puzzle: player.puzzleInfo?.id ?? "",
    info: player.puzzleInfo,
    state: player.state,
  });
  const table = () => tables.get(current().puzzle);
  const mode = () => ui.gods.querySelector('input[name="gods-pieces"]:checked')?.value ?? "all";

  function setProgress(visible, text = "", fraction = 0) {
    ui.godsProgress.hidden = !visible;
    // Unchanged, left alone: a redraw of the page costs the worker's BFS time on two cores.
    if (ui.godsProgressText.textContent !== text) ui.godsProgressText.textContent = text;
    if (ui.godsProgressBar.value !== fraction) ui.godsProgressBar.value = fraction;
  }

  function updateControls() {
    const { info } = current();
    const available = Boolean(info) && info.has_distance_table !== false;
    ui.godsCompute.disabled = !available || computing !== null || tables.has(info?.id);
    ui.godsCompute.title = info && !available ? `The ${info.name} has no distance table.` : "";
    // Said on the panel too, where a touch screen shows it (a title needs a pointer to hover).
    ui.godsUnavailable.hidden = !info || available;
    ui.godsUnavailable.textContent = info && !available ? unavailableText(info) : "";
    ui.godsCancel.disabled = computing === null;
    ui.gods.dataset.state = computing ? "computing" : table() ? "shown" : "idle";
  }

  async function compute() {
    const { puzzle } = current();
    computing = puzzle;
    updateControls();
    const started = performance.now();
    let report = null; // the engine's latest {depth, visited, total}
    // Big tables take a while (the domino's over half a minute). The engine reports within each
    // depth, up to dozens of times a second; the line is redrawn from its latest report four
    // times a second, so the seconds tick on between reports. Redrawn for every report instead,
    // the domino's table took 43–49 s instead of 35–38 s in headless Chromium on two cores.
    const showProgress = () => {
      const seconds = `${Math.floor((performance.now() - started) / 1000)} s`;
      if (!report) {
        setProgress(true, `Starting… ${seconds}`);
        return;
      }
      const { depth, visited, total } = report;
      setProgress(
        true,
        `depth ${depth}: ${formatCount(visited)} / ${formatCount(total)} positions, ${seconds}`,
        total ? Number(visited) / Number(total) : 0,
      );
    };
    showProgress();
    const ticking = setInterval(showProgress, 250);
    // A live region that changes every second would be read out every second: only the outcome is.
    ui.godsProgressText.setAttribute("aria-busy", "true");
    try {
      const answer = await engine().distanceTable(puzzle, (latest) => (report = latest));
      if (!answer.ok) throw new Error(answer.error);
      tables.set(puzzle, answer);
      setProgress(false);
    } catch (err) {
      setProgress(true, err?.cancelled ? "Cancelled." : `Failed: ${err.message}`);
    } finally {
      clearInterval(ticking);
      ui.godsProgressText.removeAttribute("aria-busy");
      computing = null;
      updateControls();
      show();
    }
  }

  /** Asks the engine for the current position's distance (latest request wins). */
  async function measure() {
    const { puzzle, state } = current();
    if (!tables.has(puzzle)) return;
    if (distance?.puzzle === puzzle && distance.state === state) return;
    wanted = { puzzle, state };
    if (measuring) return;
    measuring = true;
    while (wanted) {
      const job = wanted;
      wanted = null;
      try {
        const answer = await engine().solve(job.puzzle, job.state, null);
        distance = { ...job, moves: answer.ok ? splitMoves(answer.solution) : null };
      } catch {
        distance = { ...job, moves: null }; // cancelled or failed: the next change asks again
      }
    }
    measuring = false;
    show();
  }

  /** Draws the chart of the current puzzle's table (if computed) and marks the position on it. */
  function show() {
    const answer = table();
    ui.godsResult.hidden = !answer;
    updateControls();
    if (!answer) return;
    const { puzzle, state } = current();
    const without = answer.without;
    ui.godsPieces.hidden = !without;
    if (without) ui.godsWithoutLabel.textContent = `Without ${without.pieces}`;
    const useWithout = Boolean(without) && mode() === "without";
    const counts = useWithout ? without.counts : answer.counts;
    const godsNumber = useWithout ? without.gods_number : answer.gods_number;
    const total = counts.reduce((sum, n) => sum + Number(n), 0);

    let here = null;
    const known = distance?.puzzle === puzzle && distance.state === state;
    if (known && distance.moves) {
      // Without those pieces, the solution's length less their own moves (the engine lists them).
      const own = new Set(useWithout ? without.moves : []);
      here = distance.moves.filter((move) => !own.has(move)).length;
    }
    drawBarChart(ui.godsChart, {
      counts: counts.map(Number),
      logScale: ui.godsLog.checked,
      current: here,
    });
    const scope = useWithout ? ` without ${without.pieces}` : "";
    ui.godsSummary.textContent = `God's number${scope}: ${godsNumber}. ${formatCount(total)} positions; bars show how many lie at each distance from solved.`;
    ui.godsDistance.textContent = !known
      ? "Measuring this position…"
      : here === null
        ? "This position's distance is not known."
        : here === 0
          ? `This position is solved${scope ? ` (${scope.trim()})` : ""}.`
          : `This position is ${here} ${here === 1 ? "move" : "moves"} from solved${scope}.`;
    ui.godsDistance.dataset.distance = here ?? "";
    if (!known) measure();
  }

  let drawnWidth = 0;
  new ResizeObserver(() => {
    const width = ui.godsChart.clientWidth;
    if (table() && Math.abs(width - drawnWidth) > 8) show();
    drawnWidth = width;
  }).observe(ui.godsChart);

  ui.godsCompute.addEventListener("click", compute);
  ui.godsCancel.addEventListener("click", () => client?.cancel());
  ui.godsLog.addEventListener("change", show);
  ui.godsPieces.addEventListener("change", show);

  return {
    /** After the puzzle changed: the panel shows that puzzle's table if it was computed. */
    puzzleChanged() {
      const all = ui.gods.querySelector('input[name="gods-pieces"][value="all"]');
      if (all) all.checked = true;
      if (!computing) setProgress(false);
      show();
    },
    /** After every position change. */
    positionChanged: show,
  };
}
