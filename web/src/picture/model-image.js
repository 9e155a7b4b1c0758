// One call of the model-only module's `image` (engine/wasm/model.cpp): the query crosses as UTF-8
// in the module's memory, the answer comes back as JSON. Shared by the page (./model.js), the
// Node tests and the picture benchmark, which load the module each their own way.

/**
 * @param {object} module  a loaded polytwist_model instance
 * @param {Record<string, string> | string} params  VisualCube-style parameters (docs/images.md)
 * @returns {{ok: boolean, svg: string, error?: string, column?: number}}
 */
export function modelImage(module, params) {
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
