// Hint stickers: for every sticker of a puzzle model (./puzzle-model.js), a copy floating beyond
// the puzzle along the sticker's outward normal, reflected in the sticker's own plane. A reflected copy shows its
// face only from the far side of the puzzle (its front faces inwards), so from wherever the eye
// is, exactly the stickers turned away from it show their hints, as if seen through the puzzle;
// no test of the camera is needed as the view turns. The copies hang on the stickers' pieces, so
// they turn with them, and wear their stickers' geometry and material, so they show whatever
// colours the stickers are given (a position, or the colour editor's paint).
import { Matrix4, Mesh } from "three";

/**
 * How far from the middle the hints float: every hint lies this much beyond the farthest
 * sticker's distance, on its sticker's plane moved out, so that the hints of a face close to the
 * middle (a tetrahedron's) clear the puzzle too.
 */
const HINT_REACH = 1.3;
/** How much farther the camera stands back when hints show, so that they are in view. */
export const HINT_FRAMING = 1.5;

/** The reflection in the plane through `point` with unit normal `normal`. */
function reflectionIn(normal, point) {
  const { x, y, z } = normal;
  const d = 2 * normal.dot(point);
  // x' = x - 2 (n·x - n·p) n
  return new Matrix4().set(
    ...[1 - 2 * x * x, -2 * x * y, -2 * x * z, d * x],
    ...[-2 * y * x, 1 - 2 * y * y, -2 * y * z, d * y],
    ...[-2 * z * x, -2 * z * y, 1 - 2 * z * z, d * z],
    ...[0, 0, 0, 1],
  );
}

/** Adds a hint to every sticker of `model`; remove() takes them off. */
export function addHintStickers(model) {
  const reach = Math.max(...model.stickers.map((sticker) => sticker.userData.centre.length()));
  const hints = model.stickers.map((sticker) => {
    const { normal, centre } = sticker.userData;
    const hint = new Mesh(sticker.geometry, sticker.material);
    // The sticker's material, whichever it is now: setFacelets() gives stickers new ones.
    Object.defineProperty(hint, "material", { get: () => sticker.material });
    hint.name = `hint ${sticker.userData.facelet}`;
    hint.matrixAutoUpdate = false;
    const lift = normal.clone().multiplyScalar(HINT_REACH * reach - normal.dot(centre));
    // In the sticker's own coordinates (where its normal and centre are given), then its parent's.
    hint.matrix
      .copy(sticker.matrix)
      .multiply(new Matrix4().makeTranslation(lift.x, lift.y, lift.z))
      .multiply(reflectionIn(normal, centre));
    hint.raycast = () => {}; // a hint is not picked: drags and paint go to the puzzle itself
    sticker.parent.add(hint);
    return hint;
  });
  return {
    remove() {
      hints.forEach((hint) => hint.removeFromParent());
    },
  };
}
