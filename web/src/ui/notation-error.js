// The engine's notation errors: its message, and when it names a column (counted from 1) the text
// again with a caret under that column. Shown under the moves box (which is marked aria-invalid
// until it is edited) and in the player's messages for a bad alg or setup attribute.

/**
 * Fills `container` with the engine's message about `text`.
 * @param {HTMLElement} container
 * @param {string} text  the sequence the engine read
 * @param {{error: string, column?: number}} answer
 * @param {string} [prefix]  said before the engine's message, e.g. 'alg="R F": '
 */
export function renderNotationError(container, text, answer, prefix = "") {
  const message = document.createElement("div");
  message.className = "message";
  message.textContent = prefix + answer.error;
  container.replaceChildren(message);
  if (Number.isInteger(answer.column) && answer.column >= 1) {
    const pointer = document.createElement("pre");
    pointer.setAttribute("aria-hidden", "true");
    pointer.textContent = `${text}\n${" ".repeat(answer.column - 1)}^`;
    container.append(pointer);
  }
}

/** @param {{notation: HTMLInputElement, notationError: HTMLElement}} ui */
export function createNotationError(ui) {
  function clear() {
    ui.notationError.replaceChildren();
    ui.notation.removeAttribute("aria-invalid");
  }

  /** @param {string} text  what was typed; @param {{error: string, column?: number}} answer */
  function show(text, answer) {
    renderNotationError(ui.notationError, text, answer);
    if (Number.isInteger(answer.column) && answer.column >= 1) {
      ui.notation.setSelectionRange?.(answer.column - 1, answer.column);
    }
    ui.notation.setAttribute("aria-invalid", "true");
  }

  ui.notation.addEventListener("input", clear);
  return { show, clear };
}
