// The Rubik's Clock (puzzles/clock/clock.hpp): WCA notation, the dials a sequence shows (checked
// against cubing.js's clock model), random-state scrambles as TNoodle draws them, the linear
// solver, the service's answers and the picture.
#include "puzzles/clock/clock.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/json.hpp"
#include "fixtures.hpp"
#include "render/image.hpp"

using namespace polytwist;
using fixtures::contains;
using fixtures::field;

namespace {

clock::Dials dialsOf(const std::string& text) {
  const clock::ReadResult read = clock::readSequence(text);
  REQUIRE_MESSAGE(read.sequence, text, ": ", read.error.message);
  return clock::apply(clock::solved(), *read.sequence);
}

std::array<int, 18> shown(const std::string& text) {
  const clock::Faces faces = clock::facesOf(dialsOf(text));
  std::array<int, 18> both{};
  for (int i = 0; i < 9; ++i) both[i] = faces.front[i], both[9 + i] = faces.back[i];
  return both;
}

}  // namespace

TEST_CASE("clock: a move and its opposite amount cancel, twelve hours are none") {
  for (const char* pins : {"UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"}) {
    const std::string name = pins;
    CHECK(clock::isSolved(dialsOf(name + "3+ " + name + "3-")));
    CHECK(clock::isSolved(dialsOf("y2 " + name + "5- y2 y2 " + name + "7-")));
    CHECK(clock::isSolved(dialsOf(name + "0+")));
    CHECK_FALSE(clock::isSolved(dialsOf(name + "1+")));
  }
}

TEST_CASE("clock: which dials a move turns, and y2") {
  // UR up: the front's quarter U UR C R turns; the back's UL corner, the same axle, turns back.
  CHECK(shown("UR1+") == std::array<int, 18>{0, 1, 1, 0, 1, 1, 0, 0, 0,  //
                                             11, 0, 0, 0, 0, 0, 0, 0, 0});
  // ALL on both sides: the corners' two turns cancel, every other dial is one hour on.
  CHECK(shown("ALL1+ y2 ALL1+") == std::array<int, 18>{0, 1, 0, 1, 1, 1, 0, 1, 0,  //
                                                       0, 1, 0, 1, 1, 1, 0, 1, 0});
  // After y2 the names are the back's: its UR pin is the front's UL.
  CHECK(shown("y2 UR1+") == std::array<int, 18>{11, 0, 0, 0, 0, 0, 0, 0, 0,  //
                                                0, 1, 1, 0, 1, 1, 0, 0, 0});
  CHECK(shown("y2 y2 DL4-") == shown("DL4-"));
}

TEST_CASE("clock: sequences show the dials cubing.js's clock model shows") {
  // cubing.js's clock KPuzzle (DIALS, 18 hours; after one y2 its first nine are the side then
  // facing, the back) gave these for the issue's example and for one of its own
  // randomScrambleForEvent("clock") scrambles.
  CHECK(shown("UR3+ DR2- DL1+ UL0+ U3- R4+ D5- L6+ ALL2+ y2 U1+ R2- D3+ L4+ ALL5-") ==
        std::array<int, 18>{11, 0, 6, 1, 6, 11, 8, 6, 9,  //
                            6, 10, 1, 3, 1, 9, 3, 0, 4});
  CHECK(shown("UR5+ DR6+ DL1+ UL6+ U3+ R5- D1- L3+ ALL4+ y2 U4+ R3- D1+ L1- ALL6+") ==
        std::array<int, 18>{9, 4, 10, 4, 10, 0, 3, 8, 10,  //
                            2, 6, 3, 10, 7, 8, 2, 3, 9});
}

TEST_CASE("clock: pins left up, named at the end or left by the last move") {
  CHECK(clock::pinsText(clock::readSequence("UR1+ U2-").sequence->pinsUp) == "UR UL");
  // The last move on the back with ALL up: every front pin down.
  CHECK(clock::pinsText(clock::readSequence("UR1+ y2 ALL2-").sequence->pinsUp).empty());
  // Named after y2, seen from the back: its UR is the front's UL, up there is down here.
  CHECK(clock::pinsText(clock::readSequence("U1+ y2 U1+ UR").sequence->pinsUp) == "UR DR DL");
  CHECK(clock::pinsText(clock::readSequence("ALL1+ UR DL").sequence->pinsUp) == "UR DL");
}

TEST_CASE("clock: notation errors name the token and its column") {
  const auto error = [](const char* text) {
    const clock::ReadResult read = clock::readSequence(text);
    REQUIRE_FALSE(read.sequence);
    return read.error;
  };
  CHECK(error("UR3+ XX2+").column == 6);
  CHECK(contains(error("UR3+ XX2+").message, "'XX2+' at column 6"));
  CHECK(contains(error("UR12+").message, "0 to 11 hours"));
  CHECK(contains(error("  UR3").message, "ends with +"));
  CHECK(error("  UR3").column == 3);
  CHECK(contains(error("UR+").message, "amount of hours"));
  CHECK(contains(error("U1+ UR R2-").message, "come last"));
  CHECK(error("U1+ UR R2-").column == 8);
  CHECK(contains(error("y3").message, "not a clock move"));
  CHECK(error(("R1+ " + std::string(5000, 'X')).c_str()).message.size() < 300);
}

TEST_CASE("clock: moves print as WCA writes them") {
  const std::string scramble = "UR3+ DR2- DL1+ UL0+ U3- R4+ D5- L6+ ALL2+ y2 U1+ R2- D3+ L4+ ALL5-";
  CHECK(clock::sequenceText(clock::readSequence(scramble).sequence->moves) == scramble);
  CHECK(clock::sequenceText(clock::readSequence("UR7+ y2 ALL0+").sequence->moves, true) == "UR5-");
}

TEST_CASE("clock: random scrambles are uniform and reach their state, solutions solve") {
  // 100,000 scrambles as TNoodle draws them: the text applied gives the state whose inverse
  // basis gives back the amounts drawn; each dial's hours pass a chi-square test (11 degrees of
  // freedom: 40 is exceeded with probability 4e-5).
  std::mt19937_64 rng(26);
  constexpr int kScrambles = 100000;
  std::array<std::array<int, clock::kHours>, clock::kDials> counts{};
  int unreached = 0, unsolved = 0, longest = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kScrambles; ++i) {
    const std::array<int, clock::kDials> amounts = clock::randomScrambleAmounts(rng);
    const std::array<clock::Move, clock::kDials> moves = clock::scrambleMoves(amounts);
    const clock::ReadResult read =
        clock::readSequence(clock::sequenceText({moves.begin(), moves.end()}));
    const clock::Dials dials =
        read.sequence ? clock::apply(clock::solved(), *read.sequence) : clock::solved();
    if (!read.sequence || clock::amountsReaching(dials) != amounts) ++unreached;
    for (int d = 0; d < clock::kDials; ++d) ++counts[d][dials[d]];
    if (i % 10 == 0) {
      const std::vector<clock::Move> solution = clock::solution(dials);
      longest = std::max(longest, static_cast<int>(solution.size()));
      if (!clock::isSolved(clock::apply(dials, clock::Sequence{solution, 0}))) ++unsolved;
    }
  }
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  MESSAGE(kScrambles, " scrambles drawn, printed, read, applied and checked in ", ms, " ms");
  CHECK(unreached == 0);
  CHECK(unsolved == 0);
  CHECK(longest <= clock::kDials);
  for (int d = 0; d < clock::kDials; ++d) {
    const double chiSquare = fixtures::chiSquare({counts[d].begin(), counts[d].end()},
                                                 kScrambles / double(clock::kHours));
    CAPTURE(d);
    CHECK(chiSquare < 40);
  }
}

TEST_CASE("clock: scrambles need two moves, one move is caught") {
  CHECK(clock::withinOneMove(clock::solved()));
  CHECK(clock::withinOneMove(dialsOf("y2 UL5-")));
  CHECK(clock::withinOneMove(dialsOf("UR2+ UR3+ UL0-")));
  CHECK_FALSE(clock::withinOneMove(dialsOf("U2+ UR1-")));
  // One turn with UR and DL up, which no scramble move has (seven of its amounts are nonzero).
  const clock::Dials diagonal =
      clock::apply(clock::solved(), clock::Move{false, clock::kUR | clock::kDL, 5});
  const std::array<int, clock::kDials> amounts = clock::amountsReaching(diagonal);
  CHECK(std::count(amounts.begin(), amounts.end(), 0) == 7);
  CHECK(clock::withinOneMove(diagonal));
}

TEST_CASE("clock: the service scrambles, applies, solves and draws it") {
  const Json first = service::scramble("clock", 7);
  REQUIRE(field(first, "ok") == "true");
  CHECK(field(first, "scramble") == field(service::scramble("clock", 7), "scramble"));
  CHECK(field(first, "scramble") != field(service::scramble("clock", 8), "scramble"));
  const Json applied = service::applyMoves("clock", "", field(first, "scramble"));
  CHECK(field(applied, "state") == field(first, "state"));
  CHECK(field(applied, "pins_up").empty());
  const Json solution = service::solve("clock", field(first, "state"));
  CHECK(field(solution, "optimal") == "false");
  CHECK(field(service::applyMoves("clock", field(first, "state"), field(solution, "solution")),
              "solved") == "true");
  CHECK(contains(service::scramble("clock", 1, 20).dump(), "random states"));

  const Json bad = service::applyMoves("clock", "", "UR1+ UR8");
  CHECK(field(bad, "column") == "6");
  CHECK(contains(field(service::applyMoves("clock", "12", ""), "error"), "14 hours"));
  CHECK(contains(field(service::validate("clock", ""), "error"), "answers puzzleInfo"));

  // Listed apart from the puzzles with geometry, shown by players as its picture.
  const Json list = service::listPuzzles();
  CHECK_FALSE(contains(list.find("puzzles")->dump(), "\"clock\""));
  CHECK(contains(list.find("own_models")->dump(),
                 "{\"id\":\"clock\",\"name\":\"Rubik's Clock\",\"view\":\"picture\"}"));
  CHECK(field(service::puzzleInfo("clock"), "view") == "picture");
  // Its pictures say so too (the picture-first player's button is worded from them).
  CHECK(field(service::image("pzl=clock"), "view") == "picture");
  CHECK(field(service::image("pzl=cube3"), "view") == "3d");
  CHECK(service::puzzleInfo("clock").find("methods")->dump() == "[\"fast\"]");
  CHECK(field(service::puzzleInfo("clock"), "has_distance_table") == "false");
  // Its moves as answers write them, every one of a scramble among them.
  const std::string moves = service::puzzleInfo("clock").find("moves")->dump();
  for (const char* move : {"\"UR0+\"", "\"ALL6+\"", "\"L5-\"", "\"DL1-\"", "\"y2\""}) {
    CHECK(contains(moves, move));
  }
  CHECK(service::puzzleInfo("clock").find("moves")->array().size() == 9 * 12 + 1);
  CHECK(field(service::puzzleInfo("clock"), "state_count") == "1283918464548864");

  // The picture's hands and pins are the position's.
  const ImageAnswer picture = imageFromQuery("pzl=clock&alg=UR3%2B%20y2%20D1-%20UR");
  REQUIRE(picture.status == 200);
  CHECK(contains(picture.svg, "data-dial=\"front-UR\" data-hour=\"3\""));
  CHECK(contains(picture.svg, "data-dial=\"back-D\" data-hour=\"11\""));
  CHECK(contains(picture.svg, "data-dial=\"back-UL\" data-hour=\"9\""));
  CHECK(contains(picture.svg, "data-pin=\"back-UR\" data-up=\"true\""));
  CHECK(contains(picture.svg, "data-pin=\"front-UL\" data-up=\"false\""));
  CHECK(contains(picture.svg, "data-pin=\"front-UR\" data-up=\"true\""));
  // Each hand's group names its part, angle and centre (the UR dial's hub), for a page's tween.
  CHECK(contains(picture.svg,
                 "<g data-part=\"hand-front-UR\" data-angle=\"90\" data-centre=\"79 29\">"));
  CHECK(contains(picture.svg, "<circle data-part=\"pin-front-UR\" data-pin=\"front-UR\""));
  // A position's `picture` parameters draw it: its dials from `state`, its pins from `alg`.
  const Json position = service::applyMoves("clock", "", "UR3+ y2 D1- UR");
  const Json* parameters = position.find("picture");
  REQUIRE(parameters != nullptr);
  // The pins named on the back after y2 (UR), as the front sees them.
  CHECK(field(*parameters, "alg") == "UR DR DL");
  const ImageAnswer drawn =
      imageFromQuery("pzl=clock&alg=UR%20DR%20DL&state=" + parameters->find("state")->string());
  REQUIRE(drawn.status == 200);
  for (const char* drawnThere :
       {"data-dial=\"front-UR\" data-hour=\"3\"", "data-dial=\"back-D\" data-hour=\"11\"",
        "data-pin=\"front-UR\" data-up=\"true\"", "data-pin=\"front-UL\" data-up=\"false\""}) {
    CHECK(contains(drawn.svg, drawnThere));
  }
  // The moves of `alg` turn on from `state`.
  CHECK(contains(
      imageFromQuery("pzl=clock&state=" + parameters->find("state")->string() + "&alg=UR1%2B").svg,
      "data-dial=\"front-UR\" data-hour=\"4\""));
  CHECK(contains(imageFromQuery("pzl=clock&state=12").error, "state: "));
  CHECK(contains(imageFromQuery("pzl=cube3&state=1").error, "state: "));
  const ImageAnswer refused = imageFromQuery("pzl=clock&alg=UR3%2B%20Q");
  CHECK(refused.status == 400);
  CHECK(refused.column == 6);
  CHECK(imageFromQuery("pzl=clock&stage=corner").status == 400);
}
