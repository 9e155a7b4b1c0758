#include "search/solver.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace polytwist {

Solver::Solver(const Puzzle& puzzle, std::vector<State> goals, std::optional<SolverKind> kind)
    : puzzle_(puzzle), goals_(std::move(goals)), kind_(kind.value_or(puzzle.spec().solver)) {
  if (goals_.empty()) goals_.push_back(puzzle_.solved());
}

TableSpec Solver::wholeTableSpec(const Puzzle& puzzle) {
  return {puzzle.id() + " whole puzzle", wholePuzzleCoordinates(puzzle), 2, {}};
}

const DistanceTable* Solver::wholeTable(const BuildProgressFn& progress, Cancellation cancel) {
  if (!puzzle_.spec().hasDistanceTable) {
    throw std::logic_error(puzzle_.id() + " has too many positions for a whole distance table");
  }
  if (!whole_)
    whole_ = DistanceTable::build(puzzle_, wholeTableSpec(puzzle_), goals_, progress, cancel);
  return whole_ ? &*whole_ : nullptr;
}

bool Solver::prepare(const BuildProgressFn& progress, Cancellation cancel) {
  if (kind_ == SolverKind::TableDescent) return wholeTable(progress, cancel) != nullptr;
  if (search_) return true;
  const std::vector<TableSpec>& specs = puzzle_.spec().tables;
  if (specs.empty()) throw std::logic_error(puzzle_.id() + " declares no pattern databases");
  while (tables_.size() < specs.size()) {
    auto table = DistanceTable::build(puzzle_, specs[tables_.size()], goals_, progress, cancel);
    if (!table) return false;
    tables_.push_back(std::move(*table));
  }
  std::vector<Lookup> lookups;
  for (std::size_t t = 0; t < specs.size(); ++t) {
    lookups.push_back({&tables_[t], -1});
    for (const std::string& name : specs[t].symmetries) {
      const auto& symmetries = puzzle_.symmetries();
      const auto found = std::find_if(symmetries.begin(), symmetries.end(),
                                      [&](const Symmetry& s) { return s.name == name; });
      if (found == symmetries.end()) throw std::invalid_argument("no symmetry named " + name);
      lookups.push_back({&tables_[t], static_cast<int>(found - symmetries.begin())});
    }
  }
  search_ = std::make_unique<IdaStar>(puzzle_, std::move(lookups), goals_);
  return true;
}

SolveOutcome Solver::solve(const State& start, const SearchOptions& options) {
  const auto began = std::chrono::steady_clock::now();
  SolveOutcome outcome{SolveOutcome::Status::Solved, {}, 0, 0, {}};
  auto finish = [&](SolveOutcome::Status status, std::string error = {}) {
    outcome.status = status;
    outcome.error = std::move(error);
    outcome.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    return outcome;
  };
  if (auto problem = puzzle_.checkReachable(start))
    return finish(SolveOutcome::Status::Failed, *problem);
  if (!prepare({}, options.cancel)) return finish(SolveOutcome::Status::Cancelled);

  if (kind_ == SolverKind::TableDescent) {
    const std::uint64_t index = whole_->space().index(start);
    if (whole_->stored(index) == whole_->entries().unknown()) {
      return finish(SolveOutcome::Status::Unsolvable, "no goal can be reached from this position");
    }
    outcome.moves = whole_->descend(index);
    outcome.nodes = outcome.moves.size() + 1;
  } else {
    SearchResult result = search_->solve(start, options);
    outcome.nodes = result.nodes;
    switch (result.status) {
      case SearchResult::Status::Solved:
        outcome.moves = std::move(result.moves);
        break;
      case SearchResult::Status::Cancelled:
        return finish(SolveOutcome::Status::Cancelled);
      case SearchResult::Status::Unsolvable:
        return finish(SolveOutcome::Status::Unsolvable,
                      "no goal can be reached from this position");
      case SearchResult::Status::DepthLimit:
        return finish(SolveOutcome::Status::Failed,
                      "no solution within " + std::to_string(options.maxDepth) + " moves");
    }
  }
  const State reached = puzzle_.applySequence(start, outcome.moves);
  if (std::find(goals_.begin(), goals_.end(), reached) == goals_.end()) {
    return finish(SolveOutcome::Status::Failed,
                  "internal error: the solution found does not solve");
  }
  return finish(SolveOutcome::Status::Solved);
}

}  // namespace polytwist
