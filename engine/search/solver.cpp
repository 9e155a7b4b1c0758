#include "search/solver.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace polytwist {

Solver::Solver(const Puzzle& puzzle, std::vector<State> goals, std::optional<SolverKind> kind)
    : puzzle_(puzzle), goals_(std::move(goals)), kind_(kind.value_or(puzzle.spec().solver)) {
  if (goals_.empty()) goals_ = puzzle_.solvedStates();
  if (!puzzle_.spec().referencePiece.empty()) frame_ = std::make_unique<ReferenceFrame>(puzzle_);
  for (const State& goal : goals_) {
    std::vector<int> target;
    if (puzzle_.separableOrbit() >= 0) {
      for (int piece = 0; piece < puzzle_.orbits()[puzzle_.separableOrbit()].size; ++piece) {
        target.push_back(puzzle_.relativeOrientation(goal, piece));
      }
    }
    const auto found = std::find(separableTargets_.begin(), separableTargets_.end(), target);
    if (found == separableTargets_.end()) {
      separableTargets_.push_back(target);
      goalGroups_.push_back({goal});
    } else {
      goalGroups_[found - separableTargets_.begin()].push_back(goal);
    }
  }
  if (puzzle_.separableOrbit() < 0) return;
  // BFS of each separable piece's relative orientation under the moves that turn it alone.
  const Orbit& orbit = puzzle_.orbits()[puzzle_.separableOrbit()];
  for (int piece = 0; piece < orbit.size; ++piece) {
    std::vector<std::vector<int>> fixes(orbit.orientations);
    std::vector<bool> reached(orbit.orientations, false);
    reached[0] = true;
    std::vector<int> frontier = {0};
    while (!frontier.empty()) {
      std::vector<int> next;
      for (int rel : frontier) {
        for (int m = 0; m < static_cast<int>(puzzle_.moves().size()); ++m) {
          const int turn = puzzle_.moves()[m].effect.ori[orbit.offset + piece];
          if (!puzzle_.isSeparableMove(m) || turn == 0) continue;
          // Undoing move m from `from` leads to `rel`, so from `from` the fix starts with m.
          const int from = (rel - turn + orbit.orientations) % orbit.orientations;
          if (reached[from]) continue;
          reached[from] = true;
          fixes[from] = fixes[rel];
          fixes[from].insert(fixes[from].begin(), m);
          next.push_back(from);
        }
      }
      frontier = std::move(next);
    }
    separableFixes_.push_back(std::move(fixes));
  }
}

std::vector<std::uint64_t> Solver::countsWithSeparable(
    const std::vector<std::uint64_t>& counts) const {
  std::vector<std::uint64_t> result = counts;
  for (const auto& fixes : separableFixes_) {
    std::vector<std::uint64_t> convolved(result.size() + fixes.size(), 0);
    for (std::size_t d = 0; d < result.size(); ++d) {
      for (const std::vector<int>& fix : fixes) convolved[d + fix.size()] += result[d];
    }
    while (!convolved.empty() && convolved.back() == 0) convolved.pop_back();
    result = std::move(convolved);
  }
  return result;
}

TableSpec Solver::wholeTableSpec(const Puzzle& puzzle) {
  std::vector<std::string> moves;
  if (puzzle.separableOrbit() >= 0) {
    for (const MoveSpec& move : puzzle.spec().moves) {
      const auto& own = puzzle.spec().separable->moves;
      if (std::find(own.begin(), own.end(), move.name) == own.end()) moves.push_back(move.name);
    }
  }
  return {puzzle.id() + " whole puzzle", wholePuzzleCoordinates(puzzle, false), 2, {}, moves};
}

const DistanceTable* Solver::wholeTable(const BuildProgressFn& progress, Cancellation cancel) {
  if (!puzzle_.spec().hasDistanceTable && kind_ != SolverKind::TableDescent) {
    throw std::logic_error(puzzle_.id() + " has too many positions for a whole distance table");
  }
  while (wholes_.size() < goalGroups_.size()) {
    auto table = DistanceTable::build(puzzle_, wholeTableSpec(puzzle_), goalGroups_[wholes_.size()],
                                      progress, cancel);
    if (!table) return nullptr;
    wholes_.push_back(std::move(*table));
  }
  return &wholes_.front();
}

void Solver::adoptWholeTable(DistanceTable table) {
  if (goalGroups_.size() != 1) throw std::logic_error("one table for several groups of goals");
  wholes_.assign(1, std::move(table));
}

const std::vector<int>& Solver::separableFix(const State& start, std::size_t group,
                                             std::size_t piece) const {
  const int orientations = puzzle_.orbits()[puzzle_.separableOrbit()].orientations;
  const int off = puzzle_.relativeOrientation(start, static_cast<int>(piece)) -
                  separableTargets_[group][piece] + orientations;
  return separableFixes_[piece][off % orientations];
}

std::vector<int> Solver::separableFixes(const State& start) const {
  std::vector<int> fixes;
  for (std::size_t piece = 0; piece < separableFixes_.size(); ++piece) {
    const std::vector<int>& fix = separableFix(start, 0, piece);
    fixes.insert(fixes.end(), fix.begin(), fix.end());
  }
  return fixes;
}

namespace {
// Ends a solve: stamps its outcome with the status, the error and the time since the solve began.
class OutcomeStamp {
 public:
  explicit OutcomeStamp(SolveOutcome& outcome) : outcome_(outcome) {}
  SolveOutcome operator()(SolveOutcome::Status status, std::string error = {}) const {
    outcome_.status = status;
    outcome_.error = std::move(error);
    outcome_.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began_)
            .count();
    return outcome_;
  }

 private:
  SolveOutcome& outcome_;
  std::chrono::steady_clock::time_point began_ = std::chrono::steady_clock::now();
};
}  // namespace

OptimalTables& Solver::optimalTables() {
  if (!optimal_) optimal_ = std::make_unique<OptimalTables>(searchPuzzle(), frame_.get());
  return *optimal_;
}

SolveOutcome Solver::solveOptimal(const State& start, const SearchOptions& options) {
  SolveOutcome outcome{SolveOutcome::Status::Solved, {}, 0, 0, {}, {}};
  const OutcomeStamp finish(outcome);
  // Its tables are built from the solved states (and reduced by symmetries that keep them).
  if (goals_ != puzzle_.solvedStates()) {
    return finish(SolveOutcome::Status::Failed,
                  "the optimal-search kernel solves to the solved states only, not to other goals");
  }
  OptimalTables& tables = optimalTables();
  outcome.tables = tables.resolve(options.tables);
  if (outcome.tables.empty()) {
    return finish(SolveOutcome::Status::Failed,
                  puzzle_.id() + " has no table set '" + options.tables + "'");
  }
  std::string error;
  if (!tables.prepare(outcome.tables, {}, options.cancel, &error)) {
    if (options.cancel.requested()) return finish(SolveOutcome::Status::Cancelled);
    return finish(SolveOutcome::Status::Failed, error);
  }
  const unsigned threads = searchThreads(options.threads);
  const std::vector<int> fixes = separableFixes(start);
  const State rest = puzzle_.applySequence(start, fixes);
  OptimalSearch search(*tables.heuristic(outcome.tables), searchState(rest),
                       std::min(options.maxDepth, 40));
  std::function<void(const SearchProgress&)> progress;
  if (options.progress) {
    progress = [&](const SearchProgress& p) { options.progress(p.depth, p.nodes); };
  }
  const OptimalSearch::Status status = search.runParallel(threads, options.cancel.flag, progress);
  outcome.nodes = search.nodes();
  if (status == OptimalSearch::Status::Cancelled) return finish(SolveOutcome::Status::Cancelled);
  if (status != OptimalSearch::Status::Solved) {
    return finish(SolveOutcome::Status::Unsolvable, "no goal can be reached from this position");
  }
  outcome.moves = fixes;
  const std::vector<int> moves = puzzleMoves(rest, search.solution());
  outcome.moves.insert(outcome.moves.end(), moves.begin(), moves.end());
  if (!puzzle_.isSolved(puzzle_.applySequence(start, outcome.moves))) {
    return finish(SolveOutcome::Status::Failed,
                  "internal error: the solution found does not solve");
  }
  return finish(SolveOutcome::Status::Solved);
}

bool Solver::prepare(const BuildProgressFn& progress, Cancellation cancel) {
  if (kind_ == SolverKind::TableDescent) return wholeTable(progress, cancel) != nullptr;
  if (kind_ == SolverKind::SymmetricIdaStar) {
    std::string error;
    const std::string set = optimalTables().resolve("");
    return optimalTables().prepare(set, progress, cancel, &error);
  }
  if (tableHeuristic_) return true;
  const std::vector<TableSpec>& specs = puzzle_.spec().tables;
  if (specs.empty()) throw std::logic_error(puzzle_.id() + " declares no pattern databases");
  while (tables_.size() < specs.size()) {
    auto table = DistanceTable::build(puzzle_, specs[tables_.size()], goals_, progress, cancel);
    if (!table) return false;
    tables_.push_back(std::move(*table));
  }
  std::vector<TableLookup> lookups;
  for (std::size_t t = 0; t < specs.size(); ++t) {
    lookups.push_back({&tables_[t], -1});
    for (const std::string& name : specs[t].symmetries) {
      const auto& symmetries = puzzle_.symmetries();
      const auto found = std::find_if(symmetries.begin(), symmetries.end(),
                                      [&](const Symmetry& s) { return s.name == name; });
      if (found == symmetries.end()) throw std::invalid_argument("no symmetry named " + name);
      // Through a symmetry that maps a goal elsewhere (custom goals), the table could
      // overestimate: the plain lookup alone is used.
      const auto seen = [&](const State& goal) {
        return puzzle_.compose(puzzle_.compose(puzzle_.inverse(found->effect), goal),
                               found->effect);
      };
      if (!mapsGoalsToGoals(goals_, seen)) continue;
      lookups.push_back({&tables_[t], static_cast<int>(found - symmetries.begin())});
    }
  }
  tableHeuristic_ = std::make_unique<TableHeuristic>(
      puzzle_, std::move(lookups), goals_,
      separableSetFirst() ? SearchHeuristic::SeparableMoves::SetFirst
                          : SearchHeuristic::SeparableMoves::Followed);
  return true;
}

SolveOutcome Solver::solve(const State& start, const SearchOptions& options) {
  SolveOutcome outcome{SolveOutcome::Status::Solved, {}, 0, 0, {}, {}};
  const OutcomeStamp finish(outcome);
  if (auto problem = puzzle_.checkReachable(start))
    return finish(SolveOutcome::Status::Failed, *problem);
  if (kind_ == SolverKind::SymmetricIdaStar) return solveOptimal(start, options);
  if (!prepare({}, options.cancel)) return finish(SolveOutcome::Status::Cancelled);

  if (kind_ == SolverKind::TableDescent) {
    // The group of goals nearest: its table's distance for the other pieces, plus one fix for
    // each separable piece turned otherwise than the group's goals.
    std::size_t best = 0;
    int bestLength = -1;
    for (std::size_t group = 0; group < wholes_.size(); ++group) {
      const int rest = wholes_[group].distance(wholes_[group].space().index(start));
      if (rest < 0) continue;
      int length = rest;
      for (std::size_t piece = 0; piece < separableFixes_.size(); ++piece) {
        length += static_cast<int>(separableFix(start, group, piece).size());
      }
      if (bestLength < 0 || length < bestLength) {
        bestLength = length;
        best = group;
      }
    }
    if (bestLength < 0) {
      return finish(SolveOutcome::Status::Unsolvable, "no goal can be reached from this position");
    }
    // Separable pieces first (their moves commute with everything), then the rest by descent.
    for (std::size_t piece = 0; piece < separableFixes_.size(); ++piece) {
      const std::vector<int>& fix = separableFix(start, best, piece);
      outcome.moves.insert(outcome.moves.end(), fix.begin(), fix.end());
    }
    const std::vector<int> rest = wholes_[best].descend(puzzle_, start);
    outcome.moves.insert(outcome.moves.end(), rest.begin(), rest.end());
    outcome.nodes = outcome.moves.size() + 1;
  } else {
    // Separable pieces first, where the search leaves them out (their moves commute with all).
    const std::vector<int> fixes = separableSetFirst() ? separableFixes(start) : std::vector<int>{};
    const State rest = puzzle_.applySequence(start, fixes);
    if (tableHeuristic_->estimate(rest) < 0) {
      return finish(SolveOutcome::Status::Unsolvable, "no goal can be reached from this position");
    }
    OptimalSearch search(*tableHeuristic_, rest, std::clamp(options.maxDepth, 0, 255));
    std::function<void(const SearchProgress&)> progress;
    if (options.progress) {
      progress = [&](const SearchProgress& p) { options.progress(p.depth, p.nodes); };
    }
    const OptimalSearch::Status status =
        search.runParallel(searchThreads(options.threads), options.cancel.flag, progress);
    outcome.nodes = search.nodes();
    if (status == OptimalSearch::Status::Cancelled) return finish(SolveOutcome::Status::Cancelled);
    if (status != OptimalSearch::Status::Solved) {
      return finish(SolveOutcome::Status::Failed,
                    "no solution within " + std::to_string(options.maxDepth) + " moves");
    }
    outcome.moves = fixes;
    const std::vector<int> solution = search.solution();
    outcome.moves.insert(outcome.moves.end(), solution.begin(), solution.end());
  }
  const State reached = puzzle_.applySequence(start, outcome.moves);
  if (std::find(goals_.begin(), goals_.end(), reached) == goals_.end()) {
    return finish(SolveOutcome::Status::Failed,
                  "internal error: the solution found does not solve");
  }
  return finish(SolveOutcome::Status::Solved);
}

}  // namespace polytwist
