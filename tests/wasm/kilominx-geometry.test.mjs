// The Kilominx's 3D model (web/src/puzzles/kilominx/geometry.js) against the engine: every move,
// read back geometrically from the renderer's turn, moves the same stickers as the engine's; the
// stickers of each corner piece sit at one corner; the net shows every sticker once, inside its
// face; the keys cover every move. Runs in Node, no browser.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import kilominx from "../../web/src/puzzles/kilominx/index.js";
import { KILOMINX_NET } from "../../web/src/puzzles/kilominx/net.js";
import { createKilominx, dragMoves } from "../../web/src/puzzles/kilominx/geometry.js";
import { CORNERS, STICKERS } from "../../web/src/puzzles/kilominx/layout.js";
import { describeAgreementWithEngine, geometricPermutation } from "../js/geometric-turns.mjs";

const SEEDS = [1, 2, 3, 5, 8, 13];
const FACES = ["U", "F", "L", "BL", "BR", "R", "DL", "DR", "DBL", "DBR", "DB", "D"];
const GREY = { faces: FACES.map((name) => ({ name, colour: "#808080" })) };

describe("kilominx geometry", () => {
  it("has 60 kite stickers on 20 corners, three per corner, each on its face's plane", () => {
    assert.equal(STICKERS.length, 60);
    assert.equal(CORNERS.length, 20);
    for (const corner of CORNERS) {
      const own = STICKERS.filter((s) => s.corner === corner.key);
      assert.deepEqual(own.map((s) => s.face).sort(), [...corner.faces].sort());
      // The corner lies on the three faces' planes (inradius 1).
      for (const sticker of own) {
        assert.ok(Math.abs(corner.position.dot(sticker.normal) - 1) < 1e-9);
        for (const p of sticker.corners) assert.ok(Math.abs(p.dot(sticker.normal) - 1) < 1e-9);
      }
    }
  });

  it("turns a face's five corners 72° or 144° and leaves the other fifteen", () => {
    const model = createKilominx(GREY);
    for (const face of FACES) {
      for (const suffix of ["", "2", "2'", "'"]) {
        const { perm } = geometricPermutation(model, `${face}${suffix}`);
        const moved = perm.filter((to, from) => to !== from).length;
        assert.equal(moved, 15, `${face}${suffix} moves ${moved} stickers`);
      }
    }
  });

  it("offers a drag on every sticker the turns of its corner's three faces", () => {
    const model = createKilominx(GREY);
    STICKERS.forEach((sticker) => {
      const moves = dragMoves(sticker.index);
      assert.equal(moves.length, 6);
      for (const move of moves) assert.ok(model.moves.includes(move), move);
    });
  });

  it("lays the net out with every sticker once, labelled as the engine names it", () => {
    assert.equal(KILOMINX_NET.faces.length, 12);
    assert.deepEqual(
      KILOMINX_NET.stickers.map((s) => s.index),
      [...Array(60).keys()],
    );
    KILOMINX_NET.stickers.forEach((s) => {
      assert.equal(s.label, `${STICKERS[s.index].face}${STICKERS[s.index].position}`);
      for (const [x, y] of s.points) {
        assert.ok(x >= 0 && y >= 0 && x <= KILOMINX_NET.width && y <= KILOMINX_NET.height);
      }
    });
    // No two stickers of the net overlap: their centres are apart.
    const centres = KILOMINX_NET.stickers.map(({ points }) => [
      points.reduce((s, p) => s + p[0], 0) / points.length,
      points.reduce((s, p) => s + p[1], 0) / points.length,
    ]);
    centres.forEach((a, i) =>
      centres.slice(i + 1).forEach((b) => assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) > 0.2)),
    );
  });

  it("binds a key to every move", () => {
    const bound = new Set(kilominx.keys.map((binding) => binding.move));
    for (const face of FACES) {
      for (const suffix of ["", "2", "2'", "'"]) assert.ok(bound.has(`${face}${suffix}`));
    }
    assert.equal(new Set(kilominx.keys.map((binding) => binding.keys)).size, 48);
  });
});

describeAgreementWithEngine("kilominx", createKilominx, SEEDS);
