// The stage of a puzzle the engine draws rather than describes (puzzleInfo's `view`: "picture"):
// the engine's picture of each position in place of the 3D view, drawn from the position's
// `picture` image parameters, and a move tweened from one picture to the next by the parts the
// picture names (data-part): a part with an angle (data-angle, degrees clockwise, about
// data-centre) turns from its old angle to its new one the shorter way, or flips over into its
// place when its centre moved; any other part drawn otherwise grows or shrinks from its old size.
// Transforms go through the CSSOM and the Web Animations API, which the site's CSP allows (style
// attributes in markup it does not).
import { svgElement } from "../picture-mode.js";

/** The picture's width asked of the engine; the stage scales it (its viewBox) to fit. */
const PICTURE_SIZE = 512;

/** `degrees` as a turn of at most half a revolution either way. */
const shorterTurn = (degrees) => ((((degrees + 180) % 360) + 360) % 360) - 180;

/** The width and height an element is drawn at, in the picture's units (0 when not drawn). */
function drawnSize(element) {
  try {
    const box = element.getBBox();
    return Math.max(box.width, box.height);
  } catch {
    return 0;
  }
}

/**
 * @param {object} options
 * @param {HTMLElement} options.element  where the picture goes
 * @param {{image: (params: object) => Promise<{ok: boolean, svg: string, error?: string}>}}
 *   options.engine
 */
export function createPictureView({ element, engine }) {
  let drawnKey = ""; // the image parameters of the picture shown (or being drawn)
  let running = []; // the tween's animations

  /** The parts of the picture shown, by name, with their size as drawn. */
  function partsShown() {
    const parts = new Map();
    for (const part of element.querySelectorAll("[data-part]")) {
      parts.set(part.dataset.part, { part, size: drawnSize(part) });
    }
    return parts;
  }

  /** Tweens every part of `picture` drawn otherwise in `before`; resolves when they end. */
  function tween(picture, before, ms) {
    running = [];
    for (const part of picture.querySelectorAll("[data-part]")) {
      const old = before.get(part.dataset.part);
      if (!old) continue;
      if (part.dataset.centre !== old.part.dataset.centre) {
        // Moved about another centre (a Square-1 piece the slice takes to the other layer):
        // it flips over into its place.
        part.style.transformBox = "fill-box";
        part.style.transformOrigin = "center";
        running.push(
          part.animate([{ transform: "scaleX(-1)" }, { transform: "scaleX(1)" }], {
            duration: ms,
            easing: "ease-in-out",
          }),
        );
      } else if (part.dataset.angle !== undefined) {
        const turn = shorterTurn(Number(old.part.dataset.angle) - Number(part.dataset.angle));
        if (turn === 0) continue;
        const [x, y] = (part.dataset.centre ?? "0 0").split(" ");
        part.style.transformBox = "view-box";
        part.style.transformOrigin = `${x}px ${y}px`;
        running.push(
          part.animate([{ transform: `rotate(${turn}deg)` }, { transform: "rotate(0deg)" }], {
            duration: ms,
            easing: "ease-in-out",
          }),
        );
      } else if (old.part.outerHTML !== part.outerHTML) {
        const size = drawnSize(part);
        const from = size && old.size ? old.size / size : 1;
        part.style.transformBox = "fill-box";
        part.style.transformOrigin = "center";
        running.push(
          part.animate(
            [
              { transform: `scale(${from})`, opacity: 0.5 },
              { transform: `scale(${Math.max(from, 1) * 1.25})`, offset: 0.6 },
              { transform: "scale(1)", opacity: 1 },
            ],
            { duration: ms, easing: "ease-out" },
          ),
        );
      }
    }
    return Promise.all(running.map((animation) => animation.finished.catch(() => {})));
  }

  return {
    /**
     * Shows the picture of `puzzle`'s position drawn by `params` (its `picture`), named `label`;
     * with `ms`, the parts that changed tweened over that many milliseconds. Resolves once drawn
     * (and tweened).
     */
    async show(puzzle, params, { label, ms = 0 }) {
      const query = { pzl: puzzle, ...params, size: PICTURE_SIZE };
      const key = new URLSearchParams(query).toString();
      if (key === drawnKey) return;
      drawnKey = key;
      const answer = await engine.image(query);
      if (key !== drawnKey) return; // a later position took its place
      for (const animation of running) animation.finish();
      if (!answer.ok) {
        // The engine's message in the picture's place, rather than its picture of the message.
        const message = document.createElement("p");
        message.className = "picture-error";
        message.setAttribute("role", "alert");
        message.textContent = `No picture of this position: ${answer.error}`;
        element.replaceChildren(message);
        return;
      }
      const before = partsShown();
      const picture = svgElement(answer.svg);
      // Named by the stage, not by its title (the engine's names the moves drawn, pins here).
      picture.querySelector("title")?.remove();
      picture.setAttribute("role", "img");
      picture.setAttribute("aria-label", label);
      element.replaceChildren(picture);
      if (ms > 0) await tween(picture, before, ms);
    },
    /** No picture (another puzzle, or none). */
    clear() {
      drawnKey = "";
      element.replaceChildren();
    },
  };
}
