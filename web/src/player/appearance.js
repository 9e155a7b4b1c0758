// The player's stickering mask and sticker colours (docs/embedding.md): the attributes
// `stickering`, `mask`, `colors` and `scheme`, checked against what the engine says of the puzzle
// (puzzleInfo's stickerings, schemes and faces) and resolved by the engine's `appearance` call
// into a look per sticker of the solved puzzle ("s" shown, "g" grey, "h" hidden) and a colour per
// face. The 3D model, the colour editor and the exports draw from those; pictures hand the same
// text to the engine as `stage` and `sch`.
import { readColors } from "./attributes.js";

/** The attributes, in the order their messages are listed. */
export const APPEARANCE_ATTRIBUTES = ["stickering", "mask", "colors", "scheme"];

/** A CSS colour as "#rrggbb", its alpha left out (as the engine's pictures take colours). */
export function hexColour(colour) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.fillStyle = colour;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b] = context.getImageData(0, 0, 1, 1).data; // not premultiplied by alpha
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The engine's `stage` and `sch` for the attributes' text, before the puzzle is known (pictures
 * before the player starts): the stickering and the mask as one mask, the preset then each face.
 * Colours the browser does not know are left out (the started player names them).
 */
export function pictureParameters({ stickering, mask, colors, scheme }) {
  const params = {};
  const stage = [stickering.trim(), mask.trim()].filter(Boolean).join("; ");
  if (stage) params.stage = stage;
  const sch = schemeText(scheme, readColors(colors).value);
  if (sch) params.sch = sch;
  return params;
}

/** The engine's sch: a preset, then FACE:#rrggbb for each face given. */
function schemeText(scheme, colours) {
  const faces = colours.map(({ face, colour }) => `${face}:${hexColour(colour)}`);
  return [scheme.trim(), ...faces].filter(Boolean).join(",");
}

const list = (names) => names.join(", ");

/**
 * Resolves the attributes' text `wanted` {stickering, mask, colors, scheme} for the puzzle of
 * `info`: {info (its faces in the colours in use), looks, problems: Map attribute → {text} or,
 * for the mask, {sequence, answer} with the engine's column}. A value with a problem is left out.
 */
export async function resolveAppearance(engine, info, wanted) {
  const problems = new Map();
  const quoted = (name) => `${name}="${wanted[name]}"`;

  // A puzzle without stickers (no faces: the engine draws its picture) takes none of them.
  if (!info.faces) {
    for (const name of APPEARANCE_ATTRIBUTES.filter((name) => wanted[name].trim())) {
      problems.set(name, {
        text: `${quoted(name)}: the ${info.name} has no stickers to colour or mask`,
      });
    }
    return { info, looks: "", problems };
  }

  const stickering = wanted.stickering.trim();
  const sets = info.stickerings ?? [];
  const set = sets.find(({ name }) => name.toLowerCase() === stickering.toLowerCase());
  if (stickering && !set) {
    const known = sets.length
      ? `use ${list(sets.map(({ name }) => name))}`
      : "it has none; a mask names stickers of any puzzle";
    problems.set("stickering", {
      text: `${quoted("stickering")}: the ${info.name} has no stickering "${stickering}" (${known})`,
    });
  }

  let mask = wanted.mask.trim() ? wanted.mask : "";
  if (mask) {
    // Checked alone, so that the engine's column is the attribute's.
    const answer = await engine.appearance(info.id, mask, "");
    if (!answer.ok) {
      problems.set("mask", { sequence: wanted.mask, answer });
      mask = "";
    }
  }

  const scheme = wanted.scheme
    .trim()
    .toLowerCase()
    .replace(/^color-/, "colour-");
  const presets = info.schemes ?? [];
  if (scheme && !presets.includes(scheme)) {
    problems.set("scheme", {
      text: `${quoted("scheme")}: use one of ${list(presets)} (the page's light or dark theme is colour-scheme)`,
    });
  }
  const { value: given, error } = readColors(wanted.colors);
  if (error) problems.set("colors", { text: error });
  const faceNames = info.faces.map(({ name }) => name);
  const unknown = given.find(({ face }) => !faceNames.includes(face));
  if (unknown) {
    problems.set("colors", {
      text:
        `${quoted("colors")}: "${unknown.face}" at character ${unknown.at} is no face of the ` +
        `${info.name} (${faceNames.join(" ")})`,
    });
  }
  const colours = unknown ? [] : given;

  const stage = [set?.name, mask].filter(Boolean).join("; ");
  const sch = schemeText(presets.includes(scheme) ? scheme : "", colours);
  const answer =
    stage || sch
      ? await engine.appearance(info.id, stage, sch)
      : { ok: true, looks: "", colours: info.faces.map(({ colour }) => colour) };
  if (!answer.ok) throw new Error(`the engine refused the appearance: ${answer.error}`);
  const faces = info.faces.map((face, f) => ({ ...face, colour: answer.colours[f] }));
  return {
    info: { ...info, faces },
    looks: /[gh]/.test(answer.looks) ? answer.looks : "",
    problems,
  };
}

/**
 * The position's facelets with the mask drawn in (the engine's fd: "n" grey, "t" not drawn), for
 * the engine's pictures of it.
 */
export function maskedFacelets({ facelets, looks, sources }) {
  if (!looks) return facelets;
  return [...facelets]
    .map((letter, i) => ({ g: "n", h: "t" })[looks[sources?.[i] ?? i]] ?? letter)
    .join("");
}
