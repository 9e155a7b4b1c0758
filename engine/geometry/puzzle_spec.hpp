// A derived geometry as the engine's PuzzleSpec (core/puzzle.hpp): faces, pieces with their
// stickers in orientation order, orbits, moves as sticker cycles with their names in the
// family's notation, whole-puzzle rotations, and every other slice, block and rotation as a
// derived move (docs/geometry.md).
#pragma once

#include <string>
#include <variant>

#include "core/puzzle.hpp"
#include "geometry/derive.hpp"

namespace polytwist::geometry {

// The names of one axis's turns: a block of `layers` slabs from one end, the single slab
// `depth` deep from the end named `end`, the whole puzzle turned like `end`.
std::string blockName(const Geometry& geometry, const Axis& axis, bool plus, int layers);
std::string sliceName(const Geometry& geometry, const std::string& end, int depth);
std::string rotationName(const Geometry& geometry, const std::string& end);

// A map of stickers (sticker i goes to to[i]) as cycles of their names ("U0 R2 F1"), as
// PuzzleSpec's moves and symmetries are written.
std::vector<std::string> stickerCycles(const std::vector<int>& to,
                                       const std::vector<std::string>& names);

// The spec, or what is wrong (a description whose moves cannot be named or modelled).
std::variant<PuzzleSpec, std::string> puzzleSpec(const Geometry& geometry, const std::string& id,
                                                 const std::string& name);

}  // namespace polytwist::geometry
