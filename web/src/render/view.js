// A small three.js view: scene, camera, lights, orbit controls, resize handling and
// render-on-demand (a frame is drawn only after something asked for one), plus the two questions
// input handling asks of it: what is under this pixel, and where on screen is this point.
import {
  AmbientLight,
  DirectionalLight,
  PerspectiveCamera,
  Raycaster,
  Scene,
  Vector2,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";

/**
 * @param {HTMLCanvasElement} canvas  the canvas to draw into; its CSS size decides the image size
 */
export function createView(canvas) {
  const renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(0x000000, 0); // transparent: the page's background shows through

  const scene = new Scene();
  const camera = new PerspectiveCamera(35, 1, 0.1, 100);
  camera.position.set(3.9, 3.2, 5.1);
  scene.add(camera);

  // Lights follow the camera so the side facing the viewer is always lit.
  scene.add(new AmbientLight(0xffffff, 1.3));
  const key = new DirectionalLight(0xffffff, 2.1);
  key.position.set(-1, 2, 3);
  camera.add(key);

  const controls = new OrbitControls(camera, canvas);
  controls.enablePan = false;
  controls.minDistance = 3;
  controls.maxDistance = 15;

  let object = null;
  let frame = 0;
  const raycaster = new Raycaster();

  function render() {
    frame = 0;
    renderer.render(scene, camera);
  }

  /** Schedules one frame (several requests before it coalesce). */
  function requestRender() {
    if (!frame) frame = requestAnimationFrame(render);
  }

  function resize() {
    const width = Math.max(1, canvas.clientWidth);
    const height = Math.max(1, canvas.clientHeight);
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestRender();
  }

  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  controls.addEventListener("change", requestRender);
  resize();

  /**
   * Shows `next` (an Object3D, or null) in place of the previous object, seen from
   * `cameraSpec.direction` at `cameraSpec.distance`.
   */
  function setObject(next, cameraSpec) {
    if (object) scene.remove(object);
    object = next;
    if (object) scene.add(object);
    if (cameraSpec) {
      camera.position
        .set(...cameraSpec.direction)
        .normalize()
        .multiplyScalar(cameraSpec.distance);
    }
    controls.target.set(0, 0, 0);
    controls.update();
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
    const hit = raycaster.intersectObjects(scene.children, true)[0];
    return Boolean(hit) && hit.object === mesh && Math.abs(hit.distance - distance) < 0.02;
  }

  function dispose() {
    if (frame) cancelAnimationFrame(frame);
    observer.disconnect();
    controls.dispose();
    renderer.dispose();
  }

  return {
    scene,
    camera,
    controls,
    renderer,
    setObject,
    requestRender,
    pick,
    toClient,
    isVisible,
    dispose,
  };
}
