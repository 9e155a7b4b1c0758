// Problems shown inside the player, one per source (an attribute's name, or "action" for a
// failed action): attribute values it could not use (a bad camera, an alg the engine refused, with
// a caret under the column the engine names). Each new message is also given to console.warn,
// for the page's author; nothing is thrown into the page.
import { renderNotationError } from "../ui/notation-error.js";

/** @param {HTMLUListElement} list */
export function createMessages(list) {
  const items = new Map(); // source → {item, text}

  function put(source, text, fill) {
    let entry = items.get(source);
    if (entry?.text === text) return;
    if (!entry) {
      entry = { item: document.createElement("li") };
      entry.item.dataset.source = source;
      items.set(source, entry);
      list.append(entry.item);
    }
    entry.text = text;
    fill(entry.item);
    console.warn(`<polytwist-player>: ${text}`);
  }

  return {
    /** Shows `text` as the message of `source` (replacing its previous one). */
    set(source, text) {
      put(source, text, (item) => (item.textContent = text));
    },
    /** Shows the engine's refusal of the sequence given in attribute `source`. */
    setNotation(source, sequence, answer) {
      const prefix = `${source}="${sequence}": `;
      put(source, prefix + answer.error, (item) =>
        renderNotationError(item, sequence, answer, prefix),
      );
    },
    clear(source) {
      items.get(source)?.item.remove();
      items.delete(source);
    },
  };
}
