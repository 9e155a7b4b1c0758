// Identical pieces (OrbitSpec::identical): counts, solved tests, colourings and the group, on
// small puzzles checked against a breadth-first search over what the stickers show, and on the
// 4x4x4 (tests/unit/generated_puzzles.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <deque>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/facelets.hpp"
#include "core/permutation_group.hpp"
#include "core/puzzle.hpp"
#include "fixtures.hpp"
#include "generated_puzzles.hpp"

using namespace polytwist;
using fixtures::contains;

namespace {

// The "linked" fixture with a0 and a1 identical (both on face A): a's parity no longer binds b.
PuzzleSpec twinsSpec() {
  PuzzleSpec spec;
  spec.id = "twins";
  spec.name = "Test twins";
  spec.faces = {{"A", 'A', 2, "#000001"}, {"C", 'C', 1, "#000003"}, {"D", 'D', 1, "#000004"},
                {"E", 'E', 2, "#000005"}, {"G", 'G', 2, "#000006"}, {"H", 'H', 2, "#000007"}};
  spec.orbits = {{.name = "a", .pieces = {"A0", "A1", "C0", "D0"}, .identical = {0, 0, 1, 2}},
                 {.name = "b",
                  .pieces = {"E0 G0", "G1 H0", "H1 E1"},
                  .orientations = 2,
                  .permutation = PermutationRule::SameParityAs,
                  .parityOrbit = "a"}};
  spec.moves = {{"M", {"A0 A1", "E0 G1", "G0 H0"}, {{1, ""}}},
                {"N", {"A1 C0 D0"}, {{1, ""}, {2, "'"}}},
                {"K", {"E0 G1 H1", "G0 H0 E1"}, {{1, ""}, {2, "'"}}},
                {"L", {"H1 E1"}, {{1, ""}}}};
  return spec;
}

// Two orbits turned alike, so the moves reach 12 of the 144 positions the rules allow; c0 and c1
// are identical. Derived rules.
PuzzleSpec diagonalSpec() {
  PuzzleSpec spec;
  spec.id = "diagonal";
  spec.name = "Test diagonal";
  spec.faces = {{"A", 'A', 1, "#000001"}, {"B", 'B', 1, "#000002"}, {"C", 'C', 1, "#000003"},
                {"D", 'D', 1, "#000004"}, {"E", 'E', 2, "#000005"}, {"F", 'F', 1, "#000006"},
                {"G", 'G', 1, "#000007"}};
  spec.orbits = {{.name = "a", .pieces = {"A0", "B0", "C0", "D0"}},
                 {.name = "c", .pieces = {"E0", "E1", "F0", "G0"}, .identical = {0, 0, 1, 2}}};
  spec.moves = {{"X", {"A0 B0 C0", "E0 E1 F0"}, {{1, ""}, {2, "'"}}},
                {"Y", {"B0 C0 D0", "E1 F0 G0"}, {{1, ""}, {2, "'"}}}};
  spec.deriveRules = true;
  return spec;
}

// Two orbits of identical pairs, b declared SameParityAs a, turned alike by the moves: the rules
// allow 3 · 3 positions (either orbit's parity is free), the moves reach 3.
PuzzleSpec pairsSpec(bool derive) {
  PuzzleSpec spec;
  spec.id = "pairs";
  spec.name = "Test pairs";
  spec.faces = {{"A", 'A', 2, "#000001"},
                {"B", 'B', 2, "#000002"},
                {"C", 'C', 1, "#000003"},
                {"D", 'D', 1, "#000004"}};
  spec.orbits = {{.name = "a", .pieces = {"A0", "A1", "C0"}, .identical = {0, 0, 1}},
                 {.name = "b",
                  .pieces = {"B0", "B1", "D0"},
                  .permutation = PermutationRule::SameParityAs,
                  .parityOrbit = "a",
                  .identical = {0, 0, 1}}};
  spec.moves = {{"M", {"A0 C0", "B0 D0"}, {{1, ""}}}, {"N", {"A1 C0", "B1 D0"}, {{1, ""}}}};
  spec.deriveRules = derive;
  return spec;
}

// Every position the moves reach, as the colourings they show.
std::set<std::string> reachableColourings(const Puzzle& puzzle) {
  std::set<std::string> seen = {puzzle.facelets(puzzle.solved())};
  std::deque<State> queue = {puzzle.solved()};
  while (!queue.empty()) {
    const State s = queue.front();
    queue.pop_front();
    for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
      State next = s;
      puzzle.applyMove(next, m);
      if (seen.insert(puzzle.facelets(next)).second) queue.push_back(next);
    }
  }
  return seen;
}

// Every permutation of `letters`' characters, once each.
std::vector<std::string> arrangements(std::string letters) {
  std::sort(letters.begin(), letters.end());
  std::vector<std::string> all;
  do all.push_back(letters);
  while (std::next_permutation(letters.begin(), letters.end()));
  return all;
}

}  // namespace

TEST_CASE("identical pieces: counts equal the colourings a search reaches") {
  const Puzzle twins(twinsSpec());
  CHECK(twins.hasIdenticalPieces());
  CHECK(twins.orbits()[0].identicalClass == std::vector<int>{0, 0, 2, 3});
  // 4!/2! · 3! · 2^3: swapping a0 and a1 makes any parity of a, so b's parity is free.
  CHECK(twins.stateCountText() == "576");
  CHECK(reachableColourings(twins).size() == 576);
  CHECK(twins.reachableCount() == "576");

  const Puzzle diagonal(diagonalSpec());
  CHECK(diagonal.orbits()[0].permutation == PermutationRule::Even);
  CHECK(diagonal.orbits()[1].permutation == PermutationRule::Even);
  CHECK(diagonal.ruleCount().toString() == "144");  // 4!/2 · 4!/2!
  CHECK_FALSE(diagonal.rulesAreExact());
  CHECK(diagonal.reachableCount() == "12");
  CHECK(diagonal.stateCountText() == "12");
  CHECK(reachableColourings(diagonal).size() == 12);
  CHECK(diagonal.group().order() == BigCount(12));
}

TEST_CASE("identical pieces: solved and same position up to interchanging them") {
  const Puzzle twins(twinsSpec());
  State relabelled = twins.solved();
  std::swap(relabelled.pieces[0], relabelled.pieces[1]);  // a0 and a1 exchanged: looks solved
  CHECK(twins.isSolved(relabelled));
  CHECK(twins.sameLook(relabelled, twins.solved()));
  CHECK(twins.samePosition(relabelled, twins.solved()));
  CHECK(twins.checkReachable(relabelled) == std::nullopt);  // an odd a: relabelled for the rules
  State other = twins.solved();
  std::swap(other.pieces[1], other.pieces[2]);  // a1 and a2 look different
  CHECK_FALSE(twins.isSolved(other));
  CHECK_FALSE(twins.sameLook(other, twins.solved()));
  relabelled.ori[5] = 1;
  CHECK_FALSE(twins.isSolved(relabelled));  // same places, another orientation
  // Relabelling for the rules makes a's parity follow b's; the position stays the same.
  State s = twins.solved();
  std::swap(s.pieces[4], s.pieces[5]);  // b odd
  State fixed = s;
  twins.relabelIdenticalForRules(fixed);
  CHECK(fixed != s);
  CHECK(twins.sameLook(fixed, s));
  CHECK(twins.checkReachable(s) == std::nullopt);
}

TEST_CASE("identical pieces: colourings are read in any order of the identical pieces") {
  const Puzzle twins(twinsSpec());
  for (const std::string& colouring : reachableColourings(twins)) {
    const FaceletReading reading = stateFromFacelets(twins, colouring);
    REQUIRE_MESSAGE(reading.state.has_value(), colouring, ": ", reading.error.message);
    CHECK(twins.facelets(*reading.state) == colouring);
    // The state read meets the rules as it is, labels included.
    CHECK(twins.checkReachable(*reading.state) == std::nullopt);
    const int parityA = (reading.state->pieces[0] > reading.state->pieces[1]) +
                        (reading.state->pieces[0] > reading.state->pieces[2]) +
                        (reading.state->pieces[0] > reading.state->pieces[3]) +
                        (reading.state->pieces[1] > reading.state->pieces[2]) +
                        (reading.state->pieces[1] > reading.state->pieces[3]) +
                        (reading.state->pieces[2] > reading.state->pieces[3]);
    const int parityB = (reading.state->pieces[4] > reading.state->pieces[5]) +
                        (reading.state->pieces[4] > reading.state->pieces[6]) +
                        (reading.state->pieces[5] > reading.state->pieces[6]);
    CHECK(parityA % 2 == parityB % 2);
  }
  // One identical piece too many.
  const FaceletError error = fixtures::faceletError(twins, "AAADEEGGHH");
  CHECK(contains(error.message, "the A a appears 3 times, but the puzzle has 2: at A0, A1, C0"));
  CHECK(error.stickers == std::vector<int>{0, 1, 2});
}

TEST_CASE("identical pieces: the group decides colourings the rules cannot") {
  const Puzzle diagonal(diagonalSpec());
  const std::set<std::string> reachable = reachableColourings(diagonal);
  int accepted = 0, beyond = 0;
  for (const std::string& a : arrangements("ABCD")) {
    for (const std::string& c : arrangements("EEFG")) {
      const std::string colouring = a + c;
      CAPTURE(colouring);
      const FaceletReading reading = stateFromFacelets(diagonal, colouring);
      CHECK(reading.state.has_value() == (reachable.count(colouring) == 1));
      if (reading.state) {
        ++accepted;
        CHECK(diagonal.facelets(*reading.state) == colouring);
        CHECK(diagonal.group().contains(diagonal.slotPermutation(*reading.state)));
        CHECK(diagonal.checkReachable(*reading.state) == std::nullopt);
      } else if (contains(reading.error.message, "cannot be reached by turns of the puzzle")) {
        ++beyond;
        CHECK(!reading.error.stickers.empty());
      } else {
        CHECK(contains(reading.error.message, "odd permutation"));
      }
    }
  }
  CHECK(accepted == 12);
  CHECK(beyond == 12 * 12 - 12);
  // checkReachable agrees, with the message of positions beyond the rules.
  State s = diagonal.solved();
  std::swap(s.pieces[4], s.pieces[6]);
  std::swap(s.pieces[5], s.pieces[7]);  // c even but a solved
  CHECK(diagonal.checkReachable(s) ==
        "this position cannot be reached by turns of the puzzle (a constraint beyond orientation "
        "sums and permutation parity)");
  // Random states come from the group: every one of the 12, evenly.
  std::mt19937_64 rng(8);
  std::map<std::string, int> counts;
  for (int i = 0; i < 12000; ++i) {
    const State r = diagonal.randomState(rng);
    REQUIRE(diagonal.checkReachable(r) == std::nullopt);
    ++counts[diagonal.facelets(r)];
  }
  CHECK(counts.size() == 12);
  for (const auto& [colouring, count] : counts) CHECK((count > 850 && count < 1150));
}

TEST_CASE("identical pieces: the 4x4x4's centres") {
  const Puzzle cube(fixtures::cubeSpec(4));
  CHECK(cube.hasIdenticalPieces());
  CHECK(cube.rulesAreExact());
  std::mt19937_64 rng(12);
  const int centres = cube.orbitIndex("centre1_1");
  REQUIRE(centres >= 0);
  const Orbit& orbit = cube.orbits()[centres];
  for (int trial = 0; trial < 100; ++trial) {
    const State s = cube.randomState(rng);
    REQUIRE(cube.checkReachable(s) == std::nullopt);
    const std::string colouring = cube.facelets(s);
    const FaceletReading reading = stateFromFacelets(cube, colouring);
    REQUIRE_MESSAGE(reading.state.has_value(), reading.error.message);
    CHECK(cube.facelets(*reading.state) == colouring);
    CHECK(cube.samePosition(*reading.state, s));
    // Any relabelling of the centres is the same position, and reachable.
    State shuffled = s;
    for (int i = 0; i < orbit.size; ++i) {
      for (int j = i + 1; j < orbit.size; ++j) {
        const int p = orbit.offset + i, q = orbit.offset + j;
        if (orbit.identicalClass[shuffled.pieces[p]] == orbit.identicalClass[shuffled.pieces[q]] &&
            rng() % 2) {
          std::swap(shuffled.pieces[p], shuffled.pieces[q]);
        }
      }
    }
    CHECK(cube.sameLook(shuffled, s));
    CHECK(cube.checkReachable(shuffled) == std::nullopt);
    CHECK(cube.siftPosition(shuffled).state.has_value());
  }
  // Two centres of different colours exchanged: reachable (any arrangement of the centres is).
  State s = cube.solved();
  int uCentre = -1, fCentre = -1;
  for (int i = 0; i < orbit.size; ++i) {
    const int face = cube.faceOfFacelet(orbit.facelets[i][0]);
    if (cube.spec().faces[face].name == "U" && uCentre < 0) uCentre = orbit.offset + i;
    if (cube.spec().faces[face].name == "F" && fCentre < 0) fCentre = orbit.offset + i;
  }
  std::swap(s.pieces[uCentre], s.pieces[fCentre]);
  CHECK(cube.checkReachable(s) == std::nullopt);
  const FaceletReading swapped = stateFromFacelets(cube, cube.facelets(s));
  CHECK(swapped.state.has_value());
  CHECK_FALSE(cube.isSolved(s));
  // A twisted corner is refused as before.
  State twisted = cube.solved();
  twisted.ori[cube.orbits()[cube.orbitIndex("corner")].offset] = 1;
  CHECK(cube.checkReachable(twisted).has_value());
  CHECK(contains(fixtures::faceletError(cube, cube.facelets(twisted)).message,
                 "corner orientations add up to"));
}

TEST_CASE("identical pieces: orbits of identical pieces linked by parity") {
  const Puzzle declared(pairsSpec(false));
  CHECK(declared.stateCountText() == "9");
  const Puzzle derived(pairsSpec(true));
  CHECK(derived.orbits()[1].permutation == PermutationRule::SameParityAs);
  CHECK(derived.ruleCount().toString() == "9");
  CHECK(derived.reachableCount() == "3");
  CHECK(reachableColourings(derived).size() == 3);
  // a odd, b even as labelled: relabelling makes both odd (or both even).
  State s = declared.solved();
  std::swap(s.pieces[0], s.pieces[2]);
  CHECK(declared.checkReachable(s) == std::nullopt);
  State relabelled = s;
  declared.relabelIdenticalForRules(relabelled);
  CHECK(declared.sameLook(relabelled, s));
  int accepted = 0;
  for (const std::string& a : arrangements("AAC")) {
    for (const std::string& b : arrangements("BBD")) {
      std::string colouring = a.substr(0, 2) + b.substr(0, 2) + a[2] + b[2];
      CAPTURE(colouring);
      const FaceletReading reading = stateFromFacelets(declared, colouring);
      REQUIRE_MESSAGE(reading.state.has_value(), reading.error.message);
      CHECK(declared.facelets(*reading.state) == colouring);
      const FaceletReading moved = stateFromFacelets(derived, colouring);
      accepted += moved.state.has_value();
    }
  }
  CHECK(accepted == 3);
}
