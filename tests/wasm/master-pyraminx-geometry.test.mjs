// The Master Pyraminx's 3D model (web/src/puzzles/master_pyraminx/) against the engine: every move,
// read back geometrically from the renderer's turn, moves the same stickers as the engine's; each
// sticker's cell is the engine's piece; the net shows every sticker once; the keys and drags name
// real moves. Runs in Node, no browser.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";

import masterPyraminx from "../../web/src/puzzles/master_pyraminx/index.js";
import { MASTER_PYRAMINX_NET } from "../../web/src/puzzles/master_pyraminx/net.js";
import { createMasterPyraminx } from "../../web/src/puzzles/master_pyraminx/geometry.js";
import { CELLS, STICKERS, dragMoves } from "../../web/src/puzzles/master_pyraminx/layout.js";
import { callJson, loadEngine } from "../js/engine.mjs";
import { describeAgreementWithEngine } from "../js/geometric-turns.mjs";

const SEEDS = [1, 2, 3, 5, 8, 13];
const GREY = { faces: ["F", "L", "R", "D"].map((name) => ({ name, colour: "#808080" })) };
const MOVES = ["U", "L", "R", "B"].flatMap((c) =>
  [c.toLowerCase(), c, `${c}w`].flatMap((m) => [m, `${m}'`]),
);

describeAgreementWithEngine("master_pyraminx", createMasterPyraminx, SEEDS);

describe("master_pyraminx geometry", () => {
  let engine;
  before(async () => {
    engine = await loadEngine();
  });

  it("has 64 stickers in 30 cells with stickers and 4 hidden ones: the engine's pieces", () => {
    assert.equal(STICKERS.length, 64);
    assert.equal(CELLS.length, 34);
    const withStickers = new Set(STICKERS.map((s) => s.piece));
    assert.equal(withStickers.size, 30);
    // Stickers the engine puts on one piece lie in one cell: compare with the engine's pieces,
    // read from which stickers a move carries together.
    const byCell = new Map();
    for (const s of STICKERS) byCell.set(s.piece, [...(byCell.get(s.piece) ?? []), s.index]);
    const sizes = [...byCell.values()].map((list) => list.length).sort();
    assert.deepEqual(
      sizes,
      [...Array(4).fill(1), ...Array(18).fill(2), ...Array(8).fill(3)].sort(),
    );
    const info = callJson(engine, "puzzleInfo", "master_pyraminx");
    assert.equal(info.facelet_count, 64);
  });

  it("lays the net out with every sticker once, labelled as the engine names it", () => {
    assert.equal(MASTER_PYRAMINX_NET.faces.length, 4);
    assert.deepEqual(
      MASTER_PYRAMINX_NET.stickers.map((s) => s.index),
      [...Array(64).keys()],
    );
    for (const s of MASTER_PYRAMINX_NET.stickers) {
      assert.equal(s.label, `${STICKERS[s.index].face}${STICKERS[s.index].position}`);
      for (const [x, y] of s.points) {
        assert.ok(x >= -1e-9 && y >= -1e-9);
        assert.ok(x <= MASTER_PYRAMINX_NET.width + 1e-9 && y <= MASTER_PYRAMINX_NET.height + 1e-9);
      }
    }
    const centres = MASTER_PYRAMINX_NET.stickers.map(({ points }) => [
      points.reduce((sum, p) => sum + p[0], 0) / 3,
      points.reduce((sum, p) => sum + p[1], 0) / 3,
    ]);
    centres.forEach((a, i) =>
      centres.slice(i + 1).forEach((b) => assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) > 0.3)),
    );
  });

  it("binds a key to every move, and a drag on every sticker offers real moves", () => {
    const bound = new Set(masterPyraminx.keys.map((binding) => binding.move));
    for (const move of MOVES) assert.ok(bound.has(move), move);
    assert.equal(new Set(masterPyraminx.keys.map((b) => b.keys)).size, masterPyraminx.keys.length);
    const model = createMasterPyraminx(GREY);
    for (const sticker of STICKERS) {
      const moves = dragMoves(sticker.index);
      assert.ok(moves.length >= 2, `sticker ${sticker.index}`);
      for (const move of moves) assert.ok(model.moves.includes(move), move);
    }
    // The tip's sticker turns the tip; a centre's three three-layer turns.
    assert.deepEqual(dragMoves(0), ["u", "u'"]);
    assert.deepEqual(dragMoves(6).sort(), ["Lw", "Lw'", "Rw", "Rw'", "Uw", "Uw'"]);
  });
});
