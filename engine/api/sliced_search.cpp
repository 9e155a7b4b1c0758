// The optimal-search kernel's search in slices, for a worker that must stay responsive (each
// slice on every core where the engine has threads): searchStart over a prepared table set,
// searchStep by node budgets, searchStop; the open searches by handle.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>

#include "api/service_internal.hpp"

namespace polytwist::service {
using namespace detail;

namespace {

struct SlicedSearch {
  const Puzzle* puzzle;
  State start;
  std::vector<int> fixes;  // the separable pieces' moves, before the searched ones
  std::string tables;
  unsigned threads;
  std::chrono::steady_clock::time_point began;
  std::unique_ptr<OptimalSearch> search;
};
std::map<int, SlicedSearch>& slicedSearches() {
  static std::map<int, SlicedSearch> searches;
  return searches;
}
constexpr std::size_t kMaxSlicedSearches = 16;
// Searches closed by an import of their tables, until their next step hears why.
std::map<int, std::string>& closedSearches() {
  static std::map<int, std::string> closed;
  return closed;
}

}  // namespace

Json searchStart(const std::string& id, const std::string& stateText,
                 const std::string& optionsJson) {
  std::string optionsError;
  const std::optional<SolveOptions> options = readSolveOptions(optionsJson, optionsError);
  if (!options) return failure(optionsError);
  const std::string& tables = options->tables;
  return onPuzzle(id, stateText.size() + optionsJson.size(), [&](const Puzzle& puzzle) {
    if (!describeSolvers(puzzle).kernel()) {
      return failure(puzzle.id() + " has no optimal-search tables");
    }
    Solver& solver = solverFor(puzzle);
    Json error;
    std::optional<State> state = readState(puzzle, stateText, error);
    if (!state) return error;
    if (auto problem = puzzle.checkReachable(*state)) return failure(*problem);
    const std::string set = solver.optimalTables().resolve(tables);
    if (set.empty()) return failure(puzzle.id() + " has no table set '" + tables + "'");
    const SearchHeuristic* heuristic = solver.optimalTables().heuristic(set);
    if (!heuristic) return failure("the " + set + " tables are not prepared (prepareTables)");
    auto& searches = slicedSearches();
    if (searches.size() >= kMaxSlicedSearches) return failure("too many searches open");
    static int nextHandle = 1;
    const int handle = nextHandle++;
    const std::vector<int> fixes = solver.separableFixes(*state);
    const State rest = puzzle.applySequence(*state, fixes);
    searches[handle] = {&puzzle,
                        *state,
                        fixes,
                        set,
                        searchThreads(options->threads),
                        std::chrono::steady_clock::now(),
                        std::make_unique<OptimalSearch>(*heuristic, solver.searchState(rest))};
    return success().set("handle", handle);
  });
}

Json searchStep(int handle, double nodeBudget) {
  auto& searches = slicedSearches();
  const auto found = searches.find(handle);
  if (found == searches.end()) {
    const auto closed = closedSearches().find(handle);
    if (closed == closedSearches().end()) return failure("no search " + std::to_string(handle));
    const std::string reason = closed->second;
    closedSearches().erase(closed);
    return failure(reason);
  }
  // Other numbers are clamped; NaN would pass through std::clamp into an undefined conversion.
  if (std::isnan(nodeBudget)) return failure("node budget is not a number");
  SlicedSearch& sliced = found->second;
  const auto budget = static_cast<std::uint64_t>(std::clamp(nodeBudget, 1.0, 9007199254740992.0));
  const OptimalSearch::Status status = sliced.search->run(budget, sliced.threads);
  if (status == OptimalSearch::Status::Running) {
    return success()
        .set("status", "running")
        .set("depth", sliced.search->depth())
        .set("nodes", sliced.search->nodes());
  }
  const Puzzle& puzzle = *sliced.puzzle;
  std::vector<int> moves = sliced.fixes;
  const std::vector<int> searched = solverFor(puzzle).puzzleMoves(
      puzzle.applySequence(sliced.start, sliced.fixes), sliced.search->solution());
  moves.insert(moves.end(), searched.begin(), searched.end());
  const std::uint64_t nodes = sliced.search->nodes();
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sliced.began)
          .count();
  const bool solved = status == OptimalSearch::Status::Solved &&
                      puzzle.isSolved(puzzle.applySequence(sliced.start, moves));
  const std::string tables = sliced.tables;
  searches.erase(found);
  if (!solved) return failure("no solution found");
  return success()
      .set("status", "solved")
      .set("puzzle", puzzle.id())
      .set("solution", formatMoves(puzzle, moves))
      .set("length", static_cast<int>(moves.size()))
      .set("nodes", nodes)
      .set("ms", std::round(ms * 1000) / 1000)
      .set("method", "optimal")
      .set("tables", tables);
}

Json searchStop(int handle) {
  if (slicedSearches().erase(handle) == 0 && closedSearches().erase(handle) == 0) {
    return failure("no search " + std::to_string(handle));
  }
  return success();
}

namespace detail {

void closeSearchesOn(const Puzzle& puzzle, const std::string& set) {
  auto& searches = slicedSearches();
  for (auto it = searches.begin(); it != searches.end();) {
    if (it->second.puzzle == &puzzle && it->second.tables == set) {
      closedSearches()[it->first] = "search " + std::to_string(it->first) +
                                    " was closed: its tables (" + set + ") were imported again";
      it = searches.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace detail

}  // namespace polytwist::service
