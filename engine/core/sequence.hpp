// Move sequences of a particular puzzle: notation text resolved against the puzzle's move names
// and its derived moves.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/notation.hpp"
#include "core/puzzle.hpp"

namespace polytwist {

struct SequenceError {
  std::string message;  // says what is wrong and where
  int column = 0;       // 1-based
};

struct ResolvedSequence {
  // The puzzle's own moves: derived moves (wide turns, slices, rotations) resolved in the frame
  // the rotations before them left, inverted groups undone in reverse (see PuzzleSpec).
  std::vector<int> moves;
  // The notation reprinted canonically: brackets and comments kept, and a power written with a
  // count in the puzzle's own form (R3 is R' on a cube, R4 and R0 are left out).
  std::string normalized;
  // `normalized` in pieces, each move token apart (notation::printPieces), and per move of
  // `moves` the index in `written` of the token it comes from: what a move list shows as
  // written, with the move being played marked inside its brackets.
  std::vector<notation::PrintedPiece> written;
  std::vector<int> writtenOf;
  // Per move of `moves`, whether its written move is played undone (the A' of a commutator
  // [A, B], a group's `'`) and so turns otherwise than as written (R as R'; not R2, which is its
  // own inverse).
  std::vector<bool> playedInverted;
  std::optional<SequenceError> error;
};

// Brackets are expanded (core/notation.hpp). A move name followed by a count ("R3", "x5'",
// "BL7") is that many turns of it, read by the order of its turn in the puzzle's model (how often
// it turns before everything is back: 4 for a cube's R, 3 for a Pyraminx's, 5 for a Kilominx's)
// and written as the power of the puzzle that does the same; a whole number of turns does nothing.
// A name that ends in a digit (the Domino's R2) takes no count.
// With `notation`, faces are read and written by its names (its reference frame, if any, is the
// caller's: it depends on the position, see search/reference_frame.hpp).
ResolvedSequence resolveSequence(const Puzzle& puzzle, std::string_view text,
                                 const NotationSpec* notation = nullptr);
std::string formatMoves(const Puzzle& puzzle, const std::vector<int>& moves,
                        const NotationSpec* notation = nullptr);
// The puzzle's notation of that name, or nullptr.
const NotationSpec* findNotation(const Puzzle& puzzle, std::string_view name);
std::vector<int> invertMoves(const Puzzle& puzzle, const std::vector<int>& moves);

}  // namespace polytwist
