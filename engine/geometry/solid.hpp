// The solid a description starts from: its faces (name, one-letter code, colour, outward normal,
// distance of the face plane from the centre, outline), vertices and edges. Platonic solids have
// their face planes at distance 1; a cuboid's half sizes are half its layer counts.
#pragma once

#include <string>
#include <vector>

#include "geometry/description.hpp"
#include "geometry/vec3.hpp"

namespace polytwist::geometry {

struct SolidFace {
  std::string name;           // "U", "BL"
  char letter;                // the face's character in facelet strings
  std::string colour;         // CSS colour of the solved face
  Vec3 normal;                // unit, outward
  double distance;            // of the face plane from the centre
  std::vector<Vec3> outline;  // corners, anticlockwise seen from outside
};

struct SolidVertex {
  Vec3 point;
  std::vector<int> faces;  // the faces meeting there, in face order
};

struct Solid {
  std::vector<SolidFace> faces;
  std::vector<SolidVertex> vertices;
  std::vector<std::pair<int, int>> edges;  // vertex pairs
  // Where the eye looks from by default (a direction from the centre), so that the faces a
  // player of this puzzle expects to see face it.
  Vec3 view;
};

Solid makeSolid(const Description& description);

// The name of the vertex or edge whose direction is `direction` (the faces meeting there, e.g.
// "UFR"), or "" when no vertex or edge lies that way.
std::string pointName(const Solid& solid, const Vec3& direction);

}  // namespace polytwist::geometry
