// Any puzzle the engine derives from a description (docs/geometry.md), built from the geometry its
// puzzleGeometry call answers: the solid's faces, the stickers in the engine's numbering, the
// pieces, the axes with their cuts and every sticker's slab on each, and every move token as a
// block of slabs turned by an angle. The result is the common model interface (./puzzle-model.js).
//
// Bodies: the cuts of all the axes split the solid into convex cells, one per combination of
// slabs (a piece's cell is the one its stickers' slabs name). Every cell is built as a solid
// black polyhedron, touching its neighbours exactly — the sticker-less ones too (a 4x4x4's inner
// cubies, a Megaminx's core) — and a turn takes every cell in its slabs along, stickers or not.
// Why every cell rather than caps on the turning planes: the cells of a turn's slabs fill
// exactly the convex region it turns, and the cells it leaves fill the rest, so at rest and at
// every angle the two are closed solids whose black cut faces show wherever one no longer covers
// the other; no gap is left for the background to show through, whatever the puzzle, with no
// per-puzzle filler or cap geometry (the grooves of the hand-written models). The cells that never
// show cost only a few hundred triangles (a 7x7x7's 125 inner cubies, 1,500 triangles).
// Stickers are the engine's outlines, inset by a black border with rounded corners and lifted a
// hair above their face (./sticker-shape.js). The bodies and stickers are drawn in one batch
// (./batched-drawing.js), one draw call for the whole puzzle.
//
// Space: +x right, +y up, +z towards the viewer. The camera looks from the engine's view direction
// (where the puzzle's pictures look from) at the middle of the puzzle's outline; the puzzle is
// scaled so that the sphere about that middle holding it has the radius of a 3x3x3 of edge 3's
// circumscribed sphere, and the camera stands where the outline it sees spans the view as the
// picture before the start draws it (fitToPicture), centred as the picture centres it, so that
// starting a player does not move or resize the puzzle.
import { Group, MathUtils, Mesh, Quaternion, Vector3 } from "three";

import {
  clipPolyhedron,
  faceNormal,
  polyhedronGeometry,
  polyhedronVolume,
} from "./convex-polyhedron.js";
import { UNKNOWN_COLOUR, plasticMaterial, stickerMaterial } from "./materials.js";
import { batchedDrawing } from "./batched-drawing.js";
import { createPuzzleModel } from "./puzzle-model.js";
import { FIELD_OF_VIEW, PICTURE_SHARE, defaultDirection } from "../render/camera-placement.js";
import { stickerBacking } from "./sticker-backing.js";
import { stickerGeometry } from "./sticker-shape.js";
import { NUMBERED_STICKER_COLOUR, stickerDigits } from "./sticker-digits.js";

/**
 * The radius in scene units of the sphere the camera frames: a 3x3x3 of edge 3's circumradius.
 */
const SCENE_RADIUS = 1.5 * Math.sqrt(3);
/**
 * Sticker shape, in units of a typical sticker's size (the square root of the median sticker's
 * area): the black border left around it, its corners' radius; and its lift above the face, in
 * circumradii.
 */
const BORDER = 0.075;
const CORNER_RADIUS = 0.07;
const LIFT = 0.001;
/**
 * How far the plastic is drawn back along the line of sight (./batched-drawing.js), in
 * circumradii: past the stickers' lift and the depth errors of multisampling at a slant.
 */
const PLASTIC_RECESS = 20 * LIFT;
/** How deep a sticker's backing reaches (./sticker-backing.js), in circumradii. */
const BACKING_DEPTH = 0.2;
/**
 * How far from the middle of the view (its half side being 1) a turning layer may reach, seen
 * from the default view: a puzzle whose layers, turned, would reach farther (a Pyraminx's corners
 * swing out beyond its outline) is drawn smaller than its picture frames it, by its `room`.
 */
const TURN_REACH = 0.96;
/** Steps a full turn about an axis is sampled in, to find how far a turning layer reaches. */
const SWEEP_STEPS = 72;
/** A border never takes more than this share of a sticker's inradius (thin or tiny stickers). */
const MAX_BORDER_SHARE = 0.3;
/** Cells smaller than this share of the solid's volume are rounding slivers, not cells. */
const SLIVER = 1e-7;
/** Points within this distance (model units) are one point; an axis within it passes through. */
const CLOSE = 1e-6;

const vector = (p) => new Vector3(p[0], p[1], p[2]);

/** The engine's answer or the geometry itself: {ok, id, name, geometry} or the bare geometry. */
export const geometryOf = (answer) => answer?.geometry ?? answer;

/**
 * A turn's angle exactly: the engine writes six digits (1.5708), and a half turn must be π for
 * the model to draw it either way round; every turn is a whole number of the axis's steps 2π/order.
 */
export function exactAngle(angle, order) {
  const steps = (angle * order) / (2 * Math.PI);
  return Math.abs(steps - Math.round(steps)) < 1e-4
    ? (Math.round(steps) * 2 * Math.PI) / order
    : angle;
}

/** A polygon's corners without repeats and without corners on a straight line. */
function cleanPolygon(points) {
  let out = points.filter((p, i) => p.distanceTo(points[(i + 1) % points.length]) > CLOSE);
  let changed = true;
  while (changed && out.length > 3) {
    changed = false;
    for (let i = 0; i < out.length; i++) {
      const a = out[(i + out.length - 1) % out.length];
      const b = out[i];
      const c = out[(i + 1) % out.length];
      const cross = new Vector3().crossVectors(b.clone().sub(a), c.clone().sub(b));
      if (cross.length() < CLOSE * a.distanceTo(c)) {
        out = out.filter((_, j) => j !== i);
        changed = true;
        break;
      }
    }
  }
  return out;
}

/** The area and area centroid of a planar polygon with unit normal `normal`. */
export function polygonAreaCentre(points, normal) {
  const origin = points[0];
  const centre = new Vector3();
  let area = 0;
  for (let i = 1; i + 1 < points.length; i++) {
    const a = points[i].clone().sub(origin);
    const b = points[i + 1].clone().sub(origin);
    const triangle = new Vector3().crossVectors(a, b).dot(normal) / 2;
    area += triangle;
    centre.addScaledVector(
      origin
        .clone()
        .add(points[i])
        .add(points[i + 1]),
      triangle / 3,
    );
  }
  return { area, centre: area !== 0 ? centre.divideScalar(area) : origin.clone() };
}

/** The distance from `centre` to the nearest side of a convex polygon. */
function inradius(points, centre) {
  let nearest = Infinity;
  points.forEach((a, i) => {
    const b = points[(i + 1) % points.length];
    const side = b.clone().sub(a);
    const t = Math.max(0, Math.min(1, centre.clone().sub(a).dot(side) / side.lengthSq()));
    nearest = Math.min(nearest, a.clone().addScaledVector(side, t).distanceTo(centre));
  });
  return nearest;
}

/**
 * The geometry as numbers the model needs: the solid as a polyhedron, each sticker's cleaned
 * outline, normal, centre and slabs, the circumradius. Pure math, no meshes.
 */
export function describeGeometry(geometry) {
  const faces = geometry.faces.map((face) => {
    const normal = vector(face.normal).normalize();
    let outline = cleanPolygon(face.outline.map(vector));
    if (faceNormal(outline).dot(normal) < 0) outline = outline.reverse();
    return { name: face.name, normal, distance: face.distance, outline };
  });
  const stickers = geometry.stickers.map((sticker, index) => {
    const normal = faces[sticker.face].normal;
    let outline = cleanPolygon(sticker.outline.map(vector));
    if (faceNormal(outline).dot(normal) < 0) outline = outline.reverse();
    const { area, centre } = polygonAreaCentre(outline, normal);
    const slabs = geometry.axes.map((axis) => axis.slabs[index]);
    return { index, face: sticker.face, normal, outline, area, centre, slabs };
  });
  const axes = geometry.axes.map((axis) => ({
    ...axis,
    direction: vector(axis.direction).normalize(),
  }));
  const radius = Math.max(...faces.flatMap((face) => face.outline.map((p) => p.length())));
  return { faces, stickers, axes, radius };
}

/**
 * Every nonempty cell of the solid cut by every axis's planes: {slabs (one per axis), polyhedron},
 * found by splitting the solid along one axis after another.
 */
export function solidCells({ faces, axes }) {
  const solid = faces.map((face) => face.outline.map((p) => p.clone()));
  const minimum = SLIVER * polyhedronVolume(solid);
  let cells = [{ slabs: [], polyhedron: solid }];
  for (const { direction, cuts } of axes) {
    const opposite = direction.clone().negate();
    cells = cells.flatMap(({ slabs, polyhedron }) =>
      Array.from({ length: cuts.length + 1 }, (_, slab) => {
        let part = polyhedron;
        if (slab < cuts.length) part = clipPolyhedron(part, direction, cuts[slab]);
        if (slab > 0) part = clipPolyhedron(part, opposite, -cuts[slab - 1]);
        return { slabs: [...slabs, slab], polyhedron: part };
      }).filter(({ polyhedron: part }) => polyhedronVolume(part) > minimum),
    );
  }
  return cells;
}

/** The sticker's typical size: the square root of the median sticker area. */
function typicalSize(stickers) {
  const areas = stickers.map((s) => s.area).sort((a, b) => a - b);
  return Math.sqrt(areas[Math.floor(areas.length / 2)]);
}

/**
 * The turns each drag on a sticker may choose from. Per axis, the block of slabs nearest to one
 * layer that holds the sticker's slab (the outer one first, on a tie), turned the smallest step
 * either way (a half turn alone where that is the smallest). Turns about an axis that stands
 * straight out of the sticker's face are left out when any other is left: such a turn spins the
 * sticker in place (a centre) or moves it the same way as a turn across it does (U moves the U
 * sticker of a 3x3x3's UF edge sideways, as F does), so a drag could not tell them apart.
 */
export function dragChoices(geometry, described) {
  const blocks = geometry.axes.map((axis, a) => {
    const byBlock = new Map();
    for (const turn of geometry.turns) {
      if (turn.axis !== a) continue;
      const key = `${turn.from}-${turn.to}`;
      if (!byBlock.has(key)) byBlock.set(key, { from: turn.from, to: turn.to, turns: [] });
      byBlock.get(key).turns.push(turn);
    }
    const last = axis.cuts.length;
    const outer = ({ from, to }) => (from === 0 || to === last ? 0 : 1);
    return [...byBlock.values()].sort(
      (p, q) => p.to - p.from - (q.to - q.from) || outer(p) - outer(q),
    );
  });
  const smallestSteps = (turns) => {
    const angles = turns.map((t) => exactAngle(t.angle, geometry.axes[t.axis].order));
    const smallest = Math.min(...angles.map(Math.abs));
    const steps = turns.filter((_, i) => Math.abs(Math.abs(angles[i]) - smallest) < 1e-9);
    // One token per way round (a half turn is both ways at once).
    const ways = new Map();
    for (const t of steps) if (!ways.has(Math.sign(t.angle))) ways.set(Math.sign(t.angle), t);
    return [...ways.values()].map((t) => t.token);
  };
  return (facelet) => {
    const sticker = described.stickers[facelet];
    const across = [];
    const own = [];
    described.axes.forEach((axis, a) => {
      const slab = sticker.slabs[a];
      const block = blocks[a].find(({ from, to }) => from <= slab && slab <= to);
      if (!block) return;
      const standing = Math.abs(axis.direction.dot(sticker.normal)) > 1 - 1e-6;
      const offAxis = sticker.centre
        .clone()
        .addScaledVector(axis.direction, -sticker.centre.dot(axis.direction))
        .length();
      (standing || offAxis < CLOSE ? own : across).push(...smallestSteps(block.turns));
    });
    return across.length > 0 ? across : own;
  };
}

/**
 * A view from below the horizontal (the Pyraminx's: the eye just below its base, a sliver of the
 * base showing) as the camera, which looks from nearby, must take it: its eye as far below the
 * level of the puzzle's lowest point, seen from where the camera looks, as the view's eye is
 * below the horizontal (a picture looks from infinitely far). `distance`: the camera's, in radii
 * of the sphere framing() gives. Other views stay as they are.
 */
export function belowLowest(direction, faces, distance) {
  if (direction.y >= 0) return direction;
  const { middle, radius } = framing(faces, direction);
  const lowest = Math.min(...faces.flatMap((face) => face.outline.map((p) => p.y))) - middle.y;
  const elevation = Math.asin(Math.max(-1, lowest / (distance * radius))) + Math.asin(direction.y);
  const level = Math.hypot(direction.x, direction.z);
  const across = Math.cos(elevation) / level;
  return new Vector3(direction.x * across, Math.sin(elevation), direction.z * across);
}

/** The view's right and up directions seen from `direction` (up the world's +y). */
function viewAxes(direction) {
  const right = new Vector3(0, 1, 0).cross(direction).normalize();
  if (right.lengthSq() < 0.5) right.set(1, 0, 0); // looking straight down or up
  return { right, up: new Vector3().crossVectors(direction, right) };
}

/**
 * Where the puzzle is put and how big: the middle of its outline seen from `direction` (up the
 * world's +y) at the origin, where the camera looks (a tetrahedron's centre lies low on it), and
 * the radius of the sphere about that middle that holds it, which the camera frames.
 */
export function framing(faces, direction) {
  const { right, up } = viewAxes(direction);
  const corners = faces.flatMap((face) => face.outline);
  const middle = new Vector3();
  for (const axis of [right, up]) {
    const along = corners.map((p) => p.dot(axis));
    middle.addScaledVector(axis, (Math.min(...along) + Math.max(...along)) / 2);
  }
  return { middle, radius: Math.max(...corners.map((p) => p.distanceTo(middle))) };
}

/**
 * Where the camera, looking along -`direction` at the origin, sees the solid's outline as the
 * picture draws it: spanning `share` of the view (the larger of its width and height) and
 * centred. `corners` are the solid's corners in scene units. Returns {distance, shift}: the
 * camera's distance from the origin and how far to move the puzzle across the view to centre it.
 */
export function fitToPicture(corners, direction, share = PICTURE_SHARE) {
  const { right, up } = viewAxes(direction);
  const points = corners.map((p) => [p.dot(right), p.dot(up), p.dot(direction)]);
  const wanted = 2 * Math.tan(MathUtils.degToRad(FIELD_OF_VIEW / 2)) * share;
  const nearest = Math.max(...points.map(([, , z]) => z));
  let [shiftX, shiftY, distance] = [0, 0, 0];
  /** The outline's box seen from `d`, in tangents of the angle off the view's axis. */
  const box = (d) => {
    const us = points.map(([x, , z]) => (x + shiftX) / (d - z));
    const vs = points.map(([, y, z]) => (y + shiftY) / (d - z));
    const [u0, u1, v0, v1] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
    return { extent: Math.max(u1 - u0, v1 - v0), u: (u0 + u1) / 2, v: (v0 + v1) / 2 };
  };
  // Farther, the outline spans less: halve the interval of distances until it spans `wanted`;
  // then centre it, which changes its span a little, and again.
  for (let round = 0; round < 4; round++) {
    let [near, far] = [nearest * 1.01, nearest * 1000];
    for (let step = 0; step < 60; step++) {
      distance = (near + far) / 2;
      if (box(distance).extent > wanted) near = distance;
      else far = distance;
    }
    const { u, v } = box(distance);
    shiftX -= u * distance;
    shiftY -= v * distance;
  }
  const shift = new Vector3().addScaledVector(right, shiftX).addScaledVector(up, shiftY);
  return { distance, shift };
}

/**
 * How the camera frames the solid (`faces`, placed as `object` places them) as the engine's
 * picture from another direction frames it: that direction (a unit Vector3) → {direction,
 * distance, target}, where the camera looks from (belowLowest), its distance from `target`, the
 * point it looks at (fitToPicture), the outline spanning the share of the view its picture
 * does, times the puzzle's `room`.
 */
function framer(faces, object, room) {
  object.updateMatrix();
  const corners = faces.flatMap((face) =>
    face.outline.map((p) => p.clone().applyMatrix4(object.matrix)),
  );
  return (pictured) => {
    const { direction } = viewAlong(faces, pictured);
    const { distance, shift } = fitToPicture(corners, direction, PICTURE_SHARE * room);
    return { direction, distance, target: shift.negate() };
  };
}

/** The direction the camera takes to see the solid as a picture from `pictured` shows it. */
function viewAlong(faces, pictured) {
  const nearby = viewFrom(faces, pictured).distance / SCENE_RADIUS;
  return { pictured, direction: belowLowest(pictured, faces, nearby) };
}

/**
 * The puzzle's default view: the engine's view direction (as the camera must take it,
 * belowLowest), the solid's middle and scale (framing) and the camera's distance and the shift
 * that centre it (fitToPicture), as the picture frames it.
 */
function defaultView(geometry, described) {
  const { pictured, direction } = viewAlong(described.faces, defaultDirection(geometry.view));
  return { pictured, direction, ...viewFrom(described.faces, direction) };
}

/** A polyhedron's corners, each once. */
function cornersOf(polyhedron) {
  const corners = new Map();
  for (const polygon of polyhedron) {
    for (const p of polygon)
      corners.set(
        p
          .toArray()
          .map((v) => v.toFixed(6))
          .join(),
        p,
      );
  }
  return [...corners.values()];
}

/**
 * How much smaller than its picture frames it the puzzle is drawn (1: as framed, less when
 * needed), so that from the default `view` every layer stays within TURN_REACH of the view while
 * it turns: the corners of the cells a turn about an axis moves, swept all the way round it.
 * `cells`: [{slabs, corners}]; `turns`: the geometry's.
 */
export function turningRoom({ axes }, cells, turns, { direction, middle, scale, shift, distance }) {
  const { right, up } = viewAxes(direction);
  const halfTan = Math.tan(MathUtils.degToRad(FIELD_OF_VIEW / 2));
  const point = new Vector3();
  const rotation = new Quaternion();
  let reach = 0;
  axes.forEach((axis, a) => {
    const about = turns.filter((turn) => turn.axis === a);
    const corners = cells
      .filter(({ slabs }) => about.some(({ from, to }) => from <= slabs[a] && slabs[a] <= to))
      .flatMap((cell) => cell.corners);
    for (let step = 0; step < SWEEP_STEPS; step++) {
      rotation.setFromAxisAngle(axis.direction, (2 * Math.PI * step) / SWEEP_STEPS);
      for (const corner of corners) {
        // Placed as the model places the solid: its middle scaled about, centred by the shift.
        point.copy(corner).applyQuaternion(rotation).sub(middle).multiplyScalar(scale).add(shift);
        const depth = (distance - point.dot(direction)) * halfTan;
        reach = Math.max(
          reach,
          Math.abs(point.dot(right)) / depth,
          Math.abs(point.dot(up)) / depth,
        );
      }
    }
  });
  return Math.min(1, TURN_REACH / reach);
}

/**
 * The room (turningRoom) of the puzzle of the engine's puzzleGeometry answer, for its picture
 * before the player starts (the site's build writes it into the puzzle's picture template).
 */
export function pictureRoom(answer) {
  const geometry = geometryOf(answer);
  const described = describeGeometry(geometry);
  const cells = solidCells(described).map(({ slabs, polyhedron }) => ({
    slabs,
    corners: cornersOf(polyhedron),
  }));
  return turningRoom(described, cells, geometry.turns, defaultView(geometry, described));
}

/**
 * The view of the solid (`faces`) from `direction`: the middle of its outline and the scale that
 * gives it the scene's radius (framing), and where the camera stands (fitToPicture).
 */
function viewFrom(faces, direction, share = PICTURE_SHARE) {
  const { middle, radius } = framing(faces, direction);
  const scale = SCENE_RADIUS / radius;
  const corners = faces.flatMap((face) =>
    face.outline.map((p) => p.clone().sub(middle).multiplyScalar(scale)),
  );
  return { middle, scale, ...fitToPicture(corners, direction, share) };
}

const built = new Map(); // description → the meshes' geometries, shared by its models on the page

/** The cells' and stickers' BufferGeometries of a puzzle, built once per page. */
function sharedGeometries(geometry, described) {
  const key = `${geometry.description}|${geometry.stickers.length}`;
  let shared = built.get(key);
  if (!shared) {
    const size = typicalSize(described.stickers);
    const lift = LIFT * described.radius;
    shared = {
      cells: solidCells(described).map(({ slabs, polyhedron }) => ({
        slabs,
        body: polyhedronGeometry(polyhedron),
        corners: cornersOf(polyhedron),
      })),
      stickers: described.stickers.map(({ outline, normal, centre }) => {
        const border = Math.min(BORDER * size, MAX_BORDER_SHARE * inradius(outline, centre));
        return stickerGeometry(outline, normal, {
          border,
          radius: Math.min(CORNER_RADIUS * size, border),
          lift,
        });
      }),
      backings: described.stickers.map((sticker) => {
        const backing = stickerBacking(sticker, described.axes, BACKING_DEPTH * described.radius);
        return backing && polyhedronGeometry(backing);
      }),
    };
    built.set(key, shared);
  }
  return shared;
}

/**
 * A 3D model of a derived puzzle with the common interface (./puzzle-model.js).
 * @param {{id: string, faces: {name: string, colour: string}[]}} info  the engine's puzzleInfo
 *   answer: its face letters colour the facelets
 * @param {object} answer  the engine's puzzleGeometry answer ({ok, id, name, geometry}) or the
 *   geometry itself: {description, faces, stickers, pieces, axes, turns, view}
 */
export function createGeometryModel(info, answer) {
  const geometry = geometryOf(answer);
  const described = describeGeometry(geometry);
  const shared = sharedGeometries(geometry, described);
  const object = new Group();
  object.name = info.id;
  const view = defaultView(geometry, described);
  const { pictured, direction } = view;
  // Smaller when turning layers would leave the view (the picture is drawn smaller too); swept
  // once per puzzle on a page, as its geometries are built.
  shared.room ??= turningRoom(described, shared.cells, geometry.turns, view);
  const { room } = shared;
  const { middle, scale, distance, shift } =
    room < 1 ? viewFrom(described.faces, direction, PICTURE_SHARE * room) : view;
  object.scale.setScalar(scale);
  object.position.copy(middle).multiplyScalar(-scale).add(shift);

  // The pieces: each sticker piece in its cell, then the cells no sticker names.
  const cellOf = new Map(shared.cells.map((cell) => [cell.slabs.join(","), cell]));
  const pieces = [];
  const addPiece = (name, slabs, facelets) => {
    const group = new Group();
    group.name = name;
    const cell = cellOf.get(slabs.join(","));
    if (cell) {
      group.add(new Mesh(cell.body, plasticMaterial()));
      cellOf.delete(slabs.join(","));
    }
    object.add(group);
    pieces.push({ object: group, facelets, slabs });
  };
  geometry.pieces.forEach((facelets, p) =>
    addPiece(`piece ${p}`, described.stickers[facelets[0]].slabs, [...facelets]),
  );
  // Stickers of no listed piece (should the engine leave out pieces that never move) go with
  // the others of their cell.
  const listed = new Set(geometry.pieces.flat());
  const unlisted = new Map();
  for (const { index, slabs } of described.stickers) {
    if (listed.has(index)) continue;
    if (!unlisted.has(slabs.join(","))) unlisted.set(slabs.join(","), { slabs, facelets: [] });
    unlisted.get(slabs.join(",")).facelets.push(index);
  }
  for (const { slabs, facelets } of unlisted.values()) {
    addPiece(`stickers ${facelets}`, slabs, facelets);
  }
  for (const { slabs } of [...cellOf.values()]) addPiece(`cell ${slabs}`, slabs, []);

  const stickers = described.stickers.map(({ index, normal, centre }) => {
    const mesh = new Mesh(shared.stickers[index], stickerMaterial(UNKNOWN_COLOUR));
    mesh.name = `facelet ${index}`;
    mesh.userData.facelet = index;
    mesh.userData.centre = centre.clone().addScaledVector(normal, LIFT * described.radius);
    mesh.userData.normal = normal.clone();
    return mesh;
  });
  pieces.forEach((piece) => piece.facelets.forEach((i) => piece.object.add(stickers[i])));
  shared.backings.forEach((backing, i) => {
    if (!backing) return;
    const mesh = new Mesh(backing, plasticMaterial());
    mesh.userData.facelet = i; // part of the sticker, for picking
    stickers[i].parent.add(mesh);
  });
  // A puzzle whose stickers carry symbols (the Numbered Pyraminx): light stickers with digits.
  const numbered = Boolean(info.symbols);
  const digits =
    numbered &&
    stickerDigits(
      described.stickers.map((sticker) => ({
        ...sticker,
        inradius: inradius(sticker.outline, sticker.centre),
      })),
      described.faces.map((face, f) => {
        const own = described.stickers.filter((sticker) => sticker.face === f);
        const { centre } = polygonAreaCentre(face.outline, face.normal);
        return { normal: face.normal, centre, first: own[0].index };
      }),
      stickers,
      3 * LIFT * described.radius,
    );

  const drawing = batchedDrawing(object, pieces, stickers, PLASTIC_RECESS * SCENE_RADIUS);

  const turns = new Map(
    geometry.turns.map(({ token, axis, from, to, angle }) => [
      token,
      {
        axis: described.axes[axis].direction.clone(),
        angle: exactAngle(angle, described.axes[axis].order),
        pieces: pieces.flatMap(({ slabs }, i) =>
          from <= slabs[axis] && slabs[axis] <= to ? [i] : [],
        ),
      },
    ]),
  );

  const model = createPuzzleModel({
    id: info.id,
    info: numbered
      ? { ...info, faces: info.faces.map((face) => ({ ...face, colour: NUMBERED_STICKER_COLOUR })) }
      : info,
    object,
    pieces,
    stickers,
    turns,
    dragMoves: dragChoices(geometry, described),
    camera: {
      direction: direction.toArray(),
      pictured: pictured.toArray(),
      distance,
      room,
      frame: framer(described.faces, object, room),
    },
    drawing,
  });
  return digits ? { ...model, ...digits } : model;
}
