// One WebGL context for every view on the page. Browsers allow only about 16 live WebGL contexts,
// so a page with twenty players cannot give each its own renderer. Instead one WebGLRenderer draws
// into a hidden canvas and each view's frame is copied into that view's own 2D canvas:
//
//   view.requestRender() → the view joins the set of views wanting a frame → at the next animation
//   frame, every such view that is on screen is rendered in turn into the bottom-left corner of the
//   hidden canvas (grown to the largest view) and copied with drawImage into its 2D canvas.
//
// Views off screen keep their request until they scroll into view. Geometry and materials shared
// between models are uploaded once, since there is only one context.
import { WebGLRenderer } from "three";

let renderer = null;
let failure = null;
const views = new Set(); // every live view: {scene, camera, canvas, context, onScreen}
const wanting = new Set(); // views that asked for a frame since their last one
let frame = 0;

/** The shared renderer, created on first use; throws (every time) when WebGL is unavailable. */
function sharedRenderer() {
  if (renderer) return renderer;
  if (failure) throw failure;
  try {
    const canvas = document.createElement("canvas");
    renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true });
    renderer.setPixelRatio(1); // views size their own canvases in device pixels
    renderer.setClearColor(0x000000, 0); // transparent: each player's background shows through
    renderer.setScissorTest(true);
    // three.js restores its own state after a lost context; every view then needs a new frame.
    canvas.addEventListener("webglcontextrestored", () => views.forEach(requestFrame));
  } catch (err) {
    failure = err;
    throw err;
  }
  return renderer;
}

/**
 * Registers a view: `canvas` is its visible 2D canvas (sized in device pixels by the view).
 * Throws when WebGL is unavailable.
 * @returns {{requestFrame: () => void, setOnScreen: (on: boolean) => void, release: () => void}}
 *   release() forgets the view (a player taken off the page) until it asks for a frame again
 */
export function registerView(scene, camera, canvas) {
  sharedRenderer();
  const view = { scene, camera, canvas, context: canvas.getContext("2d"), onScreen: true };
  views.add(view);
  return {
    requestFrame: () => requestFrame(view),
    setOnScreen(on) {
      view.onScreen = on;
      if (on) views.add(view);
      if (on && wanting.has(view)) schedule();
    },
    release() {
      view.onScreen = false;
      views.delete(view);
      wanting.delete(view);
    },
  };
}

function requestFrame(view) {
  views.add(view);
  wanting.add(view);
  if (view.onScreen) schedule();
}

function schedule() {
  if (!frame) frame = requestAnimationFrame(drawWanted);
}

function drawWanted() {
  frame = 0;
  for (const view of wanting) {
    if (!view.onScreen) continue;
    wanting.delete(view);
    draw(view);
  }
}

function draw({ scene, camera, canvas, context }) {
  const { width, height } = canvas;
  if (width === 0 || height === 0 || !context) return;
  const glCanvas = renderer.domElement;
  if (glCanvas.width < width || glCanvas.height < height) {
    renderer.setSize(Math.max(glCanvas.width, width), Math.max(glCanvas.height, height), false);
  }
  renderer.setViewport(0, 0, width, height);
  renderer.setScissor(0, 0, width, height);
  renderer.render(scene, camera);
  // WebGL's origin is the bottom left: the frame is the bottom-left width × height of the canvas.
  context.clearRect(0, 0, width, height);
  context.drawImage(glCanvas, 0, glCanvas.height - height, width, height, 0, 0, width, height);
}

/**
 * Draws `scene` through `camera` now, into `canvas` (a 2D canvas, at its size, transparent where
 * nothing is drawn): an export's frame (../player/export.js), outside the animation-frame loop.
 * Throws when WebGL is unavailable.
 */
export function renderOnce(scene, camera, canvas) {
  sharedRenderer();
  draw({ scene, camera, canvas, context: canvas.getContext("2d") });
}
