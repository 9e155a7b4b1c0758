// A puzzle declared sticker by sticker and the puzzle its description derives are one puzzle when
// some relabelling of the stickers turns each move of one into the move of the same name of the
// other. Finding it lets the engine draw a hand-declared puzzle (the 3x3x3, the Pyraminx) from
// its description's geometry while keeping its own sticker numbering (docs/geometry.md).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist::geometry {

// Where each sticker goes under `move`: sticker i moves to result[i].
std::vector<int> stickerMap(const Puzzle& puzzle, int move);

// The name another puzzle gives `puzzle`'s move `move`: its base turn renamed by `names`
// ({the other's name, the puzzle's}) when it is one of them, the power's suffix kept ("DBL2'"
// is "DL2'" when DBL is called DL).
std::string moveNameIn(const std::vector<std::pair<std::string, std::string>>& names,
                       const Puzzle& puzzle, int move);

// A relabelling phi of a's stickers onto b's with phi(a_m(x)) = b_m'(phi(x)) for every move m of
// a and the move m' that b names moveNameIn(names, a, m) (when b has one), the stickers of one face
// of a going to one face of b (so the stickers no move moves, a 3x3x3's centres, are placed by
// their faces); empty when there is none. Seeds one sticker per orbit of the moves and follows the
// moves from it.
std::vector<int> relabelling(const Puzzle& a, const Puzzle& b,
                             const std::vector<std::pair<std::string, std::string>>& names = {});

}  // namespace polytwist::geometry
