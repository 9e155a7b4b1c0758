// The Square-1 as solid pieces, for a 3D view: each piece's prism where the solved puzzle holds it,
// where a state has turned it (a rotation about the middle of the puzzle) and the turns a move
// makes. A view draws the pieces as described and needs no rule of the Square-1's own.
//
// Space: +x right, +y up, +z to the front; the puzzle fills the cube of half side 1.5, its three
// layers a third each. The cut (square1.hpp) runs from the top's back edge 15° left of its middle
// to the front 15° right of it; the slice's half turn is about the cut's normal, to the right.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "puzzles/square1/square1.hpp"

namespace polytwist::square1 {

// The sixteen wedges (square1.hpp's piece numbers), then the middle layer's left and right halves.
inline constexpr int kSolidPieces = kPieces + 2;
inline constexpr int kMiddleLeft = kPieces, kMiddleRight = kPieces + 1;

struct Point3 {
  double x, y, z;
};

// A face of a piece: its corners counter-clockwise seen from outside; `side` is the face of the
// puzzle a sticker on it colours (U D F R B L), or 0 for bare plastic.
struct SolidFace {
  std::vector<Point3> points;
  char side = 0;
};

struct SolidPiece {
  std::string name;  // "UBR", "UF"..., "middle left", "middle right"
  std::vector<SolidFace> faces;
};

// The faces of the puzzle a piece's side stickers colour, in its slots' order (top: clockwise
// seen from above; bottom: clockwise seen from below); an edge's second is 0.
std::array<char, 2> sideFaces(int piece);

// Every piece's faces where the solved puzzle holds it.
const std::vector<SolidPiece>& solidPieces();

// A rotation as a unit quaternion (x, y, z, w).
struct Rotation {
  double x = 0, y = 0, z = 0, w = 1;
};

// Where `state` has each piece: the rotation about the middle of the puzzle that takes it there
// from where the solved puzzle holds it.
std::array<Rotation, kSolidPieces> placements(const State& state);

// A turn of some pieces together: `angle` radians, right-handed about `axis` (a unit vector
// through the middle of the puzzle).
struct SolidTurn {
  Point3 axis;
  double angle;
  std::vector<int> pieces;
};
// The turns `moves` make from `start`, in steps: the turns of a step go at once (a move's top and
// bottom layers), the steps one after another (its slice after its layers). The moves must be
// possible from `start` (a slice that cannot turn throws std::logic_error).
std::vector<std::vector<SolidTurn>> motion(const State& start, const std::vector<Move>& moves);

}  // namespace polytwist::square1
