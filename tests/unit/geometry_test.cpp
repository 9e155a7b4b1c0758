// Puzzles from descriptions (docs/geometry.md): the parser's errors, the derived puzzles' state
// counts against published ones, and the hand-declared puzzles' moves against the derived ones
// under one relabelling of the stickers.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "api/service.hpp"
#include "core/random.hpp"
#include "core/sequence.hpp"
#include "geometry/derive.hpp"
#include "geometry/described.hpp"
#include "geometry/description.hpp"
#include "geometry/geometry_json.hpp"
#include "geometry/net.hpp"
#include "geometry/relabel.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;
using namespace polytwist::geometry;

namespace {

Puzzle described(const std::string& description) {
  auto spec = describedPuzzle("test", "test", description);
  if (const auto* error = std::get_if<std::string>(&spec)) FAIL(*error);
  return Puzzle(std::get<PuzzleSpec>(spec));
}

std::string parseError(const std::string& text) {
  const ParsedDescription parsed = parseDescription(text);
  return parsed.description ? "" : parsed.error.message;
}

std::string deriveError(const std::string& text) {
  auto spec = describedPuzzle("test", "test", text);
  const auto* error = std::get_if<std::string>(&spec);
  return error ? *error : "";
}

}  // namespace

TEST_CASE("descriptions: what is wrong and where") {
  CHECK(parseError("").find("empty description") != std::string::npos);
  CHECK(parseError("q f 0.5") ==
        "unknown shape 'q' at column 1: expected t (tetrahedron), c (cube), o (octahedron), d "
        "(dodecahedron), i (icosahedron) or a cuboid such as 3x3x2");
  CHECK(parseError("c x 0.5") ==
        "unknown cut kind 'x' at column 3: expected f (face), v (vertex) or e (edge) followed by a "
        "distance, or 'without' and the kinds of pieces to leave out");
  CHECK(parseError("d f 0.56 without") ==
        "'without' at column 10 needs the kinds of pieces to leave out after it: centres, edges or "
        "corners");
  CHECK(parseError("d f 0.56 without edges wings") ==
        "unknown piece kind 'wings' at column 24: expected centres, edges or corners after "
        "'without'");
  CHECK(parseError("d f 0.56 without edges edges") ==
        "piece kind 'edges' at column 24 is left out twice");
  CHECK(parseError("c f without edges") ==
        "cut 'f' at column 3 needs a distance from the centre after it");
  CHECK(deriveError("c f 0.333333333333333 without centres edges corners") ==
        "the description leaves out every piece: nothing is left to turn");
  CHECK(parseError("c f") == "cut 'f' at column 3 needs a distance from the centre after it");
  CHECK(parseError("c f -0.5").find("distance '-0.5' at column 5 is not a number") == 0);
  CHECK(parseError("c f 0.5.5").find("is not a number") != std::string::npos);
  CHECK(parseError("3x0x2").find("cuboid '3x0x2' at column 1") == 0);
  CHECK(parseError("3x3x2 f 0.5") == "a cuboid takes no cuts: unexpected 'f' at column 7");
  CHECK(parseError(std::string(1001, 'c')) == "a description has at most 1000 characters");
  std::string manyCuts = "c";
  for (int i = 0; i < 13; ++i) manyCuts += " f 0." + std::to_string(i + 1);
  CHECK(parseError(manyCuts).find("too many cuts: at most 12") == 0);
  CHECK(deriveError("c f 1.2") ==
        "cut 'f 1.2' lies outside the solid: its planes must be closer to the centre than 1, where "
        "the solid ends in that direction");
  CHECK(deriveError("c") == "the description has no cuts, so nothing turns");
  CHECK(deriveError("c f 0.9 f 0.8 f 0.7 f 0.6 f 0.5 f 0.4 f 0.3 f 0.2 f 0.1 f 0.05 f 0.01 f 0")
            .find("too many stickers") == 0);
  CHECK(deriveError("c f 0.5 f 0.5000001").find("slivers") != std::string::npos);
}

TEST_CASE("derived puzzles count the positions published for them") {
  // Sources in docs/geometry.md ("State counts").
  const std::map<std::string, std::string> published = {
      {"c f 0", "3674160"},
      {"c f 0.333333333333333", "43252003274489856000"},
      {"c f 0.5 f 0", "7401196841564901869874093974498574336000000000"},
      {"c f 0.6 f 0.2",
       "282870942277741856536180333107150328293127731985672134721536000000000000000"},
      {"t v 0.333333333333333 v 1.66666666666667", "75582720"},
      {"t v 0 v 1 v 2", "217225462874112000"},
      {"c v 0", "3149280"},
      {"c v 0.577350269189626", "19958400"},
      {"c e 0.707106781186547", "493694233804800000"},
      {"t f 0", "3732480"},
      {"o f 0.333333333333333", "31408133379194880000000"},
      {"d f 0.7", "100669616553523347122516032313645505168688116411019768627200000000000"},
      {"d f 0.56 without centres edges", "23563902142421896679424000"},  // the Kilominx
      // The 3x3x3's corners alone: whole-puzzle turns (R L') show no change, as on a 2x2x2.
      {"c f 0.333333333333333 without centres edges", "3674160"},
      {"d f 0.447213595499989",
       "1677826942558722452041933871894091752811468606850329477120000000000"},
      {"3x3x2", "406425600"},
      {"2x2x3", "241920"},
  };
  for (const auto& [text, count] : published) {
    const std::string description = text;  // CAPTURE cannot take a structured binding (clang 14)
    CAPTURE(description);
    const Puzzle puzzle = described(description);
    CHECK(puzzle.stateCountText() == count);
    CHECK(puzzle.reachableCount() == count);
  }
}

TEST_CASE("hand-declared puzzles are their descriptions under one sticker relabelling") {
  // PuzzleSpec::description: the 3D player draws these from their description's geometry.
  int described = 0;
  for (const Puzzle& hand : allPuzzles()) {
    if (hand.spec().description.empty()) continue;
    ++described;
    const std::string id = hand.id();
    CAPTURE(id);
    const Puzzle derived = ::described(hand.spec().description);
    const auto names = descriptionNames(hand);
    for (int move = 0; move < static_cast<int>(hand.moves().size()); ++move) {
      const std::string name = moveNameIn(names, hand, move);
      CAPTURE(name);
      CHECK(derived.findMove(name).has_value());
    }
    const std::vector<int> phi = relabelling(hand, derived, names);
    REQUIRE(phi.size() == static_cast<std::size_t>(hand.faceletCount()));
    // Its geometry is in its own numbering: each sticker on its own face, turned by its moves.
    const Geometry* g = geometryOf(hand);
    REQUIRE(g != nullptr);
    for (int s = 0; s < hand.faceletCount(); ++s) {
      CHECK(g->stickers[s].face == hand.faceOfFacelet(s));
      CHECK(g->solid.faces[g->stickers[s].face].name ==
            hand.spec().faces[hand.faceOfFacelet(s)].name);
    }
  }
  // cube2, cube3, domino, pyraminx, numbered_pyraminx, master_pyraminx, kilominx
  CHECK(described >= 7);
}

TEST_CASE("every move of a puzzle with geometry is a rigid turn of the stickers it moves") {
  // The engine's invariant the 3D player relies on: each move token is one turn of a block of
  // slabs about one axis; every sticker in the block goes where the rotation takes it, every
  // other stays.
  int drawn = 0;
  for (const Puzzle& puzzle : allPuzzles()) {
    const Geometry* g = geometryOf(puzzle);
    if (!g) continue;
    ++drawn;
    const std::string id = puzzle.id();
    CAPTURE(id);
    const Json json = geometryJson(*g, puzzle);
    const Json::Array& turns = json.find("turns")->array();
    REQUIRE(turns.size() == puzzle.moves().size());
    for (std::size_t m = 0; m < turns.size(); ++m) {
      const Json& turn = turns[m];
      const std::string token = turn.find("token")->string();
      CAPTURE(token);
      CHECK(token == puzzle.moves()[m].name);
      const int axis = static_cast<int>(turn.find("axis")->number());
      const int from = static_cast<int>(turn.find("from")->number());
      const int to = static_cast<int>(turn.find("to")->number());
      const Rotation rotation =
          rotationAbout(g->axes[axis].direction, turn.find("angle")->number());
      const std::vector<int> goesTo = stickerMap(puzzle, static_cast<int>(m));
      int wrong = 0;
      for (int s = 0; s < puzzle.faceletCount(); ++s) {
        const int slab = g->slabOf[axis][s];
        if (slab < from || slab > to) {
          wrong += goesTo[s] != s;
          continue;
        }
        const std::vector<Vec3>& image = g->stickers[goesTo[s]].outline;
        const std::vector<Vec3>& outline = g->stickers[s].outline;
        wrong += outline.size() != image.size();
        for (const Vec3& p : outline) {
          const Vec3 q = rotation(p);
          wrong += std::none_of(image.begin(), image.end(),
                                [&](const Vec3& r) { return near(q, r, 1e-6); });
        }
      }
      CHECK(wrong == 0);
    }
  }
  CHECK(drawn == static_cast<int>(allPuzzles().size()));
}

TEST_CASE("a wrong move has no relabelling") {
  const Puzzle cube = described("c f 0.333333333333333");
  const Puzzle other = described("c f 0.333333333333333");
  CHECK(!relabelling(cube, other).empty());
  const Puzzle skewb = described("c v 0");
  CHECK(relabelling(cube, skewb).empty());
}

TEST_CASE("pieces left out give their faces' area to the stickers kept") {
  for (const std::string description :
       {"d f 0.56 without centres edges", "c f 0.333333333333333 without edges",
        "t v 0.333333333333333 v 1.66666666666667 without corners", "3x3x2 without centres"}) {
    CAPTURE(description);
    const Derivation derivation = derive(*parseDescription(description).description);
    REQUIRE(std::holds_alternative<Geometry>(derivation.result));
    const Geometry& g = std::get<Geometry>(derivation.result);
    std::vector<double> covered(g.solid.faces.size());
    for (const Sticker& sticker : g.stickers) {
      const Vec3& normal = g.solid.faces[sticker.face].normal;
      for (std::size_t i = 0; i < sticker.outline.size(); ++i) {
        covered[sticker.face] += sticker.outline[i]
                                     .cross(sticker.outline[(i + 1) % sticker.outline.size()])
                                     .dot(normal) /
                                 2;
      }
    }
    for (std::size_t f = 0; f < covered.size(); ++f) {
      const std::vector<Vec3>& outline = g.solid.faces[f].outline;
      double area = 0;
      for (std::size_t i = 0; i < outline.size(); ++i) {
        area +=
            outline[i].cross(outline[(i + 1) % outline.size()]).dot(g.solid.faces[f].normal) / 2;
      }
      CHECK(covered[f] == doctest::Approx(area).epsilon(1e-9));
    }
    for (const std::vector<int>& piece : g.pieces) {
      for (int s : piece) CHECK(g.pieceOf[s] == &piece - g.pieces.data());
    }
  }
  // The Kilominx's kites: a corner's sticker runs from its corner to the middles of the face's
  // two edges there and to the face's centre.
  const Derivation kilominx =
      derive(*parseDescription("d f 0.56 without centres edges").description);
  const Geometry& g = std::get<Geometry>(kilominx.result);
  for (const Sticker& sticker : g.stickers) {
    const SolidFace& face = g.solid.faces[sticker.face];
    REQUIRE(sticker.outline.size() == 4);
    auto has = [&](const Vec3& point) {
      return std::any_of(sticker.outline.begin(), sticker.outline.end(),
                         [&](const Vec3& p) { return near(p, point, 1e-9); });
    };
    CHECK(has(face.normal * face.distance));
    int corners = 0, middles = 0;
    for (std::size_t i = 0; i < face.outline.size(); ++i) {
      corners += has(face.outline[i]);
      middles += has((face.outline[i] + face.outline[(i + 1) % face.outline.size()]) * 0.5);
    }
    CHECK(corners == 1);
    CHECK(middles == 2);
  }
}

TEST_CASE("nets hold every sticker once, inside the net") {
  for (const std::string description : {"c f 0.333333333333333", "t v 0 v 1 v 2",
                                        "o f 0.333333333333333", "d f 0.7", "i v 0.8", "2x2x3"}) {
    CAPTURE(description);
    const Derivation derivation = derive(*parseDescription(description).description);
    const Geometry& g = std::get<Geometry>(derivation.result);
    const Net net = unfold(g);
    REQUIRE(net.stickers.size() == g.stickers.size());
    std::vector<Point2d> centres;
    for (const auto& outline : net.stickers) {
      Point2d c;
      for (const Point2d& p : outline) {
        CHECK(p.x >= -1e-9);
        CHECK(p.y >= -1e-9);
        CHECK(p.x <= net.width + 1e-9);
        CHECK(p.y <= net.height + 1e-9);
        c = {c.x + p.x / outline.size(), c.y + p.y / outline.size()};
      }
      for (const Point2d& other : centres) CHECK(std::hypot(other.x - c.x, other.y - c.y) > 1e-3);
      centres.push_back(c);
    }
  }
}

TEST_CASE("every call takes a description where it takes a puzzle id") {
  const Json info = service::puzzleInfo("c f 0.25 f 0.75 f 0");
  REQUIRE(info.find("ok")->boolean());
  CHECK(info.find("geometry")->boolean());
  CHECK(info.find("facelet_count")->number() == 6 * 36);  // planes at 0, ±0.25, ±0.75: a 6x6x6
  const Json turned = service::applyMoves("c f 0.25 f 0.75 f 0", "", "R Rw' 2R");
  CHECK(turned.find("ok")->boolean());
  const Json bad = service::puzzleInfo("c f 2");
  CHECK(!bad.find("ok")->boolean());
  CHECK(bad.find("error")->string() ==
        "puzzle description: cut 'f 2' lies outside the solid: its planes must be closer to the "
        "centre than 1, where the solid ends in that direction");
  CHECK(service::puzzleInfo("q f 0.5").find("error")->string().find(
            "puzzle description: unknown shape 'q'") == 0);
  const Json geometry = service::puzzleGeometry("megaminx");
  REQUIRE(geometry.find("ok")->boolean());
  const Json& g = *geometry.find("geometry");
  CHECK(g.find("stickers")->array().size() == 132);
  CHECK(g.find("net")->find("stickers")->array().size() == 132);
  CHECK(g.find("turns")->array().size() == findPuzzle("megaminx")->moves().size());
  // A hand-declared puzzle's, in its own numbering (its facelets: U first).
  const Json cube3 = service::puzzleGeometry("cube3");
  REQUIRE(cube3.find("ok")->boolean());
  CHECK(cube3.find("geometry")->find("faces")->array()[0].find("name")->string() == "U");
  CHECK(cube3.find("geometry")->find("stickers")->array().size() == 54);
}

TEST_CASE("pictures take a description for pzl") {
  const Json picture = service::image("pzl=c%20f%200.5%20f%200&alg=R%20U&view=net");
  CHECK(picture.find("ok")->boolean());
  CHECK(picture.find("svg")->string().find("<svg") == 0);
  const Json bad = service::image("pzl=c%20f%202");
  CHECK(!bad.find("ok")->boolean());
  CHECK(bad.find("error")->string().find("pzl: puzzle description: cut 'f 2' lies outside") == 0);
}

TEST_CASE("descriptions print back to themselves without exponents") {
  // Found by the description fuzz target: 3.7e15 printed as "3.71067811865655e+15".
  CHECK(parseError("c e 03710678118656547") ==
        "distance '03710678118656547' at column 5 is too far: every solid ends within 10 of its "
        "centre");
  for (const std::string text :
       {"c f 0.00001234567", "t v 0.333333333333333 v 1.66666666666667", "d f 0.64 f 0.82",
        "o e 9.5", "2x2x3", "d f 0.56 without centres edges", "3x3x2 without corners"}) {
    CAPTURE(text);
    const ParsedDescription parsed = parseDescription(text);
    REQUIRE(parsed.description);
    const std::string printed = describe(*parsed.description);
    CHECK(printed.find("e-") == std::string::npos);
    CHECK(printed.find("e+") == std::string::npos);
    const ParsedDescription again = parseDescription(printed);
    REQUIRE(again.description);
    CHECK(describe(*again.description) == printed);
  }
}

TEST_CASE("a description the model cannot analyse is refused, not an internal error") {
  // Found by the share_link fuzz target: a 2x6x7 has more independent parities of identical
  // pieces than the analysis handles.
  const Json info = service::puzzleInfo("2x6x7");
  CHECK(!info.find("ok")->boolean());
  CHECK(info.find("error")->string().find(
            "puzzle description: the description's moves cannot be modelled: ") == 0);
  CHECK(service::puzzleInfo("2x2x3").find("ok")->boolean());
}

TEST_CASE("a puzzle named by its description has at most 500 stickers") {
  const Json big = service::puzzleInfo("c f 0.8 f 0.6 f 0.4 f 0.2 f 0");  // 10x10x10: 600
  CHECK(big.find("error")->string() ==
        "puzzle description: too many stickers for a puzzle named by its description: 600 (at "
        "most 500)");
  CHECK(service::puzzleInfo("c f 0.75 f 0.5 f 0.25 f 0").find("ok")->boolean());  // 8x8x8: 384
  CHECK(service::puzzleInfo("c f 0.777777777777778 f 0.555555555555556 f 0.333333333333333 f "
                            "0.111111111111111")
            .find("ok")
            ->boolean());  // 9x9x9: 486
}

TEST_CASE("the Megaminx reads WCA scrambles: R++ is the far face's turn and the whole puzzle's") {
  const Puzzle& megaminx = *findPuzzle("megaminx");
  auto moves = [&](const std::string& text) {
    const ResolvedSequence resolved = resolveSequence(megaminx, text);
    INFO(text);
    REQUIRE(!resolved.error);
    return resolved.moves;
  };
  auto position = [&](const std::string& text) {
    return megaminx.applySequence(megaminx.solved(), moves(text));
  };
  const Derivation derivation = derive(*parseDescription("d f 0.7").description);
  const Geometry& geometry = std::get<Geometry>(derivation.result);
  auto opposite = [&](const std::string& face) {
    for (const Axis& axis : geometry.axes) {
      if (axis.plusName == face) return axis.minusName;
      if (axis.minusName == face) return axis.plusName;
    }
    FAIL("no axis ends in ", face);
    return std::string();
  };
  // WCA Regulations 12a: R++ turns all but the face opposite R two fifths clockwise about R. With
  // the centres fixed that is the opposite face turned two fifths clockwise about itself, and
  // then the whole puzzle turned two fifths like R (the moves after it are read in that frame).
  for (const std::string face : {"R", "D"}) {
    const std::string far = opposite(face);
    CAPTURE(far);
    CHECK(moves(face + "++") == moves(far + "2"));
    CHECK(moves(face + "--") == moves(far + "2'"));
    CHECK(moves(face + "++ U F") == moves(far + "2 " + face + "v2 U F"));
    CHECK(moves(face + "-- U F") == moves(far + "2' " + face + "v2' U F"));
    CHECK(position(face + "++ " + face + "-- U") == position("U"));
    CHECK(position(face + "++ " + face + "++ " + face + "++ " + face + "++ " + face + "++ U") ==
          position("U"));
  }
  CHECK(opposite("R") != "L");  // the Megaminx's L is R's neighbour, not its opposite

  // Scrambles as the WCA writes them: seven lines of ten R and D moves, each line ending with U
  // or U'. They resolve move for move, print back as written, and their inverse undoes them.
  std::mt19937_64 rng(2026);
  const auto coin = [&] { return uniformBelow(rng, 2) == 1; };
  for (int scramble = 0; scramble < 20; ++scramble) {
    std::string text;
    for (int line = 0; line < 7; ++line) {
      for (int i = 0; i < 10; ++i) {
        text += std::string(i % 2 == 0 ? "R" : "D") + (coin() ? "++ " : "-- ");
      }
      text += coin() ? "U\n" : "U'\n";
    }
    CAPTURE(text);
    const ResolvedSequence resolved = resolveSequence(megaminx, text);
    REQUIRE(!resolved.error);
    CHECK(resolved.moves.size() == 77);
    std::string written = text;
    std::replace(written.begin(), written.end(), '\n', ' ');
    CHECK(resolved.normalized + " " == written);
    const Json there = service::applyMoves("megaminx", "", text);
    REQUIRE(there.find("ok")->boolean());
    CHECK(!there.find("solved")->boolean());
    // Undone in the same call: the frame the rotations leave is the caller's, not the state's.
    const Json back = service::applyMoves("megaminx", "", text + "(" + text + ")'");
    CHECK(back.find("solved")->boolean());
  }
}
