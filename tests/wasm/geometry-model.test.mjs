// The 3D model, net and keys every puzzle derived from a description gets from the engine's
// geometry (web/src/puzzles/geometry-*.js), over the engine's puzzleGeometry answers for
// puzzles of every family: every turn is a rigid rotation, right-handed about its axis, of
// exactly the stickers in its slabs and ends on sticker places; every piece is a solid cell and the
// cells fill the solid; drags and keys offer only real moves; the net shows every sticker once,
// none overlapping. Then the same models against the engine's own moves, and the player
// choosing the generic entry. Runs in Node, no browser.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { PerspectiveCamera, Vector3 } from "three";

import { createPlayerModel } from "../../web/src/player/model.js";
import { geometryEntry } from "../../web/src/puzzles/geometry-entry.js";
import { polyhedronVolume } from "../../web/src/puzzles/convex-polyhedron.js";
import {
  createGeometryModel,
  describeGeometry,
  solidCells,
} from "../../web/src/puzzles/geometry-model.js";
import { geometryNet } from "../../web/src/puzzles/geometry-net.js";
import { addHintStickers } from "../../web/src/puzzles/hint-stickers.js";
import { FIELD_OF_VIEW, PICTURE_SHARE } from "../../web/src/render/camera-placement.js";
import { callJson, inProcessSession, loadEngine } from "../js/engine.mjs";
import { disagreements, engineSamples } from "../js/geometric-turns.mjs";

// The engine's own answers, asked once: puzzles of every family, by id or description.
const GEOMETRY_PUZZLES = {
  cube3: "cube3", // declared by hand, drawn from its description in its own numbering
  derivedCube3: "c f 0.333333333333333",
  domino: "domino",
  masterPyraminx: "master_pyraminx",
  cube4: "cube4",
  cube7: "cube7",
  dino: "dino",
  fto: "fto",
  helicopter: "helicopter",
  kilominx: "kilominx", // its edges and centres left out, its faces named otherwise
  megaminx: "megaminx",
  pyraminx: "pyraminx",
  skewb: "skewb",
  tower: "cube223",
};
const geometryEngine = await loadEngine();
const GEOMETRIES = Object.fromEntries(
  Object.entries(GEOMETRY_PUZZLES).map(([name, id]) => {
    const answer = callJson(geometryEngine, "puzzleGeometry", id);
    assert.ok(answer.ok, `${id}: ${answer.error}`);
    return [name, answer.geometry];
  }),
);
/** puzzleInfo's faces as the model reads them: one letter per face, its colour. */
const infoOf = (id, geometry) => ({
  id,
  faces: geometry.faces.map((face, i) => ({
    name: String.fromCharCode(65 + i),
    colour: face.colour,
  })),
});
const TOLERANCE = 1e-4; // the engine writes six digits
const vector = (p) => new Vector3(...p);

/**
 * Every sticker's centre and normal in the model's space as posed now (the model's own
 * stickerCentre() updates the whole scene's matrices for each sticker: too slow for a 7x7x7).
 */
function posed(model) {
  model.object.updateMatrixWorld(true);
  const toModel = model.object.matrixWorld.clone().invert();
  return model.stickers.map((mesh) => ({
    centre: mesh.userData.centre.clone().applyMatrix4(mesh.matrixWorld).applyMatrix4(toModel),
    normal: mesh.userData.normal.clone().transformDirection(mesh.matrixWorld),
  }));
}

/**
 * Where each sticker lands when `move` is done (perm[i] = j: the sticker at i lands on j's place),
 * and the largest distance from a landing point to the place it is matched with.
 */
function landings(model, move) {
  model.resetPose();
  const rest = posed(model).map((s) => s.centre);
  model.poseTurn(move, 1);
  let worst = 0;
  const perm = posed(model).map(({ centre }) => {
    let best = -1;
    let bestDistance = Infinity;
    rest.forEach((place, j) => {
      const distance = place.distanceToSquared(centre);
      if (distance < bestDistance) [best, bestDistance] = [j, distance];
    });
    worst = Math.max(worst, Math.sqrt(bestDistance));
    return best;
  });
  model.resetPose();
  return { perm, worst };
}

/** `point` turned by `angle` about the unit `axis` through the origin, right-handed (Rodrigues). */
function rotated(point, axis, angle) {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return point
    .clone()
    .multiplyScalar(cos)
    .add(new Vector3().crossVectors(axis, point).multiplyScalar(sin))
    .addScaledVector(axis, axis.dot(point) * (1 - cos));
}

/** The stickers a turn moves by the geometry's slabs alone. */
const inSlabs = (geometry, { axis, from, to }) =>
  geometry.axes[axis].slabs.flatMap((slab, i) => (from <= slab && slab <= to ? [i] : []));

/** Whether [x, y] lies strictly inside the polygon (even-odd rule). */
function inside([x, y], polygon) {
  let odd = false;
  polygon.forEach(([ax, ay], i) => {
    const [bx, by] = polygon[(i + 1) % polygon.length];
    if (ay > y !== by > y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) odd = !odd;
  });
  return odd;
}

const area = (points) =>
  points.reduce((sum, [x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length];
    return sum + (x * ny - nx * y) / 2;
  }, 0);

const centroid = (points) => [
  points.reduce((s, p) => s + p[0], 0) / points.length,
  points.reduce((s, p) => s + p[1], 0) / points.length,
];

for (const [name, geometry] of Object.entries(GEOMETRIES)) {
  describe(`the ${name} from its geometry (${geometry.description})`, () => {
    const model = createGeometryModel(infoOf(name, geometry), geometry);
    const tokens = geometry.turns.map((turn) => turn.token);

    it("has a sticker mesh for every sticker and a turn for every token", () => {
      assert.equal(model.stickers.length, geometry.stickers.length);
      model.stickers.forEach((mesh, i) => assert.equal(mesh.userData.facelet, i));
      assert.deepEqual(model.moves, tokens);
    });

    it("fills the solid with cells, one for each piece and the rest (the core) without stickers", () => {
      const described = describeGeometry(geometry);
      const cells = solidCells(described);
      const solid = described.faces.map((face) => face.outline);
      const total = cells.reduce((sum, cell) => sum + polyhedronVolume(cell.polyhedron), 0);
      assert.ok(Math.abs(total - polyhedronVolume(solid)) < 1e-6 * total, `${total}`);
      const keys = new Set(cells.map((cell) => cell.slabs.join()));
      for (const piece of geometry.pieces) {
        const slabs = geometry.axes.map((axis) => axis.slabs[piece[0]]);
        assert.ok(keys.has(slabs.join()), `piece ${piece} has no cell`);
        for (const sticker of piece) {
          assert.deepEqual(
            geometry.axes.map((axis) => axis.slabs[sticker]),
            slabs,
            `sticker ${sticker} of piece ${piece} lies in another cell`,
          );
        }
      }
      // Every cell is drawn: a body under each piece, the core's cells as pieces of their own.
      let bodies = 0;
      model.object.traverse((node) => {
        if (node.isMesh && node.userData.facelet === undefined && !node.userData.batch) bodies++;
      });
      assert.equal(bodies, cells.length);
    });

    it("turns each token's stickers rigidly, right-handed about its axis, by its angle", () => {
      for (const turn of geometry.turns) {
        const axis = vector(geometry.axes[turn.axis].direction).normalize();
        const moved = new Set(inSlabs(geometry, turn));
        model.resetPose();
        const rest = posed(model);
        for (const fraction of [0.3, 1]) {
          model.poseTurn(turn.token, fraction);
          posed(model).forEach(({ centre, normal }, i) => {
            const angle = moved.has(i) ? turn.angle * fraction : 0;
            const expected = rotated(rest[i].centre, axis, angle);
            if (centre.distanceTo(expected) > TOLERANCE) {
              assert.fail(`${turn.token} by ${fraction}: sticker ${i} at ${centre.toArray()}`);
            }
            const expectedNormal = rotated(rest[i].normal, axis, angle);
            if (normal.distanceTo(expectedNormal) > TOLERANCE) {
              assert.fail(`${turn.token} by ${fraction}: sticker ${i} faces ${normal.toArray()}`);
            }
          });
        }
      }
      model.resetPose();
    });

    it("says a token moves exactly the stickers in its slabs", () => {
      for (const turn of geometry.turns) {
        assert.deepEqual(model.stickersMovedBy(turn.token), inSlabs(geometry, turn), turn.token);
      }
    });

    it("ends every turn with each moved sticker on the place of another it moves", () => {
      for (const turn of geometry.turns) {
        const { perm, worst } = landings(model, turn.token);
        assert.ok(worst < TOLERANCE, `${turn.token}: a sticker lands ${worst} off any place`);
        assert.equal(new Set(perm).size, perm.length, `${turn.token}: not a permutation`);
        const moved = new Set(inSlabs(geometry, turn));
        perm.forEach((to, from) =>
          assert.ok(moved.has(from) ? moved.has(to) : to === from, `${turn.token}: ${from}→${to}`),
        );
      }
    });

    it("draws half turns either way and frames the puzzle as its picture does", () => {
      for (const turn of geometry.turns) {
        const half = Math.abs(Math.abs(turn.angle) - Math.PI) < TOLERANCE;
        assert.equal(model.isHalfTurn(turn.token), half, turn.token);
      }
      // Seen by the player's camera (a square view), the solid's outline spans the share of the
      // view the picture before the start gives it (smaller by the room its turning layers
      // need, as the picture is), centred as there.
      const camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.5, 1000);
      camera.position.fromArray(model.camera.direction).multiplyScalar(model.camera.distance);
      camera.lookAt(0, 0, 0);
      camera.updateMatrixWorld(true);
      model.object.updateMatrixWorld(true);
      const seen = geometry.faces.flatMap((face) =>
        face.outline.map((p) => model.object.localToWorld(vector(p)).project(camera)),
      );
      const [x0, x1, y0, y1] = [
        Math.min(...seen.map((p) => p.x)),
        Math.max(...seen.map((p) => p.x)),
        Math.min(...seen.map((p) => p.y)),
        Math.max(...seen.map((p) => p.y)),
      ];
      const span = Math.max(x1 - x0, y1 - y0) / 2;
      const { room } = model.camera;
      assert.ok(room > 0.9 && room <= 1, `room ${room}`);
      assert.ok(
        Math.abs(span - PICTURE_SHARE * room) < 1e-3,
        `the outline spans ${span} of the view`,
      );
      assert.ok(Math.hypot(x0 + x1, y0 + y1) < 1e-3, `the outline is off centre`);
    });

    it("offers a drag on every sticker real moves that move it", () => {
      model.stickers.forEach((_, facelet) => {
        const moves = model.dragMoves(facelet);
        assert.ok(moves.length > 0, `nothing to drag on sticker ${facelet}`);
        for (const move of moves) {
          assert.ok(model.hasTurn(move), move);
          assert.ok(model.stickersMovedBy(move).includes(facelet), `${move} leaves ${facelet}`);
        }
      });
    });

    it("lays the net out with every sticker once, none overlapping, inside the net", () => {
      const net = geometryNet(geometry);
      assert.deepEqual(
        net.stickers.map((s) => s.index),
        geometry.stickers.map((_, i) => i),
      );
      assert.deepEqual(
        net.faces.map((f) => f.name),
        geometry.faces.map((f) => f.name),
      );
      const counts = new Map();
      net.stickers.forEach((sticker) => {
        const face = geometry.faces[geometry.stickers[sticker.index].face].name;
        const k = counts.get(face) ?? 0;
        counts.set(face, k + 1);
        assert.equal(sticker.label, `${face}${k}`);
        assert.ok(Math.abs(area(sticker.points)) > 1e-4, `${sticker.label} has no area`);
        for (const [x, y] of sticker.points) {
          assert.ok(x > -1e-9 && y > -1e-9 && x < net.width + 1e-9 && y < net.height + 1e-9);
        }
      });
      const centres = net.stickers.map((s) => centroid(s.points));
      net.stickers.forEach((a, i) => {
        net.stickers.forEach((b, j) => {
          if (i !== j) assert.ok(!inside(centres[i], b.points), `${a.label} overlaps ${b.label}`);
        });
      });
      // Each sticker lies inside its face's outline.
      net.stickers.forEach((sticker, i) => {
        const face = net.faces[geometry.stickers[i].face];
        assert.ok(inside(centres[i], face.outline), `${sticker.label} outside ${face.name}`);
      });
    });

    it("binds keys only to real moves, each key once", () => {
      const entry = geometryEntry(name, geometry);
      for (const { move } of entry.keys) assert.ok(tokens.includes(move), move);
      assert.equal(new Set(entry.keys.map((k) => k.keys)).size, entry.keys.length);
      assert.ok(
        entry.example.split(" ").every((move) => tokens.includes(move)),
        entry.example,
      );
      assert.equal(typeof entry.keyHint, "string");
    });
  });
}

describe("generic models from geometry that lists only the pieces that move", () => {
  it("keeps the 3x3x3's centre stickers on their cells, turning with their faces", () => {
    const geometry = GEOMETRIES.cube3;
    const moving = geometry.pieces.filter((piece) => piece.length > 1);
    assert.equal(moving.length, 20);
    const model = createGeometryModel(infoOf("cube3", geometry), { ...geometry, pieces: moving });
    model.stickers.forEach((mesh, i) => assert.ok(mesh.parent, `sticker ${i} is not drawn`));
    const centreOfU = 4;
    assert.ok(model.stickersMovedBy("U").includes(centreOfU));
    assert.deepEqual(model.stickersMovedBy("U"), inSlabs(geometry, geometry.turns[0]));
  });
});

describe("hand-declared puzzles drawn from their descriptions", () => {
  it("draws the 3x3x3 as its description does, in the cube's own numbering (U face first)", () => {
    const hand = createGeometryModel(infoOf("cube3", GEOMETRIES.cube3), GEOMETRIES.cube3);
    const derived = GEOMETRIES.derivedCube3;
    const model = createGeometryModel(infoOf("cube3", derived), derived);
    assert.deepEqual([...hand.moves].sort(), [...model.moves].sort());
    assert.equal(GEOMETRIES.cube3.faces[0].name, "U");
    // Sticker 4, the centre of U, is where the description's U centre is.
    const centre = (g, i) => vector(g.stickers[i].outline[0]).add(vector(g.stickers[i].outline[2]));
    const uCentre = derived.stickers.findIndex(
      (_, i) => centre(derived, i).distanceTo(centre(GEOMETRIES.cube3, 4)) < 1e-6,
    );
    assert.equal(derived.faces[derived.stickers[uCentre].face].name, "U");
  });

  it("binds keys: cube letters, Pyraminx tips, Master Pyraminx digits, domino sides, spare keys", () => {
    const keys = (entry) => entry.keys.map((k) => `${k.keys}=${k.move}`).sort();
    const letter = (key, plain, shifted, inverse = (m) => (m.endsWith("2") ? m : `${m}'`)) => [
      `${key}=${plain}`,
      `Alt+${key}=${inverse(plain)}`,
      ...(shifted ? [`Shift+${key}=${shifted}`] : []),
      ...(shifted && inverse(shifted) !== shifted ? [`Shift+Alt+${key}=${inverse(shifted)}`] : []),
    ];
    const cube = ["U", "R", "F", "D", "L", "B"].flatMap((f) => letter(f, f, `${f}2`));
    assert.deepEqual(keys(geometryEntry("cube3", GEOMETRIES.cube3)), cube.sort());
    const tips = ["U", "L", "R", "B"].flatMap((c) => letter(c, c.toLowerCase(), c));
    assert.deepEqual(keys(geometryEntry("pyraminx", GEOMETRIES.pyraminx)), [...tips].sort());
    const wide = ["U", "L", "R", "B"].flatMap((c, k) => letter(`${k + 1}`, `${c}w`));
    assert.deepEqual(
      keys(geometryEntry("master_pyraminx", GEOMETRIES.masterPyraminx)),
      [...tips, ...wide].sort(),
    );
    const domino = [
      ...["U", "D"].flatMap((f) => letter(f, f, `${f}2`)),
      ...["R", "L", "F", "B"].flatMap((f) => letter(f, `${f}2`, `${f}2`)),
    ];
    assert.deepEqual(keys(geometryEntry("domino", GEOMETRIES.domino)), domino.sort());
    // Names of several letters take the spare keys in face order: the Kilominx keeps the keys
    // its own player had (W E: BL BR, Z X: DL DR, A S: DBL DBR, B: DB).
    const fifths = (key, face) => [
      `${key}=${face}`,
      `Alt+${key}=${face}'`,
      `Shift+${key}=${face}2`,
      `Shift+Alt+${key}=${face}2'`,
    ];
    const kilominxKeys = { U: "U", F: "F", L: "L", R: "R", D: "D", W: "BL", E: "BR", Z: "DL" };
    Object.assign(kilominxKeys, { X: "DR", A: "DBL", S: "DBR", B: "DB" });
    assert.deepEqual(
      keys(geometryEntry("kilominx", GEOMETRIES.kilominx)),
      Object.entries(kilominxKeys)
        .flatMap(([key, face]) => fifths(key, face))
        .sort(),
    );
    const megaminxKeys = { U: "U", F: "F", L: "L", R: "R", B: "B", D: "D", W: "BL", E: "BR" };
    Object.assign(megaminxKeys, { Z: "FL", X: "FR", A: "DL", S: "DR" });
    assert.deepEqual(
      keys(geometryEntry("megaminx", GEOMETRIES.megaminx)),
      Object.entries(megaminxKeys)
        .flatMap(([key, face]) => fifths(key, face))
        .sort(),
    );
    assert.match(
      geometryEntry("kilominx", GEOMETRIES.kilominx).keyHint,
      /; W, E, Z, X, A, S and B make BL, BR, DL, DR, DBL, DBR and DB;/,
    );
  });
});

describe("stickers beyond their cells", () => {
  it("are backed with plastic (the Kilominx's kites), and no sticker inside its cell is", () => {
    for (const [name, geometry] of Object.entries(GEOMETRIES)) {
      const model = createGeometryModel(infoOf(name, geometry), geometry);
      const backed = [];
      model.object.traverse((node) => {
        if (node.isMesh && node.userData.facelet !== undefined && !model.stickers.includes(node)) {
          // Turned with its sticker: in the same piece.
          assert.equal(node.parent, model.stickers[node.userData.facelet].parent, name);
          backed.push(node.userData.facelet);
        }
      });
      const expected = name === "kilominx" ? geometry.stickers.map((_, i) => i) : [];
      assert.deepEqual(
        backed.sort((a, b) => a - b),
        expected,
        name,
      );
    }
  });
});

describe("hint stickers", () => {
  it("float beyond the puzzle on their stickers' normals, reflected, and turn with them", () => {
    for (const name of ["cube3", "pyraminx", "megaminx"]) {
      const model = createGeometryModel(infoOf(name, GEOMETRIES[name]), GEOMETRIES[name]);
      const hints = addHintStickers(model);
      const sticker = posed(model);
      const reach = Math.max(...sticker.map(({ centre }) => centre.length()));
      model.object.updateMatrixWorld(true);
      const toModel = model.object.matrixWorld.clone().invert();
      model.stickers.forEach((mesh, i) => {
        const hint = mesh.parent.children.find((node) => node.name === `hint ${i}`);
        assert.equal(hint.material, mesh.material, `${name} ${i}: the sticker's colour`);
        const local = hint.matrixWorld.clone().premultiply(toModel);
        // Reflected: seen only from the far side of the puzzle.
        assert.ok(local.determinant() < 0, `${name} ${i}`);
        const centre = mesh.userData.centre.clone().applyMatrix4(local);
        const along = centre.clone().sub(sticker[i].centre);
        assert.ok(along.clone().cross(sticker[i].normal).length() < TOLERANCE, `${name} ${i}`);
        assert.ok(Math.abs(centre.dot(sticker[i].normal) - 1.3 * reach) < TOLERANCE, name);
      });
      // A turn carries a piece's hints with it; remove() takes every one away.
      const [move] = model.moves;
      const moved = model.stickersMovedBy(move)[0];
      const hintOf = (i) => model.stickers[i].parent.children.find((n) => n.name === `hint ${i}`);
      const hintCentre = (i) =>
        model.stickers[i].userData.centre.clone().applyMatrix4(hintOf(i).matrixWorld);
      const before = hintCentre(moved);
      model.poseTurn(move, 1);
      model.object.updateMatrixWorld(true);
      const after = hintCentre(moved);
      assert.ok(before.distanceTo(after) > 0.1, `${name}: ${move} moves hint ${moved}`);
      model.resetPose();
      hints.remove();
      assert.equal(hintOf(moved), undefined);
    }
  });
});

describe("generic models against the engine's moves", () => {
  let engine;
  before(async () => {
    engine = await loadEngine();
  });

  it("moves every sticker where the engine's move takes its colour", (t) => {
    if (typeof engine.puzzleGeometry !== "function") {
      t.skip("this engine build has no puzzleGeometry");
      return;
    }
    for (const id of [
      "cube4",
      "megaminx",
      "skewb",
      "fto",
      "cube223",
      "t v 0.333333333333333 v 1.66666666666667", // the Pyraminx, derived
    ]) {
      const info = callJson(engine, "puzzleInfo", id);
      const answer = callJson(engine, "puzzleGeometry", id);
      assert.equal(answer.ok, true, answer.error);
      const model = createGeometryModel(info, answer);
      assert.deepEqual([...model.moves].sort(), [...info.moves].sort());
      for (const move of info.moves) {
        const { perm } = landings(model, move);
        const wrong = disagreements(perm, engineSamples(engine, id, move, [1, 2]));
        assert.deepEqual(wrong, [], `${id} ${move}: the engine disagrees`);
      }
    }
  });

  it("gives the player the generic entry for every puzzle with geometry, a given one first", async (t) => {
    if (typeof engine.puzzleGeometry !== "function") {
      t.skip("this engine build has no puzzleGeometry");
      return;
    }
    const loaded = async (puzzle, options = {}) => {
      const model = createPlayerModel({
        engine: inProcessSession(engine),
        geometryEntry,
        pauseMs: () => 0,
        ...options,
      });
      let shown = null;
      model.addEventListener("puzzle", ({ detail }) => (shown = detail));
      assert.equal(await model.configure({ puzzle }), true);
      return shown;
    };
    const megaminx = await loaded("megaminx");
    assert.equal(megaminx.entry.id, "megaminx");
    const model = megaminx.entry.createModel(megaminx.info);
    assert.equal(model.stickers.length, megaminx.info.facelet_count);
    model.setFacelets(callJson(engine, "applyMoves", "megaminx", "", "R U").facelets);
    assert.equal(megaminx.entry.net.stickers.length, megaminx.info.facelet_count);
    assert.equal((await loaded("cube3")).entry.id, "cube3");
    assert.equal((await loaded("kilominx")).entry.id, "kilominx");
    const given = { id: "kilominx" };
    assert.equal((await loaded("kilominx", { puzzles: { kilominx: given } })).entry, given);
    assert.equal((await loaded("megaminx", { geometryEntry: undefined })).entry, null);
  });
});
