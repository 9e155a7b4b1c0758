// For a distance table's `without.pieces` (e.g. "tips"): how many moves of an optimal solution turn
// only those pieces, by puzzle id. No three.js here: the app page's God's number panel uses it.
export const PIECE_MOVES = {
  // Tip turns are the lower-case moves; each tip needs at most one, independently of the rest.
  pyraminx: { tips: (moves) => moves.filter((move) => /^[ulrb]/.test(move)).length },
};
