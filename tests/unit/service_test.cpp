#include "api/service.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "core/json.hpp"
#include "fixtures.hpp"

using namespace polytwist;
using fixtures::contains;
namespace service = polytwist::service;

namespace {

bool ok(const Json& answer) {
  const Json* field = answer.find("ok");
  REQUIRE(field != nullptr);
  return field->boolean();
}

std::string text(const Json& answer, const std::string& key) {
  const Json* field = answer.find(key);
  REQUIRE_MESSAGE(field != nullptr, "no field ", key, " in ", answer.dump());
  REQUIRE(field->isString());
  return field->string();
}

double number(const Json& answer, const std::string& key) {
  const Json* field = answer.find(key);
  REQUIRE_MESSAGE(field != nullptr, "no field ", key, " in ", answer.dump());
  return field->number();
}

std::string error(const Json& answer) {
  INFO(answer.dump());
  CHECK_FALSE(ok(answer));
  return text(answer, "error");
}

// The state a scramble or solution text reaches from `state`, by the service itself.
Json applyCube(const std::string& state, const std::string& moves) {
  const Json answer = service::applyMoves("cube2", state, moves);
  INFO(answer.dump());
  REQUIRE(ok(answer));
  return answer;
}

}  // namespace

TEST_CASE("answers: numbers read back as the doubles written") {
  CHECK(Json(0.1).dump() == "0.1");
  CHECK(Json(-2.5).dump() == "-2.5");
  CHECK(Json(42.0).dump() == "42");
  for (const double x :
       {std::acos(-1.0), -2 * std::acos(-1.0) / 3, 1e-300, 0.7236067977499789, 6.02214076e23}) {
    CAPTURE(x);
    CHECK(std::strtod(Json(x).dump().c_str(), nullptr) == x);
  }
  CHECK(Json(std::numeric_limits<double>::infinity()).dump() == "null");
}

TEST_CASE("service: version, puzzle list and puzzle info") {
  const Json version = service::version();
  CHECK(ok(version));
  CHECK(text(version, "version") == service::kVersion);
  const Json list = service::listPuzzles();
  REQUIRE(ok(list));
  bool hasCube2 = false;
  for (const Json& puzzle : list.find("puzzles")->array())
    hasCube2 |= text(puzzle, "id") == "cube2";
  CHECK(hasCube2);
  const Json info = service::puzzleInfo("cube2");
  REQUIRE(ok(info));
  CHECK(text(info, "state_count") == "3674160");
  CHECK(number(info, "facelet_count") == 24);
  CHECK(info.find("moves")->array().size() == 9);
  CHECK(info.find("faces")->array().size() == 6);
  CHECK(info.find("has_distance_table")->boolean());
}

TEST_CASE("service: an unknown puzzle lists the known ones") {
  for (const Json& answer :
       {service::puzzleInfo("tesseract"), service::applyMoves("tesseract", "", "R"),
        service::scramble("tesseract", 1), service::validate("tesseract", "U"),
        service::solve("tesseract", ""), service::distanceTable("tesseract"),
        service::puzzleInfo("")}) {
    const std::string message = error(answer);
    CHECK(contains(message, "unknown puzzle"));
    CHECK(contains(message, "cube2"));
  }
  CHECK(contains(error(service::puzzleInfo("tesseract")), "tesseract"));
  // A long or binary name is cut and escaped, never echoed whole.
  const std::string longName(5000, 'x');
  CHECK(error(service::puzzleInfo(longName)).size() < 300);
  const std::string dumped = service::puzzleInfo(std::string("a\"b\n\x01", 5)).dump();
  CHECK(contains(dumped, "a\\\"b\\n\\u0001"));
}

TEST_CASE("service: applyMoves") {
  const Json answer = applyCube("", "R U R' U'");
  CHECK(text(answer, "moves") == "R U R' U'");
  CHECK_FALSE(answer.find("solved")->boolean());
  const Json back = applyCube(text(answer, "state"), "U R U' R'");
  CHECK(back.find("solved")->boolean());
  CHECK(text(back, "facelets") == "UUUURRRRFFFFDDDDLLLLBBBB");
  // Groups expand as written out; the solved state is "" in answers, whatever led to it.
  CHECK(text(applyCube("", "(R U)6"), "state") ==
        text(applyCube("", "R U R U R U R U R U R U"), "state"));
  CHECK(text(applyCube("", ""), "state").empty());
  CHECK(text(applyCube("", "R R'"), "state").empty());
  CHECK(text(applyCube(text(answer, "state"), "U R U' R'"), "state").empty());
  CHECK(text(applyCube("0123456.0000000", "R"), "state") == text(applyCube("", "R"), "state"));
  CHECK(applyCube("", "(R U R' U')6").find("solved")->boolean());
  // The facelets answer agrees with the engine's facelets of the state.
  const Puzzle& cube = fixtures::cube2();
  const std::optional<State> state = cube.decodeState(text(answer, "state"));
  REQUIRE(state.has_value());
  CHECK(cube.facelets(*state) == text(answer, "facelets"));
}

TEST_CASE("service: applyMoves errors carry a column") {
  struct Case {
    const char* moves;
    int column;
  };
  for (const Case& c : {Case{"R U X", 5}, Case{"R U D2", 5}, Case{"R )", 3}, Case{"R (U", 3},
                        Case{"  F++", 3}, Case{"R, U", 2}, Case{"[R U]", 5}}) {
    CAPTURE(c.moves);
    const Json answer = service::applyMoves("cube2", "", c.moves);
    CHECK_FALSE(ok(answer));
    CHECK(!error(answer).empty());
    const Json* column = answer.find("column");
    REQUIRE(column != nullptr);
    CHECK(column->number() == c.column);
  }
  // An unknown move's message lists the puzzle's moves.
  CHECK(contains(error(service::applyMoves("cube2", "", "D")), "U2"));
}

TEST_CASE("service: an unknown move's message says the forms the puzzle accepts") {
  struct Case {
    const char* puzzle;
    const char* moves;
    const char* message;
  };
  // A name with a power it does not take gets that name's forms, from its moves and derived
  // moves: a 4x4x4's wide turn, a Megaminx's wide turn (its faces take WCA's R++), a Pyraminx's
  // tip.
  for (const Case& c : {
           Case{"cube4", "R Rw++",
                "unknown move 'Rw++' at column 3: the cube4's Rw is written Rw Rw2 Rw' Rw2'"},
           Case{"megaminx", "R++ Uw++",
                "unknown move 'Uw++' at column 5: the megaminx's Uw is written Uw Uw2 Uw' Uw2'"},
           Case{"pyraminx", "u--",
                "unknown move 'u--' at column 1: the pyraminx's u is written u u'"},
       }) {
    const std::string moves = c.moves;
    CAPTURE(moves);
    CHECK(error(service::applyMoves(c.puzzle, "", moves)) == c.message);
  }
  // Any other token gets the moves, then the derived moves grouped by the powers they take.
  const std::string megaminx = error(service::applyMoves("megaminx", "", "R Q"));
  CHECK(contains(megaminx, "unknown move 'Q' at column 3 (megaminx moves: U U2 U2' U' D"));
  CHECK(contains(megaminx, "; also Uw 2U Uv "));
  CHECK(contains(megaminx, " (as Uw Uw2 Uw' Uw2' for each); U D F B "));
  CHECK(contains(megaminx, " (as U++ U-- for each))"));
  const std::string cube4 = error(service::applyMoves("cube4", "", "Q"));
  CHECK(contains(cube4, "3Rw 3Rw2 3Rw'"));
  CHECK(contains(cube4, "; also 2U 3U y 2D"));
  CHECK(contains(cube4, "(as U2' for each)"));
  const std::string pyraminx = error(service::applyMoves("pyraminx", "", "Q"));
  CHECK(pyraminx ==
        "unknown move 'Q' at column 1 (pyraminx moves: U U' L L' R R' B B' u u' l l' r r' b b')");
}

TEST_CASE("service: oversize input is refused unread") {
  const std::string huge(service::kMaxInputBytes + 1, 'R');
  for (const Json& answer :
       {service::applyMoves("cube2", "", huge), service::applyMoves("cube2", huge, ""),
        service::applyMoves("cube2", std::string(service::kMaxInputBytes / 2 + 1, '0'),
                            std::string(service::kMaxInputBytes / 2, 'R')),
        service::validate("cube2", huge), service::solve("cube2", huge)}) {
    const std::string message = error(answer);
    CHECK(contains(message, "too long"));
    CHECK(contains(message, std::to_string(service::kMaxInputBytes)));
  }
  // At the limit the input is read (and refused for what it says, not for its size).
  const std::string atLimit(service::kMaxInputBytes, 'U');
  CHECK_FALSE(contains(error(service::validate("cube2", atLimit)), "too long"));
}

TEST_CASE("service: malformed and impossible states are refused") {
  for (const std::string state : {"garbage", "0123456.000000", "0123456.00000000",
                                  "0123456,0000000", "0123456.0000000 ", "0123456.0000000\n"}) {
    CAPTURE(state);
    CHECK(contains(error(service::solve("cube2", state)), "malformed"));
    CHECK(contains(error(service::applyMoves("cube2", state, "R")), "malformed"));
  }
  for (const std::string state : {"0123456.1000000", "0123455.0000000", "0123457.0000000",
                                  "0123456.0000003", "z123456.0000000"}) {
    CAPTURE(state);
    CHECK(contains(error(service::solve("cube2", state)), "impossible"));
    CHECK(contains(error(service::applyMoves("cube2", state, "")), "impossible"));
  }
}

TEST_CASE("service: solve, then apply the solution, reaches solved") {
  std::mt19937_64 rng(55);
  const Puzzle& cube = fixtures::cube2();
  for (int trial = 0; trial < 100; ++trial) {
    const State s = cube.randomState(rng);
    const std::string state = cube.encodeState(s);
    const Json answer = service::solve("cube2", state);
    INFO(answer.dump());
    REQUIRE(ok(answer));
    const std::string solution = text(answer, "solution");
    CHECK(number(answer, "length") == fixtures::cube2Distance(s));
    CHECK(applyCube(state, solution).find("solved")->boolean());
    CHECK(number(answer, "nodes") >= 1);
    CHECK(number(answer, "ms") >= 0);
  }
  const Json solved = service::solve("cube2", "");
  REQUIRE(ok(solved));
  CHECK(text(solved, "solution").empty());
  CHECK(number(solved, "length") == 0);
  // An already-set cancellation flag: the table is built already, so the answer may be either a
  // solution or "cancelled", never anything else.
  std::atomic<bool> cancel{true};
  const Json maybe =
      service::solve("cube2", cube.encodeState(cube.randomState(rng)), {}, {&cancel});
  if (!ok(maybe)) CHECK(text(maybe, "error") == "cancelled");
}

TEST_CASE("service: scramble") {
  const Puzzle& cube = fixtures::cube2();
  std::set<std::string> states;
  for (double seed : {0.0, 1.0, 42.0, 12345.0, 9007199254740991.0}) {
    CAPTURE(seed);
    const Json first = service::scramble("cube2", seed);
    const Json again = service::scramble("cube2", seed);
    INFO(first.dump());
    REQUIRE(ok(first));
    REQUIRE(ok(again));
    CHECK(first.dump() == again.dump());  // reproducible
    const std::string state = text(first, "state");
    states.insert(state);
    // The scramble reaches the state, which is at least 4 moves from solved.
    CHECK(text(applyCube("", text(first, "scramble")), "state") == state);
    const std::optional<State> s = cube.decodeState(state);
    REQUIRE(s.has_value());
    CHECK(fixtures::cube2Distance(*s) >= 4);
    CHECK(cube.facelets(*s) == text(first, "facelets"));
  }
  CHECK(states.size() == 5);  // different seeds, different states
  for (double seed : {-1.0, 0.5, std::pow(2.0, 60), std::pow(2.0, 53), std::nan(""),
                      std::numeric_limits<double>::infinity(),
                      -std::numeric_limits<double>::infinity(), 1e-300}) {
    CAPTURE(seed);
    CHECK(contains(error(service::scramble("cube2", seed)), "seed"));
  }
}

TEST_CASE("service: distanceTable counts equal A079761") {
  std::vector<int> depths;
  const Json answer = service::distanceTable("cube2", [&](const BuildProgress& p) {
    if (p.finished()) depths.push_back(p.depth);
  });
  INFO(answer.dump());
  REQUIRE(ok(answer));
  // One report after each layer, in order, also when an earlier call (a scramble) built the table.
  std::vector<int> layers(fixtures::kA079761.size());
  std::iota(layers.begin(), layers.end(), 0);
  CHECK(depths == layers);
  CHECK(text(answer, "puzzle") == "cube2");
  CHECK(number(answer, "gods_number") == 11);
  const Json::Array& counts = answer.find("counts")->array();
  REQUIRE(counts.size() == fixtures::kA079761.size());
  for (std::size_t d = 0; d < counts.size(); ++d)
    CHECK(counts[d].number() == fixtures::kA079761[d]);
  // The dump prints whole numbers as integers.
  CHECK(contains(answer.dump(),
                 "\"counts\":[1,9,54,321,1847,9992,50136,227536,870072,1887748,623800,2644]"));
}

TEST_CASE("service: validate") {
  const Puzzle& cube = fixtures::cube2();
  std::mt19937_64 rng(12);
  const State s = cube.randomState(rng);
  const Json good = service::validate("cube2", cube.facelets(s));
  REQUIRE(ok(good));
  CHECK(text(good, "state") == cube.encodeState(s));
  CHECK(service::validate("cube2", "UUUURRRRFFFFDDDDLLLLBBBB").find("solved")->boolean());

  // The UFR corner (U3 R0 F1 = stickers 3, 4, 9) turned in place to show F U R: the error names
  // its three stickers.
  const Json twisted = service::validate("cube2", "UUUFURRRFRFFDDDDLLLLBBBB");
  CHECK(contains(error(twisted), "twisted"));
  const Json* stickers = twisted.find("stickers");
  REQUIRE(stickers != nullptr);
  REQUIRE(stickers->isArray());
  std::set<int> named;
  for (const Json& s : stickers->array()) named.insert(static_cast<int>(s.number()));
  CHECK(named == std::set<int>{3, 4, 9});
  // Beside the message, the problem as data for the page's plain words (the precise message is
  // the CLI's and JSON's "error").
  CHECK(contains(twisted.dump(),
                 "\"problem\":{\"kind\":\"orientation-sum\",\"orbit\":\"corner\","
                 "\"pieces\":[\"URF\"],\"orientations\":3,\"twist\":1}"));
  CHECK(contains(service::validate("cube2", "UUUURRRFFFFFDDDDLLLLBBBB").dump(),
                 "\"counts\":[{\"face\":\"R\",\"count\":3,\"expected\":4},"
                 "{\"face\":\"F\",\"count\":5,\"expected\":4}]"));
  // Errors without particular stickers still carry an (empty) array.
  const Json shortText = service::validate("cube2", "UUU");
  CHECK(contains(error(shortText), "24"));
  REQUIRE(shortText.find("stickers") != nullptr);
  CHECK(shortText.find("stickers")->array().empty());
}
