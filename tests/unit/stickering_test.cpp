// Stickering masks and colour schemes (core/stickering.hpp): the rules' terms, their order, the
// named sets speedcubers use on the 3x3x3, looks that follow the pieces in pictures, and errors
// that name the bad token and its column.
#include "core/stickering.hpp"

#include <doctest/doctest.h>

#include <regex>

#include "puzzles/catalogue.hpp"
#include "render/image.hpp"

using namespace polytwist;

namespace {

const Puzzle& cube3() { return *findPuzzle("cube3"); }

// The looks of the stickers named, e.g. looksOf(looks, {"U4", "R1"}) == "sg".
std::string looksOf(const std::string& looks, const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    for (int i = 0; i < cube3().faceletCount(); ++i)
      if (cube3().faceletName(i) == name) out += looks[i];
  }
  return out;
}

int count(const std::string& looks, char look) {
  return static_cast<int>(std::count(looks.begin(), looks.end(), look));
}

}  // namespace

TEST_CASE("mask rules: actions in order over terms, groups and intersections") {
  const StickerLooks mask =
      readStickering(cube3(), "grey: all; show: layer(R) & corner, U4; hide: F");
  REQUIRE(mask.error.empty());
  REQUIRE(mask.looks.size() == 54);
  // R0 is on the URF corner (shown), R1 on the UR edge (grey), U4 the U centre (shown), F0 hidden.
  CHECK(looksOf(mask.looks, {"R0", "R1", "U4", "F0", "F2", "D2", "L0"}) == "sgshhsg");
  CHECK(count(mask.looks, 's') == 4 * 3 - 2 + 1);  // four R corners' stickers, less two on F, + U4
  // piece(S): the whole piece; spaces separate groups as commas do; "gray" is "grey".
  const StickerLooks piece = readStickering(cube3(), "gray: piece(U8) U5");
  CHECK(looksOf(piece.looks, {"U8", "R0", "F2", "U5", "R1", "U7"}) == "ggggss");
  CHECK(readStickering(cube3(), "hide: centres").looks ==
        readStickering(cube3(), "hide: fixed").looks);
  CHECK(count(readStickering(cube3(), "hide: centres").looks, 'h') == 6);
}

TEST_CASE("every puzzle's named sets, written in its PuzzleSpec, read as masks") {
  for (const Puzzle& puzzle : allPuzzles()) {
    // Not a structured binding: clang cannot capture one in CAPTURE's lambda.
    for (const auto& named : puzzle.spec().stickerings) {
      const std::string& name = named.first;
      const std::string& mask = named.second;
      CAPTURE(puzzle.id());
      CAPTURE(name);
      CHECK(readStickering(puzzle, name).error.empty());
      CHECK(readStickering(puzzle, name).looks == readStickering(puzzle, mask).looks);
    }
  }
  CHECK(findPuzzle("cube3")->spec().stickerings.size() == 9);
  CHECK(findPuzzle("cube2")->spec().stickerings.size() == 4);
  CHECK(findPuzzle("pyraminx")->spec().stickerings.empty());
}

TEST_CASE("the 3x3x3's named sets show what speedcubers expect") {
  const std::string oll = readStickering(cube3(), "oll").looks;  // any case
  CHECK(count(oll, 's') == 9);                                   // the U face
  CHECK(looksOf(oll, {"U0", "U4", "R0", "F1", "D4"}) == "ssggg");
  const std::string ll = readStickering(cube3(), "LL").looks;
  CHECK(count(ll, 's') == 9 + 12);  // the U face and the last layer's side stickers
  CHECK(readStickering(cube3(), "PLL").looks == ll);
  CHECK(readStickering(cube3(), "ZBLL").looks == ll);
  const std::string f2l = readStickering(cube3(), "F2L").looks;
  for (std::size_t i = 0; i < ll.size(); ++i) CHECK((ll[i] == 's') != (f2l[i] == 's'));
  const std::string cll = readStickering(cube3(), "CLL").looks;
  CHECK(looksOf(cll, {"U0", "U1", "U4", "R0", "R1", "R2"}) == "sgssgs");
  const std::string ell = readStickering(cube3(), "ELL").looks;
  CHECK(looksOf(ell, {"U0", "U1", "U4", "R0", "R1"}) == "gssgs");
  const std::string cross = readStickering(cube3(), "Cross").looks;
  CHECK(count(cross, 's') == 8 + 6);  // four D edges, six centres
  // EO: U/D edges by their U or D sticker, middle-layer edges by their F or B sticker.
  const std::string eo = readStickering(cube3(), "EO").looks;
  CHECK(looksOf(eo, {"U1", "B1", "D1", "F7", "F5", "R3", "B3", "R5", "R4"}) == "sgsgsgsgs");
  CHECK(count(eo, 's') == 12 + 6);
  // The old stage: orbits shown, every other piece grey, centres kept.
  CHECK(count(readStickering(cube3(), "edge").looks, 'g') == 24);
}

TEST_CASE("mask errors name the bad token and its column") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"grey: all; shw: U", "'shw' is no action (use show, grey or hide) at column 12"},
      {"grey: U Q", "'Q' names no stickers of cube3 (use all, centres, a face (U R F D L B)"},
      {"grey: layer(X)", "'X' is no face of cube3 (U R F D L B) at column 13"},
      {"grey: piece(U9)", "'U9' is no sticker of cube3 (e.g. U0) at column 13"},
      {"grey: layer(U", "')' expected after 'layer(U' at column 14"},
      {"grey: U &", "a term is missing beside '&'"},
      {"grey:", "no stickers named after ':' at column 6"},
      {"OLL; XLL", "'XLL' is no named set of cube3 (it has F2L, LL, OLL"},
      {"corner,tip", "'tip' at column 8 is no named set of cube3"},
  };
  for (const auto& [text, message] : cases) {
    const std::string shown = text;
    CAPTURE(shown);
    const StickerLooks mask = readStickering(cube3(), text);
    CHECK(mask.looks.empty());
    CHECK(mask.error.find(message) != std::string::npos);
    CHECK(mask.column > 0);
  }
  CHECK(readStickering(cube3(), "grey: U Q").column == 9);
  // A puzzle without named sets says so.
  CHECK(readStickering(*findPuzzle("pyraminx"), "OLL; grey: all").error.find("it has none") !=
        std::string::npos);
}

TEST_CASE("masked pictures: looks follow the pieces, hidden stickers are not drawn") {
  // After R, the URF corner's U sticker (shown by OLL) is on the back face; the place U8 now
  // holds the FR... corner's F sticker, greyed.
  const ImageAnswer answer = imageFromQuery("pzl=cube3&view=net&alg=R&stage=oll");
  REQUIRE(answer.status == 200);
  const std::regex sticker(R"re(fill="([^"]+)" data-f="(\d+)")re");
  std::map<int, std::string> fill;
  for (auto it = std::sregex_iterator(answer.svg.begin(), answer.svg.end(), sticker);
       it != std::sregex_iterator(); ++it)
    fill[std::stoi((*it)[2])] = (*it)[1];
  CHECK(fill.at(8) == "#7f7f7f");       // U8 shows a grey F2L sticker
  CHECK(fill.at(0) == "#ffffff");       // U0 keeps its U sticker
  CHECK(fill.at(45 + 0) == "#ffffff");  // B0 shows the U sticker R brought there
  const ImageAnswer hidden = imageFromQuery("pzl=cube3&view=net&stage=hide:+D");
  CHECK(hidden.svg.find("fill=\"none\" data-f=\"27\"") != std::string::npos);
  const ImageAnswer error = imageFromQuery("pzl=cube3&stage=grey:+U+Q");
  CHECK(error.status == 400);
  CHECK(error.column == 9);
}

TEST_CASE("colour schemes: presets, faces by name, errors per face and colour") {
  const Puzzle& puzzle = cube3();
  const FaceColours blind = readScheme(puzzle, "colour-blind");
  REQUIRE(blind.error.empty());
  CHECK(blind.colours ==
        std::vector<std::string>{"#ffffff", "#d55e00", "#009e73", "#f0e442", "#e69f00", "#0072b2"});
  CHECK(readScheme(puzzle, "color-blind").colours == blind.colours);
  const FaceColours contrast = readScheme(puzzle, "high-contrast, U:#000 ,F:g");
  REQUIRE(contrast.error.empty());
  CHECK(contrast.colours[0] == "#000");
  CHECK(contrast.colours[1] == "#cc0000");
  CHECK(contrast.colours[2] == "#1a9e3a");
  CHECK(readScheme(puzzle, "R:#123456").colours[1] == "#123456");
  CHECK(readScheme(puzzle, "yrgwob").colours[0] == "#ffd500");
  CHECK(readScheme(puzzle, "U:#12").error ==
        "colour '#12' at column 1 is not a colour letter or #rrggbb");
  CHECK(readScheme(puzzle, "U:w,Z:r").error.find("'Z' at column 5 is no face of cube3") == 0);
  CHECK(readScheme(puzzle, "dark")
            .error.find("4 colours for 6 faces (cube3; or a preset: "
                        "high-contrast, colour-blind") == 0);
  // Every face of the Kilominx keeps a colour; presets change only the colours they list.
  CHECK(readScheme(*findPuzzle("kilominx"), "colour-blind").colours.size() == 12);
}
