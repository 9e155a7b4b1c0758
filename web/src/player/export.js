// Exporting what a player shows (docs/player.md, "Export"): the position as a PNG or SVG picture,
// and the move list played from its start to its end as an animated GIF or a WebM video.
//
// Every export draws its own copy of the puzzle (the puzzle's web entry builds a second model,
// sharing the shown model's geometries and materials) in its own scene, seen by a copy of the
// view's camera and lights, through the page's shared WebGL renderer into a canvas of the size
// asked for. The player on the page is left alone: it may be turned, played or even export again
// meanwhile. Animation frames are computed, not recorded: the turn of move k at time t is the
// model's pose for that fraction of the turn, so a slow machine gives the same GIF as a fast one.
// Loaded with a dynamic import() by the element's export methods, so neither this module nor the
// GIF encoder is part of a player's first load.
import { Group, Scene } from "three";

import { easeInOut } from "../puzzles/puzzle-model.js";
import { placeBehind } from "../render/camera-placement.js";
import { addLighting } from "../render/lighting.js";
import { renderOnce } from "../render/shared-renderer.js";
import { hexColour, maskedFacelets } from "./appearance.js";
import { positionSvg } from "./export-svg.js";
import { createGifWriter } from "./gif.js";

/** What each option may be, by method; each reader throws a message naming the option. */
const IMAGE_OPTIONS = {
  format: oneOf(["png", "svg"], "png"),
  view: oneOf(["player", "iso", "net"], "player"),
  size: wholeNumber(16, 2048, 512),
  background: backgroundColour({ transparent: true }),
};

const ANIMATION_OPTIONS = {
  format: oneOf(["gif", "webm"], "gif"),
  size: wholeNumber(16, 1024, 320),
  // GIF delays are whole hundredths of a second, and browsers slow down delays under 2/100 s.
  fps: wholeNumber(1, 50, 25),
  turnMs: wholeNumber(0, 5000, 300),
  pauseMs: wholeNumber(0, 5000, 100),
  holdMs: wholeNumber(0, 10_000, 1000),
  background: backgroundColour({ transparent: false }),
  signal: abortSignal(),
  onProgress: callback(),
};

/** The largest picture the engine draws (engine/render/image.hpp's kImageMaxSize). */
const ENGINE_MAX_SIZE = 1024;

/**
 * The position shown, as a picture: `{format: "png" | "svg", view, size, background}`. `view`:
 * "player" draws the 3D view as it is seen now (size: the width and height in pixels); "iso" and
 * "net" are the engine's pictures (its `image` call, docs/api.md: the same as `polytwist image`;
 * size: the width). Resolves a Blob; rejects with a message naming a bad option.
 * @param {ExportSource} source  what the element gives (./polytwist-player.js)
 */
export async function exportImage(source, given) {
  const options = readOptions("exportImage", given, IMAGE_OPTIONS);
  // A puzzle shown as the engine's picture (the Clock) is exported as that picture.
  const shownAsPicture = source.model.position.current.info?.view === "picture";
  if (options.view !== "player" || shownAsPicture) return enginePicture(source, options);
  const shown = await shownPuzzle("exportImage", source);
  if (shown.pieces && options.format === "svg") {
    throw new Error(
      `exportImage: the ${shown.info.name}'s solid pieces are drawn as PNG only, not SVG ` +
        `(format "png")`,
    );
  }
  const position = source.model.position.current;
  const still = createStill(source, shown, options.size);
  try {
    showPosition(still.puzzle, position, position.looks);
    const background = resolveBackground(options.background, source, { opaque: false });
    if (options.format === "svg") {
      const { width, height, back } = still.layout;
      const svg = positionSvg({
        camera: still.camera,
        puzzle: still.puzzle,
        size: options.size,
        background,
        width,
        height,
        back: back && { ...back, camera: still.backCamera },
      });
      return new Blob([svg], { type: "image/svg+xml" });
    }
    const canvas = still.draw(background);
    return await canvasBlob(canvas, "image/png");
  } finally {
    still.dispose();
  }
}

/** The engine's picture of the position shown, as SVG, or as PNG drawn from that SVG here. */
async function enginePicture(source, { format, view, size, background }) {
  const position = source.model.position.current;
  const { puzzle, info } = position;
  if (!info) throw new Error("exportImage: the player shows no puzzle");
  if (size > ENGINE_MAX_SIZE) {
    throw new RangeError(
      `exportImage: size must be a whole number from 16 to ${ENGINE_MAX_SIZE} for the ` +
        `engine's pictures (view "${view}"), not ${size}`,
    );
  }
  const colour = resolveBackground(background, source, { opaque: false });
  const common = { pzl: puzzle, size: String(size), bg: colour ? hexColour(colour) : "t" };
  // The engine draws a puzzle from its moves or, as here, from one face letter per sticker (fd,
  // the mask's stickers as grey or none), in the faces' colours in use (sch); a model of its own
  // (the Square-1, the Clock: puzzleInfo's `model`) from the parameters each of its positions
  // carries (`picture`), in its one drawing whichever view was asked for.
  const answer = await source.engine.image(
    info.model
      ? { ...position.picture, ...common }
      : {
          ...common,
          fd: maskedFacelets(position),
          sch: info.faces.map(({ colour }) => hexColour(colour)).join(","),
          view,
        },
  );
  if (!answer.ok) throw new Error(`exportImage: the engine refused the picture: ${answer.error}`);
  const svg = new Blob([answer.svg], { type: "image/svg+xml" });
  return format === "svg" ? svg : rasterise(svg);
}

/** An SVG Blob drawn as a PNG Blob at the SVG's own width and height. */
async function rasterise(svg) {
  const url = URL.createObjectURL(svg);
  try {
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      throw new Error(
        "exportImage: the browser could not draw the engine's SVG (does the page's " +
          "Content-Security-Policy allow img-src blob:?)",
      );
    }
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext("2d").drawImage(image, 0, 0);
    return await canvasBlob(canvas, "image/png");
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The move list played from its start to its end: `{format: "gif" | "webm", size, fps, turnMs,
 * pauseMs, holdMs, background, signal, onProgress}`. The first picture is held `holdMs`, each
 * turn takes `turnMs` (drawn in round(turnMs × fps / 1000) frames, at least one), `pauseMs`
 * separates two turns and the last picture is held `holdMs`. onProgress({frame, frames,
 * fraction}) after each frame; an abort of `signal` rejects with its reason. A WebM is recorded
 * in real time (MediaRecorder), so it takes as long as the animation; a GIF as long as drawing
 * and encoding its frames.
 */
export async function exportAnimation(source, given) {
  const method = "exportAnimation";
  const options = readOptions(method, given, ANIMATION_OPTIONS);
  options.signal?.throwIfAborted();
  const shown = await shownPuzzle(method, source);
  const { playback } = source.model;
  const moves = playback.moves;
  if (moves.length === 0) {
    throw new Error(`${method}: the player has no moves to play; give it an alg (or a solution)`);
  }
  // The move list as it is now: a change on the page during the export does not reach it.
  const positions = Array.from({ length: moves.length + 1 }, (_, k) => playback.positionAt(k));
  // Solid pieces turn as the engine says each move turns them from the position before it.
  const motions = shown.pieces ? await pieceMotions(source.engine, moves, positions) : null;
  options.signal?.throwIfAborted();
  const { looks } = source.model.position.current;
  const still = createStill(source, shown, options.size, { readBack: options.format === "gif" });
  try {
    const frames = animationFrames({
      moves,
      fps: options.fps,
      turnMs: options.turnMs,
      pauseMs: options.pauseMs,
      holdMs: options.holdMs,
      canTurn: (move, k) => (motions ? motions[k] !== null : still.puzzle.hasTurn(move)),
    });
    const background = resolveBackground(options.background, source, { opaque: true });
    const drawFrame = (frame) => {
      showPosition(still.puzzle, positions[frame.position], looks);
      if (frame.move && motions) still.puzzle.pose(motions[frame.position], frame.fraction);
      else if (frame.move) still.puzzle.poseTurn(frame.move, frame.fraction);
      return still.draw(background);
    };
    const report = (index) =>
      options.onProgress?.({
        frame: index + 1,
        frames: frames.length,
        fraction: (index + 1) / frames.length,
      });
    if (options.format === "gif") {
      return await writeGif({
        frames,
        drawFrame,
        width: still.layout.width,
        height: still.layout.height,
        signal: options.signal,
        report,
      });
    }
    return await recordWebm({
      frames,
      drawFrame,
      redraw: () => still.compose(background),
      fps: options.fps,
      signal: options.signal,
      report,
    });
  } finally {
    still.dispose();
  }
}

/**
 * The frames of an animation of `moves`: [{position, move?, fraction?, ms}], `position` being the
 * index of the engine position drawn (after that many moves), `move` turned by `fraction` on it,
 * for `ms` milliseconds. A step the 3D model cannot turn (a sequence with brackets or
 * repetitions, played as one step; canTurn(move, k) says, k its index) appears at once, held as
 * long as a turn.
 */
export function animationFrames({ moves, fps, turnMs, pauseMs, holdMs, canTurn }) {
  const frameMs = 1000 / fps;
  const turnFrames = Math.max(1, Math.round(turnMs / frameMs));
  const frames = [{ position: 0, ms: Math.max(frameMs, holdMs) }];
  moves.forEach((move, k) => {
    const rest = k === moves.length - 1 ? holdMs : pauseMs;
    if (canTurn(move, k)) {
      for (let j = 1; j < turnFrames; j++) {
        frames.push({ position: k, move, fraction: easeInOut(j / turnFrames), ms: frameMs });
      }
      // The turn's last frame is the engine's next position, not the pose at fraction 1.
      frames.push({ position: k + 1, ms: frameMs + rest });
    } else {
      frames.push({ position: k + 1, ms: turnFrames * frameMs + rest });
    }
  });
  return frames;
}

/**
 * @typedef {object} ExportSource  the player's parts an export reads (never changes)
 * @property {ReturnType<import("../render/view.js").createView> | null} view
 * @property {ReturnType<import("./model.js").createPlayerModel>} model
 * @property {Record<string, HTMLElement>} ui
 * @property {import("../engine/client.js").EngineSession} engine  the player's engine session
 * @property {() => Promise<(() => object) | null>} pieceModelMaker  for solid pieces: what makes
 *   another model of them (./dom/stage.js)
 */

/**
 * The puzzle shown and how to build a second model of it: its web entry's, or for a puzzle the
 * engine describes as solid pieces (puzzleInfo's `view` "pieces") the stage's
 * (../puzzles/piece-model.js; `pieces` true); an error saying why there is nothing to export.
 */
async function shownPuzzle(method, { view, model, pieceModelMaker }) {
  const { info, entry } = model.position.current;
  if (!info) throw new Error(`${method}: the player shows no puzzle`);
  if (!view) throw new Error(`${method}: the player has no 3D view (WebGL is not available)`);
  if (entry) return { info, createModel: () => entry.createModel(info), pieces: false };
  if (info.view === "pieces") {
    // The stage's module of solid pieces (loaded when it showed them: not a chunk of its own).
    const createModel = await pieceModelMaker();
    if (!createModel) throw new Error(`${method}: the ${info.name}'s 3D view has not loaded yet`);
    return { info, createModel, pieces: true };
  }
  if (info.view === "picture") {
    throw new Error(
      `${method}: the ${info.name} is shown as the engine's picture, which exportImage exports`,
    );
  }
  throw new Error(`${method}: the ${info.name} has no 3D view to export yet`);
}

/**
 * Each move's `motion` from the position before it (the engine's applyMoves), null for a move it
 * does not answer one for (shown at once, as a step the model cannot turn).
 */
async function pieceMotions(engine, moves, positions) {
  return Promise.all(
    moves.map(async (move, k) => {
      const position = positions[k];
      if (!position) return null;
      const answer = await engine.applyMoves(position.puzzle, position.state, move);
      return answer.ok && answer.motion?.length ? answer.motion : null;
    }),
  );
}

/**
 * A second model of the puzzle shown, in a scene lit like the view and seen by a copy of its
 * camera (the reader's current angle and zoom), drawn square at `size` pixels; with the player's
 * back view, as the player shows it (backViewLayout), seen by a camera behind.
 */
function createStill(source, { createModel }, size, { readBack = false } = {}) {
  const { view } = source;
  const scene = new Scene();
  addLighting(scene);
  const camera = view.camera.clone();
  camera.aspect = 1;
  camera.updateProjectionMatrix();
  scene.add(camera);
  const puzzle = createModel();
  // A mirrored view reflects the puzzle (and its camera, copied with it).
  const holder = new Group();
  holder.scale.x = view.mirrored ? -1 : 1;
  holder.add(puzzle.object);
  scene.add(holder);
  const layout = backViewLayout(source, size);
  let backCamera = null;
  let backRendered = null;
  if (layout.back) {
    backCamera = camera.clone();
    placeBehind(backCamera, camera);
    backRendered = sizedCanvas(layout.back.side);
  }
  const rendered = sizedCanvas(size); // the puzzle alone, transparent around it
  const output = sizedCanvas(layout.width, layout.height); // on the export's background
  // A GIF reads every frame back: a canvas kept in memory rather than on the GPU does that fast.
  const context = output.getContext("2d", { willReadFrequently: readBack });
  return {
    camera,
    backCamera,
    layout,
    puzzle,
    /** Renders the scene as it is posed now, on `background` (a CSS colour or null); the canvas. */
    draw(background) {
      renderOnce(scene, camera, rendered);
      if (backCamera) renderOnce(scene, backCamera, backRendered);
      return this.compose(background);
    },
    /** Draws the last rendering on `background` again (a video's repeated frame); the canvas. */
    compose(background) {
      context.clearRect(0, 0, output.width, output.height);
      if (background) {
        context.fillStyle = background;
        context.fillRect(0, 0, output.width, output.height);
      }
      context.drawImage(rendered, 0, 0);
      const { back } = layout;
      if (back) {
        if (back.frame) {
          const { x, y, side, fill, stroke, width, radius } = back.frame;
          context.beginPath();
          context.roundRect(x + width / 2, y + width / 2, side - width, side - width, radius);
          context.fillStyle = fill;
          context.fill();
          if (width > 0) {
            context.lineWidth = width;
            context.strokeStyle = stroke;
            context.stroke();
          }
        }
        context.drawImage(backRendered, back.x, back.y);
      }
      return output;
    },
    dispose() {
      holder.remove(puzzle.object);
      puzzle.dispose();
    },
  };
}

/**
 * Where a picture of the player's view `size` pixels square puts its back view, as the player
 * shows it (./player.css): {width, height, back: null or {x, y, side} (its square), with `frame`
 * {x, y, side, fill, stroke, width, radius} in the corner}. Side by side, the picture is twice as
 * wide, the back view on the right; in the corner, its box is measured on the page (a page may
 * style the back-view part), so a player that is not laid out exports without it.
 */
function backViewLayout({ ui }, size) {
  const where = ui.player.dataset.backView;
  if (where === "side-by-side") {
    return { width: 2 * size, height: size, back: { x: size, y: 0, side: size } };
  }
  const alone = { width: size, height: size, back: null };
  const viewBox = ui.view.getBoundingClientRect();
  const box = ui.backView.getBoundingClientRect();
  if (where !== "corner" || viewBox.width === 0 || box.width === 0) return alone;
  const scale = size / viewBox.width;
  const style = getComputedStyle(ui.backView);
  const border = parseFloat(style.borderTopWidth) * scale || 0;
  const frame = {
    x: (box.left - viewBox.left) * scale,
    y: (box.top - viewBox.top) * scale,
    side: box.width * scale,
    fill: style.backgroundColor,
    stroke: style.borderTopColor,
    width: border,
    radius: parseFloat(style.borderTopLeftRadius) * scale || 0,
  };
  const inner = (value) => Math.round(value + border);
  return {
    ...alone,
    back: {
      x: inner(frame.x),
      y: inner(frame.y),
      side: Math.max(1, Math.round(frame.side - 2 * border)),
      frame,
    },
  };
}

function sizedCanvas(width, height = width) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/**
 * Colours `puzzle` (at rest) as the engine's `position` {facelets, digits?, sources?}, with the
 * mask's `looks` (./appearance.js); solid pieces (place()) are put where its `placements` say.
 */
function showPosition(puzzle, { facelets, digits, sources, placements }, looks) {
  if (puzzle.place) {
    puzzle.place(placements);
    return;
  }
  puzzle.setFacelets(facelets, { looks, sources });
  if (digits) puzzle.setDigits?.(digits, sources);
}

function canvasBlob(canvas, type) {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error(`the browser could not encode ${type}`))),
      type,
    ),
  );
}

/**
 * Lets the page breathe between frames (input, progress, an abort): a message to itself, which a
 * hidden page does not slow down as it does timers.
 */
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function writeGif({ frames, drawFrame, width, height, signal, report }) {
  // One palette for every frame, from the first and the last picture (every sticker colour and
  // the background, lit as at rest): no colour flickers from frame to frame.
  const pixels = (frame) =>
    drawFrame(frame).getContext("2d").getImageData(0, 0, width, height).data;
  const gif = createGifWriter({
    width,
    height,
    samples: [pixels(frames[0]), pixels(frames.at(-1))],
  });
  let elapsed = 0;
  for (const [index, frame] of frames.entries()) {
    signal?.throwIfAborted();
    // GIF delays are in hundredths of a second: round the frame's end, not its length, so the
    // rounding errors do not add up over the animation.
    const delay = Math.round((elapsed + frame.ms) / 10) * 10 - Math.round(elapsed / 10) * 10;
    elapsed += frame.ms;
    gif.addFrame(pixels(frame), delay);
    report(index);
    await nextTask();
  }
  return gif.finish();
}

/** The WebM kinds to try, best first; headless Chromium records VP8 and VP9. */
const WEBM_TYPES = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"];

async function recordWebm({ frames, drawFrame, redraw, fps, signal, report }) {
  const type =
    typeof MediaRecorder === "function" && WEBM_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
  if (!type) {
    throw new Error("exportAnimation: this browser cannot record WebM video (MediaRecorder)");
  }
  const canvas = drawFrame(frames[0]);
  // Frames are sent when drawn (captureStream(0) + requestFrame), at their time: the recorder
  // stamps each frame with the time it arrives. A long frame is sent again every 1/fps s, so the
  // video has a picture to seek to at every moment.
  const stream = canvas.captureStream(0);
  const [track] = stream.getVideoTracks();
  const recorder = new MediaRecorder(stream, {
    mimeType: type,
    videoBitsPerSecond: Math.min(8e6, canvas.width * canvas.height * fps * 0.2),
  });
  const chunks = [];
  recorder.ondataavailable = ({ data }) => data.size > 0 && chunks.push(data);
  const stopped = new Promise((resolve, reject) => {
    recorder.onstop = resolve;
    recorder.onerror = ({ error }) => reject(error ?? new Error("the video recorder failed"));
  });
  const frameMs = 1000 / fps;
  const waitUntil = (time) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, time - performance.now())));
  recorder.start();
  let due = performance.now();
  try {
    for (const [index, frame] of frames.entries()) {
      signal?.throwIfAborted();
      // Drawn at its time, just before it is sent: the frame before has been captured by then.
      await waitUntil(due);
      drawFrame(frame);
      track.requestFrame();
      for (let at = due + frameMs; at < due + frame.ms - 1; at += frameMs) {
        await waitUntil(at);
        redraw(); // Chromium sends no frame for a canvas unchanged since the last one
        track.requestFrame();
      }
      due += frame.ms;
      report(index);
    }
    // The last picture once more at the end, so that it lasts its whole time in the video.
    await waitUntil(due);
    redraw();
    track.requestFrame();
    await waitUntil(due + frameMs);
  } finally {
    recorder.stop();
    track.stop();
  }
  await stopped;
  return new Blob(chunks, { type: "video/webm" });
}

// Options.

function readOptions(method, given = {}, spec) {
  if (given === null || typeof given !== "object") {
    throw new TypeError(`${method}: the options must be an object, e.g. {format: "png"}`);
  }
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(spec, name)) {
      throw new TypeError(
        `${method}: unknown option "${name}" (the options are ${Object.keys(spec).join(", ")})`,
      );
    }
  }
  const options = {};
  for (const [name, read] of Object.entries(spec)) {
    const value = given[name];
    options[name] = read(value, (what) => {
      throw new RangeError(`${method}: ${name} must be ${what}, not ${describe(value)}`);
    });
  }
  return options;
}

function describe(value) {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") return "a function";
  if (value && typeof value === "object") return Array.isArray(value) ? "an array" : "an object";
  return String(value);
}

function oneOf(values, fallback) {
  return (value, fail) => {
    if (value === undefined) return fallback;
    return values.includes(value) ? value : fail(values.map((v) => `"${v}"`).join(" or "));
  };
}

function wholeNumber(min, max, fallback) {
  return (value, fail) => {
    if (value === undefined) return fallback;
    return Number.isInteger(value) && value >= min && value <= max
      ? value
      : fail(`a whole number from ${min} to ${max}`);
  };
}

/** "view" (the player's own), "transparent" (pictures only) or a CSS colour. */
function backgroundColour({ transparent }) {
  return (value, fail) => {
    if (value === undefined || value === "view") return "view";
    const ok =
      typeof value === "string" &&
      (value === "transparent" ? transparent : CSS.supports("color", value));
    return ok ? value : fail(`"view"${transparent ? ', "transparent"' : ""} or a CSS colour`);
  };
}

function abortSignal() {
  return (value, fail) =>
    value === undefined || value instanceof AbortSignal ? value : fail("an AbortSignal");
}

function callback() {
  return (value, fail) =>
    value === undefined || typeof value === "function" ? value : fail("a function");
}

/**
 * The background a CSS colour (or null for none) from the option: "view" is the stage's own
 * background; with `opaque` (GIF, WebM: no see-through pixels) a transparent one gives way to
 * the first opaque background behind the player on the page, or white.
 */
function resolveBackground(option, { ui }, { opaque }) {
  if (option === "transparent") return null;
  if (option !== "view") return option;
  const own = getComputedStyle(ui.stage).backgroundColor;
  if (!isTransparent(own) || !opaque) return isTransparent(own) ? null : own;
  for (let node = ui.stage.getRootNode().host; node; node = parentAcrossShadows(node)) {
    const colour = getComputedStyle(node).backgroundColor;
    if (!isTransparent(colour)) return colour;
  }
  return "#ffffff";
}

const parentAcrossShadows = (node) => node.parentElement ?? node.getRootNode().host ?? null;

/** Whether a computed colour lets everything through ("transparent", "rgba(…, 0)"). */
const isTransparent = (colour) =>
  colour === "transparent" || /^rgba\(.*,\s*0\)$/.test(colour) || /\/\s*0\)$/.test(colour);
