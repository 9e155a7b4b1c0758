// Pyraminx (docs/puzzles/pyraminx.md): tips and axial centres turn in place, six edges move.
// The tips are separable: only u, l, r, b turn a tip against its centre, so the whole-puzzle table
// covers the 933,120 positions without tips and each twisted tip adds one move.
#include "puzzles/catalogue.hpp"

namespace polytwist::puzzles {

PuzzleSpec pyraminx() {
  const std::vector<PowerSpec> thirdTurns = {{1, ""}, {2, "'"}};
  PuzzleSpec spec;
  spec.id = "pyraminx";
  spec.name = "Pyraminx";
  spec.faces = {{"F", 'F', 9, "#1a9e3a"},
                {"L", 'L', 9, "#d0021b"},
                {"R", 'R', 9, "#1a62d6"},
                {"D", 'D', 9, "#ffd500"}};
  // Stickers clockwise as seen from outside each corner; corners in the order U, L, R, B.
  spec.orbits = {{.name = "tip",
                  .pieces = {"F0 L0 R0", "F4 D8 L8", "F8 R4 D4", "L4 D0 R8"},
                  .orientations = 3,
                  .permutation = PermutationRule::Fixed,
                  .names = {"U", "L", "R", "B"}},
                 {.name = "centre",
                  .pieces = {"F2 L2 R2", "F5 D7 L7", "F7 R5 D5", "L5 D2 R7"},
                  .orientations = 3,
                  .permutation = PermutationRule::Fixed,
                  .names = {"U", "L", "R", "B"}},
                 {.name = "edge",
                  .pieces = {"F1 L3", "F3 R1", "L1 R3", "F6 D6", "D3 L6", "D1 R6"},
                  .orientations = 2,
                  .permutation = PermutationRule::Even,
                  .orientationSumZero = true,
                  .names = {"UL", "UR", "UB", "LR", "LB", "RB"}}};
  spec.moves = {{"U", {"F0 L0 R0", "F1 L1 R1", "F2 L2 R2", "F3 L3 R3"}, thirdTurns},
                {"L", {"F4 D8 L8", "F5 D7 L7", "F1 D6 L6", "F6 D3 L3"}, thirdTurns},
                {"R", {"F8 R4 D4", "F7 R5 D5", "F3 R6 D6", "F6 R1 D1"}, thirdTurns},
                {"B", {"L4 D0 R8", "L5 D2 R7", "L1 D3 R6", "L6 D1 R3"}, thirdTurns},
                {"u", {"F0 L0 R0"}, thirdTurns},
                {"l", {"F4 D8 L8"}, thirdTurns},
                {"r", {"F8 R4 D4"}, thirdTurns},
                {"b", {"L4 D0 R8"}, thirdTurns}};
  spec.separable = SeparableSpec{"tip", "centre", {"u", "l", "r", "b"}, "tips"};
  // Solved optimally by IDA* over the positions within 6 moves (63,777 of the 933,120,
  // their table built in about 2 ms natively; every other position reads as at least 7): a
  // scramble's search then only has to come within 6 moves, where the whole table's BFS took
  // 35 ms before the first scramble. The whole table stays for God's number.
  spec.solver = SolverKind::IdaStar;
  spec.hasDistanceTable = true;
  spec.tables = {{.name = "within 6 moves",
                  .coordinates = {{.orbit = "edge", .orientations = false},
                                  {.orbit = "edge", .positions = false},
                                  {.orbit = "centre"}},
                  .bitsPerEntry = 4,
                  .moves = {"U", "L", "R", "B"},
                  .maxDepth = 6}};
  spec.picture = {.solid = PictureSpec::Solid::Tetrahedron,
                  .tetrahedronFaces = {"ULR", "UBL", "URB", "BRL"},
                  .azimuth = 55,     // the eye of the pictures and of the 3D player
                  .elevation = -4};  // 4° below the base (puzzleGeometry's view)
  // The 3D player draws it from its description (docs/geometry.md).
  spec.description = "t v 0.333333333333333 v 1.66666666666667";
  return spec;
}

}  // namespace polytwist::puzzles
