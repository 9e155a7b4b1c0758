// The WCA's events (puzzles/events.hpp): each names a puzzle the engine serves, or says why not;
// an event's id scrambles its puzzle, seed for seed, and the answer names the event.
#include "puzzles/events.hpp"

#include <doctest/doctest.h>

#include <set>
#include <sstream>
#include <string>

#include "api/service.hpp"
#include "core/json.hpp"
#include "fixtures.hpp"

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
