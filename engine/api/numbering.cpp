// Numbered puzzles (PuzzleSpec::labelSymbols, e.g. the Numbered Pyraminx): a numbering's solved
// states, the digits a position shows, the solve to the nearest solved state (the registry's
// Numbering method, puzzles/solvers.hpp) with the solvers of the last few numberings, and the
// designer of numberings with one solved state.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

#include "api/service_internal.hpp"
#include "core/labels.hpp"
#include "search/label_goals.hpp"
#include "search/memory.hpp"

namespace polytwist::service {
using namespace detail;

namespace {

constexpr std::size_t kMaxGoals = 200000;  // solved states a solver keeps (each is a goal)

// A numbering's problem as data beside the message (core/labels.hpp): only the fields it has.
Json numberingProblemJson(const LabellingProblem& problem) {
  Json out = Json(Json::Object{}).set("kind", problem.kind);
  if (!problem.sticker.empty()) out.set("sticker", problem.sticker);
  if (!problem.face.empty()) out.set("face", problem.face);
  if (!problem.shown.empty()) out.set("shown", problem.shown);
  if (!problem.symbols.empty()) out.set("symbols", problem.symbols);
  if (!problem.counts.empty()) {
    Json::Array counts;
    for (const SymbolCount& count : problem.counts) {
      counts.push_back(Json(Json::Object{})
                           .set("symbol", std::string(1, count.symbol))
                           .set("count", count.count));
    }
    out.set("counts", counts);
  }
  if (problem.group > 0) out.set("group", problem.group);
  if (problem.expected > 0) {
    // symbol-counts carries its counts per symbol; the others their one count, 0 included.
    if (problem.counts.empty()) out.set("count", problem.count);
    out.set("expected", problem.expected);
  }
  return out;
}

// Reads a numbering and its groups; nullopt with `error` set to the answer to give.
std::optional<Labelling> readNumbering(const Puzzle& puzzle, const std::string& numbering,
                                       const std::string& groups, Json& error,
                                       bool allowOpen = false) {
  if (puzzle.spec().labelSymbols.empty()) {
    error = failure(puzzle.id() + " has no numbered stickers (try numbered_pyraminx)");
    return std::nullopt;
  }
  LabellingReading reading = readLabelling(puzzle, numbering, groups, allowOpen);
  if (!reading.labelling) {
    Json::Array stickers;
    for (int s : reading.error.stickers) stickers.push_back(s);
    error = failure("numbering: " + reading.error.message)
                .set("stickers", stickers)
                .set("problem", numberingProblemJson(reading.error.problem));
  }
  return reading.labelling;
}

// Runs an operation on a position of a numbered puzzle given by the API: the numbering and groups,
// and the state, each read and checked first.
template <typename Operation>
Json onNumberedPosition(const std::string& id, const std::string& stateText,
                        const std::string& numbering, const std::string& groups,
                        Operation operation) {
  return onPuzzle(
      id, stateText.size() + numbering.size() + groups.size(), [&](const Puzzle& puzzle) {
        Json error;
        const std::optional<Labelling> labelling = readNumbering(puzzle, numbering, groups, error);
        if (!labelling) return error;
        const std::optional<State> state = readState(puzzle, stateText, error);
        if (!state) return error;
        return operation(puzzle, *labelling, *state);
      });
}

// Why a numbering has no solved state: the first stage with no arrangement left.
std::string noSolvedState(const LabelGoals& goals) {
  for (const LabelGoals::Stage& stage : goals.stages) {
    if (stage.count == 0) {
      return "this numbering has no solved state: the " + stage.pieces +
             " can never show distinct digits on every face and group";
    }
  }
  return "this numbering has no solved state: the pieces can never show distinct digits on every "
         "face and group together";
}

Json stagesJson(const LabelGoals& goals) {
  Json::Array stages;
  for (const LabelGoals::Stage& stage : goals.stages) {
    stages.push_back(Json(Json::Object{}).set("pieces", stage.pieces).set("count", stage.count));
  }
  return Json(std::move(stages));
}

// The solver of the last few numberings asked about, with their solved states as goals.
struct NumberingSolver {
  std::string key;
  std::unique_ptr<Solver> solver;
};
NumberingSolver* numberingSolverFor(const Puzzle& puzzle, const Labelling& labelling,
                                    const std::string& key, Json& error) {
  static std::vector<NumberingSolver> recent;
  for (NumberingSolver& entry : recent) {
    if (entry.key == key) return &entry;
  }
  const LabelGoals goals = statesShowingDistinctGroups(puzzle, labelling, kMaxGoals, kMaxGoals + 1);
  if (goals.count == 0) {
    error = failure(noSolvedState(goals)).set("stages", stagesJson(goals));
    return nullptr;
  }
  if (goals.count > kMaxGoals) {
    error = failure("this numbering has more than " + std::to_string(kMaxGoals) +
                    " solved states: too many to search for the nearest");
    return nullptr;
  }
  if (recent.size() >= 4) recent.erase(recent.begin());
  recent.push_back({key, std::make_unique<Solver>(puzzle, goals.states)});
  return &recent.back();
}

}  // namespace

Json numberingSolutions(const std::string& id, const std::string& numbering,
                        const std::string& groups, double limit) {
  return onPuzzle(id, numbering.size() + groups.size(), [&](const Puzzle& puzzle) {
    Json error;
    const std::optional<Labelling> labelling = readNumbering(puzzle, numbering, groups, error);
    if (!labelling) return error;
    if (!(limit >= 0 && limit <= 1e6)) return failure("limit must be from 0 to 1,000,000");
    const auto began = std::chrono::steady_clock::now();
    const LabelGoals goals =
        statesShowingDistinctGroups(puzzle, *labelling, static_cast<std::size_t>(limit));
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    Json::Array states;
    for (const State& state : goals.states) {
      states.push_back(Json(Json::Object{})
                           .set("state", state == puzzle.solved() ? "" : puzzle.encodeState(state))
                           .set("digits", labelsShown(puzzle, *labelling, state)));
    }
    return success()
        .set("puzzle", puzzle.id())
        .set("count", goals.count)
        .set("states", states)
        .set("stages", stagesJson(goals))
        .set("message", goals.count == 0
                            ? noSolvedState(goals)
                            : std::to_string(goals.count) +
                                  (goals.count == 1 ? " solved state" : " solved states"))
        .set("ms", std::round(ms * 1000) / 1000);
  });
}

Json numberingPosition(const std::string& id, const std::string& stateText,
                       const std::string& numbering, const std::string& groups) {
  return onNumberedPosition(
      id, stateText, numbering, groups,
      [](const Puzzle& puzzle, const Labelling& labelling, const State& state) {
        // Which home sticker each position shows, so the page can turn each digit as its piece.
        Json::Array sources;
        for (int source : puzzle.faceletSources(state)) sources.push_back(source);
        return success()
            .set("digits", labelsShown(puzzle, labelling, state))
            .set("sources", sources)
            .set("solved", showsDistinctGroups(puzzle, labelling, state));
      });
}

Json numberingSolve(const std::string& id, const std::string& stateText,
                    const std::string& numbering, const std::string& groups,
                    const BuildProgressFn& progress, Cancellation cancel) {
  return onNumberedPosition(
      id, stateText, numbering, groups,
      [&](const Puzzle& puzzle, const Labelling& labelling, const State& state) {
        const SolverDescription solvers = describeSolvers(puzzle);
        if (!solvers.offers(SolveMethod::Numbering)) {
          return failure(solvers.unsolvable.empty()
                             ? puzzle.id() + " has no solver to a numbering's solved states"
                             : solvers.unsolvable);
        }
        Json error;
        std::string key = puzzle.id() + "\n" + labellingText(puzzle, labelling);
        for (const std::vector<int>& group : labelling.groups) {
          key += '|';
          for (int sticker : group) key += std::to_string(sticker) + ",";
        }
        const auto began = std::chrono::steady_clock::now();
        NumberingSolver* entry = numberingSolverFor(puzzle, labelling, key, error);
        if (!entry) return error;
        if (entry->solver->kind() == SolverKind::TableDescent && !entry->solver->hasWholeTable()) {
          // Each group of the numbering's solved states has a whole table: the first is asked.
          if (auto shortfall = tableMemoryShortfall(wholeTableBytes(puzzle, solvers),
                                                    puzzle.id() + "'s numbering table")) {
            return failure(*shortfall);
          }
        }
        if (!entry->solver->prepare(progress, cancel)) return failure("cancelled");
        const SolveOutcome outcome = entry->solver->solve(state);
        if (outcome.status == SolveOutcome::Status::Cancelled) return failure("cancelled");
        if (outcome.status != SolveOutcome::Status::Solved) return failure(outcome.error);
        const State reached = puzzle.applySequence(state, outcome.moves);
        if (!showsDistinctGroups(puzzle, labelling, reached)) {
          return failure("internal error: the solution does not show distinct digits");
        }
        // Including the first call's search for the solved states and its tables.
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
                .count();
        return success()
            .set("puzzle", puzzle.id())
            .set("solution", formatMoves(puzzle, outcome.moves))
            .set("length", static_cast<int>(outcome.moves.size()))
            .set("goal",
                 Json(Json::Object{})
                     .set("state", reached == puzzle.solved() ? "" : puzzle.encodeState(reached))
                     .set("digits", labelsShown(puzzle, labelling, reached)))
            .set("ms", std::round(ms * 1000) / 1000);
      });
}

Json numberingDesign(const std::string& id, const std::string& partial, const std::string& groups,
                     const DesignProgressFn& progress, Cancellation cancel) {
  return onPuzzle(id, partial.size() + groups.size(), [&](const Puzzle& puzzle) {
    Json error;
    const std::optional<Labelling> labelling = readNumbering(puzzle, partial, groups, error, true);
    if (!labelling) return error;
    const auto open = std::count(labelling->label.begin(), labelling->label.end(), -1);
    if (open == 0) return failure("numbering: no sticker is left open ('?') to design");
    if (open > 12) {
      return failure("numbering: " + std::to_string(open) +
                     " open stickers are too many to try every completion (at most 12)");
    }
    const auto began = std::chrono::steady_clock::now();
    const Design design = designUniqueCompletions(
        puzzle, *labelling, 100,
        [&](const DesignProgress& p) {
          if (progress) progress(p.tried, p.total);
        },
        cancel);
    if (design.cancelled) return failure("cancelled");
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    Json::Array numberings;
    for (const Labelling& unique : design.unique)
      numberings.push_back(labellingText(puzzle, unique));
    return success()
        .set("puzzle", puzzle.id())
        .set("tried", design.tried)
        .set("unique_count", design.uniqueCount)
        .set("numberings", numberings)
        .set("ms", std::round(ms * 1000) / 1000);
  });
}

}  // namespace polytwist::service
