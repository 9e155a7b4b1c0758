#include "puzzles/random_moves.hpp"

#include <stdexcept>

#include "core/random.hpp"
#include "core/sequence.hpp"

namespace polytwist {

std::string pochmannRowsText(std::mt19937_64& rng, int rows) {
  std::string text;
  for (int row = 0; row < rows; ++row) {
    bool lastDClockwise = false;
    for (int turn = 0; turn + 1 < kPochmannRowMoves; ++turn) {
      const bool clockwise = uniformBelow(rng, 2) == 1;
      const bool isD = turn % 2 == 1;
      if (isD) lastDClockwise = clockwise;
      text += std::string(isD ? "D" : "R") + (clockwise ? "++ " : "-- ");
    }
    text += lastDClockwise ? "U" : "U'";
    if (row + 1 < rows) text += '\n';
  }
  return text;
}

RandomMoveScramble drawRandomMoves(const Puzzle& puzzle, const ScrambleSpec& how, int length,
                                   std::mt19937_64& rng) {
  if (length == 0 && how.method == ScrambleSpec::Method::PochmannRows) {
    std::string text = pochmannRowsText(rng, how.moves / kPochmannRowMoves);
    ResolvedSequence resolved = resolveSequence(puzzle, text);
    // checkSolvers refuses Pochmann rows on a puzzle that does not read them.
    if (resolved.error) throw std::logic_error(puzzle.id() + ": " + resolved.error->message);
    return {std::move(resolved.moves), std::move(text)};
  }
  std::vector<int> moves = puzzle.randomMoves(rng, length == 0 ? how.moves : length, how.rule);
  std::string text = formatMoves(puzzle, moves);
  return {std::move(moves), std::move(text)};
}

}  // namespace polytwist
