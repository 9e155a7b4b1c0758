// Solving in one call: the methods the registry offers for the puzzle (puzzles/solvers.hpp), the
// optimal solve by the puzzle's own solver or the fast one by its multi-phase solver. (The sliced
// optimal search is sliced_search.cpp; a numbering's solve, numbering.cpp.)
#include <cmath>

#include "api/service_internal.hpp"
#include "search/memory.hpp"

namespace polytwist::service {
using namespace detail;

namespace {

// What every solve answers: the solution in the request's notation, its length, the nodes
// searched and the time.
Json solvedAnswer(const Puzzle& puzzle, const State& state, const std::vector<int>& moves,
                  const NotationSpec* notation, std::uint64_t nodes, double milliseconds) {
  return success()
      .set("puzzle", puzzle.id())
      .set("solution", writeMoves(puzzle, state, moves, notation))
      .set("length", static_cast<int>(moves.size()))
      .set("nodes", nodes)
      .set("ms", std::round(milliseconds * 1000) / 1000);
}

}  // namespace

namespace detail {

Json solveOf(const Puzzle& puzzle, const SolverDescription& solvers, const std::string& stateText,
             const SolveOptions& solveOptions, const SolveProgressFn& progress,
             Cancellation cancel) {
  if (solvers.offers(SolveMethod::Numbering)) {
    return failure(puzzle.id() +
                   " is solved by its numbering: call numberingSolve (CLI: solve --numbering)");
  }
  if (solvers.methods.empty()) return failure(solvers.unsolvable);
  Json error;
  std::optional<State> state = readState(puzzle, stateText, error);
  if (!state) return error;
  const std::optional<const NotationSpec*> notation =
      notationFor(puzzle, solveOptions.notation, error);
  if (!notation) return error;
  const bool hasFastSolver = solvers.offers(SolveMethod::Fast);
  if (hasFastSolver && (solveOptions.method == SolveOptions::Method::Fast ||
                        !solvers.offers(SolveMethod::Optimal))) {
    TwoPhaseOptions fast;
    fast.maxLength = solveOptions.maxLength.value_or(puzzle.spec().fastTarget);
    fast.timeMs = solveOptions.timeMs;
    fast.cancel = cancel;
    const TwoPhaseResult outcome = fastSolverFor(puzzle).solve(*state, fast);
    if (outcome.status == TwoPhaseResult::Status::Cancelled) return failure("cancelled");
    if (outcome.status != TwoPhaseResult::Status::Solved) return failure(outcome.error);
    Json answer =
        solvedAnswer(puzzle, *state, outcome.moves, *notation, outcome.nodes, outcome.milliseconds)
            .set("method", "fast")
            .set("phases", fastSolverFor(puzzle).phaseCount())
            .set("optimal", false)
            .set("max_length", fast.maxLength);
    if (solveOptions.timeMs > 0) answer.set("time_ms", solveOptions.timeMs);
    if (solveOptions.method == SolveOptions::Method::Optimal) {
      answer.set("note", puzzle.id() + " has no optimal solver: this is its fast solution");
    }
    return answer;
  }
  SearchOptions options;
  options.cancel = cancel;
  options.progress = progress;
  options.tables = solveOptions.tables;
  options.threads = solveOptions.threads;
  if (solvers.search == SolverKind::TableDescent) {
    if (auto shortfall = wholeTableShortfall(puzzle, solvers)) return failure(*shortfall);
  }
  const SolveOutcome outcome = solverFor(puzzle).solve(*state, options);
  switch (outcome.status) {
    case SolveOutcome::Status::Solved:
      break;
    case SolveOutcome::Status::Cancelled:
      return failure("cancelled");
    default:
      return failure(outcome.error);
  }
  Json answer =
      solvedAnswer(puzzle, *state, outcome.moves, *notation, outcome.nodes, outcome.milliseconds)
          .set("method", "optimal")
          .set("optimal", true);
  if (!outcome.tables.empty()) answer.set("tables", outcome.tables);
  if (solveOptions.method == SolveOptions::Method::Fast) {
    answer.set("note", puzzle.id() + " has no fast solver: this is its optimal solution");
  }
  return answer;
}

}  // namespace detail

Json solve(const std::string& id, const std::string& stateText, const SolveProgressFn& progress,
           Cancellation cancel) {
  return solve(id, stateText, SolveOptions{}, progress, cancel);
}

Json solveWith(const std::string& id, const std::string& stateText, const std::string& optionsJson,
               const SolveProgressFn& progress, Cancellation cancel) {
  return guarded([&] {
    std::string error;
    const std::optional<SolveOptions> options = readSolveOptions(optionsJson, error);
    if (!options) return failure(error);
    return solve(id, stateText, *options, progress, cancel);
  });
}

Json solve(const std::string& id, const std::string& stateText, const SolveOptions& solveOptions,
           const SolveProgressFn& progress, Cancellation cancel) {
  if (const OwnModel* own = findOwnModel(id)) {
    return guarded([&] { return solveOwn(*own, stateText, solveOptions); });
  }
  return onPuzzle(id, stateText.size(), [&](const Puzzle& puzzle) {
    return solveOf(puzzle, describeSolvers(puzzle), stateText, solveOptions, progress, cancel);
  });
}

}  // namespace polytwist::service
