// Timer mode on the app page: the header's Timer button turns it on and off (remembered for the
// tab's reloads). In timer mode the player shows the engine's scramble of its puzzle applied (so
// it can be copied to a real puzzle), the timer card times the solve (./machine.js, with the
// inputs of ./timer-input.js) and the session list (./session-list.js) keeps every solve of that
// puzzle in IndexedDB (./session-store.js); another puzzle picked has its own session.
import { initialTimerState, HOLD_MS, timerStep } from "./machine.js";
import { createSessionList } from "./session-list.js";
import { openSessionStore } from "./session-store.js";
import { listenToTimerInput } from "./timer-input.js";
import { createTimerPad } from "./timer-pad.js";

const MODE_KEY = "polytwist-mode";

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the page's elements by camelCased id
 * @param {HTMLElement} options.player  the app's <polytwist-player>
 */
export function createTimerMode({ ui, player }) {
  const opened = openSessionStore();
  const now = () => performance.now();
  const pad = createTimerPad(ui, now);
  let on = false;
  let state = initialTimerState;
  let puzzle = ""; // the puzzle whose session is shown
  let scramble = null; // the scramble shown, once the engine gave it
  let scrambling = null; // the scramble asked for
  let holdTimer = 0;

  const list = createSessionList({
    ui,
    onPenalty: async (solve, penalty) => {
      await (await opened).put({ ...solve, penalty });
      await loadSession();
    },
    onDelete: async (solve) => {
      await (await opened).remove(solve.id);
      await loadSession();
    },
  });

  async function loadSession() {
    const shown = puzzle;
    const loaded = await (await opened).list(shown);
    if (shown === puzzle) list.show(puzzle, loaded);
  }

  function show() {
    let waiting = "The engine gave no scramble: try New scramble.";
    if (scrambling) waiting = "Scrambling…";
    else if (!puzzle) waiting = "Loading the puzzle…";
    pad.show(state, scramble === null && state.phase === "idle" ? waiting : "");
    document.body.dataset.timerPhase = state.phase;
    ui.timerNewScramble.disabled = !puzzle || scrambling !== null || state.phase !== "idle";
  }

  /** The engine's next scramble, shown on the player and above the timer. */
  async function newScramble() {
    scramble = null;
    ui.timerScramble.textContent = "";
    const asked = player.scramble();
    scrambling = asked;
    show();
    const answer = await asked;
    if (scrambling !== asked || !on) return;
    scrambling = null;
    scramble = answer?.ok ? answer.scramble : null;
    ui.timerScramble.textContent = scramble ?? "";
    show();
  }

  async function record({ ms, penalty }) {
    const solve = { puzzle, ms: Math.round(ms), penalty, scramble, date: Date.now() };
    await (await opened).add(solve);
    await loadSession();
  }

  function step(type) {
    const before = state;
    state = timerStep(state, { type, at: now() });
    if (state === before) return;
    clearTimeout(holdTimer);
    if (state.phase === "holding") holdTimer = setTimeout(() => step("tick"), HOLD_MS);
    if (state.phase === "stopped") {
      record(state.result);
      newScramble();
    }
    show();
  }

  listenToTimerInput({
    pad: ui.timerPad,
    active: () => on,
    running: () => state.phase === "running",
    onInput: (type) => {
      // Inspection waits for the scramble; a running solve is always stopped.
      if (type === "press" && state.phase === "idle" && scramble === null) return;
      step(type);
    },
  });
  ui.timerNewScramble.addEventListener("click", newScramble);

  function setMode(timer) {
    on = timer;
    step("cancel");
    document.body.dataset.mode = timer ? "timer" : "explore";
    ui.timerMode.ariaPressed = String(timer);
    sessionStorage.setItem(MODE_KEY, timer ? "timer" : "explore");
    if (timer) {
      scramble = null; // a fresh scramble for every visit: the player may show anything now
      puzzleChanged();
      show();
    } else {
      scrambling = null;
      delete document.body.dataset.timerPhase;
    }
  }
  ui.timerMode.addEventListener("click", () => setMode(!on));

  /** The player shows another puzzle: its own session and a scramble of it. */
  function puzzleChanged() {
    const info = player.puzzleInfo;
    if (!on || !info) return;
    if (info.id === puzzle && scramble !== null) return;
    step("cancel");
    puzzle = info.id;
    ui.timerPuzzle.textContent = info.name;
    loadSession();
    newScramble();
  }

  /** Back in timer mode if the tab was in it before a reload. */
  function restoreMode() {
    if (sessionStorage.getItem(MODE_KEY) === "timer") setMode(true);
  }

  return { puzzleChanged, restoreMode };
}
