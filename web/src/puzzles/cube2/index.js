// The pocket cube 2x2x2 on the web: everything a player needs besides the engine.
import { letterBindings } from "../shared/key-bindings.js";
import { createCube2 } from "./geometry.js";
import { CUBE2_NET } from "./net.js";

/** @type {import("../index.js").PuzzleEntry} */
export default {
  id: "cube2",
  createModel: createCube2,
  // U R F turn that face a quarter clockwise, Shift a half turn, Alt anticlockwise.
  keys: ["U", "R", "F"].flatMap((face) => letterBindings(face, face, `${face}2`)),
  example: "R U R' U'",
  keyHint: "A letter turns that face a quarter turn clockwise; with Shift, a half turn.",
  net: CUBE2_NET,
};
