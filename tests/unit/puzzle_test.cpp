#include "core/puzzle.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/ranking.hpp"
#include "core/sequence.hpp"
#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;

namespace {

int moveIndex(const Puzzle& puzzle, const std::string& name) {
  const std::optional<int> m = puzzle.findMove(name);
  REQUIRE_MESSAGE(m.has_value(), "no move ", name);
  return *m;
}

const State& effect(const Puzzle& puzzle, const std::string& name) {
  return puzzle.moves()[moveIndex(puzzle, name)].effect;
}

// ---- An independent model of the 2x2x2 in space, from docs/puzzles/cube2.md --------------------
//
// Axes: x to the right (R = +x, L = -x), y up (U = +y, D = -y), z to the front (F = +z, B = -z).
// A sticker is a corner cubie's position (the sum of its three face vectors) and the normal of the
// face it lies on. The table in docs/puzzles/cube2.md names, for each sticker number, its face (the
// block of four it is in: U R F D L B) and its corner.
using Vec = std::array<int, 3>;

Vec faceVector(char face) {
  switch (face) {
    case 'U':
      return {0, 1, 0};
    case 'D':
      return {0, -1, 0};
    case 'R':
      return {1, 0, 0};
    case 'L':
      return {-1, 0, 0};
    case 'F':
      return {0, 0, 1};
    default:
      return {0, 0, -1};  // 'B'
  }
}

char faceOfVector(const Vec& v) {
  for (char face : std::string("URFDLB")) {
    if (faceVector(face) == v) return face;
  }
  return '?';
}

struct Sticker {
  Vec corner;
  Vec normal;
};

std::vector<Sticker> docStickers() {
  const char* corners[24] = {"UBL", "UBR", "UFL", "UFR", "URF", "URB", "DRF", "DRB",
                             "UFL", "UFR", "DFL", "DFR", "DFL", "DFR", "DBL", "DBR",
                             "ULB", "ULF", "DLB", "DLF", "UBR", "UBL", "DBR", "DBL"};
  std::vector<Sticker> stickers;
  for (int i = 0; i < 24; ++i) {
    Vec corner = {0, 0, 0};
    for (int k = 0; k < 3; ++k) {
      const Vec v = faceVector(corners[i][k]);
      for (int a = 0; a < 3; ++a) corner[a] += v[a];
    }
    stickers.push_back({corner, faceVector("URFDLB"[i / 4])});
  }
  return stickers;
}

// Quarter turns clockwise as seen looking at the face from outside. U: the front goes to the left,
// (x,y,z) -> (-z,y,x); R: the front goes up, (x,y,z) -> (x,z,-y); F: the top goes right,
// (x,y,z) -> (y,-x,z). Each turns the layer whose cubies have +1 on its axis.
Vec turn(char face, const Vec& v) {
  switch (face) {
    case 'U':
      return {-v[2], v[1], v[0]};
    case 'R':
      return {v[0], v[2], -v[1]};
    default:
      return {v[1], -v[0], v[2]};  // 'F'
  }
}

bool inLayer(char face, const Vec& corner) {
  const Vec axis = faceVector(face);
  for (int a = 0; a < 3; ++a) {
    if (axis[a] != 0 && corner[a] == axis[a]) return true;
  }
  return false;
}

// Colours (face letters) of the 24 sticker places after a quarter turn: the sticker arriving at a
// place in the layer came from the place the turn maps onto it.
std::string physicalTurn(const std::string& colours, char face) {
  static const std::vector<Sticker> stickers = docStickers();
  std::string after = colours;
  for (int from = 0; from < 24; ++from) {
    if (!inLayer(face, stickers[from].corner)) continue;
    const Sticker to = {turn(face, stickers[from].corner), turn(face, stickers[from].normal)};
    for (int i = 0; i < 24; ++i) {
      if (stickers[i].corner == to.corner && stickers[i].normal == to.normal) {
        after[i] = colours[from];
      }
    }
  }
  return after;
}

// Applies a cube2 move by name ("U", "R2", "F'") to the physical model.
std::string physicalMove(std::string colours, const std::string& name) {
  const int quarterTurns = name.size() == 1 ? 1 : name[1] == '2' ? 2 : 3;
  for (int i = 0; i < quarterTurns; ++i) colours = physicalTurn(colours, name[0]);
  return colours;
}

PuzzleSpec brokenCube2(const std::function<void(PuzzleSpec&)>& edit) {
  PuzzleSpec spec = puzzles::cube2();
  edit(spec);
  return spec;
}

}  // namespace

TEST_CASE("puzzle: cube2 shape") {
  const Puzzle& cube = fixtures::cube2();
  REQUIRE(cube.orbits().size() == 1);
  CHECK(cube.orbits()[0].size == 7);
  CHECK(cube.orbits()[0].orientations == 3);
  CHECK(cube.positionCount() == 7);
  CHECK(cube.faceletCount() == 24);
  CHECK(cube.baseCount() == 3);
  std::vector<std::string> names;
  for (const Move& m : cube.moves()) names.push_back(m.name);
  CHECK(names == std::vector<std::string>{"U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"});
  // 7! · 3^6 (docs/puzzles/cube2.md).
  CHECK(cube.stateCountText() == "3674160");
  CHECK(cube.stateCountText() == std::to_string(5040 * 729));
  CHECK(cube.faceletName(0) == "U0");
  CHECK(cube.faceletName(23) == "B3");
  CHECK(cube.faceletName(14) == "D2");
  CHECK(cube.findMove("U2'") == std::nullopt);
  CHECK(cube.findMove("D") == std::nullopt);
  CHECK(cube.orbitIndex("corner") == 0);
  CHECK(cube.orbitIndex("edge") == -1);
  // The DBL corner's stickers D2 (14), L2 (18), B3 (23) belong to no piece; all others do.
  for (int f = 0; f < 24; ++f) {
    CAPTURE(f);
    CHECK((cube.faceletOwner(f).first < 0) == (f == 14 || f == 18 || f == 23));
  }
}

TEST_CASE("puzzle: cube2 move orders, powers and inverses") {
  const Puzzle& cube = fixtures::cube2();
  const State solved = cube.solved();
  for (const std::string base : {"U", "R", "F"}) {
    CAPTURE(base);
    const State& quarter = effect(cube, base);
    // A quarter turn has order exactly 4.
    State s = solved;
    for (int k = 1; k <= 4; ++k) {
      s = cube.compose(s, quarter);
      CHECK((s == solved) == (k == 4));
    }
    // Powers: X2 = X X, X' = X X X, and X' undoes X.
    CHECK(effect(cube, base + "2") == cube.compose(quarter, quarter));
    CHECK(effect(cube, base + "'") == cube.compose(cube.compose(quarter, quarter), quarter));
    CHECK(cube.compose(quarter, effect(cube, base + "'")) == solved);
    CHECK(cube.compose(effect(cube, base + "2"), effect(cube, base + "2")) == solved);
    CHECK(cube.inverseMove(moveIndex(cube, base)) == moveIndex(cube, base + "'"));
    CHECK(cube.inverseMove(moveIndex(cube, base + "'")) == moveIndex(cube, base));
    CHECK(cube.inverseMove(moveIndex(cube, base + "2")) == moveIndex(cube, base + "2"));
    // A quarter turn moves 4 corners.
    int moved = 0;
    for (int i = 0; i < 7; ++i) moved += quarter.pieces[i] != i;
    CHECK(moved == 4);
  }
  for (int m = 0; m < static_cast<int>(cube.moves().size()); ++m) {
    const Move& move = cube.moves()[m];
    CHECK(move.base == m / 3);
    CHECK(move.power == m % 3 + 1);
    CHECK(cube.inverse(move.effect) == cube.moves()[cube.inverseMove(m)].effect);
    CHECK(cube.inverse(cube.inverse(move.effect)) == move.effect);
  }
}

TEST_CASE("puzzle: commuting bases") {
  const Puzzle& cube = fixtures::cube2();
  for (int a = 0; a < 3; ++a) {
    for (int b = 0; b < 3; ++b) {
      const State& ea = cube.moves()[a * 3].effect;
      const State& eb = cube.moves()[b * 3].effect;
      CHECK(cube.basesCommute(a, b) == (a == b));
      CHECK((cube.compose(ea, eb) == cube.compose(eb, ea)) == (a == b));
    }
  }
  // The gear fixture's tips turn apart from everything else: T and S commute with all bases; X, Y
  // (overlapping 3-cycles) and Z (flips e0 and e3, which X and Y move) do not commute pairwise.
  const Puzzle& gear = fixtures::gear();
  const std::set<std::pair<int, int>> noncommuting = {{0, 1}, {1, 0}, {0, 4},
                                                      {4, 0}, {1, 4}, {4, 1}};
  for (int a = 0; a < gear.baseCount(); ++a) {
    for (int b = 0; b < gear.baseCount(); ++b) {
      CAPTURE(a);
      CAPTURE(b);
      CHECK(gear.basesCommute(a, b) == !noncommuting.count({a, b}));
    }
  }
  // linked: M N K L; N touches only a1 a2 a3, L only b2, so N commutes with K and L, M with L.
  const Puzzle& linked = fixtures::linked();
  const bool expected[4][4] = {{true, false, false, true},
                               {false, true, true, true},
                               {false, true, true, false},
                               {true, true, false, true}};
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) CHECK(linked.basesCommute(a, b) == expected[a][b]);
  }
}

TEST_CASE("puzzle: compose, inverse and applySequence are a group action") {
  std::mt19937_64 rng(11);
  for (const Puzzle* puzzle : {&fixtures::cube2(), &fixtures::gear(), &fixtures::linked()}) {
    CAPTURE(puzzle->id());
    const State solved = puzzle->solved();
    for (int trial = 0; trial < 200; ++trial) {
      const State a = puzzle->randomState(rng);
      const State b = puzzle->randomState(rng);
      const State c = puzzle->randomState(rng);
      CHECK(puzzle->compose(puzzle->compose(a, b), c) == puzzle->compose(a, puzzle->compose(b, c)));
      CHECK(puzzle->compose(a, puzzle->inverse(a)) == solved);
      CHECK(puzzle->compose(puzzle->inverse(a), a) == solved);
      CHECK(puzzle->compose(solved, a) == a);
      CHECK(puzzle->compose(a, solved) == a);
      CHECK(puzzle->inverse(puzzle->compose(a, b)) ==
            puzzle->compose(puzzle->inverse(b), puzzle->inverse(a)));
      // Applying a sequence then its inverse sequence comes back.
      const std::vector<int> moves = fixtures::randomMoves(*puzzle, rng, 12);
      State s = puzzle->applySequence(a, moves);
      State expected = a;
      for (int m : moves) expected = puzzle->compose(expected, puzzle->moves()[m].effect);
      CHECK(s == expected);
      for (auto m = moves.rbegin(); m != moves.rend(); ++m)
        puzzle->applyMove(s, puzzle->inverseMove(*m));
      CHECK(s == a);
    }
  }
}

TEST_CASE("puzzle: every move respects the puzzle's declared rules") {
  for (const Puzzle* puzzle : {&fixtures::cube2(), &fixtures::gear(), &fixtures::linked()}) {
    for (const Move& move : puzzle->moves()) {
      CAPTURE(move.name);
      CHECK(puzzle->checkReachable(move.effect) == std::nullopt);
    }
  }
}

TEST_CASE("puzzle: stateCountText equals the brute-force count of reachable states") {
  CHECK(fixtures::gear().stateCountText() == "864");
  CHECK(fixtures::gearStates().states.size() == 864);
  CHECK(fixtures::linked().stateCountText() == "576");
  CHECK(fixtures::linkedStates().states.size() == 576);
  // Every reachable state passes checkReachable.
  for (const State& s : fixtures::gearStates().states)
    REQUIRE(fixtures::gear().checkReachable(s) == std::nullopt);
  for (const State& s : fixtures::linkedStates().states)
    REQUIRE(fixtures::linked().checkReachable(s) == std::nullopt);
}

TEST_CASE("puzzle: encodeState and decodeState round trip") {
  std::mt19937_64 rng(3);
  for (const Puzzle* puzzle : {&fixtures::cube2(), &fixtures::gear(), &fixtures::linked()}) {
    CAPTURE(puzzle->id());
    for (int trial = 0; trial < 1000; ++trial) {
      const State s = puzzle->randomState(rng);
      const std::string text = puzzle->encodeState(s);
      const std::optional<State> back = puzzle->decodeState(text);
      REQUIRE(back.has_value());
      CHECK(*back == s);
    }
  }
  CHECK(fixtures::cube2().encodeState(fixtures::cube2().solved()) == "0123456.0000000");
  // Distinct states have distinct encodings (all 864 of the gear fixture).
  std::set<std::string> texts;
  for (const State& s : fixtures::gearStates().states)
    texts.insert(fixtures::gear().encodeState(s));
  CHECK(texts.size() == 864);
}

TEST_CASE("puzzle: decodeState rejects malformed text") {
  const Puzzle& cube = fixtures::cube2();
  const std::string good = cube.encodeState(effect(cube, "R"));
  REQUIRE(cube.decodeState(good).has_value());
  for (const std::string& bad : std::vector<std::string>{
           std::string(), good.substr(0, good.size() - 1), good + "0", good + " ", " " + good,
           good + "x", good.substr(0, 7) + ',' + good.substr(8), good.substr(0, 7) + good.substr(8),
           "0123456-0000000", "012345A.0000000", "0123456.00000 0", "0123456.000000\n",
           "0123456..000000", "0123456.0000000-0.0", std::string("0123456.000000\0", 15)}) {
    CAPTURE(bad);
    CHECK(cube.decodeState(bad) == std::nullopt);
  }
  // Two orbits: the '-' separator is required, in its place.
  const Puzzle& gear = fixtures::gear();
  const std::string gearText = gear.encodeState(gear.solved());
  CHECK(gearText == "0123.0000-01.00");
  CHECK(gear.decodeState(gearText).has_value());
  for (const std::string bad : {"0123.000001.00", "0123.0000-01.0", "0123.0000--01.00",
                                "0123.0000.01.00", "0123.0000-01.00-"}) {
    CAPTURE(bad);
    CHECK(gear.decodeState(bad) == std::nullopt);
  }
}

TEST_CASE("puzzle: checkReachable") {
  const Puzzle& cube = fixtures::cube2();
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 2000; ++trial) {
    State s = cube.randomState(rng);
    REQUIRE(cube.checkReachable(s) == std::nullopt);
    // One corner twisted in place: the orientation sum is no longer 0 mod 3.
    State twisted = s;
    const int at = trial % 7;
    twisted.ori[at] = static_cast<std::uint8_t>((twisted.ori[at] + 1 + trial % 2) % 3);
    CHECK(cube.checkReachable(twisted).has_value());
    // Any permutation of the corners is reachable on the 2x2x2 (one swap is fine).
    State swapped = s;
    std::swap(swapped.pieces[at], swapped.pieces[(at + 1) % 7]);
    CHECK(cube.checkReachable(swapped) == std::nullopt);
  }
  State s = cube.solved();
  s.pieces[3] = s.pieces[4];
  CHECK(cube.checkReachable(s).has_value());  // a piece twice
  s = cube.solved();
  s.pieces[3] = 7;
  CHECK(cube.checkReachable(s).has_value());  // no such piece
  s = cube.solved();
  s.ori[0] = 3;
  s.ori[1] = 0;
  CHECK(cube.checkReachable(s).has_value());  // orientation out of range (3 ≡ 0 would pass a sum)
  s = cube.solved();
  s.pieces.pop_back();
  s.ori.pop_back();
  CHECK(cube.checkReachable(s).has_value());
  // Out-of-range digits decode (the text is well formed) but are not a reachable state.
  for (const char* text :
       {"0123459.0000000", "0123456.0000003", "0123455.0000000", "z123456.0000000"}) {
    const std::optional<State> decoded = cube.decodeState(text);
    if (decoded) CHECK(cube.checkReachable(*decoded).has_value());
  }

  // The fixtures' rules: Even, Fixed, SameParityAs, and orientation sums.
  const Puzzle& gear = fixtures::gear();
  State g = gear.solved();
  std::swap(g.pieces[0], g.pieces[1]);
  CHECK(gear.checkReachable(g).has_value());  // odd edge permutation
  std::swap(g.pieces[2], g.pieces[3]);
  CHECK(gear.checkReachable(g) == std::nullopt);  // two swaps: even
  g = gear.solved();
  g.ori[0] = 1;
  CHECK(gear.checkReachable(g).has_value());  // one edge flipped
  g.ori[3] = 1;
  CHECK(gear.checkReachable(g) == std::nullopt);  // two edges flipped
  g = gear.solved();
  std::swap(g.pieces[4], g.pieces[5]);
  CHECK(gear.checkReachable(g).has_value());  // the tips never leave their places
  g = gear.solved();
  g.ori[4] = 1;  // a single tip twisted: the tips have no sum rule
  CHECK(gear.checkReachable(g) == std::nullopt);

  const Puzzle& linked = fixtures::linked();
  State l = linked.solved();
  std::swap(l.pieces[0], l.pieces[1]);
  CHECK(linked.checkReachable(l).has_value());  // a odd, b even
  std::swap(l.pieces[4], l.pieces[6]);
  CHECK(linked.checkReachable(l) == std::nullopt);  // both odd
  l.ori[5] = 1;
  CHECK(linked.checkReachable(l) == std::nullopt);  // b has no orientation sum rule
}

TEST_CASE("puzzle: random states are reachable and respect Even, SameParityAs and Fixed") {
  std::mt19937_64 rng(17);
  for (const Puzzle* puzzle : {&fixtures::cube2(), &fixtures::gear(), &fixtures::linked()}) {
    CAPTURE(puzzle->id());
    for (int trial = 0; trial < 3000; ++trial) {
      const State s = puzzle->randomState(rng);
      REQUIRE(puzzle->checkReachable(s) == std::nullopt);
      // The rules checked directly, without checkReachable.
      const auto parity = [&](int o) {
        const Orbit& orbit = puzzle->orbits()[o];
        std::vector<std::uint8_t> p(s.pieces.begin() + orbit.offset,
                                    s.pieces.begin() + orbit.offset + orbit.size);
        int inversions = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
          for (std::size_t j = i + 1; j < p.size(); ++j) inversions += p[i] > p[j];
        }
        return inversions % 2;
      };
      for (int o = 0; o < static_cast<int>(puzzle->orbits().size()); ++o) {
        const Orbit& orbit = puzzle->orbits()[o];
        int sum = 0;
        for (int i = 0; i < orbit.size; ++i) sum += s.ori[orbit.offset + i];
        if (orbit.orientationSumZero) CHECK(sum % orbit.orientations == 0);
        switch (orbit.permutation) {
          case PermutationRule::Any:
            break;
          case PermutationRule::Even:
            CHECK(parity(o) == 0);
            break;
          case PermutationRule::SameParityAs:
            CHECK(parity(o) == parity(orbit.parityOrbit));
            break;
          case PermutationRule::Fixed:
            for (int i = 0; i < orbit.size; ++i) CHECK(s.pieces[orbit.offset + i] == i);
            break;
        }
      }
    }
  }
}

TEST_CASE("puzzle: random states are uniform (chi-square)") {
  // Draw 200 states per reachable state of each fixture; the chi-square statistic with
  // (states - 1) degrees of freedom must stay under its p = 0.001 critical value
  // (Wilson–Hilferty approximation, z = 3.09).
  for (const auto& [puzzle, reference] :
       {std::pair{&fixtures::gear(), &fixtures::gearStates()},
        std::pair{&fixtures::linked(), &fixtures::linkedStates()}}) {
    const std::string id = puzzle->id();  // clang 14 cannot capture a structured binding
    CAPTURE(id);
    const int states = static_cast<int>(reference->states.size());
    const int perState = 200;
    std::mt19937_64 rng(2024);
    std::map<std::string, int> seen;
    for (int i = 0; i < states * perState; ++i)
      ++seen[puzzle->encodeState(puzzle->randomState(rng))];
    // Every draw is a reachable state, and every reachable state was drawn.
    CHECK(seen.size() == reference->distance.size());
    for (const auto& [text, count] : seen) REQUIRE(reference->distance.count(text) == 1);
    std::vector<int> counts;
    for (const auto& [text, count] : seen) counts.push_back(count);
    const double chi2 = fixtures::chiSquare(counts, perState);
    const double critical = fixtures::chiSquareBound(states - 1, 3.09);
    CAPTURE(chi2);
    CAPTURE(critical);
    CHECK(chi2 < critical);
  }
}

TEST_CASE("puzzle: 4x4x4 random states are uniform with identical centres") {
  // The rules draw corners, wings and labelled centres uniformly, the centres' parity forced to
  // the corners' by one swap. Seen as positions, that must leave the corner and wing parities
  // independent, the colours of the centres independent of both (two identical centres swapped
  // change the parity for free), and the whole cube's orientation (the corner at position 0 and
  // its twist) uniform: each cell's count against its probability, chi-square at p = 0.001.
  const Puzzle& cube4 = *findPuzzle("cube4");
  const Orbit& corners = cube4.orbits()[cube4.orbitIndex("corner")];
  const Orbit& wings = cube4.orbits()[cube4.orbitIndex("wing")];
  const Orbit& centres = cube4.orbits()[cube4.orbitIndex("centre")];
  REQUIRE(corners.size == 8);
  REQUIRE(centres.size == 24);
  const auto parity = [](const State& s, const Orbit& orbit) {
    return permutationParity(std::span<const std::uint8_t>(s.pieces.data() + orbit.offset,
                                                           static_cast<std::size_t>(orbit.size)));
  };
  const auto colour = [&](const State& s, int position) {
    return centres.identicalClass[s.pieces[centres.offset + position]] / 4;
  };
  const int draws = 12000;
  std::vector<int> parities(4), orientation(24), colours(6 * 6 * 2);
  std::mt19937_64 rng(26);
  for (int i = 0; i < draws; ++i) {
    const State s = cube4.randomState(rng);
    REQUIRE_FALSE(cube4.checkReachable(s).has_value());
    const int cornerParity = parity(s, corners);
    ++parities[cornerParity * 2 + parity(s, wings)];
    ++orientation[s.pieces[corners.offset] * 3 + s.ori[corners.offset]];
    ++colours[(colour(s, 0) * 6 + colour(s, 1)) * 2 + cornerParity];
  }
  const auto chiSquareBelowCritical = [&](const std::vector<int>& counts,
                                          const std::function<double(int)>& probability) {
    double chi2 = 0;
    for (int cell = 0; cell < static_cast<int>(counts.size()); ++cell) {
      const double expected = draws * probability(cell);
      chi2 += (counts[cell] - expected) * (counts[cell] - expected) / expected;
    }
    const double df = static_cast<double>(counts.size()) - 1;
    const double h = 2 / (9 * df);
    const double critical = df * std::pow(1 - h + 3.09 * std::sqrt(h), 3);
    CAPTURE(chi2);
    CAPTURE(critical);
    CHECK(chi2 < critical);
  };
  chiSquareBelowCritical(parities, [](int) { return 1.0 / 4; });
  chiSquareBelowCritical(orientation, [](int) { return 1.0 / 24; });
  // Four centres of each colour: the second position shares the first's colour with 3/23.
  chiSquareBelowCritical(colours, [](int cell) {
    const bool same = cell / 2 / 6 == cell / 2 % 6;
    return 1.0 / 6 * (same ? 3.0 / 23 : 4.0 / 23) / 2;
  });
}

TEST_CASE("puzzle: the spec is checked") {
  // Braces: clang reads `Puzzle(puzzles::cube2());` as a declaration.
  CHECK_NOTHROW(Puzzle{puzzles::cube2()});
  CHECK_NOTHROW(Puzzle{fixtures::gearSpec()});
  CHECK_NOTHROW(Puzzle{fixtures::linkedSpec()});
  const auto throwsWith = [](const PuzzleSpec& spec, const std::string& part) {
    CAPTURE(part);
    CHECK_THROWS_WITH_AS(Puzzle{spec}, doctest::Contains(part.c_str()), std::invalid_argument);
  };
  // A sticker in two pieces (U3 is the UFR corner's).
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.orbits[0].pieces[1] = "U3 F0 L1"; }), "U3");
  // A move whose cycles split a corner: U without its third cycle.
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.moves[0].cycles.pop_back(); }), "breaks a corner");
  // Stickers of two different corners swapped.
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.moves[1].cycles = {"U0 U1"}; }), "breaks a corner");
  // A corner's stickers sent to another corner in a different order (a mirror image).
  throwsWith(brokenCube2([](PuzzleSpec& s) {
               s.moves[0].cycles = {"U0 U1 U3 U2", "F0 R1 B0 L1", "F1 L0 B1 R0"};
             }),
             "breaks a corner");
  // A move moving the fixed stickers of the DBL corner.
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.moves[2].cycles.push_back("D2 B3"); }),
             "fixed sticker");
  // A left turn would carry corners onto the fixed DBL corner.
  throwsWith(brokenCube2([](PuzzleSpec& s) {
               s.moves.push_back({"L", {"L0 L1 L3 L2", "U0 F0 D0 B3", "U2 F2 D2 B1"}, {{1, ""}}});
             }),
             "L");
  // A symmetry that does not map moves to moves: a U turn conjugates R into U' R U.
  throwsWith(brokenCube2([](PuzzleSpec& s) {
               s.symmetries.push_back({"notSymmetric", s.moves[0].cycles});
             }),
             "does not map");
  // Unknown sticker names, in a piece, a move and a symmetry.
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.orbits[0].pieces[0] = "U3 R0 X1"; }), "X1");
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.moves[0].cycles[0] = "U0 U1 U3 U4"; }), "U4");
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.moves[0].cycles[0] = "U0 U1 U3 U"; }), "'U'");
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.symmetries[0].second[0] = "U3 R0 Fx"; }), "Fx");
  // A sticker in two cycles of one move.
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.moves[0].cycles.push_back("U0 D0"); }),
             "two cycles");
  // Orientations that do not divide the stickers of a piece.
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.orbits[0].orientations = 2; }), "corner");
  // A piece with a different number of stickers.
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.orbits[0].pieces[6] = "D3 R3"; }), "corner");
  // A power that does nothing, and a move whose inverse is not a move.
  throwsWith(brokenCube2([](PuzzleSpec& s) {
               s.moves[0].powers.push_back({4, "4"});
             }),
             "does nothing");
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.moves[0].powers = {{1, ""}}; }), "inverse");
  // SameParityAs an orbit that does not exist; an empty orbit.
  throwsWith(brokenCube2([](PuzzleSpec& s) {
               s.orbits[0].permutation = PermutationRule::SameParityAs;
               s.orbits[0].parityOrbit = "edge";
             }),
             "parity");
  throwsWith(brokenCube2([](PuzzleSpec& s) { s.orbits.push_back({.name = "edge", .pieces = {}}); }),
             "edge");
  // A move turning a piece in a way its orbit does not allow: the bars never flip.
  CHECK(Puzzle(fixtures::barSpec()).stateCountText() == "2");
  PuzzleSpec flipping = fixtures::barSpec();
  flipping.moves.push_back({"T", {"A0 B0"}, {{1, ""}}});
  throwsWith(flipping, "breaks a bar");
}

TEST_CASE("puzzle: move sequences resolve against the puzzle's moves") {
  const Puzzle& cube = fixtures::cube2();
  const auto moves = [&](const std::string& text) {
    const ResolvedSequence resolved = resolveSequence(cube, text);
    INFO(text);
    REQUIRE_FALSE(resolved.error.has_value());
    return formatMoves(cube, resolved.moves);
  };
  CHECK(moves("R U R' U'") == "R U R' U'");
  CHECK(moves("(R U)2") == "R U R U");
  CHECK(moves("(R U2 F')'") == "F U2 R'");  // an inverted group: reversed, each move inverted
  CHECK(moves("(R (U F)')2") == "R F' U' R F' U'");
  CHECK(moves("[R U R', F]") == "R U R' F R U' R' F'");
  CHECK(moves("[R: U]2'") == "R U' R' R U' R'");
  CHECK(moves("R // comment\nU") == "R U");
  CHECK(moves("") == "");
  const std::vector<int> sequence = resolveSequence(cube, "R U2 F' U").moves;
  CHECK(formatMoves(cube, invertMoves(cube, sequence)) == "U' F U2 R'");
  CHECK(cube.applySequence(cube.applySequence(cube.solved(), sequence),
                           invertMoves(cube, sequence)) == cube.solved());
  // Unknown moves name themselves, their column and the puzzle's moves.
  const ResolvedSequence bad = resolveSequence(cube, "R U D");
  REQUIRE(bad.error.has_value());
  CHECK(bad.error->column == 5);
  CHECK(bad.error->message.find("'D'") != std::string::npos);
  CHECK(bad.error->message.find("R2") != std::string::npos);
  // A refused move gives the puzzle's reason instead.
  PuzzleSpec spec = puzzles::cube2();
  spec.rejectedMoves = {{"D", "the D layer is fixed on this model"}};
  const Puzzle refusing(spec);
  const ResolvedSequence refused = resolveSequence(refusing, "U D");
  REQUIRE(refused.error.has_value());
  CHECK(refused.error->column == 3);
  CHECK(refused.error->message.find("the D layer is fixed on this model") != std::string::npos);
  // Syntax errors keep the notation's column.
  const ResolvedSequence unclosed = resolveSequence(cube, "R )");
  REQUIRE(unclosed.error.has_value());
  CHECK(unclosed.error->column == 3);
}

TEST_CASE("puzzle: a count after a move name is read by the order of its turn") {
  struct Case {
    const char* puzzle;
    const char* text;
    const char* normalized;  // written back in the puzzle's form
    const char* same;        // the puzzle's own moves doing the same
  };
  for (const Case& c : {
           // A cube's faces turn 4 times before they are back, a Pyraminx's 3, a Kilominx's 5.
           Case{"cube3", "R3 U5 F2' D4 L0 B1", "R' U F2' B", "R' U F2 B"},
           Case{"cube3", "R3'", "R", "R"},
           Case{"cube3", "(R3 U)2 R99999999999999999999", "(R' U)2 R'", "R' U R' U R'"},
           // Derived moves by the order of their turns and rotation: x3 is x', M6 is M2.
           Case{"cube3", "x3 U M6 Rw4", "x' U M2", "B R2 L2"},
           Case{"pyraminx", "U2 L3 R4' b5", "U' R' b'", "U' R' b'"},
           Case{"kilominx", "R3 F6 L4 U5 BL7'", "R2' F L' BL2'", "R2' F L' BL2'"},
           Case{"cube2", "[R3, U2]", "[R', U2]", "R' U2 R U2"},
           // Only the count changes: a notation's names stay its own.
       }) {
    const Puzzle* puzzle = findPuzzle(c.puzzle);
    REQUIRE(puzzle != nullptr);
    const std::string text = c.text;
    CAPTURE(text);
    const ResolvedSequence resolved = resolveSequence(*puzzle, text);
    REQUIRE_FALSE(resolved.error.has_value());
    CHECK(resolved.normalized == c.normalized);
    const ResolvedSequence same = resolveSequence(*puzzle, c.same);
    REQUIRE_FALSE(same.error.has_value());
    CHECK(puzzle->applySequence(puzzle->solved(), resolved.moves) ==
          puzzle->applySequence(puzzle->solved(), same.moves));
    // The normal form reads back to the same moves.
    CHECK(resolveSequence(*puzzle, resolved.normalized).moves == resolved.moves);
  }
  // In another notation the name stays as written: the Kilominx's megaminx FL is our DL.
  const Puzzle& kilominx = *findPuzzle("kilominx");
  const NotationSpec* megaminx = findNotation(kilominx, "megaminx");
  REQUIRE(megaminx != nullptr);
  const ResolvedSequence theirs = resolveSequence(kilominx, "FL3 B6", megaminx);
  REQUIRE_FALSE(theirs.error.has_value());
  CHECK(theirs.normalized == "FL2' B");
  CHECK(theirs.moves == resolveSequence(kilominx, "DL2' DB").moves);
  CHECK(resolveSequence(kilominx, "DB3", megaminx).error.has_value());  // DB is its B
  // A name ending in a digit takes no count (the Domino's half turn R2: R23 is no R2 thrice).
  const Puzzle& domino = *findPuzzle("domino");
  CHECK(resolveSequence(domino, "U6").normalized == "U2");
  const ResolvedSequence r23 = resolveSequence(domino, "U R23");
  REQUIRE(r23.error.has_value());
  CHECK(r23.error->column == 3);
  CHECK(r23.error->message == "unknown move 'R23' at column 3: the domino's R2 is written R2");
}

TEST_CASE("puzzle: a resolved sequence says which written token each move comes from") {
  const Puzzle& cube = *findPuzzle("cube3");
  const ResolvedSequence resolved = resolveSequence(cube, "[R U R', D] M x U4");
  REQUIRE_FALSE(resolved.error.has_value());
  CHECK(resolved.normalized == "[R U R', D] M x");
  std::vector<std::string> written;
  for (const auto& piece : resolved.written) written.push_back(piece.text);
  CHECK(written ==
        std::vector<std::string>{"[", "R", " ", "U", " ", "R'", ", ", "D", "] ", "M", " ", "x"});
  // R U R' D R U' R' D', then M as its two face turns R L'; x turns no face.
  CHECK(formatMoves(cube, resolved.moves) == "R U R' D R U' R' D' R L'");
  CHECK(resolved.writtenOf == std::vector<int>{1, 3, 5, 7, 5, 3, 1, 7, 9, 9});
  // A' and B' play their written moves undone: R' as R, U as U', R as R', D as D'.
  CHECK(resolved.playedInverted ==
        std::vector<bool>{false, false, false, false, true, true, true, true, false, false});
  // A turn that is its own inverse is not marked undone (R2, M2's R2 L2); M' is, both its turns.
  CHECK(resolveSequence(cube, "[R2, M2]").playedInverted == std::vector<bool>(6, false));
  CHECK(resolveSequence(cube, "(M U)'").playedInverted == std::vector<bool>{true, true, true});
}

TEST_CASE("puzzle: an out-of-range sticker number is an invalid spec") {
  const PuzzleSpec spec =
      brokenCube2([](PuzzleSpec& s) { s.moves[0].cycles[0] = "U0 U1 U3 U99999999999"; });
  CHECK_THROWS_WITH_AS(Puzzle{spec}, doctest::Contains("U99999999999"), std::invalid_argument);
}

TEST_CASE("puzzle: cube2 facelets after single turns match the real cube") {
  const Puzzle& cube = fixtures::cube2();
  const std::string solved = "UUUURRRRFFFFDDDDLLLLBBBB";
  CHECK(cube.facelets(cube.solved()) == solved);
  const auto after = [&](const std::string& move) { return cube.facelets(effect(cube, move)); };
  // Numbering (docs/puzzles/cube2.md): U0 UBL, U1 UBR, U2 UFL, U3 UFR; R0 URF, R1 URB; F0 UFL,
  // F1 UFR; L0 ULB, L1 ULF; B0 UBR, B1 UBL.
  // U turns the top layer clockwise seen from above: the front's top row goes to the left, the
  // right's to the front. So F's top row (F0 F1 = 8, 9) shows R, R's (4, 5) shows B, L's (16, 17)
  // shows F and B's (20, 21) shows L; the U face stays white and the bottom layer is untouched.
  const std::string u = after("U");
  CHECK(u[8] == 'R');
  CHECK(u[9] == 'R');
  CHECK(u.substr(4, 2) == "BB");
  CHECK(u.substr(16, 2) == "FF");
  CHECK(u.substr(20, 2) == "LL");
  CHECK(u.substr(0, 4) == "UUUU");
  CHECK(u.substr(12, 4) == "DDDD");
  // R turns the right layer clockwise seen from the right: the front's right column goes up. So
  // U's right column (U1, U3 = 1, 3) shows F, and F's right column (F1 F3 = 9, 11) shows D.
  const std::string r = after("R");
  CHECK(r[1] == 'F');
  CHECK(r[3] == 'F');
  CHECK(r[0] == 'U');
  CHECK(r[2] == 'U');
  CHECK(r[9] == 'D');
  CHECK(r[11] == 'D');
  CHECK(r.substr(4, 4) == "RRRR");
  // F turns the front layer clockwise seen from the front: the left's right column (L1 ULF, L3
  // DLF) goes up onto U's bottom row (U2, U3 = 2, 3), and U's bottom row goes to R's left column
  // (R0 URF, R2 DRF = 4, 6).
  const std::string f = after("F");
  CHECK(f[2] == 'L');
  CHECK(f[3] == 'L');
  CHECK(f[4] == 'U');
  CHECK(f[6] == 'U');
  CHECK(f.substr(8, 4) == "FFFF");
  // A turn and its inverse show different colours, a half turn shows the opposite face's colour.
  CHECK(after("U'")[8] == 'L');
  CHECK(after("U2")[8] == 'B');
}

TEST_CASE("puzzle: cube2 facelets agree with a geometric model of the cube") {
  const Puzzle& cube = fixtures::cube2();
  const std::string solved = "UUUURRRRFFFFDDDDLLLLBBBB";
  for (const Move& move : cube.moves()) {
    CAPTURE(move.name);
    CHECK(cube.facelets(move.effect) == physicalMove(solved, move.name));
  }
  std::mt19937_64 rng(29);
  for (int trial = 0; trial < 300; ++trial) {
    const std::vector<int> moves = fixtures::randomMoves(cube, rng, 25);
    std::string colours = solved;
    for (int m : moves) colours = physicalMove(colours, cube.moves()[m].name);
    REQUIRE(cube.facelets(cube.applySequence(cube.solved(), moves)) == colours);
  }
}

TEST_CASE("puzzle: cube2's UFR120 symmetry is the turn about the UFR-DBL diagonal") {
  const Puzzle& cube = fixtures::cube2();
  REQUIRE(cube.symmetries().size() == 1);
  const Symmetry& sym = cube.symmetries()[0];
  CHECK(sym.name == "UFR120");
  // The whole cube turned by (x,y,z) -> (y,z,x): U to R, R to F, F to U. Stickers of the moving
  // corners show what the geometric model shows (the DBL stickers are not part of any state).
  const std::vector<Sticker> stickers = docStickers();
  const std::string solved = "UUUURRRRFFFFDDDDLLLLBBBB";
  std::string turned = solved;
  const auto rotate = [](const Vec& v) { return Vec{v[1], v[2], v[0]}; };
  for (int from = 0; from < 24; ++from) {
    for (int to = 0; to < 24; ++to) {
      if (stickers[to].corner == rotate(stickers[from].corner) &&
          stickers[to].normal == rotate(stickers[from].normal)) {
        turned[to] = solved[from];
      }
    }
  }
  const std::string shown = cube.facelets(sym.effect);
  for (int f = 0; f < 24; ++f) {
    if (cube.faceletOwner(f).first >= 0) CHECK(shown[f] == turned[f]);
  }
  CHECK(faceOfVector(rotate(faceVector('U'))) == 'R');
  // Conjugating by the turn: a U turn seen in the turned frame is an R turn, R is F, F is U.
  const std::map<std::string, std::string> expected = {{"U", "R"}, {"U2", "R2"}, {"U'", "R'"},
                                                       {"R", "F"}, {"R2", "F2"}, {"R'", "F'"},
                                                       {"F", "U"}, {"F2", "U2"}, {"F'", "U'"}};
  for (int m = 0; m < static_cast<int>(cube.moves().size()); ++m) {
    CAPTURE(cube.moves()[m].name);
    CHECK(cube.moves()[sym.moveMap[m]].name == expected.at(cube.moves()[m].name));
  }
}
