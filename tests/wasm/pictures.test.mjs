// Pictures (docs/images.md) through their JS faces: the full engine's `image` call, the small
// model-only module (build/wasm/polytwist_model.mjs) and the picture templates that players paint
// plain moves from (web/src/picture/fast.js) — all three give the same picture — and the engine's
// nets against the state editor's (one numbering, one layout).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { before, describe, it } from "node:test";

import { fastPicture } from "../../web/src/picture/fast.js";
import { modelImage } from "../../web/src/picture/model-image.js";
import { geometryNet } from "../../web/src/puzzles/geometry-net.js";
import { callJson, engineDir, loadEngine, repoDir } from "../js/engine.mjs";
import { prng } from "../js/random.mjs";

let engine;
let model;
let templates;

const modelImageOf = (params) => modelImage(model, params);
const engineImage = (params) => callJson(engine, "image", new URLSearchParams(params).toString());

/** Each sticker's fill by its number, from a picture. */
function fills(svg) {
  return Object.fromEntries(
    [...svg.matchAll(/fill="([^"]+)" data-f="(\d+)"/g)].map(([, fill, f]) => [Number(f), fill]),
  );
}

/** Each sticker's centre (its corners' average) by its number, from a picture's paths. */
function centres(svg) {
  const out = new Map();
  for (const [, d, f] of svg.matchAll(/<path d="M([^"]+)Z" fill="[^"]+" data-f="(\d+)"/g)) {
    const points = d.split("L").map((pair) => pair.split(" ").map(Number));
    out.set(Number(f), [
      points.reduce((s, p) => s + p[0], 0) / points.length,
      points.reduce((s, p) => s + p[1], 0) / points.length,
    ]);
  }
  return out;
}

/** Points scaled into a unit box (same scale on both axes), so two drawings can be compared. */
function normalised(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const extent = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY);
  return points.map(([x, y]) => [(x - minX) / extent, (y - minY) / extent]);
}

before(async () => {
  engine = await loadEngine();
  const { default: createModel } = await import(
    pathToFileURL(`${engineDir}polytwist_model.mjs`).href
  );
  model = await createModel({ wasmBinary: readFileSync(`${engineDir}polytwist_model.wasm`) });
  templates = JSON.parse(execFileSync(`${repoDir}build/polytwist`, ["pictures"]).toString());
});

describe("pictures", () => {
  it("the model-only module draws exactly what the engine draws, errors too", () => {
    const random = prng(14);
    for (const { id } of callJson(engine, "listPuzzles").puzzles) {
      const moves = Object.keys(templates[id].moves);
      for (let k = 0; k < 5; k++) {
        const alg = Array.from({ length: 8 }, () => moves[Math.floor(random() * moves.length)]);
        for (const view of ["iso", "net"]) {
          const params = { pzl: id, alg: `(${alg.join(" ")})2`, view, size: "200" };
          const answer = modelImageOf(params);
          assert.equal(answer.ok, true, `${id} ${params.alg}: ${answer.error}`);
          assert.deepEqual(answer, engineImage(params));
        }
      }
    }
    for (const params of [
      { pzl: "tesseract" },
      { pzl: "cube3", alg: "R U X" },
      { pzl: "cube3", size: "9999" },
      { pzl: "cube3", colour: "red" },
      { pzl: "<b>" },
    ]) {
      const answer = modelImageOf(params);
      assert.equal(answer.ok, false);
      assert.match(answer.svg, /^<svg/);
      assert.deepEqual(answer, engineImage(params));
    }
    assert.equal(modelImageOf({ pzl: "cube3", alg: "R U X" }).column, 5);
  });

  it("players paint plain moves from the templates exactly as the engine draws them", () => {
    const random = prng(3);
    for (const [id, template] of Object.entries(templates)) {
      assert.equal(template.ok, true, id);
      const moves = Object.keys(template.moves);
      for (let k = 0; k < 20; k++) {
        const alg = Array.from({ length: 1 + k }, () => moves[Math.floor(random() * moves.length)]);
        const fast = fastPicture(template, alg.join(" "));
        const expected = engineImage({ pzl: id, alg: alg.join(" "), size: "256" });
        assert.deepEqual(fills(fast), fills(expected.svg), `${id}: ${alg.join(" ")}`);
        // The same picture but for its title (the engine's names the alg).
        const untitled = (svg) => svg.replace(/<title>.*?<\/title>/, "");
        assert.equal(untitled(fast), untitled(expected.svg));
      }
    }
  });

  it("leaves to the engine what is not plain moves", () => {
    const cube = templates.cube3;
    assert.ok(fastPicture(cube, "R U R' U'"));
    assert.ok(fastPicture(cube, "  "));
    for (const alg of [
      "(R U)2",
      "R U // sexy",
      "x R",
      "M2",
      "R U F G",
      "RU",
      "constructor",
      "__proto__",
    ]) {
      assert.equal(fastPicture(cube, alg), null, alg);
    }
  });

  it("the engine's nets are the state editor's nets", () => {
    // The editor's nets come from puzzleGeometry.
    const nets = {};
    for (const id of [
      "cube2",
      "cube3",
      "domino",
      "kilominx",
      "master_pyraminx",
      "pyraminx",
      "megaminx",
    ]) {
      nets[id] = geometryNet(callJson(engine, "puzzleGeometry", id));
    }
    for (const [id, net] of Object.entries(nets)) {
      const drawn = centres(engineImage({ pzl: id, view: "net", size: "1000" }).svg);
      assert.equal(drawn.size, net.stickers.length, id);
      const web = normalised(
        net.stickers.map(({ points }) => [
          points.reduce((s, p) => s + p[0], 0) / points.length,
          points.reduce((s, p) => s + p[1], 0) / points.length,
        ]),
      );
      const engineCentres = normalised(net.stickers.map(({ index }) => drawn.get(index)));
      net.stickers.forEach(({ label }, i) => {
        const distance = Math.hypot(
          web[i][0] - engineCentres[i][0],
          web[i][1] - engineCentres[i][1],
        );
        assert.ok(
          distance < 0.002,
          `${id} ${label}: ${web[i]} in the editor, ${engineCentres[i]} in the engine`,
        );
      });
    }
  });
});
