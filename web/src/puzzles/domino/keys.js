// Domino keys: U and D turn that layer a quarter clockwise (Shift: a half turn, Alt:
// anticlockwise); R L F B turn their side a half turn, the only turn a 2x3 face makes, with or
// without Shift or Alt.
import { letterBindings } from "../shared/key-bindings.js";

export const DOMINO_KEYS = [
  ...["U", "D"].flatMap((face) => letterBindings(face, face, `${face}2`)),
  ...["R", "L", "F", "B"].flatMap((face) => letterBindings(face, `${face}2`, `${face}2`)),
];
