// Move sequences as lists of tokens, as the engine normalises them ("U R' b").

/** The moves of a normalised sequence, or [] for an empty one. */
export function splitMoves(sequence) {
  const text = (sequence ?? "").trim();
  return text === "" ? [] : text.split(/\s+/);
}

/**
 * The moves of `sequence` when every one is one of `puzzleMoves` (the engine's puzzleInfo moves:
 * no brackets or repetitions), at most `limit` of them, to be turned one by one; otherwise null.
 */
export function animatableMoves(sequence, puzzleMoves, limit = 40) {
  const moves = splitMoves(sequence);
  const known = new Set(puzzleMoves);
  return moves.length <= limit && moves.every((move) => known.has(move)) ? moves : null;
}

/**
 * The steps a sequence is played in: its moves when every token is one of `puzzleMoves` (the
 * engine's puzzleInfo moves) and there are at most `limit`; otherwise the whole sequence as one
 * step (brackets and repetitions are applied at once).
 */
export function sequenceSteps(sequence, puzzleMoves, limit = 200) {
  const moves = splitMoves(sequence);
  if (moves.length === 0) return [];
  const known = new Set(puzzleMoves);
  return moves.length <= limit && moves.every((move) => known.has(move)) ? moves : [sequence];
}

/**
 * The sequence of an applyMoves answer as written, for a move list that shows its brackets:
 * `text` (the engine's normalised notation), `pieces` (that text cut into its move tokens and
 * what lies between them), `stepPiece` (per turn of `answer.turns`, the piece it comes from) and
 * `stepInverted` (per turn, whether it plays its written move undone: the A' of [A, B]); null
 * when the answer does not say.
 */
export function writtenSequence(answer) {
  if (!Array.isArray(answer?.written) || !Array.isArray(answer.turn_written)) return null;
  return {
    text: answer.moves,
    pieces: answer.written,
    stepPiece: answer.turn_written,
    stepInverted: answer.turn_inverted ?? [],
  };
}

/**
 * The moves of `text` when it is plain moves separated by white space; null when it holds any of
 * the notation's brackets, separators or comments (docs/notation.md), which only the engine
 * reads.
 */
export function plainMoves(text) {
  return /[[\](),:/]/.test(text ?? "") ? null : splitMoves(text);
}
