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

ResolvedSequence resolveSequence(const Puzzle& puzzle, std::string_view text);
std::string formatMoves(const Puzzle& puzzle, const std::vector<int>& moves);
std::vector<int> invertMoves(const Puzzle& puzzle, const std::vector<int>& moves);

}  // namespace polytwist
