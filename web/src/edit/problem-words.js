// A colouring's or a numbering's problem in plain words, from the data the engine answers with
// beside its precise message (`problem`: docs/api.md, "Colouring problems" and "Numbering
// problems"): colours named as the editor shows them and pieces named by their colours ("the
// white–red–green corner is twisted"), where the engine's message names faces and stickers ("the
// corner orientations add up to 1 (mod 3)"); digits and faces as a numbered puzzle's owner sees
// them ("Digit 5 is on 5 stickers and digit 9 on 3"), where the engine writes "5 appears 5 times".
//
//   problemInWords(answer.problem, faces)   // a sentence, or null for a problem it has no words for
//   numberingProblemInWords(answer.problem)             // the same for a numbering
//   noSolvedStateInWords(answer.stages, hasGroups)      // why an accepted numbering has none
import { listInWords as list } from "../ui/format.js";
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

/** "1 to 9" for a run of digits, else the symbols listed. */
function symbolRange(symbols) {
  const run = [...symbols].every(
    (c, i) => i === 0 || c.charCodeAt(0) === symbols.charCodeAt(i - 1) + 1,
  );
  return run && symbols.length > 2 ? `${symbols[0]} to ${symbols.at(-1)}` : list([...symbols]);
}

const stickers = (n) => `${n} ${n === 1 ? "sticker" : "stickers"}`;

/**
 * @param {{kind: string, sticker?: string, face?: string, shown?: string, symbols?: string,
 *   counts?: {symbol: string, count: number}[], group?: number, count?: number,
 *   expected?: number}} problem  numberingSolutions' (or any numbering call's) `problem`
 * @returns {string | null}
 */
export function numberingProblemInWords(problem) {
  if (!problem?.kind) return null;
  const group = `Group ${problem.group}`;
  switch (problem.kind) {
    case "no-symbols":
      return "This puzzle's stickers carry colours, not digits.";
    case "symbol-count":
      return problem.count > problem.expected
        ? `There are more digits than the puzzle's ${problem.expected} stickers: give each sticker one.`
        : `There ${problem.count === 1 ? "is" : "are"} ${problem.count} ${problem.count === 1 ? "digit" : "digits"} for the puzzle's ${problem.expected} stickers: give each sticker one.`;
    case "unknown-symbol":
      return problem.shown === "?"
        ? `Sticker ${problem.sticker}, on the ${problem.face} face, has no digit yet.`
        : `Sticker ${problem.sticker}, on the ${problem.face} face, shows ${problem.shown ? `“${problem.shown}”` : "a character"}, which is not a digit from ${symbolRange(problem.symbols)}.`;
    case "symbol-counts": {
      // The digits given too often first, as "digit 5 is on 5 stickers and digit 9 on 3".
      const counts = [...problem.counts].sort((a, b) => b.count - a.count);
      const parts = counts.map(
        ({ symbol, count }, i) =>
          `digit ${symbol} ${i === 0 ? "is " : ""}on ${i === 0 ? stickers(count) : count}`,
      );
      const often = counts.filter(({ count }) => count > problem.expected);
      const marked = often.length
        ? ` The ${list(often.map(({ symbol }) => `${symbol}s`))} are marked.`
        : "";
      return `${capitalised(list(parts))}; each digit belongs on ${stickers(problem.expected)}, once on every face.${marked}`;
    }
    case "unknown-sticker":
      return `${group} names “${problem.sticker}”, which is no sticker: a sticker is named by its face and number, as F0.`;
    case "sticker-twice":
      return `${group} names sticker ${problem.sticker} twice.`;
    case "group-too-large":
      return `${group} has ${problem.count} stickers but there are only ${problem.expected} digits, so they can never all differ.`;
    default:
      return null;
  }
}

/**
 * Why a numbering the engine accepts has no solved state, from numberingSolutions' `stages` (each
 * kind of piece, then kinds together, with its arrangements): the first with none.
 * @param {{pieces: string, count: number}[]} stages
 * @param {boolean} hasGroups  whether extra groups were given
 * @returns {string}
 */
export function noSolvedStateInWords(stages, hasGroups) {
  const where = hasGroups ? "every face and group" : "every face";
  const stuck = stages.find(({ count }) => count === 0);
  const pieces = stuck ? `the ${list(stuck.pieces.split(" + "))}` : "the pieces";
  const together = stuck?.pieces.includes(" + ") || !stuck ? " together" : "";
  return `No solved state: however the puzzle is turned, ${pieces}${together} never show each digit once on ${where}.`;
}
