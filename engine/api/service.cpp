// The service's shared part: the build id and version, answers, reading states and notations, and
// the caches of the catalogue's solvers. The operations live by concern beside it (positions.cpp,
// solving.cpp, tables.cpp, sliced_search.cpp, numbering.cpp, pictures.cpp), each taking its
// decisions about solvers and scrambles from the registry (puzzles/solvers.hpp).
#include "api/service.hpp"

#include <map>
#include <memory>

#include "api/service_internal.hpp"
#include "core/text.hpp"

namespace polytwist::service {
namespace detail {

Json failure(const std::string& message) {
  return Json(Json::Object{}).set("ok", false).set("error", message);
}

Json success() { return Json(Json::Object{}).set("ok", true); }

Json numbers(const std::vector<std::uint64_t>& values) {
  Json::Array array(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) array[i] = Json(values[i]);
  return Json(std::move(array));
}

std::string knownPuzzles() {
  std::vector<std::string> names;
  for (const Puzzle& puzzle : allPuzzles()) names.push_back(puzzle.id());
  return join(names, ", ");
}

namespace {
std::map<std::string, std::unique_ptr<Solver>>& solvers() {
  static std::map<std::string, std::unique_ptr<Solver>> byPuzzle;
  return byPuzzle;
}
}  // namespace

Solver& solverFor(const Puzzle& puzzle) {
  auto& solver = solvers()[puzzle.id()];
  if (!solver) solver = std::make_unique<Solver>(puzzle);
  return *solver;
}

Solver* existingSolver(const Puzzle& puzzle) {
  const auto found = solvers().find(puzzle.id());
  return found == solvers().end() ? nullptr : found->second.get();
}

namespace {
TwoPhaseSolver& twoPhaseFor(const Puzzle& puzzle) {
  static std::map<std::string, std::unique_ptr<TwoPhaseSolver>> solvers;
  auto& solver = solvers[puzzle.id()];
  if (!solver) solver = std::make_unique<TwoPhaseSolver>(puzzle);
  return *solver;
}
}  // namespace

FastSolver& fastSolverFor(const Puzzle& puzzle) {
  static std::map<std::string, std::unique_ptr<FastSolver>> solvers;
  auto& solver = solvers[puzzle.id()];
  if (!solver) solver = makeFastSolver(puzzle, twoPhaseFor);
  return *solver;
}

std::optional<State> readState(const Puzzle& puzzle, const std::string& text, Json& error) {
  if (text.empty()) return puzzle.solved();
  std::optional<State> state = puzzle.decodeState(text);
  if (!state) {
    error = failure(
        "malformed state string (pass back a \"state\" from an earlier answer, or "
        "\"\" for solved)");
    return std::nullopt;
  }
  if (auto problem = puzzle.checkReachable(*state)) {
    error = failure("impossible state: " + *problem);
    return std::nullopt;
  }
  return state;
}

std::optional<const NotationSpec*> notationFor(const Puzzle& puzzle, const std::string& name,
                                               Json& error) {
  if (name.empty()) return nullptr;
  if (const NotationSpec* notation = findNotation(puzzle, name)) return notation;
  std::vector<std::string> names;
  for (const NotationSpec& notation : puzzle.spec().notations) names.push_back(notation.name);
  error = failure(
      puzzle.id() + " has no notation '" + name.substr(0, 40) + "'" +
      (names.empty() ? " (it has only its own)" : " (its others: " + join(names, ", ") + ")"));
  return std::nullopt;
}

ResolvedSequence readMoves(const Puzzle& puzzle, const State& start, const std::string& text,
                           const NotationSpec* notation) {
  ResolvedSequence sequence = resolveSequence(puzzle, text, notation);
  if (!sequence.error && notation && notation->referenceFrame) {
    sequence.moves = solverFor(puzzle).puzzleMoves(start, sequence.moves);
  }
  return sequence;
}

std::string writeMoves(const Puzzle& puzzle, const State& start, const std::vector<int>& moves,
                       const NotationSpec* notation) {
  if (notation && notation->referenceFrame) {
    return formatMoves(puzzle, solverFor(puzzle).searchMoves(start, moves), notation);
  }
  return formatMoves(puzzle, moves, notation);
}

Json positionAnswer(const Puzzle& puzzle, const State& state) {
  const std::vector<int> sources = puzzle.faceletSources(state);
  return success()
      .set("state", state == puzzle.solved() ? std::string() : puzzle.encodeState(state))
      .set("facelets", puzzle.facelets(state))
      .set("solved", puzzle.isSolved(state))
      // The solved puzzle's sticker at each place: a mask's looks follow their pieces (the player).
      .set("sources", Json::Array(sources.begin(), sources.end()));
}

}  // namespace detail

#ifndef POLYTWIST_BUILD_ID_FIELD  // set by CMakeLists.txt
#define POLYTWIST_BUILD_ID_FIELD "dev                             "
#endif
// The build id in one marked field of fixed width (32 characters, padded with spaces), volatile
// so that it stays in the binary as these bytes and is read from there: a test may rewrite them
// in a built .wasm to make "another build" without compiling again (tests/browser/update.test.mjs).
const volatile char kBuildIdField[] = "polytwist-build-id:" POLYTWIST_BUILD_ID_FIELD;

std::string buildId() {
  constexpr std::size_t kMarker = sizeof "polytwist-build-id:" - 1;
  static_assert(sizeof kBuildIdField == kMarker + 32 + 1, "the build id field has 32 characters");
  std::string id;
  for (std::size_t i = kMarker; i < sizeof kBuildIdField - 1 && kBuildIdField[i] != ' '; ++i) {
    id += kBuildIdField[i];
  }
  return id;
}

Json version() { return detail::success().set("version", kVersion).set("build_id", buildId()); }

}  // namespace polytwist::service
