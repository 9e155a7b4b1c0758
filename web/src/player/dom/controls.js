// The full player's controls, drawn from the player model and sending it what the reader does:
// the puzzle picker (by name), the moves box (played as the move list, as the alg is; the
// engine's error with a caret under its column),
// Scramble / Solve / Reset / Cancel / Edit colours, the status and progress lines, the question a
// long optimal search asks (keep searching, the fast solution instead, or cancel), the Export
// menu (loaded when first opened: ./export-menu.js); and the player's data attributes (ready,
// busy, puzzle, state, facelets, solved, digits), which mirror the model for tests and tools
// (docs/embedding.md).
//
// A button that cannot be used now is aria-disabled, not disabled: a disabled button loses the
// focus (Enter on Solve would drop it to the page), an aria-disabled one keeps it and ignores
// presses until it can be used again.
import { solveMethods, solverOf, unsolvableReason } from "../../engine/solvers.js";
import { createNotationError } from "../../ui/notation-error.js";

/** The model's actions that need a shown puzzle and no solve under way. */
const ACTIONS = ["scramble", "solve", "solveFast", "reset", "apply"];

/** Marks `button` usable or not (see above). */
function setUsable(button, usable) {
  if (usable) button.removeAttribute("aria-disabled");
  else button.setAttribute("aria-disabled", "true");
}

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the player's parts (../template.js)
 * @param {ReturnType<import("../model.js").createPlayerModel>} options.model
 * @param {{available: () => boolean}} options.editMode  whether the puzzle shown can be edited
 * @param {() => void} options.onEdit  Edit colours was pressed
 */
export function bindControls({ ui, model, editMode, onEdit }) {
  const notationError = createNotationError(ui);
  let listed = false; // the picker lists the engine's puzzles
  let solveOffered = true; // the engine offers a solve for the puzzle shown

  function update() {
    ui.player.dataset.ready = String(model.ready);
    ui.player.dataset.busy = String(model.busy);
    const usable = model.ready && !model.solving;
    for (const name of ACTIONS) setUsable(ui[name], usable);
    setUsable(ui.solve, usable && solveOffered);
    ui.notation.readOnly = !usable;
    ui.notation.toggleAttribute("aria-disabled", !usable);
    setUsable(ui.edit, usable && editMode.available());
    ui.edit.title =
      model.ready && !editMode.available() ? "This puzzle has no colours to edit." : "";
    ui.puzzle.disabled = !listed || model.solving;
    setUsable(ui.cancel, model.solving);
  }

  function mirror({ puzzle, state, facelets, solved, digits }) {
    const data = ui.player.dataset;
    Object.assign(data, { puzzle, state, facelets, solved: String(solved) });
    if (digits) data.digits = digits;
    else delete data.digits;
    ui.facelets.textContent = facelets;
  }

  function showPuzzle({ info, entry }) {
    if (!info) {
      for (const name of ["puzzle", "state", "facelets", "solved", "digits"]) {
        delete ui.player.dataset[name];
      }
      ui.facelets.textContent = "";
      ui.puzzle.value = ""; // so that picking any puzzle is a change
      return;
    }
    // A puzzle named by its description is not on the engine's list: the picker names it too.
    for (const option of ui.puzzle.querySelectorAll("option[data-described]")) option.remove();
    if (![...ui.puzzle.options].some((option) => option.value === info.id)) {
      const option = new Option(info.name, info.id);
      option.dataset.described = "";
      ui.puzzle.append(option);
    }
    ui.puzzle.value = info.id;
    ui.notation.placeholder = entry?.example ?? "";
    // Solve is the optimal solve; a puzzle the engine also solves fast (puzzleInfo's `methods`)
    // gets a Fast solution button beside it, and Solve says which it is. A puzzle the engine
    // cannot solve keeps Solve, unusable, with the engine's reason as its title.
    const methods = solveMethods(info);
    const unsolvable = unsolvableReason(info);
    const optimal = solverOf(info, "optimal");
    solveOffered = !unsolvable;
    ui.solve.hidden = !unsolvable && !methods.includes("optimal");
    ui.solveFast.hidden = !methods.includes("fast");
    ui.solve.title = unsolvable;
    ui.solve.textContent =
      optimal?.goal === "numbering"
        ? "Solve to nearest"
        : methods.includes("fast") || optimal?.search === "kernel"
          ? "Optimal solution"
          : "Solve";
    notationError.clear();
    update();
  }

  model.addEventListener("change", update);
  model.addEventListener("puzzles", ({ detail }) => {
    // Puzzles shown as the engine's pictures (listPuzzles' `view`) apart, after the 3D ones.
    const option = ({ id, name }) => new Option(name, id);
    const others = document.createElement("optgroup");
    others.label = "Other puzzles";
    others.append(...detail.puzzles.filter(({ view }) => view).map(option));
    ui.puzzle.replaceChildren(
      ...detail.puzzles.filter(({ view }) => !view).map(option),
      ...(others.childElementCount ? [others] : []),
    );
    listed = true;
    update();
  });
  model.addEventListener("puzzle", ({ detail }) => showPuzzle(detail));
  model.addEventListener("position", ({ detail }) => {
    mirror(detail.current);
    if (detail.cause === "start") notationError.clear();
  });
  model.addEventListener("status", ({ detail }) => {
    ui.status.textContent = detail.text;
    ui.status.dataset.kind = detail.kind;
  });
  // An optimal search estimated to take long asks what to do (the model's `longsearch`).
  model.addEventListener("longsearch", ({ detail }) => {
    const opening = ui.longSearch.hidden && detail;
    ui.longSearch.hidden = !detail;
    if (!detail) return;
    ui.longSearchText.textContent = detail.text;
    ui.longSearchNote.textContent = detail.note;
    ui.longSearchNote.hidden = !detail.note;
    ui.longSearchFast.hidden = !detail.fast;
    if (opening) ui.longSearchKeep.focus();
  });
  ui.longSearchFast.addEventListener("click", () => model.answerLongSearch("fast"));
  ui.longSearchKeep.addEventListener("click", () => model.answerLongSearch("keep"));
  ui.longSearchCancel.addEventListener("click", () => model.answerLongSearch("cancel"));
  model.addEventListener("progress", ({ detail }) => {
    ui.progress.textContent = detail.text;
    // The bar shows only while tables are built (a fraction is known); a search has no end to show.
    ui.progressBar.hidden = detail.fraction === undefined;
    if (detail.fraction !== undefined) ui.progressBar.value = detail.fraction;
  });

  // Presses on a control that cannot be used now go nowhere (see setUsable).
  ui.controls.addEventListener(
    "click",
    (event) => {
      if (!event.target.closest?.('[aria-disabled="true"]')) return;
      event.preventDefault();
      event.stopPropagation();
    },
    { capture: true },
  );
  ui.notationForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (ui.apply.getAttribute("aria-disabled") === "true") return;
    const text = ui.notation.value;
    const answer = await model.turn(text, { listed: true });
    if (answer && !answer.ok) notationError.show(text, answer);
    else if (answer) {
      notationError.clear();
      ui.notation.value = "";
    }
    ui.notation.focus();
  });
  ui.scramble.addEventListener("click", () => {
    notationError.clear();
    model.scramble();
  });
  ui.solve.addEventListener("click", () => model.solve("optimal"));
  ui.solveFast.addEventListener("click", () => model.solve("fast"));
  ui.reset.addEventListener("click", () => model.reset());
  ui.cancel.addEventListener("click", () => model.cancel());
  ui.edit.addEventListener("click", onEdit);
  // The Export menu and the exporter load when the menu first opens (not in the first load).
  let exportMenu = null;
  ui.exportMenu.addEventListener("beforetoggle", async ({ newState }) => {
    if (newState !== "open") return;
    exportMenu ??= import("./export-menu.js").then((module) => module.createExportMenu(ui));
    (await exportMenu).refresh();
  });
  update();

  return { update };
}
