// The Rubik's Cube 3x3x3 model (docs/puzzles/cube3.md): move orders and the superflip, the state
// count, facelets, the notation of wide turns, slices and rotations resolved into face turns, and
// the colouring errors of a cube.
#include <doctest/doctest.h>

#include <array>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/facelets.hpp"
#include "core/sequence.hpp"
#include "fixtures.hpp"
#include "geometry/holdings.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;
using fixtures::contains;

namespace {

const Puzzle& cube() { return *findPuzzle("cube3"); }

std::vector<int> resolved(const std::string& text) {
  const ResolvedSequence sequence = resolveSequence(cube(), text);
  INFO(text);
  REQUIRE_FALSE(sequence.error.has_value());
  return sequence.moves;
}

State stateOf(const std::string& text) {
  return cube().applySequence(cube().solved(), resolved(text));
}

// How many times the sequence must be applied to return to solved.
int orderOf(const std::string& text) {
  const std::vector<int> moves = resolved(text);
  State s = cube().applySequence(cube().solved(), moves);
  int order = 1;
  for (; s != cube().solved() && order < 5000; ++order) s = cube().applySequence(s, moves);
  return order;
}

// An independent reading of the derived moves, for the random comparison below: the frame as the
// face letter found at each place (U R F D L B), turned by x, y and z as a cube turns, and each
// derived move written out by hand as face turns and a rotation.
class LetterFrame {
 public:
  std::string faceAt(char place) const { return std::string(1, at_.at(place)); }
  void rotate(char axis, int quarterTurns) {
    // Each cycle lists places where the face at one place moves to the next.
    static const std::map<char, std::string> cycles = {{'x', "FUBD"}, {'y', "FLBR"}, {'z', "URDL"}};
    const std::string& cycle = cycles.at(axis);
    for (int q = 0; q < (quarterTurns % 4 + 4) % 4; ++q) {
      std::map<char, char> next = at_;
      for (int i = 0; i < 4; ++i) next[cycle[(i + 1) % 4]] = at_[cycle[i]];
      at_ = next;
    }
  }

 private:
  std::map<char, char> at_ = {{'U', 'U'}, {'R', 'R'}, {'F', 'F'},
                              {'D', 'D'}, {'L', 'L'}, {'B', 'B'}};
};

struct HandResolution {
  std::string turns;  // face turns (place letters) in quarter turns: "R L'" for M
  char axis;          // rotation after them, as quarter turns about this axis
  int quarterTurns;
};

const std::map<std::string, HandResolution> kHand = {
    {"Rw", {"L", 'x', 1}},    {"r", {"L", 'x', 1}},     {"Lw", {"R", 'x', -1}},
    {"l", {"R", 'x', -1}},    {"Uw", {"D", 'y', 1}},    {"u", {"D", 'y', 1}},
    {"Dw", {"U", 'y', -1}},   {"d", {"U", 'y', -1}},    {"Fw", {"B", 'z', 1}},
    {"f", {"B", 'z', 1}},     {"Bw", {"F", 'z', -1}},   {"b", {"F", 'z', -1}},
    {"M", {"R L'", 'x', -1}}, {"E", {"U D'", 'y', -1}}, {"S", {"F' B", 'z', 1}},
    {"x", {"", 'x', 1}},      {"y", {"", 'y', 1}},      {"z", {"", 'z', 1}}};

// Appends `name` applied `power` times (negative: its inverse) in `frame`, as face turns.
void writeOut(const std::string& name, int power, LetterFrame& frame, std::string& out) {
  const HandResolution& hand = kHand.at(name);
  for (int i = 0; i < std::abs(power); ++i) {
    if (power < 0) frame.rotate(hand.axis, -hand.quarterTurns);
    std::vector<std::string> turns;
    for (std::size_t at = 0; at < hand.turns.size(); ++at) {
      if (hand.turns[at] == ' ' || hand.turns[at] == '\'') continue;
      const bool prime = at + 1 < hand.turns.size() && hand.turns[at + 1] == '\'';
      turns.push_back(frame.faceAt(hand.turns[at]) + (prime != (power < 0) ? "'" : ""));
    }
    if (power < 0) std::reverse(turns.begin(), turns.end());
    for (const std::string& turn : turns) out += turn + " ";
    if (power > 0) frame.rotate(hand.axis, hand.quarterTurns);
  }
}

}  // namespace

TEST_CASE("cube3: the model compiles with 18 face turns and 54 stickers") {
  REQUIRE(findPuzzle("cube3") != nullptr);
  CHECK(cube().moves().size() == 18);
  CHECK(cube().faceletCount() == 54);
  CHECK(cube().orbits().size() == 2);
  CHECK(cube().facelets(cube().solved()) ==
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB");
  CHECK(cube().stateCountText() == "43252003274489856000");
}

TEST_CASE("cube3: orders of known sequences") {
  CHECK(orderOf("R") == 4);
  CHECK(orderOf("R U") == 105);
  CHECK(orderOf("R U R' U'") == 6);
  CHECK(stateOf("(R U R' U')6") == cube().solved());
  CHECK(orderOf("R U2 D' B D'") == 1260);
}

TEST_CASE("cube3: the superflip flips every edge in place and leaves the corners solved") {
  const State s = stateOf("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
  const Orbit& corners = cube().orbits()[cube().orbitIndex("corner")];
  const Orbit& edges = cube().orbits()[cube().orbitIndex("edge")];
  for (int i = 0; i < corners.size; ++i) {
    CHECK(s.pieces[corners.offset + i] == i);
    CHECK(s.ori[corners.offset + i] == 0);
  }
  for (int i = 0; i < edges.size; ++i) {
    CHECK(s.pieces[edges.offset + i] == i);
    CHECK(s.ori[edges.offset + i] == 1);
  }
  // Each edge shows its colours swapped: UF's U sticker (U7) is green, its F sticker (F1) white.
  const std::string facelets = cube().facelets(s);
  CHECK(facelets[fixtures::stickerIndex(cube(), "U7")] == 'F');
  CHECK(facelets[fixtures::stickerIndex(cube(), "F1")] == 'U');
}

TEST_CASE("cube3: rotations change the frame of the moves after them") {
  // x turns the cube like R: F comes up, U goes back, D comes to the front.
  CHECK(stateOf("x U") == stateOf("F"));
  CHECK(stateOf("x F") == stateOf("D"));
  CHECK(stateOf("x R") == stateOf("R"));
  CHECK(stateOf("x' U") == stateOf("B"));
  CHECK(stateOf("x2 U") == stateOf("D"));
  // y turns it like U: R comes to the front, B to the right.
  CHECK(stateOf("y F") == stateOf("R"));
  CHECK(stateOf("y R") == stateOf("B"));
  CHECK(stateOf("y' F") == stateOf("L"));
  // z turns it like F: L comes up, U goes right.
  CHECK(stateOf("z U") == stateOf("L"));
  CHECK(stateOf("z R") == stateOf("U"));
  CHECK(stateOf("z F") == stateOf("F"));
  // After x then y: x puts F on top, D in front; y then brings R to the front and the old top
  // (U, now at the back) to the right.
  CHECK(stateOf("x y F") == stateOf("R"));
  CHECK(stateOf("x y R") == stateOf("U"));
  CHECK(stateOf("x y U") == stateOf("F"));
  // A rotation alone moves no piece; a rotation and its inverse leave the frame as it was.
  CHECK(resolved("x y z x2 y' z2'").empty());
  CHECK(stateOf("x x' U") == stateOf("U"));
  // z is y' x y, so x y z is x2 y, and U is then the old D.
  CHECK(stateOf("x y z U") == stateOf("x2 y U"));
  CHECK(stateOf("x y z U") == stateOf("D"));
}

TEST_CASE("cube3: slices and wide turns resolve into face turns and a rotation") {
  // M turns the middle layer like L: R and L', then the whole cube like L (x'), which brings B
  // on top.
  CHECK(formatMoves(cube(), resolved("M")) == "R L'");
  CHECK(stateOf("M U") == stateOf("R L' B"));
  CHECK(formatMoves(cube(), resolved("M2")) == "R2 L2");
  CHECK(formatMoves(cube(), resolved("M'")) == "L R'");  // the inverse undoes L' first
  CHECK(formatMoves(cube(), resolved("M2'")) == "L2 R2");
  // E like D: U D', then y' brings L to the front.
  CHECK(stateOf("E F") == stateOf("U D' L"));
  CHECK(stateOf("E2 F") == stateOf("U2 D2 B"));
  // S like F: F' B, then z brings L on top.
  CHECK(stateOf("S U") == stateOf("F' B L"));
  // r = Rw turns R and the middle layer: L, then x (F comes up).
  CHECK(stateOf("r U") == stateOf("L F"));
  CHECK(stateOf("Rw U") == stateOf("L F"));
  CHECK(stateOf("Rw2 U") == stateOf("L2 D"));
  CHECK(stateOf("Rw2' U") == stateOf("L2 D"));
  CHECK(stateOf("Rw' U") == stateOf("L' B"));
  CHECK(stateOf("Lw U") == stateOf("R B"));
  CHECK(stateOf("u R") == stateOf("D B"));
  CHECK(stateOf("Uw R") == stateOf("D B"));
  CHECK(stateOf("d F") == stateOf("U L"));
  CHECK(stateOf("f U") == stateOf("B L"));
  CHECK(stateOf("b U") == stateOf("F R"));
  // R2' is R2.
  CHECK(formatMoves(cube(), resolved("R2' U2'")) == "R2 U2");
  // A wide turn is its face turn and the slice: r = R M'.
  CHECK(stateOf("r") == stateOf("R M'"));
  CHECK(stateOf("r U") == stateOf("R M' U"));
  CHECK(stateOf("u F") == stateOf("U E' F"));
  CHECK(stateOf("f U") == stateOf("F S U"));
}

TEST_CASE("cube3: slice algorithms do what they are known to do") {
  // The H permutation M2 U M2 U2 M2 U M2 swaps UF with UB and UL with UR, nothing else.
  const State h = stateOf("M2 U M2 U2 M2 U M2");
  const Orbit& edges = cube().orbits()[cube().orbitIndex("edge")];
  const Orbit& corners = cube().orbits()[cube().orbitIndex("corner")];
  const std::array<int, 12> swapped = {2, 3, 0, 1, 4, 5, 6, 7, 8, 9, 10, 11};  // UR UF UL UB ...
  for (int i = 0; i < edges.size; ++i) {
    CHECK(h.pieces[edges.offset + i] == swapped[i]);
    CHECK(h.ori[edges.offset + i] == 0);
  }
  for (int i = 0; i < corners.size; ++i) CHECK(h.pieces[corners.offset + i] == i);
  // Four times M' U (the "edge flip" loop) and its inverse in a group undo each other.
  CHECK(stateOf("(M' U)4 (M' U)4'") == cube().solved());
  // M2 E2 S2 (the checkerboard when the centres move along): around fixed centres M2 is R2 L2
  // and turns the frame by x2, E2 is then U2 D2 and S2 F2 B2.
  CHECK(stateOf("M2 E2 S2") == stateOf("R2 L2 U2 D2 F2 B2"));
}

TEST_CASE("cube3: inverted groups with rotations come out right") {
  // (M U)' is U' M': U' first, then M' turns the frame back (x) before undoing R L'.
  CHECK(stateOf("(M U)'") == stateOf("U' M'"));
  CHECK(formatMoves(cube(), resolved("(M U)'")) == "U' L R'");
  CHECK(stateOf("M U (M U)'") == cube().solved());
  CHECK(stateOf("(M U)' M U") == cube().solved());
  // (x U)' = U' x': the U' is turned before the rotation, so it stays U'; what follows is seen
  // after x' (B on top).
  CHECK(stateOf("(x U)' U") == stateOf("U' B"));
  CHECK(stateOf("(r U)' U") == stateOf("U' L' B"));
  // Repeats: (x U)2 = x U x U, the second U seen after x2 (D on top).
  CHECK(stateOf("(x U)2") == stateOf("F D"));
  // Conjugates and commutators of derived moves: each part read in the frame it is played in.
  CHECK(stateOf("[Rw: U]2'") == stateOf("(Rw U Rw' Rw U Rw')'"));
  CHECK(stateOf("[M', U2]") == stateOf("M' U2 M U2'"));
  CHECK(stateOf("[x: [R, U]]") == stateOf("R F R' F'"));  // x turns about R: U is then F
  CHECK(stateOf("((M E) S)2' ((M E) S)2") == cube().solved());
}

TEST_CASE("cube3: random sequences of derived moves resolve as their face turns written by hand") {
  std::mt19937_64 rng(20260);
  std::vector<std::string> names;
  for (const auto& [name, hand] : kHand) names.push_back(name);
  const std::vector<std::pair<std::string, int>> powers = {
      {"", 1}, {"2", 2}, {"'", -1}, {"2'", -2}};
  const std::vector<std::string> faces = {"U", "R", "F", "D", "L", "B"};
  for (int trial = 0; trial < 300; ++trial) {
    LetterFrame frame;
    std::string written, byHand;
    for (int i = 0; i < 12; ++i) {
      if (rng() % 3 == 0) {
        // A plain face turn, read in the current frame.
        const std::string& face = faces[rng() % faces.size()];
        const auto& [suffix, power] = powers[rng() % 3];
        written += face + suffix + " ";
        for (int q = 0; q < (power + 4) % 4; ++q) byHand += frame.faceAt(face[0]) + " ";
        continue;
      }
      const std::string& name = names[rng() % names.size()];
      const auto& [suffix, power] = powers[rng() % powers.size()];
      written += name + suffix + " ";
      writeOut(name, power, frame, byHand);
    }
    CAPTURE(written);
    CAPTURE(byHand);
    CHECK(stateOf(written) == stateOf(byHand));
    // The sequence inverted as a group undoes it, whatever frame it ends in.
    CHECK(stateOf(written + "(" + written + ")'") == cube().solved());
    CHECK(stateOf("(" + written + ")' " + written) == cube().solved());
  }
}

TEST_CASE("cube3: unknown moves are refused with their column") {
  for (const auto& entry : std::vector<std::pair<std::string, int>>{
           {"R U Q", 5}, {"M++", 1}, {"x Mw", 3}, {"R rw", 3}}) {
    // Not a structured binding: clang 14 (the sanitizer build) cannot capture one in CAPTURE.
    const std::string& text = entry.first;
    const int column = entry.second;
    const ResolvedSequence sequence = resolveSequence(cube(), text);
    CAPTURE(text);
    REQUIRE(sequence.error.has_value());
    CHECK(sequence.error->column == column);
    CHECK(contains(sequence.error->message, "unknown move"));
    // Derived moves are listed too, or the forms of the one the token is a bad power of.
    CHECK(contains(sequence.error->message, text == "M++" ? "M is written M M2 M' M2'" : "Rw"));
  }
}

TEST_CASE("cube3: applyMoves keeps the notation as written and gives the face turns") {
  const Json answer = service::applyMoves("cube3", "", "(M U)'  x  r");
  REQUIRE(answer.find("moves") != nullptr);
  CHECK(answer.find("moves")->string() == "(M U)' x r");
  CHECK(answer.find("turns")->string() == "U' L R' L");
  const Json same = service::applyMoves("cube3", "", "U' R' L2");
  CHECK(answer.find("facelets")->string() == same.find("facelets")->string());
  CHECK(answer.find("state")->string() == same.find("state")->string());
  CHECK(same.find("turns")->string() == "U' R' L2");
}

namespace {

// The colouring of the solved cube with the stickers named swapped pairwise ("U0", "F0", ...).
std::string swapped(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string text = cube().facelets(cube().solved());
  for (const auto& [a, b] : pairs) {
    std::swap(text[fixtures::stickerIndex(cube(), a)], text[fixtures::stickerIndex(cube(), b)]);
  }
  return text;
}

std::vector<int> named(const std::vector<std::string>& names) {
  return fixtures::stickerIndices(cube(), names);
}

}  // namespace

TEST_CASE("cube3: colouring errors name the stickers at fault") {
  SUBCASE("wrong colour counts") {
    const FaceletError error =
        fixtures::faceletError(cube(), fixtures::recoloured(cube(), {{"U0", 'R'}}));
    CHECK(contains(error.message, "8 U"));
    CHECK(contains(error.message, "10 R"));
    // The ten R stickers are blamed: the R face and U0.
    CHECK(fixtures::sorted(error.stickers) ==
          named({"U0", "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"}));
  }
  SUBCASE("a centre showing another face's colour") {
    const FaceletError error = fixtures::faceletError(cube(), swapped({{"U4", "F1"}}));
    CHECK(error.message == "centre U4 shows F but must show U (no move turns it)");
    CHECK(error.stickers == named({"U4"}));
  }
  SUBCASE("centres swapped; a cube held turned is read turned back, its errors where seen") {
    FaceletError error = fixtures::faceletError(cube(), swapped({{"U4", "F4"}}));
    CHECK(error.message ==
          "centres U4 F4 show F U but must show U F (no move turns them), and no way of holding "
          "the puzzle shows each centre on its own face");
    CHECK(error.stickers == named({"U4", "F4"}));
    // Held turned by y the R face is in front, so F shows R, R shows B and so on: recolouring
    // each sticker so shows the cube as seen turned.
    const auto turnedByY = [](std::string text) {
      const std::string faces = "URFDLB", seen = "UBRDFL";  // the face now at each place
      for (char& c : text) c = seen[faces.find(c)];
      return text;
    };
    const FaceletReading solved = stateFromFacelets(
        cube(), turnedByY(cube().facelets(cube().solved())), geometry::wholeTurnsOf(cube()));
    REQUIRE(solved.state.has_value());
    CHECK(cube().isSolved(*solved.state));
    // The corner at URF twisted in place: named at U8 R0 F2, where the turned cube shows it.
    error = fixtures::faceletError(cube(), turnedByY(swapped({{"U8", "R0"}, {"U8", "F2"}})));
    CHECK(contains(error.message, "the corner orientations add up to"));
    CHECK(fixtures::sorted(error.stickers) == named({"U8", "R0", "F2"}));
  }
  SUBCASE("a corner and an edge with colours no piece has") {
    // U0 (on ULB) and F0 (on UFL) swapped: the UFL corner shows U U L.
    FaceletError error = fixtures::faceletError(cube(), swapped({{"U0", "F0"}}));
    CHECK(contains(error.message, "U6 F0 L2 show UUL"));
    CHECK(fixtures::sorted(error.stickers) == named({"U6", "F0", "L2"}));
    // F1 and U5 swapped: the UR edge shows F R (the FR edge), the UF edge U U, no edge's colours.
    error = fixtures::faceletError(cube(), swapped({{"F1", "U5"}}));
    CHECK(contains(error.message, "U7 F1 show UU: no edge has these colours"));
    CHECK(fixtures::sorted(error.stickers) == named({"U7", "F1"}));
  }
  SUBCASE("a corner in mirror image") {
    // The URF corner (U8 R0 F2) with R and F swapped reads U F R clockwise.
    const FaceletError error = fixtures::faceletError(cube(), swapped({{"R0", "F2"}}));
    CHECK(contains(error.message, "mirror"));
    CHECK(fixtures::sorted(error.stickers) == named({"U8", "R0", "F2"}));
  }
  SUBCASE("a corner twice") {
    // The UFL place (U6 F0 L2) shows the URF corner's U R F; UBR's R2 shows L to keep the counts.
    const FaceletError error = fixtures::faceletError(
        cube(), fixtures::recoloured(cube(), {{"F0", 'R'}, {"L2", 'F'}, {"R2", 'L'}}));
    CHECK(contains(error.message, "the URF corner appears twice: at U8 R0 F2 and at U6 F0 L2"));
    CHECK(fixtures::sorted(error.stickers) == named({"U8", "R0", "F2", "U6", "F0", "L2"}));
  }
  SUBCASE("a corner copied over another: named rather than the counts it changed") {
    const FaceletError error =
        fixtures::faceletError(cube(), fixtures::recoloured(cube(), {{"F0", 'R'}, {"L2", 'F'}}));
    CHECK(error.message ==
          "the URF corner appears twice: at U8 R0 F2 and at U6 F0 L2 (wrong colour counts: 10 R, "
          "8 L)");
    CHECK(fixtures::sorted(error.stickers) == named({"U8", "R0", "F2", "U6", "F0", "L2"}));
  }
  SUBCASE("a twisted corner") {
    // URF turned in place clockwise: U8 R0 F2 show F U R.
    const FaceletError error = fixtures::faceletError(
        cube(), fixtures::recoloured(cube(), {{"U8", 'F'}, {"R0", 'U'}, {"F2", 'R'}}));
    CHECK(contains(error.message, "corner orientations add up to 1 (mod 3)"));
    CHECK(contains(error.message, "twisted"));
    CHECK(fixtures::sorted(error.stickers) == named({"U8", "R0", "F2"}));
  }
  SUBCASE("a flipped edge") {
    const FaceletError error = fixtures::faceletError(cube(), swapped({{"U7", "F1"}}));
    CHECK(contains(error.message, "edge orientations add up to 1 (mod 2)"));
    CHECK(contains(error.message, "flipped"));
    CHECK(fixtures::sorted(error.stickers) == named({"U7", "F1"}));
  }
  SUBCASE("two edges or two corners swapped: the parities of corners and edges differ") {
    // UF and UR exchanged: U7 F1 show U R, U5 R1 show U F.
    FaceletError error = fixtures::faceletError(cube(), swapped({{"F1", "R1"}}));
    CHECK(contains(error.message, "edge and corner permutations have different parities"));
    CHECK(fixtures::sorted(error.stickers) == named({"U5", "R1", "U7", "F1"}));
    // URF and UFL exchanged, each still with U on top: U8 R0 F2 show U F L, U6 F0 L2 show U R F.
    error = fixtures::faceletError(
        cube(), fixtures::recoloured(cube(), {{"R0", 'F'}, {"F2", 'L'}, {"F0", 'R'}, {"L2", 'F'}}));
    CHECK(contains(error.message, "different parities"));
    CHECK(fixtures::sorted(error.stickers) == named({"U8", "R0", "F2", "U6", "F0", "L2"}));
  }
}

TEST_CASE("cube3: real colourings are accepted") {
  // The superflip: every edge flipped, 12 flips add up to 0 (mod 2).
  const State superflip = stateOf("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
  const FaceletReading reading = stateFromFacelets(cube(), cube().facelets(superflip));
  REQUIRE(reading.state.has_value());
  CHECK(*reading.state == superflip);
  // Through the service: the error carries the stickers; a real colouring gives its state.
  const Json refused = service::validate("cube3", swapped({{"U4", "F4"}}));
  REQUIRE(refused.find("stickers") != nullptr);
  CHECK(refused.find("stickers")->array().size() == 2);
  const Json accepted = service::validate("cube3", cube().facelets(stateOf("M2 E2 S2")));
  CHECK(accepted.find("ok")->boolean());
  CHECK(accepted.find("state")->string() ==
        service::applyMoves("cube3", "", "M2 E2 S2").find("state")->string());
}
