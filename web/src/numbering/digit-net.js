// A numbered puzzle's stickers as a flat SVG net with a digit on each (layouts: the entries' nets,
// the same as the colour editor's): an editable one for entering a numbering, and small static
// ones to preview solved states.
//
//   const net = createDigitNet({ layout, label, onType });
//   parent.append(net.element);
//   net.setDigits("1489…");   net.highlight([0, 4]);   net.focusSticker(0);
//
// Every sticker is a focusable <g class="sticker" data-facelet="i" role="button"> in sticker order,
// so Tab walks the numbering as it is written; arrows move to the nearest sticker in that
// direction. One sticker is selected (the one clicked, tapped or focused). Typing 1–9 on a sticker,
// or tapping a digit on the pad under the net (touch screens have no keys to type on), calls
// onType(i, digit) and selects the next sticker; Backspace, Delete or the pad's Clear call
// onType(i, "?"). highlight() outlines and hatches stickers named in an error.
import { centroid, pointList, scaledAbout, stickerInDirection, svgElement } from "../ui/svg-net.js";

const STICKER_SCALE = 0.86; // of its cell, about its centroid: the gaps show the plastic
const PADDING = 0.15;
const ARROWS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

let netCount = 0; // for ids unique within the document

/**
 * The net's frame (face plates behind) and, per sticker, its shrunk polygon and its centre,
 * where the digit is written (a little low in upright triangles, where there is more room).
 */
function netParts(layout, className) {
  const svg = svgElement("svg", {
    class: className,
    viewBox: `${-PADDING} ${-PADDING} ${layout.width + 2 * PADDING} ${layout.height + 2 * PADDING}`,
  });
  const plates = svgElement("g", { class: "face-plates", "aria-hidden": "true" });
  for (const face of layout.faces) {
    plates.append(svgElement("polygon", { class: "face-plate", points: pointList(face.outline) }));
  }
  svg.append(plates);
  const stickers = layout.stickers.map((sticker) => {
    const centre = centroid(sticker.points);
    return { centre, points: pointList(scaledAbout(centre, sticker.points, STICKER_SCALE)) };
  });
  return { svg, stickers };
}

function digitText([x, y], digit) {
  const text = svgElement("text", {
    x,
    y,
    "text-anchor": "middle",
    "dominant-baseline": "central",
  });
  text.textContent = digit;
  return text;
}

/** A small picture of the digits `digits` shows (one character per sticker), not interactive. */
export function digitNetPicture(layout, digits, label) {
  const { svg, stickers } = netParts(layout, "digit-net picture");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  stickers.forEach(({ centre, points }, index) => {
    const group = svgElement("g", { class: "sticker" });
    group.append(svgElement("polygon", { points }), digitText(centre, digits[index] ?? ""));
    svg.append(group);
  });
  return svg;
}

/**
 * @param {object} options
 * @param {import("../edit/net.js").NetLayout} options.layout
 * @param {string} options.label  the net's accessible name
 * @param {(index: number, digit: string) => void} options.onType  a digit 1–9 (or "?" to clear)
 *   was typed on sticker `index`
 */
export function createDigitNet({ layout, label, onType }) {
  const { svg, stickers: parts } = netParts(layout, "digit-net");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", label);
  const hatchId = `digit-net-hatch-${++netCount}`;
  const defs = svgElement("defs");
  const hatch = svgElement("pattern", {
    id: hatchId,
    patternUnits: "userSpaceOnUse",
    width: 0.22,
    height: 0.22,
    patternTransform: "rotate(45)",
  });
  hatch.append(svgElement("rect", { class: "hatch", width: 0.06, height: 0.22 }));
  defs.append(hatch);
  svg.prepend(defs);

  const centres = parts.map(({ centre }) => centre);
  const stickers = parts.map(({ centre, points }, index) => {
    const group = svgElement("g", {
      class: "sticker",
      "data-facelet": index,
      role: "button",
      tabindex: 0,
    });
    const text = digitText(centre, "");
    group.append(
      svgElement("polygon", { points }),
      svgElement("polygon", { class: "error-hatch", points, fill: `url(#${hatchId})` }),
      text,
    );
    svg.append(group);
    return { group, text };
  });
  let digits = "";
  let flagged = new Set();

  function describe(index) {
    const digit = /[1-9]/.test(digits[index] ?? "") ? digits[index] : "no digit";
    const error = flagged.has(index) ? " (named in the error)" : "";
    stickers[index].group.setAttribute(
      "aria-label",
      `${layout.stickers[index].label}: ${digit}${error}`,
    );
  }

  /** Writes one character per sticker ("?" or any other non-digit shows an empty sticker). */
  function setDigits(text) {
    digits = text;
    stickers.forEach(({ group, text: label }, index) => {
      const digit = /[1-9]/.test(text[index] ?? "") ? text[index] : "";
      label.textContent = digit;
      group.classList.toggle("empty", digit === "");
      describe(index);
    });
  }

  /** Marks exactly these stickers as named in an error. */
  function highlight(indices) {
    flagged = new Set(indices.filter((index) => stickers[index]));
    stickers.forEach(({ group }, index) => {
      group.classList.toggle("error", flagged.has(index));
      if (flagged.has(index)) group.setAttribute("aria-invalid", "true");
      else group.removeAttribute("aria-invalid");
      describe(index);
    });
  }

  let selected = 0;
  const padTarget = document.createElement("p");
  padTarget.className = "digit-pad-target";
  padTarget.setAttribute("aria-live", "polite");
  const pad = document.createElement("div");
  pad.className = "digit-pad";
  pad.setAttribute("role", "group");
  pad.setAttribute("aria-label", "Digits for the selected sticker");
  for (const digit of [..."123456789", "?"]) {
    const key = document.createElement("button");
    key.type = "button";
    key.dataset.digit = digit;
    key.textContent = digit === "?" ? "Clear" : digit;
    if (digit === "?") key.setAttribute("aria-label", "Clear the selected sticker");
    pad.append(key);
  }
  const element = document.createElement("div");
  element.className = "digit-net-entry";
  element.append(svg, padTarget, pad);

  /** Selects sticker `index`: the pad writes on it. */
  function select(index) {
    if (!stickers[index]) return;
    stickers[selected].group.classList.remove("selected");
    selected = index;
    stickers[index].group.classList.add("selected");
    padTarget.textContent = `Sticker ${layout.stickers[index].label}: type or tap a digit.`;
  }

  const focusSticker = (index) => {
    select(index);
    stickers[index]?.group.focus();
  };

  /** Writes `digit` ("?" clears) on sticker `index`, then selects the next sticker. */
  function write(index, digit, { focus }) {
    onType(index, digit);
    const next = digit === "?" ? index : Math.min(index + 1, stickers.length - 1);
    if (focus) focusSticker(next);
    else select(next);
  }

  const stickerOf = (target) => {
    const group = target?.closest?.(".sticker");
    const index = Number(group?.dataset.facelet);
    return Number.isInteger(index) && stickers[index]?.group === group ? index : null;
  };

  svg.addEventListener("click", (event) => {
    const index = stickerOf(event.target);
    if (index !== null) focusSticker(index);
  });
  svg.addEventListener("focusin", (event) => {
    const index = stickerOf(event.target);
    if (index !== null) select(index);
  });
  pad.addEventListener("click", (event) => {
    const digit = event.target.closest("button")?.dataset.digit;
    if (digit) write(selected, digit, { focus: false });
  });

  svg.addEventListener("keydown", (event) => {
    const index = stickerOf(event.target);
    if (index === null || event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[1-9]$/.test(event.key)) {
      event.preventDefault();
      // On to the next sticker, so a numbering can be typed in one go, as it is written.
      write(index, event.key, { focus: true });
      return;
    }
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      onType(index, "?");
      if (event.key === "Backspace" && index > 0) focusSticker(index - 1);
      return;
    }
    // Space would play the page's move list, as it does wherever the focus is not on a button.
    if (event.key === " " || event.key === "Enter") event.preventDefault();
    const direction = ARROWS[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = stickerInDirection(centres, index, direction);
    if (next !== null) focusSticker(next);
  });

  select(0);
  return { element, setDigits, highlight, focusSticker };
}
