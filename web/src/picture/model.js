// The model-only engine module (build/wasm/polytwist_model.mjs, docs/images.md): puzzles,
// notation and pictures, no tables or search. It paints a player before three.js and the full
// engine load, and answers the same SVG as the engine's `image` call and `polytwist image`.
import createModel from "@model";

let model = null;

/** The module, loaded once per page (on the main thread: it is small and answers at once). */
function loadModel() {
  model ??= createModel();
  return model;
}

/**
 * A picture of a position: VisualCube-style parameters (docs/images.md), e.g. {pzl: "cube3",
 * alg: "R U R'", view: "iso"}. Resolves {ok, svg} or {ok: false, error, svg (the message as a
 * picture)}.
 */
export async function picture(params) {
  const module = await loadModel();
  const query = new URLSearchParams(params).toString();
  const length = module.lengthBytesUTF8(query) + 1;
  const pointer = module._malloc(length);
  try {
    module.stringToUTF8(query, pointer, length);
    return JSON.parse(module.UTF8ToString(module._image(pointer)));
  } finally {
    module._free(pointer);
  }
}
