// Scrambles are drawn as they claim (issue 26, "Tests and figures"): random states uniformly, by
// chi-square tests over coordinates of 100,000 draws; random moves of the big cubes with every
// piece as likely at every place; random-state scrambles reaching the state drawn for them.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <deque>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "api/service.hpp"
#include "core/json.hpp"
#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"
#include "puzzles/random_moves.hpp"
#include "puzzles/solvers.hpp"

using namespace polytwist;

namespace {

// A coordinate of one orbit: its pieces' places, their orientations, or both. A move acts on
// each by itself (compose reads the orbit's own bytes only), so a uniformly random element of
// the puzzle's group gives each value reachable from solved equally often.
enum class Part { Places, Orientations, Both };

std::string coordinateOf(const State& s, const Orbit& orbit, Part part) {
  std::string key;
  if (part != Part::Orientations)
    key.append(s.pieces.begin() + orbit.offset, s.pieces.begin() + orbit.offset + orbit.size);
  if (part != Part::Places)
    key.append(s.ori.begin() + orbit.offset, s.ori.begin() + orbit.offset + orbit.size);
  return key;
}

// The coordinate's values reachable from solved (a breadth-first search of its values under the
// moves), or an empty set when there are more than `limit`.
std::unordered_set<std::string> reachableValues(const Puzzle& puzzle, const Orbit& orbit, Part part,
                                                std::size_t limit) {
  const State solved = puzzle.solved();
  std::unordered_set<std::string> seen = {coordinateOf(solved, orbit, part)};
  std::deque<State> queue = {solved};
  while (!queue.empty()) {
    const State s = queue.front();
    queue.pop_front();
    for (const Move& move : puzzle.moves()) {
      State next = puzzle.compose(s, move.effect);
      if (!seen.insert(coordinateOf(next, orbit, part)).second) continue;
      if (seen.size() > limit) return {};
      queue.push_back(std::move(next));
    }
  }
  return seen;
}

}  // namespace

TEST_CASE("random states of the 2x2x2, Pyraminx and Skewb are uniform over each coordinate") {
  // 100,000 draws of each; each orbit's places, orientations, and both together when that
  // coordinate has at most 20,000 values (5 draws or more expected of each). The statistic over
  // all reachable values (unseen ones count 0) stays under the bound it exceeds with probability
  // 1e-6.
  constexpr int kDraws = 100000;
  constexpr std::size_t kMostValues = kDraws / 5;
  const auto start = std::chrono::steady_clock::now();
  int tested = 0;
  for (const char* id : {"cube2", "pyraminx", "skewb"}) {
    const Puzzle& puzzle = *findPuzzle(id);
    struct Coordinate {
      const Orbit* orbit;
      Part part;
      std::unordered_map<std::string, int> counts;  // every reachable value, and its draws
      int unreachable = 0;
    };
    std::vector<Coordinate> coordinates;
    for (const Orbit& orbit : puzzle.orbits()) {
      for (const Part part : {Part::Places, Part::Orientations, Part::Both}) {
        const std::unordered_set<std::string> values =
            reachableValues(puzzle, orbit, part, kMostValues);
        if (values.size() < 2) continue;  // too many to test, or one value only
        Coordinate coordinate{&orbit, part, {}};
        for (const std::string& value : values) coordinate.counts[value] = 0;
        coordinates.push_back(std::move(coordinate));
      }
    }
    std::mt19937_64 rng(26);
    for (int i = 0; i < kDraws; ++i) {
      const State s = puzzle.randomState(rng);
      for (Coordinate& coordinate : coordinates) {
        const auto it = coordinate.counts.find(coordinateOf(s, *coordinate.orbit, coordinate.part));
        if (it == coordinate.counts.end()) {
          ++coordinate.unreachable;
        } else {
          ++it->second;
        }
      }
    }
    for (const Coordinate& coordinate : coordinates) {
      std::vector<int> tally;
      for (const auto& [value, count] : coordinate.counts) tally.push_back(count);
      const double statistic = fixtures::chiSquare(tally, kDraws / double(tally.size()));
      const double bound =
          fixtures::chiSquareBound(double(tally.size() - 1), fixtures::kZOneInAMillion);
      const std::string orbitName = coordinate.orbit->name;
      const int part = static_cast<int>(coordinate.part), values = static_cast<int>(tally.size());
      CAPTURE(id);
      CAPTURE(orbitName);
      CAPTURE(part);
      CAPTURE(values);
      CAPTURE(statistic);
      CAPTURE(bound);
      CHECK(coordinate.unreachable == 0);
      CHECK(statistic < bound);
      ++tested;
    }
  }
  // cube2: corner places (5,040) and orientations (729); Pyraminx: tips, centres, edge places,
  // orientations and both (11,520); Skewb: its two corner orbits and centres.
  CHECK(tested >= 9);
  MESSAGE(
      tested, " coordinates of 100,000 draws each tested in ",
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(),
      " ms");
}

namespace {

// For each piece of each orbit, how often it ends at each place in each orientation over
// `count` positions drawn; a chi-square per piece, bounded at p = 1e-6 divided by the pieces
// tested (Bonferroni). Returns how many pieces fail.
template <typename Draw>
int piecesNotUniform(const Puzzle& puzzle, int count, Draw draw) {
  std::vector<std::vector<int>> counts;  // per piece (all orbits), per place and orientation
  for (const Orbit& orbit : puzzle.orbits()) {
    for (int piece = 0; piece < orbit.size; ++piece) {
      counts.emplace_back(orbit.size * orbit.orientations, 0);
    }
  }
  for (int i = 0; i < count; ++i) {
    const State s = draw();
    int first = 0;
    for (const Orbit& orbit : puzzle.orbits()) {
      for (int place = 0; place < orbit.size; ++place) {
        const int piece = s.pieces[orbit.offset + place];
        ++counts[first + piece][place * orbit.orientations + s.ori[orbit.offset + place]];
      }
      first += orbit.size;
    }
  }
  // 1e-6 / pieces is about the upper tail beyond 4.75 + ln(pieces) / 4.75 deviations (a
  // normal tail's slope): 6.0 for the 7x7x7's 386 pieces.
  const double z = fixtures::kZOneInAMillion +
                   std::log(static_cast<double>(counts.size())) / fixtures::kZOneInAMillion;
  int failing = 0;
  for (const std::vector<int>& where : counts) {
    const double statistic = fixtures::chiSquare(where, count / double(where.size()));
    failing += statistic >= fixtures::chiSquareBound(double(where.size() - 1), z);
  }
  return failing;
}

}  // namespace

TEST_CASE("big cubes' random-move scrambles: each piece as likely at each place and turn") {
  // 1,000 scrambles of each (each puzzle's own: 60, 80, 100 moves).
  const auto start = std::chrono::steady_clock::now();
  for (const char* id : {"cube5", "cube6", "cube7"}) {
    const Puzzle& puzzle = *findPuzzle(id);
    const ScrambleSpec how = describeSolvers(puzzle).scramble;
    std::mt19937_64 rng(2026);
    CAPTURE(id);
    CHECK(piecesNotUniform(puzzle, 1000, [&] {
            return puzzle.applySequence(puzzle.solved(),
                                        drawRandomMoves(puzzle, how, 0, rng).moves);
          }) == 0);
  }
  MESSAGE(
      "big cubes' pieces over 1,000 scrambles each in ",
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(),
      " ms");
}

TEST_CASE("4x4x4 random states: each corner, wing and centre as likely at each place and twist") {
  // The states its random-state scrambles are drawn from (identical centres: any of a colour's
  // four may stand anywhere); the pieces' parities tie together as on the real puzzle
  // (checkReachable: puzzle_test.cpp).
  const Puzzle& puzzle = *findPuzzle("cube4");
  std::mt19937_64 rng(2026);
  CHECK(piecesNotUniform(puzzle, 4000, [&] { return puzzle.randomState(rng); }) == 0);
}

TEST_CASE("random-state scrambles of puzzles beyond the WCA's reach the state drawn for them") {
  // The service draws states from the seed's generator until one is far enough from solved and
  // writes a sequence to it: the sequence replayed reaches one of those draws (the first but for
  // the few too near solved), not merely the state the answer reports. The WCA events' puzzles
  // are checked in events_test.cpp; the Dino cube's and Master Pyraminx's solvers take seconds
  // to prepare.
  for (const char* id : {"domino", "numbered_pyraminx", "baby_fto", "cube223"}) {
    const Puzzle& puzzle = *findPuzzle(id);
    CAPTURE(id);
    int firstDraws = 0;
    for (int seed = 0; seed < 20; ++seed) {
      const Json answer = service::scramble(id, seed);
      REQUIRE_MESSAGE(answer.find("ok")->boolean(), answer.dump());
      REQUIRE(answer.find("random_state")->boolean());
      const Json replay = service::applyMoves(id, "", answer.find("scramble")->string());
      REQUIRE(replay.find("ok")->boolean());
      CHECK(replay.find("state")->string() == answer.find("state")->string());
      const int draw = fixtures::randomDrawReached(puzzle, seed, replay.find("state")->string(), 5);
      CAPTURE(seed);
      CHECK(draw >= 0);
      firstDraws += draw == 0;
    }
    CHECK(firstDraws >= 15);
  }
}
