// Allocation-failure injection (docs/faults.md): each operation runs once per allocation it makes
// (or, for the slow start-ups, once per allocation site) with that allocation failing. Each run
// must answer success or the documented out-of-memory error, never abort or leak (this
// executable runs under AddressSanitizer and LeakSanitizer), and leave the engine answering the
// next call correctly.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>

#include "allocation_faults.hpp"
#include "api/service.hpp"
#include "puzzles/catalogue.hpp"
#include "search/layered_bfs.hpp"
#include "search/optimal_tables.hpp"
#include "search/solver.hpp"
#include "search/two_phase.hpp"

using namespace polytwist;
using faults::Outcome;
using faults::Strategy;

namespace {

// The documented answers to memory that cannot be had: the service's "out of memory: …", the
// two-phase solver's "out of memory for …" and a table's "… needs N MB of memory, which the
// system refused" (search/memory.hpp).
bool isMemoryError(const std::string& text) {
  return text.find("out of memory") != std::string::npos ||
         text.find("of memory, which the system refused") != std::string::npos;
}

Outcome ofAnswer(const Json& answer) {
  const Json* ok = answer.find("ok");
  if (ok != nullptr && ok->boolean()) return faults::success();
  const Json* error = answer.find("error");
  const std::string text = error != nullptr && error->isString() ? error->string() : answer.dump();
  return isMemoryError(text) ? faults::outOfMemory() : faults::wrong(text);
}

std::string field(const Json& answer, const std::string& key) {
  const Json* value = answer.find(key);
  if (value == nullptr) return "(no " + key + ")";
  return value->isString() ? value->string() : value->dump();
}

// A service call as the operation, and the same call unarmed giving the same `key` as `expected`
// as the check that the engine is still usable.
void checkService(const std::string& name, const std::function<Json()>& call,
                  const std::string& key, Strategy strategy = Strategy::Every) {
  const Json reference = call();  // caches warmed: the operation as later calls meet it
  REQUIRE_MESSAGE(field(reference, "ok") == "true", reference.dump());
  const std::string expected = field(reference, key);
  auto operation = [&] {
    Json answer;
    {
      faults::Window window;
      answer = call();
    }
    return ofAnswer(answer);
  };
  auto usable = [&] {
    const Json answer = call();
    const Outcome outcome = ofAnswer(answer);
    if (outcome.kind != Outcome::Kind::Success) return outcome;
    if (field(answer, key) != expected) {
      return faults::wrong(key + " " + field(answer, key) + " instead of " + expected);
    }
    return faults::success();
  };
  const faults::Coverage coverage = faults::inject(name, operation, usable, strategy);
  std::printf("%s\n", faults::summary(name, coverage).c_str());
  for (const std::string& problem : coverage.problems) FAIL_CHECK(problem);
  CHECK(coverage.allocations > 0);
  CHECK(coverage.failedAllocations == coverage.runs);
}

// An engine object made and set up fresh in each run: `start` makes it and returns false with
// `error` set when it failed (a thrown std::bad_alloc counts as the documented failure too);
// `check` runs the set-up again on the same object, unarmed, and says whether it then answers
// correctly.
template <typename Object>
void checkFresh(const std::string& name, const std::function<std::unique_ptr<Object>()>& make,
                const std::function<bool(Object&, std::string*)>& start,
                const std::function<std::string(Object&)>& check, Strategy strategy) {
  std::unique_ptr<Object> object;
  auto operation = [&] {
    object.reset();
    std::string error;
    bool started = false;
    try {
      faults::Window window;
      object = make();
      started = start(*object, &error);
    } catch (const std::bad_alloc&) {
      return faults::outOfMemory();
    }
    if (started) return faults::success();
    return isMemoryError(error) ? faults::outOfMemory() : faults::wrong(error);
  };
  auto usable = [&] {
    if (!object) object = make();  // the failure came before it was made
    std::string error;
    if (!start(*object, &error)) return faults::wrong("set up again: " + error);
    const std::string problem = check(*object);
    return problem.empty() ? faults::success() : faults::wrong(problem);
  };
  const faults::Coverage coverage = faults::inject(name, operation, usable, strategy);
  std::printf("%s\n", faults::summary(name, coverage).c_str());
  for (const std::string& problem : coverage.problems) FAIL_CHECK(problem);
  CHECK(coverage.allocations > 0);
  CHECK(coverage.failedAllocations == coverage.runs);
}

const CoordinateSpec kCornerPositions = {.orbit = "corner", .orientations = false};
const CoordinateSpec kCornerTwists = {.orbit = "corner", .positions = false};

// The catalogue's 2x2x2 with the mirror through the UFR-DBL diagonal and kernel table sets of its
// own, small enough to build thousands of times: symmetric tables, and a projected table with
// a fallback (as optimal_test.cpp's).
const Puzzle& kernelCube2() {
  static const Puzzle puzzle = [] {
    PuzzleSpec spec = findPuzzle("cube2")->spec();
    spec.reflections = {{"mirrorUR",
                         {"U0 R3", "U1 R1", "U2 R2", "U3 R0", "L0 D3", "L1 D1", "L2 D2", "L3 D0",
                          "F0 F3", "B1 B2"}}};
    spec.solver = SolverKind::SymmetricIdaStar;
    spec.tableSets = {
        {"symmetric",
         {{"twists", {kCornerTwists}, {}, {}}, {"positions", {kCornerPositions}, {}, {"UFR120"}}}},
        {"projected",
         {},
         ProjectedTableSpec{
             {"places", {kCornerPositions}, {}, {"UFR120", "mirrorUR"}}, "corner", 3, 6, 5},
         {{"twists", {kCornerTwists}, 4}}}};
    return Puzzle(spec);
  }();
  return puzzle;
}

std::vector<State> scrambles(const Puzzle& puzzle, int count, int length) {
  std::mt19937_64 rng(27);
  std::vector<State> states;
  for (int i = 0; i < count; ++i) {
    State s = puzzle.solved();
    for (int m = 0; m < length; ++m) {
      s = puzzle.compose(s, puzzle.moves()[rng() % puzzle.moves().size()].effect);
    }
    states.push_back(s);
  }
  return states;
}

// Whether a set's heuristic, after the failures, estimates as a set prepared without any does.
std::string estimatesAgree(const OptimalTables& tables, const std::string& set) {
  static std::map<std::string, std::vector<int>> reference;
  const std::vector<State> states = scrambles(kernelCube2(), 30, 9);
  std::vector<int>& expected = reference[set];
  if (expected.empty()) {
    OptimalTables clean(kernelCube2());
    std::string error;
    if (!clean.prepare(set, {}, {}, &error)) return "the reference set: " + error;
    for (const State& s : states) expected.push_back(clean.heuristic(set)->estimate(s));
  }
  const SearchHeuristic* heuristic = tables.heuristic(set);
  if (heuristic == nullptr) return "set " + set + " not prepared";
  for (std::size_t i = 0; i < states.size(); ++i) {
    if (heuristic->estimate(states[i]) != expected[i]) {
      return "set " + set + " estimates " + std::to_string(heuristic->estimate(states[i])) +
             " where a clean build says " + std::to_string(expected[i]);
    }
  }
  return {};
}

struct Setup {
  Setup() {
    // Builds on one thread, so that a run's allocations come in the same order each time; and no
    // table files (every build builds: a mapped file is not an allocation).
    setBuildThreads(1);
    unsetenv("POLYTWIST_TABLE_DIR");
    unsetenv("XDG_CACHE_HOME");
    unsetenv("HOME");
  }
};
const Setup setup;

}  // namespace

namespace {

struct Family {
  std::string name, puzzle, moves, options;
};

// One solve of a position `moves` reach from solved ("": a random state's).
void checkSolve(const Family& family, Strategy strategy = Strategy::Every) {
  const Json start = family.moves.empty() ? service::scramble(family.puzzle, 27)
                                          : service::applyMoves(family.puzzle, "", family.moves);
  REQUIRE_MESSAGE(field(start, "ok") == "true", start.dump());
  const std::string state = field(start, "state");
  checkService(
      family.name + " solve (" + family.puzzle + ")",
      [&] { return service::solveWith(family.puzzle, state, family.options); }, "solution",
      strategy);
}

std::string exampleNumbering() {
  std::ifstream file(std::string(POLYTWIST_SOURCE_DIR) + "/assets/numbered_pyraminx/example.txt");
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("faults (long): kernel table builds, symmetric and projected sets") {
  for (const std::string set : {"symmetric", "projected"}) {
    checkFresh<OptimalTables>(
        "build of the kernel's " + set + " set (2x2x2)",
        [] { return std::make_unique<OptimalTables>(kernelCube2()); },
        [&](OptimalTables& tables, std::string* error) {
          return tables.prepare(set, {}, {}, error);
        },
        [&](OptimalTables& tables) { return estimatesAgree(tables, set); }, Strategy::FirstOfSite);
  }
}

TEST_CASE("faults (long): kernel table imports, whole and in parts") {
  for (const std::string set : {"symmetric", "projected"}) {
    OptimalTables built(kernelCube2());
    std::string error;
    REQUIRE(built.prepare(set, {}, {}, &error));
    const std::string bytes = built.exportBytes(set, &error);
    REQUIRE(!bytes.empty());
    checkFresh<OptimalTables>(
        "import of the kernel's " + set + " set (2x2x2)",
        [] { return std::make_unique<OptimalTables>(kernelCube2()); },
        [&](OptimalTables& tables, std::string* error) {
          return tables.importBytes(set, bytes, error);
        },
        [&](OptimalTables& tables) { return estimatesAgree(tables, set); }, Strategy::FirstOfSite);
    // In two parts, as the page sends them: the second part reads the tables.
    const std::size_t half = bytes.size() / 2;
    checkFresh<OptimalTables>(
        "import in parts of the kernel's " + set + " set (2x2x2)",
        [] { return std::make_unique<OptimalTables>(kernelCube2()); },
        [&](OptimalTables& tables, std::string* error) {
          using Status = OptimalTables::ImportStatus;
          return tables.importPart(set, 0, bytes.size(), bytes.data(), half, error) ==
                     Status::Partial &&
                 tables.importPart(set, half, bytes.size(), bytes.data() + half,
                                   bytes.size() - half, error) == Status::Complete;
        },
        [&](OptimalTables& tables) { return estimatesAgree(tables, set); }, Strategy::FirstOfSite);
  }
}

TEST_CASE("faults: the whole-table import of the service (pyraminx)") {
  const std::string id = "pyraminx";
  const service::TableBytes exported = service::exportTable(id);
  REQUIRE_MESSAGE(field(exported.answer, "ok") == "true", exported.answer.dump());
  checkService(
      "importTable (pyraminx)", [&] { return service::importTable(id, exported.bytes); }, "ok");
}

TEST_CASE("faults (long): the two-phase start-up (cube3)") {
  const Puzzle& cube3 = *findPuzzle("cube3");
  const std::vector<State> states = scrambles(cube3, 2, 20);
  checkFresh<TwoPhaseSolver>(
      "two-phase start-up (cube3)", [&] { return std::make_unique<TwoPhaseSolver>(cube3); },
      [](TwoPhaseSolver& solver, std::string* error) {
        if (solver.prepare()) return true;
        *error = "out of memory for the two-phase tables";  // prepare's documented refusal
        return false;
      },
      [&](TwoPhaseSolver& solver) -> std::string {
        for (const State& s : states) {
          const TwoPhaseResult result = solver.solve(s);
          if (result.status != TwoPhaseResult::Status::Solved) return "no solve: " + result.error;
          State reached = s;
          for (int move : result.moves)
            reached = cube3.compose(reached, cube3.moves()[move].effect);
          if (!cube3.isSolved(reached)) return "a solution that does not solve";
        }
        return {};
      },
      Strategy::FirstOfSite);
}

TEST_CASE("faults: colouring readers (validate)") {
  for (const std::string id : {"cube3", "kilominx"}) {
    const Json turned = service::scramble(id, 5);
    REQUIRE_MESSAGE(field(turned, "ok") == "true", turned.dump());
    const std::string facelets =
        field(service::applyMoves(id, field(turned, "state"), ""), "facelets");
    checkService(
        "validate (" + id + ")", [&] { return service::validate(id, facelets); }, "state");
  }
}

TEST_CASE("faults: numbering readers (numberingPosition)") {
  const std::string numbering = exampleNumbering();
  REQUIRE(!numbering.empty());
  const std::string state =
      field(service::applyMoves("numbered_pyraminx", "", "R U' L B r"), "state");
  // The arguments made before the window: only the engine's allocations are failed.
  const std::string id = "numbered_pyraminx", noGroups;
  checkService(
      "numberingPosition (numbered_pyraminx)",
      [&] { return service::numberingPosition(id, state, numbering, noGroups); }, "digits");
}

TEST_CASE("faults: one solve of each solver family") {
  const Family families[] = {
      {"whole-table descent", "cube223", "U R2 F2 U'", ""},
      {"IDA* over pattern tables", "skewb", "R U L' B", ""},
      {"two-phase (fast)", "cube3", "R U F' L2 D B' R2 U'", "{\"method\":\"fast\"}"},
      // A random state ("" moves: a scramble's).
      {"Rubik's Clock (own model)", "clock", "", ""},
  };
  for (const Family& family : families) checkSolve(family);
}

// Solves that search a fixed budget of nodes (the Square-1's) or take seconds each under the
// sanitizers (the 4x4x4's reduction): each site fails once. A numbering's solve, each of its
// allocations: its first call, for its goals and table, takes most of the case.
TEST_CASE("faults (long): the solves of the Square-1, the 4x4x4 and a numbering") {
  // Quarter turns keep the Square-1 a cube, so every slice is legal.
  checkSolve({"Square-1 (own model)", "square1", "(3,0)/ (0,3)/ (3,3)/ (-3,0)/", ""},
             Strategy::FirstOfSite);
  checkSolve({"4x4x4 reduction (fast)", "cube4", "Rw U2 F' Uw", "{\"method\":\"fast\"}"},
             Strategy::FirstOfSite);
  const std::string id = "numbered_pyraminx", noGroups, numbering = exampleNumbering();
  const std::string state = field(service::applyMoves(id, "", "R U' L B r"), "state");
  checkService(
      "numberingSolve (numbered_pyraminx)",
      [&] { return service::numberingSolve(id, state, numbering, noGroups); }, "solution");
}

TEST_CASE("faults: one solve of the optimal-search kernel (2x2x2 set)") {
  Solver solver(kernelCube2());
  const State start = scrambles(kernelCube2(), 1, 7).front();
  SearchOptions options;
  options.tables = "symmetric";
  options.threads = 1;
  const SolveOutcome reference = solver.solve(start, options);
  REQUIRE(reference.status == SolveOutcome::Status::Solved);
  auto solve = [&] {
    SolveOutcome outcome;
    try {
      faults::Window window;
      outcome = solver.solve(start, options);
    } catch (const std::bad_alloc&) {
      return faults::outOfMemory();
    }
    if (outcome.status == SolveOutcome::Status::Solved) {
      return outcome.moves.size() == reference.moves.size()
                 ? faults::success()
                 : faults::wrong("a solution of another length");
    }
    return isMemoryError(outcome.error) ? faults::outOfMemory() : faults::wrong(outcome.error);
  };
  const faults::Coverage coverage = faults::inject(
      "kernel solve (2x2x2)", solve,
      [&] {
        const SolveOutcome outcome = solver.solve(start, options);
        return outcome.status == SolveOutcome::Status::Solved &&
                       outcome.moves.size() == reference.moves.size()
                   ? faults::success()
                   : faults::wrong("not solved optimally after a failure: " + outcome.error);
      },
      Strategy::Every);
  std::printf("%s\n", faults::summary("kernel solve (2x2x2)", coverage).c_str());
  for (const std::string& problem : coverage.problems) FAIL_CHECK(problem);
  CHECK(coverage.allocations > 0);
  CHECK(coverage.failedAllocations == coverage.runs);
}
