// A small three.js view: scene, camera, lights, orbit controls, resize handling and
// render-on-demand (a frame is drawn only after something asked for one).
import { AmbientLight, DirectionalLight, PerspectiveCamera, Scene, WebGLRenderer } from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";

/**
 * @param {HTMLCanvasElement} canvas  the canvas to draw into; its CSS size decides the image size
 * @returns the view: {scene, camera, controls, renderer, setObject, requestRender, dispose}
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
  scene.add(new AmbientLight(0xffffff, 1.2));
  const key = new DirectionalLight(0xffffff, 2.2);
  key.position.set(-1, 2, 3);
  camera.add(key);

  const controls = new OrbitControls(camera, canvas);
  controls.enablePan = false;
  controls.minDistance = 3;
  controls.maxDistance = 15;

  let object = null;
  let frame = 0;

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

  /** Shows `next` (an Object3D, or null) in place of the previous object. */
  function setObject(next) {
    if (object) scene.remove(object);
    object = next;
    if (object) scene.add(object);
    controls.target.set(0, 0, 0);
    controls.update();
    requestRender();
  }

  function dispose() {
    if (frame) cancelAnimationFrame(frame);
    observer.disconnect();
    controls.dispose();
    renderer.dispose();
  }

  return { scene, camera, controls, renderer, setObject, requestRender, dispose };
}
