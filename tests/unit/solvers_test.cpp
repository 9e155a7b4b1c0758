// The solver registry (puzzles/solvers.hpp): one description per puzzle, agreeing with its spec,
// and a puzzle with no solver at all.
#include "puzzles/solvers.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;
using fixtures::contains;

namespace {

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
  CHECK(kilominx.methods == std::vector{SolveMethod::Optimal});
  CHECK(kilominx.scramble.method == ScrambleSpec::Method::RandomMoves);
  CHECK(kilominx.scramble.moves == 30);

  const SolverDescription numbered = describeSolvers(*findPuzzle("numbered_pyraminx"));
  CHECK(numbered.methods == std::vector{SolveMethod::Numbering});
  CHECK(numbered.search == SolverKind::TableDescent);
  CHECK_FALSE(numbered.wholeTable);

  const SolverDescription cube2 = describeSolvers(*findPuzzle("cube2"));
  CHECK(cube2.search == SolverKind::TableDescent);
  CHECK(cube2.wholeTable);
  CHECK(cube2.scramble.method == ScrambleSpec::Method::RandomState);
  CHECK(cube2.scramble.minDistance == 4);
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

  solvers = describeSolvers(*findPuzzle("numbered_pyraminx"));
  solvers.methods = {SolveMethod::Optimal};
  CHECK(
      contains(checkSolvers(*findPuzzle("numbered_pyraminx"), solvers).value_or(""), "numbering"));
}
