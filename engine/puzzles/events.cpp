#include "puzzles/events.hpp"

namespace polytwist {

const std::vector<WcaEvent>& wcaEvents() {
  // The blindfolded and one-handed events are scrambled as their puzzle's main event; Fewest
  // Moves (333fm) and Multi-Blind, whose scrambles follow rules of their own, are left out.
  static const std::vector<WcaEvent> events = {
      {"333", "3x3x3 Cube", "cube3"},
      {"222", "2x2x2 Cube", "cube2"},
      {"444", "4x4x4 Cube", "cube4"},
      {"555", "5x5x5 Cube", "cube5"},
      {"666", "6x6x6 Cube", "cube6"},
      {"777", "7x7x7 Cube", "cube7"},
      {"333bf", "3x3x3 Blindfolded", "cube3"},
      {"333oh", "3x3x3 One-Handed", "cube3"},
      {"clock", "Clock", "clock"},
      {"minx", "Megaminx", "megaminx"},
      {"pyram", "Pyraminx", "pyraminx"},
      {"skewb", "Skewb", "skewb"},
      {"sq1", "Square-1", "square1"},
      {"444bf", "4x4x4 Blindfolded", "cube4"},
      {"555bf", "5x5x5 Blindfolded", "cube5"},
  };
  return events;
}

const WcaEvent* findWcaEvent(std::string_view id) {
  for (const WcaEvent& event : wcaEvents()) {
    if (id == event.id) return &event;
  }
  return nullptr;
}

}  // namespace polytwist
