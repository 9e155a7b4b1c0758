// The solver registry (puzzles/solvers.hpp): one description per puzzle, agreeing with its spec,
// and the service's answers following it (puzzleInfo's "solvers", scramble, solve), including a
// puzzle with no solver at all.
#include "puzzles/solvers.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "api/service_internal.hpp"
#include "core/text.hpp"
#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"
#include "search/solver.hpp"

using namespace polytwist;
using fixtures::contains;
namespace service = polytwist::service;

namespace {

std::vector<std::string> strings(const Json& array) {
  std::vector<std::string> result;
  for (const Json& item : array.array()) result.push_back(item.string());
  return result;
}

// The moves of a sequence written with spaces.
std::size_t countMoves(const std::string& sequence) {
  std::size_t count = 0;
  bool inMove = false;
  for (char c : sequence) {
    if (c != ' ' && !inMove) ++count;
    inMove = c != ' ';
  }
  return count;
}

// Published distributions of whole puzzles (positions per distance) in the moves they count, for
// puzzles with a whole table (the 2x2x2's A079761 is table_test.cpp's, the Pyraminx's A079744
// pyraminx_test.cpp's: they check more of the table).
const std::vector<std::pair<std::string, std::vector<std::uint64_t>>>& publishedDistributions() {
  static const std::vector<std::pair<std::string, std::vector<std::uint64_t>>> published = {
      // A079745, the Skewb (each 120-degree turn one move).
      {"skewb", {1, 8, 48, 288, 1728, 10248, 59304, 315198, 1225483, 1455856, 81028, 90}},
  };
  return published;
}

// Positions at God's number of puzzles without a whole table, from exhaustive counts made outside
// the engine (docs/solvers/described-optimal.md): {puzzle, state, distance}.
struct DeepPosition {
  const char* puzzle;
  const char* state;
  int distance;
};
constexpr DeepPosition kDeepPositions[] = {
    {"dino", "0b5a62498713.000000000000", 11},
    {"dino", "0b6a52498731.000000000000", 11},
};

// cube2 as a puzzle the registry does not list: the same spec under another id.
const Puzzle& unlistedCube() {
  static const Puzzle puzzle = [] {
    PuzzleSpec spec = puzzles::cube2();
    spec.id = "cube2-unlisted";
    return Puzzle(spec);
  }();
  return puzzle;
}

}  // namespace

TEST_CASE("solvers: every puzzle of the catalogue has a description its spec can follow") {
  for (const Puzzle& puzzle : allPuzzles()) {
    CAPTURE(puzzle.id());
    CHECK(hasSolverEntry(puzzle));
    const SolverDescription solvers = describeSolvers(puzzle);
    const std::optional<std::string> problem = checkSolvers(puzzle, solvers);
    CHECK_MESSAGE(!problem, problem.value_or(""));
  }
}

TEST_CASE("solvers: the catalogue's descriptions") {
  const SolverDescription cube3 = describeSolvers(*findPuzzle("cube3"));
  CHECK(cube3.methods == std::vector{SolveMethod::Optimal, SolveMethod::Fast});
  CHECK(cube3.kernel());
  CHECK(cube3.scramble.method == ScrambleSpec::Method::RandomStateFast);
  CHECK(cube3.scramble.minDistance == 2);
  CHECK_FALSE(cube3.wholeTable);

  const SolverDescription kilominx = describeSolvers(*findPuzzle("kilominx"));
  CHECK(kilominx.methods == std::vector{SolveMethod::Optimal, SolveMethod::Fast});
  CHECK(kilominx.scramble.method == ScrambleSpec::Method::RandomStateFast);
  CHECK(kilominx.scramble.minDistance == 2);

  // The FTO: no optimal solver (random states lie too deep for one), its fast one scrambles.
  const SolverDescription fto = describeSolvers(*findPuzzle("fto"));
  CHECK(fto.methods == std::vector{SolveMethod::Fast});
  CHECK(fto.scramble.method == ScrambleSpec::Method::RandomStateFast);
  CHECK(fto.scramble.minDistance == 2);
  CHECK(fto.unsolvable.empty());

  const SolverDescription numbered = describeSolvers(*findPuzzle("numbered_pyraminx"));
  CHECK(numbered.methods == std::vector{SolveMethod::Numbering});
  CHECK(numbered.search == SolverKind::TableDescent);
  CHECK_FALSE(numbered.wholeTable);

  const SolverDescription cube2 = describeSolvers(*findPuzzle("cube2"));
  CHECK(cube2.search == SolverKind::IdaStar);
  CHECK(cube2.wholeTable);
  CHECK(cube2.scramble.method == ScrambleSpec::Method::RandomState);
  CHECK(cube2.scramble.minDistance == 4);

  // The WCA's random-move events as TNoodle draws them: the big cubes by its rule, the Megaminx
  // in seven Pochmann rows of 11 moves; other random-move puzzles keep never one face twice.
  for (const auto& [id, moves] : {std::pair{"cube5", 60}, {"cube6", 80}, {"cube7", 100}}) {
    const ScrambleSpec scramble = describeSolvers(*findPuzzle(id)).scramble;
    CHECK(scramble.method == ScrambleSpec::Method::RandomMoves);
    CHECK(scramble.moves == moves);
    CHECK(scramble.rule == RandomMoveRule::NoBaseTwiceAmongCommuting);
  }
  CHECK(describeSolvers(*findPuzzle("gigaminx")).scramble.rule ==
        RandomMoveRule::NoBaseTwiceInARow);
  const ScrambleSpec megaminx = describeSolvers(*findPuzzle("megaminx")).scramble;
  CHECK(megaminx.method == ScrambleSpec::Method::PochmannRows);
  CHECK(megaminx.moves == 77);
  CHECK(megaminx.randomMoves());
  CHECK(contains(describeScramble(megaminx), "7 rows"));
}

TEST_CASE("solvers: a puzzle the registry does not list has no solver, and says so") {
  const Puzzle& puzzle = unlistedCube();
  CHECK_FALSE(hasSolverEntry(puzzle));
  const SolverDescription solvers = describeSolvers(puzzle);
  CHECK(solvers.methods.empty());
  CHECK(contains(solvers.unsolvable, "no solver"));
  CHECK(solvers.scramble.method == ScrambleSpec::Method::RandomMoves);
  CHECK(solvers.scramble.moves > 0);
  CHECK_FALSE(solvers.search.has_value());
  CHECK(!checkSolvers(puzzle, solvers));
}

TEST_CASE("solvers: a description the spec cannot follow is refused with the reason") {
  const Puzzle& cube2 = *findPuzzle("cube2");
  SolverDescription solvers = describeSolvers(cube2);
  solvers.methods.push_back(SolveMethod::Fast);
  CHECK(contains(checkSolvers(cube2, solvers).value_or(""), "phases"));

  solvers = describeSolvers(cube2);
  solvers.scramble = {ScrambleSpec::Method::RandomStateFast, 0, 2};
  CHECK(contains(checkSolvers(cube2, solvers).value_or(""), "Fast"));

  solvers = describeSolvers(cube2);
  solvers.methods.clear();
  CHECK(contains(checkSolvers(cube2, solvers).value_or(""), "unsolvable"));
  solvers.unsolvable = "no solver here";
  CHECK(contains(checkSolvers(cube2, solvers).value_or(""), "own solver"));
  solvers.scramble = {ScrambleSpec::Method::RandomMoves, 0, 0};
  CHECK(contains(checkSolvers(cube2, solvers).value_or(""), "move count"));
  solvers.scramble.moves = 12;
  CHECK(!checkSolvers(cube2, solvers));
  // A move subset names quarter turns the puzzle has.
  solvers.scramble.turns = {"U", "R2"};
  CHECK(contains(checkSolvers(cube2, solvers).value_or(""), "turn R2 is no quarter turn"));
  solvers.scramble.turns = {"U", "R"};
  CHECK(!checkSolvers(cube2, solvers));
  // Pochmann rows need R++, D++ and U (a Megaminx's), and whole rows.
  solvers.scramble = {ScrambleSpec::Method::PochmannRows, 77, 0};
  CHECK(contains(checkSolvers(cube2, solvers).value_or(""), "R++"));
  SolverDescription megaminx = describeSolvers(*findPuzzle("megaminx"));
  CHECK(!checkSolvers(*findPuzzle("megaminx"), megaminx));
  megaminx.scramble.moves = 70;
  CHECK(contains(checkSolvers(*findPuzzle("megaminx"), megaminx).value_or(""), "11 moves each"));

  // Scrambles are the registry's: a spec that sets the old fields is refused.
  PuzzleSpec spec = puzzles::cube2();
  spec.id = "cube2-old-fields";
  spec.scrambleMinDistance = 4;
  const Puzzle oldFields(spec);
  CHECK(contains(checkSolvers(oldFields, describeSolvers(oldFields)).value_or(""),
                 "scrambleMinDistance"));

  solvers = describeSolvers(*findPuzzle("numbered_pyraminx"));
  solvers.methods = {SolveMethod::Optimal};
  CHECK(
      contains(checkSolvers(*findPuzzle("numbered_pyraminx"), solvers).value_or(""), "numbering"));
}

TEST_CASE("solvers: puzzleInfo gives the registry's description and the older fields from it") {
  for (const Puzzle& puzzle : allPuzzles()) {
    CAPTURE(puzzle.id());
    const Json info = service::puzzleInfo(puzzle.id());
    const SolverDescription solvers = describeSolvers(puzzle);
    const Json* described = info.find("solvers");
    REQUIRE(described != nullptr);
    std::vector<std::string> methods;
    for (const Json& method : described->find("solve")->array()) {
      methods.push_back(method.find("method")->string());
      CHECK(method.find("goal")->string() ==
            (puzzle.spec().labelSymbols.empty() ? "solved" : "numbering"));
    }
    CHECK(methods == strings(*info.find("methods")));
    CHECK(methods.size() == solvers.methods.size());
    CHECK(described->find("gods_number")->boolean() == info.find("has_distance_table")->boolean());
    const Json& scramble = *described->find("scramble");
    CHECK((scramble.find("method")->string() == "random-moves") ==
          (info.find("scramble_method")->string() == "moves"));
    CHECK(info.find("solver")->string() == (!solvers.search                              ? "none"
                                            : solvers.kernel()                           ? "optimal"
                                            : solvers.search == SolverKind::TableDescent ? "descent"
                                                                                         : "ida"));
  }
  // The puzzles with a multi-phase solver: optimal and fast solves, random states solved fast.
  for (const char* id : {"cube3", "kilominx"}) {
    CAPTURE(id);
    CHECK(service::puzzleInfo(id).find("solvers")->dump() ==
          R"({"solve":[{"method":"optimal","search":"kernel","goal":"solved","optimal":true},)"
          R"({"method":"fast","search":"two-phase","goal":"solved","optimal":false}],)"
          R"("unsolvable":"","scramble":{"method":"random-state","search":"two-phase",)"
          R"("min_distance":2,"description":"a uniformly random state, at least 2 moves from )"
          R"(solved, solved by the fast multi-phase solver"},"gods_number":false})");
  }
  CHECK(strings(*service::puzzleInfo("kilominx").find("methods")) ==
        std::vector<std::string>{"optimal", "fast"});
  CHECK(service::puzzleInfo("fto").find("solvers")->dump() ==
        R"({"solve":[{"method":"fast","search":"two-phase","goal":"solved","optimal":false}],)"
        R"("unsolvable":"","scramble":{"method":"random-state","search":"two-phase",)"
        R"("min_distance":2,"description":"a uniformly random state, at least 2 moves from )"
        R"(solved, solved by the fast multi-phase solver"},"gods_number":false})");
  CHECK(strings(*service::puzzleInfo("fto").find("methods")) == std::vector<std::string>{"fast"});
}

TEST_CASE("solvers: the service follows a description with no solver and random-move scrambles") {
  // cube2 as a big puzzle would be described: Solve not offered, 12 random moves to scramble.
  const Puzzle& puzzle = *findPuzzle("cube2");
  SolverDescription solvers;
  solvers.unsolvable = "no solver can solve this puzzle yet";
  solvers.scramble = {ScrambleSpec::Method::RandomMoves, 12, 0};
  solvers.wholeTable = false;
  REQUIRE(!checkSolvers(puzzle, solvers));

  const Json info = service::detail::puzzleInfoOf(puzzle, solvers);
  INFO(info.dump());
  CHECK(info.find("methods")->array().empty());
  CHECK(info.find("solver")->string() == "none");
  CHECK(info.find("scramble_method")->string() == "moves");
  CHECK_FALSE(info.find("has_distance_table")->boolean());
  CHECK(info.find("table_key")->string().empty());
  CHECK(info.find("solvers")->dump() ==
        R"({"solve":[],"unsolvable":"no solver can solve this puzzle yet",)"
        R"("scramble":{"method":"random-moves","moves":12,)"
        R"("description":"12 random moves, never one face twice in a row"},"gods_number":false})");

  const Json scrambled = service::detail::scrambleOf(puzzle, solvers, 7, 0, "");
  INFO(scrambled.dump());
  REQUIRE(scrambled.find("ok")->boolean());
  CHECK_FALSE(scrambled.find("random_state")->boolean());
  CHECK(countMoves(scrambled.find("scramble")->string()) == 12);
  // The same moves as scrambleByMoves' 12 (one random draw, one sequence).
  CHECK(scrambled.dump() == service::scramble("cube2", 7, 12).dump());

  const Json solved =
      service::detail::solveOf(puzzle, solvers, scrambled.find("state")->string(), {}, {}, {});
  CHECK_FALSE(solved.find("ok")->boolean());
  CHECK(solved.find("error")->string() == "no solver can solve this puzzle yet");
}

TEST_CASE(
    "solvers: every table or IDA* solver is optimal against a BFS near solved and at known "
    "depths") {
  // The kernel's puzzles have their own tests (their tables take seconds to minutes to build).
  for (const Puzzle& puzzle : allPuzzles()) {
    const SolverDescription solvers = describeSolvers(puzzle);
    if (!solvers.offers(SolveMethod::Optimal) || solvers.kernel()) continue;
    CAPTURE(puzzle.id());
    // Independent of the solver's tables: explicit states from every solved state, as far as
    // about 50,000 of them reach.
    const fixtures::BruteForce near = fixtures::bruteForce(puzzle, puzzle.solvedStates(), 50000);
    REQUIRE(near.complete >= 3);
    Solver solver(puzzle);
    std::mt19937_64 rng(23);
    int known = 0;
    for (int i = 0; i < 60; ++i) {
      // Random walks, some within the BFS's reach and some beyond, then random states.
      const State start =
          i < 40 ? puzzle.applySequence(puzzle.solved(), puzzle.randomMoves(rng, 1 + i % 10))
                 : puzzle.randomState(rng);
      const SolveOutcome outcome = solver.solve(start);
      REQUIRE(outcome.status == SolveOutcome::Status::Solved);
      CHECK(puzzle.isSolved(puzzle.applySequence(start, outcome.moves)));
      const int length = static_cast<int>(outcome.moves.size());
      const int distance = near.of(puzzle, start);
      if (distance >= 0) {
        ++known;
        CHECK(length == distance);
      } else {
        CHECK(length > near.complete);
      }
    }
    CHECK(known >= 15);
    for (const DeepPosition& deep : kDeepPositions) {
      if (puzzle.id() != deep.puzzle) continue;
      const std::optional<State> start = puzzle.decodeState(deep.state);
      REQUIRE(start.has_value());
      const SolveOutcome outcome = solver.solve(*start);
      INFO(outcome.error);
      REQUIRE(outcome.status == SolveOutcome::Status::Solved);
      CHECK(puzzle.isSolved(puzzle.applySequence(*start, outcome.moves)));
      CHECK(static_cast<int>(outcome.moves.size()) == deep.distance);
    }
  }
}

TEST_CASE("solvers: whole tables count every position, as published where it is") {
  // Up to 2^25 entries, a second each at most (the Domino's 406 million are
  // tests/unit/domino_test.cpp's).
  int published = 0;
  for (const Puzzle& puzzle : allPuzzles()) {
    if (!describeSolvers(puzzle).wholeTable) continue;
    const TableSpec spec = Solver::wholeTableSpec(puzzle);
    if (CoordinateSpace::sizeOf(puzzle, spec.coordinates) > (1u << 25)) continue;
    CAPTURE(puzzle.id());
    Solver solver(puzzle);
    const DistanceTable* table = solver.wholeTable();
    REQUIRE(table != nullptr);
    const std::vector<std::uint64_t> counts = solver.countsWithSeparable(table->counts());
    std::uint64_t total = 0;
    for (std::uint64_t count : counts) total += count;
    CHECK(std::to_string(total) == puzzle.stateCountText());
    for (const auto& [id, distribution] : publishedDistributions()) {
      if (id != puzzle.id()) continue;
      ++published;
      CHECK(counts == distribution);
    }
    // A puzzle solved by IDA* over smaller tables (2x2x2, Skewb, the Pyraminx's partial one) while
    // keeping its whole table for God's number: every solution as long as the whole table's
    // distance (plus the tips' own moves, which the whole table leaves out).
    if (puzzle.spec().solver != SolverKind::IdaStar) continue;
    std::mt19937_64 rng(26);
    for (int i = 0; i < 300; ++i) {
      const State start = puzzle.randomState(rng);
      const SolveOutcome outcome = solver.solve(start);
      REQUIRE(outcome.status == SolveOutcome::Status::Solved);
      CHECK(outcome.moves.size() ==
            table->distance(table->space().index(start)) + solver.separableFixes(start).size());
    }
  }
  CHECK(published == static_cast<int>(publishedDistributions().size()));
}
