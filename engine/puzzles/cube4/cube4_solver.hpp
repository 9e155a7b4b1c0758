// The 4x4x4's fast solver: reduction to a 3x3x3 in three phases, then the 3x3x3's two-phase
// solver (docs/solvers/cube4-reduction.md). It reads the 4x4x4 of the catalogue (a description,
// "c f 0.5 f 0") through its moves and stickers, and answers in WCA's moves: U D F B R L and the
// wide turns Uw Rw Fw, which keep the pieces inside the DBL corner where they are.
#pragma once

#include <memory>

#include "core/puzzle.hpp"
#include "search/two_phase.hpp"

namespace polytwist::cube4 {

class ReductionSolver {
 public:
  // Four reduction phases, then the 3x3x3's two-phase solver as one.
  static constexpr int kPhases = 5;

  // cube3Solver finishes the reduced cube; it reads the 3x3x3 `cube3` from its stickers. Throws
  // std::invalid_argument when `cube4` is no 4x4x4 of that kind (a programming error).
  ReductionSolver(const Puzzle& cube4, const Puzzle& cube3, TwoPhaseSolver& cube3Solver);
  ~ReductionSolver();

  // Builds the tables (once); false when memory for them cannot be had.
  bool prepare();
  double buildMilliseconds() const { return buildMilliseconds_; }
  std::uint64_t tableBytes() const;
  std::vector<TwoPhaseSolver::TableInfo> tableInfo() const;  // after prepare()
  // A solution of at most options.maxLength moves (the reduction's moves count too), in the
  // puzzle's moves; phaseLengths holds the moves of each of the four phases.
  TwoPhaseResult solve(const State& start, const TwoPhaseOptions& options = {});

  struct Tables;

 private:
  const Puzzle& cube4_;
  const Puzzle& cube3_;
  TwoPhaseSolver& cube3Solver_;
  std::unique_ptr<Tables> tables_;
  double buildMilliseconds_ = 0;
};

}  // namespace polytwist::cube4
