// Pocket cube 2x2x2: the foundation's reference puzzle (docs/puzzles/cube2.md). The DBL corner
// never moves (only U, R, F turn), so its stickers are fixed and 7 corners remain.
#include "puzzles/catalogue.hpp"

namespace polytwist::puzzles {

PuzzleSpec cube2() {
  const std::vector<PowerSpec> quarterTurns = {{1, ""}, {2, "2"}, {3, "'"}};
  PuzzleSpec spec;
  spec.id = "cube2";
  spec.name = "Pocket cube 2x2x2";
  spec.picture = {
      .solid = PictureSpec::Solid::Cuboid, .cuboid = {2, 2, 2}, .azimuth = 37.4, .elevation = 26.5};
  spec.faces = {{"U", 'U', 4, "#ffffff"}, {"R", 'R', 4, "#d0021b"}, {"F", 'F', 4, "#1a9e3a"},
                {"D", 'D', 4, "#ffd500"}, {"L", 'L', 4, "#ff7a00"}, {"B", 'B', 4, "#1a62d6"}};
  // Stickers of each corner: U or D first, then clockwise seen from outside.
  spec.orbits = {{.name = "corner",
                  .pieces = {"U3 R0 F1", "U2 F0 L1", "U0 L0 B1", "U1 B0 R1", "D1 F3 R2", "D0 L3 F2",
                             "D3 R3 B2"},
                  .orientations = 3,
                  .orientationSumZero = true}};
  spec.moves = {{"U", {"U0 U1 U3 U2", "F0 L0 B0 R0", "F1 L1 B1 R1"}, quarterTurns},
                {"R", {"R0 R1 R3 R2", "U3 B0 D3 F3", "F1 U1 B2 D1"}, quarterTurns},
                {"F", {"F0 F1 F3 F2", "U2 R0 D1 L3", "L1 U3 R2 D0"}, quarterTurns}};
  // The turn of the whole cube about the UFR-DBL diagonal taking U to R, R to F and F to U.
  spec.symmetries = {{"UFR120",
                      {"U3 R0 F1", "U2 R1 F3", "U1 R2 F0", "U0 R3 F2", "D1 L1 B0", "D0 L0 B2",
                       "D3 L3 B1", "D2 L2 B3"}}};
  // IDA* over one table, the places of three corners (UFR UFL UBL) with every twist (210 × 729 =
  // 153,090 entries, 38 KB), looked up also turned by UFR120: built in ~10 ms where the whole
  // table takes ~170 ms natively, so the first scramble waits for less; ~430 nodes a random
  // state. The whole table stays for God's number.
  spec.solver = SolverKind::IdaStar;
  spec.tables = {{.name = "three corners' places and every twist",
                  .coordinates = {{.orbit = "corner", .pieces = {0, 1, 2}, .orientations = false},
                                  {.orbit = "corner", .positions = false}},
                  .bitsPerEntry = 2,
                  .symmetries = {"UFR120"}}};
  spec.hasDistanceTable = true;
  // The 3D player draws it from its description (docs/geometry.md).
  spec.description = "c f 0";
  // The last layer's stickerings (docs/puzzles/cube2.md); on two layers CLL is the whole of it.
  const std::string lastLayer = "grey: all; show: layer(U)";
  spec.stickerings = {
      {"LL", lastLayer}, {"OLL", "grey: all; show: U"}, {"PLL", lastLayer}, {"CLL", lastLayer}};
  return spec;
}

}  // namespace polytwist::puzzles
