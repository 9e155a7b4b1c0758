// One source of truth: the 3D models' turns (web/src/puzzles/*/geometry.js), read back purely
// geometrically as sticker permutations, must be the engine's moves, and for the Pyraminx also
// the sticker numbering and cycles written in docs/puzzles/pyraminx.md. Runs in Node, no browser.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

import { createCube2 } from "../../web/src/puzzles/cube2/geometry.js";
import { CORNERS, FACES, STICKERS, TURNS } from "../../web/src/puzzles/pyraminx/layout.js";
import { createPyraminx } from "../../web/src/puzzles/pyraminx/geometry.js";
import { repoDir } from "../js/engine.mjs";
import {
  cycles,
  describeAgreementWithEngine,
  geometricPermutation,
} from "../js/geometric-turns.mjs";

const DOC = readFileSync(`${repoDir}docs/puzzles/pyraminx.md`, "utf8");
const FACE_OFFSET = { F: 0, L: 9, R: 18, D: 27 };
const stickerName = (i) => `${"FLRD"[Math.floor(i / 9)]}${i % 9}`;
const stickerIndex = (name) => FACE_OFFSET[name[0]] + Number(name.slice(1));
const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34];
// Used before the engine answers, for the checks that need no engine.
const DOC_COLOURS = {
  faces: ["F", "L", "R", "D"].map((name, i) => ({
    name,
    colour: ["#00a000", "#c00000", "#0000c0", "#e0e000"][i],
  })),
};

/** The doc's "Turns as sticker cycles" table: {move: "(F0 L0 R0) (F1 L1 R1) …"}. */
function documentedCycles() {
  const section = DOC.slice(DOC.indexOf("## Turns as sticker cycles"));
  const table = {};
  for (const [, move, text] of section.matchAll(/^\| ([ULRB]) \| ((?:\([A-Z0-9 ]+\) ?)+)\|/gm)) {
    table[move] = text.trim();
    // "u, l, r, b: the first cycle (the tip) of U, L, R, B"
    table[move.toLowerCase()] = text.match(/\([^)]*\)/)[0];
  }
  return table;
}

/** The doc's "Pieces as stickers" table: {"tip U": ["F0", "L0", "R0"], …}. */
function documentedPieces() {
  const pieces = {};
  for (const [, kind, name, list] of DOC.matchAll(
    /\| (tip|centre|edge) ([ULRB]{1,2}) \| ([A-Z]\d(?: [A-Z]\d)*) \|/g,
  )) {
    pieces[`${kind} ${name}`] = list.split(" ");
  }
  return pieces;
}

/** A cycle string with each cycle rotated to start at its smallest sticker, cycles sorted. */
function canonical(text) {
  return [...text.matchAll(/\(([^)]*)\)/g)]
    .map(([, inner]) => {
      const names = inner.split(" ");
      const indices = names.map(stickerIndex);
      const start = indices.indexOf(Math.min(...indices));
      return [...names.slice(start), ...names.slice(0, start)];
    })
    .sort((a, b) => stickerIndex(a[0]) - stickerIndex(b[0]))
    .map((names) => `(${names.join(" ")})`)
    .join(" ");
}

/** The inverse of a cycle string: each cycle read backwards. */
function inverseCycles(text) {
  return text.replace(/\(([^)]*)\)/g, (_, inner) => `(${inner.split(" ").reverse().join(" ")})`);
}

describe("Pyraminx geometry against docs/puzzles/pyraminx.md", () => {
  const model = createPyraminx(DOC_COLOURS);

  it("has 36 stickers, each on its face's outward side, apex first, rows of 1, 3 and 5", () => {
    assert.equal(STICKERS.length, 36);
    for (const face of FACES) {
      const stickers = STICKERS.filter((s) => s.face === face.name);
      assert.equal(stickers.length, 9);
      const normal = stickers[0].normal;
      for (const s of stickers) {
        assert.ok(s.normal.distanceTo(normal) < 1e-9, `${stickerName(s.index)} not in its face`);
        assert.ok(s.centroid.dot(s.normal) > 0, `${stickerName(s.index)} faces inwards`);
      }
      // The face is opposite the corner it does not touch.
      const opposite = Object.keys(CORNERS).find(
        (c) => ![face.apex, face.bottomLeft, face.bottomRight].includes(c),
      );
      assert.ok(normal.clone().add(CORNERS[opposite]).length() < 1e-9, `${face.name} normal`);
      const nearest = (corner) =>
        stickers.reduce((a, b) =>
          a.centroid.distanceTo(CORNERS[corner]) < b.centroid.distanceTo(CORNERS[corner]) ? a : b,
        ).position;
      assert.deepEqual(
        [nearest(face.apex), nearest(face.bottomLeft), nearest(face.bottomRight)],
        [0, 4, 8],
        `${face.name}: tips at 0 (apex), 4 (bottom left), 8 (bottom right)`,
      );
      // Bottom left is on the left of the apex seen from outside: apex, left, right run CCW.
      const [apex, left, right] = [face.apex, face.bottomLeft, face.bottomRight].map(
        (c) => CORNERS[c],
      );
      const turn = left.clone().sub(apex).cross(right.clone().sub(apex));
      assert.ok(turn.dot(normal) > 0, `${face.name}: bottom left is not on the left`);
    }
  });

  it("puts every sticker on the piece the doc lists it in", () => {
    const pieces = documentedPieces();
    assert.equal(Object.keys(pieces).length, 14, "the doc's piece table was not read");
    for (const [piece, names] of Object.entries(pieces)) {
      const ours = STICKERS.filter((s) => s.piece === piece).map((s) => stickerName(s.index));
      assert.deepEqual(ours.sort(), [...names].sort(), piece);
    }
  });

  it("turns every move as the doc's sticker cycles say, rigidly", () => {
    const table = documentedCycles();
    assert.deepEqual(Object.keys(table).sort(), ["B", "L", "R", "U", "b", "l", "r", "u"]);
    for (const [move, text] of Object.entries(table)) {
      for (const [name, expected] of [
        [move, text],
        [`${move}'`, inverseCycles(text)],
      ]) {
        const { perm, worst } = geometricPermutation(model, name);
        assert.ok(worst < 1e-6, `${name}: a sticker lands ${worst} off any sticker position`);
        assert.equal(canonical(cycles(perm, stickerName)), canonical(expected), name);
      }
    }
  });

  it("labels each sticker mesh with its facelet and colours it from the face colours", () => {
    model.setFacelets("FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD");
    model.stickers.forEach((mesh, i) => {
      assert.equal(mesh.userData.facelet, i);
      const face = DOC_COLOURS.faces[Math.floor(i / 9)];
      assert.equal(`#${mesh.material.color.getHexString()}`, face.colour, stickerName(i));
    });
    model.setFacelets("DDDDDDDDDFFFFFFFFFLLLLLLLLLRRRRRRRRR");
    assert.equal(`#${model.stickers[0].material.color.getHexString()}`, "#e0e000");
  });

  it("turns X move the tip, centre and three edges at X; x the tip alone", () => {
    for (const corner of ["U", "L", "R", "B"]) {
      const layer = TURNS[corner].pieces.sort();
      const edges = layer.filter((p) => p.startsWith("edge"));
      assert.equal(edges.length, 3, `${corner}: ${layer}`);
      assert.ok(layer.includes(`tip ${corner}`) && layer.includes(`centre ${corner}`));
      assert.ok(edges.every((e) => e.includes(corner)));
      assert.deepEqual(TURNS[corner.toLowerCase()].pieces, [`tip ${corner}`]);
      assert.equal(model.stickersMovedBy(corner).length, 3 + 3 + 3 * 2);
      assert.equal(model.stickersMovedBy(corner.toLowerCase()).length, 3);
    }
  });
});

describeAgreementWithEngine("pyraminx", createPyraminx, SEEDS);
describeAgreementWithEngine("cube2", createCube2, SEEDS);
