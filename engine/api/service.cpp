#include "api/service.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <new>
#include <random>

#include "core/facelets.hpp"
#include "core/labels.hpp"
#include "core/sequence.hpp"
#include "core/text.hpp"
#include "puzzles/catalogue.hpp"
#include "render/image.hpp"
#include "search/label_goals.hpp"
#include "search/memory.hpp"
#include "search/solver.hpp"
#include "search/two_phase.hpp"

namespace polytwist::service {
namespace {

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

// Runs an operation on a known puzzle; unknown names, oversized inputs and any exception become
// error answers.
template <typename Operation>
Json onPuzzle(const std::string& id, std::size_t inputBytes, Operation operation) {
  if (inputBytes > kMaxInputBytes) {
    return failure("input of " + std::to_string(inputBytes) + " bytes is too long (limit " +
                   std::to_string(kMaxInputBytes) + ")");
  }
  const Puzzle* puzzle = findPuzzle(id);
  if (!puzzle) {
    return failure("unknown puzzle '" + id.substr(0, 64) + "' (known: " + knownPuzzles() + ")");
  }
  try {
    return operation(*puzzle);
  } catch (const std::bad_alloc&) {
    // Native builds only: in WebAssembly a failing `new` aborts, so tables ask first
    // (search/memory.hpp).
    return failure("out of memory: this call needs more memory than the system gives");
  } catch (const std::exception& error) {
    return failure(std::string("internal error: ") + error.what());
  }
}

std::map<std::string, std::unique_ptr<Solver>>& solvers() {
  static std::map<std::string, std::unique_ptr<Solver>> byPuzzle;
  return byPuzzle;
}

Solver& solverFor(const Puzzle& puzzle) {
  auto& solver = solvers()[puzzle.id()];
  if (!solver) solver = std::make_unique<Solver>(puzzle);
  return *solver;
}

// The two-phase solver of a puzzle that declares phases; tables are built on first use.
TwoPhaseSolver& twoPhaseFor(const Puzzle& puzzle) {
  static std::map<std::string, std::unique_ptr<TwoPhaseSolver>> solvers;
  auto& solver = solvers[puzzle.id()];
  if (!solver) solver = std::make_unique<TwoPhaseSolver>(puzzle);
  return *solver;
}

// Whether some sequence of at most `moves` moves solves the state (cheap for the small distances
// scrambles refuse: at most 1 + 18 states for the 3x3x3).
bool solvableWithin(const Puzzle& puzzle, const State& state, int moves) {
  if (puzzle.isSolved(state)) return true;
  if (moves == 0) return false;
  for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
    if (solvableWithin(puzzle, puzzle.compose(state, puzzle.moves()[m].effect), moves - 1)) {
      return true;
    }
  }
  return false;
}

// A state from the API: "" is solved; otherwise a state string from an earlier answer.
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

// Names the whole-puzzle table by its definition (DistanceTable::definitionFingerprint), not by the
// engine's version: a release that leaves the table's definition and the table code alone keeps
// the tables browsers cached (docs/web.md, "Caches and updates").
std::string tableKey(const Puzzle& puzzle) {
  if (!puzzle.spec().hasDistanceTable) return "";
  return puzzle.id() + "-" +
         fingerprintText(DistanceTable::definitionFingerprint(
             puzzle, Solver::wholeTableSpec(puzzle), puzzle.solvedStates()));
}

// Bytes of the whole-puzzle table's entries (0 without one).
std::uint64_t wholeTableBytes(const Puzzle& puzzle) {
  if (!puzzle.spec().hasDistanceTable) return 0;
  const TableSpec spec = Solver::wholeTableSpec(puzzle);
  return (CoordinateSpace::sizeOf(puzzle, spec.coordinates) * spec.bitsPerEntry + 7) / 8;
}

// Refuses, before it is built, a whole table the memory cannot hold (search/memory.hpp).
// Asked before the solver is made: making one also takes memory (its coordinates' move tables).
std::optional<std::string> wholeTableShortfall(const Puzzle& puzzle) {
  const auto found = solvers().find(puzzle.id());
  if (found != solvers().end() && found->second && found->second->hasWholeTable()) {
    return std::nullopt;
  }
  return tableMemoryShortfall(wholeTableBytes(puzzle), puzzle.id() + "'s whole distance table");
}

// The optimal-search table sets, each with the key the page caches its bytes under: the puzzle,
// the set and the set's definition fingerprint (OptimalTables::setFingerprint), so it changes with
// anything the tables' entries depend on and with nothing else.
Json::Array tableSets(const Puzzle& puzzle) {
  Json::Array sets;
  if (puzzle.spec().solver != SolverKind::SymmetricIdaStar) return sets;
  Solver& solver = solverFor(puzzle);
  for (const TableSetSpec& set : solver.searchPuzzle().spec().tableSets) {
    sets.push_back(
        Json(Json::Object{})
            .set("name", set.name)
            .set("key", puzzle.id() + "-" + set.name + "-" +
                            fingerprintText(solver.optimalTables().setFingerprint(set.name))));
  }
  return sets;
}

// The notation `name` names ("" = the puzzle's own: nullptr), or an error saying which exist.
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

// Moves from `start` in a notation: faces by its names, and seed 001's moving frame resolved
// into the puzzle's own moves.
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
  return success()
      .set("state", state == puzzle.solved() ? std::string() : puzzle.encodeState(state))
      .set("facelets", puzzle.facelets(state))
      .set("solved", puzzle.isSolved(state));
}

// The inverse of a solution, as a scramble that turns the solved puzzle into the position solved.
// With unmarked rotations the solution may end at a turned solved state; the scramble is then the
// inverse seen through that turn, so that it starts from the solved state itself.
std::optional<std::vector<int>> scrambleFor(const Puzzle& puzzle, const State& position,
                                            const std::vector<int>& solution) {
  const std::vector<int> inverse = invertMoves(puzzle, solution);
  for (const State& turn : puzzle.solvedStates()) {
    std::vector<int> scramble;
    for (int move : inverse) scramble.push_back(puzzle.moveInFrame(turn, move));
    if (std::find(scramble.begin(), scramble.end(), -1) != scramble.end()) continue;
    if (puzzle.samePosition(puzzle.applySequence(puzzle.solved(), scramble), position)) {
      return scramble;
    }
  }
  return std::nullopt;
}

}  // namespace

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

Json version() { return success().set("version", kVersion).set("build_id", buildId()); }

Json listPuzzles() {
  Json::Array puzzles;
  for (const Puzzle& puzzle : allPuzzles()) {
    puzzles.push_back(Json(Json::Object{}).set("id", puzzle.id()).set("name", puzzle.spec().name));
  }
  return success().set("puzzles", puzzles);
}

Json puzzleInfo(const std::string& id) {
  return onPuzzle(id, id.size(), [](const Puzzle& puzzle) {
    Json::Array faces, moves;
    for (const FaceSpec& face : puzzle.spec().faces) {
      faces.push_back(Json(Json::Object{})
                          .set("name", std::string(1, face.letter))
                          .set("colour", face.colour)
                          .set("stickers", face.stickers));
    }
    for (const Move& move : puzzle.moves()) moves.push_back(move.name);
    // How the puzzle can be solved: always optimally; "fast" (two-phase) where it declares phases.
    Json::Array methods;
    methods.push_back("optimal");
    if (!puzzle.spec().phases.empty()) methods.push_back("fast");
    return success()
        .set("id", puzzle.id())
        .set("name", puzzle.spec().name)
        .set("faces", faces)
        .set("facelet_count", puzzle.faceletCount())
        .set("moves", moves)
        .set("state_count", puzzle.stateCountText())
        .set("has_distance_table", puzzle.spec().hasDistanceTable)
        .set("table_bytes", wholeTableBytes(puzzle))
        .set("symbols", puzzle.spec().labelSymbols)
        .set("solver", puzzle.spec().solver == SolverKind::TableDescent       ? "descent"
                       : puzzle.spec().solver == SolverKind::SymmetricIdaStar ? "optimal"
                                                                              : "ida")
        .set("table_key", tableKey(puzzle))
        .set("table_sets", tableSets(puzzle))
        // How scramble draws: random moves, a random state solved by two-phase, or a random
        // state solved by the puzzle's own solver ("optimal": with its default table set, which
        // the page prepares first, downloading it when it can).
        .set("scramble_method", puzzle.spec().scrambleMoves > 0                        ? "moves"
                                : !puzzle.spec().phases.empty()                        ? "two-phase"
                                : puzzle.spec().solver == SolverKind::SymmetricIdaStar ? "optimal"
                                                                                       : "table")
        .set("methods", methods);
  });
}

Json applyMoves(const std::string& id, const std::string& stateText, const std::string& moves) {
  return applyMovesIn(id, stateText, moves, "");
}

Json applyMovesIn(const std::string& id, const std::string& stateText, const std::string& moves,
                  const std::string& notationName) {
  return onPuzzle(id, stateText.size() + moves.size(), [&](const Puzzle& puzzle) {
    Json error;
    std::optional<State> state = readState(puzzle, stateText, error);
    if (!state) return error;
    const std::optional<const NotationSpec*> notation = notationFor(puzzle, notationName, error);
    if (!notation) return error;
    const ResolvedSequence sequence = readMoves(puzzle, *state, moves, *notation);
    if (sequence.error)
      return failure(sequence.error->message).set("column", sequence.error->column);
    return positionAnswer(puzzle, puzzle.applySequence(*state, sequence.moves))
        .set("moves", sequence.normalized)
        .set("turns", formatMoves(puzzle, sequence.moves));
  });
}

Json scramble(const std::string& id, double seed, int moves, const std::string& notationName) {
  return onPuzzle(id, id.size(), [&](const Puzzle& puzzle) {
    Json error;
    const std::optional<const NotationSpec*> notation = notationFor(puzzle, notationName, error);
    if (!notation) return error;
    const State start = puzzle.solved();
    if (!(seed >= 0 && seed < 9007199254740992.0 && seed == std::floor(seed))) {
      return failure("seed must be a whole number from 0 to 2^53-1");
    }
    if (moves < 0 || moves > kMaxScrambleMoves) {
      return failure("a random-move scramble has 1 to " + std::to_string(kMaxScrambleMoves) +
                     " moves");
    }
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    if (moves == 0) moves = puzzle.spec().scrambleMoves;
    if (moves > 0) {
      const std::vector<int> sequence = puzzle.randomMoves(rng, moves);
      return positionAnswer(puzzle, puzzle.applySequence(puzzle.solved(), sequence))
          .set("scramble", writeMoves(puzzle, start, sequence, *notation))
          .set("random_state", false);
    }
    if (!puzzle.spec().phases.empty()) {
      // Random states of a puzzle too large to solve optimally at once: solved by two-phase, as
      // WCA scramblers do; states closer than the minimum distance are drawn again.
      for (;;) {
        const State state = puzzle.randomState(rng);
        if (solvableWithin(puzzle, state, puzzle.spec().scrambleMinDistance - 1)) continue;
        const TwoPhaseResult solution = twoPhaseFor(puzzle).solve(state);
        if (solution.status != TwoPhaseResult::Status::Solved) return failure(solution.error);
        const std::vector<int> moves = invertMoves(puzzle, solution.moves);
        return positionAnswer(puzzle, puzzle.applySequence(puzzle.solved(), moves))
            .set("scramble", writeMoves(puzzle, start, moves, *notation))
            .set("random_state", true);
      }
    }
    Solver& solver = solverFor(puzzle);
    // One thread: on several, which of the optimal solutions is found first (and so the scramble
    // written) would depend on timing; WebAssembly always searches on one.
    SearchOptions oneThread;
    oneThread.threads = 1;
    for (;;) {
      const State state = puzzle.randomState(rng);
      const SolveOutcome solution = solver.solve(state, oneThread);
      if (solution.status != SolveOutcome::Status::Solved) return failure(solution.error);
      const auto coreMoves = std::count_if(solution.moves.begin(), solution.moves.end(),
                                           [&](int m) { return !puzzle.isSeparableMove(m); });
      if (coreMoves < puzzle.spec().scrambleMinDistance) continue;
      const std::optional<std::vector<int>> moves = scrambleFor(puzzle, state, solution.moves);
      if (!moves) return failure("internal error: no scramble reaches the random position");
      return positionAnswer(puzzle, puzzle.applySequence(puzzle.solved(), *moves))
          .set("scramble", writeMoves(puzzle, start, *moves, *notation))
          .set("random_state", true);
    }
  });
}

Json image(const std::string& query) {
  const ImageAnswer answer = imageFromQuery(query);
  Json result = Json::Object{};
  result.set("ok", answer.status == 200);
  if (answer.status != 200) result.set("error", answer.error);
  if (answer.column > 0) result.set("column", answer.column);
  result.set("svg", answer.svg);
  return result;
}

Json pictureTemplate(const std::string& id) {
  return onPuzzle(id, id.size(), [](const Puzzle& puzzle) {
    const ImageAnswer solved = imageFromParameters({{"pzl", puzzle.id()}, {"size", "256"}});
    Json::Array colours, faces;
    for (const FaceSpec& face : puzzle.spec().faces) colours.push_back(face.colour);
    for (int f = 0; f < puzzle.faceletCount(); ++f) faces.push_back(puzzle.faceOfFacelet(f));
    // sources[f]: the sticker the token brings to place f; "A then B" shows A's sources[B's].
    auto sourcesOf = [&](const std::vector<int>& moves) {
      Json::Array sources;
      for (int s : puzzle.faceletSources(puzzle.applySequence(puzzle.solved(), moves))) {
        sources.push_back(s);
      }
      return sources;
    };
    Json moves = Json::Object{};
    for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
      moves.set(puzzle.moves()[m].name, sourcesOf({m}));
    }
    // Derived moves that turn the whole puzzle change what later names mean: left to the engine.
    for (const DerivedMoveSpec& derived : puzzle.spec().derivedMoves) {
      if (!derived.rotation.empty()) continue;
      for (const PowerSpec& power : derived.powers) {
        const std::string token = derived.name + power.suffix;
        const ResolvedSequence sequence = resolveSequence(puzzle, token);
        if (!sequence.error) moves.set(token, sourcesOf(sequence.moves));
      }
    }
    return success()
        .set("svg", solved.svg)
        .set("colours", colours)
        .set("faces", faces)
        .set("moves", moves);
  });
}

Json validate(const std::string& id, const std::string& facelets) {
  return onPuzzle(id, facelets.size(), [&](const Puzzle& puzzle) {
    const FaceletReading reading = stateFromFacelets(puzzle, facelets);
    if (!reading.state) {
      Json::Array stickers;
      for (int s : reading.error.stickers) stickers.push_back(s);
      return failure(reading.error.message).set("stickers", stickers);
    }
    return positionAnswer(puzzle, *reading.state);
  });
}

Json solve(const std::string& id, const std::string& stateText, const SolveProgressFn& progress,
           Cancellation cancel) {
  return solve(id, stateText, SolveOptions{}, progress, cancel);
}

Json solveWith(const std::string& id, const std::string& stateText, const std::string& optionsJson,
               const SolveProgressFn& progress, Cancellation cancel) {
  std::string error;
  const std::optional<SolveOptions> options = readSolveOptions(optionsJson, error);
  if (!options) return failure(error);
  return solve(id, stateText, *options, progress, cancel);
}

Json solve(const std::string& id, const std::string& stateText, const SolveOptions& solveOptions,
           const SolveProgressFn& progress, Cancellation cancel) {
  return onPuzzle(id, stateText.size(), [&](const Puzzle& puzzle) {
    if (!puzzle.spec().labelSymbols.empty()) {
      return failure(puzzle.id() +
                     " is solved by its numbering: call numberingSolve (CLI: solve --numbering)");
    }
    Json error;
    std::optional<State> state = readState(puzzle, stateText, error);
    if (!state) return error;
    const std::optional<const NotationSpec*> notation =
        notationFor(puzzle, solveOptions.notation, error);
    if (!notation) return error;
    const bool hasFastSolver = !puzzle.spec().phases.empty();
    if (solveOptions.method == SolveOptions::Method::Fast && hasFastSolver) {
      TwoPhaseOptions fast;
      fast.maxLength = solveOptions.maxLength;
      fast.cancel = cancel;
      const TwoPhaseResult outcome = twoPhaseFor(puzzle).solve(*state, fast);
      if (outcome.status == TwoPhaseResult::Status::Cancelled) return failure("cancelled");
      if (outcome.status != TwoPhaseResult::Status::Solved) return failure(outcome.error);
      return success()
          .set("puzzle", puzzle.id())
          .set("solution", writeMoves(puzzle, *state, outcome.moves, *notation))
          .set("length", static_cast<int>(outcome.moves.size()))
          .set("nodes", outcome.nodes)
          .set("ms", std::round(outcome.milliseconds * 1000) / 1000)
          .set("method", "fast")
          .set("optimal", false)
          .set("max_length", solveOptions.maxLength);
    }
    SearchOptions options;
    options.cancel = cancel;
    options.progress = progress;
    options.tables = solveOptions.tables;
    options.threads = solveOptions.threads;
    if (puzzle.spec().solver == SolverKind::TableDescent) {
      if (auto shortfall = wholeTableShortfall(puzzle)) return failure(*shortfall);
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
    Json answer = success()
                      .set("puzzle", puzzle.id())
                      .set("solution", writeMoves(puzzle, *state, outcome.moves, *notation))
                      .set("length", static_cast<int>(outcome.moves.size()))
                      .set("nodes", outcome.nodes)
                      .set("ms", std::round(outcome.milliseconds * 1000) / 1000)
                      .set("method", "optimal")
                      .set("optimal", true);
    if (!outcome.tables.empty()) answer.set("tables", outcome.tables);
    if (solveOptions.method == SolveOptions::Method::Fast) {
      answer.set("note", puzzle.id() + " has no fast solver: this is its optimal solution");
    }
    return answer;
  });
}

Json prepareTables(const std::string& id, const std::string& tables,
                   const BuildProgressFn& progress, Cancellation cancel) {
  return onPuzzle(id, tables.size(), [&](const Puzzle& puzzle) {
    Solver& solver = solverFor(puzzle);
    if (solver.kind() != SolverKind::SymmetricIdaStar) {
      return failure(puzzle.id() + " has no optimal-search tables");
    }
    const auto began = std::chrono::steady_clock::now();
    OptimalTables& sets = solver.optimalTables();
    const std::string set = sets.resolve(tables);
    if (set.empty()) return failure(puzzle.id() + " has no table set '" + tables + "'");
    std::string error;
    if (!sets.prepare(set, progress, cancel, &error)) return failure(error);
    return success()
        .set("puzzle", puzzle.id())
        .set("tables", set)
        .set("ms",
             std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
                 .count());
  });
}

TableBytes exportTables(const std::string& id, const std::string& tables) {
  TableBytes result;
  result.answer = onPuzzle(id, tables.size(), [&](const Puzzle& puzzle) {
    Solver& solver = solverFor(puzzle);
    if (solver.kind() != SolverKind::SymmetricIdaStar) {
      return failure(puzzle.id() + " has no optimal-search tables");
    }
    const std::string set = solver.optimalTables().resolve(tables);
    result.bytes = set.empty() ? std::string() : solver.optimalTables().exportBytes(set);
    if (result.bytes.empty()) return failure("the table set is not prepared");
    return success().set("puzzle", puzzle.id()).set("tables", set);
  });
  return result;
}

Json importTables(const std::string& id, const std::string& tables, const std::string& bytes) {
  return onPuzzle(id, 0, [&](const Puzzle& puzzle) {
    Solver& solver = solverFor(puzzle);
    if (solver.kind() != SolverKind::SymmetricIdaStar) {
      return failure(puzzle.id() + " has no optimal-search tables");
    }
    const std::string set = solver.optimalTables().resolve(tables);
    if (set.empty()) return failure(puzzle.id() + " has no table set '" + tables + "'");
    std::string error;
    if (!solver.optimalTables().importBytes(set, bytes, &error)) return failure(error);
    return success().set("puzzle", puzzle.id()).set("tables", set);
  });
}

namespace {
struct SlicedSearch {
  const Puzzle* puzzle;
  State start;
  std::vector<int> fixes;  // the separable pieces' moves, before the searched ones
  std::string tables;
  std::chrono::steady_clock::time_point began;
  std::unique_ptr<OptimalSearch> search;
};
std::map<int, SlicedSearch>& slicedSearches() {
  static std::map<int, SlicedSearch> searches;
  return searches;
}
constexpr std::size_t kMaxSlicedSearches = 16;
}  // namespace

Json searchStart(const std::string& id, const std::string& stateText,
                 const std::string& optionsJson) {
  std::string optionsError;
  const std::optional<SolveOptions> options = readSolveOptions(optionsJson, optionsError);
  if (!options) return failure(optionsError);
  const std::string& tables = options->tables;
  return onPuzzle(id, stateText.size() + optionsJson.size(), [&](const Puzzle& puzzle) {
    Solver& solver = solverFor(puzzle);
    if (solver.kind() != SolverKind::SymmetricIdaStar) {
      return failure(puzzle.id() + " has no optimal-search tables");
    }
    Json error;
    std::optional<State> state = readState(puzzle, stateText, error);
    if (!state) return error;
    if (auto problem = puzzle.checkReachable(*state)) return failure(*problem);
    const std::string set = solver.optimalTables().resolve(tables);
    if (set.empty()) return failure(puzzle.id() + " has no table set '" + tables + "'");
    const OptimalHeuristic* heuristic = solver.optimalTables().heuristic(set);
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
                        std::chrono::steady_clock::now(),
                        std::make_unique<OptimalSearch>(*heuristic, solver.searchState(rest))};
    return success().set("handle", handle);
  });
}

Json searchStep(int handle, double nodeBudget) {
  auto& searches = slicedSearches();
  const auto found = searches.find(handle);
  if (found == searches.end()) return failure("no search " + std::to_string(handle));
  // Other numbers are clamped; NaN would pass through std::clamp into an undefined conversion.
  if (std::isnan(nodeBudget)) return failure("node budget is not a number");
  SlicedSearch& sliced = found->second;
  const auto budget = static_cast<std::uint64_t>(std::clamp(nodeBudget, 1.0, 9007199254740992.0));
  const OptimalSearch::Status status = sliced.search->run(budget);
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
  if (slicedSearches().erase(handle) == 0) return failure("no search " + std::to_string(handle));
  return success();
}

Json distanceTable(const std::string& id, const BuildProgressFn& progress, Cancellation cancel) {
  return onPuzzle(id, id.size(), [&](const Puzzle& puzzle) {
    if (!puzzle.spec().hasDistanceTable) {
      return failure(puzzle.id() + " has " + puzzle.stateCountText() +
                     " positions: too many for a complete distance table");
    }
    if (auto shortfall = wholeTableShortfall(puzzle)) return failure(*shortfall);
    Solver& solver = solverFor(puzzle);
    const bool builtBefore = solver.hasWholeTable();
    const DistanceTable* table = solver.wholeTable(progress, cancel);
    if (!table) return failure("cancelled");
    if (builtBefore && progress) {
      // A table an earlier call built (or imported) reports its finished layers again, so that
      // every call's progress ends the same way (the page's bar, the CLI's lines).
      std::uint64_t visited = 0;
      for (std::size_t depth = 0; depth < table->counts().size(); ++depth) {
        visited += table->counts()[depth];
        const std::uint64_t total = table->space().size();
        progress({static_cast<int>(depth), visited, total, total});
      }
    }
    const std::vector<std::uint64_t> counts = solver.countsWithSeparable(table->counts());
    Json answer = success()
                      .set("puzzle", puzzle.id())
                      .set("counts", numbers(counts))
                      .set("gods_number", static_cast<int>(counts.size()) - 1)
                      .set("reused", builtBefore);
    if (puzzle.spec().separable) {
      // The moves of the separable pieces alone, so a page can take them out of a solution's
      // length without knowing the puzzle.
      Json::Array ownMoves;
      for (int move = 0; move < static_cast<int>(puzzle.moves().size()); ++move) {
        if (puzzle.isSeparableMove(move)) ownMoves.push_back(puzzle.moves()[move].name);
      }
      answer.set("without", Json(Json::Object{})
                                .set("pieces", puzzle.spec().separable->label)
                                .set("moves", ownMoves)
                                .set("counts", numbers(table->counts()))
                                .set("gods_number", table->maxDistance()));
    }
    return answer;
  });
}

TableBytes exportTable(const std::string& id, const BuildProgressFn& progress,
                       Cancellation cancel) {
  TableBytes result;
  result.answer = onPuzzle(id, id.size(), [&](const Puzzle& puzzle) {
    if (!puzzle.spec().hasDistanceTable) return failure(puzzle.id() + " has no whole table");
    if (auto shortfall = wholeTableShortfall(puzzle)) return failure(*shortfall);
    const DistanceTable* table = solverFor(puzzle).wholeTable(progress, cancel);
    if (!table) return failure("cancelled");
    // The bytes are a copy of the table (and its header, well under a page).
    if (auto shortfall = tableMemoryShortfall(wholeTableBytes(puzzle) + 4096,
                                              "the export of " + puzzle.id() + "'s table")) {
      return failure(*shortfall);
    }
    result.bytes = table->serialize();
    return success().set("table_key", tableKey(puzzle));
  });
  return result;
}

Json importTable(const std::string& id, const std::string& bytes) {
  return onPuzzle(id, 0, [&](const Puzzle& puzzle) {
    if (!puzzle.spec().hasDistanceTable) return failure(puzzle.id() + " has no whole table");
    if (auto shortfall = tableMemoryShortfall(wholeTableBytes(puzzle),
                                              puzzle.id() + "'s imported distance table")) {
      return failure(*shortfall);
    }
    std::string error;
    std::optional<DistanceTable> table =
        DistanceTable::deserialize(puzzle, Solver::wholeTableSpec(puzzle), bytes, &error);
    if (!table) return failure(error);
    solverFor(puzzle).adoptWholeTable(std::move(*table));
    return success().set("table_key", tableKey(puzzle));
  });
}

namespace {

constexpr std::size_t kMaxGoals = 200000;  // solved states a solver keeps (each is a goal)

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
    error = failure("numbering: " + reading.error.message).set("stickers", stickers);
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
          if (auto shortfall = tableMemoryShortfall(wholeTableBytes(puzzle),
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
