// The Square-1 through the service (engine/api/square1.cpp) and its picture
// (render/square1_picture.cpp): the state as text and its errors, scrambles by seed and by event,
// applying and solving, what it refuses, and what the picture draws.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "api/service.hpp"
#include "core/json.hpp"
#include "fixtures.hpp"
#include "puzzles/square1/square1.hpp"
#include "render/image.hpp"

using namespace polytwist;
using fixtures::contains;
using fixtures::field;

namespace {

std::string decodeError(const std::string& text) {
  std::string error;
  CHECK_FALSE(square1::decode(text, error).has_value());
  return error;
}

}  // namespace

TEST_CASE("Square-1 state text: written and read back, every shape counted") {
  CHECK(square1::encode(square1::solved()) == "1AA2BB3CC4DD/EE5FF6GG7HH8/s");
  std::mt19937_64 rng(5);
  for (int i = 0; i < 200; ++i) {
    square1::State state = square1::randomState(rng);
    // Turned off the twistable shapes too, so a corner may lie across slots 11 and 0.
    state = square1::turned(state, i % 12, (i * 7) % 12);
    std::string error;
    const std::optional<square1::State> read = square1::decode(square1::encode(state), error);
    REQUIRE_MESSAGE(read.has_value(), error);
    CHECK(*read == state);
  }
  // The state count puzzleInfo gives: 19,305 shapes (each layer filled every way, turns apart)
  // times the pieces' orders and the middle layer.
  std::set<square1::Shape> shapes;
  for (square1::Shape shape : square1::twistableShapes()) {
    for (int top = 0; top < 12; ++top) {
      for (int bottom = 0; bottom < 12; ++bottom) {
        square1::State state = square1::turned(
            square1::placed(shape, {0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}), top,
            bottom);
        shapes.insert(square1::shapeOf(state));
      }
    }
  }
  CHECK(shapes.size() == 19305);
  CHECK(field(service::puzzleInfo("square1"), "state_count") == "62768369664000");
  CHECK(19305ull * 40320 * 40320 * 2 == 62768369664000ull);
}

TEST_CASE("Square-1 state text: errors say what is wrong and where") {
  CHECK(contains(decodeError("1AA2BB3CC4DD"), "26 characters"));
  CHECK(decodeError("1AA2BB3CC4DZ/EE5FF6GG7HH8/s") ==
        "column 12: 'Z' is no piece (corners A-H, edges 1-8, each slot one)");
  CHECK(decodeError("1AA2BB3CC4DD/EE5FF6GG7HH8/x") ==
        "column 27: 'x' is not s (middle layer as solved) or f (flipped)");
  CHECK(decodeError("1AA1BB3CC4DD/EE5FF6GG7HH8/s") == "column 4: edge 1 (UB) is in 2 slots, not 1");
  CHECK(decodeError("1AA2BB3CC4DD/EE5FF6GG7H88/s") ==
        "column 23: corner H (DFL) has one slot: a corner fills two side by side");
  CHECK(decodeError("1AA2BB3CC4DD/EE5FF6GG7HH2/s") ==
        "column 25: edge 2 (UR) is in 2 slots, not 1");
  // A corner's halves apart, or one in each layer.
  CHECK(decodeError("1A2ABB3CC4DD/EE5FF6GG7HH8/s") ==
        "column 4: corner A (UBR)'s two halves are not side by side in one layer");
  CHECK(decodeError("1AA2BB3CC4DE/DE5FF6GG7HH8/s") ==
        "column 14: corner D (UBL)'s two halves are not side by side in one layer");
  // Across slots 11 and 0 is side by side.
  std::string error;
  CHECK(square1::decode("A12BB3CC4DDA/EE5FF6GG7HH8/f", error).has_value());
}

TEST_CASE("Square-1 service: scrambles by seed and event, applied, solved, refused") {
  const Json first = service::scramble("square1", 11);
  REQUIRE_MESSAGE(field(first, "ok") == "true", first.dump());
  CHECK(field(first, "random_state") == "true");
  CHECK(field(first, "scramble") == field(service::scramble("square1", 11), "scramble"));
  CHECK(field(first, "scramble") != field(service::scramble("square1", 12), "scramble"));
  const Json byEvent = service::scramble("sq1", 11);
  CHECK(field(byEvent, "event") == "sq1");
  CHECK(field(byEvent, "scramble") == field(first, "scramble"));
  // TNoodle's minimum distance, on our solution's slashes.
  CHECK(std::stoi(field(first, "slashes")) >= 11);

  // The scramble reaches its state; the solution solves it.
  const Json applied = service::applyMoves("square1", "", field(first, "scramble"));
  REQUIRE_MESSAGE(field(applied, "ok") == "true", applied.dump());
  CHECK(field(applied, "state") == field(first, "state"));
  const Json solution = service::solve("square1", field(first, "state"));
  REQUIRE_MESSAGE(field(solution, "ok") == "true", solution.dump());
  CHECK(field(solution, "optimal") == "false");
  CHECK(contains(field(solution, "note"), "not proven optimal"));
  CHECK(field(service::applyMoves("square1", field(first, "state"), field(solution, "solution")),
              "solved") == "true");

  // The position's fields.
  const Json turned = service::applyMoves("square1", "", "(1,0)");
  CHECK(field(turned, "state") == "D1AA2BB3CC4D/EE5FF6GG7HH8/s");
  CHECK(field(turned, "twistable") == "false");
  CHECK(field(service::applyMoves("square1", "", "/"), "middle") == "flipped");

  // Refusals: the slice across a corner (its column), bad states, notations, random moves.
  const Json blocked = service::applyMoves("square1", "", "(0,3)/ (1,0)/");
  CHECK(field(blocked, "column") == "13");
  CHECK(contains(field(blocked, "error"), "cut the corner UBL"));
  CHECK(field(service::applyMoves("square1", "", "(1,0) R"), "column") == "7");
  CHECK(contains(field(service::solve("square1", "1AA2BB"), "error"), "impossible state"));
  CHECK(contains(field(service::applyMovesIn("square1", "", "/", "seed001"), "error"),
                 "one notation, WCA's"));
  CHECK(contains(field(service::scramble("square1", 1, 20), "error"), "never random moves"));
  CHECK(contains(field(service::scramble("square1", -1), "error"), "seed must be"));
  CHECK(contains(field(service::puzzleGeometry("square1"), "error"), "a model of its own"));
  CHECK(contains(service::listPuzzles().find("own_models")->dump(), "\"square1\""));
  // Its moves as answers write them, so a player steps through them.
  const Json::Array& moves = service::puzzleInfo("square1").find("moves")->array();
  CHECK(moves.size() == 12 * 12 * 2 - 1 + 1);
  for (const char* move : {"(1,0)", "(-5,6)/", "(0,0)/", "/"}) {
    CHECK(std::any_of(moves.begin(), moves.end(),
                      [&](const Json& listed) { return listed.string() == move; }));
  }
  // A position's `picture` parameters draw it as `alg` from solved does.
  const Json sliced = service::applyMoves("square1", "", "(3,0)/");
  const std::string state = sliced.find("picture")->find("state")->string();
  const auto untitled = [](std::string svg) {
    const std::size_t from = svg.find("<title>"), to = svg.find("</title>");
    return svg.erase(from, to - from);
  };
  CHECK(untitled(imageFromQuery("pzl=square1&state=" + state).svg) ==
        untitled(imageFromQuery("pzl=square1&alg=(3,0)/").svg));
}

TEST_CASE("Square-1 picture: each piece where the state puts it, refusals with columns") {
  const ImageAnswer solved = imageFromQuery("pzl=square1");
  REQUIRE_MESSAGE(solved.status == 200, solved.error);
  // Solved: edge 1 (UB) in slot 0, corner A (UBR) from slot 1, corner E (DFR) from slot 12.
  CHECK(contains(solved.svg, "data-piece=\"1\" data-slot=\"0\""));
  CHECK(contains(solved.svg, "data-piece=\"A\" data-slot=\"1\""));
  CHECK(contains(solved.svg, "data-piece=\"E\" data-slot=\"12\""));
  // Its part, angle and layer centre, for a page's tween: E's middle, 30° + 15° from up.
  CHECK(contains(solved.svg,
                 "data-piece=\"E\" data-slot=\"12\" data-part=\"piece-E\" "
                 "data-angle=\"45\" data-centre=\""));
  CHECK(contains(solved.svg, "data-middle=\"solved\""));
  // A slash takes UBR (slots 1-2) to slots 13-14 and flips the middle layer; `case` undoes it.
  for (const char* query : {"pzl=square1&alg=%2F", "pzl=square1&case=%2F"}) {
    CAPTURE(query);
    const ImageAnswer slashed = imageFromQuery(query);
    REQUIRE(slashed.status == 200);
    CHECK(contains(slashed.svg, "data-piece=\"A\" data-slot=\"13\""));
    CHECK(contains(slashed.svg, "data-middle=\"flipped\""));
  }
  const ImageAnswer blocked = imageFromQuery("pzl=square1&alg=(1,0)%2F");
  CHECK(blocked.status == 400);
  CHECK(blocked.column == 6);
  // Undone from solved, (1,0) leaves UBL across the cut, so the slice before it cannot turn.
  const ImageAnswer unsolvable = imageFromQuery("pzl=square1&case=%2F%20(-1,0)");
  CHECK(unsolvable.status == 400);
  CHECK(unsolvable.column == 1);
  CHECK(contains(unsolvable.error, "no position is solved by these moves"));
  CHECK(imageFromQuery("pzl=square1&sch=wrgyob").status == 400);
}
