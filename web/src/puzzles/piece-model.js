// A puzzle the engine describes as solid pieces (puzzleInfo's `view`: "pieces", the Square-1):
// puzzleInfo's `pieces` give each piece's faces where the solved puzzle holds it, a sticker's with
// its colour; each position's `placements` turn every piece about the middle of the puzzle (a
// quaternion each); a move's `motion` (applyMoves) is steps of turns, each some pieces turned
// about an axis through the middle, the turns of a step at once. The model draws and animates
// those and knows no rule of any puzzle: which pieces turn, and how, is the engine's to say.
import { Group, MathUtils, Mesh, Quaternion, Vector3 } from "three";

import { FIELD_OF_VIEW, PICTURE_SHARE, defaultDirection } from "../render/camera-placement.js";
import { faceNormal, polyhedronGeometry } from "./convex-polyhedron.js";
import { plasticMaterial, stickerMaterial } from "./materials.js";
import { easeInOut } from "./puzzle-model.js";
import { stickerGeometry } from "./sticker-shape.js";

/**
 * Stickers, as on the puzzles drawn from geometry: the black border and the corners' radius in
 * units of a typical sticker's size (the square root of the median sticker's area), and the lift
 * above the face in units of the puzzle's radius (more than theirs: no batch draws the plastic
 * back here).
 */
const BORDER = 0.075;
const CORNER_RADIUS = 0.07;
const LIFT = 0.003;

/** The area of a planar convex polygon of Vector3 corners. */
function polygonArea(points) {
  const sum = new Vector3();
  for (let i = 1; i + 1 < points.length; i++) {
    sum.add(
      new Vector3().crossVectors(
        points[i].clone().sub(points[0]),
        points[i + 1].clone().sub(points[0]),
      ),
    );
  }
  return sum.length() / 2;
}

/**
 * @param {{name: string, pieces: {name: string, faces: {points: number[][], colour?: string}[]}[]}}
 *   info  the engine's puzzleInfo answer
 */
export function createPieceModel(info) {
  const object = new Group();
  object.name = info.name;
  const solids = info.pieces.map(({ faces }) =>
    faces.map((face) => ({
      corners: face.points.map(([x, y, z]) => new Vector3(x, y, z)),
      colour: face.colour,
    })),
  );
  const corners = solids.flat().flatMap((face) => face.corners);
  const radius = Math.max(...corners.map((p) => p.length()));
  const areas = solids
    .flat()
    .filter((face) => face.colour)
    .map((face) => polygonArea(face.corners))
    .sort((a, b) => a - b);
  const size = Math.sqrt(areas[Math.floor(areas.length / 2)] ?? 1);
  const sticker = { border: BORDER * size, radius: CORNER_RADIUS * size, lift: LIFT * radius };
  const geometries = [];
  const pieces = [];
  solids.forEach((faces) => {
    const piece = new Group();
    piece.userData.piece = pieces.length;
    const body = polyhedronGeometry(faces.map((face) => face.corners));
    geometries.push(body);
    piece.add(new Mesh(body, plasticMaterial()));
    for (const face of faces.filter(({ colour }) => colour)) {
      const geometry = stickerGeometry(face.corners, faceNormal(face.corners), sticker);
      geometries.push(geometry);
      piece.add(new Mesh(geometry, stickerMaterial(face.colour)));
    }
    object.add(piece);
    pieces.push(piece);
  });
  // The camera frames the sphere every piece stays in, however it turns.
  const distance = radius / (PICTURE_SHARE * Math.tan(MathUtils.degToRad(FIELD_OF_VIEW / 2)));
  let running = null; // the animation under way: {frame, resolve}
  let placed = pieces.map((piece) => piece.quaternion.clone()); // as place() left them

  function stop() {
    if (!running) return;
    cancelAnimationFrame(running.frame);
    running.resolve(false);
    running = null;
  }

  function pose(motion, fraction) {
    pieces.forEach((piece, i) => piece.quaternion.copy(placed[i]));
    motion.forEach((turns, step) => {
      const share = Math.min(1, Math.max(0, fraction * motion.length - step));
      for (const { axis, angle, pieces: turned } of turns) {
        const rotation = new Quaternion().setFromAxisAngle(
          new Vector3(...axis).normalize(),
          angle * share,
        );
        for (const i of turned) pieces[i].quaternion.premultiply(rotation);
      }
    });
  }

  /** One step's turns over `ms`, from the pieces' rotations as they are. */
  function animateStep(turns, ms, onFrame) {
    const from = pieces.map((piece) => piece.quaternion.clone());
    const pose = (fraction) => {
      for (const { axis, angle, pieces: turned } of turns) {
        const rotation = new Quaternion().setFromAxisAngle(
          new Vector3(...axis).normalize(),
          angle * fraction,
        );
        for (const i of turned) pieces[i].quaternion.copy(rotation).multiply(from[i]);
      }
      onFrame();
    };
    const hidden = typeof document !== "undefined" && document.hidden;
    if (ms <= 0 || hidden) {
      pose(1);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const start = performance.now();
      const step = (now) => {
        const t = Math.min(1, (now - start) / ms);
        pose(easeInOut(t));
        if (t < 1) running.frame = requestAnimationFrame(step);
        else {
          running = null;
          resolve(true);
        }
      };
      running = { frame: requestAnimationFrame(step), resolve };
    });
  }

  return {
    object,
    camera: { direction: defaultDirection().toArray(), distance },
    /** The index (in puzzleInfo's `pieces`) of the piece a part of `object` belongs to, or -1. */
    pieceOf(part) {
      for (let node = part; node && node !== object; node = node.parent) {
        if (node.userData.piece !== undefined) return node.userData.piece;
      }
      return -1;
    },
    /** Puts every piece where a position's `placements` say ([x, y, z, w] each; null: none). */
    place(placements) {
      stop();
      placements?.forEach(([x, y, z, w], i) => pieces[i]?.quaternion.set(x, y, z, w));
      placed = pieces.map((piece) => piece.quaternion.clone());
    },
    /**
     * The pieces as place() left them, turned by `fraction` (0 to 1) of a move's `motion`: its
     * steps one after the other, each an equal share (a drag under way, an exported frame).
     */
    pose(motion, fraction) {
      stop();
      pose(motion, fraction);
    },
    /**
     * Plays a move's `motion` over `duration` ms (its steps sharing it), or undoes it with
     * `reverse` (from the position after it); `from`: the share of it a drag has shown already
     * (the rest is played, in the rest of the time). Resolves true when done, false if cut short.
     */
    async animate(motion, { duration, reverse = false, from = 0, onFrame = () => {} }) {
      stop();
      const shown = reverse ? 0 : Math.min(1, Math.max(0, from));
      pose(reverse ? [] : motion, shown);
      let steps = reverse
        ? [...motion].reverse().map((turns) => turns.map((t) => ({ ...t, angle: -t.angle })))
        : motion;
      // The steps left, the first of them only the part not shown yet.
      const done = shown * steps.length;
      const first = Math.min(Math.floor(done), steps.length);
      const left = 1 - (done - first);
      steps = steps
        .slice(first)
        .map((turns, i) => (i === 0 ? turns.map((t) => ({ ...t, angle: t.angle * left })) : turns));
      const stepMs = (duration * (1 - shown)) / Math.max(1, steps.length - 1 + left);
      for (const [i, turns] of steps.entries()) {
        if (!(await animateStep(turns, i === 0 ? stepMs * left : stepMs, onFrame))) return false;
      }
      return true;
    },
    dispose() {
      stop();
      for (const geometry of geometries) geometry.dispose();
    },
  };
}
