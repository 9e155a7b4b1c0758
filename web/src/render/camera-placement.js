// Where the camera goes: a puzzle's default view ({direction, distance}, looking at the origin),
// optionally changed by a player's camera option {azimuth, elevation, zoom} (docs/embedding.md):
// azimuth in degrees about the vertical axis, 0 = from the front (+z), positive towards the right
// (+x); elevation in degrees above the horizontal; zoom 1 = the default distance, 2 = twice as
// close. Options left out keep the default view's value. Pure math (three.js vectors only).
import { MathUtils, Vector3 } from "three";

/** The 3D view's vertical field of view in degrees (the horizontal one in a view taller than wide). */
export const FIELD_OF_VIEW = 20;
/**
 * The share of the view's shorter side that the puzzle's outline spans, as the picture before the
 * player starts draws it: the picture's SVG takes 84% of the view (../player/player.css, .picture
 * svg) and the engine leaves 3% of the outline's extent round it (engine/render/image.cpp).
 */
export const PICTURE_SHARE = 0.84 / 1.06;

/** The azimuth and elevation (degrees) of a direction. */
export function anglesOf([x, y, z]) {
  return {
    azimuth: MathUtils.radToDeg(Math.atan2(x, z)),
    elevation: MathUtils.radToDeg(Math.atan2(y, Math.hypot(x, z))),
  };
}

/**
 * @param {{direction: number[], distance: number}} defaults
 * @param {{azimuth?: number, elevation?: number, zoom?: number}} option
 * @returns {{position: Vector3, distance: number}}
 */
export function cameraPosition(defaults, option = {}) {
  const angles = { ...anglesOf(defaults.direction), ...definedOnly(option) };
  const distance = defaults.distance / (option.zoom ?? 1);
  const azimuth = MathUtils.degToRad(angles.azimuth);
  const elevation = MathUtils.degToRad(angles.elevation);
  const position = new Vector3(
    Math.cos(elevation) * Math.sin(azimuth),
    Math.sin(elevation),
    Math.cos(elevation) * Math.cos(azimuth),
  ).multiplyScalar(distance);
  return { position, distance };
}

function definedOnly({ azimuth, elevation }) {
  return Object.fromEntries(
    Object.entries({ azimuth, elevation }).filter(([, value]) => value !== undefined),
  );
}
