// The Rubik's Cube's 3D model (web/src/puzzles/cube3/geometry.js) against the engine's declaration
// (engine/puzzles/cube3/cube3.cpp: Kociemba's facelet order, the corner and edge pieces by their
// stickers) and against the engine's moves: every move, read back geometrically from the
// renderer's turn, moves the same stickers. Also its drag choices, keys and net. Runs in Node, no
// browser.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";

import { CUBE3_NET } from "../../web/src/puzzles/cube3/net.js";
import cube3 from "../../web/src/puzzles/cube3/index.js";
import { createCube3, stickerPlacement } from "../../web/src/puzzles/cube3/geometry.js";
import { callJson, loadEngine, repoDir } from "../js/engine.mjs";
import { describeAgreementWithEngine, geometricPermutation } from "../js/geometric-turns.mjs";

const DECLARATION = readFileSync(`${repoDir}engine/puzzles/cube3/cube3.cpp`, "utf8");
const FACES = ["U", "R", "F", "D", "L", "B"];
const stickerIndex = (name) => FACES.indexOf(name[0]) * 9 + Number(name.slice(1));
const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34];
/** The side each face letter names, as a coordinate and its sign. */
const SIDES = { U: ["y", 1], D: ["y", -1], R: ["x", 1], L: ["x", -1], F: ["z", 1], B: ["z", -1] };
const GREY = { faces: FACES.map((name) => ({ name, colour: "#808080" })) };
const cubieKey = (index) => stickerPlacement(index).cubie.toArray().join();

/** An orbit of the declaration: its pieces' stickers and names, e.g. ["U8 R0 F2"], ["URF"]. */
function declaredOrbit(name) {
  const start = DECLARATION.indexOf(`.name = "${name}"`);
  const text = DECLARATION.slice(start, DECLARATION.indexOf("}}", start) + 1);
  const list = (field) => {
    const from = text.indexOf(`.${field} = {`);
    return [...text.slice(from, text.indexOf("}", from)).matchAll(/"([^"]+)"/g)].map(
      ([, item]) => item,
    );
  };
  return { pieces: list("pieces"), names: list("names") };
}

describe("cube3 geometry against the engine's declaration", () => {
  it("puts every corner and edge's stickers on one cubie, at the corner or edge its name says", () => {
    for (const orbit of ["corner", "edge"]) {
      const { pieces, names } = declaredOrbit(orbit);
      assert.equal(pieces.length, orbit === "corner" ? 8 : 12, `the ${orbit}s were not read`);
      assert.equal(names.length, pieces.length);
      pieces.forEach((piece, p) => {
        const stickers = piece.split(" ").map(stickerIndex);
        assert.equal(new Set(stickers.map(cubieKey)).size, 1, `${piece} is not one cubie`);
        const { cubie } = stickerPlacement(stickers[0]);
        for (const axis of ["x", "y", "z"]) {
          const letter = [...names[p]].find((l) => SIDES[l][0] === axis);
          const side = Math.sign(Math.round(cubie[axis]));
          assert.equal(side, letter ? SIDES[letter][1] : 0, `${names[p]} (${piece}): ${axis}`);
        }
        // Each sticker faces the side its face letter names.
        for (const index of stickers) {
          const [axis, sign] = SIDES[FACES[Math.floor(index / 9)]];
          assert.equal(stickerPlacement(index).normal[axis], sign, `${piece}: sticker ${index}`);
        }
      });
    }
  });

  it("has 26 cubies: 8 corners, 12 edges and 6 centres, each centre sticker in its face's middle", () => {
    const model = createCube3(GREY);
    const stickersPerCubie = new Map();
    for (let i = 0; i < 54; i++)
      stickersPerCubie.set(cubieKey(i), (stickersPerCubie.get(cubieKey(i)) ?? 0) + 1);
    const kinds = [...stickersPerCubie.values()].sort();
    assert.deepEqual(kinds, [...Array(6).fill(1), ...Array(12).fill(2), ...Array(8).fill(3)]);
    assert.equal(model.object.children.length, 26);
    FACES.forEach((face, f) => {
      const { cubie } = stickerPlacement(f * 9 + 4);
      const [axis, sign] = SIDES[face];
      assert.deepEqual(
        cubie.toArray(),
        ["x", "y", "z"].map((a) => (a === axis ? sign : 0)),
        face,
      );
    });
  });

  it("lays the net out as the usual cross, in the engine's numbering", () => {
    assert.equal(CUBE3_NET.stickers.length, 54);
    CUBE3_NET.stickers.forEach((sticker, i) => {
      assert.equal(sticker.index, i);
      assert.equal(sticker.label, `${FACES[Math.floor(i / 9)]}${i % 9}`);
    });
    // Neighbours across a fold in the net are stickers of one piece: U6 over F0, F2 beside R0,
    // F6 over D0, L2 beside F0, R2 beside B0.
    const cell = (name) => CUBE3_NET.stickers[stickerIndex(name)].points[0];
    const touching = [
      ["U6", "F0", [0, 1]],
      ["F2", "R0", [1, 0]],
      ["F6", "D0", [0, 1]],
      ["L2", "F0", [1, 0]],
      ["R2", "B0", [1, 0]],
    ];
    for (const [a, b, [dx, dy]] of touching) {
      assert.deepEqual(cell(b), [cell(a)[0] + dx, cell(a)[1] + dy], `${a} and ${b}`);
      assert.equal(cubieKey(stickerIndex(a)), cubieKey(stickerIndex(b)), `${a} and ${b} one piece`);
    }
  });
});

describeAgreementWithEngine("cube3", createCube3, SEEDS);

describe("cube3 turns, drags and keys", () => {
  let info;
  let model;
  before(async () => {
    info = callJson(await loadEngine(), "puzzleInfo", "cube3");
    model = createCube3(info);
  });

  it("turns each face's nine cubies a quarter or half turn", () => {
    for (const move of info.moves) {
      assert.equal(model.isHalfTurn(move), move.endsWith("2"), move);
      // The face's 9 stickers and the 12 around it.
      assert.equal(model.stickersMovedBy(move).length, 21, move);
    }
  });

  it("offers a drag on every sticker turns that move it, never the face it is on", () => {
    for (let facelet = 0; facelet < 54; facelet++) {
      const moves = model.dragMoves(facelet);
      const { face } = stickerPlacement(facelet);
      assert.ok(moves.length > 0, `no drag on sticker ${facelet}`);
      for (const move of moves) {
        assert.ok(info.moves.includes(move), `${move} is no engine move`);
        if (facelet % 9 === 4) {
          assert.equal(move[0], face, `the centre ${facelet} turns its own face`);
          continue;
        }
        assert.notEqual(move[0], face, `sticker ${facelet} turns its own face`);
        const { perm } = geometricPermutation(model, move);
        assert.notEqual(perm[facelet], facelet, `${move} does not move sticker ${facelet}`);
      }
    }
    // F2 (the URF corner's F sticker, index 20): U or R either way; F1 (an edge): only U; F4: F.
    assert.deepEqual(model.dragMoves(20).sort(), ["R", "R'", "U", "U'"]);
    assert.deepEqual(model.dragMoves(19).sort(), ["U", "U'"]);
    assert.deepEqual(model.dragMoves(22).sort(), ["F", "F'"]);
  });

  it("binds a key to every engine move: the face's letter, Shift a half turn, Alt anticlockwise", () => {
    const byKeys = Object.fromEntries(cube3.keys.map(({ keys, move }) => [keys, move]));
    assert.deepEqual(new Set(cube3.keys.map(({ move }) => move)), new Set(info.moves));
    for (const face of FACES) {
      assert.equal(byKeys[face], face);
      assert.equal(byKeys[`Alt+${face}`], `${face}'`);
      assert.equal(byKeys[`Shift+${face}`], `${face}2`);
    }
  });
});
