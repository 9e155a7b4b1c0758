// The state editor of a puzzle whose positions a person enters as text (puzzleInfo's
// `entry_help`: the Square-1's pieces by their colours, layer by layer): a text box holding a
// position as the engine writes it (a position's `entry`), the engine's help beside it, and a live
// line with the engine's verdict: its precise error with a caret under the column it names, or
// "Valid". Every change asks the engine's validate(id, text) after a short pause (an answer for
// older text is dropped), as ./editor.js does for colourings; the <section> carries the same
// data-validation ("pending" | "valid" | "invalid" | "failed") and the same classes for styles.
// With puzzleInfo's `entry_palette`, its tokens (each piece in its colours, the entry's marks)
// are buttons that write themselves at the cursor, so a phone need not type the letters.
import { renderNotationError } from "../ui/notation-error.js";
import { button } from "../ui/button.js";

const VALIDATION_DELAY_MS = 120;

/**
 * @param {object} options
 * @param {HTMLElement | ShadowRoot} options.container
 * @param {(method: string, ...args: unknown[]) => Promise<any>} options.engineCall
 * @param {{id: string, name: string, entry_help: string}} options.puzzleInfo
 * @param {string} options.initialEntry  the text to start from (the position shown's
 *   `entry_text`)
 * @param {() => string} options.currentEntry  the position shown's, for "Fill from current position"
 * @param {(answer: object) => void} [options.onValid]  the engine's position answer
 * @param {(answer: object) => void} [options.onInvalid]  the engine's refusal (error, column)
 */
export function createEntryEditor({
  container,
  engineCall,
  puzzleInfo,
  initialEntry,
  currentEntry,
  onValid = () => {},
  onInvalid = () => {},
}) {
  const root = document.createElement("section");
  root.className = "state-editor entry-editor";
  root.setAttribute("aria-label", `${puzzleInfo.name}: enter the position`);
  const label = document.createElement("label");
  label.className = "entry-label";
  label.textContent = `The ${puzzleInfo.name}'s pieces`;
  const field = document.createElement("textarea");
  field.className = "entry";
  field.rows = 3;
  field.spellcheck = false;
  field.autocapitalize = "characters";
  field.setAttribute("autocomplete", "off");
  label.append(field);
  const palette = puzzleInfo.entry_palette?.length ? createPalette(puzzleInfo.entry_palette) : null;
  const help = document.createElement("p");
  help.className = "entry-help";
  help.textContent = puzzleInfo.entry_help;
  const actions = document.createElement("div");
  actions.className = "actions";
  actions.append(
    button("Clear to solved", () => clearToSolved()),
    button("Fill from current position", () => setEntry(currentEntry())),
  );
  const verdict = document.createElement("div");
  verdict.className = "verdict";
  verdict.setAttribute("role", "status");
  verdict.setAttribute("aria-live", "polite");
  root.append(...[label, palette, help, actions, verdict].filter(Boolean));
  container.append(root);

  let timer = 0;
  let generation = 0; // which change the newest validation belongs to
  let destroyed = false;

  async function validate(change) {
    const sent = field.value.replace(/\s+/g, " ").trim();
    let answer;
    try {
      answer = await engineCall("validate", puzzleInfo.id, sent);
    } catch (err) {
      answer = { ok: false, failed: true, error: `The engine could not check it: ${err.message}` };
    }
    if (destroyed || change !== generation) return; // a later change has its own validation
    const kind = answer?.ok ? "valid" : answer?.failed ? "failed" : "invalid";
    root.dataset.validation = kind;
    verdict.dataset.kind = kind;
    if (answer?.ok) {
      field.removeAttribute("aria-invalid");
      verdict.textContent = answer.solved ? "Valid: this is the solved position." : "Valid.";
      onValid(answer);
      return;
    }
    field.setAttribute("aria-invalid", "true");
    renderNotationError(verdict, sent, answer ?? { error: "The engine gave no answer." });
    onInvalid(answer);
  }

  function changed() {
    const change = ++generation;
    root.dataset.validation = "pending";
    clearTimeout(timer);
    timer = setTimeout(() => validate(change), VALIDATION_DELAY_MS);
  }

  function setEntry(text) {
    field.value = text;
    changed();
  }

  async function clearToSolved() {
    try {
      const answer = await engineCall("applyMoves", puzzleInfo.id, "", "");
      if (!answer?.ok) throw new Error(answer?.error ?? "no answer");
      setEntry(answer.entry_text);
    } catch (err) {
      if (destroyed) return;
      root.dataset.validation = verdict.dataset.kind = "failed";
      verdict.textContent = `The solved position could not be loaded: ${err.message}`;
    }
  }

  /** The palette: a token written at the cursor, or the word before the cursor taken away. */
  function createPalette(tokens) {
    const group = document.createElement("div");
    group.className = "entry-palette";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", "Write a piece or mark at the cursor");
    for (const { text, label: meaning, colours } of tokens) {
      const key = button("", () => write(text));
      key.className = "entry-token";
      key.dataset.token = text;
      key.title = meaning;
      key.setAttribute("aria-label", `${text}: ${meaning}`);
      if (colours?.length) {
        const swatch = document.createElement("span");
        swatch.className = "entry-swatch";
        swatch.setAttribute("aria-hidden", "true");
        for (const colour of colours) {
          const band = document.createElement("span");
          band.style.background = colour;
          swatch.append(band);
        }
        key.append(swatch);
      }
      key.append(text);
      group.append(key);
    }
    const erase = button("⌫", eraseWord);
    erase.className = "entry-token entry-erase";
    erase.title = "Take away the word before the cursor";
    erase.setAttribute("aria-label", erase.title);
    group.append(erase);
    return group;
  }

  /** Writes `text` at the cursor, a space apart from the word before it (none after a `*`). */
  function write(text) {
    const { value, selectionStart: start, selectionEnd: end } = field;
    const before = value.slice(0, start);
    const gap = before === "" || /\s$/.test(before) || before.endsWith("*") ? "" : " ";
    const after = value.slice(end);
    const next = text === "*" || after === "" || /^\s/.test(after) ? "" : " ";
    field.value = before + gap + text + next + after;
    // The cursor moves on, the focus stays on the button (no phone keyboard pops up).
    field.selectionStart = field.selectionEnd = before.length + gap.length + text.length;
    changed();
  }

  function eraseWord() {
    const { value, selectionStart: start } = field;
    const before = value
      .slice(0, start)
      .replace(/\S*\s*$/, "")
      .trimEnd();
    const after = value.slice(start).trimStart();
    field.value = before + (before && after ? " " : "") + after;
    field.selectionStart = field.selectionEnd = before.length;
    changed();
  }

  field.addEventListener("input", changed);
  setEntry(initialEntry ?? "");

  return {
    element: root,
    /** The text box. */
    field,
    /**
     * Focuses the text box, or on a touch screen with a palette its first button: the phone's
     * keyboard would cover the palette.
     */
    focus() {
      const touch = window.matchMedia?.("(pointer: coarse)").matches;
      (touch && palette ? palette.querySelector("button") : field).focus();
    },
    destroy() {
      destroyed = true;
      clearTimeout(timer);
      root.remove();
    },
  };
}
