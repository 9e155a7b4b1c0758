// The state editor's pure parts in Node: the sticker nets (puzzleGeometry's, through
// web/src/puzzles/geometry-net.js) against the
// engine's numbering and the puzzles' pieces, arrow-key navigation, colour names, the 3D picking
// helper, and the engine's validate errors for impossible colourings naming stickers of the net,
// and said in the editor's words from the answer's `problem`.
// The DOM parts run in Chromium: tests/browser/state-editor.test.mjs.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { Raycaster, Vector3 } from "three";

import { centroid, stickerInDirection } from "../../web/src/ui/svg-net.js";
import { faceletAtHit } from "../../web/src/edit/paint-3d.js";
import { colourName } from "../../web/src/edit/palette.js";
import { colourWords, problemInWords } from "../../web/src/edit/problem-words.js";
import { geometryEntry } from "../../web/src/puzzles/geometry-entry.js";
import { callJson, loadEngine, repoDir } from "../js/engine.mjs";

const PYRAMINX_DOC = readFileSync(`${repoDir}docs/puzzles/pyraminx.md`, "utf8");
const MASTER_PYRAMINX_DOC = readFileSync(`${repoDir}docs/puzzles/master_pyraminx.md`, "utf8");
const ARROWS = { right: [1, 0], left: [-1, 0], down: [0, 1], up: [0, -1] };
const EPSILON = 1e-9;
const engine = await loadEngine();
const call = (method, ...args) => callJson(engine, method, ...args);
/** The colour puzzles' entries, by puzzle id, from the engine's geometry as the player makes them. */
const GEOMETRIES = Object.fromEntries(
  ["cube2", "domino", "pyraminx", "master_pyraminx"].map((id) => [
    id,
    call("puzzleGeometry", id).geometry,
  ]),
);
const ENTRIES = Object.fromEntries(
  Object.entries(GEOMETRIES).map(([id, geometry]) => [id, geometryEntry(id, geometry)]),
);
/** Their nets (puzzleGeometry's `net`, the pictures' net). */
const NET_LAYOUTS = Object.fromEntries(
  Object.entries(ENTRIES).map(([id, entry]) => [id, entry.net]),
);
const info = Object.fromEntries(Object.keys(NET_LAYOUTS).map((id) => [id, call("puzzleInfo", id)]));

/** Twice the signed area (positive = clockwise on screen, y down). */
const signedArea = (points) =>
  points.reduce((sum, [x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length];
    return sum + x * ny - nx * y;
  }, 0);

/** Strictly inside a convex polygon (either winding). */
function inside([px, py], points) {
  const sides = points.map(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length];
    return (nx - x) * (py - y) - (ny - y) * (px - x);
  });
  return sides.every((s) => s > EPSILON) || sides.every((s) => s < -EPSILON);
}

const samePoint = ([ax, ay], [bx, by]) => Math.hypot(ax - bx, ay - by) < 1e-6;

/** The side two face outlines share in the net (the fold between them), or null. */
function foldBetween(layout, a, b) {
  const outline = (name) => layout.faces.find((face) => face.name === name).outline;
  const shared = outline(a).filter((p) => outline(b).some((q) => samePoint(p, q)));
  return shared.length === 2 ? shared : null;
}

function reflect([px, py], [[ax, ay], [bx, by]]) {
  const [dx, dy] = [bx - ax, by - ay];
  const t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
  const [fx, fy] = [ax + t * dx, ay + t * dy];
  return [2 * fx - px, 2 * fy - py];
}

/** The doc's "Pieces as stickers" table as lists of sticker names. */
function pyraminxPieces() {
  return [
    ...PYRAMINX_DOC.matchAll(/\| (?:tip|centre|edge) [ULRB]{1,2} \| ([A-Z]\d(?: [A-Z]\d)*) \|/g),
  ].map(([, list]) => list.split(" "));
}

/** The Master Pyraminx doc's "Pieces" table as lists of sticker names: "U (F0 L0 R0)" each. */
function masterPyraminxPieces() {
  const rows = MASTER_PYRAMINX_DOC.match(/^\| (?:tip|corner|midge|wing|centre) .*$/gm);
  return rows
    .flatMap((row) => [...row.matchAll(/\(([A-Z]\d+(?: [A-Z]\d+)*)\)/g)])
    .map(([, list]) => list.split(" "));
}

/** A cuboid's cubies as lists of sticker names, from the engine's geometry (its cells). */
function cuboidPieces(id) {
  const label = (index) => NET_LAYOUTS[id].stickers[index].label;
  return GEOMETRIES[id].pieces.map((piece) => piece.map(label));
}

const PIECES = {
  pyraminx: pyraminxPieces,
  master_pyraminx: masterPyraminxPieces,
  cube2: () => cuboidPieces("cube2"),
  domino: () => cuboidPieces("domino"),
};
/**
 * Pairs of a piece's stickers facing each other across a fold of the net: twice the stickers along
 * the folds (Pyraminx: 3 folds of 5; Master Pyraminx: 3 folds of 7, the two triangles of each row
 * nearest the fold; pocket cube: 5 folds of 2; domino: U–F and F–D of 3, F–R,
 * R–B and B–L of 2).
 */
const PAIRS_ACROSS_FOLDS = {
  pyraminx: 2 * 3 * 5,
  master_pyraminx: 2 * 3 * 7,
  cube2: 2 * 5 * 2,
  domino: 2 * (3 + 3 + 2 + 2 + 2),
};

for (const [id, layout] of Object.entries(NET_LAYOUTS)) {
  describe(`${id} net`, () => {
    const byLabel = new Map(layout.stickers.map((s) => [s.label, s]));
    const centres = layout.stickers.map((s) => centroid(s.points));

    it("has every facelet index of the engine once, named as the engine names stickers", () => {
      const { facelet_count: count, faces } = info[id];
      assert.equal(layout.stickers.length, count);
      layout.stickers.forEach((sticker, i) => assert.equal(sticker.index, i));
      let offset = 0;
      for (const face of faces) {
        for (let position = 0; position < face.stickers; position++) {
          assert.equal(layout.stickers[offset + position].label, `${face.name}${position}`);
        }
        offset += face.stickers;
      }
      assert.deepEqual(
        layout.faces.map((face) => face.name).sort(),
        faces.map((face) => face.name).sort(),
      );
    });

    it("tiles its faces: no overlaps, every sticker inside its face and the net", () => {
      const faceArea = layout.faces.reduce((sum, f) => sum + Math.abs(signedArea(f.outline)), 0);
      const stickerArea = layout.stickers.reduce(
        (sum, s) => sum + Math.abs(signedArea(s.points)),
        0,
      );
      assert.ok(Math.abs(faceArea - stickerArea) < 1e-6, `${faceArea} vs ${stickerArea}`);
      layout.stickers.forEach((sticker, i) => {
        const face = layout.faces.find((f) => sticker.label.startsWith(f.name));
        assert.ok(inside(centres[i], face.outline), `${sticker.label} outside face ${face.name}`);
        const containing = layout.stickers.filter((other) => inside(centres[i], other.points));
        assert.deepEqual(containing, [sticker], `centre of ${sticker.label}`);
        for (const [x, y] of sticker.points) {
          assert.ok(x > -EPSILON && x < layout.width + EPSILON, `${sticker.label} x=${x}`);
          assert.ok(y > -EPSILON && y < layout.height + EPSILON, `${sticker.label} y=${y}`);
        }
      });
      let closest = Infinity;
      centres.forEach(([x, y], i) =>
        centres
          .slice(i + 1)
          .forEach(([u, v]) => (closest = Math.min(closest, Math.hypot(x - u, y - v)))),
      );
      assert.ok(closest > 0.4, `two sticker centres only ${closest} apart`);
    });

    it("is seen from outside: every sticker has the same winding", () => {
      const windings = new Set(layout.stickers.map((s) => Math.sign(signedArea(s.points))));
      assert.equal(windings.size, 1);
    });

    it("puts the stickers of one piece on either side of the folds they cross", () => {
      let pairs = 0;
      for (const piece of PIECES[id]()) {
        for (const a of piece) {
          for (const b of piece) {
            const fold = a !== b ? foldBetween(layout, a[0], b[0]) : null;
            if (!fold) continue;
            const mirrored = reflect(centroid(byLabel.get(a).points), fold);
            const distance = Math.hypot(
              ...mirrored.map((v, k) => v - centroid(byLabel.get(b).points)[k]),
            );
            assert.ok(distance < 1e-6, `${a} mirrored across the ${a[0]}–${b[0]} fold is not ${b}`);
            pairs++;
          }
        }
      }
      assert.equal(pairs, PAIRS_ACROSS_FOLDS[id]);
    });

    it("lets the arrow keys reach every sticker from any sticker", () => {
      const reached = new Set([0]);
      const queue = [0];
      while (queue.length) {
        const from = queue.shift();
        for (const direction of Object.values(ARROWS)) {
          const next = stickerInDirection(centres, from, direction);
          if (next !== null && !reached.has(next)) {
            reached.add(next);
            queue.push(next);
          }
        }
      }
      assert.equal(reached.size, layout.stickers.length);
    });

    it("names the engine's face colours in plain words", () => {
      const expected = {
        pyraminx: { F: "green", L: "red", R: "blue", D: "yellow" },
        master_pyraminx: { F: "green", L: "red", R: "blue", D: "yellow" },
        cube2: { U: "white", R: "red", F: "green", D: "yellow", L: "orange", B: "blue" },
        domino: { U: "white", D: "yellow", F: "green", R: "red", B: "blue", L: "orange" },
      }[id];
      for (const face of info[id].faces) assert.equal(colourName(face.colour), expected[face.name]);
    });
  });
}

describe("arrow keys between neighbours", () => {
  const step = (id, label, arrow) => {
    const layout = NET_LAYOUTS[id];
    const centres = layout.stickers.map((s) => centroid(s.points));
    const from = layout.stickers.findIndex((s) => s.label === label);
    const next = stickerInDirection(centres, from, ARROWS[arrow]);
    return next === null ? null : layout.stickers[next].label;
  };

  it("Pyraminx: along a row through upright and inverted triangles, and across folds", () => {
    assert.equal(step("pyraminx", "F4", "right"), "F5");
    assert.equal(step("pyraminx", "F5", "right"), "F6");
    assert.equal(step("pyraminx", "F0", "down"), "F2");
    assert.equal(step("pyraminx", "F2", "up"), "F0");
    assert.equal(step("pyraminx", "F6", "down"), "D6"); // the LR edge, across the fold
    assert.equal(step("pyraminx", "F1", "left"), "L3"); // the UL edge
  });

  it("pocket cube: the cross net's grid", () => {
    assert.equal(step("cube2", "U0", "right"), "U1");
    assert.equal(step("cube2", "U2", "down"), "F0");
    assert.equal(step("cube2", "F1", "right"), "R0");
    assert.equal(step("cube2", "B1", "right"), null);
  });

  it("domino: U above F, the sides in a row, D below F", () => {
    assert.equal(step("domino", "U7", "down"), "F1");
    assert.equal(step("domino", "F4", "down"), "D1");
    assert.equal(step("domino", "F2", "right"), "R0");
    assert.equal(step("domino", "B5", "right"), "L3");
    assert.equal(step("domino", "L2", "right"), null);
  });
});

describe("impossible colourings: the engine's errors name stickers of the net", () => {
  const swap = (text, i, j) => {
    const chars = [...text];
    [chars[i], chars[j]] = [chars[j], chars[i]];
    return chars.join("");
  };
  const solved = (id) => call("applyMoves", id, "", "").facelets;
  const index = (id, label) => NET_LAYOUTS[id].stickers.findIndex((s) => s.label === label);

  function assertNamesNetStickers(id, facelets, expected) {
    const answer = call("validate", id, facelets);
    assert.equal(answer.ok, false, `${facelets} was accepted`);
    const labels = new Set(NET_LAYOUTS[id].stickers.map((s) => s.label));
    assert.ok(answer.stickers.length > 0, answer.error);
    for (const i of answer.stickers) assert.ok(NET_LAYOUTS[id].stickers[i], `no sticker ${i}`);
    for (const [name] of answer.error.matchAll(/\b[A-Z]\d\b/g)) assert.ok(labels.has(name), name);
    if (expected)
      assert.deepEqual(
        [...answer.stickers].sort((a, b) => a - b),
        expected,
      );
    return answer;
  }

  it("Pyraminx: a flipped edge names its two stickers, neighbours across a fold", () => {
    const [f1, l3] = [index("pyraminx", "F1"), index("pyraminx", "L3")];
    const answer = assertNamesNetStickers("pyraminx", swap(solved("pyraminx"), f1, l3), [f1, l3]);
    assert.match(answer.error, /flipped/);
  });

  it("Pyraminx: a mirrored tip and a mirrored centre", () => {
    const tip = ["F0", "L0", "R0"].map((l) => index("pyraminx", l));
    assertNamesNetStickers("pyraminx", swap(solved("pyraminx"), tip[0], tip[1]), tip);
    const centre = ["F7", "R5", "D5"].map((l) => index("pyraminx", l));
    assertNamesNetStickers("pyraminx", swap(solved("pyraminx"), centre[1], centre[2]), centre);
  });

  it("Pyraminx, pocket cube and domino: wrong colour counts", () => {
    for (const id of ["pyraminx", "cube2", "domino"]) {
      const text = solved(id);
      const answer = assertNamesNetStickers(id, `${text.slice(0, -1)}${text[0]}`);
      assert.match(answer.error, /colour counts/);
    }
  });

  it("pocket cube: a mirrored corner", () => {
    const corner = ["U3", "R0", "F1"].map((l) => index("cube2", l));
    assertNamesNetStickers("cube2", swap(solved("cube2"), corner[0], corner[2]), corner);
  });

  it("domino: a flipped edge names its two stickers, neighbours across the U–F fold", () => {
    const edge = ["U7", "F1"].map((l) => index("domino", l));
    const answer = assertNamesNetStickers("domino", swap(solved("domino"), ...edge), edge);
    assert.match(answer.error, /flipped/);
  });
});

describe("painting on the 3D model", () => {
  it("finds the sticker a ray hits, and the nearest one from the plastic", () => {
    const model = ENTRIES.cube2.createModel(info.cube2);
    model.object.updateMatrixWorld(true);
    const raycaster = new Raycaster();
    raycaster.layers.enableAll(); // the parts a batch draws are on their own layer, as the view's
    for (let facelet = 0; facelet < model.stickers.length; facelet++) {
      const centre = model.stickerCentre(facelet, { world: true });
      const normal = model.stickerNormal(facelet);
      raycaster.set(centre.clone().addScaledVector(normal, 3), normal.clone().negate());
      const [hit] = raycaster.intersectObject(model.object, true);
      assert.equal(faceletAtHit({ object: hit.object, point: hit.point }, model), facelet);
    }
    const plastic = { object: model.object, point: model.stickerCentre(5, { world: true }) };
    plastic.point.add(new Vector3(0.01, 0.01, 0.01));
    assert.equal(faceletAtHit(plastic, model), 5);
    assert.equal(faceletAtHit(null, model), null);
    model.dispose();
  });
});

describe("impossible colourings in plain words, from the answer's problem", () => {
  const painted = (id, edits) => {
    const chars = [...call("applyMoves", id, "", "").facelets];
    for (const [i, face] of Object.entries(edits)) chars[i] = face;
    return chars.join("");
  };
  const words = (id, edits) => {
    const answer = call("validate", id, painted(id, edits));
    assert.equal(answer.ok, false);
    return problemInWords(answer.problem, call("puzzleInfo", id).faces);
  };

  it("3x3x3: a twisted corner, a flipped edge, two edges swapped, wrong counts", () => {
    // U8 R0 F2 is the URF corner, U7 F1 the UF edge, U5 R1 the UR edge.
    assert.equal(
      words("cube3", { 8: "R", 9: "F", 20: "U" }),
      "The white–red–green corner is twisted in place.",
    );
    assert.equal(words("cube3", { 7: "F", 19: "U" }), "The white–green edge is flipped in place.");
    assert.equal(
      words("cube3", { 7: "R", 19: "U", 5: "F", 10: "U" }),
      "The white–green and white–red pieces are swapped.",
    );
    assert.equal(
      words("cube3", { 1: "F" }),
      "There are 10 green stickers and 8 white; each colour belongs on 9 stickers.",
    );
  });

  it("domino: counts of faces with different numbers of stickers", () => {
    assert.equal(
      words("domino", { 0: "F" }),
      "There are 7 green stickers (6 belong) and 8 white (9 belong).",
    );
  });

  it("colours named by word, by the face's name where two faces share a word", () => {
    const faces = call("puzzleInfo", "megaminx").faces;
    const named = colourWords(faces);
    assert.equal(named.size, faces.length);
    const values = [...named.values()];
    assert.equal(new Set(values).size, values.length, values.join(" "));
    assert.equal(named.get(faces[0].name), colourName(faces[0].colour));
    assert.ok(
      values.some((word, i) => word === faces[i].name),
      "no shared word fell back",
    );
  });
});
