// The Numbered Pyraminx's 3D model (web/src/puzzles/numbered_pyraminx/geometry.js): the
// Pyraminx's turns, which must still be the engine's moves, and a digit on every sticker, drawn
// from the engine's digits, lying on its sticker, upright on its face and turning with its piece.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import { Vector3 } from "three";

import { createNumberedPyraminx } from "../../web/src/puzzles/numbered_pyraminx/geometry.js";
import { CORNERS, FACES, STICKERS } from "../../web/src/puzzles/pyraminx/layout.js";
import { callJson, loadEngine, repoDir } from "../js/engine.mjs";
import { describeAgreementWithEngine } from "../js/geometric-turns.mjs";

const ID = "numbered_pyraminx";
const EXAMPLE = readFileSync(`${repoDir}assets/numbered_pyraminx/example.txt`, "utf8");
const stickerName = (i) => `${"FLRD"[Math.floor(i / 9)]}${i % 9}`;

/** The digit mesh on sticker `i`'s mesh, its vertices in model space. */
function digitVertices(model, i) {
  const [digit] = model.stickers[i].children;
  model.object.updateMatrixWorld(true);
  const position = digit.geometry.getAttribute("position");
  const toModel = model.object.matrixWorld.clone().invert().multiply(digit.matrixWorld);
  return Array.from({ length: position.count }, (_, k) =>
    new Vector3().fromBufferAttribute(position, k).applyMatrix4(toModel),
  );
}

/** Whether point p (in the sticker's plane) lies inside its triangle by more than `margin`. */
function insideTriangle(sticker, p, margin) {
  const [a, b, c] = sticker.corners;
  return [
    [a, b],
    [b, c],
    [c, a],
  ].every(([from, to]) => {
    const inward = sticker.normal.clone().cross(to.clone().sub(from)).normalize();
    return p.clone().sub(from).dot(inward) > margin;
  });
}

describe("Numbered Pyraminx model: the engine's digits on the stickers", () => {
  let engine;
  let info;
  let model;
  before(async () => {
    engine = await loadEngine();
    info = callJson(engine, "puzzleInfo", ID);
    model = createNumberedPyraminx(info);
  });

  it("draws exactly the digits the engine says each position shows", () => {
    const { state } = callJson(engine, "scramble", ID, 7);
    const shown = callJson(engine, "numberingPosition", ID, state, EXAMPLE, "");
    assert.equal(shown.ok, true, shown.error);
    model.setDigits(shown.digits);
    assert.equal(model.shownDigits(), shown.digits);
    const home = callJson(engine, "numberingPosition", ID, "", EXAMPLE, "");
    model.setDigits(home.digits);
    assert.equal(model.shownDigits(), "148952637423765891915628734517249386");
    model.setDigits(`?${home.digits.slice(1)}`);
    assert.equal(model.shownDigits()[0], " ", "a character that is no digit leaves it blank");
    assert.throws(() => model.setDigits("123"), /36 digits/);
  });

  it("puts each digit inside its sticker, just above it, upright on the face", () => {
    model.resetPose();
    for (const sticker of STICKERS) {
      const name = stickerName(sticker.index);
      const vertices = digitVertices(model, sticker.index);
      for (const p of vertices) {
        const height = p.clone().sub(sticker.centroid).dot(sticker.normal);
        assert.ok(height > 0.003 && height < 0.01, `${name}: digit ${height} above the face`);
        // The sticker is inset by 0.032 from its triangle: the digit keeps clear of that border.
        assert.ok(insideTriangle(sticker, p, 0.032), `${name}: the digit leaves its sticker`);
      }
      // The glyph's y axis (its up) points along the face, from its bottom side to its apex.
      const face = FACES.find((f) => f.name === sticker.face);
      const [digit] = model.stickers[sticker.index].children;
      const up = new Vector3().setFromMatrixColumn(digit.matrix, 1).normalize();
      const bottom = CORNERS[face.bottomLeft].clone().add(CORNERS[face.bottomRight]);
      const towardsApex = CORNERS[face.apex].clone().sub(bottom.multiplyScalar(0.5)).normalize();
      assert.ok(up.dot(towardsApex) > 1 - 1e-9, `${name}: digit not upright on face ${face.name}`);
    }
  });

  it("turns each digit with its piece", () => {
    const before = digitVertices(model, 0)[0];
    model.poseTurn("u", 1);
    const after = digitVertices(model, 0)[0];
    model.resetPose();
    // u carries F0 onto L0: the digit goes with it, turned about the U axis.
    const expected = before.clone().applyAxisAngle(CORNERS.U, (-2 * Math.PI) / 3);
    assert.ok(after.distanceTo(expected) < 1e-6, "the digit of F0 did not turn with the U tip");
  });
});

describeAgreementWithEngine(ID, createNumberedPyraminx, [1, 2, 3, 5, 8, 13, 21, 34]);
