// A colouring's problem in plain words, from the data the engine's validate answers with beside its
// precise message (`problem`: docs/api.md, "validate"): colours named as the editor shows them
// and pieces named by their colours ("the white–red–green corner is twisted"), where the engine's
// message names faces and stickers ("the corner orientations add up to 1 (mod 3)").
//
//   problemInWords(answer.problem, faces)   // a sentence, or null for a problem it has no words for
import { colourName } from "./palette.js";

/**
 * Each face's colour as a word: the colour's plain name where no other face's colour has the same
 * one, else the face's name (a Megaminx's two greens).
 * @param {{name: string, colour: string}[]} faces
 * @returns {Map<string, string>} face letter → word
 */
export function colourWords(faces) {
  const words = faces.map((face) => colourName(face.colour));
  return new Map(
    faces.map((face, i) => [
      face.name,
      words.indexOf(words[i]) === words.lastIndexOf(words[i]) ? words[i] : face.name,
    ]),
  );
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "a", "a and b", "a, b and c". */
function list(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * @param {{kind: string, orbit?: string, pieces?: string[], shown?: string[],
 *   counts?: {face: string, count: number, expected: number}[], count?: number,
 *   expected?: number, orientations?: number}} problem
 * @param {{name: string, colour: string}[]} faces  the colours the editor paints with
 * @returns {string | null}
 */
export function problemInWords(problem, faces) {
  if (!problem?.kind) return null;
  const words = colourWords(faces);
  const colour = (letter) => words.get(letter) ?? letter;
  // A piece by its colours: "white–red–green".
  const colours = (letters) => [...letters].map(colour).join("–");
  const orbit = problem.orbit ?? "piece";
  const pieces = (problem.pieces ?? []).map(colours);
  const piece = pieces[0];
  const turned = problem.orientations === 2 ? "flipped" : "twisted";
  // Several pieces: named while few, else pointed at on the net, which highlights them.
  const several = (noun) =>
    pieces.length <= 3
      ? `the ${list(pieces)} ${noun}s`
      : `the ${pieces.length} highlighted ${noun}s`;
  switch (problem.kind) {
    case "sticker-count":
      return `This puzzle has ${problem.expected} stickers, not ${problem.count}.`;
    case "unknown-letter":
      return "A sticker has a colour this puzzle does not have.";
    case "colour-counts": {
      // The colours shown too often first, as "there are 10 green stickers and 8 white".
      const counts = [...problem.counts].sort(
        (a, b) => b.count - b.expected - a.count + a.expected,
      );
      const same = counts.every((c) => c.expected === counts[0].expected);
      const parts = counts.map(
        (c, i) =>
          `${c.count} ${colour(c.face)}${i === 0 ? (c.count === 1 ? " sticker" : " stickers") : ""}` +
          (same ? "" : ` (${c.expected} belong)`),
      );
      const each = same ? `; each colour belongs on ${counts[0].expected} stickers` : "";
      return `There ${counts[0].count === 1 ? "is" : "are"} ${list(parts)}${each}.`;
    }
    case "fixed-stickers": {
      const wrong = problem.pieces.map(
        (own, i) => `the ${colour(own)} ${orbit} shows ${colour(problem.shown[i])}`,
      );
      const one = wrong.length === 1;
      return `${capitalised(list(wrong))}, but no move turns ${one ? "it" : "them"}.`;
    }
    case "piece-turned":
      return `The ${piece} ${orbit} is ${turned} in a way this puzzle's moves never turn it.`;
    case "mirror-image":
      return `These stickers show the ${piece} ${orbit} in mirror image, which no real ${orbit} can show: two of its colours are swapped.`;
    case "no-such-piece":
      return `No ${orbit} has the colours ${list(problem.shown.map(colour))}.`;
    case "piece-twice":
      return `The ${piece} ${orbit} appears twice.`;
    case "too-many-identical":
      return `The ${piece} ${orbit} appears ${problem.count} times, but the puzzle has ${problem.expected}.`;
    case "orientation-sum":
      return pieces.length === 1
        ? `The ${piece} ${orbit} is ${turned} in place.`
        : `One ${orbit} is ${turned} in place: one of ${several(orbit)}.`;
    case "odd-permutation":
      return pieces.length === 2
        ? `The ${list(pieces)} ${orbit}s are swapped.`
        : `Two ${orbit}s are swapped: two of ${several(orbit)}.`;
    case "piece-out-of-place":
      return `The ${list(pieces)} ${orbit}${pieces.length === 1 ? " is" : "s are"} out of place, where no move can take ${pieces.length === 1 ? "it" : "them"}.`;
    case "parity-mismatch":
      return pieces.length === 2
        ? `The ${list(pieces)} pieces are swapped.`
        : `Two pieces are swapped: two of ${several("piece")}.`;
    case "unreachable":
      return piece
        ? `No turns of the puzzle reach this position: the ${piece} ${orbit} is the first piece at fault.`
        : "No turns of the puzzle reach this position.";
    default:
      return null;
  }
}
