// Shortest paths by plain breadth-first search over explicit states kept in a hash map, the way
// seed 000 searches the Pyraminx. No table is built ahead: each solve explores from its start.
// It is the baseline the table-based solvers are benchmarked against (`polytwist bench --solver
// naive`), so it is deliberately the straightforward algorithm.
#pragma once

#include <optional>
#include <vector>

#include "search/coordinate.hpp"

namespace polytwist {

// A shortest sequence of `moves` from `start` to a state whose `key` index equals `goalKey`
// (the key decides which pieces count, e.g. all but the Pyraminx tips); nullopt if none.
std::optional<std::vector<int>> breadthFirstSolve(const Puzzle& puzzle, const CoordinateSpace& key,
                                                  const State& start, std::uint64_t goalKey,
                                                  const std::vector<int>& moves);

}  // namespace polytwist
