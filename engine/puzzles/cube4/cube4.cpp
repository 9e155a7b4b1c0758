// The 4x4x4's solver data (the puzzle itself is its description "c f 0.5 f 0", catalogue.cpp):
// its fast solver is its own reduction to a 3x3x3 (cube4_solver.hpp), which answers within the
// longest target any fast solve accepts.
#include "puzzles/catalogue.hpp"
#include "search/two_phase.hpp"

namespace polytwist::puzzles {

void cube4Reduction(PuzzleSpec& spec) {
  spec.fastSolver = FastSolverKind::Cube4Reduction;
  spec.fastTarget = TwoPhaseSolver::kMaxLength;
}

}  // namespace polytwist::puzzles
