// The engine's notation error shown inline under the moves box, with a caret under the column it
// names (counted from 1); the box is marked aria-invalid until it is edited.

/** @param {{notation: HTMLInputElement, notationError: HTMLElement}} ui */
export function createNotationError(ui) {
  function clear() {
    ui.notationError.replaceChildren();
    ui.notation.removeAttribute("aria-invalid");
  }

  /** @param {string} text  what was typed; @param {{error: string, column?: number}} answer */
  function show(text, answer) {
    const message = document.createElement("div");
    message.className = "message";
    message.textContent = answer.error;
    ui.notationError.replaceChildren(message);
    if (Number.isInteger(answer.column) && answer.column >= 1) {
      const pointer = document.createElement("pre");
      pointer.setAttribute("aria-hidden", "true");
      pointer.textContent = `${text}\n${" ".repeat(answer.column - 1)}^`;
      ui.notationError.append(pointer);
      ui.notation.setSelectionRange?.(answer.column - 1, answer.column);
    }
    ui.notation.setAttribute("aria-invalid", "true");
  }

  ui.notation.addEventListener("input", clear);
  return { show, clear };
}
