// Reading a sticker colouring back into a state, with a precise error naming the stickers at
// fault when no real position shows those colours.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

// A face's colour shown more or less often than the face has stickers.
struct ColourCount {
  char face;     // the face's letter
  int count;     // stickers showing its colour
  int expected;  // the face's stickers
};

// What is wrong with a colouring as data, for a front end that says it in its own words (the
// page names colours as it draws them). A piece is named by its colours: the letters of the
// faces its stickers belong to at home, in the puzzle's face order ("URF" on the 3x3x3).
struct FaceletProblem {
  // "sticker-count", "unknown-letter", "colour-counts", "fixed-stickers", "piece-turned" (a
  // turn its moves never make), "mirror-image", "no-such-piece", "piece-twice",
  // "too-many-identical", "orientation-sum", "odd-permutation", "piece-out-of-place",
  // "parity-mismatch", "unreachable"
  std::string kind{};
  std::string orbit{};                // the kind of piece ("corner"; a fixed sticker's noun)
  std::vector<std::string> pieces{};  // the pieces involved, by their colours
  // fixed-stickers: the letter each shows (pieces: its own); no-such-piece: the letters of the
  // stickers that match no piece; unknown-letter: the letter
  std::vector<std::string> shown{};
  std::vector<ColourCount> counts{};  // colour-counts (and piece-twice, which changes them)
  int count = 0, expected = 0;        // sticker-count, too-many-identical
  int orientations = 0;  // orientation-sum, piece-turned: the orbit's (2: flipped, else twisted)
  int twist = 0;         // orientation-sum: the orientations' sum modulo `orientations`
};

struct FaceletError {
  std::string message;
  std::vector<int> stickers{};  // sticker numbers involved
  FaceletProblem problem{};
};

struct FaceletReading {
  std::optional<State> state;
  FaceletError error;  // meaningful when state is empty
};

// `wholeTurns`: the ways the puzzle may be held (geometry/holdings.hpp), each a map of stickers
// (sticker i goes to turn[i]). A colouring that shows no position as given is tried turned back by
// each, so a puzzle may be entered as it is held, and is read as the position in the moves' frame
// (of the ways that read, the one whose position is drawn most like the colouring). When none fits,
// the error is that of the way of holding that gets furthest through the checks with the fewest
// pieces out of place (the colouring as given on ties), its stickers named where the colouring
// shows them.
FaceletReading stateFromFacelets(const Puzzle& puzzle, std::string_view facelets,
                                 std::span<const std::vector<int>> wholeTurns = {});

}  // namespace polytwist
