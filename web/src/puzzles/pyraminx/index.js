// The Pyraminx on the web: everything a player needs besides the engine.
import { letterBindings } from "../shared/key-bindings.js";
import { createPyraminx } from "./geometry.js";
import { PYRAMINX_NET } from "./net.js";

/** The corner's letter turns its tip (u l r b), Shift+letter the two layers, Alt anticlockwise. */
export const PYRAMINX_KEYS = ["U", "L", "R", "B"].flatMap((corner) =>
  letterBindings(corner, corner.toLowerCase(), corner),
);

/** @type {import("../index.js").PuzzleEntry} */
export default {
  id: "pyraminx",
  createModel: createPyraminx,
  keys: PYRAMINX_KEYS,
  example: "R U' L' b",
  keyHint: "A letter turns that corner's tip; with Shift, the corner's two layers.",
  net: PYRAMINX_NET,
};
