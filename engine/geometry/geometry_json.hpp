// A derived puzzle's geometry as JSON, for the web player that draws it (docs/api.md,
// "puzzleGeometry"): faces, stickers in the engine's numbering, pieces, axes with their cuts and
// each sticker's slab, and every move token the notation reads as one turn of one axis.
#pragma once

#include "core/json.hpp"
#include "core/puzzle.hpp"
#include "geometry/derive.hpp"

namespace polytwist::geometry {

Json geometryJson(const Geometry& geometry, const Puzzle& puzzle);

}  // namespace polytwist::geometry
