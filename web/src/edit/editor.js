// The state editor: enter a real puzzle's colours sticker by sticker, checked by the engine as you
// go. A palette (palette.js) above a flat net of the stickers (net.js), two actions ("Clear to
// solved", "Fill from current position") and a live line with the engine's verdict.
//
//   const editor = createStateEditor({
//     container,                                   // the editor appends its <section> here
//     engineCall: (method, ...args) => engine.call(method, ...args),   // EngineClient.call
//     puzzleInfo: info,                            // the engine's puzzleInfo answer
//     layout: entry.net,                           // the stickers unfolded (the entry's net)
//     initialFacelets: position.facelets,          // optional: solved when left out
//     currentFacelets: () => position.facelets,    // optional: shows "Fill from current position"
//     onChange: (facelets) => …,                   // every edit: recolour the 3D model, disable Solve
//     onValid: ({ state, facelets }) => …,         // the engine accepted: enable Solve from `state`
//     onInvalid: ({ error, stickers, facelets }) => …,
//   });
//   editor.paint(index)            // paint with the chosen colour (the 3D view's click-painting)
//   editor.paint(index, "L")       // or with face L's colour
//   editor.setFacelets(f); editor.getFacelets(); editor.selectedColour; editor.destroy();
//   editor.element                 // the <section>
// Styles: ./edit.css in a page, or editStyleSheet() from ./styles.js adopted by a shadow root.
//
// Every change asks the engine's validate(id, facelets) after a short pause (later edits restart
// it; an answer for an older colouring is dropped). The engine's verdict is shown in a
// role="status" line in plain words, colours named as the palette paints them (problem-words.js;
// the engine's precise message is the line's title), and the stickers it names are highlighted
// on the net. The <section> carries
// data-validation = "pending" | "valid" | "invalid" | "failed" (the engine could not be asked).
//
// Keys: the palette's own (arrows, 1–9); on the net, arrows move between stickers, Enter / Space
// paint the focused sticker, and 1–9 pick that colour and paint it. Handled keys are
// preventDefault()ed, so the page's turning keys (which skip those) leave them alone.
import { createNet } from "./net.js";
import { createPalette, numberKey } from "./palette.js";
import { problemInWords } from "./problem-words.js";
import { button } from "../ui/button.js";
import { pressWord } from "../ui/format.js";

const VALIDATION_DELAY_MS = 120;

/**
 * @param {object} options
 * @param {HTMLElement | ShadowRoot} options.container
 * @param {(method: string, ...args: unknown[]) => Promise<any>} options.engineCall  resolves with
 *   the engine's parsed JSON answer
 * @param {{id: string, name: string, facelet_count: number,
 *   faces: {name: string, colour: string}[]}} options.puzzleInfo
 * @param {import("./net.js").NetLayout} options.layout  the puzzle's net, in the engine's
 *   sticker numbering
 * @param {string} [options.initialFacelets]
 * @param {() => string | Promise<string>} [options.currentFacelets]
 * @param {(facelets: string) => void} [options.onChange]
 * @param {(result: {state: string, facelets: string}) => void} [options.onValid]
 * @param {(result: {error: string, stickers: number[], facelets: string}) => void} [options.onInvalid]
 */
export function createStateEditor({
  container,
  engineCall,
  puzzleInfo,
  layout,
  initialFacelets,
  currentFacelets,
  onChange = () => {},
  onValid = () => {},
  onInvalid = () => {},
}) {
  const { id, faces } = puzzleInfo;
  const faceNames = new Set(faces.map((face) => face.name));

  const root = document.createElement("section");
  root.className = "state-editor";
  root.setAttribute("aria-label", `${puzzleInfo.name}: enter the colours`);
  const palette = createPalette({ faces, label: "Colour to paint" });
  const net = createNet({
    layout,
    faces,
    label: `${puzzleInfo.name} stickers, unfolded`,
    onPaint: (index) => paint(index),
  });
  const hint = document.createElement("p");
  hint.className = "hint";
  const keys = `1–${Math.min(9, faces.length)}`;
  hint.textContent =
    `Pick a colour, then ${pressWord()} stickers to paint them. Keys: arrows move between ` +
    `stickers, Enter or Space paints, ${keys} pick a colour and paint.`;
  const actions = document.createElement("div");
  actions.className = "actions";
  actions.append(button("Clear to solved", () => clearToSolved()));
  if (currentFacelets) {
    actions.append(button("Fill from current position", () => fillFromCurrent()));
  }
  const verdict = document.createElement("p");
  verdict.className = "verdict";
  verdict.setAttribute("role", "status");
  verdict.setAttribute("aria-live", "polite");
  root.append(palette.element, net.element, hint, actions, verdict);
  container.append(root);

  let facelets = "";
  let timer = 0;
  let generation = 0; // which change the newest validation belongs to
  let destroyed = false;

  function report(kind, text, precise = "") {
    root.dataset.validation = kind;
    verdict.dataset.kind = kind;
    verdict.textContent = text;
    if (precise) verdict.title = precise;
    else verdict.removeAttribute("title");
  }

  async function validate(change) {
    const sent = facelets;
    let answer;
    try {
      answer = await engineCall("validate", id, sent);
    } catch (err) {
      answer = { ok: false, failed: true, error: `The engine could not check it: ${err.message}` };
    }
    if (destroyed || change !== generation) return; // a later change has its own validation
    if (answer?.ok) {
      net.highlight([]);
      // The engine's flag, not an empty state: a domino can be solved but turned about U–D.
      report("valid", answer.solved ? "Valid: this is the solved position." : "Valid.");
      onValid({ state: answer.state, facelets: sent });
      return;
    }
    const error = answer?.error ?? "The engine gave no answer.";
    const stickers = Array.isArray(answer?.stickers) ? answer.stickers : [];
    net.highlight(stickers);
    const words = answer?.failed ? null : problemInWords(answer?.problem, faces);
    report(answer?.failed ? "failed" : "invalid", words ?? error, words ? error : "");
    onInvalid({ error, stickers, facelets: sent });
  }

  function changed() {
    net.setFacelets(facelets);
    const change = ++generation;
    root.dataset.validation = "pending";
    clearTimeout(timer);
    timer = setTimeout(() => validate(change), VALIDATION_DELAY_MS);
    onChange(facelets);
  }

  /**
   * Paints sticker `index` with face `faceName`'s colour (default: the palette's choice).
   * Returns whether the colouring changed; indices and names the puzzle lacks are ignored.
   */
  function paint(index, faceName = palette.selected) {
    const onNet = Number.isInteger(index) && index >= 0 && index < facelets.length;
    if (destroyed || !onNet || !faceNames.has(faceName) || facelets[index] === faceName) {
      return false;
    }
    facelets = facelets.slice(0, index) + faceName + facelets.slice(index + 1);
    changed();
    return true;
  }

  /** Shows a whole colouring: one character per sticker (other letters show grey). */
  function setFacelets(text) {
    if (typeof text !== "string" || text.length !== puzzleInfo.facelet_count) {
      throw new RangeError(`${id} needs ${puzzleInfo.facelet_count} facelets, got ${text?.length}`);
    }
    if (destroyed) return;
    facelets = text;
    changed();
  }

  async function clearToSolved() {
    try {
      const answer = await engineCall("applyMoves", id, "", "");
      if (!answer?.ok) throw new Error(answer?.error ?? "no answer");
      setFacelets(answer.facelets);
    } catch (err) {
      if (!destroyed) report("failed", `The solved position could not be loaded: ${err.message}`);
    }
  }

  async function fillFromCurrent() {
    try {
      setFacelets(await currentFacelets());
    } catch (err) {
      if (!destroyed) report("failed", `The current position could not be copied: ${err.message}`);
    }
  }

  root.addEventListener("keydown", (event) => {
    const index = Number(event.target?.dataset?.facelet);
    const number = numberKey(event);
    if (event.defaultPrevented || number === null || !Number.isInteger(index)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!palette.selectNumber(number)) return;
    event.preventDefault();
    paint(index);
  });

  if (initialFacelets === undefined) {
    net.setFacelets("");
    root.dataset.validation = "pending";
    clearToSolved();
  } else {
    setFacelets(initialFacelets);
  }

  return {
    element: root,
    paint,
    setFacelets,
    getFacelets: () => facelets,
    get selectedColour() {
      return palette.selected;
    },
    destroy() {
      destroyed = true;
      clearTimeout(timer);
      root.remove();
    },
  };
}
