// The WCA's events (their ids in the regulations and results: 333, minx, sq1, ...) and the
// puzzle each is scrambled on, in one table (events.cpp): `scramble` takes an event id wherever it
// takes a puzzle id, and answers with the puzzle's own scramble (solvers.cpp says how it is drawn).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace polytwist {

struct WcaEvent {
  const char* id;      // "333", "minx", ...
  const char* name;    // as the WCA names it: "3x3x3 Cube"
  const char* puzzle;  // the engine's id of the puzzle it is scrambled on
};

// Every event, in the WCA's order.
const std::vector<WcaEvent>& wcaEvents();
// The event of that id, or nullptr.
const WcaEvent* findWcaEvent(std::string_view id);

}  // namespace polytwist
