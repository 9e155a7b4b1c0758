// The ways a puzzle can be held: every turn of the whole solid that takes each sticker onto a
// sticker (a cube's 24, a dodecahedron's 60, a 2x2x3 cuboid's 8), as maps of stickers. The colour
// reader turns a colouring back by them, so a user may enter a puzzle as they hold it.
#pragma once

#include <vector>

#include "core/puzzle.hpp"
#include "geometry/derive.hpp"

namespace polytwist::geometry {

// The turns of `geometry` other than the identity: sticker i goes to turn[i].
std::vector<std::vector<int>> wholeTurns(const Geometry& geometry);

// The same for a compiled puzzle in its sticker numbering (geometryOf), found once and kept;
// empty for a puzzle without geometry.
const std::vector<std::vector<int>>& wholeTurnsOf(const Puzzle& puzzle);

}  // namespace polytwist::geometry
