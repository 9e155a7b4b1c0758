// Where each sticker's centre is drawn, by the renderer's own projection: lets tests (and tools)
// sample the canvas at known stickers. On a numbered puzzle, also the digit drawn on each and
// which way its top points on the view.

/** How far along a digit's top direction (scene units) the probe looks to project it. */
const UP_STEP = 0.1;

/**
 * @returns {{facelet: number, x: number, y: number, visible: boolean, facing: number,
 *   digit?: string, up?: {x: number, y: number}}[]}  x, y in CSS pixels from the canvas's top-left
 *   corner; visible when the sticker faces the camera and nothing hides it; facing: the cosine
 *   between its normal and the line to the eye (near 0: seen edge-on, a sliver on the view);
 *   digit: the glyph the model draws on it
 *   and up: the unit direction of that glyph's top on the view, y downwards (models with digits)
 */
export function stickerScreenPoints(view, model) {
  if (!view || !model) return [];
  const rect = view.canvas.getBoundingClientRect();
  const eye = view.camera.position;
  const digits = model.shownDigits?.();
  return model.stickers.map((mesh, facelet) => {
    const centre = model.stickerCentre(facelet, { world: true });
    const toEye = eye.clone().sub(centre).normalize();
    const facing = model.stickerNormal(facelet).dot(toEye);
    const { x, y } = view.toClient(centre);
    return {
      facelet,
      x: x - rect.left,
      y: y - rect.top,
      visible: facing > 0 && view.isVisible(centre, mesh),
      facing,
      ...(digits && { digit: digits[facelet] }),
      ...(model.digitUp && { up: screenDirection(view, centre, model.digitUp(facelet)) }),
    };
  });
}

/** The unit direction on the view of the world direction `direction` at the world point `from`. */
function screenDirection(view, from, direction) {
  const start = view.toClient(from);
  const end = view.toClient(from.clone().addScaledVector(direction, UP_STEP));
  const length = Math.hypot(end.x - start.x, end.y - start.y);
  return { x: (end.x - start.x) / length, y: (end.y - start.y) / length };
}
