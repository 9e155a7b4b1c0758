// The puzzle description language (docs/geometry.md): cubing.js's puzzle-geometry strings as they
// are written — a Platonic solid "t c o d i", then cuts, each a kind ("f" parallel to the faces,
// "v" perpendicular to the vertex directions, "e" to the edge directions) and a distance from the
// centre, the face planes being at distance 1 — and cuboids written "AxBxC"; either may end in
// "without" and the kinds of pieces it leaves out ("d f 0.56 without centres edges": the
// Kilominx).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace polytwist::geometry {

enum class Shape { Tetrahedron, Cube, Octahedron, Dodecahedron, Icosahedron, Cuboid };
enum class CutKind { Face, Vertex, Edge };

struct Cut {
  CutKind kind;
  double distance;
};

// Pieces by their number of stickers: one (centres), two (edges, wings), three or more (corners),
// as cubing.js's includeCenterOrbits, includeEdgeOrbits and includeCornerOrbits count them.
enum class PieceKind { Centre, Edge, Corner };

struct Description {
  Shape shape = Shape::Cube;
  std::vector<Cut> cuts;
  // Cuboids: layers left–right, front–back and up–down (a 3x3x2 is the domino: 3×3 faces on top
  // and bottom, two layers high).
  std::array<int, 3> layers = {0, 0, 0};
  // The kinds of pieces left out, each once, in the order centres, edges, corners.
  std::vector<PieceKind> without = {};
};

inline constexpr int kMaxCuts = 12;
// Every solid ends within this of its centre (a tetrahedron's corners at 3), so a cut further
// out can only miss it.
inline constexpr double kMaxDistance = 10;
inline constexpr int kMaxCuboidLayers = 7;

struct DescriptionError {
  std::string message;  // names the token and its 1-based column
};

// The description, or what is wrong with the text and where.
struct ParsedDescription {
  std::optional<Description> description;
  DescriptionError error;
};
ParsedDescription parseDescription(std::string_view text);

// The canonical text of a description (cuts as given, distances with up to 15 digits, the kinds
// left out in the order centres, edges, corners).
std::string describe(const Description& description);

}  // namespace polytwist::geometry
