// How each puzzle is solved and scrambled: one description per puzzle, all of them in one registry
// (solvers.cpp). The service (engine/api/) takes every such decision from it, and puzzleInfo hands
// it to the page as "solvers" (docs/api.md), so neither decides by itself. The data the searches
// run on (PuzzleSpec's solver kind, tables, tableSets, phases, separable pieces, reference piece,
// hasDistanceTable) stays in each puzzle's spec, where engine/search reads it; the description
// says which of those searches are offered and how a scramble is drawn, and checkSolvers tells
// whether the two agree.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

// A way of solving a puzzle offered to the user.
enum class SolveMethod {
  Optimal,    // a proven-optimal solution by the puzzle's own solver (PuzzleSpec::solver)
  Fast,       // a short solution at once by the multi-phase solver (PuzzleSpec::phases)
  Numbering,  // an optimal solution to the nearest solved state of the request's numbering, by
              // the puzzle's own solver (puzzles with PuzzleSpec::labelSymbols)
};

// A Pochmann row's moves: ten R and D turns, then U or U'.
inline constexpr int kPochmannRowMoves = 11;

// How a scramble is drawn.
struct ScrambleSpec {
  enum class Method {
    RandomMoves,      // `moves` random moves, each refused by `rule` drawn again
    RandomState,      // a uniformly random state, turned into a sequence by the puzzle's own
                      // (optimal) solver
    RandomStateFast,  // the same, by the fast multi-phase solver (as WCA scramblers do)
    // The WCA Megaminx's, in Stefan Pochmann's notation (puzzles/random_moves.hpp): `moves` / 11
    // rows of ten moves R and D alternating, each ++ or -- by a fair coin, then U if the row's
    // last D was ++, else U'.
    PochmannRows,
  } method = Method::RandomMoves;
  int moves = 0;  // RandomMoves, PochmannRows: how many
  // Random states: states closer to solved than this (not counting separable pieces' own moves)
  // are drawn again.
  int minDistance = 0;
  RandomMoveRule rule = RandomMoveRule::NoBaseTwiceInARow;  // RandomMoves
  // RandomMoves: the block turns drawn, each named by its quarter turn ("3Rw"), with all their
  // amounts; none named: every move of the puzzle.
  std::vector<std::string> turns = {};

  // Drawn as random moves (RandomMoves, PochmannRows), not as a random state.
  bool randomMoves() const {
    return method == Method::RandomMoves || method == Method::PochmannRows;
  }
};

// What a scramble does, in words for `polytwist events` and puzzleInfo ("60 random moves, no
// block (R, Rw, 3Rw, ...) turned twice among consecutive turns about one axis ...").
std::string describeScramble(const ScrambleSpec& scramble);

struct SolverDescription {
  // Declared in the registry:
  std::vector<SolveMethod> methods;  // the ways Solve works, the default first; may be empty
  std::string unsolvable;            // without methods: why, in words the page shows
  ScrambleSpec scramble;
  // Read from the puzzle's spec:
  // The search of the puzzle's own solver when a method or the scramble runs it (nullopt: none).
  std::optional<SolverKind> search;
  bool wholeTable = false;  // a complete distance table: God's number (distanceTable), its cache

  bool offers(SolveMethod method) const;
  // The optimal-search kernel: its table sets are prepared first (prepareTables or importTables)
  // and the page searches in slices (searchStart).
  bool kernel() const { return search == SolverKind::SymmetricIdaStar; }
};

// The description of `puzzle`. A puzzle the registry does not list has no solver (the unit tests
// require an entry for each one of the catalogue).
SolverDescription describeSolvers(const Puzzle& puzzle);
// Whether the registry lists the puzzle.
bool hasSolverEntry(const Puzzle& puzzle);
// What in a description the puzzle's spec cannot do (a Fast method without phases, a scramble by a
// solver not offered, ...), or nullopt when they agree.
std::optional<std::string> checkSolvers(const Puzzle& puzzle, const SolverDescription& solvers);

}  // namespace polytwist
