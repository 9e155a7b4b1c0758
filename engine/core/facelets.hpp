// Reading a sticker colouring back into a state, with a precise error naming the stickers at
// fault when no real position shows those colours.
#pragma once

#include <optional>
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

FaceletReading stateFromFacelets(const Puzzle& puzzle, std::string_view facelets);

}  // namespace polytwist
