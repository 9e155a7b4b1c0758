// The camera option's angles over a view's own (docs/embedding.md): an angle the option leaves
// out keeps the view's, in the 3D view (./camera-placement.js) as in the picture before the
// player starts (../player/picture-mode.js). Plain numbers, no three.js: the picture's first load
// stays small.

const DEGREES = 180 / Math.PI;

/** The azimuth and elevation (degrees) of a direction [x, y, z]. */
export function anglesOf([x, y, z]) {
  return {
    azimuth: Math.atan2(x, z) * DEGREES,
    elevation: Math.atan2(y, Math.hypot(x, z)) * DEGREES,
  };
}

/** The angles the option gives ({azimuth?, elevation?}, those left out absent). */
export function givenAngles({ azimuth, elevation }) {
  return Object.fromEntries(
    Object.entries({ azimuth, elevation }).filter(([, value]) => value !== undefined),
  );
}

/**
 * The engine picture's `r` (VisualCube's rotations from the front view, docs/images.md) that
 * shows the puzzle as the camera option does, over the picture's own view `{azimuth, elevation}`
 * (its template's): an angle left out keeps the view's. "" when the option gives neither, or
 * when the view is unknown (null) and it gives one only.
 */
export function pictureRotation(view, option = {}) {
  const given = givenAngles(option);
  const count = Object.keys(given).length;
  if (count === 0 || (count === 1 && !view)) return "";
  const { azimuth, elevation } = { ...view, ...given };
  return `y${Math.round(azimuth)}x${Math.round(-elevation)}`;
}
