// Where the camera goes: a puzzle's default view ({direction, distance}, looking at the origin),
// optionally changed by a player's camera option {azimuth, elevation, zoom} (docs/embedding.md):
// azimuth in degrees about the vertical axis, 0 = from the front (+z), positive towards the right
// (+x); elevation in degrees above the horizontal; zoom 1 = the default distance, 2 = twice as
// close. Options left out keep the default view's value, in the 3D view as in the picture before
// the player starts (./camera-angles.js). Pure math (three.js vectors only).
import { MathUtils, Vector3 } from "three";

import { anglesOf, givenAngles } from "./camera-angles.js";

/** The 3D view's vertical field of view in degrees (the horizontal one in a view taller than wide). */
export const FIELD_OF_VIEW = 20;
/**
 * The share of the view's shorter side that the puzzle's outline spans, as the picture before the
 * player starts draws it: the picture's SVG takes 84% of the view (../player/player.css, .picture
 * svg) and the engine leaves 3% of the outline's extent round it (engine/render/image.cpp).
 */
export const PICTURE_SHARE = 0.84 / 1.06;

/**
 * The default view: the engine's view direction (a puzzle's geometry may give its own, `view`),
 * where the puzzle's pictures look from too, so a picture-first player does not jump when it
 * starts.
 */
export function defaultDirection(view) {
  return new Vector3(...(view ?? [0.53, 0.49, 0.69])).normalize();
}

/**
 * @param {{direction: number[], distance: number, pictured?: number[], farther?: number,
 *   frame?: (pictured: Vector3) => {direction: Vector3, distance: number, target: Vector3}}}
 *   defaults  the default view; `pictured`: the direction its picture looks from; `frame`: where the camera stands to
 *   show the puzzle as its picture from another direction does; `farther`: how much farther
 *   back the camera stands (hint stickers floating round the puzzle)
 * @param {{azimuth?: number, elevation?: number, zoom?: number}} option
 * @returns {{position: Vector3, distance: number, target: Vector3}}  `distance` from `target`
 */
export function cameraPosition(defaults, option = {}) {
  const given = givenAngles(option);
  // Turned from the default view, the puzzle is shown as its picture turned so shows it: the
  // angles given replace the picture's (as ./camera-angles.js's pictureRotation's do).
  const turned = Object.keys(given).length > 0 && defaults.frame;
  const angles = { ...anglesOf(turned ? defaults.pictured : defaults.direction), ...given };
  const azimuth = MathUtils.degToRad(angles.azimuth);
  const elevation = MathUtils.degToRad(angles.elevation);
  const direction = new Vector3(
    Math.cos(elevation) * Math.sin(azimuth),
    Math.sin(elevation),
    Math.cos(elevation) * Math.cos(azimuth),
  );
  const framed = turned
    ? defaults.frame(direction)
    : { direction, distance: defaults.distance, target: new Vector3() };
  const distance = (framed.distance * (defaults.farther ?? 1)) / (option.zoom ?? 1);
  const position = framed.direction.clone().multiplyScalar(distance).add(framed.target);
  return { position, distance, target: framed.target };
}

/**
 * Puts `eye` (a back view's camera) opposite `camera` through the middle, looking at it, so that
 * the two views together show every side (a cube's U, F, R in one, D, B, L in the other).
 */
export function placeBehind(eye, camera) {
  eye.position.copy(camera.position).negate();
  eye.lookAt(0, 0, 0);
  eye.updateMatrixWorld();
}
