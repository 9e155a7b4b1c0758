// Fuzz target: reading a sticker colouring back into a state (core/facelets.hpp), for every
// puzzle, directly and through the service's validate (what the WASM module's validate runs).
// Checked, besides "no crash, leak or undefined behaviour": a colouring that is read gives a
// reachable state whose own colouring reads back to a state of the same position, and the service
// agrees with the reader and never answers with an internal error.
#include <cstdint>
#include <string>

#include "api/service.hpp"
#include "core/facelets.hpp"
#include "fuzz_support.hpp"
#include "geometry/holdings.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const Puzzle& puzzle : allPuzzles()) {
    const FaceletReading reading = stateFromFacelets(puzzle, text, geometry::wholeTurnsOf(puzzle));
    const Json answer = service::validate(puzzle.id(), text);
    fuzz::checkAnswer(answer, text);
    if (answer.find("ok")->boolean() != reading.state.has_value()) {
      fuzz::fail(puzzle.id() + ": validate and stateFromFacelets disagree", text);
    }
    if (!reading.state) {
      if (reading.error.message.empty()) fuzz::fail(puzzle.id() + ": error without message", text);
      for (int sticker : reading.error.stickers) {
        if (sticker < 0 || sticker >= puzzle.faceletCount()) {
          fuzz::fail(puzzle.id() + ": error names a sticker the puzzle lacks", text);
        }
      }
      continue;
    }
    if (const auto why = puzzle.checkReachable(*reading.state)) {
      fuzz::fail(puzzle.id() + ": read an unreachable state: " + *why, text);
    }
    const FaceletReading again = stateFromFacelets(puzzle, puzzle.facelets(*reading.state));
    if (!again.state || !puzzle.samePosition(*again.state, *reading.state)) {
      fuzz::fail(puzzle.id() + ": the state's own colouring reads back to another position", text);
    }
  }
  return 0;
}
