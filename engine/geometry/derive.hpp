// From a description to a puzzle (docs/geometry.md): the solid's faces cut by every cut plane give
// the stickers; stickers in the same slab of every axis form a piece; each axis turns its slabs by
// the smallest rotation that maps the puzzle onto itself. Nothing here knows any named puzzle.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "geometry/description.hpp"
#include "geometry/solid.hpp"

namespace polytwist::geometry {

inline constexpr int kMaxStickers = 1000;  // a 13x13x13 has 1014: the worst take about a second

struct Sticker {
  int face;
  std::vector<Vec3> outline;  // anticlockwise seen from outside
  // The centre of the part of the face the cuts made: of its area, unless pieces left out gave
  // it more of the face (Description::without), and always inside it.
  Vec3 centre;
};

// A line through the centre along which cut planes lie, with the slabs between them.
struct Axis {
  enum class Kind { Face, Vertex, Edge, Other };
  Kind kind;
  Vec3 direction;        // unit; "+" end. The "−" end is −direction
  std::string plusName;  // what lies at each end: a face ("R"), a vertex ("UFR"), an edge ("UF")
  std::string minusName;
  int order;                 // a turn is 2π/order; a cube face turns by quarter turns
  std::vector<double> cuts;  // plane offsets along `direction`, ascending
  int heldSlab;              // the slab around the centre, never turned; -1 when a cut passes
                             // through the centre
  // Whether the solid looks the same from both ends (false for a tetrahedron's vertex axes: a
  // corner at one end, a face at the other); if not, `cutEnd` (+1 or -1) is the end the cuts
  // were measured from, whose blocks are the puzzle's moves.
  bool bothEnds;
  int cutEnd;
  int slabs() const { return static_cast<int>(cuts.size()) + 1; }
};

struct Geometry {
  Description description;
  Solid solid;
  std::vector<Sticker> stickers;      // face by face, each face's row by row
  std::vector<int> faceFirstSticker;  // per face, its first sticker's index
  std::vector<Axis> axes;
  std::vector<std::vector<int>> slabOf;  // per axis, per sticker
  std::vector<std::vector<int>> pieces;  // stickers of each piece, anticlockwise about it
  std::vector<int> pieceOf;              // per sticker
};

struct Derivation {
  std::variant<Geometry, std::string> result;  // the geometry, or what is wrong
};

Derivation derive(const Description& description);

// Where each sticker goes when the slabs first..last of `axis` turn by `steps` × 2π/order,
// anticlockwise about the axis's direction (right-handed): sticker i moves to result[i].
std::vector<int> turnStickers(const Geometry& geometry, int axis, int first, int last, int steps);

}  // namespace polytwist::geometry
