// Reads a 3D puzzle model's turns back as sticker permutations, purely geometrically, and checks
// them against the engine's moves. Shared by the geometry tests of each puzzle.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";

import { callJson, loadEngine } from "./engine.mjs";

/**
 * Where each sticker goes when the model shows `move` done: perm[i] = j means the sticker at i
 * lands where sticker j was. Each sticker's centre is moved by the model's own turn pose and
 * matched to the nearest rest centre; `worst` is the largest of those distances.
 */
export function geometricPermutation(model, move) {
  model.resetPose();
  const rest = model.stickers.map((_, i) => model.stickerCentre(i));
  model.poseTurn(move, 1);
  let worst = 0;
  const perm = model.stickers.map((_, i) => {
    const moved = model.stickerCentre(i);
    let best = -1;
    let bestDistance = Infinity;
    rest.forEach((centre, j) => {
      const distance = centre.distanceTo(moved);
      if (distance < bestDistance) [best, bestDistance] = [j, distance];
    });
    worst = Math.max(worst, bestDistance);
    return best;
  });
  model.resetPose();
  return { perm, worst };
}

/** Cycle notation with sticker names, e.g. "(F0 L0 R0) (F1 L1 R1)"; fixed stickers left out. */
export function cycles(perm, name) {
  const seen = new Set();
  const out = [];
  perm.forEach((_, start) => {
    if (seen.has(start) || perm[start] === start) return;
    const cycle = [];
    for (let i = start; !seen.has(i); i = perm[i]) {
      seen.add(i);
      cycle.push(name(i));
    }
    out.push(`(${cycle.join(" ")})`);
  });
  return out.join(" ");
}

/** `length` moves of `moves` drawn by a small deterministic generator from `seed`. */
function randomSequence(moves, seed, length) {
  let x = (seed * 2654435761) >>> 0 || 1;
  return Array.from({ length }, () => {
    // xorshift32: enough to mix the pieces; the same sequence on every run.
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return moves[x % moves.length];
  }).join(" ");
}

/**
 * The engine's facelets before and after `move` from several mixed positions (each reached by a
 * seeded sequence of the puzzle's moves, so that no solver is needed): the stickers of a position
 * are not all distinguishable, but over several positions a wrong permutation shows as some
 * sticker whose colour did not travel where the permutation says.
 */
export function engineSamples(engine, puzzle, move, seeds) {
  const { moves } = callJson(engine, "puzzleInfo", puzzle);
  return seeds.map((seed) => {
    const start = callJson(engine, "applyMoves", puzzle, "", randomSequence(moves, seed, 40));
    const after = start.ok && callJson(engine, "applyMoves", puzzle, start.state, move);
    if (!start.ok || !after.ok) throw new Error(`${puzzle} ${move}: ${start.error ?? after.error}`);
    return { before: start.facelets, after: after.facelets };
  });
}

/** The stickers where `perm` disagrees with the engine: [{seed index, sticker}], empty if none. */
export function disagreements(perm, samples) {
  const wrong = [];
  samples.forEach(({ before, after }, s) => {
    perm.forEach((to, from) => {
      if (after[to] !== before[from]) wrong.push({ sample: s, sticker: from });
    });
  });
  return wrong;
}

/**
 * The engine-side checks of a 3D model, as node:test suites: it animates exactly the engine's
 * moves, each moves every sticker where the engine's move takes its colour (from mixed
 * positions of `seeds`), and a wrong turn would be caught. `tolerance`: how far off a sticker
 * position a turned sticker may land (a model from the engine's six-decimal geometry: 1e-4).
 */
export function describeAgreementWithEngine(puzzle, createModel, seeds, tolerance = 1e-6) {
  describe(`${puzzle}: the renderer's turns are the engine's moves`, () => {
    let engine;
    let info;
    let model;
    before(async () => {
      engine = await loadEngine();
      info = callJson(engine, "puzzleInfo", puzzle);
      assert.equal(info.ok, true, `the engine does not know ${puzzle}: ${info.error}`);
      model = createModel(info);
    });

    it("animates exactly the engine's moves, and has a sticker for every facelet", () => {
      assert.deepEqual([...model.moves].sort(), [...info.moves].sort());
      assert.equal(model.stickers.length, info.facelet_count);
    });

    it("moves every sticker where the engine's move takes its colour", () => {
      for (const move of info.moves) {
        const { perm, worst } = geometricPermutation(model, move);
        assert.ok(worst < tolerance, `${move}: a sticker lands ${worst} off any sticker position`);
        assert.equal(new Set(perm).size, perm.length, `${move}: not a permutation`);
        // Every sticker that moves is on a piece the turn moves (a centre may turn in place).
        const moved = new Set(model.stickersMovedBy(move));
        const stray = perm.flatMap((to, from) => (to !== from && !moved.has(from) ? [from] : []));
        assert.deepEqual(stray, [], `${move}: stickers of pieces it does not move`);
        const wrong = disagreements(perm, engineSamples(engine, puzzle, move, seeds));
        assert.deepEqual(wrong, [], `${move}: the engine disagrees at ${JSON.stringify(wrong)}`);
      }
    });

    it("would catch a renderer turn that is not the engine's move", () => {
      for (const move of info.moves) {
        const samples = engineSamples(engine, puzzle, move, seeds);
        for (const other of info.moves) {
          if (other === move) continue;
          const { perm } = geometricPermutation(model, other);
          assert.notDeepEqual(disagreements(perm, samples), [], `${other} passed for ${move}`);
        }
      }
    });
  });
}
