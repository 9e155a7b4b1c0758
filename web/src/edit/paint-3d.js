// Painting on the 3D puzzle while the state editor is open: which sticker a pick landed on.
//
//   const hit = view.pick(event.clientX, event.clientY, model.object);   // render/view.js
//   const facelet = faceletAtHit(hit, model);
//   if (facelet !== null) editor.paint(facelet);

/**
 * The facelet index of the sticker a raycast hit, from the mesh's userData.facelet. A hit on the
 * plastic between stickers gives the sticker whose centre is nearest to the hit point (as a drag
 * does, ui/drag-to-turn.js); no hit gives null.
 * @param {{object: import("three").Object3D, point: import("three").Vector3} | null} hit
 * @param {{stickers: unknown[], stickerCentre: (i: number, o: {world: boolean}) =>
 *   import("three").Vector3}} model  the puzzle model (puzzles/puzzle-model.js)
 * @returns {number | null}
 */
export function faceletAtHit(hit, model) {
  if (!hit) return null;
  const { facelet } = hit.object.userData;
  if (Number.isInteger(facelet)) return facelet;
  let nearest = null;
  let best = Infinity;
  model.stickers.forEach((_, index) => {
    const distance = model.stickerCentre(index, { world: true }).distanceTo(hit.point);
    if (distance < best) [nearest, best] = [index, distance];
  });
  return nearest;
}
