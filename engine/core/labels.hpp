// Puzzles whose stickers carry symbols (the Numbered Pyraminx's digits 1-9) and whose goal is a
// condition rather than one state: every group of sticker positions (each face, and any groups
// the user adds, e.g. the "rings" around the corners) shows distinct symbols. A labelling gives
// each sticker of the puzzle as it stands in its home position a symbol.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

struct Labelling {
  std::vector<int> label;                // per sticker (home numbering): index into the symbols
  std::vector<std::vector<int>> groups;  // sticker positions that must show distinct symbols
  std::vector<std::string> groupNames;   // "face F", "group 1" for messages
};

// A symbol given more or less often than the numbering needs it.
struct SymbolCount {
  char symbol;
  int count;
};

// What is wrong with a numbering as data, for a front end that says it in its own words (the app
// page's numbering panel, web/src/edit/problem-words.js). Only the fields its kind uses are set.
struct LabellingProblem {
  // "no-symbols" (the puzzle carries none), "symbol-count" (not one symbol per sticker),
  // "unknown-symbol" (a character that is no symbol; "?" for a sticker still open),
  // "symbol-counts" (symbols given more or less often than once per face), "unknown-sticker",
  // "sticker-twice" and "group-too-large" (an extra group)
  std::string kind{};
  std::string sticker{};  // unknown-symbol, sticker-twice: its name ("F3"); unknown-sticker: the
                          // name given
  std::string face{};     // unknown-symbol, sticker-twice: the sticker's face ("F")
  std::string shown{};    // unknown-symbol: the character given, "" for a byte of a non-ASCII one
  std::string symbols{};  // unknown-symbol: the puzzle's symbols ("123456789")
  std::vector<SymbolCount> counts{};  // symbol-counts: the wrong ones, in symbol order
  int group = 0;                      // the extra group at fault, from 1
  // symbol-count: symbols given, stickers; symbol-counts: -, each symbol's count (the faces);
  // group-too-large: the group's stickers, the symbols
  int count = 0, expected = 0;
};

struct LabellingError {
  std::string message;          // precise, as the CLI prints it
  std::vector<int> stickers{};  // sticker numbers at fault
  LabellingProblem problem{};
};

struct LabellingReading {
  std::optional<Labelling> labelling;
  LabellingError error;  // meaningful when labelling is empty
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
