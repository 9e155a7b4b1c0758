// The optimal-search kernel's heuristic over plain distance tables (search/distance_table.hpp),
// for puzzles whose state is too large for one table and that have no symmetric tables (the
// domino, the Dino cube): the largest of lookups of each table, in its own frame or seen through
// one of the puzzle's symmetries. Every lookup follows the search by move tables, and mod-3
// tables are followed exactly from the parent's distance. It searches through the same driver
// as the other heuristics (OptimalSearch: passes, tasks on every core, slices, cancellation).
#pragma once

#include <memory>
#include <vector>

#include "search/distance_table.hpp"
#include "search/optimal_search.hpp"

namespace polytwist {

struct TableLookup {
  const DistanceTable* table;
  int symmetry = -1;  // index into Puzzle::symmetries(), or -1 for the table's own frame
};

class TableHeuristic final : public SearchHeuristic {
 public:
  // `goals`: the states that count as solved; the tables must have been built from them and
  // outlive the heuristic. Throws std::invalid_argument for a table built with fewer moves than
  // the search follows (it could overestimate) or of more than kMaxCoordinateParts coordinates.
  // With separable pieces set first, the search (and the tables) leave their moves out.
  TableHeuristic(const Puzzle& puzzle, std::vector<TableLookup> lookups, std::vector<State> goals,
                 SeparableMoves separable = SeparableMoves::Followed);

  const Puzzle& puzzle() const override { return puzzle_; }
  // The largest lookup (-1 when a table reaches no goal from s).
  int estimate(const State& s) const override;
  std::unique_ptr<SearchWorker> worker(const State& start, int maxDepth) const override;
  bool isGoal(const State& s) const;

 private:
  friend class TableWorker;
  // A lookup's coordinate values for a state, seen through its symmetry.
  void root(int lookup, const State& s, std::uint32_t* values) const;
  const Puzzle& puzzle_;
  std::vector<TableLookup> lookups_;
  std::vector<State> goals_;
  std::vector<std::vector<int>> moveMaps_;  // per lookup: a move as its frame sees it
};

}  // namespace polytwist
