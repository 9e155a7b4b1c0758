// The player before it starts: a picture of its start position (the setup applied) in the
// stage's place, and what starts the player from it — the reader's first pointer press or key on
// the player, or its 3D button; until then the full controls name the puzzle and say what a press
// does, and say "Loading…" only once loading has begun. A setup of plain moves is painted from the puzzle's picture
// template (../picture/fast.js, a few KB); anything else by the model-only engine module
// (../picture/model.js), loaded only then.
import { PICTURES } from "virtual:polytwist-pictures";

import { fastPicture } from "../picture/fast.js";
import { pictureRotation } from "../render/camera-angles.js";
import { pressWord } from "../ui/format.js";
import { pictureParameters } from "./appearance.js";

/** The engine's picture: {ok, svg} or {ok: false, error, svg}. */
async function enginePicture(params) {
  const { picture } = await import("../picture/model.js");
  return picture(params);
}

/** The picture from the puzzle's template, or null when the engine must draw it. */
async function templatePicture({ pzl, alg = "", r, stage, sch }) {
  // A view turned, a mask or other colours: the engine draws them.
  if (r || stage || sch || !Object.hasOwn(PICTURES, pzl)) return null;
  const { default: template } = await PICTURES[pzl]();
  const svg = fastPicture(template, alg);
  return svg && { ok: true, svg };
}

/**
 * How the puzzle's picture is drawn, from its template: {azimuth, elevation} it is seen from, and
 * its `room`, how much smaller the 3D view draws it (its turning layers kept in view); null
 * without a template.
 */
async function templateView(pzl) {
  if (!Object.hasOwn(PICTURES, pzl)) return null;
  const { default: template } = await PICTURES[pzl]();
  return { azimuth: template.azimuth, elevation: template.elevation, room: template.room };
}

/** The puzzle's name from a picture's title (the engine writes the name, then the alg if any). */
function puzzleName(picture, alg) {
  const title = picture.querySelector("title")?.textContent ?? "";
  return alg && title.endsWith(` ${alg}`) ? title.slice(0, -alg.length - 1) : title;
}

/** The SVG text as an element of this document (parsed as XML: nothing in it runs). */
export function svgElement(svg) {
  const parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
  return document.importNode(parsed.documentElement, true);
}

/**
 * @param {object} options
 * @param {Record<string, HTMLElement>} options.ui  the player's parts (./template.js)
 * @param {ReturnType<import("./messages.js").createMessages>} options.messages
 * @param {() => void} options.onStart  loads and starts the 3D player
 */
export function createPictureMode({ ui, messages, onStart }) {
  let shown = true;
  let painted = ""; // the parameters of the picture shown (or being painted)
  let generation = 0;
  let loading = false; // starting() was called
  const start = () => {
    if (shown) onStart();
  };
  // Keys that only move the focus through the page (or modify other keys) are no wish to turn.
  const startOnKey = (event) => {
    if (!["Tab", "Shift", "Control", "Alt", "Meta", "Escape"].includes(event.key)) start();
  };
  ui.player.addEventListener("pointerdown", start);
  ui.player.addEventListener("keydown", startOnKey);
  ui.start3d.addEventListener("click", start);

  return {
    /** Paints the start position of {puzzle, setup, camera, appearance} (once per change). */
    async paint({ puzzle, setup, camera, appearance }) {
      if (!shown) return;
      const params = {
        pzl: puzzle || "pyraminx",
        view: "iso",
        size: "256",
        ...pictureParameters(appearance),
      };
      if (setup.trim()) params.alg = setup;
      // The camera attribute's angles, the one left out as the puzzle's picture has it.
      const view = await templateView(params.pzl);
      const rotation = pictureRotation(view, camera);
      if (rotation) params.r = rotation;
      const key = JSON.stringify(params);
      if (key === painted) return;
      painted = key;
      const current = ++generation;
      let answer = (await templatePicture(params)) ?? (await enginePicture(params));
      // A mask or colours the engine refuses: the picture without them (the started player names
      // the attribute at fault).
      for (let refused; !answer.ok && (refused = /^(stage|sch): /.exec(answer.error));) {
        delete params[refused[1]];
        answer = (await templatePicture(params)) ?? (await enginePicture(params));
      }
      // A setup the engine refuses: the solved puzzle, with the engine's message (the one the
      // started player shows too, so it is given once).
      if (!answer.ok && params.alg && answer.error.startsWith("alg: ")) {
        const refusal = { ...answer, error: answer.error.slice(5) };
        const solved = { ...params, alg: "" };
        answer = (await templatePicture(solved)) ?? (await enginePicture(solved));
        if (current === generation) messages.setNotation("setup", setup, refusal);
      } else if (current === generation) {
        messages.clear("setup");
      }
      if (current !== generation || !shown) return;
      const picture = svgElement(answer.svg);
      // Closer or farther, as the 3D view's camera will be (a perspective camera's zoom, nearly a
      // scale), with the room the puzzle's turning layers need.
      picture.style.scale = String((camera.zoom ?? 1) * (view?.room ?? 1));
      ui.picture.replaceChildren(picture);
      ui.picture.hidden = false;
      ui.start3d.hidden = !answer.ok;
      // The engine's picture says how the player will show the puzzle (a template's: in 3D): a
      // puzzle it draws as a picture (the Clock) has no 3D view to promise.
      const flat = answer.view === "picture";
      ui.start3d.textContent = flat ? "Play" : "3D";
      ui.start3d.title = flat ? "Turn it" : "Turn it in 3D";
      ui.player.dataset.picture = "true";
      // The full controls before the engine lists the puzzles: the one shown, and what starts it.
      if (!loading) {
        const press = pressWord();
        ui.puzzle.replaceChildren(new Option(puzzleName(picture, params.alg), puzzle));
        const player = flat ? "player" : "3D player";
        ui.status.textContent = `${press[0].toUpperCase()}${press.slice(1)} to start the ${player}.`;
      }
    },
    /** The player is starting (however asked): the 3D view beneath takes the pointer from now on. */
    starting() {
      loading = true;
      ui.picture.style.pointerEvents = "none";
      ui.start3d.disabled = true;
      ui.start3d.textContent = "Loading…";
      ui.status.textContent = "Loading the engine…";
    },
    /** The 3D view shows the position: the picture gives way for good. */
    hide() {
      shown = false;
      generation++;
      ui.picture.hidden = true;
      ui.picture.replaceChildren();
      ui.start3d.hidden = true;
      ui.player.dataset.picture = "false";
      ui.player.removeEventListener("pointerdown", start);
      ui.player.removeEventListener("keydown", startOnKey);
    },
  };
}
