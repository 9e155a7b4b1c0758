// The turn-speed slider: how long one animated turn takes (200 ms at 1×).

const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];
const BASE_TURN_MS = 200;

/** @param {{speed: HTMLInputElement, speedValue: HTMLOutputElement}} ui */
export function createSpeedControl(ui) {
  const factor = () => SPEEDS[Number(ui.speed.value)] ?? 1;
  const show = () => {
    const text = `${factor()}×`;
    ui.speedValue.textContent = text;
    ui.speed.setAttribute("aria-valuetext", text);
  };
  ui.speed.addEventListener("input", show);
  show();
  return {
    /** Milliseconds for one turn; shorter when `waiting` more turns are queued behind it. */
    turnMs: (waiting = 0) => BASE_TURN_MS / factor() / Math.min(4, 1 + waiting),
    /** The pause between two moves of a playing solution. */
    pauseMs: () => (0.6 * BASE_TURN_MS) / factor(),
  };
}
