// Where each sticker's centre is drawn, by the renderer's own projection: lets tests (and tools)
// sample the canvas at known stickers.

/**
 * @returns {{facelet: number, x: number, y: number, visible: boolean}[]}  x, y in CSS pixels from
 *   the canvas's top-left corner; visible when the sticker faces the camera and nothing hides it
 */
export function stickerScreenPoints(view, model) {
  if (!view || !model) return [];
  const rect = view.canvas.getBoundingClientRect();
  const eye = view.camera.position;
  return model.stickers.map((mesh, facelet) => {
    const centre = model.stickerCentre(facelet, { world: true });
    const facing = model.stickerNormal(facelet).dot(eye.clone().sub(centre)) > 0;
    const { x, y } = view.toClient(centre);
    return {
      facelet,
      x: x - rect.left,
      y: y - rect.top,
      visible: facing && view.isVisible(centre, mesh),
    };
  });
}
