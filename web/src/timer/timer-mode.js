// Timer mode on the app page: the header's Timer button turns it on and off (remembered for the
// tab's reloads). In timer mode the player shows the engine's scramble of its puzzle applied (so
// it can be copied to a real puzzle), the timer card times the solve (./machine.js, with the
// inputs of ./timer-input.js) and the session list (./session-list.js) keeps every solve of that
// puzzle in IndexedDB, or in memory when that fails (./session-store.js); another puzzle picked
// has its own session. The scramble recorded is always the one shown: the player's own Scramble
// button gives the timer its next scramble too, as New scramble does. Whether a solve starts
// with the WCA inspection, and whether the judge's calls beep, are settings this browser keeps.
import { beep } from "./beep.js";
import { initialTimerState, HOLD_MS, timerStep } from "./machine.js";
import { createSessionList } from "./session-list.js";
import { openSessionStore } from "./session-store.js";
import { listenToTimerInput } from "./timer-input.js";
import { createTimerPad } from "./timer-pad.js";

const MODE_KEY = "polytwist-mode";
const INSPECTION_KEY = "polytwist-timer-inspection";
const BEEP_KEY = "polytwist-timer-beep";
/** The beep of each call: the second higher. */
const BEEP_HZ = { "8 s": 660, "12 s": 880 };

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the page's elements by camelCased id
 * @param {HTMLElement} options.player  the app's <polytwist-player>
 */
export function createTimerMode({ ui, player }) {
  const store = openSessionStore((error) => {
    const why =
      error?.name === "QuotaExceededError"
        ? "its storage for this site is full"
        : "it lets this site keep no data, as some private windows do";
    ui.sessionNotice.textContent = `This browser is not keeping the session (${why}): the solves stay until the page is closed; Export CSV keeps a copy.`;
    ui.sessionNotice.hidden = false;
  });
  const now = () => performance.now();
  const pad = createTimerPad(ui, now, (call) => {
    if (call && ui.timerBeep.checked) beep(BEEP_HZ[call]);
  });
  let on = false;
  let state = initialTimerState;
  let puzzle = ""; // the puzzle whose session is shown
  let puzzleName = "";
  let scramble = null; // the scramble shown, once the engine gave it
  let scrambling = null; // the scramble asked for
  let holdTimer = 0;

  const list = createSessionList({
    ui,
    onPenalty: async (solve, penalty) => {
      await store.put({ ...solve, penalty });
      await loadSession();
    },
    onDelete: async (solve) => {
      await store.remove(solve.id);
      await loadSession();
    },
    onClear: async () => {
      await store.clear(puzzle);
      await loadSession();
    },
  });

  // Kept by the browser for every visit; a browser that keeps nothing inspects.
  ui.timerInspection.checked = readSetting(INSPECTION_KEY) !== "off";
  ui.timerInspection.addEventListener("change", () => {
    writeSetting(INSPECTION_KEY, ui.timerInspection.checked ? "on" : "off");
    show();
  });
  ui.timerBeep.checked = readSetting(BEEP_KEY) === "on";
  ui.timerBeep.addEventListener("change", () => {
    writeSetting(BEEP_KEY, ui.timerBeep.checked ? "on" : "off");
  });

  async function loadSession() {
    const shown = puzzle;
    const loaded = await store.list(shown);
    if (shown === puzzle) list.show({ id: puzzle, name: puzzleName }, loaded);
  }

  function show() {
    let waiting = "The engine gave no scramble: try New scramble.";
    if (scrambling) waiting = "Scrambling…";
    else if (!puzzle) waiting = "Loading the puzzle…";
    pad.show(state, {
      waiting: scramble === null && state.phase === "idle" ? waiting : "",
      inspection: ui.timerInspection.checked,
    });
    document.body.dataset.timerPhase = state.phase;
    ui.timerNewScramble.disabled = !puzzle || scrambling !== null || state.phase !== "idle";
  }

  /** The engine's next scramble, shown on the player and then above the timer (onScrambled). */
  async function newScramble() {
    showScramble(null);
    const asked = player.scramble();
    scrambling = asked;
    show();
    await asked;
    if (scrambling !== asked || !on) return;
    scrambling = null;
    show();
  }

  function showScramble(shown) {
    scramble = shown;
    ui.timerScramble.textContent = scramble ?? "";
  }

  /**
   * The player shows a scramble, asked for by the timer or by the player's Scramble button: the
   * solver copies this one, so it is the one recorded. An attempt under way with the scramble
   * before is called off.
   */
  function onScrambled({ detail }) {
    if (!on || detail.puzzle !== puzzle) return;
    showScramble(detail.scramble);
    if (!["idle", "stopped"].includes(state.phase)) step("cancel");
    show();
  }
  player.addEventListener("scramble", onScrambled);

  async function record({ ms, penalty }) {
    const solve = { puzzle, ms: Math.round(ms), penalty, scramble, date: Date.now() };
    await store.add(solve);
    await loadSession();
  }

  function step(type) {
    const before = state;
    state = timerStep(state, { type, at: now() }, { inspection: ui.timerInspection.checked });
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
    puzzleName = info.name;
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

/** A setting this browser keeps, or null (none yet, or a browser that keeps none). */
function readSetting(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSetting(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the setting holds until the page closes.
  }
}
