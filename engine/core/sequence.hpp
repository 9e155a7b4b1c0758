// Move sequences of a particular puzzle: notation text resolved against the puzzle's move names
// and its derived moves.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
  std::string normalized;  // the notation reprinted canonically (groups and comments kept)
  std::optional<SequenceError> error;
};

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
