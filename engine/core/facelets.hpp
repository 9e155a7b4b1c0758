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

struct FaceletError {
  std::string message;
  std::vector<int> stickers;  // sticker numbers involved
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
