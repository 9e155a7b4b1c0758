// The player's colour editor: "Edit colours" (controls="full") or player.editColours() opens the
// state editor (../edit/editor.js) in the edit panel, beside the view in a wide full player and
// under it otherwise. Stickers are painted on its net, or on the 3D model by clicking them; the
// model shows the colouring being entered, with the stickers the engine's error names striped.
// While the editor is open, keys and drags do not turn the puzzle (a drag turns the view). Done
// keeps the entered position once the engine accepts it, Solve from here also solves it, Cancel
// (or Esc) goes back to the position shown before. A puzzle entered as text instead (puzzleInfo's
// `entry_help`, the Square-1) gets the text editor (../edit/entry-editor.js), each position it
// names shown on the view as it is typed; loaded only then, as few puzzles need it.
import { createStateEditor } from "../edit/editor.js";
import { faceletAtHit } from "../edit/paint-3d.js";

/** A press on the view that moves less than this is a click (paint); more turns the view. */
const CLICK_SLOP_PX = 6;

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the player's parts (./template.js)
 * @param {import("../engine/client.js").EngineSession} options.engine
 * @param {ReturnType<import("../render/view.js").createView> | null} options.view
 * @param {ReturnType<import("./position.js").createPosition>} options.position  the model's
 * @param {() => object | null} options.puzzleModel  the 3D model of the puzzle shown
 * @param {(position: object) => void} options.showPosition  shows an engine's position answer on
 *   the view (a puzzle entered as text)
 * @param {(state: string, then: {solve: boolean}) => void} options.onAccept  Done (solve: false)
 *   or Solve from here (solve: true) with the engine's state of the entered colouring
 * @param {() => void} options.onToggle  the editor opened or closed
 */
export function createEditMode({
  ui,
  engine,
  view,
  position,
  puzzleModel,
  showPosition,
  onAccept,
  onToggle,
}) {
  let editor = null;
  let press = null; // {pointerId, x, y} of the pointer pressed on the view
  let acceptedState = null; // the engine's state of the colouring, while it is valid

  /** Whether the puzzle shown is entered as text (puzzleInfo's `entry_help`). */
  const enteredAsText = () => Boolean(position.current.info?.entry_help);

  /**
   * Whether the puzzle shown has a net to edit colours on (a numbered puzzle's stickers carry
   * digits, which its numbering panel edits, not colours), or is entered as text.
   */
  const available = () => {
    const { info, entry } = position.current;
    return Boolean(info && ((entry?.net && !entry.numbering) || enteredAsText()));
  };

  /** A colouring on the model (`shown`: a position's looks and sources, its mask drawn in). */
  function showOnModel(facelets, flagged = [], shown = {}) {
    const model = puzzleModel();
    if (!model) return;
    model.setFacelets(facelets, { flagged, looks: shown.looks, sources: shown.sources });
    view.requestRender();
  }

  function setAccepted(state) {
    acceptedState = state;
    ui.editSolve.disabled = state === null;
    ui.editDone.disabled = state === null;
  }

  /** Shows the panel with `editor` in it. */
  function showPanel() {
    ui.editPanel.hidden = false;
    ui.player.dataset.editing = "true";
    onToggle();
  }

  /**
   * Opens the text editor on the position shown, once its module has loaded (the panel shows at
   * once; the editor is a stand-in meanwhile, which closing drops).
   */
  function openEntry() {
    editor?.destroy();
    setAccepted(null);
    const loading = { destroy() {}, paint() {} };
    editor = loading;
    ui.editor.replaceChildren();
    ui.editHint.hidden = true; // no stickers to click: the pieces are typed
    showPanel();
    import("../edit/entry-editor.js").then(
      ({ createEntryEditor }) => {
        if (editor !== loading) return;
        editor = createEntryEditor({
          container: ui.editor,
          engineCall: (method, ...args) => engine.call(method, ...args),
          puzzleInfo: position.current.info,
          initialEntry: position.current.entry_text,
          currentEntry: () => position.current.entry_text,
          onValid: (answer) => {
            setAccepted(answer.state);
            showPosition(answer);
          },
          onInvalid: () => setAccepted(null),
        });
        editor.focus();
      },
      (err) => {
        if (editor !== loading) return;
        const message = document.createElement("p");
        message.setAttribute("role", "alert");
        message.textContent = `The editor could not be loaded: ${err?.message ?? err}`;
        ui.editor.replaceChildren(message);
      },
    );
    return true;
  }

  /**
   * Opens the editor on `facelets` (default: the position shown; a puzzle entered as text: the
   * position shown). False if it cannot.
   */
  function open(facelets = position.current.facelets) {
    const { info, entry } = position.current;
    if (available() && enteredAsText()) return openEntry();
    if (!available() || typeof facelets !== "string" || facelets.length !== info.facelet_count) {
      return false;
    }
    editor?.destroy();
    setAccepted(null);
    ui.editHint.hidden = false;
    editor = createStateEditor({
      container: ui.editor,
      engineCall: (method, ...args) => engine.call(method, ...args),
      puzzleInfo: info,
      layout: entry.net,
      initialFacelets: facelets,
      currentFacelets: () => position.current.facelets,
      onChange: (entered) => {
        setAccepted(null);
        showOnModel(entered);
      },
      onValid: ({ state }) => setAccepted(state),
      onInvalid: ({ stickers, facelets: entered }) => showOnModel(entered, stickers),
    });
    showPanel();
    editor.element.querySelector('.swatch[aria-checked="true"]')?.focus();
    return true;
  }

  /** Closes the editor; the model is left as it is (the caller shows a position next). */
  function close() {
    if (!editor) return false;
    editor.destroy();
    editor = null;
    press = null;
    setAccepted(null);
    ui.editPanel.hidden = true;
    ui.player.dataset.editing = "false";
    onToggle();
    return true;
  }

  /** Leaves the editor, back to the position shown before it opened. */
  function cancel() {
    if (!close()) return;
    if (enteredAsText()) showPosition(position.current);
    else showOnModel(position.current.facelets, [], position.current);
  }

  function accept(solve) {
    const state = acceptedState;
    if (state === null) return;
    close();
    onAccept(state, { solve });
    focusAfterClosing();
  }

  /** The focus was in the panel, now hidden: on to the Edit colours button (or the view). */
  function focusAfterClosing() {
    const target = ui.player.dataset.controls === "full" ? ui.edit : ui.view;
    target.focus({ preventScroll: true });
  }

  ui.editDone.addEventListener("click", () => accept(false));
  ui.editSolve.addEventListener("click", () => accept(true));
  ui.editCancel.addEventListener("click", () => {
    cancel();
    focusAfterClosing();
  });
  ui.editPanel.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.preventDefault();
    cancel();
    focusAfterClosing();
  });

  // Painting on the 3D model: a click (a press that hardly moved) on a sticker.
  ui.view.addEventListener("pointerdown", (event) => {
    press =
      editor && event.isPrimary && event.button === 0
        ? { pointerId: event.pointerId, x: event.clientX, y: event.clientY }
        : null;
  });
  ui.view.addEventListener("pointerup", (event) => {
    const start = press;
    press = null;
    const model = puzzleModel();
    if (!editor || !view || !model || start?.pointerId !== event.pointerId) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) >= CLICK_SLOP_PX) return;
    const facelet = faceletAtHit(view.pick(event.clientX, event.clientY, model.object), model);
    if (facelet !== null) editor.paint(facelet);
  });

  return {
    open,
    cancel,
    available,
    /** Whether the editor is open. */
    get active() {
      return editor !== null;
    },
  };
}
