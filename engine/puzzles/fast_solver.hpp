// A puzzle's fast solver, whichever it is (PuzzleSpec::fastSolver): the generic multi-phase
// solver over its declared phases, or a solver of its own (the 4x4x4's reduction). The service
// asks it for short solutions and random-state scrambles alike.
#pragma once

#include <functional>
#include <memory>

#include "core/puzzle.hpp"
#include "search/two_phase.hpp"

namespace polytwist {

class FastSolver {
 public:
  virtual ~FastSolver() = default;
  // Builds the tables (once); false when memory for them cannot be had.
  virtual bool prepare() = 0;
  virtual int phaseCount() const = 0;
  virtual TwoPhaseResult solve(const State& start, const TwoPhaseOptions& options) = 0;
  virtual std::vector<TwoPhaseSolver::TableInfo> tableInfo() const = 0;  // after prepare()
};

// The fast solver of a puzzle with one. `twoPhaseOf` gives the multi-phase solver of another
// puzzle (the 4x4x4's reduction ends with the 3x3x3's), kept by the caller.
std::unique_ptr<FastSolver> makeFastSolver(
    const Puzzle& puzzle, const std::function<TwoPhaseSolver&(const Puzzle&)>& twoPhaseOf);

}  // namespace polytwist
