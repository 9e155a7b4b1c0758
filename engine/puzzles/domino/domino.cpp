// Domino cube 2x3x3 (docs/puzzles/domino.md): two 3x3 layers. U and D turn 90°; the 2x3 side faces
// only turn 180°, so no piece is ever twisted or flipped. Nothing marks which way the domino is
// held about its U-D axis, so positions are counted modulo that turn of the whole puzzle
// (8!·8!/4), and D is U followed by such a turn.
#include "puzzles/catalogue.hpp"

namespace polytwist::puzzles {

PuzzleSpec domino() {
  const std::vector<PowerSpec> quarterTurns = {{1, ""}, {2, "2"}, {3, "'"}};
  const std::vector<PowerSpec> halfTurn = {{1, ""}};
  PuzzleSpec spec;
  spec.id = "domino";
  spec.name = "Domino cube 2x3x3";
  // U and D read row by row (U from above with F at the bottom, D from below with F at the top);
  // each side face reads its top row, then its bottom row, left to right as seen facing it.
  // The net as the state editor draws it: U above a row F R B L, D below.
  spec.picture = {.solid = PictureSpec::Solid::Cuboid,
                  .cuboid = {3, 2, 3},
                  .netCells = {{0, 0}, {0, 5}, {0, 3}, {3, 3}, {6, 3}, {9, 3}},
                  .azimuth = 37.4,
                  .elevation = 29.3};
  spec.faces = {{"U", 'U', 9, "#ffffff"}, {"D", 'D', 9, "#ffd500"}, {"F", 'F', 6, "#1a9e3a"},
                {"R", 'R', 6, "#d0021b"}, {"B", 'B', 6, "#1a62d6"}, {"L", 'L', 6, "#ff7a00"}};
  // Stickers of each corner: U or D first, then clockwise seen from outside; edges U or D first.
  spec.orbits = {
      {.name = "corner",
       .pieces = {"U8 R0 F2", "U6 F0 L2", "U0 L0 B2", "U2 B0 R2", "D2 F5 R3", "D0 L5 F3",
                  "D6 B5 L3", "D8 R5 B3"},
       .names = {"UFR", "UFL", "UBL", "UBR", "DFR", "DFL", "DBL", "DBR"}},
      {.name = "edge",
       .pieces = {"U7 F1", "U3 L1", "U1 B1", "U5 R1", "D1 F4", "D3 L4", "D7 B4", "D5 R4"}}};
  spec.moves = {
      {"U",
       {"U0 U2 U8 U6", "U1 U5 U7 U3", "F0 L0 B0 R0", "F1 L1 B1 R1", "F2 L2 B2 R2"},
       quarterTurns},
      {"D",
       {"D0 D2 D8 D6", "D1 D5 D7 D3", "F3 R3 B3 L3", "F4 R4 B4 L4", "F5 R5 B5 L5"},
       quarterTurns},
      {"R2", {"R0 R5", "R1 R4", "R2 R3", "U8 D8", "U5 D5", "U2 D2", "F2 B3", "F5 B0"}, halfTurn},
      {"L2", {"L0 L5", "L1 L4", "L2 L3", "U0 D0", "U3 D3", "U6 D6", "B2 F3", "F0 B5"}, halfTurn},
      {"F2", {"F0 F5", "F1 F4", "F2 F3", "U6 D2", "U8 D0", "U7 D1", "L2 R3", "R0 L5"}, halfTurn},
      {"B2", {"B0 B5", "B1 B4", "B2 B3", "U2 D6", "U0 D8", "U1 D7", "R2 L3", "L0 R5"}, halfTurn}};
  // y: the whole domino turned like U. x2: turned over about the R-L axis (U and D swap).
  spec.symmetries = {{"y",
                      {"U0 U2 U8 U6", "U1 U5 U7 U3", "F0 L0 B0 R0", "F1 L1 B1 R1", "F2 L2 B2 R2",
                       "D0 D6 D8 D2", "D1 D3 D7 D5", "F3 L3 B3 R3", "F4 L4 B4 R4", "F5 L5 B5 R5"}},
                     {"x2", {"R0 R5", "R1 R4", "R2 R3", "U8 D8", "U5 D5", "U2 D2", "F2 B3",
                             "F5 B0", "L0 L5", "L1 L4", "L2 L3", "U0 D0", "U3 D3", "U6 D6",
                             "B2 F3", "F0 B5", "U1 D1", "U7 D7", "U4 D4", "F1 B4", "B1 F4"}}};
  spec.unmarkedRotation = "y";
  spec.solver = SolverKind::IdaStar;
  // Pattern database: all corners with three edges of U (UF UL UB), looked up also turned over by
  // x2 (three edges of D). 3,386,880 positions, 0.8 MB, built in ~0.15 s; see docs/benchmarks.md
  // for the tables compared before choosing it.
  spec.tables = {{.name = "corners and U edges",
                  .coordinates = {{.orbit = "corner"}, {.orbit = "edge", .pieces = {0, 1, 2}}},
                  .bitsPerEntry = 2,
                  .symmetries = {"x2"}}};
  const std::string whyHalf =
      "its 2x3 side faces only turn 180 degrees (a quarter turn would leave a 3x2 face sticking "
      "out of the cuboid); write ";
  for (const char* face : {"R", "L", "F", "B"}) {
    const std::string half = std::string(face) + "2";
    spec.rejectedMoves.emplace_back(face, whyHalf + half);
    spec.rejectedMoves.emplace_back(std::string(face) + "'", whyHalf + half);
    spec.rejectedMoves.emplace_back(half + "'", "a half turn is the same both ways; write " + half);
  }
  spec.hasDistanceTable = true;
  // The 3D player draws it from its description (docs/geometry.md).
  spec.description = "3x3x2";
  return spec;
}

}  // namespace polytwist::puzzles
