// One player's three.js view: scene, camera, lights, orbit controls and render on demand, drawn
// by the page's shared WebGL renderer (./shared-renderer.js) into the player's own 2D canvas;
// plus the two questions input handling asks of it: what is under this pixel, and where on screen
// is this point. Optionally a back view, the same scene through a second camera opposite the
// first, drawn into a second canvas, and a mirror: the puzzle and the camera reflected
// left to right, so the view is the mirror image of the usual one and still turns as it looks.
import { Group, MathUtils, PerspectiveCamera, Raycaster, Scene, TOUCH, Vector2 } from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";

import { FIELD_OF_VIEW, cameraPosition, placeBehind } from "./camera-placement.js";
import { addLighting } from "./lighting.js";
import { registerView } from "./shared-renderer.js";

const MAX_PIXEL_RATIO = 2;

/**
 * @param {HTMLCanvasElement} canvas  the 2D canvas to show the view in; its CSS size decides the
 *   image size. Throws when WebGL is unavailable.
 */
export function createView(canvas) {
  const scene = new Scene();
  const camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.5, 1000);
  camera.position.set(3.9, 3.2, 5.1);
  scene.add(camera);
  const shared = registerView(scene, camera, canvas);
  const holder = new Group(); // the puzzle, reflected in it when mirrored
  scene.add(holder);
  let mirrored = false;
  let back = null; // the back view: {camera, canvas, shared, observer}
  let onScreen = true;

  addLighting(scene);

  const controls = new OrbitControls(camera, canvas);
  controls.enablePan = false;
  // OrbitControls turns off touch scrolling on the canvas; the player's stylesheet lets a finger
  // scroll the page up and down off the puzzle (touch-action: pan-y), so the view turns by
  // sideways and two-finger drags.
  canvas.style.touchAction = "";
  controls.touches = { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_ROTATE };

  let object = null;
  const raycaster = new Raycaster();
  // A puzzle drawn in one batch keeps its parts, for picking, on a layer no camera draws.
  raycaster.layers.enableAll();

  function requestRender() {
    shared.requestFrame();
    if (!back) return;
    placeBehind(back.camera, camera);
    back.shared.requestFrame();
  }

  /** Sizes `target`'s canvas in device pixels and fits its camera's aspect to it. */
  function fit(target, eye) {
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    const width = Math.max(1, Math.round(target.clientWidth * ratio));
    const height = Math.max(1, Math.round(target.clientHeight * ratio));
    if (target.width !== width || target.height !== height) {
      target.width = width;
      target.height = height;
    }
    eye.aspect = width / height;
    // The field of view spans the shorter side, as the picture before the start fills it.
    const halfTan = Math.tan(MathUtils.degToRad(FIELD_OF_VIEW / 2)) / Math.min(1, eye.aspect);
    eye.fov = MathUtils.radToDeg(2 * Math.atan(halfTan));
    eye.updateProjectionMatrix();
    requestRender();
  }

  new ResizeObserver(() => fit(canvas, camera)).observe(canvas);
  controls.addEventListener("change", requestRender);
  fit(canvas, camera);

  /** Shows the back view in `backCanvas` (a 2D canvas), or none with null. */
  function setBackView(backCanvas) {
    if (back?.canvas === backCanvas) return;
    if (back) {
      back.observer.disconnect();
      back.shared.release();
      back = null;
    }
    if (!backCanvas) return;
    const eye = new PerspectiveCamera(camera.fov, 1, camera.near, camera.far);
    back = { camera: eye, canvas: backCanvas, shared: registerView(scene, eye, backCanvas) };
    back.shared.setOnScreen(onScreen);
    back.observer = new ResizeObserver(() => fit(backCanvas, eye));
    back.observer.observe(backCanvas);
    fit(backCanvas, eye);
  }

  /** Mirrors the view (or not): the puzzle and the camera reflected left to right. */
  function setMirror(on) {
    if (on === mirrored) return;
    mirrored = on;
    holder.scale.x = on ? -1 : 1;
    camera.position.x = -camera.position.x;
    controls.target.x = -controls.target.x;
    controls.update();
    requestRender();
  }

  let placement = null; // the last placeCamera() arguments, for resetCamera()

  /**
   * Places the camera: the puzzle's default view `{direction, distance}` changed by the player's
   * `camera` option {azimuth?, elevation?, zoom?} (see ./camera-placement.js).
   */
  function placeCamera(defaults, option = {}) {
    placement = { defaults, option };
    const { position, distance, target } = cameraPosition(defaults, option);
    camera.position.copy(position);
    controls.target.copy(target);
    if (mirrored) {
      camera.position.x = -position.x;
      controls.target.x = -target.x;
    }
    controls.minDistance = Math.min(distance, defaults.distance) * 0.45;
    controls.maxDistance = Math.max(distance, defaults.distance) * 2;
    controls.update();
    requestRender();
  }

  /** Takes the camera back to where the last placeCamera() put it, however it was turned since. */
  function resetCamera() {
    if (placement) placeCamera(placement.defaults, placement.option);
  }

  /** Shows `next` (an Object3D, or null) in place of the previous object. */
  function setObject(next) {
    if (object) holder.remove(object);
    object = next;
    if (object) holder.add(object);
    requestRender();
  }

  /** Normalised device coordinates of a client (CSS pixel) position. */
  function toDevice(clientX, clientY) {
    const rect = canvas.getBoundingClientRect();
    return new Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
  }

  /** The nearest part of `target` under the client position: {object, point (world)} or null. */
  function pick(clientX, clientY, target) {
    camera.updateMatrixWorld();
    raycaster.setFromCamera(toDevice(clientX, clientY), camera);
    const hit = raycaster.intersectObject(target, true)[0];
    return hit ? { object: hit.object, point: hit.point } : null;
  }

  /** The client position (CSS pixels) of a world point. */
  function toClient(point) {
    const rect = canvas.getBoundingClientRect();
    camera.updateMatrixWorld(); // the camera may have moved since the last frame
    const ndc = point.clone().project(camera);
    return {
      x: rect.left + ((ndc.x + 1) / 2) * rect.width,
      y: rect.top + ((1 - ndc.y) / 2) * rect.height,
    };
  }

  /** Whether nothing in the scene hides the world point `point` of `mesh` from the camera. */
  function isVisible(point, mesh) {
    const direction = point.clone().sub(camera.position);
    const distance = direction.length();
    raycaster.set(camera.position, direction.normalize());
    const hit = raycaster.intersectObject(holder, true)[0];
    return Boolean(hit) && hit.object === mesh && Math.abs(hit.distance - distance) < 0.02;
  }

  return {
    canvas,
    camera,
    setObject,
    placeCamera,
    resetCamera,
    requestRender,
    setBackView,
    setMirror,
    /** Whether the view is mirrored (setMirror). */
    get mirrored() {
      return mirrored;
    },
    /** Whether the view is on screen (frames for views off screen wait until they are). */
    setOnScreen(on) {
      onScreen = on;
      shared.setOnScreen(on);
      back?.shared.setOnScreen(on);
    },
    /** The player left the page: the shared renderer forgets the view until it is back. */
    release() {
      shared.release();
      back?.shared.release();
    },
    pick,
    toClient,
    isVisible,
  };
}
