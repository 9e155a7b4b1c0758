// 3D models of the puzzles the page can draw, by engine puzzle id. A puzzle without an entry is
// still playable through the notation box; the page says that it has no 3D view yet.
import { createCube2 } from "./cube2/geometry.js";

/** @type {Record<string, (info: object) => {object: object, setFacelets: (f: string) => void, dispose: () => void}>} */
export const PUZZLE_MODELS = {
  cube2: createCube2,
};
