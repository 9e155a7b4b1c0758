// Rubik's Cube 3x3x3 (docs/puzzles/cube3.md): 8 corners and 12 edges around fixed centres, face
// turns counting one move each (face turn metric). Stickers are numbered as in Kociemba's facelet
// strings: faces U R F D L B, nine each, read row by row as seen in the usual net.
#include "puzzles/catalogue.hpp"

namespace polytwist::puzzles {

PuzzleSpec cube3() {
  const std::vector<PowerSpec> quarterTurns = {{1, ""}, {2, "2"}, {3, "'"}};
  PuzzleSpec spec;
  spec.id = "cube3";
  spec.name = "Rubik's Cube 3x3x3";
  spec.picture = {
      .solid = PictureSpec::Solid::Cuboid, .cuboid = {3, 3, 3}, .azimuth = 37.4, .elevation = 29.3};
  spec.faces = {{"U", 'U', 9, "#ffffff"}, {"R", 'R', 9, "#d0021b"}, {"F", 'F', 9, "#1a9e3a"},
                {"D", 'D', 9, "#ffd500"}, {"L", 'L', 9, "#ff7a00"}, {"B", 'B', 9, "#1a62d6"}};
  // Corners: U or D sticker first, then clockwise seen from outside. Edges: U or D sticker first,
  // F or B for the four middle-layer edges. Kociemba's order, so his coordinates read naturally.
  spec.orbits = {
      {.name = "corner",
       .pieces = {"U8 R0 F2", "U6 F0 L2", "U0 L0 B2", "U2 B0 R2", "D2 F8 R6", "D0 L8 F6",
                  "D6 B8 L6", "D8 R8 B6"},
       .orientations = 3,
       .orientationSumZero = true,
       .names = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"}},
      {.name = "edge",
       .pieces = {"U5 R1", "U7 F1", "U3 L1", "U1 B1", "D5 R7", "D1 F7", "D3 L7", "D7 B7", "F5 R3",
                  "F3 L5", "B5 L3", "B3 R5"},
       .orientations = 2,
       .permutation = PermutationRule::SameParityAs,
       .orientationSumZero = true,
       .parityOrbit = "corner",
       .names = {"UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR"}}};
  spec.moves = {{"U",
                 {"U0 U2 U8 U6", "U1 U5 U7 U3", "R0 F0 L0 B0", "R1 F1 L1 B1", "R2 F2 L2 B2"},
                 quarterTurns},
                {"R",
                 {"R0 R2 R8 R6", "R1 R5 R7 R3", "U2 B6 D2 F2", "U5 B3 D5 F5", "U8 B0 D8 F8"},
                 quarterTurns},
                {"F",
                 {"F0 F2 F8 F6", "F1 F5 F7 F3", "U6 R0 D2 L8", "U7 R3 D1 L5", "U8 R6 D0 L2"},
                 quarterTurns},
                {"D",
                 {"D0 D2 D8 D6", "D1 D5 D7 D3", "R6 B6 L6 F6", "R7 B7 L7 F7", "R8 B8 L8 F8"},
                 quarterTurns},
                {"L",
                 {"L0 L2 L8 L6", "L1 L5 L7 L3", "U0 F0 D0 B8", "U3 F3 D3 B5", "U6 F6 D6 B2"},
                 quarterTurns},
                {"B",
                 {"B0 B2 B8 B6", "B1 B5 B7 B3", "U0 L6 D8 R2", "U1 L3 D7 R5", "U2 L0 D6 R8"},
                 quarterTurns}};
  // Whole-cube rotations: x turns like R, y like U (centres included).
  spec.symmetries = {{"x",
                      {"U0 B8 D0 F0", "U1 B7 D1 F1", "U2 B6 D2 F2", "U3 B5 D3 F3", "U4 B4 D4 F4",
                       "U5 B3 D5 F5", "U6 B2 D6 F6", "U7 B1 D7 F7", "U8 B0 D8 F8", "R0 R2 R8 R6",
                       "R1 R5 R7 R3", "L0 L6 L8 L2", "L1 L3 L7 L5"}},
                     {"y",
                      {"U0 U2 U8 U6", "U1 U5 U7 U3", "R0 F0 L0 B0", "R1 F1 L1 B1", "R2 F2 L2 B2",
                       "R3 F3 L3 B3", "R4 F4 L4 B4", "R5 F5 L5 B5", "R6 F6 L6 B6", "R7 F7 L7 B7",
                       "R8 F8 L8 B8", "D0 D6 D8 D2", "D1 D3 D7 D5"}}};
  // Wide turns, slices and rotations, resolved into face turns around the fixed centres: each is
  // face turns followed by a turn of the whole cube, after which moves are read in the new frame
  // (docs/puzzles/cube3.md). r turns R and M together: L, then the whole cube like R.
  const std::vector<PowerSpec> derivedPowers = {{1, ""}, {2, "2"}, {-1, "'"}, {-2, "2'"}};
  struct WideTurn {
    char face;
    std::string turns, rotation;
  };
  // The two layers of a face: the opposite face's turn, then the whole cube turned like the face
  // (z, like F, is y' x y).
  const std::vector<WideTurn> wideTurns = {{'U', "D", "y"},      {'R', "L", "x"},
                                           {'F', "B", "y' x y"}, {'D', "U", "y'"},
                                           {'L', "R", "x'"},     {'B', "F", "y' x' y"}};
  for (const WideTurn& wide : wideTurns) {
    const std::string face(1, wide.face);
    const std::string lowerCase(1, static_cast<char>(wide.face - 'A' + 'a'));
    spec.derivedMoves.push_back({face + "w", wide.turns, wide.rotation, derivedPowers});
    spec.derivedMoves.push_back({lowerCase, wide.turns, wide.rotation, derivedPowers});
    // "R2'" is R2: accepted here, so that searches never see a second move doing the same.
    spec.derivedMoves.push_back({face, face, "", {{-2, "2'"}}});
  }
  spec.derivedMoves.insert(spec.derivedMoves.end(),
                           {{"M", "R L'", "x'", derivedPowers},      // M turns like L
                            {"E", "U D'", "y'", derivedPowers},      // E like D
                            {"S", "F' B", "y' x y", derivedPowers},  // S like F (z)
                            {"x", "", "x", derivedPowers},
                            {"y", "", "y", derivedPowers},
                            {"z", "", "y' x y", derivedPowers}});
  spec.fixedStickerNoun = "centre";
  // Kociemba's two-phase method (docs/solvers/cube3-two-phase.md): phase 1 brings any position
  // into <U, D, R2, L2, F2, B2>: no piece twisted or flipped, the middle-layer edges FR FL BL BR
  // in the middle layer; phase 2 solves it with those moves alone.
  spec.phases = {{.name = "into <U, D, R2, L2, F2, B2>",
                  .goal = {{PhaseGoalSpec::Kind::Oriented, "corner"},
                           {PhaseGoalSpec::Kind::Oriented, "edge"},
                           {PhaseGoalSpec::Kind::InPlaces, "edge", {8, 9, 10, 11}}}},
                 {.name = "solve in <U, D, R2, L2, F2, B2>",
                  .moves = {"U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2"}}};
  // The mirror image in the plane between R and L (R and L swap, every row reads backwards).
  spec.reflections = {
      {"mirrorLR", {"U0 U2", "U3 U5", "U6 U8", "F0 F2", "F3 F5", "F6 F8", "D0 D2",
                    "D3 D5", "D6 D8", "B0 B2", "B3 B5", "B6 B8", "R0 L2", "R1 L1",
                    "R2 L0", "R3 L5", "R4 L4", "R5 L3", "R6 L8", "R7 L7", "R8 L6"}}};
  // Optimal solving (docs/solvers/cube3-optimal.md). The small set (the browser's): Kociemba's
  // phase-1 coordinate (edge flip × which places hold the middle-layer edges FR FL BL BR) reduced
  // by the 16 symmetries that keep the U-D axis, times the corner twist; looked up along all
  // three axes.
  const CoordinateSpec flip = {.orbit = "edge", .positions = false};
  const CoordinateSpec twist = {.orbit = "corner", .positions = false};
  const std::vector<std::string> keepUpDown = {"y", "x2", "mirrorLR"};
  // The H48 tables (nissy-core's doc/h48.md; docs/solvers/cube3-optimal.md): corner twist ×
  // which places hold the tetrad UFR UBL DFL DBR, reduced by all 48 symmetries to 3,393 classes,
  // times which slice each edge stands in (34,650), times the flips of the first k edges seen
  // from the class representative. Where an entry only says "at most base": Kociemba's
  // phase-1 coordinate without symmetry (flip × middle-layer places), and the corners alone.
  const CoordinateSpec tetrad = {
      .orbit = "corner", .pieces = {0, 2, 5, 7}, .orientations = false, .unordered = true};
  const CoordinateSpec slices = {.orbit = "edge",
                                 .pieces = {8, 9, 10, 11, 1, 3, 5, 7},
                                 .orientations = false,
                                 .unordered = true,
                                 .groupSizes = {4, 4}};
  const CoordinateSpec middleSlice = {
      .orbit = "edge", .pieces = {8, 9, 10, 11}, .orientations = false, .unordered = true};
  auto h48 = [&](int flips, int base) {
    return ProjectedTableSpec{
        {"h48-" + std::to_string(flips), {twist, tetrad}, {slices}, {"x", "y", "mirrorLR"}},
        "edge",
        flips,
        base,
        std::min(base, 8)};
  };
  const std::vector<TableSpec> h48Fallback = {{"flip-slice", {flip, middleSlice}, 4},
                                              {"twist-tetrad", {twist, tetrad}, 4}};
  spec.tableSets = {
      {"small",
       {{"flip-slice-twist",
         {flip,
          {.orbit = "edge", .pieces = {8, 9, 10, 11}, .orientations = false, .unordered = true}},
         {twist},
         keepUpDown}}},
      {"medium", {}, h48(4, 8), h48Fallback},
      {"large", {}, h48(6, 8), h48Fallback}};
  spec.solver = SolverKind::SymmetricIdaStar;
  // The 3D player draws it from its description (docs/geometry.md).
  spec.description = "c f 0.333333333333333";
  // The stickerings speedcubers use (docs/puzzles/cube3.md, "Stickerings"), the last layer being
  // U's: masks read on the solved cube, their looks following the pieces.
  const std::string lastLayer = "grey: all; show: layer(U)";
  spec.stickerings = {
      {"F2L", "grey: layer(U)"},
      {"LL", lastLayer},
      {"OLL", "grey: all; show: U"},
      {"PLL", lastLayer},
      {"CLL", "grey: all; show: corner & layer(U), U & centre"},
      {"ELL", "grey: all; show: edge & layer(U), U & centre"},
      {"ZBLL", lastLayer},
      {"Cross", "grey: all; show: edge & layer(D), centres"},
      // Each edge's orientation sticker: its U or D sticker, a middle-layer edge's F or B one.
      {"EO",
       "grey: all; show: edge & F, edge & B; grey: edge & layer(U), edge & layer(D); "
       "show: edge & U, edge & D, centres"}};
  return spec;
}

}  // namespace polytwist::puzzles
