// Problems shown inside the player, one per source (an attribute's name, or "action" for a
// failed action): attribute values it could not use (a bad camera, an alg the engine refused, with
// a caret under the column the engine names). Each can be dismissed (×); a dismissed message
// stays away while its source keeps giving the same one (a reset reads the attributes again). Each
// new message is also given to console.warn (once), for the page's author; nothing is thrown into
// the page. Messages are text (textContent), with bidirectional formatting characters shown by
// code point (../ui/format.js).
import { showBidiControls } from "../ui/format.js";
import { renderNotationError } from "../ui/notation-error.js";

/** @param {HTMLUListElement} list */
export function createMessages(list) {
  const items = new Map(); // source → {item, body, text}
  const dismissed = new Map(); // source → the text dismissed
  const warned = new Set(); // "source text" of every message given to console.warn

  function put(source, text, fill) {
    let entry = items.get(source);
    if (entry?.text === text || dismissed.get(source) === text) return;
    dismissed.delete(source);
    if (!entry) {
      const item = document.createElement("li");
      item.dataset.source = source;
      const body = document.createElement("div");
      body.className = "message-body";
      const close = document.createElement("button");
      close.type = "button";
      close.className = "dismiss";
      close.textContent = "×";
      close.setAttribute("aria-label", "Dismiss this message");
      close.addEventListener("click", () => {
        dismissed.set(source, items.get(source)?.text);
        remove(source);
      });
      item.append(body, close);
      entry = { item, body };
      items.set(source, entry);
      list.append(item);
    }
    entry.text = text;
    fill(entry.body);
    // Once per message: the picture and the started player may each show the same one.
    if (!warned.has(`${source} ${text}`)) console.warn(`<polytwist-player>: ${text}`);
    warned.add(`${source} ${text}`);
  }

  function remove(source) {
    items.get(source)?.item.remove();
    items.delete(source);
  }

  return {
    /** Shows `text` as the message of `source` (replacing its previous one). */
    set(source, text) {
      put(source, text, (body) => (body.textContent = showBidiControls(text)));
    },
    /** Shows the engine's refusal of the sequence given in attribute `source`. */
    setNotation(source, sequence, answer) {
      const prefix = `${source}="${sequence}": `;
      const shown = { ...answer, error: showBidiControls(answer.error) };
      put(source, prefix + answer.error, (body) =>
        renderNotationError(body, sequence, shown, showBidiControls(prefix)),
      );
    },
    clear: remove,
  };
}
