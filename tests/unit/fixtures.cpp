#include "fixtures.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <optional>

#include "geometry/holdings.hpp"
#include "puzzles/catalogue.hpp"
#include "search/coordinate.hpp"

namespace fixtures {

using polytwist::PermutationRule;
using polytwist::Puzzle;
using polytwist::PuzzleSpec;
using polytwist::State;

PuzzleSpec gearSpec() {
  const std::vector<polytwist::PowerSpec> third = {{1, ""}, {2, "'"}};
  PuzzleSpec spec;
  spec.id = "gear";
  spec.name = "Test gear";
  // 15 stickers: U0-U3 (0-3), F0-F2 (4-6), R0-R2 (7-9), L0-L1 (10-11), D0-D2 (12-14).
  spec.faces = {{"U", 'U', 4, "#ffffff"},
                {"F", 'F', 3, "#00ff00"},
                {"R", 'R', 3, "#ff0000"},
                {"L", 'L', 2, "#ff8000"},
                {"D", 'D', 3, "#ffff00"}};
  spec.orbits = {{.name = "edge",
                  .pieces = {"U0 F0", "U1 R0", "U2 L0", "D0 F1"},
                  .orientations = 2,
                  .permutation = PermutationRule::Even,
                  .orientationSumZero = true},
                 {.name = "tip",
                  .pieces = {"U3 R1 F2", "D1 L1 R2"},
                  .orientations = 3,
                  .permutation = PermutationRule::Fixed}};
  // X: e0 -> e1 -> e2 -> e0, the last two steps flipping the piece. Y: e1 -> e2 -> e3 -> e1.
  // T and S twist the tips. Z flips e0 and e3 in place (without it the flips would only reach
  // "none" and "all four": X's flips alone can be undone by relabelling e2's orientation).
  spec.moves = {{"X", {"U0 U1 L0", "F0 R0 U2"}, third},
                {"Y", {"U1 U2 D0", "R0 L0 F1"}, third},
                {"T", {"U3 R1 F2"}, third},
                {"S", {"D1 L1 R2"}, third},
                {"Z", {"U0 F0", "D0 F1"}, {{1, ""}}}};
  spec.solver = polytwist::SolverKind::IdaStar;
  spec.tables = {{"gear edges", {{"edge", {}, true, true}}, 2, {}},
                 {"gear tips", {{"tip", {}, false, true}}, 2, {}}};
  spec.hasDistanceTable = true;
  return spec;
}

PuzzleSpec linkedSpec() {
  PuzzleSpec spec;
  spec.id = "linked";
  spec.name = "Test linked parities";
  // 10 stickers: A0 B0 C0 D0 (0-3), E0-E1 (4-5), G0-G1 (6-7), H0-H1 (8-9).
  spec.faces = {{"A", 'A', 1, "#000001"}, {"B", 'B', 1, "#000002"}, {"C", 'C', 1, "#000003"},
                {"D", 'D', 1, "#000004"}, {"E", 'E', 2, "#000005"}, {"G", 'G', 2, "#000006"},
                {"H", 'H', 2, "#000007"}};
  spec.orbits = {{.name = "a", .pieces = {"A0", "B0", "C0", "D0"}},
                 {.name = "b",
                  .pieces = {"E0 G0", "G1 H0", "H1 E1"},
                  .orientations = 2,
                  .permutation = PermutationRule::SameParityAs,
                  .parityOrbit = "a"}};
  spec.moves = {{"M", {"A0 B0", "E0 G1", "G0 H0"}, {{1, ""}}},
                {"N", {"B0 C0 D0"}, {{1, ""}, {2, "'"}}},
                {"K", {"E0 G1 H1", "G0 H0 E1"}, {{1, ""}, {2, "'"}}},
                {"L", {"H1 E1"}, {{1, ""}}}};
  spec.solver = polytwist::SolverKind::TableDescent;
  spec.hasDistanceTable = true;
  return spec;
}

PuzzleSpec ringSpec(int n) {
  PuzzleSpec spec;
  spec.id = "ring" + std::to_string(n);
  spec.name = "Test ring";
  spec.faces = {{"P", 'P', n, "#000001"}, {"Q", 'Q', n, "#000002"}};
  polytwist::OrbitSpec orbit{.name = "ring", .pieces = {}, .orientations = 2};
  std::string ps, qs;
  for (int i = 0; i < n; ++i) {
    orbit.pieces.push_back("P" + std::to_string(i) + " Q" + std::to_string(i));
    ps += (i ? " P" : "P") + std::to_string(i);
    qs += (i ? " Q" : "Q") + std::to_string(i);
  }
  spec.orbits = {orbit};
  spec.moves = {{"C", {ps, qs}, {{1, ""}, {n - 1, "'"}}}, {"F", {"P0 Q0"}, {{1, ""}}}};
  return spec;
}

PuzzleSpec barSpec() {
  PuzzleSpec spec;
  spec.id = "bar";
  spec.name = "Test bars";
  spec.faces = {{"A", 'A', 2, "#000001"}, {"B", 'B', 1, "#000002"}, {"C", 'C', 1, "#000003"}};
  spec.orbits = {{.name = "bar", .pieces = {"A0 B0", "A1 C0"}}};
  spec.moves = {{"S", {"A0 A1", "B0 C0"}, {{1, ""}}}};
  return spec;
}

const Puzzle& gear() {
  static const Puzzle puzzle(gearSpec());
  return puzzle;
}

const Puzzle& linked() {
  static const Puzzle puzzle(linkedSpec());
  return puzzle;
}

const Puzzle& cube2() { return *polytwist::findPuzzle("cube2"); }

int BruteForce::of(const Puzzle& puzzle, const State& s) const {
  const auto found = distance.find(puzzle.encodeState(s));
  return found == distance.end() ? -1 : found->second;
}

BruteForce bruteForce(const Puzzle& puzzle, const std::vector<State>& goals,
                      std::size_t maxStates) {
  BruteForce result;
  std::deque<State> queue;
  for (const State& goal : goals) {
    if (result.distance.emplace(puzzle.encodeState(goal), 0).second) queue.push_back(goal);
  }
  while (!queue.empty()) {
    const State s = queue.front();
    const int d = result.distance.at(puzzle.encodeState(s));
    // Entering layer d: every state at distance d is known.
    if (d > result.complete) {
      result.complete = d;
      if (maxStates > 0 && result.distance.size() > maxStates) return result;
    }
    queue.pop_front();
    if (static_cast<int>(result.counts.size()) <= d) result.counts.push_back(0);
    ++result.counts[d];
    result.states.push_back(s);
    for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
      State next = s;
      puzzle.applyMove(next, m);
      if (result.distance.emplace(puzzle.encodeState(next), d + 1).second) queue.push_back(next);
    }
  }
  return result;
}

const BruteForce& gearStates() {
  static const BruteForce states = bruteForce(gear(), {gear().solved()});
  return states;
}

const BruteForce& linkedStates() {
  static const BruteForce states = bruteForce(linked(), {linked().solved()});
  return states;
}

polytwist::TableSpec wholeSpec(const Puzzle& puzzle, int bits) {
  return {puzzle.id() + " whole " + std::to_string(bits),
          polytwist::wholePuzzleCoordinates(puzzle),
          bits,
          {}};
}

const polytwist::DistanceTable& cube2Exact() {
  static const polytwist::DistanceTable table =
      *polytwist::DistanceTable::build(cube2(), wholeSpec(cube2(), 4), {cube2().solved()});
  return table;
}

int cube2Distance(const State& s) { return cube2Exact().distance(cube2Exact().space().index(s)); }

std::vector<int> randomMoves(const Puzzle& puzzle, std::mt19937_64& rng, int length) {
  std::uniform_int_distribution<int> pick(0, static_cast<int>(puzzle.moves().size()) - 1);
  std::vector<int> moves;
  for (int i = 0; i < length; ++i) moves.push_back(pick(rng));
  return moves;
}

polytwist::DistanceTable buildTable(const polytwist::Puzzle& puzzle,
                                    const polytwist::TableSpec& spec,
                                    const std::vector<polytwist::State>& goals) {
  std::optional<polytwist::DistanceTable> table =
      polytwist::DistanceTable::build(puzzle, spec, goals);
  REQUIRE(table.has_value());
  return std::move(*table);
}

int stickerIndex(const polytwist::Puzzle& puzzle, const std::string& name) {
  for (int s = 0; s < puzzle.faceletCount(); ++s) {
    if (puzzle.faceletName(s) == name) return s;
  }
  FAIL("no sticker named " << name);
  return -1;
}

std::vector<int> stickerIndices(const polytwist::Puzzle& puzzle,
                                const std::vector<std::string>& names) {
  std::vector<int> result;
  for (const std::string& name : names) result.push_back(stickerIndex(puzzle, name));
  return sorted(result);
}

std::string recoloured(const polytwist::Puzzle& puzzle,
                       const std::vector<std::pair<std::string, char>>& changes) {
  std::string facelets = puzzle.facelets(puzzle.solved());
  for (const auto& [name, letter] : changes) facelets[stickerIndex(puzzle, name)] = letter;
  return facelets;
}

std::vector<int> sorted(std::vector<int> values) {
  std::sort(values.begin(), values.end());
  return values;
}

polytwist::FaceletError faceletError(const polytwist::Puzzle& puzzle, const std::string& text) {
  const polytwist::FaceletReading reading =
      polytwist::stateFromFacelets(puzzle, text, polytwist::geometry::wholeTurnsOf(puzzle));
  CHECK_FALSE(reading.state.has_value());
  CHECK(!reading.error.message.empty());
  return reading.error;
}

void checkSolvesAgainstTable(const polytwist::Puzzle& puzzle, polytwist::Solver& solver,
                             const polytwist::DistanceTable& table, int samples, std::uint64_t seed,
                             const std::function<bool(const polytwist::State&)>& isGoal) {
  std::mt19937_64 rng(seed);
  int mismatches = 0, unsolved = 0;
  for (int i = 0; i < samples; ++i) {
    const polytwist::State state = puzzle.randomState(rng);
    const polytwist::SolveOutcome outcome = solver.solve(state);
    REQUIRE(outcome.status == polytwist::SolveOutcome::Status::Solved);
    mismatches +=
        static_cast<int>(outcome.moves.size()) != table.distance(table.space().index(state));
    unsolved += !isGoal(puzzle.applySequence(state, outcome.moves));
  }
  CHECK(mismatches == 0);
  CHECK(unsolved == 0);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string field(const polytwist::Json& answer, const char* key) {
  const polytwist::Json* found = answer.find(key);
  REQUIRE_MESSAGE(found != nullptr, "no ", key, " in ", answer.dump());
  return found->isString() ? found->string() : found->dump();
}

int randomDrawReached(const Puzzle& puzzle, std::uint64_t seed, const std::string& stateText,
                      int tries) {
  const std::optional<State> reached =
      stateText.empty() ? puzzle.solved() : puzzle.decodeState(stateText);
  REQUIRE(reached);
  std::mt19937_64 rng(seed);
  for (int draw = 0; draw < tries; ++draw) {
    if (puzzle.samePosition(puzzle.randomState(rng), *reached)) return draw;
  }
  return -1;
}

double chiSquare(const std::vector<int>& counts, double expected) {
  double sum = 0;
  for (int count : counts) sum += (count - expected) * (count - expected) / expected;
  return sum;
}

double chiSquareBound(double degrees, double z) {
  const double h = 2 / (9 * degrees);
  return degrees * std::pow(1 - h + z * std::sqrt(h), 3);
}

}  // namespace fixtures
