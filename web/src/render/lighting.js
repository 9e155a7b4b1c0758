// The one lighting of every 3D view of a puzzle (the player's view, its exports, the test
// harnesses), chosen to agree with the engine's pictures (engine/render/image.cpp), which paint
// every sticker flat in its face colour and the plastic in #1b1b1b: matt materials (Lambert, no
// specular highlight to wash a face out) lit by an ambient light and a headlight that shines from
// the eye, summed so that a face seen head-on shows exactly its colour. A face turned away from
// the eye darkens with the cosine of its angle (the default view's faces by 10–20 %), which is all
// the shading the eye needs to read the solid.
import { AmbientLight, DirectionalLight } from "three";

/**
 * three.js's Lambert reflects colour · intensity / π of each light (the headlight's times the
 * cosine): intensities adding up to π give a face seen head-on its own colour.
 */
const AMBIENT = 0.6 * Math.PI;
const HEADLIGHT = 0.4 * Math.PI;

/** Lights `scene`, seen through `camera` (which must look at the origin and be in the scene). */
export function addLighting(scene, camera) {
  scene.add(new AmbientLight(0xffffff, AMBIENT));
  const headlight = new DirectionalLight(0xffffff, HEADLIGHT);
  // At the eye: it shines towards its target, the origin, where the camera looks.
  headlight.position.set(0, 0, 0);
  camera.add(headlight);
}
