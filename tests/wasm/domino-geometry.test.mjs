// The domino's 3D model (web/src/puzzles/domino/geometry.js) against docs/puzzles/domino.md (where
// each sticker sits, which stickers make a piece) and against the engine: every move of the
// engine, read back geometrically from the renderer's turn, moves the same stickers. Also its drag
// choices and keys. Runs in Node, no browser.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";

import { createDomino, stickerPlacement } from "../../web/src/puzzles/domino/geometry.js";
import domino from "../../web/src/puzzles/domino/index.js";
import { callJson, loadEngine, repoDir } from "../js/engine.mjs";
import { describeAgreementWithEngine, geometricPermutation } from "../js/geometric-turns.mjs";

const DOC = readFileSync(`${repoDir}docs/puzzles/domino.md`, "utf8");
const FACE_OFFSET = { U: 0, D: 9, F: 18, R: 24, B: 30, L: 36 };
const stickerIndex = (name) => FACE_OFFSET[name[0]] + Number(name.slice(1));
const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34];
/** The side each face letter names, as a coordinate and its sign. */
const SIDES = { U: ["y", 1], D: ["y", -1], R: ["x", 1], L: ["x", -1], F: ["z", 1], B: ["z", -1] };
const DOC_COLOURS = {
  faces: ["U", "D", "F", "R", "B", "L"].map((name) => ({ name, colour: "#808080" })),
};

/** The doc's sticker numbering table: [["U", 0, "UBL"], …, ["U", 4, "centre"], …]. */
function documentedStickers() {
  const rows = [...DOC.matchAll(/^\| ([UDFRBL]) \(\d+–\d+\) \|((?:[^|\n]*\|)+)$/gm)];
  return rows.flatMap(([, face, cells]) =>
    cells
      .split("|")
      .map((cell) => cell.trim())
      .slice(0, -1)
      .flatMap((name, position) => (name ? [[face, position, name]] : [])),
  );
}

/** The doc's piece list: ["U8 R0 F2", …], one entry per corner and edge. */
function documentedPieces() {
  const text = DOC.slice(DOC.indexOf("Pieces (stickers"), DOC.indexOf("## Validation"));
  return [...text.matchAll(/[UDFRBL]{2,3}\s`([UDFRBL]\d(?: [UDFRBL]\d)+)`/g)].map(
    ([, list]) => list,
  );
}

describe("domino geometry against docs/puzzles/domino.md", () => {
  it("puts every sticker on the side of the cuboid its name in the doc says", () => {
    const stickers = documentedStickers();
    assert.equal(stickers.length, 42, "the doc's numbering table was not read");
    for (const [face, position, name] of stickers) {
      const index = FACE_OFFSET[face] + position;
      const { cubie, normal } = stickerPlacement(index);
      assert.equal(normal[SIDES[face][0]], SIDES[face][1], `${face}${position} faces ${face}`);
      // "UFR" sits at +y, +z and +x; "UR" in the middle of z; "centre" in the middle of x and z.
      const letters = name === "centre" ? face : name;
      for (const axis of ["x", "y", "z"]) {
        const letter = [...letters].find((l) => SIDES[l][0] === axis);
        const side = cubie[axis] > 1e-9 ? 1 : cubie[axis] < -1e-9 ? -1 : 0;
        assert.equal(side, letter ? SIDES[letter][1] : 0, `${face}${position} (${name}): ${axis}`);
      }
    }
  });

  it("makes each piece of the doc one cubie, and no cubie of stickers of two pieces", () => {
    const pieces = documentedPieces();
    assert.equal(pieces.length, 16, "the doc's piece list was not read");
    const cubieOf = (name) => stickerPlacement(stickerIndex(name)).cubie.toArray().join();
    const cubies = new Set();
    for (const piece of pieces) {
      const names = piece.split(" ");
      assert.equal(new Set(names.map(cubieOf)).size, 1, `${piece} is not one cubie`);
      cubies.add(cubieOf(names[0]));
    }
    assert.equal(cubies.size, 16);
    const centres = ["U4", "D4"].map(cubieOf);
    assert.ok(
      centres.every((centre) => !cubies.has(centre)),
      "a centre shares a piece's cubie",
    );
  });

  it("has 18 cubies: 8 corners, 8 edges and the two centres", () => {
    const model = createDomino(DOC_COLOURS);
    const stickersPerCubie = new Map();
    for (let i = 0; i < 42; i++) {
      const key = stickerPlacement(i).cubie.toArray().join();
      stickersPerCubie.set(key, (stickersPerCubie.get(key) ?? 0) + 1);
    }
    const kinds = [...stickersPerCubie.values()].sort();
    assert.deepEqual(kinds, [...Array(2).fill(1), ...Array(8).fill(2), ...Array(8).fill(3)]);
    assert.equal(model.object.children.length, 18);
  });
});

describeAgreementWithEngine("domino", createDomino, SEEDS);

describe("domino turns, drags and keys", () => {
  let info;
  let model;
  before(async () => {
    info = callJson(await loadEngine(), "puzzleInfo", "domino");
    model = createDomino(info);
  });

  it("turns U and D a quarter or half, the side layers only half; nine cubies each", () => {
    for (const move of info.moves) {
      const half = move.endsWith("2");
      assert.equal(model.isHalfTurn(move), half, move);
      const moved = model.stickersMovedBy(move).length;
      // U: the centre turns in place and 12 side stickers move; R2: 2x3 face + 3 U + 3 D + 4 side.
      const expected = "UD".includes(move[0]) ? 9 + 12 : 6 + 3 + 3 + 2 * 2;
      assert.equal(moved, expected, `${move} moves ${moved} stickers`);
    }
  });

  it("offers a drag on every sticker turns that move it, never the face it is on", () => {
    for (let facelet = 0; facelet < 42; facelet++) {
      const moves = model.dragMoves(facelet);
      const { face } = stickerPlacement(facelet);
      assert.ok(moves.length > 0, `no drag on sticker ${facelet}`);
      for (const move of moves) {
        assert.ok(info.moves.includes(move), `${move} is no engine move`);
        const centre = facelet === 4 || facelet === 13;
        if (!centre) {
          assert.notEqual(move[0], face, `sticker ${facelet} turns its own face`);
          const { perm } = geometricPermutation(model, move);
          assert.notEqual(perm[facelet], facelet, `${move} does not move sticker ${facelet}`);
        }
      }
    }
    // F2 (the UFR corner's F sticker, index 20): the U layer either way, the R layer's half turn.
    assert.deepEqual(model.dragMoves(20).sort(), ["R2", "U", "U'"]);
    assert.deepEqual(model.dragMoves(4).sort(), ["U", "U'"]);
  });

  it("moves the grabbed point of a half turn opposite ways for the two ways round", () => {
    const point = model.stickerCentre(20, { world: true });
    const forward = model.movePoint("R2", point, 0.05).sub(point);
    const backward = model.movePoint("R2", point, -0.05).sub(point);
    assert.ok(forward.dot(backward) < 0, "both ways move the point the same way");
    // About the x axis, the front face's sticker goes up or down, not sideways.
    assert.ok(Math.abs(forward.y) > 2 * Math.abs(forward.z) && Math.abs(forward.x) < 1e-9);
  });

  it("binds keys to engine moves: U and D quarter turns, a side key its half turn", () => {
    const byKeys = Object.fromEntries(domino.keys.map(({ keys, move }) => [keys, move]));
    for (const { move } of domino.keys) assert.ok(info.moves.includes(move), move);
    assert.deepEqual(
      new Set(domino.keys.map(({ move }) => move)),
      new Set(info.moves),
      "every engine move has a key",
    );
    assert.equal(byKeys.U, "U");
    assert.equal(byKeys["Alt+D"], "D'");
    assert.equal(byKeys["Shift+U"], "U2");
    for (const face of ["R", "L", "F", "B"]) {
      assert.equal(byKeys[face], `${face}2`);
      assert.equal(byKeys[`Shift+${face}`], `${face}2`);
      assert.equal(byKeys[`Alt+${face}`], `${face}2`);
    }
  });
});
