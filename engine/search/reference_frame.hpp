// Puzzles without fixed centres (the Kilominx) count positions up to turns of the whole puzzle
// (PuzzleSpec::unmarkedRotation). Their optimal searches run on a companion puzzle in which one
// reference piece (PuzzleSpec::referencePiece) never moves: each move that would move it is
// followed by the turn of the whole puzzle that brings it back, as seed 001's solver holds the
// Kilominx by its U-F-L corner. That puzzle has a single solved state, the symmetries of the
// puzzle that keep the reference piece's place, and the same moves in the same order, so a
// solution there is, move for move, one of the puzzle: each move is read in the frame the earlier
// turns of the whole puzzle left, and the solution ends at a turned solved state.
#pragma once

#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

class ReferenceFrame {
 public:
  // Throws std::invalid_argument when the puzzle has no unmarked rotations or reference piece,
  // or a move's turn cannot be undone by one of those rotations.
  explicit ReferenceFrame(const Puzzle& puzzle);
  ReferenceFrame(const ReferenceFrame&) = delete;

  const Puzzle& puzzle() const { return puzzle_; }
  // The companion puzzle: the reference piece's stickers are fixed.
  const Puzzle& fixed() const { return fixed_; }
  // The position of `state` as the companion holds it (turned so the reference piece is home).
  State toFixed(const State& state) const;
  // The puzzle's moves that, from `start`, do what `moves` do on the companion from toFixed(start).
  std::vector<int> toPuzzleMoves(const State& start, const std::vector<int>& moves) const;
  // The turn of the whole puzzle that follows companion move `move` (identity when it leaves the
  // reference piece alone).
  const State& turnAfter(int move) const { return homing(puzzle_.moves()[move].effect); }
  // The inverse: the companion's moves that do what the puzzle's `moves` do from `start`.
  std::vector<int> toFixedMoves(const State& start, const std::vector<int>& moves) const;

  // Any piece of the reference's orbit can hold the reference's place. Seen from piece `piece`
  // (numbered in the puzzle's orbit), a companion position is turned so that piece is home, then
  // relabelled by the rotation that takes its place to the reference's: again a companion
  // position, as far from solved. A pattern database looked up from every piece gives one bound
  // per piece (20 on the Kilominx) from one table.
  int orbit() const { return orbit_; }  // the reference's orbit (the same in both puzzles)
  int orbitSize() const { return puzzle_.orbits()[orbit_].size; }
  State seenFrom(int piece, const State& fixedState) const;
  // The companion's number of puzzle piece `piece` (-1 for the reference itself).
  int fixedPiece(int piece) const { return piece == piece_ ? -1 : piece - (piece > piece_); }
  // The rotation (one of the solved states) that brings the reference piece home in `state`.
  const State& homing(const State& state) const;

 private:
  static PuzzleSpec fixedSpec(const Puzzle& puzzle);
  // The puzzle state of a companion state (the reference piece put back home).
  State toPuzzle(const State& fixedState) const;
  const Puzzle& puzzle_;
  int orbit_;
  int position_;  // the reference piece's place (a global position), its piece number in its orbit
  int piece_;
  Puzzle fixed_;
  std::vector<State> relabelling_;  // per piece of the orbit: the rotation seenFrom conjugates by
};

}  // namespace polytwist
