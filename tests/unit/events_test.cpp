// The WCA's events (puzzles/events.hpp): each names a puzzle the engine serves, or says why not;
// an event's id scrambles its puzzle, seed for seed, and the answer names the event.
#include "puzzles/events.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/json.hpp"
#include "core/sequence.hpp"
#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"
#include "puzzles/random_moves.hpp"
#include "puzzles/solvers.hpp"

using namespace polytwist;

TEST_CASE("events: each is listed once and names a puzzle the engine answers") {
  const Json answer = service::listEvents();
  REQUIRE(answer.find("ok")->boolean());
  std::set<std::string> ids;
  for (const Json& event : answer.find("events")->array()) {
    const std::string id = event.find("id")->string();
    CAPTURE(id);
    CHECK(ids.insert(id).second);
    const WcaEvent* listed = findWcaEvent(id);
    REQUIRE(listed != nullptr);
    CHECK(event.find("puzzle")->string() == listed->puzzle);
    CHECK(service::puzzleInfo(listed->puzzle).find("ok")->boolean());
    REQUIRE(event.find("scramble") != nullptr);
    // How each is scrambled, in words (`polytwist events` prints them).
    const Json* description = event.find("scramble")->find("description");
    REQUIRE(description != nullptr);
    CHECK(!description->string().empty());
  }
  // The events of the WCA's regulations (and the blindfolded and one-handed variants).
  for (const char* id : {"222", "333", "444", "555", "666", "777", "minx", "pyram", "skewb", "sq1",
                         "clock", "333bf", "333oh", "444bf", "555bf"}) {
    CAPTURE(id);
    CHECK(ids.count(id) == 1);
  }
  CHECK(findWcaEvent("cube3") == nullptr);
}

TEST_CASE("events: an event's id scrambles its puzzle, seed for seed, and names the event") {
  for (const WcaEvent& event : wcaEvents()) {
    CAPTURE(event.id);
    const Json byEvent = service::scramble(event.id, 17);
    REQUIRE_MESSAGE(byEvent.find("ok")->boolean(), byEvent.dump());
    CHECK(byEvent.find("event")->string() == event.id);
    const Json byPuzzle = service::scramble(event.puzzle, 17);
    CHECK(byPuzzle.find("scramble")->string() == byEvent.find("scramble")->string());
    CHECK(byPuzzle.find("state")->string() == byEvent.find("state")->string());
    // A random-state scramble replayed reaches the random state drawn for its seed (the first
    // draw, or a later one when that was too near solved), not merely the state it reports.
    const Puzzle* puzzle = findPuzzle(event.puzzle);
    if (!puzzle || !byEvent.find("random_state")->boolean()) continue;
    for (int seed = 17; seed < 22; ++seed) {
      const Json answer = service::scramble(event.id, seed);
      const Json replay = service::applyMoves(event.puzzle, "", answer.find("scramble")->string());
      REQUIRE(replay.find("ok")->boolean());
      CHECK(replay.find("state")->string() == answer.find("state")->string());
      CAPTURE(seed);
      CHECK(fixtures::randomDrawReached(*puzzle, seed, replay.find("state")->string(), 3) >= 0);
    }
  }
  // The WCA's random-move lengths for the big cubes (regulation 4b3, TNoodle).
  for (const std::pair<const char*, int>& event :
       {std::pair{"555", 60}, {"666", 80}, {"777", 100}}) {
    const std::string id = event.first;
    const int length = event.second;
    CAPTURE(id);
    const Json answer = service::scramble(id, 3);
    const Json applied =
        service::applyMoves(findWcaEvent(id)->puzzle, "", answer.find("scramble")->string());
    REQUIRE(applied.find("ok")->boolean());
    std::istringstream turns(applied.find("turns")->string());
    int count = 0;
    for (std::string turn; turns >> turn;) ++count;
    CHECK(count == length);
  }
}

namespace {

// A big-cube move as TNoodle writes it ("R", "Uw2", "3Fw'"), read apart from the engine: the
// axis it turns about, the cut it turns at (counted from the R, U or F side: 1 is R, n-1 is L),
// and whether it is in TNoodle's set for an n-layer cube (depths 1 to n/2, the half-depth one
// on even sizes only on R, U and F; amounts "", "2", "'").
struct CubeTurn {
  int axis = -1;
  int cut = 0;
  bool inSet = false;
};

CubeTurn readCubeTurn(const std::string& token, int n) {
  std::size_t at = 0;
  int depth = 0;
  while (at < token.size() && std::isdigit(static_cast<unsigned char>(token[at]))) {
    depth = depth * 10 + (token[at++] - '0');
  }
  const bool numbered = depth > 0;
  if (at >= token.size()) return {};
  const std::string faces = "RUFLDB";
  const std::size_t face = faces.find(token[at++]);
  if (face == std::string::npos) return {};
  const bool wide = at < token.size() && token[at] == 'w';
  at += wide;
  const std::string amount = token.substr(at);
  if (!wide && numbered) return {};
  if (!numbered) depth = wide ? 2 : 1;
  const bool nearSide = face < 3;  // R U F
  CubeTurn turn;
  turn.axis = static_cast<int>(face % 3);
  turn.cut = nearSide ? depth : n - depth;
  turn.inSet = (amount.empty() || amount == "2" || amount == "'") && (numbered == (depth > 2)) &&
               depth <= n / 2 && (nearSide || 2 * depth < n);
  return turn;
}

std::vector<std::string> tokens(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string token; in >> token;) out.push_back(token);
  return out;
}

}  // namespace

TEST_CASE("events: big cubes scramble as TNoodle, no cut turned twice in one axis's run") {
  // 1,500 scrambles of 555, 666 and 777 (500 each) drawn as the service draws them, read
  // back from their text: exact lengths, every move in TNoodle's set and all of it used, and
  // within each run of turns about one axis no cut turned twice (R Rw R, R L R' never appear).
  // A few through the service itself reach the state it reports.
  for (const std::pair<const char*, int>& event : {std::pair{"555", 5}, {"666", 6}, {"777", 7}}) {
    const std::string id = event.first;
    const int n = event.second;
    CAPTURE(id);
    const Puzzle& puzzle = *findPuzzle(findWcaEvent(id)->puzzle);
    const ScrambleSpec how = describeSolvers(puzzle).scramble;
    const int length = 20 * n - 40;  // 60, 80, 100
    CHECK(how.moves == length);
    std::mt19937_64 rng(n);
    std::set<std::string> used;
    int wrongLength = 0, outsideSet = 0, cutAgain = 0, longestRun = 0;
    for (int i = 0; i < 500; ++i) {
      const std::vector<std::string> turns = tokens(drawRandomMoves(puzzle, how, 0, rng).text);
      wrongLength += static_cast<int>(turns.size()) != length;
      int axis = -1;
      std::set<int> cuts;
      for (const std::string& token : turns) {
        const CubeTurn turn = readCubeTurn(token, n);
        outsideSet += !turn.inSet;
        used.insert(token);
        if (turn.axis != axis) cuts.clear();
        axis = turn.axis;
        cutAgain += !cuts.insert(turn.cut).second;
        longestRun = std::max(longestRun, static_cast<int>(cuts.size()));
      }
    }
    CHECK(wrongLength == 0);
    CHECK(outsideSet == 0);
    CHECK(cutAgain == 0);
    // Every move of the set (5x5x5: 12 blocks, 6x6x6: 15, the 6x6x6's own model having 30;
    // 7x7x7: 18; three amounts each) and runs
    // of several cuts on one axis, which "never one face twice in a row" alone would also allow.
    CHECK(used.size() == static_cast<std::size_t>(3 * (3 * (n - 1))));
    CHECK(longestRun >= 3);
    for (int seed = 0; seed < 3; ++seed) {
      const Json answer = service::scramble(id, seed);
      REQUIRE(answer.find("ok")->boolean());
      const Json replay = service::applyMoves(puzzle.id(), "", answer.find("scramble")->string());
      CHECK(replay.find("state")->string() == answer.find("state")->string());
    }
  }
}

TEST_CASE("events: the Megaminx scrambles in Pochmann rows, and the service reads them back") {
  // WCA's Megaminx notation (TNoodle's scrambler): 7 rows of ten moves, R and D alternating,
  // each ++ or --, then U if the row's last D was ++, else U'. The text applied reaches the
  // state the service reports; the signs are fair coins.
  int clockwise = 0, signs = 0;
  for (int seed = 0; seed < 200; ++seed) {
    const Json answer = service::scramble("minx", seed);
    REQUIRE_MESSAGE(answer.find("ok")->boolean(), answer.dump());
    const std::string text = answer.find("scramble")->string();
    CAPTURE(text);
    std::istringstream lines(text);
    int rows = 0;
    for (std::string line; std::getline(lines, line); ++rows) {
      const std::vector<std::string> row = tokens(line);
      REQUIRE(row.size() == 11);
      for (int i = 0; i < 10; ++i) {
        CHECK(row[i].substr(0, 1) == (i % 2 == 0 ? "R" : "D"));
        CHECK((row[i].substr(1) == "++" || row[i].substr(1) == "--"));
        clockwise += row[i].substr(1) == "++";
        ++signs;
      }
      CHECK(row[10] == (row[9] == "D++" ? "U" : "U'"));
    }
    CHECK(rows == 7);
    if (seed % 20 == 0) {
      const Json replay = service::applyMoves("megaminx", "", text);
      REQUIRE(replay.find("ok")->boolean());
      CHECK(replay.find("state")->string() == answer.find("state")->string());
    }
  }
  // 14,000 coin flips: within 5 standard deviations (59) of half.
  CHECK(std::abs(clockwise - signs / 2) < 5 * std::sqrt(signs / 4.0));
  // R++ is the whole puzzle but the face opposite R turned two fifths about R: as a state, the
  // far face's own turn two fifths back about R, and the rotation Rv2 (a state of its own: the
  // turns after it are read in the turned frame, so "R++ U" is that face, the rotation, then U).
  const Puzzle& megaminx = *findPuzzle("megaminx");
  const auto state = [&](const std::string& moves) {
    return service::applyMoves("megaminx", "", moves).find("state")->string();
  };
  const auto resolved = [&](const std::string& moves) {
    return resolveSequence(megaminx, moves).moves;
  };
  for (const char* face : {"R", "D"}) {
    CAPTURE(face);
    const std::string plain = face;
    const std::string rotation = plain + "v2";
    // The rotation turns the solved puzzle into itself, so only the far face's turn remains: the
    // one turn R++ resolves to, two fifths (R-- the other way).
    REQUIRE(resolved(plain + "++").size() == 1);
    REQUIRE(resolved(plain + "--").size() == 1);
    const Move& far = megaminx.moves()[resolved(plain + "++")[0]];
    const Move& farBack = megaminx.moves()[resolved(plain + "--")[0]];
    CHECK(far.base == farBack.base);
    CHECK(far.power == 2);
    CHECK(state(plain + "++") == state(far.name));
    CHECK(state(plain + "++ U") == state(far.name + " " + rotation + " U"));
    CHECK(state(plain + "-- U") == state(farBack.name + " " + rotation + "' U"));
  }
  // After R++ the frame is turned (U is another face); D++ turns about U's own axis.
  CHECK(state("R++ U") != state(megaminx.moves()[resolved("R++")[0]].name + " U"));
}
