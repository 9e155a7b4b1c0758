// PuzzleSpec::deriveRules: orbit rules computed from the moves, compared with the moves' group,
// and the group's sift where the rules allow more (the Skewb); orbits of more than 36 pieces.
#include <doctest/doctest.h>

#include <random>
#include <set>
#include <stdexcept>
#include <string>

#include "core/facelets.hpp"
#include "core/permutation_group.hpp"
#include "core/puzzle.hpp"
#include "core/ranking.hpp"
#include "fixtures.hpp"
#include "generated_puzzles.hpp"
#include "puzzles/catalogue.hpp"
#include "search/coordinate.hpp"

using namespace polytwist;
using fixtures::contains;

namespace {

const char kBeyond[] =
    "this position cannot be reached by turns of the puzzle (a constraint beyond orientation sums "
    "and permutation parity)";

}  // namespace

TEST_CASE("derived rules: the catalogue's puzzles derive rules that count as they declare") {
  for (const char* id : {"cube2", "cube3", "pyraminx", "numbered_pyraminx", "domino", "kilominx",
                         "master_pyraminx"}) {
    const Puzzle& declared = *findPuzzle(id);
    CAPTURE(declared.id());
    PuzzleSpec spec = declared.spec();
    spec.deriveRules = true;
    const Puzzle derived(spec);
    CHECK(derived.ruleCount() == declared.ruleCount());
    CHECK(derived.rulesAreExact());
    CHECK(derived.stateCountText() == declared.stateCountText());
    for (std::size_t o = 0; o < derived.orbits().size(); ++o) {
      CHECK(derived.orbits()[o].orientationSumZero == declared.orbits()[o].orientationSumZero);
      // The same rule, or an equivalent one (SameParityAs an Even orbit is Even).
      if (derived.orbits()[o].permutation != declared.orbits()[o].permutation) {
        CHECK(derived.orbits()[o].permutation == PermutationRule::Even);
        CHECK(declared.orbits()[o].permutation == PermutationRule::SameParityAs);
      }
    }
  }
  const Puzzle cube = [] {
    PuzzleSpec spec = puzzles::cube3();
    spec.orbits[1].permutation = PermutationRule::Any;  // overridden
    spec.deriveRules = true;
    return Puzzle(spec);
  }();
  CHECK(cube.orbits()[0].permutation == PermutationRule::Any);
  CHECK(cube.orbits()[1].permutation == PermutationRule::SameParityAs);
  CHECK(cube.orbits()[1].parityOrbit == 0);
  CHECK(cube.spec().orbits[1].parityOrbit == "corner");
  CHECK(cube.orbits()[0].orientationSumZero);
  const Puzzle pyraminx = [] {
    PuzzleSpec spec = puzzles::pyraminx();
    spec.deriveRules = true;
    return Puzzle(spec);
  }();
  CHECK(pyraminx.orbits()[pyraminx.orbitIndex("tip")].permutation == PermutationRule::Fixed);
  // Existing puzzles keep their declared rules and never build the group for them.
  CHECK(findPuzzle("cube3")->rulesAreExact());
}

TEST_CASE("derived rules: the Skewb's group refuses what its rules allow") {
  const Puzzle skewb(fixtures::skewbSpec());
  CHECK(skewb.ruleCount().toString() == "47617113600");
  CHECK(skewb.reachableCount() == "3149280");
  CHECK(skewb.stateCountText() == "3149280");
  CHECK_FALSE(skewb.rulesAreExact());
  CHECK(skewb.group().verify());

  // Random states are elements of the group, the same for one seed.
  std::mt19937_64 rng(1), again(1);
  for (int trial = 0; trial < 300; ++trial) {
    const State s = skewb.randomState(rng);
    CHECK(s == skewb.randomState(again));
    REQUIRE(skewb.group().contains(skewb.slotPermutation(s)));
    REQUIRE(skewb.checkReachable(s) == std::nullopt);
    const FaceletReading reading = stateFromFacelets(skewb, skewb.facelets(s));
    REQUIRE_MESSAGE(reading.state.has_value(), reading.error.message);
    CHECK(*reading.state == s);
  }
  // Of states that meet the rules, most are beyond the moves: refused with the group's reason,
  // naming stickers of one piece.
  int beyond = 0;
  for (int trial = 0; trial < 200; ++trial) {
    State s = skewb.randomState(rng);
    const int corners = skewb.orbits()[0].offset;
    s.ori[corners + trial % 8] = static_cast<std::uint8_t>((s.ori[corners + trial % 8] + 1) % 3);
    s.ori[corners + (trial + 3) % 8] =
        static_cast<std::uint8_t>((s.ori[corners + (trial + 3) % 8] + 2) % 3);
    const std::optional<std::string> broken = skewb.checkReachable(s);
    if (!broken) continue;
    ++beyond;
    CHECK(*broken == kBeyond);
    const FaceletReading reading = stateFromFacelets(skewb, skewb.facelets(s));
    REQUIRE_FALSE(reading.state.has_value());
    CHECK(contains(reading.error.message, "cannot be reached by turns of the puzzle"));
    CHECK(contains(reading.error.message, "the first piece at fault is at "));
    CHECK(!reading.error.stickers.empty());
  }
  CHECK(beyond > 20);
}

TEST_CASE("big orbits: more than 32 and 36 pieces") {
  const Puzzle ring(fixtures::ringSpec(100));
  REQUIRE(ring.orbits()[0].size == 100);
  // Values from 36 up take two characters: 'A' + (v-36)/36 and a digit.
  const std::string solvedText = ring.encodeState(ring.solved());
  CHECK(solvedText.substr(0, 38) == "0123456789abcdefghijklmnopqrstuvwxyzA0");
  CHECK(solvedText.size() == 36 + 64 * 2 + 1 + 100);
  CHECK(solvedText.substr(36 + 35 * 2, 4) == "AzB0");  // 71, 72
  CHECK(ring.decodeState(solvedText) == ring.solved());
  std::mt19937_64 rng(4);
  for (int trial = 0; trial < 200; ++trial) {
    const State s = ring.randomState(rng);
    CHECK(ring.checkReachable(s) == std::nullopt);
    CHECK(ring.decodeState(ring.encodeState(s)) == s);
  }
  for (const std::string& bad : {solvedText + "A", solvedText.substr(0, 37), std::string("H0")}) {
    CHECK(ring.decodeState(bad) == std::nullopt);
  }
  // The last piece of 255, 254, is "G2"; 256 ("G4") does not fit in a State.
  const Puzzle biggest(fixtures::ringSpec(255));
  const std::string biggestText = biggest.encodeState(biggest.solved());
  CHECK(biggestText.substr(36 + 218 * 2, 3) == "G2.");
  CHECK(biggest.decodeState(biggestText) == biggest.solved());
  std::string tooBig = biggestText;
  tooBig[36 + 218 * 2 + 1] = '4';
  CHECK(biggest.decodeState(tooBig) == std::nullopt);
  CHECK_THROWS_WITH_AS(Puzzle{fixtures::ringSpec(256)}, doctest::Contains("1 to 255 pieces"),
                       std::invalid_argument);
  // Decoded values out of the orbit are no state.
  State outside = ring.solved();
  outside.pieces[3] = 120;
  const std::optional<State> decoded = ring.decodeState(ring.encodeState(outside));
  REQUIRE(decoded.has_value());
  CHECK(ring.checkReachable(*decoded).has_value());
  // Permutation parity past 32 pieces: one transposition.
  State swapped = ring.solved();
  std::swap(swapped.pieces[40], swapped.pieces[90]);
  CHECK(permutationParity(std::span<const std::uint8_t>(swapped.pieces.data(), 100)) == 1);
  // The declared rules (any permutation, any flips) count 100!·2^100; the two moves reach far
  // fewer: the turns of the ring times the flips, 100·2^100.
  BigCount declared = BigCount::factorial(100);
  for (int i = 0; i < 100; ++i) declared *= 2u;
  CHECK(ring.stateCountText() == declared.toString());
  BigCount reached(100);
  for (int i = 0; i < 100; ++i) reached *= 2u;
  CHECK(ring.reachableCount() == reached.toString());
  // Coordinates (distance tables) stop at 32 pieces, with a clear error.
  CHECK_THROWS_WITH_AS(Coordinate(ring, {"ring", {0, 1}, true, false}, {}),
                       doctest::Contains("more than the 32"), std::invalid_argument);
}
