// The solid unfolded (docs/geometry.md, "Nets"): every face laid flat and joined to a neighbour
// along a shared edge, so the colour editor and the pictures show each sticker once. Faces are
// unfolded along a spanning tree of the faces from the one facing the viewer, each joining the
// placed neighbour that keeps it nearest that face, then furthest right (a cube's usual cross,
// U above F, B right of R); a tree whose faces would
// overlap is tried from another face, and failing all, faces are laid out side by side.
#pragma once

#include <vector>

#include "geometry/derive.hpp"

namespace polytwist::geometry {

struct Point2d {
  double x = 0, y = 0;  // y down, as on a page
};

struct Net {
  std::vector<std::vector<Point2d>> faces;     // per face, its outline
  std::vector<std::vector<Point2d>> stickers;  // per sticker
  double width = 0, height = 0;                // everything within [0, width] × [0, height]
};

Net unfold(const Geometry& geometry);

}  // namespace polytwist::geometry
