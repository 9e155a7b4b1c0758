// The timer's pad: the big time (the inspection's countdown, the running time, the last result),
// coloured by phase, the judge's calls at 8 s and 12 s of inspection (shown, and said to screen
// readers once each), and a line that says what to do next. Redrawn every frame while time runs.
import { timerCall, timerDisplay } from "./machine.js";

/** What to do next in each phase, with keys and on a touch screen. */
const HINTS = {
  idle: [
    "Scramble your puzzle as shown, then press Space: the 15 s inspection starts.",
    "Scramble your puzzle as shown, then tap here: the 15 s inspection starts.",
  ],
  idleWithoutInspection: [
    "Scramble your puzzle as shown, then hold Space until the time turns green and let go to start.",
    "Scramble your puzzle as shown, then touch and hold here until the time turns green, and let go to start.",
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

/** The call as the judge says it, for screen readers: "8 seconds". */
const spoken = (call) => call.replace(" s", " seconds");

/**
 * @param {Record<string, HTMLElement>} ui  timerPad, timerDisplay, timerCall, timerAnnouncement,
 *   timerHint
 * @param {() => number} now  the clock the machine's events use
 * @param {(call: string) => void} onCall  the judge's call changed ("" when it ends)
 */
export function createTimerPad(ui, now, onCall) {
  let state = null;
  let frame = 0;

  function draw() {
    frame = 0;
    const at = now();
    const text = timerDisplay(state, at);
    ui.timerDisplay.textContent = text;
    const call = timerCall(state, at);
    if (ui.timerCall.textContent !== call) {
      ui.timerCall.textContent = call;
      ui.timerPad.dataset.call = call;
      // Written only when the call changes, so a screen reader says each call once.
      ui.timerAnnouncement.textContent = call && spoken(call);
      onCall(call);
    }
    // Inspection run over, or a DNF result: the time turns red.
    ui.timerPad.dataset.penalty = String(text === "+2" || text === "DNF");
    if (["inspecting", "holding", "ready", "running"].includes(state.phase)) {
      frame = requestAnimationFrame(draw);
    }
  }

  /**
   * Shows `timerState`; `waiting` says why the timer cannot start yet (e.g. "Scrambling…"),
   * `inspection` whether a solve starts with one.
   */
  function show(timerState, { waiting = "", inspection = true } = {}) {
    state = timerState;
    ui.timerPad.dataset.phase = state.phase;
    const hints = state.phase === "idle" && !inspection ? "idleWithoutInspection" : state.phase;
    ui.timerHint.textContent = waiting || HINTS[hints][touchScreen() ? 1 : 0];
    cancelAnimationFrame(frame);
    draw();
  }

  return { show };
}
