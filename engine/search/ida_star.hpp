// Iterative-deepening A* (Korf 1985) over coordinate values. The heuristic is the maximum of any
// number of distance-table lookups, each optionally in a symmetric frame (the table looked up
// through a whole-puzzle symmetry, so one table serves several piece sets). Every lookup follows
// the search by move tables, and mod-3 tables are tracked exactly from the parent's distance.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "search/distance_table.hpp"

namespace polytwist {

struct Lookup {
  const DistanceTable* table;
  int symmetry = -1;  // index into Puzzle::symmetries(), or -1 for the table's own frame
};

struct SearchOptions {
  int maxDepth = 60;
  Cancellation cancel;
  // Called at each new depth bound and every 2^18 nodes.
  std::function<void(int depth, std::uint64_t nodes)> progress;
  // SymmetricIdaStar only: the table set ("" = the puzzle's default) and threads (0 = one per
  // core; WebAssembly uses one).
  std::string tables;
  unsigned threads = 0;
};

struct SearchResult {
  enum class Status { Solved, Unsolvable, Cancelled, DepthLimit } status;
  std::vector<int> moves;
  std::uint64_t nodes = 0;
};

class IdaStar {
 public:
  // `goals`: the states that count as solved; the tables must have been built from them.
  IdaStar(const Puzzle& puzzle, std::vector<Lookup> lookups, std::vector<State> goals);
  SearchResult solve(const State& start, const SearchOptions& options) const;

 private:
  struct Frame;
  const Puzzle& puzzle_;
  std::vector<Lookup> lookups_;
  std::vector<State> goals_;
  std::vector<std::vector<int>> moveMaps_;  // per lookup: search move -> move in its frame
  std::vector<int> searchMoves_;            // the puzzle's moves that searches follow
};

}  // namespace polytwist
