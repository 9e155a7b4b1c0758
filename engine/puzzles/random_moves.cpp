#include "puzzles/random_moves.hpp"

#include <algorithm>
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

std::optional<int> baseOfTurn(const Puzzle& puzzle, std::string_view turn) {
  for (const Move& move : puzzle.moves()) {
    if (move.power == 1 && move.name == turn) return move.base;
  }
  return std::nullopt;
}

std::vector<int> movesOfTurns(const Puzzle& puzzle, const std::vector<std::string>& turns) {
  std::vector<int> bases;
  for (const std::string& turn : turns) {
    // checkSolvers refuses a turn the puzzle does not have.
    const std::optional<int> base = baseOfTurn(puzzle, turn);
    if (!base) throw std::logic_error(puzzle.id() + ": no turn " + turn);
    bases.push_back(*base);
  }
  std::vector<int> among;
  for (int i = 0; i < static_cast<int>(puzzle.moves().size()); ++i) {
    if (std::find(bases.begin(), bases.end(), puzzle.moves()[i].base) != bases.end()) {
      among.push_back(i);
    }
  }
  return among;
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
  const std::vector<int> among = movesOfTurns(puzzle, how.turns);
  std::vector<int> moves =
      puzzle.randomMoves(rng, length == 0 ? how.moves : length, how.rule, among);
  std::string text = formatMoves(puzzle, moves);
  return {std::move(moves), std::move(text)};
}

}  // namespace polytwist
