#include "puzzles/fast_solver.hpp"

#include "puzzles/catalogue.hpp"
#include "puzzles/cube4/cube4_solver.hpp"

namespace polytwist {
namespace {

class MultiPhase : public FastSolver {
 public:
  explicit MultiPhase(TwoPhaseSolver& solver) : solver_(solver) {}
  bool prepare() override { return solver_.prepare(); }
  int phaseCount() const override { return solver_.phaseCount(); }
  TwoPhaseResult solve(const State& start, const TwoPhaseOptions& options) override {
    return solver_.solve(start, options);
  }
  std::vector<TwoPhaseSolver::TableInfo> tableInfo() const override { return solver_.tableInfo(); }

 private:
  TwoPhaseSolver& solver_;
};

class Cube4Reduction : public FastSolver {
 public:
  Cube4Reduction(const Puzzle& cube4, const Puzzle& cube3, TwoPhaseSolver& cube3Solver)
      : solver_(cube4, cube3, cube3Solver) {}
  bool prepare() override { return solver_.prepare(); }
  int phaseCount() const override { return cube4::ReductionSolver::kPhases; }
  TwoPhaseResult solve(const State& start, const TwoPhaseOptions& options) override {
    return solver_.solve(start, options);
  }
  std::vector<TwoPhaseSolver::TableInfo> tableInfo() const override { return solver_.tableInfo(); }

 private:
  cube4::ReductionSolver solver_;
};

}  // namespace

std::unique_ptr<FastSolver> makeFastSolver(
    const Puzzle& puzzle, const std::function<TwoPhaseSolver&(const Puzzle&)>& twoPhaseOf) {
  switch (puzzle.spec().fastSolver) {
    case FastSolverKind::Phases:
      return std::make_unique<MultiPhase>(twoPhaseOf(puzzle));
    case FastSolverKind::Cube4Reduction: {
      const Puzzle& cube3 = *findPuzzle("cube3");
      return std::make_unique<Cube4Reduction>(puzzle, cube3, twoPhaseOf(cube3));
    }
  }
  return nullptr;
}

}  // namespace polytwist
