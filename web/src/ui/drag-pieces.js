// Drags that turn a puzzle the engine describes as solid pieces (puzzleInfo's `view` "pieces",
// the Square-1; ../puzzles/piece-model.js). The player knows no rule of the puzzle: the engine's
// applyMoves says, for each of the puzzle's moves from the position shown, whether it may be made
// and, if so, how it turns which pieces (its `motion`). A drag that starts on a piece and is let
// go at least THRESHOLD_PX away makes one of the moves that turn that piece in one turn about one
// axis: among those, the axis whose motion of the grabbed point on screen lies most along the
// drag, then, about that axis, the move whose angle is nearest the angle the drag draws (a layer
// dragged three twelfths round turns three, a half turn lands either way; of moves that turn
// alike, the shortest written). While the pointer moves, the pieces that turn about the axis
// chosen (once the drag is long enough) follow it, by the angle drawn; the move made then plays
// on from there. A drag that no move
// allowed now matches is handed to `onRefused` with the moves the engine refused (the status then
// says why, in the engine's words), the pieces put back. A drag that starts off the puzzle turns
// the view.
import { Vector3 } from "three";

import { listenForGrabs } from "./grab.js";

const THRESHOLD_PX = 12;
const MIN_ALIGNMENT = 0.6; // the cosine between the drag and an axis's motion on screen

/** A turn's axis and angle, the axis's sign fixed so one axis is one key whichever way round. */
function canonicalTurn({ axis, angle, pieces }) {
  const first = axis.find((c) => Math.abs(c) > 1e-9) ?? 1;
  const sign = first < 0 ? -1 : 1;
  const unit = new Vector3(...axis).multiplyScalar(sign).normalize();
  const key = `${unit
    .toArray()
    .map((c) => c.toFixed(4))
    .join(",")}|${[...pieces].sort((a, b) => a - b).join(",")}`;
  return { axis: unit, angle: angle * sign, pieces, key };
}

/**
 * @param {object} options
 * @param {HTMLElement} options.surface  an ancestor of the canvas (listened to in capture phase)
 * @param {HTMLCanvasElement} options.canvas
 * @param {ReturnType<import("../render/view.js").createView>} options.view
 * @param {() => {model: object, state: string, moves: () => Promise<{move: string,
 *   motion?: object[][], error?: string}[]>} | null} options.getTarget  the piece model shown,
 *   if it may be turned now, the position shown, and the engine's answer for each of the
 *   puzzle's moves from that position
 * @param {(move: string, how: {otherWay: boolean, shown: number}) => void} options.onMove
 *   otherWay: a half turn drawn the other way round; shown: the share of the move the pieces
 *   already show (0 to 1)
 * @param {(refused: {move: string, error: string}[]) => void} options.onRefused
 */
export function attachPieceDrags({ surface, canvas, view, getTarget, onMove, onRefused }) {
  // {pointerId, x, y, point, piece, model, state, moves: Promise, answers (once they came),
  // dx, dy (the pointer's way from where it was pressed), axis (the one the pieces follow),
  // drawn (its angle now)}
  let drag = null;

  function pieceAt(model, x, y) {
    const hit = view.pick(x, y, model.object);
    const piece = hit ? model.pieceOf(hit.object) : -1;
    return piece >= 0 ? { piece, point: hit.point } : null;
  }

  listenForGrabs({
    surface,
    canvas,
    hitAt: (x, y) => {
      const target = getTarget();
      const hit = target && pieceAt(target.model, x, y);
      return hit && { ...hit, target };
    },
    dragging: () => drag !== null,
    onGrab: (event, { piece, point, target }) => {
      drag = {
        pointerId: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        piece,
        point,
        model: target.model,
        state: target.state,
        moves: target.moves(),
        answers: null,
        axis: null,
        drawn: 0,
      };
      const grabbed = drag;
      grabbed.moves.then((answers) => {
        grabbed.answers = answers;
        if (drag === grabbed) follow(grabbed); // the pointer may have moved meanwhile
      });
    },
  });

  canvas.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    drag.dx = event.clientX - drag.x;
    drag.dy = event.clientY - drag.y;
    follow(drag);
  });

  /** The pieces follow the pointer about the axis the drag picks once it is long enough. */
  function follow(held) {
    const { dx = 0, dy = 0, answers } = held;
    if (!answers || Math.hypot(dx, dy) < THRESHOLD_PX) return;
    held.axis ??= pickAxis(held, answers, dx, dy);
    if (!held.axis) return;
    held.drawn = Math.max(-Math.PI, Math.min(Math.PI, drawnAngle(held.axis, dx, dy)));
    const { turn } = held.axis;
    held.model.pose([[{ axis: turn.axis.toArray(), angle: held.drawn, pieces: turn.pieces }]], 1);
    view.requestRender();
  }

  /** The pieces back where the position has them. */
  function putBack({ model, axis }) {
    if (!axis) return;
    model.pose([], 0);
    view.requestRender();
  }

  const release = (event, made) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    const done = drag;
    drag = null;
    const dx = event.clientX - done.x;
    const dy = event.clientY - done.y;
    if (!made || Math.hypot(dx, dy) < THRESHOLD_PX) {
      putBack(done);
      return;
    }
    done.moves.then((answers) => {
      const now = getTarget();
      if (now?.model !== done.model || now.state !== done.state) return; // it changed meanwhile
      const axis = done.axis ?? pickAxis(done, answers, dx, dy);
      const chosen = axis && nearestMove(axis, drawnAngle(axis, dx, dy));
      if (chosen) {
        // The share of the move the pieces show: the angle drawn, the way it was drawn.
        const otherWay = Math.sign(done.drawn) !== Math.sign(chosen.angle) && done.axis !== null;
        const shown = done.axis ? Math.min(1, Math.abs(done.drawn / chosen.angle)) : 0;
        onMove(chosen.move, { otherWay, shown });
        return;
      }
      putBack(done);
      const refused = answers.filter((a) => !a.motion);
      if (refused.length) onRefused(refused);
    });
  };
  canvas.addEventListener("pointerup", (event) => release(event, true));
  canvas.addEventListener("pointercancel", (event) => release(event, false));

  /**
   * The axis the drag (dx, dy) on `piece` at `point` turns about: of the moves allowed now that
   * turn the piece in one turn, grouped by axis (and the pieces turned), the one whose motion of
   * the grabbed point on screen lies most along the drag: {turn, velocity (px per radian),
   * moves: [{move, angle}]}, or null.
   */
  function pickAxis({ model, piece, point }, answers, dx, dy) {
    const local = model.object.worldToLocal(point.clone());
    const from = view.toClient(point);
    const axes = new Map(); // key → {turn, velocity, moves}
    for (const { move, motion } of answers) {
      // One step of one turn that carries the grabbed piece.
      if (!motion || motion.length !== 1 || motion[0].length !== 1) continue;
      if (!motion[0][0].pieces.includes(piece)) continue;
      const turn = canonicalTurn(motion[0][0]);
      if (!axes.has(turn.key)) {
        const probe = 1e-3; // radians
        const moved = local.clone().applyAxisAngle(turn.axis, probe);
        const to = view.toClient(model.object.localToWorld(moved));
        axes.set(turn.key, {
          turn,
          velocity: { x: (to.x - from.x) / probe, y: (to.y - from.y) / probe },
          moves: [],
        });
      }
      axes.get(turn.key).moves.push({ move, angle: turn.angle });
    }
    const length = Math.hypot(dx, dy);
    let best = null;
    let bestAlignment = MIN_ALIGNMENT;
    for (const axis of axes.values()) {
      const speed = Math.hypot(axis.velocity.x, axis.velocity.y);
      if (speed < 1e-6) continue;
      const along = (dx * axis.velocity.x + dy * axis.velocity.y) / (length * speed);
      if (Math.abs(along) < bestAlignment) continue;
      bestAlignment = Math.abs(along);
      best = axis;
    }
    return best;
  }

  /** The angle about `axis` the drag (dx, dy) draws at the grabbed point. */
  function drawnAngle({ velocity }, dx, dy) {
    return (dx * velocity.x + dy * velocity.y) / (velocity.x ** 2 + velocity.y ** 2);
  }

  /**
   * The move about `axis` whose angle is nearest `drawn`, turning the way it was drawn (a half
   * turn either way); of moves that turn alike (the Square-1's "(0,0)/" and "/"), the shortest
   * written: {move, angle}, or null.
   */
  function nearestMove(axis, drawn) {
    let nearest = null;
    for (const candidate of axis.moves) {
      const half = Math.abs(Math.abs(candidate.angle) - Math.PI) < 1e-6; // lands either way
      const wayRound = half || Math.sign(candidate.angle) === Math.sign(drawn);
      if (!wayRound) continue;
      const gap = Math.abs(Math.abs(candidate.angle) - Math.abs(drawn));
      const better =
        !nearest ||
        gap < nearest.gap - 1e-6 ||
        (gap < nearest.gap + 1e-6 && candidate.move.length < nearest.move.length);
      if (better) nearest = { ...candidate, gap };
    }
    return nearest;
  }
}
