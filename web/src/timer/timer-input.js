// The timer's hands: the space bar and a touch-and-hold on the timer's pad, as the press and the
// release the state machine (./machine.js) steps on. In timer mode the page's Space belongs to
// the timer (caught before the player, whose Space would play its moves, and before a focused
// button, which would click); while a solve runs any key or a touch anywhere stops it, and turns
// nothing. Escape cancels. Keys typed in a field are left alone.

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);
// Boxes ticked, not typed in: Space after ticking one (the timer's Inspection) is the timer's.
const TICKED = new Set(["checkbox", "radio"]);

function isTyping(event) {
  const target = event.composedPath()[0];
  if (!(target instanceof HTMLElement) || TICKED.has(target.type)) return false;
  return TYPING.has(target.tagName) || target.isContentEditable;
}

function swallow(event) {
  event.preventDefault();
  event.stopPropagation();
}

/**
 * @param {object} options
 * @param {HTMLElement} options.pad  the area a finger holds
 * @param {() => boolean} options.active  timer mode is on
 * @param {() => boolean} options.running  a solve is being timed
 * @param {(type: "press" | "release" | "cancel") => void} options.onInput
 */
export function listenToTimerInput({ pad, active, running, onInput }) {
  let key = null; // the code of the key held down, pressed for the timer
  let pointer = null; // the id of the pointer held down, pressed for the timer

  window.addEventListener(
    "keydown",
    (event) => {
      if (!active() || isTyping(event)) return;
      if (event.code === "Escape") {
        onInput("cancel");
        return;
      }
      const stops = running() && !["Shift", "Control", "Alt", "Meta"].includes(event.key);
      if (event.code !== "Space" && !stops) return;
      swallow(event);
      if (event.repeat || key !== null) return;
      key = event.code;
      onInput("press");
    },
    { capture: true },
  );
  window.addEventListener(
    "keyup",
    (event) => {
      if (event.code !== key && !(event.code === "Space" && active() && !isTyping(event))) return;
      swallow(event);
      if (event.code !== key) return;
      key = null;
      onInput("release");
    },
    { capture: true },
  );

  window.addEventListener(
    "pointerdown",
    (event) => {
      if (!active() || pointer !== null || event.button !== 0) return;
      if (!pad.contains(event.target) && !running()) return;
      swallow(event);
      pointer = event.pointerId;
      onInput("press");
    },
    { capture: true },
  );
  const letGo = (event) => {
    if (event.pointerId !== pointer) return;
    swallow(event);
    pointer = null;
    onInput("release");
  };
  window.addEventListener("pointerup", letGo, { capture: true });
  window.addEventListener("pointercancel", letGo, { capture: true });
  // A long touch would otherwise open the context menu or select the digits.
  pad.addEventListener("contextmenu", (event) => event.preventDefault());
}
