// The timer's pad: the big time (the inspection's countdown, the running time, the last result),
// coloured by phase, and a line that says what to do next. Redrawn every frame while time runs.
import { timerDisplay } from "./machine.js";

/** What to do next in each phase, with keys and on a touch screen. */
const HINTS = {
  idle: [
    "Scramble your puzzle as shown, then press Space: the 15 s inspection starts.",
    "Scramble your puzzle as shown, then tap here: the 15 s inspection starts.",
  ],
  starting: ["Let go to start the inspection.", "Let go to start the inspection."],
  inspecting: [
    "Hold Space until the time turns green, then let go to start. Esc cancels.",
    "Touch and hold here until the time turns green, then let go to start.",
  ],
  holding: ["Keep holding…", "Keep holding…"],
  ready: ["Let go to start!", "Let go to start!"],
  running: ["Any key stops the timer.", "Tap anywhere to stop the timer."],
  stopped: ["", ""],
};

const touchScreen = () => matchMedia("(pointer: coarse)").matches;

/**
 * @param {{timerPad: HTMLElement, timerDisplay: HTMLElement, timerHint: HTMLElement}} ui
 * @param {() => number} now  the clock the machine's events use
 */
export function createTimerPad(ui, now) {
  let state = null;
  let frame = 0;

  function draw() {
    frame = 0;
    const text = timerDisplay(state, now());
    ui.timerDisplay.textContent = text;
    // Inspection run over, or a DNF result: the time turns red.
    ui.timerPad.dataset.penalty = String(text === "+2" || text === "DNF");
    if (["inspecting", "holding", "ready", "running"].includes(state.phase)) {
      frame = requestAnimationFrame(draw);
    }
  }

  /** Shows `timerState`; `waiting` says why the timer cannot start yet (e.g. "Scrambling…"). */
  function show(timerState, waiting = "") {
    state = timerState;
    ui.timerPad.dataset.phase = state.phase;
    ui.timerHint.textContent = waiting || HINTS[state.phase][touchScreen() ? 1 : 0];
    cancelAnimationFrame(frame);
    draw();
  }

  return { show };
}
