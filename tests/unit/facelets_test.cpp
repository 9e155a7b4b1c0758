#include "core/facelets.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fixtures.hpp"

using namespace polytwist;
using fixtures::contains;
using fixtures::sorted;
const auto readError = fixtures::faceletError;

namespace {

// Sticker numbers of cube2 by name (docs/puzzles/cube2.md: face blocks of 4 in U R F D L B order).
int sticker(const std::string& name) {
  return static_cast<int>(std::string("URFDLB").find(name[0])) * 4 + (name[1] - '0');
}

std::vector<int> stickers(std::initializer_list<const char*> names) {
  std::vector<int> numbers;
  for (const char* name : names) numbers.push_back(sticker(name));
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

const std::string kSolved = "UUUURRRRFFFFDDDDLLLLBBBB";

}  // namespace

TEST_CASE("facelets: reading the facelets of a state gives the state back") {
  const Puzzle& cube = fixtures::cube2();
  const FaceletReading solved = stateFromFacelets(cube, kSolved);
  REQUIRE(solved.state.has_value());
  CHECK(*solved.state == cube.solved());
  // Every state of the fixtures (random states of every catalogued puzzle: contracts_test.cpp), and
  // their facelets are all different.
  for (const auto& [puzzle, reference] :
       {std::pair{&fixtures::gear(), &fixtures::gearStates()},
        std::pair{&fixtures::linked(), &fixtures::linkedStates()}}) {
    std::set<std::string> seen;
    for (const State& s : reference->states) {
      const std::string text = puzzle->facelets(s);
      seen.insert(text);
      const FaceletReading reading = stateFromFacelets(*puzzle, text);
      REQUIRE(reading.state.has_value());
      REQUIRE(*reading.state == s);
    }
    CHECK(seen.size() == reference->states.size());
  }
}

TEST_CASE("facelets: cube2 errors name the stickers at fault") {
  const Puzzle& cube = fixtures::cube2();

  SUBCASE("wrong length") {
    for (const std::string& text : {std::string(), kSolved.substr(1), kSolved + "U"}) {
      const FaceletError error = readError(cube, text);
      CHECK(contains(error.message, "24"));
      CHECK(contains(error.message, std::to_string(text.size())));
      CHECK(error.problem.kind == "sticker-count");
      CHECK(error.problem.count == static_cast<int>(text.size()));
      CHECK(error.problem.expected == 24);
    }
  }
  SUBCASE("a letter that is no face's") {
    std::string text = kSolved;
    text[9] = 'x';
    FaceletError error = readError(cube, text);
    CHECK(error.stickers == std::vector<int>{9});
    CHECK(contains(error.message, "F1"));
    CHECK(contains(error.message, "'x'"));
    CHECK(error.problem.kind == "unknown-letter");
    CHECK(error.problem.shown == std::vector<std::string>{"x"});
    text[9] = 'u';  // lower case is not the face's letter
    CHECK(readError(cube, text).stickers == std::vector<int>{9});
    text[9] = '\xff';
    error = readError(cube, text);
    CHECK(error.stickers == std::vector<int>{9});
    CHECK(contains(error.message, "0xff"));
  }
  SUBCASE("wrong colour counts") {
    std::string text = kSolved;
    text[0] = 'R';  // 3 U, 5 R: the five R stickers are blamed
    const FaceletError error = readError(cube, text);
    CHECK(contains(error.message, "3 U"));
    CHECK(contains(error.message, "5 R"));
    CHECK(sorted(error.stickers) == std::vector<int>{0, 4, 5, 6, 7});
    // As data: each wrong count with the face's letter, in face order.
    CHECK(error.problem.kind == "colour-counts");
    REQUIRE(error.problem.counts.size() == 2);
    CHECK(error.problem.counts[0].face == 'U');
    CHECK(error.problem.counts[0].count == 3);
    CHECK(error.problem.counts[0].expected == 4);
    CHECK(error.problem.counts[1].face == 'R');
    CHECK(error.problem.counts[1].count == 5);
  }
  SUBCASE("a fixed sticker of the DBL corner with the wrong colour") {
    for (const char* name : {"D2", "L2", "B3"}) {
      CAPTURE(name);
      // Swap its colour with a moving sticker of another colour, keeping the counts.
      std::string text = kSolved;
      const int fixed = sticker(name);
      const int other = sticker("U0");
      std::swap(text[fixed], text[other]);
      const FaceletError error = readError(cube, text);
      CHECK(error.stickers == std::vector<int>{fixed});
      CHECK(contains(error.message, name));
      CHECK(error.problem.kind == "fixed-stickers");
      CHECK(error.problem.pieces == std::vector<std::string>{std::string(1, name[0])});
      CHECK(error.problem.shown == std::vector<std::string>{"U"});
    }
  }
  SUBCASE("a corner with colours no corner has") {
    // Swap U0 (on the UBL corner) with F0 (on the UFL corner): the UFL corner (U2 F0 L1) now shows
    // U, U, L — two white stickers. Counts are unchanged.
    std::string text = kSolved;
    std::swap(text[sticker("U0")], text[sticker("F0")]);
    const FaceletError error = readError(cube, text);
    CHECK(sorted(error.stickers) == stickers({"U2", "F0", "L1"}));
    CHECK(contains(error.message, "UUL"));
    CHECK(error.problem.kind == "no-such-piece");
    CHECK(error.problem.orbit == "corner");
    CHECK(error.problem.shown == std::vector<std::string>{"U", "U", "L"});
  }
  SUBCASE("a corner in mirror image") {
    // The UFR corner (U3 R0 F1) with its R and F stickers swapped shows U F R: read clockwise it
    // is the mirror image of the real UFR corner.
    std::string text = kSolved;
    std::swap(text[sticker("R0")], text[sticker("F1")]);
    const FaceletError error = readError(cube, text);
    CHECK(sorted(error.stickers) == stickers({"U3", "R0", "F1"}));
    CHECK(contains(error.message, "mirror"));
    // The piece by its colours in face order (U R F D L B), whatever order it shows them in.
    CHECK(error.problem.kind == "mirror-image");
    CHECK(error.problem.orbit == "corner");
    CHECK(error.problem.pieces == std::vector<std::string>{"URF"});
  }
  SUBCASE("a corner twice") {
    // The UFL corner's place (U2 F0 L1) shows the UFR corner's colours U R F; to keep the counts,
    // the UBR corner's R1 shows L instead of R (that corner is looked at later).
    std::string text = kSolved;
    text[sticker("F0")] = 'R';
    text[sticker("L1")] = 'F';
    text[sticker("R1")] = 'L';
    const FaceletError error = readError(cube, text);
    CHECK(sorted(error.stickers) == stickers({"U3", "R0", "F1", "U2", "F0", "L1"}));
    CHECK(contains(error.message, "twice"));
    CHECK(error.problem.kind == "piece-twice");
    CHECK(error.problem.pieces == std::vector<std::string>{"URF"});
    CHECK(error.problem.counts.empty());  // the counts are right
  }
  SUBCASE("a single twisted corner") {
    // The UFR corner turned in place: U3 R0 F1 show F U R.
    std::string text = kSolved;
    text[sticker("U3")] = 'F';
    text[sticker("R0")] = 'U';
    text[sticker("F1")] = 'R';
    const FaceletError error = readError(cube, text);
    CHECK(sorted(error.stickers) == stickers({"U3", "R0", "F1"}));
    CHECK(contains(error.message, "twisted"));
    CHECK(error.problem.kind == "orientation-sum");
    CHECK(error.problem.orbit == "corner");
    CHECK(error.problem.pieces == std::vector<std::string>{"URF"});
    CHECK(error.problem.orientations == 3);
    CHECK(error.problem.twist == 1);
    // On a scrambled cube the twisted stickers named are those of every corner not in its home
    // orientation, and they include the corner twisted.
    std::mt19937_64 rng(3);
    for (int trial = 0; trial < 200; ++trial) {
      const State s = cube.randomState(rng);
      std::string scrambled = cube.facelets(s);
      const int position = trial % 7;
      const std::vector<int>& at = cube.orbits()[0].facelets[position];
      const char first = scrambled[at[0]];
      scrambled[at[0]] = scrambled[at[2]];
      scrambled[at[2]] = scrambled[at[1]];
      scrambled[at[1]] = first;
      const FaceletError twisted = readError(cube, scrambled);
      std::vector<int> expected;
      State turned = s;
      turned.ori[position] = static_cast<std::uint8_t>((turned.ori[position] + 1) % 3);
      for (int p = 0; p < 7; ++p) {
        if (turned.ori[p] == 0) continue;
        const std::vector<int>& f = cube.orbits()[0].facelets[p];
        expected.insert(expected.end(), f.begin(), f.end());
      }
      CHECK(sorted(twisted.stickers) == sorted(expected));
      CHECK(contains(twisted.message, "twisted"));
    }
  }
}

TEST_CASE("facelets: the gear fixture's Even, Fixed and flip rules") {
  const Puzzle& gear = fixtures::gear();
  const std::string solved = gear.facelets(gear.solved());
  // Stickers: U0-U3 0-3, F0-F2 4-6, R0-R2 7-9, L0-L1 10-11, D0-D2 12-14.
  CHECK(solved == "UUUUFFFRRRLLDDD");
  REQUIRE(stateFromFacelets(gear, solved).state == gear.solved());

  // Two edges swapped (e0 at U0 F0 and e1 at U1 R0): an odd permutation.
  std::string swapped = solved;
  std::swap(swapped[4], swapped[7]);  // F0 <-> R0
  FaceletError error = readError(gear, swapped);
  CHECK(contains(error.message, "odd"));
  CHECK(sorted(error.stickers) == std::vector<int>{0, 1, 4, 7});
  CHECK(error.problem.kind == "odd-permutation");
  CHECK(error.problem.pieces.size() == 2);

  // A second swap (e2 with e3: U2 L0 and D0 F1) makes it even again: a real position.
  std::string twoSwaps = swapped;
  twoSwaps[2] = 'D';
  twoSwaps[10] = 'F';
  twoSwaps[12] = 'U';
  twoSwaps[5] = 'L';
  const FaceletReading even = stateFromFacelets(gear, twoSwaps);
  REQUIRE(even.state.has_value());
  CHECK(gear.checkReachable(*even.state) == std::nullopt);
  CHECK(gear.facelets(*even.state) == twoSwaps);

  // One edge flipped in place.
  std::string flipped = solved;
  std::swap(flipped[0], flipped[4]);  // U0 <-> F0
  error = readError(gear, flipped);
  CHECK(contains(error.message, "flipped"));
  CHECK(sorted(error.stickers) == std::vector<int>{0, 4});
  CHECK(error.problem.kind == "orientation-sum");
  CHECK(error.problem.orientations == 2);
  CHECK(error.problem.pieces == std::vector<std::string>{"UF"});

  // The two tips exchanged: tips never leave their places.
  std::string tips = solved;
  tips[3] = 'D';   // U3 (tip 0: U3 R1 F2 shows D L R)
  tips[8] = 'L';   // R1
  tips[6] = 'R';   // F2
  tips[13] = 'U';  // D1 (tip 1: D1 L1 R2 shows U R F)
  tips[11] = 'R';  // L1
  tips[9] = 'F';   // R2
  error = readError(gear, tips);
  CHECK(contains(error.message, "out of its place"));
  CHECK(error.problem.kind == "piece-out-of-place");
  CHECK(error.problem.pieces.size() == 2);
  CHECK(sorted(error.stickers) == std::vector<int>{3, 6, 8, 9, 11, 13});

  // A single tip twisted is a real position (no sum rule on tips).
  std::string tipTwisted = solved;
  tipTwisted[3] = 'F';
  tipTwisted[8] = 'U';
  tipTwisted[6] = 'R';
  const FaceletReading twisted = stateFromFacelets(gear, tipTwisted);
  REQUIRE(twisted.state.has_value());
  CHECK(twisted.state->ori[4] != 0);

  // The fixed sticker D2.
  std::string fixedWrong = solved;
  std::swap(fixedWrong[14], fixedWrong[0]);
  error = readError(gear, fixedWrong);
  CHECK(error.stickers == std::vector<int>{14});
  CHECK(contains(error.message, "D2"));
}

TEST_CASE("facelets: a piece turned in a way its moves never turn it") {
  // The bars have 2 stickers but 1 orientation: showing one reversed is no position.
  const Puzzle bars(fixtures::barSpec());
  CHECK(bars.facelets(bars.solved()) == "AABC");
  CHECK(stateFromFacelets(bars, "AACB").state == bars.applySequence(bars.solved(), {0}));
  const FaceletError error = readError(bars, "BAAC");  // A0 B0 show B A
  CHECK(contains(error.message, "never turn"));
  CHECK(error.problem.kind == "piece-turned");
  CHECK(error.problem.pieces == std::vector<std::string>{"AB"});
  CHECK(sorted(error.stickers) == std::vector<int>{0, 2});
}

TEST_CASE("facelets: the linked fixture's parity link") {
  const Puzzle& linked = fixtures::linked();
  const std::string solved = linked.facelets(linked.solved());
  CHECK(solved == "ABCDEEGGHH");
  // a0 and a1 swapped without a b swap: parities differ.
  std::string text = solved;
  std::swap(text[0], text[1]);
  const FaceletError error = readError(linked, text);
  CHECK(contains(error.message, "parities"));
  CHECK(error.problem.kind == "parity-mismatch");
  // Swapping b0 and b1 too makes it a real position.
  text = linked.facelets(linked.applySequence(linked.solved(), {*linked.findMove("M")}));
  CHECK(stateFromFacelets(linked, text).state.has_value());
}

TEST_CASE("facelets: a broken parity link names the swapped stickers") {
  const Puzzle& linked = fixtures::linked();
  std::string text = linked.facelets(linked.solved());
  std::swap(text[0], text[1]);  // a0 <-> a1
  const FaceletError error = readError(linked, text);
  CHECK(contains(error.message, "parities"));
  CHECK(!error.stickers.empty());
  CHECK(std::count(error.stickers.begin(), error.stickers.end(), 0) == 1);
  CHECK(std::count(error.stickers.begin(), error.stickers.end(), 1) == 1);
}

TEST_CASE("facelets: garbage never crashes and is always refused") {
  const Puzzle& cube = fixtures::cube2();
  std::mt19937_64 rng(666);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int trial = 0; trial < 20000; ++trial) {
    const int length = trial % 3 == 0 ? 24 : static_cast<int>(rng() % 40);
    std::string text;
    for (int i = 0; i < length; ++i) text += static_cast<char>(byte(rng));
    const FaceletReading reading = stateFromFacelets(cube, text);
    REQUIRE_FALSE(reading.state.has_value());
    REQUIRE(!reading.error.message.empty());
    for (int s : reading.error.stickers) REQUIRE((s >= 0 && s < 24));
  }
  // Shuffled colourings have the right letters and counts; whatever is accepted must be a real
  // position that shows exactly these colours, and every refusal names stickers in range.
  int accepted = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    std::string text = kSolved;
    std::shuffle(text.begin(), text.end(), rng);
    const FaceletReading reading = stateFromFacelets(cube, text);
    if (reading.state) {
      ++accepted;
      REQUIRE(cube.checkReachable(*reading.state) == std::nullopt);
      REQUIRE(cube.facelets(*reading.state) == text);
    } else {
      REQUIRE(!reading.error.message.empty());
      REQUIRE(!reading.error.stickers.empty());
      for (int s : reading.error.stickers) REQUIRE((s >= 0 && s < 24));
    }
  }
  CHECK(accepted < 20000);
  // Colourings of real positions with two stickers exchanged are never accepted unless they show
  // another real position; the fixtures too.
  for (const Puzzle* puzzle : {&fixtures::gear(), &fixtures::linked()}) {
    for (int trial = 0; trial < 5000; ++trial) {
      std::string text = puzzle->facelets(puzzle->randomState(rng));
      std::swap(text[rng() % text.size()], text[rng() % text.size()]);
      const FaceletReading reading = stateFromFacelets(*puzzle, text);
      if (reading.state) {
        REQUIRE(puzzle->checkReachable(*reading.state) == std::nullopt);
        REQUIRE(puzzle->facelets(*reading.state) == text);
      } else {
        REQUIRE(!reading.error.message.empty());
      }
    }
  }
}
