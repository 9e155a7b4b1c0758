// How fast pictures are painted without the engine (docs/images.md, docs/benchmarks.md): the
// model-only module's load and first picture (it compiles every puzzle), then 500 pictures of
// 20-move sequences per puzzle drawn by the module and by the picture templates
// (web/src/picture/fast.js). Prints one JSON line per puzzle and one for the load.
// Usage: node web/bench/pictures.mjs   (after the engine build)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

import { engineDir, repoDir } from "../../tests/js/engine.mjs";
import { fastPicture } from "../src/picture/fast.js";
import { modelImage } from "../src/picture/model-image.js";

let start = performance.now();
const { default: createModel } = await import(
  pathToFileURL(`${engineDir}polytwist_model.mjs`).href
);
const model = await createModel({ wasmBinary: readFileSync(`${engineDir}polytwist_model.wasm`) });
const loadMs = performance.now() - start;

start = performance.now();
modelImage(model, "pzl=kilominx");
const firstPictureMs = performance.now() - start;

const templates = JSON.parse(execFileSync(`${repoDir}build/polytwist`, ["pictures"]).toString());
for (const pzl of ["cube3", "kilominx", "master_pyraminx"]) {
  const moves = Object.keys(templates[pzl].moves);
  const algs = Array.from({ length: 500 }, (_, i) =>
    Array.from({ length: 20 }, (_, k) => moves[(i * 7 + k * 13) % moves.length]).join(" "),
  );
  start = performance.now();
  for (const alg of algs) modelImage(model, { pzl, alg });
  const moduleMs = (performance.now() - start) / algs.length;
  start = performance.now();
  for (const alg of algs) fastPicture(templates[pzl], alg);
  const templateMs = (performance.now() - start) / algs.length;
  console.log(
    JSON.stringify({ pzl, moduleMs: +moduleMs.toFixed(3), templateMs: +templateMs.toFixed(3) }),
  );
}
console.log(
  JSON.stringify({ moduleLoadMs: +loadMs.toFixed(1), firstPictureMs: +firstPictureMs.toFixed(1) }),
);
