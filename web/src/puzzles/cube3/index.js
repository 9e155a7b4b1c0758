// The Rubik's Cube 3x3x3 on the web: everything a player needs besides the engine.
import { letterBindings } from "../shared/key-bindings.js";
import { FACE_ORDER, createCube3 } from "./geometry.js";
import { CUBE3_NET } from "./net.js";

/** @type {import("../index.js").PuzzleEntry} */
export default {
  id: "cube3",
  createModel: createCube3,
  // U R F D L B turn that face a quarter clockwise, Shift a half turn, Alt anticlockwise: the
  // letters of the notation, as on the pocket cube.
  keys: FACE_ORDER.flatMap((face) => letterBindings(face, face, `${face}2`)),
  example: "R U R' U'",
  keyHint: "U, R, F, D, L and B turn that face a quarter turn clockwise; with Shift, a half turn.",
  net: CUBE3_NET,
};
