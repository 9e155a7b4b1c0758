// Pocket cube keys: U R F turn that face a quarter clockwise, Shift for a half turn, Alt for
// anticlockwise.
import { letterBindings } from "../shared/key-bindings.js";

export const CUBE2_KEYS = ["U", "R", "F"].flatMap((face) => letterBindings(face, face, `${face}2`));
