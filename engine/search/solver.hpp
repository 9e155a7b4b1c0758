// The solver of one puzzle, as its definition asks for: direct descent of the whole-puzzle
// distance table, or IDA* over the pattern databases it lists. Tables are built on first use.
// Every solution is re-applied to the start and checked against the goals before it is returned.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "search/ida_star.hpp"

namespace polytwist {

struct SolveOutcome {
  enum class Status { Solved, Unsolvable, Cancelled, Failed } status;
  std::vector<int> moves;
  std::uint64_t nodes = 0;
  double milliseconds = 0;
  std::string error;  // for Failed/Unsolvable: what happened
};

class Solver {
 public:
  // `kind` overrides the puzzle's own choice (benchmarks compare both on one puzzle).
  explicit Solver(const Puzzle& puzzle, std::vector<State> goals = {},
                  std::optional<SolverKind> kind = std::nullopt);

  // Builds the tables the solver needs; false when cancelled.
  bool prepare(const BuildProgressFn& progress = {}, Cancellation cancel = {});
  SolveOutcome solve(const State& start, const SearchOptions& options = {});

  // The BFS table of the whole puzzle (for God's number and table descent), without the separable
  // pieces if the puzzle has some; nullptr when cancelled. Throws std::logic_error for puzzles
  // too large to have one.
  const DistanceTable* wholeTable(const BuildProgressFn& progress = {}, Cancellation cancel = {});
  // Takes a whole-puzzle table made earlier (e.g. loaded from the page's cache) instead of
  // building it.
  void adoptWholeTable(DistanceTable table) { whole_ = std::move(table); }
  // Positions at each distance with the separable pieces added back: the table's counts
  // convolved with each separable piece's own distances (which are independent of the rest).
  std::vector<std::uint64_t> countsWithSeparable(const std::vector<std::uint64_t>& counts) const;
  // Pattern databases built so far, in TableSpec order.
  const std::vector<DistanceTable>& patternTables() const { return tables_; }
  static TableSpec wholeTableSpec(const Puzzle& puzzle);

 private:
  const Puzzle& puzzle_;
  std::vector<State> goals_;
  SolverKind kind_;
  std::optional<DistanceTable> whole_;
  std::vector<DistanceTable> tables_;
  std::unique_ptr<IdaStar> search_;
  // Per separable piece and relative orientation: the shortest fix by its own moves.
  std::vector<std::vector<std::vector<int>>> separableFixes_;
};

}  // namespace polytwist
