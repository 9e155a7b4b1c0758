// The timer's states, as speedcubing timers behave, without the DOM: a press and release starts
// the WCA inspection (./inspection.js); holding the key (or a finger) HOLD_MS makes the timer
// ready, and letting go starts the solve; the next press stops it. With inspection skipped (a
// setting), the first press is already the hold. `timerStep(state, event, settings)` is pure:
// events are {type: "press" | "release" | "tick" | "cancel", at} with `at` in milliseconds of one
// clock, and a state that has just stopped carries its `result` {ms, penalty}.
//
// Phases: idle → (press) starting → (release) inspecting → (press) holding → (HOLD_MS) ready →
// (release) running → (press) stopped → (release) idle; without inspection, idle → (press)
// holding. A hold let go too soon goes back to inspecting (or idle, without inspection); cancel
// goes back to idle from anywhere, keeping no result.
import { inspectionCall, inspectionDisplay, inspectionPenalty } from "./inspection.js";
import { formatCentiseconds, formatResult } from "./times.js";

/** How long the key or the finger is held before the timer is ready to start. */
export const HOLD_MS = 300;

export const initialTimerState = Object.freeze({ phase: "idle", result: null });

/**
 * The state after `event`; the same object when the event does not apply. `inspection: false`
 * skips the inspection: the solve starts from a hold, with no penalty.
 */
export function timerStep(state, { type, at }, { inspection = true } = {}) {
  if (type === "cancel") return state.phase === "idle" ? state : initialTimerState;
  const { phase } = state;
  const held = (from) => at - from >= HOLD_MS;
  switch (`${phase} ${type}`) {
    case "idle press":
      return inspection
        ? { ...state, phase: "starting" }
        : { ...state, phase: "holding", holdStart: at };
    case "starting release":
      return { phase: "inspecting", inspectionStart: at, result: null };
    case "inspecting press":
      return { ...state, phase: "holding", holdStart: at };
    case "holding tick":
      return held(state.holdStart) ? { ...state, phase: "ready" } : state;
    case "holding release":
      if (held(state.holdStart)) return start(state, at);
      return inspected(state)
        ? { ...state, phase: "inspecting" }
        : { phase: "idle", result: state.result };
    case "ready release":
      return start(state, at);
    case "running press":
      return {
        phase: "stopped",
        result: { ms: at - state.solveStart, penalty: state.penalty },
      };
    case "stopped release":
      return { phase: "idle", result: state.result };
    default:
      return state;
  }
}

/** The state's attempt began with an inspection. */
const inspected = (state) => state.inspectionStart !== undefined;

function start(state, at) {
  return {
    phase: "running",
    solveStart: at,
    penalty: inspected(state) ? inspectionPenalty(at - state.inspectionStart) : "",
    result: null,
  };
}

/** What the timer's display shows at time `now`. */
export function timerDisplay(state, now) {
  switch (state.phase) {
    case "inspecting":
    case "holding":
    case "ready":
      if (inspected(state)) return inspectionDisplay(now - state.inspectionStart);
      return formatCentiseconds(0);
    case "running":
      return formatCentiseconds(Math.floor((now - state.solveStart) / 10));
    default:
      return state.result ? formatResult(state.result) : formatCentiseconds(0);
  }
}

/** The judge's call at time `now` ("8 s", "12 s") while the inspection runs, else "". */
export function timerCall(state, now) {
  const inspecting = ["inspecting", "holding", "ready"].includes(state.phase);
  return inspecting && inspected(state) ? inspectionCall(now - state.inspectionStart) : "";
}
