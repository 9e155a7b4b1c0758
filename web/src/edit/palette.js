// The colour picker of the state editor: one swatch per face of the puzzle (puzzleInfo.faces),
// an ARIA radio group. Arrow keys (and Home / End) move the choice, the keys 1–9 pick the n-th
// colour; one swatch is in the tab order, the chosen one.
//
//   const palette = createPalette({ faces: info.faces });
//   parent.append(palette.element);
//   palette.selected   // "F"       palette.select("L")      palette.selectNumber(2)

/** A plain colour word for a CSS hex colour ("#1a9e3a" → "green"), for labels. */
export function colourName(hex) {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return hex;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma < 0.15) return lightness > 0.8 ? "white" : lightness < 0.2 ? "black" : "grey";
  let hue;
  if (max === r) hue = (((g - b) / chroma) % 6) * 60;
  else if (max === g) hue = ((b - r) / chroma + 2) * 60;
  else hue = ((r - g) / chroma + 4) * 60;
  if (hue < 0) hue += 360;
  const names = [
    [15, "red"],
    [40, "orange"],
    [70, "yellow"],
    [170, "green"],
    [200, "cyan"],
    [260, "blue"],
    [300, "purple"],
    [345, "pink"],
    [360, "red"],
  ];
  return names.find(([limit]) => hue < limit)[1];
}

/** The digit of a number key (top row or keypad), 1–9, or null. */
export function numberKey(event) {
  const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1];
  return digit ? Number(digit) : null;
}

/**
 * @param {object} options
 * @param {{name: string, colour: string}[]} options.faces
 * @param {string} [options.label]  the group's accessible name
 */
export function createPalette({ faces, label = "Colour" }) {
  const element = document.createElement("div");
  element.className = "colour-palette";
  element.setAttribute("role", "radiogroup");
  element.setAttribute("aria-label", label);

  const swatches = faces.map((face, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "swatch";
    button.dataset.face = face.name;
    button.setAttribute("role", "radio");
    button.setAttribute("aria-label", `${face.name}: ${colourName(face.colour)}`);
    const chip = document.createElement("span");
    chip.className = "chip";
    chip.style.background = face.colour;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = face.name;
    button.append(chip, name);
    if (i < 9) {
      const key = document.createElement("kbd");
      key.textContent = String(i + 1);
      key.setAttribute("aria-hidden", "true");
      button.append(key);
      button.setAttribute("aria-keyshortcuts", String(i + 1));
    }
    element.append(button);
    return button;
  });

  let selected = null;

  /** Chooses face `name`'s colour (with focus: true, also moves the focus to its swatch). */
  function select(name, { focus = false } = {}) {
    const index = faces.findIndex((face) => face.name === name);
    if (index < 0) return;
    swatches.forEach((button, i) => {
      button.setAttribute("aria-checked", String(i === index));
      button.tabIndex = i === index ? 0 : -1;
    });
    if (focus) swatches[index].focus();
    selected = name;
  }

  /** Chooses the n-th colour (from 1), as the number keys do; false if there is none. */
  function selectNumber(n, options) {
    if (!faces[n - 1]) return false;
    select(faces[n - 1].name, options);
    return true;
  }

  element.addEventListener("click", (event) => {
    const button = event.target.closest?.(".swatch");
    if (button && element.contains(button)) select(button.dataset.face);
  });

  element.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const current = faces.findIndex((face) => face.name === selected);
    const last = faces.length - 1;
    const target = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowDown: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      ArrowUp: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    const number = numberKey(event);
    if (target !== undefined) select(faces[target].name, { focus: true });
    else if (number === null || !selectNumber(number, { focus: true })) return;
    event.preventDefault();
  });

  select(faces[0].name);
  return {
    element,
    get selected() {
      return selected;
    },
    select,
    selectNumber,
  };
}
