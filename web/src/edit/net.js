// A puzzle's stickers as a flat SVG net (layouts: the entries' nets, puzzles/index.js), for painting colours in.
//
//   const net = createNet({ layout: PYRAMINX_NET, faces: info.faces, label, onPaint });
//   parent.append(net.element);   (with onPaint, a scroller holding the SVG, sideways on touch screens)
//   net.setFacelets("FFFF…", { looks, sources });   net.highlight([1, 12]);   net.focusSticker(0);
//
// Each sticker is a <polygon class="sticker" data-facelet="i" role="button"> labelled with its name
// and colour ("F0: green"). A click or tap, or Enter / Space on the focused sticker, calls
// onPaint(i); without onPaint the net is a picture (the player's net view): its stickers are
// labelled images, not buttons; the arrow keys move the focus to the nearest sticker in that direction (one sticker
// is in the tab order at a time). highlight() marks stickers with a dashed outline and a hatched
// overlay, so an error shows without relying on colour.
import { centroid, pointList, scaledAbout, stickerInDirection, svgElement } from "../ui/svg-net.js";
import { MASKED_COLOUR, maskedColour } from "../puzzles/materials.js";
import { colourName } from "./palette.js";

/**
 * @typedef {object} NetLayout
 * @property {number} width  of the net, in the layout's units
 * @property {number} height
 * @property {{name: string, outline: number[][]}[]} faces  each face's outline, [x, y] points
 * @property {{index: number, label: string, points: number[][]}[]} stickers  by facelet index;
 *   the polygons tile the faces; label names the sticker as the engine's messages do ("F0")
 */

const STICKER_SCALE = 0.84; // of its cell, about its centroid: the gaps show the plastic
const PADDING = 0.2;
/**
 * The least width in CSS pixels of a typical sticker on a touch screen, where the net scrolls
 * sideways rather than shrink them below a fingertip (a cube's net across a phone: 24 px).
 */
const TOUCH_STICKER = 40;
const UNKNOWN_FILL = "#8a8a8a";
const DIRECTIONS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

let netCount = 0; // for ids unique within the document (or shadow root)

/** Diagonal stripes, dark and light, so they show on every sticker colour. */
function hatchPattern(id) {
  const pattern = svgElement("pattern", {
    id,
    patternUnits: "userSpaceOnUse",
    width: 0.22,
    height: 0.22,
    patternTransform: "rotate(45)",
  });
  pattern.append(
    svgElement("rect", { class: "hatch-dark", width: 0.07, height: 0.22 }),
    svgElement("rect", { class: "hatch-light", x: 0.07, width: 0.04, height: 0.22 }),
  );
  return pattern;
}

/**
 * @param {object} options
 * @param {NetLayout} options.layout
 * @param {{name: string, colour: string}[]} options.faces  puzzleInfo's faces (fill colours)
 * @param {string} options.label  the net's accessible name
 * @param {(index: number) => void} [options.onPaint]  a sticker was clicked or activated; none:
 *   the net only shows the colours
 */
export function createNet({ layout, faces, label, onPaint }) {
  const colours = new Map(faces.map((face) => [face.name, face.colour]));
  const hatchId = `sticker-net-hatch-${++netCount}`;
  const viewWidth = layout.width + 2 * PADDING;
  const svg = svgElement("svg", {
    class: "sticker-net",
    viewBox: `${-PADDING} ${-PADDING} ${viewWidth} ${layout.height + 2 * PADDING}`,
    role: "group",
    "aria-label": label,
  });
  // A net to paint on sits in a scroller, wide enough on a touch screen for a fingertip; one that
  // only shows fills its place.
  let element = svg;
  if (onPaint) {
    svg.style.setProperty(
      "--touch-width",
      `${Math.ceil((viewWidth / typicalStickerWidth(layout.stickers)) * TOUCH_STICKER)}px`,
    );
    element = document.createElement("div");
    element.className = "sticker-net-scroller";
    element.append(svg);
  }
  const defs = svgElement("defs");
  defs.append(hatchPattern(hatchId));

  const plates = svgElement("g", { class: "face-plates", "aria-hidden": "true" });
  for (const face of layout.faces) {
    plates.append(svgElement("polygon", { class: "face-plate", points: pointList(face.outline) }));
  }

  const centres = layout.stickers.map((sticker) => centroid(sticker.points));
  const stickerLayer = svgElement("g", { class: "stickers" });
  const stickers = layout.stickers.map((sticker, index) => {
    const polygon = svgElement("polygon", {
      class: "sticker",
      points: pointList(scaledAbout(centres[index], sticker.points, STICKER_SCALE)),
      "data-facelet": index,
      ...(onPaint ? { role: "button", tabindex: index === 0 ? 0 : -1 } : { role: "img" }),
    });
    stickerLayer.append(polygon);
    return polygon;
  });

  const faceLabels = svgElement("g", { class: "face-labels", "aria-hidden": "true" });
  for (const face of layout.faces) {
    const [x, y] = centroid(face.outline);
    const text = svgElement("text", {
      x,
      y,
      "text-anchor": "middle",
      "dominant-baseline": "central",
    });
    text.textContent = face.name;
    faceLabels.append(text);
  }

  const hatches = svgElement("g", { class: "error-hatches", "aria-hidden": "true" });
  svg.append(defs, plates, stickerLayer, faceLabels, hatches);

  let highlighted = [];

  function labelSticker(index) {
    const { face, mask } = stickers[index].dataset;
    let colour = colours.has(face) ? colourName(colours.get(face)) : "unknown colour";
    if (mask) colour = mask === "grey" ? "greyed out" : "hidden";
    const error = highlighted.includes(index) ? " (named in the error)" : "";
    stickers[index].setAttribute(
      "aria-label",
      `${layout.stickers[index].label}: ${colour}${error}`,
    );
  }

  /**
   * Colours every sticker from a facelets string (one face letter per sticker), a stickering
   * mask's `looks` drawn in as the 3D model draws them (../puzzles/materials.js's maskedColour).
   */
  function setFacelets(facelets, { looks = "", sources } = {}) {
    stickers.forEach((polygon, index) => {
      const face = facelets[index] ?? "";
      const masked = maskedColour(looks, sources, index);
      polygon.dataset.face = face;
      if (masked) polygon.dataset.mask = masked === MASKED_COLOUR ? "grey" : "hidden";
      else delete polygon.dataset.mask;
      polygon.style.fill = masked ?? colours.get(face) ?? UNKNOWN_FILL;
      labelSticker(index);
    });
  }

  /** Marks exactly these stickers (indices outside the net are ignored). */
  function highlight(indices) {
    const previous = highlighted;
    highlighted = [...new Set(indices)].filter((index) => stickers[index]);
    for (const index of previous) {
      stickers[index].classList.remove("error");
      stickers[index].removeAttribute("aria-invalid");
      labelSticker(index);
    }
    hatches.replaceChildren();
    for (const index of highlighted) {
      stickers[index].classList.add("error");
      stickers[index].setAttribute("aria-invalid", "true");
      labelSticker(index);
      hatches.append(
        svgElement("polygon", {
          class: "error-hatch",
          points: stickers[index].getAttribute("points"),
          fill: `url(#${hatchId})`,
        }),
      );
    }
  }

  /** Moves the keyboard focus (and the one tab stop) to sticker `index`. */
  function focusSticker(index) {
    for (const polygon of stickers) polygon.setAttribute("tabindex", "-1");
    stickers[index].setAttribute("tabindex", "0");
    stickers[index].focus();
  }

  const stickerOf = (target) => {
    const index = Number(target?.dataset?.facelet);
    return Number.isInteger(index) && stickers[index] === target ? index : null;
  };

  if (onPaint) listenForPaint();

  function listenForPaint() {
    svg.addEventListener("click", (event) => {
      const index = stickerOf(event.target);
      if (index === null) return;
      focusSticker(index);
      onPaint(index);
    });

    svg.addEventListener("keydown", (event) => {
      const index = stickerOf(event.target);
      if (index === null || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onPaint(index);
        return;
      }
      const direction = DIRECTIONS[event.key];
      if (!direction) return;
      event.preventDefault();
      const next = stickerInDirection(centres, index, direction);
      if (next !== null) focusSticker(next);
    });
  }

  return { element, setFacelets, highlight, focusSticker };
}

/** The median sticker's width as drawn (the narrower side of its box), in the layout's units. */
function typicalStickerWidth(stickers) {
  const widths = stickers
    .map(({ points }) => {
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      const across = Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
      return across * STICKER_SCALE;
    })
    .sort((a, b) => a - b);
  return widths[widths.length >> 1];
}
