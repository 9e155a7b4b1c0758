// Puzzles whose stickers carry symbols (the Numbered Pyraminx's digits 1-9) and whose goal is a
// condition rather than one state: every group of sticker positions (each face, and any groups
// the user adds, e.g. the "rings" around the corners) shows distinct symbols. A labelling gives
// each sticker of the puzzle as it stands in its home position a symbol.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/facelets.hpp"
#include "core/puzzle.hpp"

namespace polytwist {

struct Labelling {
  std::vector<int> label;                // per sticker (home numbering): index into the symbols
  std::vector<std::vector<int>> groups;  // sticker positions that must show distinct symbols
  std::vector<std::string> groupNames;   // "face F", "group 1" for messages
};

struct LabellingReading {
  std::optional<Labelling> labelling;
  FaceletError error;  // meaningful when labelling is empty: the message and stickers at fault
};

// `text`: one symbol per sticker in sticker order (docs/puzzles/<id>.md); spaces, line breaks,
// "F:"-style face labels and "#" comments are ignored; with `allowUnknown`, '?' stands for a
// symbol still to be chosen (label -1). `extraGroups`: groups separated by ';' or line breaks,
// each a list of sticker names ("F0 L3 R2"). The faces are always groups. Checks symbols, their
// number, each symbol's count (once per face when every face has one sticker per symbol) and the
// groups.
LabellingReading readLabelling(const Puzzle& puzzle, std::string_view text,
                               std::string_view extraGroups = {}, bool allowUnknown = false);

// The symbols a state shows, one per sticker position.
std::string labelsShown(const Puzzle& puzzle, const Labelling& labelling, const State& state);
// Whether every group shows distinct symbols.
bool showsDistinctGroups(const Puzzle& puzzle, const Labelling& labelling, const State& state);
// A labelling's text as readLabelling reads it: the symbols face by face, "F: 1 4 5 ...".
std::string labellingText(const Puzzle& puzzle, const Labelling& labelling);

}  // namespace polytwist
