#include "core/permutation_group.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "fixtures.hpp"
#include "generated_puzzles.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;
using Permutation = PermutationGroup::Permutation;

namespace {

Permutation identity(int n) {
  Permutation p(n);
  std::iota(p.begin(), p.end(), 0);
  return p;
}

// A permutation of 0..n-1 from cycles of 1-based points, as groups are written in books.
Permutation fromCycles(int n, const std::vector<std::vector<int>>& cycles) {
  Permutation p = identity(n);
  for (const std::vector<int>& cycle : cycles) {
    for (std::size_t i = 0; i < cycle.size(); ++i)
      p[cycle[i] - 1] = cycle[(i + 1) % cycle.size()] - 1;
  }
  return p;
}

Permutation cycle(int n, int from, int to) {  // (from from+1 ... to-1), 0-based
  Permutation p = identity(n);
  for (int i = from; i < to; ++i) p[i] = i + 1 < to ? i + 1 : from;
  return p;
}

// a then b.
Permutation then(const Permutation& a, const Permutation& b) {
  Permutation p(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) p[i] = b[a[i]];
  return p;
}

std::string text(const Permutation& p) {
  std::string t;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (i > 0) t += ' ';
    t += std::to_string(p[i]);
  }
  return t;
}

double seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

TEST_CASE("permutation group: textbook groups have their orders") {
  // Symmetric and alternating groups.
  for (int n = 1; n <= 9; ++n) {
    CAPTURE(n);
    const PermutationGroup symmetric(n, {cycle(n, 0, std::min(n, 2)), cycle(n, 0, n)});
    CHECK(symmetric.order() == BigCount::factorial(n));
    CHECK(symmetric.verify());
    if (n >= 3) {
      const PermutationGroup alternating(n, {cycle(n, 0, 3), cycle(n, n % 2 == 1 ? 0 : 1, n)});
      BigCount half = BigCount::factorial(n);
      half /= 2;
      CHECK(alternating.order() == half);
      CHECK(alternating.verify());
      CHECK(alternating.contains(cycle(n, 0, 3)));
      CHECK_FALSE(alternating.contains(cycle(n, 0, 2)));  // a transposition is odd
      CHECK(symmetric.contains(cycle(n, 0, 2)));
    }
  }
  // Dihedral groups: a rotation and a reflection of an n-gon; cyclic groups.
  for (int n = 3; n <= 12; ++n) {
    Permutation reflection(n);
    for (int i = 0; i < n; ++i) reflection[i] = (n - i) % n;
    const PermutationGroup dihedral(n, {cycle(n, 0, n), reflection});
    CHECK(dihedral.order() == BigCount(2 * n));
    CHECK(PermutationGroup(n, {cycle(n, 0, n)}).order() == BigCount(n));
    CHECK(dihedral.contains(reflection));
    if (n > 3) CHECK_FALSE(dihedral.contains(cycle(n, 0, 2)));
  }
  // The trivial group; S5 × S5 on ten points.
  const PermutationGroup trivial(4, {});
  CHECK(trivial.order() == BigCount(1));
  CHECK(trivial.contains(identity(4)));
  CHECK_FALSE(trivial.contains(cycle(4, 0, 2)));
  CHECK(PermutationGroup(10, {cycle(10, 0, 2), cycle(10, 0, 5), cycle(10, 5, 7), cycle(10, 5, 10)})
            .order() == BigCount(14400));
  // The Mathieu group M12, sharply 5-transitive on 12 points: 95,040 elements.
  const Permutation a = fromCycles(12, {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}});
  const Permutation b = fromCycles(12, {{3, 7, 11, 8}, {4, 10, 5, 6}});
  const Permutation c = fromCycles(12, {{1, 12}, {2, 11}, {3, 6}, {4, 8}, {5, 9}, {7, 10}});
  const PermutationGroup m12(12, {a, b, c});
  CHECK(m12.order() == BigCount(95040));
  CHECK(m12.verify());
  CHECK(m12.contains(then(then(a, b), c)));
  CHECK_FALSE(m12.contains(cycle(12, 0, 2)));
  CHECK_FALSE(m12.contains(cycle(12, 0, 3)));  // M12 holds no 3-cycle
  // A big symmetric group: S_300 from two generators.
  const auto start = std::chrono::steady_clock::now();
  const PermutationGroup big(300, {cycle(300, 0, 2), cycle(300, 0, 300)});
  MESSAGE("S_300: ", seconds(start), " s, base ", big.base().size());
  CHECK(big.order() == BigCount::factorial(300));
}

TEST_CASE("permutation group: sifting reports where it stops, bad input is no member") {
  // S3 on points 0..2 inside 5 points: sifting a perm that moves point 3 stops at the end.
  const PermutationGroup s3(5, {cycle(5, 0, 2), cycle(5, 0, 3)});
  CHECK(s3.order() == BigCount(6));
  PermutationGroup::Sift sift = s3.sift(cycle(5, 2, 4));  // (2 3)
  CHECK_FALSE(sift.member);
  CHECK(sift.level >= 0);
  sift = s3.sift(cycle(5, 3, 5));  // (3 4): fixes every base point
  CHECK_FALSE(sift.member);
  CHECK(sift.level == static_cast<int>(s3.base().size()));
  CHECK((sift.point == 3 || sift.point == 4));
  CHECK(s3.sift(cycle(5, 0, 3)).member);
  CHECK_FALSE(s3.contains({0, 1, 2}));        // wrong size
  CHECK_FALSE(s3.contains({0, 0, 2, 3, 4}));  // no permutation
  CHECK_FALSE(s3.contains({0, 1, 2, 3, 7}));
  CHECK_THROWS_AS(PermutationGroup(3, {{0, 0, 1}}), std::invalid_argument);
  CHECK_THROWS_AS(PermutationGroup(3, {{0, 1}}), std::invalid_argument);
  CHECK_THROWS_AS(PermutationGroup(0, {}), std::invalid_argument);
  // Sifting through a prefix of the levels.
  Permutation p = cycle(5, 0, 3);
  CHECK(s3.siftThrough(p, 0).member);
  CHECK(p == cycle(5, 0, 3));
  CHECK(s3.siftThrough(p, 99).member);
  CHECK(p == identity(5));
}

TEST_CASE("permutation group: random elements are reproducible, members and uniform") {
  const PermutationGroup s4(4, {cycle(4, 0, 2), cycle(4, 0, 4)});
  std::mt19937_64 first(42), second(42);
  for (int i = 0; i < 100; ++i) {
    const Permutation p = s4.random(first);
    CHECK(p == s4.random(second));
    CHECK(s4.contains(p));
  }
  // A seed gives the same elements on every build (uniformBelow, a chain built from a fixed seed).
  std::mt19937_64 pinned(7);
  const PermutationGroup m12(12,
                             {fromCycles(12, {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}}),
                              fromCycles(12, {{3, 7, 11, 8}, {4, 10, 5, 6}}),
                              fromCycles(12, {{1, 12}, {2, 11}, {3, 6}, {4, 8}, {5, 9}, {7, 10}})});
  const Permutation drawn = m12.random(pinned);
  CHECK(m12.contains(drawn));
  CHECK(text(drawn) == "9 1 7 0 4 6 8 5 2 11 3 10");
  // Uniform over S4: 24,000 draws, chi-square with 23 degrees of freedom under 49.7 (p = 0.001).
  std::map<Permutation, int> counts;
  std::mt19937_64 rng(2024);
  for (int i = 0; i < 24000; ++i) ++counts[s4.random(rng)];
  CHECK(counts.size() == 24);
  double chi2 = 0;
  for (const auto& [perm, count] : counts) chi2 += (count - 1000.0) * (count - 1000.0) / 1000.0;
  CAPTURE(chi2);
  CHECK(chi2 < 49.7);
}

TEST_CASE("permutation group: slot permutations of a puzzle's states") {
  const Puzzle& cube = *findPuzzle("cube3");
  CHECK(cube.slotCount() == 8 * 3 + 12 * 2);
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    const State a = cube.applySequence(cube.solved(), cube.randomMoves(rng, 20));
    const State b = cube.applySequence(cube.solved(), cube.randomMoves(rng, 20));
    // compose(a, b) maps a slot as b then a, like the perms.
    const Permutation pa = cube.slotPermutation(a), pb = cube.slotPermutation(b);
    CHECK(cube.slotPermutation(cube.compose(a, b)) == then(pb, pa));
    CHECK(cube.stateOfSlotPermutation(pa) == a);
  }
  CHECK(cube.slotPosition(cube.slotOf(9, 1)) == std::pair{9, 1});
  CHECK(cube.stateOfSlotPermutation(identity(3)) == std::nullopt);
  // A slot permutation that splits a piece's slots is no state.
  Permutation split = identity(cube.slotCount());
  std::swap(split[0], split[1]);
  CHECK(cube.stateOfSlotPermutation(split) == std::nullopt);
}

TEST_CASE("permutation group: the catalogue's puzzles have the counts their rules give") {
  // cube2 3,674,160; cube3 43,252,003,274,489,856,000; the Pyraminx with its tips; the Domino
  // and the Kilominx modulo their unmarked rotations (in the group: the count divides by them);
  // the Master Pyraminx with its tips.
  for (const char* id : {"cube2", "cube3", "pyraminx", "numbered_pyraminx", "domino", "kilominx",
                         "master_pyraminx"}) {
    const Puzzle& puzzle = *findPuzzle(id);
    CAPTURE(puzzle.id());
    CHECK(puzzle.reachableCount() == puzzle.stateCountText());
    CHECK(puzzle.rulesAreExact());
    CHECK(puzzle.group().verify());
    BigCount order = puzzle.group().order();
    order /= static_cast<std::uint32_t>(puzzle.solvedStates().size());
    CHECK(order.toString() == puzzle.stateCountText());
  }
  CHECK(findPuzzle("cube3")->group().order().toString() == "43252003274489856000");
  CHECK(findPuzzle("cube2")->group().order().toString() == "3674160");
  CHECK(findPuzzle("domino")->group().order().toString() ==
        "1625702400");  // 4 turns of 406,425,600
}

TEST_CASE("permutation group: the 3x3x3's group holds its move sequences and refuses a twist") {
  const Puzzle& cube = *findPuzzle("cube3");
  const PermutationGroup& group = cube.group();
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 500; ++trial) {
    const State s = cube.applySequence(cube.solved(), cube.randomMoves(rng, 1 + trial % 40));
    REQUIRE(group.contains(cube.slotPermutation(s)));
    const State r = cube.stateOfSlotPermutation(group.random(rng)).value();
    CHECK(cube.checkReachable(r) == std::nullopt);
  }
  const int corners = cube.orbits()[cube.orbitIndex("corner")].offset;
  const int edges = cube.orbits()[cube.orbitIndex("edge")].offset;
  State twisted = cube.solved();
  twisted.ori[corners + 2] = 1;
  PermutationGroup::Sift sift = group.sift(cube.slotPermutation(twisted));
  CHECK_FALSE(sift.member);
  CHECK(sift.level >= 0);
  State flipped = cube.solved();
  flipped.ori[edges + 5] = 1;
  CHECK_FALSE(group.contains(cube.slotPermutation(flipped)));
  State swapped = cube.solved();
  std::swap(swapped.pieces[edges], swapped.pieces[edges + 1]);
  CHECK_FALSE(group.contains(cube.slotPermutation(swapped)));
  std::swap(swapped.pieces[corners], swapped.pieces[corners + 1]);  // and two corners: reachable
  CHECK(group.contains(cube.slotPermutation(swapped)));
  State twoTwists = twisted;
  twoTwists.ori[corners + 6] = 2;
  CHECK(group.contains(cube.slotPermutation(twoTwists)));
}

TEST_CASE("permutation group: big cubes, the Megaminx and the Gigaminx") {
  struct Case {
    polytwist::PuzzleSpec spec;
    std::string count;
  };
  const std::vector<Case> cases = {
      {fixtures::cubeSpec(2), "3674160"},
      {fixtures::cubeSpec(3), "43252003274489856000"},
      {fixtures::cubeSpec(4), "7401196841564901869874093974498574336000000000"},
      {fixtures::cubeSpec(5),
       "282870942277741856536180333107150328293127731985672134721536000000000000000"},
      {fixtures::cubeSpec(7),
       "195005511837313078353291267540197487949049926920434345671521329123232327061354691800652"
       "78712755853360682328551719137311299993600000000000000000000000000000000000"},
      {fixtures::minxSpec(false),
       "100669616553523347122516032313645505168688116411019768627200000000000"},
      {fixtures::minxSpec(true),
       "36479011530733075986308161037231810126550658817557032614250463652442041805201259196583382"
       "44940029831411953637198326225998593216732823782582855489227595564752672239391679703105842"
       "46376631322981975599093194264275595527530658078092007833600000000000000000000000000000"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.spec.id);
    const Puzzle puzzle(c.spec);
    const auto start = std::chrono::steady_clock::now();
    const PermutationGroup& group = puzzle.group();
    const double build = seconds(start);
    MESSAGE(c.spec.id, ": ", puzzle.slotCount(), " slots, ", puzzle.moves().size(), " moves, base ",
            group.base().size(), ", ", group.strongGeneratorCount(), " strong generators, ", build,
            " s");
    CHECK(puzzle.reachableCount() == c.count);
    CHECK(puzzle.ruleCount().toString() == c.count);
    CHECK(puzzle.rulesAreExact());
    CHECK(puzzle.stateCountText() == c.count);
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 20; ++trial) {
      const State s = puzzle.applySequence(puzzle.solved(), puzzle.randomMoves(rng, 30));
      REQUIRE(group.contains(puzzle.slotPermutation(s)));
      REQUIRE(puzzle.checkReachable(puzzle.randomState(rng)) == std::nullopt);
    }
  }
  CHECK(Puzzle(fixtures::cubeSpec(4)).group().verify());
  CHECK(Puzzle(fixtures::minxSpec(false)).group().verify());
}
