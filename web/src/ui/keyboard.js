// Keyboard turns: a puzzle's bindings ({keys: "Shift+Alt+U", move: "U'"}; a letter, a digit or "/",
// see puzzles/geometry-entry.js and the Square-1's puzzleInfo) matched on the physical key (event.code), so they work on any
// layout; plus Space / ← / → for playback. Keys are ignored while typing in a field. The player
// passes its keydown events to handle(): those inside it, or the whole page's (keyboard="page").

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

function parseKeys(keys) {
  const parts = keys.split("+");
  const key = parts.pop();
  return {
    code: key === "/" ? "Slash" : /^[0-9]$/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`,
    shift: parts.includes("Shift"),
    alt: parts.includes("Alt"),
  };
}

function isTyping(target) {
  return target instanceof HTMLElement && (TYPING.has(target.tagName) || target.isContentEditable);
}

/**
 * @param {object} handlers
 * @param {(move: string) => void} handlers.onMove
 * @param {{playPause: () => void, back: () => void, forward: () => void}} handlers.playback
 */
export function createKeyboard({ onMove, playback }) {
  let bindings = [];

  /** Uses these bindings from now on. */
  function setBindings(list) {
    bindings = list.map((binding) => ({ ...binding, ...parseKeys(binding.keys) }));
  }

  /** Acts on a keydown event if it is one of the keys (the event's default is then prevented). */
  function handle(event) {
    const target = event.composedPath()[0]; // inside the player's shadow root
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || isTyping(target)) return;
    const binding = bindings.find(
      (b) => b.code === event.code && b.shift === event.shiftKey && b.alt === event.altKey,
    );
    if (binding) {
      event.preventDefault();
      if (!event.repeat) onMove(binding.move);
      return;
    }
    // Playback keys, unless a control that uses them itself has the focus.
    const onControl = target instanceof Element && target.closest("button, a, summary");
    if (event.shiftKey || event.altKey || onControl) return;
    const action = {
      Space: playback.playPause,
      ArrowLeft: playback.back,
      ArrowRight: playback.forward,
    }[event.code];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  return { setBindings, handle };
}

function keyCell(keys) {
  const cell = document.createElement("td");
  keys.split("+").forEach((part, i) => {
    if (i > 0) cell.append("+");
    const kbd = document.createElement("kbd");
    kbd.textContent = part;
    cell.append(kbd);
  });
  return cell;
}

function moveCell(move) {
  const cell = document.createElement("td");
  if (move) {
    const code = document.createElement("code");
    code.textContent = move;
    cell.append(code);
  }
  return cell;
}

/**
 * Fills the help popover's key table: one row per letter with the bare key's turn and the turn
 * with Shift (Alt only inverts, which the caption says).
 * @param {HTMLElement} tbody
 * @param {{keys: string, move: string}[]} bindings
 */
export function renderKeyTable(tbody, bindings) {
  const letters = new Map();
  for (const { keys, move } of bindings) {
    if (keys.includes("Alt+")) continue;
    const letter = keys.split("+").pop();
    const row = letters.get(letter) ?? {};
    row[keys.startsWith("Shift+") ? "shifted" : "plain"] = move;
    letters.set(letter, row);
  }
  tbody.replaceChildren(
    ...[...letters].map(([letter, { plain, shifted }]) => {
      const row = document.createElement("tr");
      row.append(keyCell(letter), moveCell(plain), moveCell(shifted));
      return row;
    }),
  );
}
