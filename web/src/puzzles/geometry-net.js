// A puzzle's net for the colour editor and the numbering panel (edit/net.js's NetLayout): the
// engine's (puzzleGeometry's `net`): the net its pictures draw, a derived puzzle's unfolding
// (engine/geometry/net.hpp) or a hand-declared puzzle's cross or triangle, so the editor and the
// pictures agree. In the engine's units, x right, y down. Pure data, no DOM.
import { geometryOf } from "./geometry-model.js";

/**
 * @param {object} answer  the engine's puzzleGeometry answer or the geometry itself
 * @returns {import("../edit/net.js").NetLayout}  stickers by facelet index, labelled as the
 *   engine names them: the face's name and the sticker's place in it ("F0")
 */
export function geometryNet(answer) {
  const geometry = geometryOf(answer);
  const { net } = geometry;
  const seen = geometry.faces.map(() => 0);
  return {
    width: net.width,
    height: net.height,
    faces: geometry.faces.map((face, f) => ({ name: face.name, outline: net.faces[f] })),
    stickers: geometry.stickers.map(({ face }, index) => ({
      index,
      label: `${geometry.faces[face].name}${seen[face]++}`,
      points: net.stickers[index],
    })),
  };
}
