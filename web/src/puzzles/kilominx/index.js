// The Kilominx on the web: everything a player needs besides the engine.
import { FACE_NAMES } from "./layout.js";
import { createKilominx } from "./geometry.js";
import { KILOMINX_NET } from "./net.js";

/**
 * One key per face: U F L R D by their letters, the others by keys around them (W/E: BL/BR above,
 * Z/X: DL/DR below, A/S: DBL/DBR, B: DB). Shift turns 144°, Alt anticlockwise.
 */
const KEYS = { U: "U", F: "F", L: "L", R: "R", D: "D", BL: "W", BR: "E", DL: "Z", DR: "X" };
Object.assign(KEYS, { DBL: "A", DBR: "S", DB: "B" });

export const KILOMINX_KEYS = FACE_NAMES.flatMap((face) => [
  { keys: KEYS[face], move: face },
  { keys: `Alt+${KEYS[face]}`, move: `${face}'` },
  { keys: `Shift+${KEYS[face]}`, move: `${face}2` },
  { keys: `Shift+Alt+${KEYS[face]}`, move: `${face}2'` },
]);

/** @type {import("../index.js").PuzzleEntry} */
export default {
  id: "kilominx",
  createModel: createKilominx,
  keys: KILOMINX_KEYS,
  example: "R U R' U'",
  keyHint:
    "U, F, L, R and D turn that face 72° clockwise; W and E turn BL and BR, Z and X turn DL and " +
    "DR, A and S turn DBL and DBR, B turns DB; with Shift, 144°.",
  net: KILOMINX_NET,
};
