// The Master Pyraminx on the web: everything a player needs besides the engine.
import { letterBindings } from "../shared/key-bindings.js";
import { createMasterPyraminx } from "./geometry.js";
import { CORNER_NAMES, movesAt } from "./layout.js";
import { MASTER_PYRAMINX_NET } from "./net.js";

/**
 * As on the Pyraminx, a corner's letter turns its tip and Shift+letter the tip and its corner's
 * layer; the digits 1–4 turn three layers at U, L, R, B (Alt: anticlockwise).
 */
export const MASTER_PYRAMINX_KEYS = CORNER_NAMES.flatMap((corner, k) => {
  const moves = movesAt(corner);
  return [
    ...letterBindings(corner, moves.tip, moves.two),
    ...letterBindings(`${k + 1}`, moves.three),
  ];
});

/** @type {import("../index.js").PuzzleEntry} */
export default {
  id: "master_pyraminx",
  createModel: createMasterPyraminx,
  keys: MASTER_PYRAMINX_KEYS,
  example: "U Lw' r 2B",
  keyHint:
    "A letter (U, L, R, B) turns that corner's tip; with Shift, the tip and its corner's layer; " +
    "the digits 1–4 turn three layers at U, L, R and B.",
  net: MASTER_PYRAMINX_NET,
};
