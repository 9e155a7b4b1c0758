// What every 3D puzzle model offers the page, built from a puzzle's own pieces and turns.
//
// A puzzle model (./geometry-model.js) builds its meshes and describes:
//   pieces   [{object: Object3D, facelets: number[]}]: things that move together; their transform
//            at build time is their rest pose
//   stickers Mesh[] indexed by facelet, each with userData.facelet and userData.centre (its centre
//            in the mesh's own coordinates)
//   turns    Map move name → {axis: Vector3 (unit, model space, through the origin), angle (radians,
//            right-handed about axis), pieces: indices into `pieces`}
//   dragMoves(facelet) → the moves a drag starting on that sticker may choose from
//   drawing  optional: a batch that draws the pieces in one draw call (./batched-drawing.js),
//            told every pose and colour the meshes are given
// and gets back the common interface below. The engine's facelets are the only state: a turn is
// only an animation, and setFacelets() snaps every piece back to rest before recolouring.
// Geometries and materials are shared by every model of a puzzle on the page (./materials.js).
import { Quaternion } from "three";

import {
  UNKNOWN_COLOUR,
  flaggedStickerMaterial,
  maskedColour,
  stickerMaterial,
} from "./materials.js";

/** Ease-in-out (sine): slow start, slow end. */
export const easeInOut = (t) => 0.5 - 0.5 * Math.cos(Math.PI * t);

/**
 * @param {object} spec
 * @param {string} spec.id
 * @param {import("three").Object3D} spec.object  the root, placed so that the origin (where the
 *   camera looks) is the middle of the puzzle; turns are about axes in its own space
 * @param {{object: import("three").Object3D, facelets: number[]}[]} spec.pieces
 * @param {import("three").Mesh[]} spec.stickers
 * @param {Map<string, {axis: Vector3, angle: number, pieces: number[]}>} spec.turns
 * @param {(facelet: number) => string[]} spec.dragMoves
 * @param {{faces: {name: string, colour: string}[]}} spec.info  the engine's puzzleInfo answer
 * @param {{direction: number[], distance: number, pictured?: number[], frame?: Function}}
 *   spec.camera  the default view, the direction its picture looks from, and how the camera frames
 *   the puzzle as its picture from another direction does (../render/camera-placement.js)
 * @param {ReturnType<import("./batched-drawing.js").batchedDrawing>} [spec.drawing]
 */
export function createPuzzleModel(spec) {
  const { id, object, pieces, stickers, turns, info, drawing } = spec;
  const colours = new Map(info.faces.map((face) => [face.name, face.colour]));
  const rest = pieces.map(({ object: piece }) => ({
    position: piece.position.clone(),
    quaternion: piece.quaternion.clone(),
  }));
  const faceletsOfTurn = new Map(
    [...turns].map(([move, turn]) => [
      move,
      turn.pieces.flatMap((i) => pieces[i].facelets).sort((a, b) => a - b),
    ]),
  );
  let animation = null; // {frame, resolve} of the running turn animation

  function resetPose() {
    pieces.forEach(({ object: piece }, i) => {
      piece.position.copy(rest[i].position);
      piece.quaternion.copy(rest[i].quaternion);
    });
    drawing?.rest();
  }

  /** Shows `move` done by `fraction` (1 = the whole turn, negative = towards its inverse). */
  function poseTurn(move, fraction) {
    const turn = turns.get(move);
    if (!turn) throw new Error(`${id} has no turn "${move}"`);
    resetPose();
    const rotation = new Quaternion().setFromAxisAngle(turn.axis, turn.angle * fraction);
    for (const i of turn.pieces) {
      const piece = pieces[i].object;
      piece.position.copy(rest[i].position).applyQuaternion(rotation);
      piece.quaternion.copy(rotation).multiply(rest[i].quaternion);
    }
    drawing?.pose(turn.pieces, rotation);
  }

  function finishAnimation() {
    if (!animation) return;
    cancelAnimationFrame(animation.frame);
    const { resolve } = animation;
    animation = null;
    resolve(false);
  }

  /**
   * Animates `move` (or its inverse with reverse: true) with ease-in-out over `duration` ms,
   * calling onFrame after each pose. Resolves true when done, false if it was cut short. The last
   * pose stays until setFacelets() snaps the pieces back.
   */
  function turn(move, { duration = 200, reverse = false, onFrame = () => {} } = {}) {
    finishAnimation();
    if (!turns.has(move)) return Promise.resolve(false);
    const sign = reverse ? -1 : 1;
    const hidden = typeof document !== "undefined" && document.hidden;
    if (duration <= 0 || hidden || typeof requestAnimationFrame !== "function") {
      poseTurn(move, sign);
      onFrame();
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const start = performance.now();
      const step = (now) => {
        const t = Math.min(1, Math.max(0, (now - start) / duration));
        poseTurn(move, sign * easeInOut(t));
        onFrame();
        if (t < 1) {
          animation.frame = requestAnimationFrame(step);
        } else {
          animation = null;
          resolve(true);
        }
      };
      animation = { frame: requestAnimationFrame(step), resolve };
    });
  }

  /**
   * Snaps every piece back to rest and colours the stickers from the facelets (the engine's, or a
   * colouring being entered); the stickers `flagged` lists are striped (named in an error). A
   * mask's `looks` (one per sticker of the solved puzzle: "g" grey, "h" hidden, in the plastic's
   * colour) follow the pieces: `sources[i]` is the solved puzzle's sticker at place i.
   */
  function setFacelets(facelets, { flagged = [], looks = "", sources } = {}) {
    if (typeof facelets !== "string" || facelets.length !== stickers.length) {
      throw new Error(`${id} needs ${stickers.length} facelets, got ${JSON.stringify(facelets)}`);
    }
    finishAnimation();
    resetPose();
    const striped = new Set(flagged);
    stickers.forEach((sticker, i) => {
      const colour = maskedColour(looks, sources, i) ?? colours.get(facelets[i]) ?? UNKNOWN_COLOUR;
      sticker.material = striped.has(i) ? flaggedStickerMaterial(colour) : stickerMaterial(colour);
      drawing?.colour(i, colour, striped.has(i));
    });
  }

  /** Centre of sticker `facelet` in the model's own space (default) or in world space. */
  function stickerCentre(facelet, { world = false } = {}) {
    const sticker = stickers[facelet];
    object.updateMatrixWorld(true);
    const point = sticker.localToWorld(sticker.userData.centre.clone());
    return world ? point : object.worldToLocal(point);
  }

  /** Outward normal of sticker `facelet` in world space. */
  function stickerNormal(facelet) {
    const sticker = stickers[facelet];
    object.updateMatrixWorld(true);
    return sticker.userData.normal.clone().transformDirection(sticker.matrixWorld).normalize();
  }

  /** Where the world point `point` goes when `move` is done by `fraction` (a small one for drags). */
  function movePoint(move, point, fraction) {
    const turn = turns.get(move);
    object.updateMatrixWorld(true);
    const local = object.worldToLocal(point.clone());
    local.applyAxisAngle(turn.axis, turn.angle * fraction);
    return object.localToWorld(local);
  }

  /** Stops any animation. (The shared geometries and materials stay for other models.) */
  function dispose() {
    finishAnimation();
  }

  return {
    id,
    object,
    stickers,
    camera: spec.camera,
    moves: [...turns.keys()],
    hasTurn: (move) => turns.has(move),
    /** A half turn ends in the same place whichever way it goes, so it may be drawn either way. */
    isHalfTurn: (move) => Math.abs(Math.abs(turns.get(move)?.angle ?? 0) - Math.PI) < 1e-9,
    stickersMovedBy: (move) => [...(faceletsOfTurn.get(move) ?? [])],
    dragMoves: (facelet) => spec.dragMoves(facelet).filter((move) => turns.has(move)),
    poseTurn,
    resetPose,
    turn,
    setFacelets,
    stickerCentre,
    stickerNormal,
    movePoint,
    dispose,
  };
}
