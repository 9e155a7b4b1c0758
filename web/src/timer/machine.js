// The timer's states, as speedcubing timers behave, without the DOM: a press and release starts
// the WCA inspection (./inspection.js); holding the key (or a finger) HOLD_MS makes the timer
// ready, and letting go starts the solve; the next press stops it. `timerStep(state, event)` is
// pure: events are {type: "press" | "release" | "tick" | "cancel", at} with `at` in milliseconds
// of one clock, and a state that has just stopped carries its `result` {ms, penalty}.
//
// Phases: idle → (press) starting → (release) inspecting → (press) holding → (HOLD_MS) ready →
// (release) running → (press) stopped → (release) idle. A hold let go too soon goes back to
// inspecting; cancel goes back to idle from anywhere, keeping no result.
import { inspectionDisplay, inspectionPenalty } from "./inspection.js";
import { formatCentiseconds, formatResult } from "./times.js";

/** How long the key or the finger is held before the timer is ready to start. */
export const HOLD_MS = 300;

export const initialTimerState = Object.freeze({ phase: "idle", result: null });

/** The state after `event`; the same object when the event does not apply. */
export function timerStep(state, { type, at }) {
  if (type === "cancel") return state.phase === "idle" ? state : initialTimerState;
  const { phase } = state;
  const held = (from) => at - from >= HOLD_MS;
  switch (`${phase} ${type}`) {
    case "idle press":
      return { ...state, phase: "starting" };
    case "starting release":
      return { phase: "inspecting", inspectionStart: at, result: null };
    case "inspecting press":
      return { ...state, phase: "holding", holdStart: at };
    case "holding tick":
      return held(state.holdStart) ? { ...state, phase: "ready" } : state;
    case "holding release":
      return held(state.holdStart) ? start(state, at) : { ...state, phase: "inspecting" };
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

function start(state, at) {
  return {
    phase: "running",
    solveStart: at,
    penalty: inspectionPenalty(at - state.inspectionStart),
    result: null,
  };
}

/** What the timer's display shows at time `now`. */
export function timerDisplay(state, now) {
  switch (state.phase) {
    case "inspecting":
    case "holding":
    case "ready":
      return inspectionDisplay(now - state.inspectionStart);
    case "running":
      return formatCentiseconds(Math.floor((now - state.solveStart) / 10));
    default:
      return state.result ? formatResult(state.result) : formatCentiseconds(0);
  }
}
