// The model-only engine module (build/wasm/polytwist_model.mjs, docs/images.md): puzzles,
// notation and pictures, no tables or search. It paints a player's picture when the puzzle's
// template cannot follow its setup (./fast.js), and answers the same SVG as the engine's `image`
// call and `polytwist image`.
import createModel from "@model";

import { modelImage } from "./model-image.js";

let model = null;

/**
 * A picture of a position: VisualCube-style parameters (docs/images.md), e.g. {pzl: "cube3",
 * alg: "R U R'", view: "iso"}. Resolves {ok, svg} or {ok: false, error, svg (the message as a
 * picture)}. The module is loaded once per page, on the main thread: it is small and answers at
 * once.
 */
export async function picture(params) {
  model ??= createModel();
  return modelImage(await model, params);
}
