// The Square-1 as a person sees it: its solid pieces (puzzles/square1/square1_solid.hpp) and their
// 3D description in the service's answers (faces facing out, every piece placed in its slots, a
// move's turns taking each piece from where one position places it to where the next does), and
// its pieces read by their colours (square1::readPieces) with the shape rules' errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <sstream>
#include <string>

#include "api/service.hpp"
#include "core/json.hpp"
#include "fixtures.hpp"
#include "puzzles/square1/square1.hpp"
#include "puzzles/square1/square1_solid.hpp"
#include "render/square1_picture.hpp"

using namespace polytwist;
using fixtures::contains;
using fixtures::field;
using square1::Point3;
using square1::Rotation;

namespace {

Rotation times(const Rotation& a, const Rotation& b) {
  return {
      a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
      a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

Point3 turn(const Rotation& r, Point3 p) {
  const Rotation q = times(times(r, {p.x, p.y, p.z, 0}), {-r.x, -r.y, -r.z, r.w});
  return {q.x, q.y, q.z};
}

// The same rotation: q and -q are.
bool sameRotation(const Rotation& a, const Rotation& b) {
  const double dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  return std::abs(std::abs(dot) - 1) < 1e-9;
}

Point3 centroid(const std::vector<Point3>& points) {
  Point3 sum{0, 0, 0};
  for (const Point3& p : points) sum = {sum.x + p.x, sum.y + p.y, sum.z + p.z};
  const double n = static_cast<double>(points.size());
  return {sum.x / n, sum.y / n, sum.z / n};
}

Point3 pieceCentre(const square1::SolidPiece& piece) {
  std::vector<Point3> points;
  for (const square1::SolidFace& face : piece.faces) {
    points.insert(points.end(), face.points.begin(), face.points.end());
  }
  return centroid(points);
}

// The slot (0-23) a point of a wedge lies over: its bearing clockwise from the back seen from
// above (top layer) or from the front seen from below (bottom layer).
int slotUnder(Point3 p) {
  double degrees = std::atan2(p.x, p.y > 0 ? -p.z : p.z) * 180 / 3.141592653589793;
  if (p.y < 0) degrees -= 30;  // bottom slot 12 spans 15°-45° from the front
  const int slot = static_cast<int>(std::floor((degrees + 15) / 30 + 24)) % 12;
  return p.y > 0 ? slot : 12 + slot;
}

}  // namespace

TEST_CASE("Square-1 solid: faces face out, stickers as on the puzzle") {
  const std::vector<square1::SolidPiece>& pieces = square1::solidPieces();
  REQUIRE(pieces.size() == square1::kSolidPieces);
  int stickers = 0;
  for (const square1::SolidPiece& piece : pieces) {
    CAPTURE(piece.name);
    const Point3 middle = pieceCentre(piece);
    for (const square1::SolidFace& face : piece.faces) {
      // Newell's normal of the corners' order points away from the piece.
      Point3 normal{0, 0, 0};
      for (std::size_t i = 0; i < face.points.size(); ++i) {
        const Point3 a = face.points[i], b = face.points[(i + 1) % face.points.size()];
        normal.x += (a.y - b.y) * (a.z + b.z);
        normal.y += (a.z - b.z) * (a.x + b.x);
        normal.z += (a.x - b.x) * (a.y + b.y);
      }
      const Point3 c = centroid(face.points);
      CHECK(normal.x * (c.x - middle.x) + normal.y * (c.y - middle.y) +
                normal.z * (c.z - middle.z) >
            0);
      if (face.side == 0) continue;
      ++stickers;
      // A sticker lies on the outside of the puzzle, on the face it is named for.
      const double out = face.side == 'U'   ? c.y
                         : face.side == 'D' ? -c.y
                         : face.side == 'R' ? c.x
                         : face.side == 'L' ? -c.x
                         : face.side == 'F' ? c.z
                                            : -c.z;
      CHECK(out == doctest::Approx(1.5));
    }
  }
  // Corners three each, edges two, the middle's halves three.
  CHECK(stickers == 8 * 3 + 8 * 2 + 2 * 3);
  CHECK(pieces[0].name == "UBR");
  CHECK(pieces[square1::kMiddleRight].name == "middle right");
}

TEST_CASE(
    "Square-1 solid: each position places every wedge in its slots, and a move's turns "
    "take each piece there") {
  for (const Rotation& r : square1::placements(square1::solved())) {
    CHECK(sameRotation(r, Rotation{}));
  }
  std::mt19937_64 rng(26);
  for (int round = 0; round < 200; ++round) {
    const square1::State state = square1::randomState(rng);
    // A move the slice can follow: turns drawn until the slice can turn.
    square1::Move move{0, 0, true};
    do {
      move.top = static_cast<int>(rng() % 12) - 5;
      move.bottom = static_cast<int>(rng() % 12) - 5;
    } while (square1::sliceBlocker(square1::turned(state, move.top, move.bottom)) >= 0);
    const square1::State next = square1::applyMoves(state, {move});
    const auto before = square1::placements(state);
    const auto after = square1::placements(next);
    // The motion's turns, in order, take each piece's rotation from `before` to `after`.
    auto moved = before;
    for (const auto& step : square1::motion(state, {move})) {
      for (const square1::SolidTurn& t : step) {
        const double s = std::sin(t.angle / 2);
        const Rotation r{t.axis.x * s, t.axis.y * s, t.axis.z * s, std::cos(t.angle / 2)};
        for (int piece : t.pieces) moved[piece] = times(r, moved[piece]);
      }
    }
    for (int piece = 0; piece < square1::kSolidPieces; ++piece) {
      CAPTURE(piece);
      CHECK(sameRotation(moved[piece], after[piece]));
    }
    // And each wedge, placed, lies over the slots the state gives it.
    for (int piece = 0; piece < square1::kPieces; ++piece) {
      const Point3 centre = turn(after[piece], pieceCentre(square1::solidPieces()[piece]));
      CAPTURE(piece);
      CHECK(next.slots[slotUnder(centre)] == piece);
    }
  }
}

TEST_CASE(
    "Square-1 service: puzzleInfo describes the pieces, positions place them, moves turn "
    "them") {
  const Json info = service::puzzleInfo("square1");
  CHECK(field(info, "view") == "pieces");
  CHECK(field(service::image("pzl=square1"), "view") == "pieces");
  // Its keys name moves the engine reads, each layer's both ways and the slice.
  const Json::Array& keys = info.find("keys")->array();
  REQUIRE(keys.size() == 6);
  for (const Json& binding : keys) {
    const std::string move = binding.find("move")->string();
    CAPTURE(move);
    CHECK(field(service::applyMoves("square1", "", move), "ok") == "true");
  }
  CHECK(contains(field(info, "key_hint"), "Shift+U"));
  CHECK(info.find("pieces")->array().size() == square1::kSolidPieces);
  CHECK(contains(field(info, "pieces"), R"("side":"U","colour":"#ffffff")"));
  CHECK(contains(field(service::listPuzzles(), "own_models"),
                 R"({"id":"square1","name":"Square-1","view":"pieces"})"));

  const Json slashed = service::applyMoves("square1", "", "/");
  REQUIRE_MESSAGE(field(slashed, "ok") == "true", slashed.dump());
  // One step: the right half (wedges in top slots 0-5 and bottom 12-17, and the middle's right
  // half) half turned about the cut's normal.
  CHECK(field(slashed, "motion") ==
        R"([[{"axis":[0.965926,0,-0.258819],"angle":3.141593,"pieces":[8,0,9,1,4,12,5,13,17]}]])");
  CHECK(slashed.find("placements")->array().size() == square1::kSolidPieces);
  // A turn of both layers is one step of two turns; the slice after it another.
  const Json both = service::applyMoves("square1", "", "(3,3)/");
  CHECK(contains(field(both, "motion"), R"([[{"axis":[0,1,0],"angle":-1.570796,)"));
  CHECK(contains(field(both, "motion"), R"(]},{"axis":[0,1,0],"angle":1.570796,)"));
  CHECK(contains(field(both, "motion"), R"(]}],[{"axis":[0.965926,0,-0.258819])"));
}

namespace {

// readPieces' error and column for `text`.
std::pair<std::string, int> piecesError(const std::string& text) {
  const square1::PiecesReading reading = square1::readPieces(text);
  CHECK_FALSE(reading.state.has_value());
  return {reading.error, reading.column};
}

constexpr const char* kSolvedPieces =
    "UB UBR UR URF UF UFL UL ULB / DFR DR DRB DB DBL DL DLF DF / F";

}  // namespace

TEST_CASE("Square-1 pieces by their colours: written and read back") {
  CHECK(square1::writePieces(square1::solved()) == kSolvedPieces);
  std::mt19937_64 rng(2026);
  for (int i = 0; i < 200; ++i) {
    // Turned off the twistable shapes too, so a corner may lie across the cut (written with *).
    const square1::State state = square1::turned(square1::randomState(rng), i % 12, (i * 5) % 12);
    const square1::PiecesReading read = square1::readPieces(square1::writePieces(state));
    REQUIRE_MESSAGE(read.state.has_value(), read.error);
    CHECK(*read.state == state);
  }
  // A corner across the cut, and spaces as a person types them.
  const square1::PiecesReading turned =
      square1::readPieces("*ULB UB UBR UR URF UF UFL UL/ DFR DR DRB DB DBL DL DLF DF /B ");
  REQUIRE(turned.state.has_value());
  CHECK(square1::encode(*turned.state) == "D1AA2BB3CC4D/EE5FF6GG7HH8/f");
}

TEST_CASE("Square-1 pieces by their colours: errors name the piece, where and why") {
  const std::string solved = kSolvedPieces;
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string text = solved;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  CHECK(piecesError("UB UBR / DFR").first ==
        "the Square-1's pieces are the top layer, '/', the bottom layer, '/', and the middle "
        "(solved: " +
            solved + ")");
  // Colours of no piece.
  CHECK(piecesError(with("URF", "URX")) ==
        std::pair<std::string, int>{"'X' is no face (U D F R B L)", 13});
  CHECK(piecesError(with("UBR", "URB")) ==
        std::pair<std::string, int>{"'URB' is the UBR corner mirrored: its sides go B then R "
                                    "clockwise, no piece has them the other way",
                                    4});
  CHECK(piecesError(with("URF", "UFB")).first == "'UFB': no corner has the colours U, F and B");
  CHECK(piecesError(with("UR ", "RU ")).first ==
        "'RU' starts with R: a piece's first colour is its top or bottom sticker's, U or D");
  CHECK(contains(piecesError(with("UFL", "UFLB")).first, "'UFLB' has 4 colours"));
  // A piece twice, and a layer that is not 12 slots (the shape impossible), naming what is
  // missing.
  CHECK(piecesError(with("UL ", "UR ")) ==
        std::pair<std::string, int>{"the UR edge is there twice: also at column 8", 22});
  CHECK(piecesError(with("UB ", "")) ==
        std::pair<std::string, int>{"the top layer's pieces fill 11 slots, not 12 (an edge fills "
                                    "one, a corner two); in neither layer: UB",
                                    26});
  CHECK(piecesError(with("ULB / DFR DR", "ULB DR / DFR")) ==
        std::pair<std::string, int>{"the top layer's pieces fill 13 slots, not 12 (an edge fills "
                                    "one, a corner two)",
                                    29});
  CHECK(piecesError(with("UB UBR", "*UB UBR")).first ==
        "'*' marks a corner across the cut, and the UB edge is an edge");
  CHECK(piecesError(with("/ F", "/ M")) ==
        std::pair<std::string, int>{
            "the middle is F (its right half's front as solved) or B (turned over by a slash), "
            "not 'M'",
            static_cast<int>(solved.size())});
}

TEST_CASE("Square-1 service: validate reads the pieces by their colours") {
  const Json read = service::validate("square1",
                                      "UB UBR UR URF UF UFL UL ULB / DFR DR DRB DB "
                                      "DBL DL DLF DF / B");
  REQUIRE_MESSAGE(field(read, "ok") == "true", read.dump());
  CHECK(field(read, "state") == "1AA2BB3CC4DD/EE5FF6GG7HH8/f");
  CHECK(field(read, "middle") == "flipped");
  const Json wrong = service::validate("square1", "UB UBR / DFR / F");
  CHECK(contains(field(wrong, "error"), "the top layer's pieces fill 3 slots, not 12"));
  CHECK(field(wrong, "column") == "8");
  CHECK(contains(field(service::validate("clock", "x"), "error"),
                 "answers puzzleInfo, applyMoves, scramble, solve and image only"));
}

// The editor's palette (puzzleInfo's `entry_palette`): a token for every piece as the entry
// writes it, in its colours, and the entry's marks; a position tapped from it is read back.
TEST_CASE("Square-1 service: the entry palette's tokens write positions validate reads") {
  const Json info = service::puzzleInfo("square1");
  const Json::Array& palette = info.find("entry_palette")->array();
  std::map<std::string, const Json*> byText;
  for (const Json& token : palette) byText[token.find("text")->string()] = &token;
  REQUIRE(byText.size() == palette.size());  // no token twice
  for (int piece = 0; piece < square1::kPieces; ++piece) {
    const std::string text = square1::pieceColours(piece);
    CAPTURE(text);
    REQUIRE(byText.count(text) == 1);
    const Json::Array& colours = byText[text]->find("colours")->array();
    REQUIRE(colours.size() == text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
      CHECK(colours[i].string() == square1FaceColour(text[i]));
    }
    CHECK(contains(byText[text]->find("label")->string(), square1::pieceName(piece)));
  }
  for (const char* mark : {"*", "/", "F", "B"}) CHECK(byText.count(mark) == 1);
  CHECK(palette.size() == square1::kPieces + 4);
  // A scrambled position (a corner across a cut) written with the palette's tokens alone.
  const Json scrambled = service::applyMoves("square1", "", "/(3,3)/(1,-1)");
  REQUIRE_MESSAGE(field(scrambled, "ok") == "true", scrambled.dump());
  const std::string entry = field(scrambled, "entry_text");
  CHECK(std::count(entry.begin(), entry.end(), '*') > 0);
  std::istringstream words(entry);
  std::string word;
  std::string tapped;
  while (words >> word) {
    const bool across = word.size() > 1 && word[0] == '*';
    for (const std::string& part :
         across ? std::vector<std::string>{"*", word.substr(1)} : std::vector<std::string>{word}) {
      CAPTURE(part);
      CHECK(byText.count(part) == 1);
      tapped += (tapped.empty() || tapped.back() == '*' ? "" : " ") + part;
    }
  }
  const Json read = service::validate("square1", tapped);
  REQUIRE_MESSAGE(field(read, "ok") == "true", read.dump());
  CHECK(field(read, "state") == field(scrambled, "state"));
}

// moveMotions: every move of puzzleInfo's `moves` from a position in one answer, each what
// applyMoves answers for it alone (its motion, or its refusal); refused for the other puzzles.
TEST_CASE("Square-1 service: moveMotions answers each move as applyMoves does") {
  const Json position = service::applyMoves("square1", "", "(1,0)");
  REQUIRE_MESSAGE(field(position, "ok") == "true", position.dump());
  const std::string state = field(position, "state");
  const Json motions = service::moveMotions("square1", state);
  REQUIRE_MESSAGE(field(motions, "ok") == "true", motions.dump());
  const Json info = service::puzzleInfo("square1");
  const Json::Array& moves = info.find("moves")->array();
  const Json::Array& answers = motions.find("moves")->array();
  REQUIRE(answers.size() == moves.size());
  int refused = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string move = moves[i].string();
    CAPTURE(move);
    CHECK(answers[i].find("move")->string() == move);
    const Json alone = service::applyMoves("square1", state, move);
    if (field(alone, "ok") == "true") {
      REQUIRE(answers[i].find("motion") != nullptr);
      CHECK(answers[i].find("motion")->dump() == alone.find("motion")->dump());
    } else {
      ++refused;
      REQUIRE(answers[i].find("error") != nullptr);
      CHECK(answers[i].find("error")->string() == field(alone, "error"));
    }
  }
  CHECK(refused > 0);  // the top turned a twelfth: every slash is blocked
  CHECK(contains(field(service::moveMotions("square1", "nonsense"), "error"), "impossible state"));
  CHECK(contains(field(service::moveMotions("cube3", ""), "error"),
                 "drawn from its geometry: its moves have no motions"));
  CHECK(
      contains(field(service::moveMotions("clock", ""), "error"), "shown as the engine's picture"));
  CHECK(field(service::moveMotions("no-such-puzzle", ""), "ok") == "false");
}
