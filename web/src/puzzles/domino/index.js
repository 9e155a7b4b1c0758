// The domino cube 2x3x3 on the web: everything a player needs besides the engine.
import { letterBindings } from "../shared/key-bindings.js";
import { createDomino } from "./geometry.js";
import { DOMINO_NET } from "./net.js";

/** @type {import("../index.js").PuzzleEntry} */
export default {
  id: "domino",
  createModel: createDomino,
  // U and D turn that layer a quarter clockwise (Shift: a half turn, Alt: anticlockwise); R L F B
  // turn their side a half turn, the only turn a 2x3 face makes, with or without Shift or Alt.
  keys: [
    ...["U", "D"].flatMap((face) => letterBindings(face, face, `${face}2`)),
    ...["R", "L", "F", "B"].flatMap((face) => letterBindings(face, `${face}2`, `${face}2`)),
  ],
  example: "U R2 D' F2",
  keyHint:
    "U and D turn that layer a quarter turn clockwise (with Shift, a half turn); R, L, F and B turn their side half a turn.",
  net: DOMINO_NET,
};
