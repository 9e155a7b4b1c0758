// Symmetric table lookups with custom goals: a table built from a goal set may be looked up
// through a symmetry only if the symmetry maps every goal onto a goal. Goal sets that keep the
// cube2's UFR turns and goal sets that break them, each solved optimally: every length equals the
// distance a plain multi-goal BFS of the whole puzzle gives.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"
#include "search/solver.hpp"
#include "search/symmetry.hpp"

using namespace polytwist;

namespace {

// The catalogue's cube2 with an IDA* solver over a four-corner table, looked up through the
// UFR120 turn and its square (which the catalogue does not name: it is the turn applied twice,
// given as its own sticker cycles by reversing each 3-cycle).
PuzzleSpec cube2WithSymmetricLookups() {
  PuzzleSpec spec = puzzles::cube2();
  std::vector<std::string> reversed;
  for (const std::string& cycle : spec.symmetries[0].second) {
    std::vector<std::string> words;
    std::string word;
    for (char c : cycle + ' ') {
      if (c != ' ') {
        word += c;
      } else if (!word.empty()) {
        words.insert(words.begin(), word);
        word.clear();
      }
    }
    std::string text;
    for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
    reversed.push_back(text);
  }
  spec.symmetries.push_back({"UFR240", reversed});
  spec.solver = SolverKind::IdaStar;
  spec.tables = {{"corners 0-3", {{"corner", {0, 1, 2, 3}, true, true}}, 2, {"UFR120", "UFR240"}}};
  return spec;
}

// A state seen through a puzzle symmetry, as the IDA* lookups see it.
State seen(const Puzzle& puzzle, int symmetry, const State& s) {
  const State& turn = puzzle.symmetries()[symmetry].effect;
  return puzzle.compose(puzzle.compose(puzzle.inverse(turn), s), turn);
}

// Solves random states and states near the goals to `goals`: each solution reaches a goal and is
// as long as the multi-goal BFS distance. Returns how many solves were checked.
int checkOptimal(const Puzzle& puzzle, const std::vector<State>& goals, std::uint64_t seed) {
  const DistanceTable bfs = fixtures::buildTable(puzzle, fixtures::wholeSpec(puzzle, 4), goals);
  Solver solver(puzzle, goals);
  REQUIRE(solver.prepare());
  std::mt19937_64 rng(seed);
  int checked = 0;
  for (int trial = 0; trial < 120; ++trial) {
    // Half random states, half a few moves from a goal (where a bad estimate shows most).
    State start = puzzle.randomState(rng);
    if (trial % 2 == 1) {
      start = puzzle.applySequence(goals[trial % goals.size()],
                                   fixtures::randomMoves(puzzle, rng, 2 + trial % 5));
    }
    const int distance = bfs.distance(bfs.space().index(start));
    // No deeper than the BFS distance: a lookup that overestimates shows as a failed solve at
    // once, not as a search that wanders for minutes.
    SearchOptions options;
    options.maxDepth = distance;
    const SolveOutcome outcome = solver.solve(start, options);
    REQUIRE_MESSAGE(outcome.status == SolveOutcome::Status::Solved, outcome.error);
    CHECK(static_cast<int>(outcome.moves.size()) == distance);
    const State end = puzzle.applySequence(start, outcome.moves);
    CHECK(std::find(goals.begin(), goals.end(), end) != goals.end());
    ++checked;
  }
  return checked;
}

}  // namespace

TEST_CASE("symmetry goals: a symmetry is used only when it maps every goal onto a goal") {
  const Puzzle cube(cube2WithSymmetricLookups());
  REQUIRE(cube.symmetries().size() == 2);
  std::mt19937_64 rng(15);
  const State g = cube.applySequence(cube.solved(), fixtures::randomMoves(cube, rng, 6));
  REQUIRE(g != cube.solved());
  const auto through = [&](int symmetry) {
    return [&, symmetry](const State& s) { return seen(cube, symmetry, s); };
  };
  // Solved alone, and g with both its images: kept by both turns.
  const std::vector<State> orbit = {cube.solved(), g, seen(cube, 0, g), seen(cube, 1, g)};
  for (int symmetry : {0, 1}) {
    CHECK(mapsGoalsToGoals({cube.solved()}, through(symmetry)));
    CHECK(mapsGoalsToGoals(orbit, through(symmetry)));
    // g without its images: broken.
    CHECK_FALSE(mapsGoalsToGoals({cube.solved(), g}, through(symmetry)));
  }
  // The same test on the symmetry group of the optimal-search kernel.
  const SymmetryGroup group(cube);
  for (int s = 0; s < group.size(); ++s) {
    CHECK(group.keepsGoals(s, {cube.solved()}));
    CHECK(group.keepsGoals(
        s, {cube.solved(), group.conjugate(s, g), g, group.conjugate(s, group.conjugate(s, g))}));
    CHECK(group.keepsGoals(s, {cube.solved(), g}) == (group.conjugate(s, g) == g));
  }
}

TEST_CASE("symmetry goals: optimal lengths to custom goal sets equal a multi-goal BFS") {
  const Puzzle cube(cube2WithSymmetricLookups());
  std::mt19937_64 rng(1515);
  for (int trial = 0; trial < 3; ++trial) {
    CAPTURE(trial);
    const State g = cube.applySequence(cube.solved(), fixtures::randomMoves(cube, rng, 5 + trial));
    // Goals the turns keep: the symmetric lookups stay.
    CHECK(checkOptimal(cube, {cube.solved(), g, seen(cube, 0, g), seen(cube, 1, g)}, trial) > 0);
    // Goals that break them: plain lookups only, still optimal.
    CHECK(checkOptimal(cube, {cube.solved(), g}, trial) > 0);
    CHECK(checkOptimal(cube, {g}, trial) > 0);
  }
}

TEST_CASE("symmetry goals: the optimal-search kernel refuses goals other than the solved states") {
  const Puzzle& cube3 = *findPuzzle("cube3");
  const State other = cube3.applySequence(cube3.solved(), {0});
  Solver solver(cube3, {cube3.solved(), other});
  const SolveOutcome outcome = solver.solve(cube3.applySequence(cube3.solved(), {3}));
  CHECK(outcome.status == SolveOutcome::Status::Failed);
  CHECK(fixtures::contains(outcome.error, "solved states only"));
}
