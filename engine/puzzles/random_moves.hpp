// Random-move scrambles as a puzzle's ScrambleSpec describes them (puzzles/solvers.hpp): random
// moves by the spec's rule, or the WCA Megaminx's rows in Stefan Pochmann's notation.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"
#include "puzzles/solvers.hpp"

namespace polytwist {

struct RandomMoveScramble {
  std::vector<int> moves;  // the puzzle's moves
  std::string text;        // as written in the puzzle's own notation
};

// `length` random moves by the spec's rule, or, with length 0, the spec's own scramble (a
// RandomMoves or PochmannRows spec: ScrambleSpec::randomMoves()).
RandomMoveScramble drawRandomMoves(const Puzzle& puzzle, const ScrambleSpec& how, int length,
                                   std::mt19937_64& rng);

// The base (Move::base) whose quarter turn is named `turn` ("3Rw"), if the puzzle has one.
std::optional<int> baseOfTurn(const Puzzle& puzzle, std::string_view turn);

// The moves of the block turns named by their quarter turns ("3Rw"): all their amounts, in the
// puzzle's order; none named: none (the caller draws from every move). Throws std::logic_error
// for a name the puzzle has no quarter turn of.
std::vector<int> movesOfTurns(const Puzzle& puzzle, const std::vector<std::string>& turns);

// Pochmann rows as the WCA's scrambler writes them: each ten moves R and D alternating, each ++
// or -- by a fair coin, then U if the row's last D was ++, else U'; rows on lines of their own.
std::string pochmannRowsText(std::mt19937_64& rng, int rows);

}  // namespace polytwist
