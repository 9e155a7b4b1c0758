// Pictures (engine/render/): the geometry every puzzle declares agrees with its moves (each turn
// moves its stickers rigidly), the nets are drawable, and the VisualCube-style parameters are read
// strictly, with errors that name the parameter and come back as pictures.
#include "render/image.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <regex>
#include <string>

#include "core/sequence.hpp"
#include "puzzles/catalogue.hpp"
#include "render/picture.hpp"

using namespace polytwist;

namespace {

Point3 centroid(const std::vector<Point3>& polygon) {
  Point3 c;
  for (const Point3& p : polygon)
    c.x += p.x / polygon.size(), c.y += p.y / polygon.size(), c.z += p.z / polygon.size();
  return c;
}

double distance(Point3 a, Point3 b) { return std::hypot(a.x - b.x, a.y - b.y, a.z - b.z); }

double tripleProduct(Point3 a, Point3 b, Point3 c) {
  return a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) +
         a.z * (b.x * c.y - b.y * c.x);
}

// Each sticker's fill in a picture, by its data-f number.
std::map<int, std::string> fills(const std::string& svg) {
  std::map<int, std::string> out;
  const std::regex sticker(R"re(fill="([^"]+)" data-f="(\d+)")re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), sticker);
       it != std::sregex_iterator(); ++it) {
    out[std::stoi((*it)[2])] = (*it)[1];
  }
  return out;
}

ImageAnswer query(const std::string& text) { return imageFromQuery(text); }

}  // namespace

TEST_CASE("every puzzle's picture geometry turns rigidly with its moves") {
  for (const Puzzle& puzzle : allPuzzles()) {
    CAPTURE(puzzle.id());
    const PictureGeometry* geometry = pictureGeometry(puzzle);
    REQUIRE(geometry != nullptr);
    REQUIRE(static_cast<int>(geometry->stickers.size()) == puzzle.faceletCount());
    std::vector<Point3> centres;
    for (const auto& polygon : geometry->stickers) centres.push_back(centroid(polygon));
    for (const Move& move : puzzle.moves()) {
      CAPTURE(move.name);
      // sources[f]: the sticker the move brings to place f.
      const std::vector<int> sources = puzzle.faceletSources(move.effect);
      std::vector<std::pair<int, int>> moved;  // (from, to)
      for (int f = 0; f < puzzle.faceletCount(); ++f) {
        if (sources[f] != f) moved.emplace_back(sources[f], f);
      }
      REQUIRE(moved.size() >= 3);
      // Distances between moved stickers are kept, and so is handedness: a rotation.
      for (std::size_t a = 0; a < moved.size(); ++a) {
        for (std::size_t b = a + 1; b < moved.size(); ++b) {
          CHECK(distance(centres[moved[a].first], centres[moved[b].first]) ==
                doctest::Approx(distance(centres[moved[a].second], centres[moved[b].second]))
                    .epsilon(1e-9));
        }
      }
      const auto [a0, a1] = moved[0];
      const auto [b0, b1] = moved[moved.size() / 3];
      const auto [c0, c1] = moved[2 * moved.size() / 3];
      CHECK(tripleProduct(centres[a0], centres[b0], centres[c0]) ==
            doctest::Approx(tripleProduct(centres[a1], centres[b1], centres[c1])).epsilon(1e-9));
    }
    // Each sticker lies on its face's plane, outside the centre.
    for (std::size_t s = 0; s < centres.size(); ++s) {
      const Point3 n = geometry->faceNormals[geometry->stickerFace[s]];
      const Point3 corner = geometry->faces[geometry->stickerFace[s]][0];
      CHECK(n.x * (centres[s].x - corner.x) + n.y * (centres[s].y - corner.y) +
                n.z * (centres[s].z - corner.z) ==
            doctest::Approx(0).epsilon(1e-9));
    }
  }
}

TEST_CASE("every puzzle's net has each sticker once, inside the net") {
  for (const Puzzle& puzzle : allPuzzles()) {
    CAPTURE(puzzle.id());
    const PictureGeometry& g = *pictureGeometry(puzzle);
    std::vector<Point2> centres;
    for (const auto& polygon : g.netStickers) {
      double area = 0;
      Point2 c;
      for (std::size_t i = 0; i < polygon.size(); ++i) {
        const Point2 p = polygon[i], q = polygon[(i + 1) % polygon.size()];
        area += p.x * q.y - q.x * p.y;
        c.x += p.x / polygon.size(), c.y += p.y / polygon.size();
        CHECK(p.x >= -1e-9);
        CHECK(p.x <= g.netWidth + 1e-9);
        CHECK(p.y >= -1e-9);
        CHECK(p.y <= g.netHeight + 1e-9);
      }
      CHECK(std::abs(area) > 0.1);
      for (const Point2& other : centres) CHECK(std::hypot(other.x - c.x, other.y - c.y) > 0.1);
      centres.push_back(c);
    }
  }
}

TEST_CASE("a picture shows the position its alg reaches, in the faces' colours") {
  // After R, the cube's U2 (at the back right of U) shows F's green, and U0 stays white.
  const std::map<int, std::string> afterR = fills(query("pzl=cube3&alg=R&view=net").svg);
  REQUIRE(afterR.size() == 54);
  CHECK(afterR.at(2) == "#1a9e3a");
  CHECK(afterR.at(0) == "#ffffff");
  // Every sticker of the net, in the engine's facelets' colours.
  const Puzzle& cube = *findPuzzle("cube3");
  const std::string facelets =
      cube.facelets(cube.applySequence(cube.solved(), resolveSequence(cube, "R U F' D2").moves));
  const std::map<int, std::string> picture = fills(query("pzl=cube3&alg=R+U+F%27+D2&view=net").svg);
  for (int i = 0; i < 54; ++i) {
    const auto face = std::find_if(cube.spec().faces.begin(), cube.spec().faces.end(),
                                   [&](const FaceSpec& f) { return f.letter == facelets[i]; });
    CHECK(picture.at(i) == face->colour);
  }
  // case shows the position the alg solves: the inverse applied.
  CHECK(fills(query("pzl=pyraminx&case=R+U%27+l").svg) ==
        fills(query("pzl=pyraminx&alg=l%27+U+R%27").svg));
  // The iso view draws only the stickers facing the eye: a cube shows three faces.
  CHECK(fills(query("pzl=cube3").svg).size() == 27);
  CHECK(fills(query("pzl=kilominx&view=net").svg).size() == 60);
}

TEST_CASE("colour schemes, facelet definitions and stages") {
  const std::map<int, std::string> scheme = fills(query("pzl=cube2&view=net&sch=yrgwob").svg);
  CHECK(scheme.at(0) == "#ffd500");   // U in yellow
  CHECK(scheme.at(12) == "#ffffff");  // D in white
  CHECK(fills(query("pzl=cube2&view=net&sch=%23000,r,g,w,o,b").svg).at(0) == "#000");
  const std::string fd = "UUUURRRRnnnnDDDDLLLLtttt";
  const std::map<int, std::string> defined = fills(query("pzl=cube2&view=net&fd=" + fd).svg);
  CHECK(defined.at(8) == "#7f7f7f");
  CHECK(defined.at(20) == "none");
  CHECK(defined.at(4) == "#d0021b");
  // The stage shows the edges only: the tips and centres of a Pyraminx are greyed.
  const std::map<int, std::string> edges = fills(query("pzl=pyraminx&view=net&stage=edge").svg);
  CHECK(edges.at(0) == "#7f7f7f");  // F0: the U tip
  CHECK(edges.at(1) == "#1a9e3a");  // F1: an edge
  CHECK(
      query("pzl=cube3&bg=w").svg.find("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>") !=
      std::string::npos);
}

TEST_CASE("bad parameters are refused with a message naming them, as a picture") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"pzl=tesseract", "pzl: unknown puzzle 'tesseract' (known: "},
      {"pzl=cube3&alg=R+U+X", "alg: "},
      {"pzl=cube3&case=R+(", "case: "},
      {"pzl=cube3&size=5000", "size: 5000 is outside 16–1024 pixels"},
      {"pzl=cube3&size=12px", "size: '12px' is not a whole number of pixels"},
      {"pzl=cube3&view=plan", "view: VisualCube's 'plan' view is not drawn by polytwist"},
      {"pzl=cube3&colour=red", "unknown parameter 'colour'"},
      {"pzl=cube3&pzl=cube2", "parameter 'pzl' is given twice"},
      {"pzl=cube3&fd=UUU", "fd: 3 letters for 54 stickers"},
      {"pzl=cube2&fd=UUUURRRRFFFFDDDDLLLLBBBX", "fd: letter 24 'X' is no face of cube2"},
      {"pzl=cube3&sch=wrg", "sch: 3 colours for 6 faces"},
      {"pzl=cube3&stage=tip", "stage: 'tip' at column 1 is no named set of cube3 (F2L, LL"},
      {"pzl=cube3&stage=grey:+Q", "stage: 'Q' names no stickers of cube3"},
      {"pzl=cube3&sch=high-contrast,Q:r", "sch: 'Q' at column 15 is no face of cube3"},
      {"pzl=cube3&bg=chartreuse", "bg: 'chartreuse' is not t, a colour letter or #rrggbb"},
      {"pzl=cube3&r=q45", "r: expected x, y or z at character 1"},
      {"pzl=cube3&fmt=gif", "fmt: 'gif' is not svg or png"},
      {"pzl=kilominx&notation=seed001", "needs the solver's moving frame"},
      {"pzl=cube3&alg=%zz", "bad %-escape"},
      {"pzl=cube3&alg=" + std::string(2001, 'R'),
       "parameter 'alg' is 2001 characters long (at most 2000)"},
  };
  for (const auto& [text, message] : cases) {
    // A copy: clang 14 (the sanitizer build) cannot capture a structured binding in CAPTURE.
    const std::string shown = text.substr(0, 80);
    CAPTURE(shown);
    const ImageAnswer answer = query(text);
    CHECK(answer.status == 400);
    CHECK(answer.error.find(message) != std::string::npos);
    CHECK(answer.svg.starts_with("<svg"));
  }
  CHECK(query(std::string(9000, 'a')).error.find("at most 8192") != std::string::npos);
  std::string many;
  for (int i = 0; i < 20; ++i) many.append("p").append(std::to_string(i)).append("=1&");
  CHECK(query(many).error.find("too many parameters") != std::string::npos);
}

TEST_CASE("text from the query never becomes markup") {
  const ImageAnswer bad = query("pzl=%3Cscript%3Ealert(1)%3C/script%3E");
  CHECK(bad.status == 400);
  CHECK(bad.svg.find("<script") == std::string::npos);
  CHECK(bad.svg.find("&lt;script&gt;") != std::string::npos);
  const ImageAnswer titled = query("pzl=cube3&alg=R+//%22%3E%3Cscript%3E%0A");
  CHECK(titled.svg.find("<script") == std::string::npos);
  const std::string withControl = errorImage(std::string("a\x01") + "b", 64);
  CHECK(withControl.find('\x01') == std::string::npos);
}

namespace {

// Whether `text` is well-formed UTF-8 (RFC 3629: no overlong forms, surrogates or values past
// U+10FFFF), checked byte by byte apart from the engine's reader.
bool isUtf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80   ? 1
                               : lead < 0xC2 ? 0
                               : lead < 0xE0 ? 2
                               : lead < 0xF0 ? 3
                               : lead < 0xF5 ? 4
                                             : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    const auto second = static_cast<unsigned char>(text[i + 1 < text.size() ? i + 1 : i]);
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0) ||
        (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second >= 0x90)) {
      return false;
    }
    i += length;
  }
  return true;
}

}  // namespace

TEST_CASE("pictures are well-formed UTF-8 whatever bytes the query holds") {
  // Bytes that are not UTF-8 in a title (found by http_router_fuzz: librsvg refused the SVG), a
  // surrogate, bytes that are never UTF-8, and a three-byte character where a message clips the
  // parameter it quotes (at 40 bytes).
  const std::string straddling = "pzl=cube3&view=" + std::string(39, 'a') + "%E2%80%B2b";
  for (const std::string& text :
       {std::string("pzl=cube3&alg=R%C7%36%3C%2F"), std::string("pzl=cube3&alg=R%ED%A0%80"),
        std::string("pzl=cube3&alg=R%FF%FE"), straddling, std::string("pzl=%C7%36")}) {
    CAPTURE(text);
    const ImageAnswer answer = query(text);
    CHECK(isUtf8(answer.svg));
    CHECK(answer.svg.find("<title>") != std::string::npos);
  }
  CHECK(query(straddling).status == 400);
  CHECK(isUtf8(errorImage(std::string("bad \xC3") + "(", 64)));
}
