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

/**
 * Lights `scene`, seen through cameras that look at the origin: the headlight is at the eye of
 * whichever camera draws the scene (a player's back view draws it through a second camera).
 */
export function addLighting(scene) {
  scene.add(new AmbientLight(0xffffff, AMBIENT));
  // It shines towards its target, the origin, where the camera looks.
  const headlight = new DirectionalLight(0xffffff, HEADLIGHT);
  scene.add(headlight);
  scene.onBeforeRender = (renderer, drawn, camera) => {
    headlight.position.setFromMatrixPosition(camera.matrixWorld);
    headlight.updateMatrixWorld(); // the renderer updated the scene's matrices before this call
  };
}
