// Fuzz target: the numbering (labels) reader of numbered puzzles (core/labels.hpp) and the
// service's numberingPosition, which a page and a share link call first with a numbering.
// Input: numbering NUL groups NUL flags (flags' first byte odd: '?' stickers allowed, as the
// designer reads them). Checked, besides "no crash, leak or undefined behaviour": a numbering that
// is read, written back by labellingText, reads to the same labels and groups; errors name only
// stickers the puzzle has; the service never answers with an internal error.
#include <cstdint>
#include <string>

#include "api/service.hpp"
#include "core/labels.hpp"
#include "fuzz_support.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> arguments = fuzz::splitArguments(input, 3);
  const std::string& numbering = arguments[0];
  const std::string& groups = arguments[1];
  const bool allowUnknown = !arguments[2].empty() && (arguments[2][0] & 1);
  for (const Puzzle& puzzle : allPuzzles()) {
    if (puzzle.spec().labelSymbols.empty()) continue;
    const LabellingReading reading = readLabelling(puzzle, numbering, groups, allowUnknown);
    if (!reading.labelling) {
      if (reading.error.message.empty()) fuzz::fail(puzzle.id() + ": error without message", input);
      for (int sticker : reading.error.stickers) {
        if (sticker < 0 || sticker >= puzzle.faceletCount()) {
          fuzz::fail(puzzle.id() + ": error names a sticker the puzzle lacks", input);
        }
      }
    } else {
      const std::string written = labellingText(puzzle, *reading.labelling);
      const LabellingReading again = readLabelling(puzzle, written, groups, allowUnknown);
      if (!again.labelling) {
        fuzz::fail(puzzle.id() + ": labellingText wrote a numbering it refuses: " + written + "\n" +
                       again.error.message,
                   input);
      }
      if (again.labelling->label != reading.labelling->label ||
          again.labelling->groups != reading.labelling->groups) {
        fuzz::fail(puzzle.id() + ": labellingText does not read back to the same numbering", input);
      }
    }
    if (!allowUnknown) {
      fuzz::checkAnswer(service::numberingPosition(puzzle.id(), "", numbering, groups), input);
    }
  }
  return 0;
}
