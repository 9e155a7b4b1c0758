// The Numbered Pyraminx's 3D model (the generic model from the engine's geometry with digits,
// web/src/puzzles/sticker-digits.js): its turns, which must be the engine's moves, and a
// digit on every sticker, drawn from the engine's digits, lying on its sticker, upright on its
// face at home, and turned as its piece was turned wherever it is: a turn's animation ends where
// the next position draws it. Everything checked against the engine's geometry (puzzleGeometry).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, it } from "node:test";
import { Quaternion, Vector3 } from "three";

import { exactAngle } from "../../web/src/puzzles/geometry-model.js";
import { geometryEntry } from "../../web/src/puzzles/geometry-entry.js";
import { callJson, loadEngine, repoDir } from "../js/engine.mjs";
import { describeAgreementWithEngine } from "../js/geometric-turns.mjs";

const ID = "numbered_pyraminx";
const EXAMPLE = readFileSync(`${repoDir}assets/numbered_pyraminx/example.txt`, "utf8");
const stickerName = (i) => `${"FLRD"[Math.floor(i / 9)]}${i % 9}`;
const GEOMETRY = callJson(await loadEngine(), "puzzleGeometry", ID).geometry;
const createModel = (info) => geometryEntry(ID, GEOMETRY).createModel(info);

/** The engine's stickers as numbers: index, face, outward normal, corners, centroid. */
const STICKERS = GEOMETRY.stickers.map(({ face, outline }, index) => {
  const corners = outline.map((p) => new Vector3(...p));
  const centroid = corners.reduce((sum, p) => sum.add(p), new Vector3()).divideScalar(3);
  return { index, face, normal: new Vector3(...GEOMETRY.faces[face].normal), corners, centroid };
});
/** Each move as a turn: its axis, its angle, the stickers whose slabs it turns. */
const TURNS = Object.fromEntries(
  GEOMETRY.turns.map(({ token, axis, from, to, angle }) => {
    const { direction, order, slabs } = GEOMETRY.axes[axis];
    const moved = STICKERS.filter(({ index }) => from <= slabs[index] && slabs[index] <= to);
    return [
      token,
      {
        axis: new Vector3(...direction).normalize(),
        angle: exactAngle(angle, order),
        stickers: moved.map(({ index }) => index),
      },
    ];
  }),
);

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

/** The direction of the top of the digit on sticker `i`, in model space. */
function digitUp(model, i) {
  const [digit] = model.stickers[i].children;
  model.object.updateMatrixWorld(true);
  const toModel = model.object.matrixWorld.clone().invert().multiply(digit.matrixWorld);
  return new Vector3().setFromMatrixColumn(toModel, 1).normalize();
}

/**
 * A face's upright direction, as the faces are read (docs/puzzles/pyraminx.md: each face from its
 * apex, where its sticker 0 lies): from the middle of its bottom side to its apex.
 */
function faceUp(face) {
  const first = STICKERS.find((sticker) => sticker.face === face);
  const corners = GEOMETRY.faces[face].outline.map((p) => new Vector3(...p));
  corners.sort((a, b) => a.distanceTo(first.centroid) - b.distanceTo(first.centroid));
  const [apex, left, right] = corners;
  return apex.clone().sub(left.clone().add(right).multiplyScalar(0.5)).normalize();
}

/** The sticker position whose centroid is at `point`. */
function stickerAt(point) {
  const index = STICKERS.findIndex(({ centroid }) => centroid.distanceTo(point) < 1e-4);
  assert.ok(index >= 0, `no sticker at ${point.toArray()}`);
  return index;
}

/**
 * Each home sticker after `moves`, followed turn by turn through the engine's geometry alone:
 * [{at: the position it is at, rotation: how its piece has been turned}], by home sticker.
 */
function follow(moves) {
  const carried = STICKERS.map((_, home) => ({ at: home, rotation: new Quaternion() }));
  for (const move of moves) {
    const { axis, angle, stickers } = TURNS[move];
    const turn = new Quaternion().setFromAxisAngle(axis, angle);
    carried.forEach((sticker, home) => {
      if (!stickers.includes(sticker.at)) return;
      sticker.rotation.premultiply(turn);
      sticker.at = stickerAt(STICKERS[home].centroid.clone().applyQuaternion(sticker.rotation));
    });
  }
  return carried;
}

/** A repeatable pseudo-random sequence of `length` moves. */
function randomMoves(seed, length) {
  const names = Object.keys(TURNS);
  let x = seed;
  return Array.from({ length }, () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return names[x % names.length];
  });
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
    model = createModel(info);
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

  /** Every digit lies just above its sticker, inside it, and centred on it (the pieces at rest). */
  function assertDigitsOnStickers() {
    model.resetPose();
    for (const sticker of STICKERS) {
      const name = stickerName(sticker.index);
      const vertices = digitVertices(model, sticker.index);
      for (const p of vertices) {
        const height = p.clone().sub(sticker.centroid).dot(sticker.normal);
        assert.ok(height > 0.001 && height < 0.03, `${name}: digit ${height} above the face`);
        assert.ok(insideTriangle(sticker, p, 0.02), `${name}: the digit leaves its sticker`);
      }
      const [digit] = model.stickers[sticker.index].children;
      const origin = new Vector3().setFromMatrixPosition(digit.matrix);
      const offCentre = origin.sub(sticker.centroid).projectOnPlane(sticker.normal).length();
      assert.ok(offCentre < 1e-4, `${name}: the digit is ${offCentre} off the sticker's centre`);
    }
  }

  it("puts each digit inside its sticker, just above it, upright on the face", () => {
    const home = callJson(engine, "numberingPosition", ID, "", EXAMPLE, "");
    for (const sources of [undefined, home.sources]) {
      model.setDigits(home.digits, sources);
      assertDigitsOnStickers();
      for (const sticker of STICKERS) {
        // The glyph's y axis (its up) points along the face, from its bottom side to its apex.
        const up = digitUp(model, sticker.index);
        const name = stickerName(sticker.index);
        assert.ok(up.dot(faceUp(sticker.face)) > 1 - 1e-6, `${name}: digit not upright`);
      }
    }
  });

  it("turns each digit as the turns carried its piece, wherever the engine says it is", () => {
    const sequences = [
      ...["u", "l'", "r", "b'"].map((tip) => [tip]),
      ["L"],
      ["R", "b"],
      ...[1, 2, 3, 4, 5].map((seed) => randomMoves(seed, 12)),
    ];
    let turned = 0;
    for (const moves of sequences) {
      const after = callJson(engine, "applyMoves", ID, "", moves.join(" "));
      const shown = callJson(engine, "numberingPosition", ID, after.state, EXAMPLE, "");
      model.setFacelets(after.facelets);
      model.setDigits(shown.digits, shown.sources);
      assertDigitsOnStickers();
      follow(moves).forEach(({ at, rotation }, home) => {
        const where = `${moves.join(" ")}: ${stickerName(home)} at ${stickerName(at)}`;
        assert.equal(shown.sources[at], home, `${where}, the engine says otherwise`);
        const expected = faceUp(STICKERS[home].face).applyQuaternion(rotation);
        const up = digitUp(model, at);
        assert.ok(up.distanceTo(expected) < 1e-5, `${where}: its digit is turned otherwise`);
        if (up.dot(faceUp(STICKERS[at].face)) < 0.9) turned++;
      });
    }
    assert.ok(turned > 0, "no digit was drawn turned on its face");
  });

  it("ends each turn's animation where the next position draws the digits: no snap", () => {
    /** Each digit's world matrix and glyph. */
    const drawn = () => {
      model.object.updateMatrixWorld(true);
      return model.stickers.map((sticker) => {
        const [digit] = sticker.children;
        return { matrix: digit.matrixWorld.clone(), geometry: digit.geometry };
      });
    };
    for (const seed of [3, 8]) {
      const start = callJson(engine, "scramble", ID, seed);
      const shown = callJson(engine, "numberingPosition", ID, start.state, EXAMPLE, "");
      for (const move of info.moves) {
        model.setFacelets(start.facelets);
        model.setDigits(shown.digits, shown.sources);
        model.poseTurn(move, 1);
        const posed = drawn();
        const after = callJson(engine, "applyMoves", ID, start.state, move);
        const next = callJson(engine, "numberingPosition", ID, after.state, EXAMPLE, "");
        model.setFacelets(after.facelets);
        model.setDigits(next.digits, next.sources);
        const settled = drawn();
        // Each digit as posed is matched to the settled digit nearest it: it must be the same.
        const position = ({ matrix }) => new Vector3().setFromMatrixPosition(matrix);
        const matched = posed.map((digit, i) => {
          const distances = settled.map((other) => position(other).distanceTo(position(digit)));
          const j = distances.indexOf(Math.min(...distances));
          const where = `seed ${seed}, ${move}: the digit of ${stickerName(i)}`;
          assert.equal(digit.geometry, settled[j].geometry, `${where} changes its glyph`);
          const gap = Math.max(
            ...digit.matrix.elements.map((e, k) => Math.abs(e - settled[j].matrix.elements[k])),
          );
          assert.ok(gap < 1e-4, `${where} snaps by ${gap} when the turn ends`);
          return j;
        });
        assert.equal(new Set(matched).size, matched.length, `${move}: two digits on one sticker`);
      }
    }
  });

  it("turns each digit with its piece", () => {
    const before = digitVertices(model, 0)[0];
    model.poseTurn("u", 1);
    const after = digitVertices(model, 0)[0];
    model.resetPose();
    // u carries F0 onto L0: the digit goes with it, turned about the U axis.
    const expected = before.clone().applyAxisAngle(TURNS.u.axis, TURNS.u.angle);
    assert.ok(after.distanceTo(expected) < 1e-6, "the digit of F0 did not turn with the U tip");
  });
});

// The engine writes six decimals: a sticker lands within 1e-4 of its place.
describeAgreementWithEngine(ID, createModel, [1, 2, 3, 5, 8, 13, 21, 34], 1e-4);
