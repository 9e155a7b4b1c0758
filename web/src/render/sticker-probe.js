// Where each sticker's centre is drawn, by the renderer's own projection: lets tests (and tools)
// sample the canvas at known stickers. On a numbered puzzle, also the digit drawn on each.

/**
 * @returns {{facelet: number, x: number, y: number, visible: boolean, digit?: string}[]}  x, y in
 *   CSS pixels from the canvas's top-left corner; visible when the sticker faces the camera and
 *   nothing hides it; digit: the glyph the model draws on it (models with digits)
 */
export function stickerScreenPoints(view, model) {
  if (!view || !model) return [];
  const rect = view.canvas.getBoundingClientRect();
  const eye = view.camera.position;
  const digits = model.shownDigits?.();
  return model.stickers.map((mesh, facelet) => {
    const centre = model.stickerCentre(facelet, { world: true });
    const facing = model.stickerNormal(facelet).dot(eye.clone().sub(centre)) > 0;
    const { x, y } = view.toClient(centre);
    return {
      facelet,
      x: x - rect.left,
      y: y - rect.top,
      visible: facing && view.isVisible(centre, mesh),
      ...(digits && { digit: digits[facelet] }),
    };
  });
}
