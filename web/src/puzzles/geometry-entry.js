// The web entry (../index.js's PuzzleEntry) of a puzzle whose geometry the engine has (derived
// from a description, or declared by hand and drawn from one in its own numbering): the model
// (./geometry-model.js) and the net (./geometry-net.js) built from the engine's puzzleGeometry
// answer, keys by the move names (one rule for every puzzle, docs/web.md "Keys"), an example
// sequence and the keys' help.
import { listInWords } from "../ui/format.js";
import { createGeometryModel, exactAngle, geometryOf } from "./geometry-model.js";
import { geometryNet } from "./geometry-net.js";

/** A token's name without its power: "R2'" → "R", "3Uw'" → "3Uw". */
const baseName = (token) => token.replace(/(2'|2|')$/, "");

/** The turns (angles exact) of each named block of layers: Map name → [{token, axis, angle}]. */
function blocksByName({ turns, axes }) {
  const blocks = new Map();
  for (const given of turns) {
    const turn = { ...given, angle: exactAngle(given.angle, axes[given.axis].order) };
    const name = baseName(turn.token);
    if (!blocks.has(name)) blocks.set(name, []);
    blocks.get(name).push(turn);
  }
  return blocks;
}

const isHalf = (turn) => Math.abs(Math.abs(turn.angle) - Math.PI) < 1e-9;

/**
 * A block's plain move (the name itself, or its smallest step) and its bigger one the same way
 * round (R2 of a cube, R2 of a Megaminx's 144°), if any.
 */
function plainAndBigger(name, turns) {
  const plain =
    turns.find((t) => t.token === name) ??
    turns.reduce((a, b) => (Math.abs(b.angle) < Math.abs(a.angle) ? b : a));
  const bigger = turns
    .filter((t) => Math.sign(t.angle) === Math.sign(plain.angle) || isHalf(t))
    .filter((t) => Math.abs(t.angle) > Math.abs(plain.angle) + 1e-9)
    .sort((a, b) => Math.abs(a.angle) - Math.abs(b.angle))[0];
  // A block whose only turn is a half turn (a domino's sides) makes it with or without Shift.
  return { plain: plain.token, bigger: bigger?.token ?? (isHalf(plain) ? plain.token : undefined) };
}

/**
 * The keys names of several capital letters take, in this order, skipping the letters one-letter
 * names use: around the left hand's home keys first (the Kilominx's W E for BL BR, Z X for DL DR,
 * A S for DBL DBR, B for DB), then the rest of the alphabet.
 */
const SPARE_KEYS = [..."WEZXASBQCTGVYHNMJIKOPUFLRD"];

/**
 * Keys: a letter for each move name of one letter (U R F D L B on cubes, U F L R B D on the
 * Megaminx): the plain move, Alt its inverse, Shift the bigger turn. Where a letter names two
 * blocks, the lower-case name and the upper-case one (a Pyraminx's tip u and its two layers U),
 * the key turns the lower-case one and Shift the upper-case one. The wide blocks named by a
 * letter and w (a Master Pyraminx's Uw, a 4x4x4's Rw) take the digits 1, 2, … in the order of
 * their letters' keys, Alt their inverse. Names of several capital letters (a Megaminx's BL, a
 * Skewb's UL) take the spare keys (SPARE_KEYS) the one-letter names leave, faces first in the
 * engine's face order, then the others in move order. Shift+Alt makes the bigger turn's inverse
 * (a Megaminx's U2'). Other names (2R, 3Rw) get no key. docs/web.md, "Keys".
 */
export function geometryKeys(answer) {
  const geometry = geometryOf(answer);
  const blocks = blocksByName(geometry);
  const inverseOf = (token) => {
    const turn = [...blocks.values()].flat().find((t) => t.token === token);
    const block = blocks.get(baseName(token));
    return block.find((t) => Math.abs(t.angle + turn.angle) < 1e-9 || (isHalf(t) && t === turn))
      ?.token;
  };
  const bind = (key, plain, shifted) =>
    [
      [key, plain],
      [`Alt+${key}`, inverseOf(plain)],
      [`Shift+${key}`, shifted],
      [`Shift+Alt+${key}`, shifted && inverseOf(shifted) !== shifted && inverseOf(shifted)],
    ].flatMap(([keys, move]) => (move ? [{ keys, move }] : []));
  const letters = [...blocks.keys()].filter((name) => /^[A-Z]$/i.test(name));
  const keys = [...new Set(letters.map((name) => name.toUpperCase()))];
  const letterKeys = keys.flatMap((key) => {
    const lower = blocks.get(key.toLowerCase());
    const upper = blocks.get(key);
    if (lower && upper) {
      const tip = plainAndBigger(key.toLowerCase(), lower).plain;
      return bind(key, tip, plainAndBigger(key, upper).plain);
    }
    const name = upper ? key : key.toLowerCase();
    const { plain, bigger } = plainAndBigger(name, upper ?? lower);
    return bind(key, plain, bigger);
  });
  const wide = keys.filter((key) => blocks.has(`${key}w`)).slice(0, 9);
  const digitKeys = wide.flatMap((key, k) => {
    const { plain, bigger } = plainAndBigger(`${key}w`, blocks.get(`${key}w`));
    return bind(`${k + 1}`, plain, bigger);
  });
  const faceOrder = (name) => {
    const face = geometry.faces.findIndex((f) => f.name === name);
    return face >= 0 ? face : geometry.faces.length;
  };
  const named = [...blocks.keys()]
    .filter((name) => /^[A-Z]{2,}$/.test(name))
    .sort((a, b) => faceOrder(a) - faceOrder(b)); // stable: move order among the others
  const spare = SPARE_KEYS.filter((key) => !keys.includes(key));
  const nameKeys = named.slice(0, spare.length).flatMap((name, k) => {
    const { plain, bigger } = plainAndBigger(name, blocks.get(name));
    return bind(spare[k], plain, bigger);
  });
  return [...letterKeys, ...nameKeys, ...digitKeys];
}

/** The keys' help text. */
function keyHint(keys) {
  if (keys.length === 0) return "This puzzle has no keys: type its moves, or drag a sticker.";
  const plain = keys.filter((k) => /^[A-Z]$/.test(k.keys));
  const digits = keys.filter((k) => /^[1-9]$/.test(k.keys));
  const wide = digits.length
    ? ` The digits ${listInWords(digits.map((k) => k.keys))} make ${listInWords(digits.map((k) => k.move))}.`
    : "";
  if (plain.some((k) => /^[a-z]/.test(k.move))) {
    return (
      "A letter makes the lower-case move of that letter (a tip); with Shift, the capital " +
      "letter's move; with Alt, the other way round." +
      wide
    );
  }
  // Keys named as their moves, then the spare keys of names of several letters.
  const named = plain.filter((k) => k.move.length > 1 && /^[A-Z]+$/.test(k.move));
  const own = plain.filter((k) => !named.includes(k));
  const says = [
    ...(own.length ? [`${listInWords(own.map((k) => k.keys))} make the move of that name`] : []),
    ...(named.length
      ? [`${listInWords(named.map((k) => k.keys))} make ${listInWords(named.map((k) => k.move))}`]
      : []),
  ];
  const shifted = keys.find((k) => /^Shift\+[A-Z]$/.test(k.keys));
  const bigger =
    shifted && `; with Shift, the bigger turn (${shifted.move} on ${shifted.keys.slice(6)})`;
  return `${says.join("; ")}; with Alt, the other way round${bigger || ""}.${wide}`;
}

/** A short sequence for the notation box's placeholder: two blocks on two axes, there and back. */
function exampleOf(geometry) {
  const blocks = blocksByName(geometry);
  const picked = [];
  for (const [name, list] of blocks) {
    if (picked.length === 2) break;
    if (picked.some((p) => p.axis === list[0].axis)) continue;
    const { plain } = plainAndBigger(name, list);
    const back = list.find(
      (t) => Math.abs(t.angle + list.find((u) => u.token === plain).angle) < 1e-9,
    );
    picked.push({ axis: list[0].axis, plain, back: back?.token ?? plain });
  }
  return [...picked.map((p) => p.plain), ...picked.map((p) => p.back)].join(" ");
}

/**
 * @param {string} id  the engine's puzzle id (or the description it was asked by)
 * @param {object} answer  the engine's puzzleGeometry answer, or the geometry itself
 * @param {{example?: string, numbering?: {example: string}}} [options]  the notation box's
 *   placeholder (made up from the moves without), a numbered puzzle's example numbering
 * @returns {import("./index.js").PuzzleEntry}
 */
export function geometryEntry(id, answer, { example, numbering } = {}) {
  const geometry = geometryOf(answer);
  const keys = geometryKeys(geometry);
  let net;
  return {
    id,
    createModel: (info) => createGeometryModel(info, geometry),
    keys,
    example: example ?? exampleOf(geometry),
    keyHint: keyHint(keys),
    ...(numbering && { numbering }),
    // Built when first asked for (the colour editor opens): most players never need it.
    get net() {
      net ??= geometryNet(geometry);
      return net;
    },
  };
}
