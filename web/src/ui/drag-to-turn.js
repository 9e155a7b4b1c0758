// Drag on the puzzle to turn it (mouse, pen and touch through pointer events). A drag that starts
// on the puzzle picks the sticker under the pointer; once the pointer has moved far enough, the
// turn among model.dragMoves(sticker) whose motion of that point on screen best matches the drag
// is made; that motion is taken along the sticker's own face (its part into the face dropped), so
// a drag along a row of stickers turns the layer of that row even where the turn also carries the
// point towards or away from the eye (a 3x3x3's front-left stickers under U). A half turn lands the same either way round, so it matches a drag either way and is
// animated the way of the drag. Drags that start off the puzzle go on to the OrbitControls and
// turn the view, except a finger's up-and-down drag there, which scrolls the page.

import { listenForGrabs } from "./grab.js";

const THRESHOLD_PX = 12;
const PROBE_FRACTION = 0.05; // of a turn: small enough to read the motion's screen direction

/**
 * @param {object} options
 * @param {HTMLElement} options.surface  an ancestor of the canvas (listened to in capture phase,
 *   so a drag on the puzzle never reaches the OrbitControls)
 * @param {HTMLCanvasElement} options.canvas
 * @param {ReturnType<import("../render/view.js").createView>} options.view
 * @param {() => object | null} options.getModel  the current puzzle model, if any
 * @param {(move: string, how: {otherWay: boolean}) => void} options.onMove  otherWay: the half
 *   turn `move` is to be animated the other way round
 */
export function attachDragToTurn({ surface, canvas, view, getModel, onMove }) {
  let drag = null; // {pointerId, x, y, point, normal, moves, model}

  function stickerAt(model, x, y) {
    const hit = view.pick(x, y, model.object);
    if (!hit) return null;
    let facelet = hit.object.userData.facelet;
    if (facelet === undefined) {
      // The black plastic between stickers: take the nearest sticker.
      let best = Infinity;
      model.stickers.forEach((_, i) => {
        const distance = model.stickerCentre(i, { world: true }).distanceTo(hit.point);
        if (distance < best) [best, facelet] = [distance, i];
      });
    }
    return { facelet, point: hit.point, normal: model.stickerNormal(facelet) };
  }

  listenForGrabs({
    surface,
    canvas,
    hitAt: (x, y) => {
      const model = getModel();
      const hit = model && stickerAt(model, x, y);
      return hit && { ...hit, model };
    },
    dragging: () => drag !== null,
    onGrab: (event, { model, facelet, point, normal }) => {
      drag = {
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        point,
        normal,
        moves: model.dragMoves(facelet),
        model,
      };
    },
  });

  canvas.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    const length = Math.hypot(dx, dy);
    if (length < THRESHOLD_PX) return;
    const choice = bestMove(drag, dx / length, dy / length);
    drag.moves = []; // one turn per drag
    if (choice) onMove(choice.move, { otherWay: choice.way < 0 });
  });

  const end = (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    drag = null;
  };
  canvas.addEventListener("pointerup", end);
  canvas.addEventListener("pointercancel", end);

  /**
   * The move (and the way round it turns: 1, or -1 for a half turn drawn backwards) whose
   * on-screen motion of the grabbed point, along its sticker's face, points most along (ux, uy).
   */
  function bestMove({ model, point, normal, moves }, ux, uy) {
    const from = view.toClient(point);
    let best = null;
    let bestScore = 0;
    for (const move of moves) {
      for (const way of model.isHalfTurn(move) ? [1, -1] : [1]) {
        const motion = model.movePoint(move, point, way * PROBE_FRACTION).sub(point);
        motion.addScaledVector(normal, -motion.dot(normal));
        const to = view.toClient(motion.add(point));
        const mx = to.x - from.x;
        const my = to.y - from.y;
        const length = Math.hypot(mx, my);
        if (length < 1e-6) continue;
        const score = (mx * ux + my * uy) / length;
        if (score > bestScore) [best, bestScore] = [{ move, way }, score];
      }
    }
    return best;
  }
}
