// Reads a 3D puzzle model's turns back as sticker permutations, purely geometrically, and checks
// them against the engine's moves. Shared by the geometry tests of each puzzle.
import { callJson } from "./engine.mjs";

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

/**
 * The engine's facelets before and after `move` from several scrambled positions: the stickers
 * of a position are not all distinguishable, but over several positions a wrong permutation
 * shows as some sticker whose colour did not travel where the permutation says.
 */
export function engineSamples(engine, puzzle, move, seeds) {
  return seeds.map((seed) => {
    const start = callJson(engine, "scramble", puzzle, seed);
    const after = callJson(engine, "applyMoves", puzzle, start.state, move);
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
