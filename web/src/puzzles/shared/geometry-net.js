// The net of a derived puzzle for the colour editor (edit/net.js's NetLayout): the engine's own
// unfolding (puzzleGeometry's `net`, engine/geometry/net.hpp), the same the engine's pictures
// draw, so the editor and the pictures agree. Units: stickers average one unit of area, as the
// hand-written nets' squares; x right, y down. Pure data, no DOM.
import { geometryOf } from "./geometry-model.js";

/**
 * @param {object} answer  the engine's puzzleGeometry answer or the geometry itself
 * @returns {import("../../edit/net.js").NetLayout}  stickers by facelet index, labelled as the
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
