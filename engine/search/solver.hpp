// The solver of one puzzle, as its definition asks for: direct descent of the whole-puzzle
// distance table, or IDA* over the pattern databases it lists. Tables are built on first use.
// Every solution is re-applied to the start and checked against the goals before it is returned.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "search/optimal_tables.hpp"
#include "search/reference_frame.hpp"
#include "search/table_search.hpp"

namespace polytwist {

struct SearchOptions {
  int maxDepth = 60;
  Cancellation cancel;
  // Called at each new depth bound and about every 2^20 nodes.
  std::function<void(int depth, std::uint64_t nodes)> progress;
  // SymmetricIdaStar only: the table set ("" = the puzzle's default).
  std::string tables;
  // Threads (0 = one per core; one in a WebAssembly build without threads).
  unsigned threads = 0;
};

struct SolveOutcome {
  enum class Status { Solved, Unsolvable, Cancelled, Failed } status;
  std::vector<int> moves;
  std::uint64_t nodes = 0;
  double milliseconds = 0;
  std::string error;   // for Failed/Unsolvable: what happened
  std::string tables;  // SymmetricIdaStar: the table set used
};

class Solver {
 public:
  // `goals`: the states that count as solved (default: the puzzle's solved states). `kind`
  // overrides the puzzle's own choice (benchmarks compare both on one puzzle).
  explicit Solver(const Puzzle& puzzle, std::vector<State> goals = {},
                  std::optional<SolverKind> kind = std::nullopt);

  // Builds the tables the solver needs; false when cancelled.
  bool prepare(const BuildProgressFn& progress = {}, Cancellation cancel = {});
  SolveOutcome solve(const State& start, const SearchOptions& options = {});

  // The BFS table of the whole puzzle (for God's number and table descent), without the separable
  // pieces if the puzzle has some; nullptr when cancelled. With goals whose separable pieces are
  // turned differently, one table per such group is built, and this is the first. Throws
  // std::logic_error for puzzles too large to have one.
  const DistanceTable* wholeTable(const BuildProgressFn& progress = {}, Cancellation cancel = {});
  // Whether wholeTable() has its tables already (so it allocates nothing).
  bool hasWholeTable() const { return !wholes_.empty() && wholes_.size() >= goalGroups_.size(); }
  // Takes a whole-puzzle table made earlier (e.g. loaded from the page's cache) instead of
  // building it; only for a single group of goals.
  void adoptWholeTable(DistanceTable table);
  // Positions at each distance with the separable pieces added back: the table's counts
  // convolved with each separable piece's own distances (which are independent of the rest).
  std::vector<std::uint64_t> countsWithSeparable(const std::vector<std::uint64_t>& counts) const;
  // Pattern databases built so far, in TableSpec order.
  const std::vector<DistanceTable>& patternTables() const { return tables_; }
  static TableSpec wholeTableSpec(const Puzzle& puzzle);
  SolverKind kind() const { return kind_; }
  // SymmetricIdaStar: the puzzle's table sets (created on first use).
  OptimalTables& optimalTables();
  // The puzzle optimal searches run on: the puzzle itself, or for one with a reference piece its
  // companion holding that piece in place (search/reference_frame.hpp); a start position as that
  // puzzle holds it, and a solution found there as moves of the puzzle.
  const Puzzle& searchPuzzle() const { return frame_ ? frame_->fixed() : puzzle_; }
  State searchState(const State& start) const { return frame_ ? frame_->toFixed(start) : start; }
  std::vector<int> puzzleMoves(const State& start, const std::vector<int>& moves) const {
    return frame_ ? frame_->toPuzzleMoves(start, moves) : moves;
  }
  // The moves that set each separable piece (Pyraminx tips) of `start` as the solved puzzle has
  // it, each piece's shortest: an optimal solution can do them first, as they commute with every
  // other move, so optimal searches start after them and never turn those pieces.
  std::vector<int> separableFixes(const State& start) const;
  std::vector<int> searchMoves(const State& start, const std::vector<int>& moves) const {
    return frame_ ? frame_->toFixedMoves(start, moves) : moves;
  }

 private:
  // Whether IdaStar sets the separable pieces first and searches without their moves (its
  // tables must leave those moves out): with one group of goals, whose fixes are known.
  bool separableSetFirst() const {
    return puzzle_.separableOrbit() >= 0 && goalGroups_.size() == 1;
  }
  // The moves that turn separable piece `piece` of `start` as the goals of `group` have it.
  const std::vector<int>& separableFix(const State& start, std::size_t group,
                                       std::size_t piece) const;
  const Puzzle& puzzle_;
  std::vector<State> goals_;
  SolverKind kind_;
  // Goals grouped by the relative orientations of their separable pieces (one group, with an
  // empty target, for puzzles without such pieces); one whole table per group, built from the
  // goals' other pieces.
  std::vector<std::vector<int>> separableTargets_;
  std::vector<std::vector<State>> goalGroups_;
  std::vector<DistanceTable> wholes_;
  std::vector<DistanceTable> tables_;
  std::unique_ptr<TableHeuristic> tableHeuristic_;  // IdaStar
  std::unique_ptr<ReferenceFrame> frame_;
  std::unique_ptr<OptimalTables> optimal_;
  SolveOutcome solveOptimal(const State& start, const SearchOptions& options);
  // Per separable piece and relative orientation: the shortest fix by its own moves.
  std::vector<std::vector<std::vector<int>>> separableFixes_;
};

}  // namespace polytwist
