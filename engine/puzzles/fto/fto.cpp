// The FTO's fast solver (docs/solvers/fto-fast.md): its phases as data, for the generic
// multi-phase solver (search/two_phase.hpp). The FTO itself comes from its description
// ("o f 0.333333333333333", catalogue.cpp).
//
// Numbers are the derived model's (`polytwist ksolve fto`): corners 0 U-B-BL-L, 1 U-R-BR-B,
// 2 F-R-U-L, 3 F-L-BL-D, 4 BR-R-F-D, 5 BL-B-BR-D; edges 0 UB, 1 UL, 2 UR, 3 FL, 4 FR, 5 FD,
// 6 BL-B, 7 BL-L, 8 BL-D, 9 BR-R, 10 BR-B, 11 BR-D; the centres of U, F, BL and BR are the
// orbit "centre 1" (three of a colour each: U 0-2, F 3-5, BL 6-8, BR 9-11), those of L, B, R and
// D "centre 2" (L 0-2, B 3-5, R 6-8, D 9-11).
#include "puzzles/catalogue.hpp"

namespace polytwist::puzzles {

namespace {

PhaseGoalSpec ftoGoal(const char* orbit, std::vector<int> pieces, std::vector<int> groupSizes = {},
                      std::vector<int> confinedTo = {}) {
  const bool grouped = !groupSizes.empty();
  return {.kind = PhaseGoalSpec::Kind::Coordinate,
          .orbit = orbit,
          .coordinate = {.orbit = orbit,
                         .pieces = std::move(pieces),
                         .orientations = !grouped,
                         .unordered = grouped,
                         .groupSizes = std::move(groupSizes),
                         .confinedTo = std::move(confinedTo)}};
}

std::vector<std::string> ftoTurns(std::initializer_list<const char*> faces) {
  std::vector<std::string> moves;
  for (const char* face : faces) {
    moves.push_back(face);
    moves.push_back(std::string(face) + "'");
  }
  return moves;
}

}  // namespace

// Held by edge BR-D (the reference piece, which fixes which of the 12 turned solved states is
// aimed at), the FTO is solved with the six faces without it, then with F, R and U, then with F
// and R.
// Each phase solves the pieces the next phase's faces never move; identical centres are goals
// over the places of whole colours (a coordinate of a colour's pieces is the same whichever of
// them stands where; the solver numbers those left at home by earlier phases as their homes, so
// a later phase can confine the others). The corners' arrangement is a goal too: F, R and U
// reach half of those of the five corners they turn, F and R 24 of the 96 of their four.
void ftoPhases(PuzzleSpec& spec) {
  spec.referencePiece = "BRD";
  spec.phases = {
      // Everything at corner BL-B-BR-D and at BL, which F, R and U never move: 13 moves deep at
      // most in 1,000 random states. The small colour coordinates (BL's, B's) pair the big ones.
      {.name = "the BL-B-BR-D corner",
       .moves = ftoTurns({"F", "R", "U", "L", "BL", "B"}),
       .goal = {ftoGoal("corner", {5}), ftoGoal("edge", {6, 7, 8, 10}),
                ftoGoal("centre 1", {6, 7, 8, 9, 10, 11}, {3, 3}),
                ftoGoal("centre 2", {3, 4, 5, 9, 10, 11}, {3, 3}), ftoGoal("corner", {}),
                ftoGoal("centre 1", {6, 7, 8}, {3}), ftoGoal("centre 2", {3, 4, 5}, {3})},
       .tables = {{0, 1}, {2, 6}, {3, 5}, {1, 5}, {4}}},
      // Corner U-B-BL-L, edges U-B and U-L, and the centres of U, L and B that F and R never
      // move, each confined to the places F, R and U turn.
      {.name = "corner U-B-BL-L",
       .moves = ftoTurns({"F", "R", "U"}),
       .goal = {ftoGoal("corner", {0}, {}, {0, 1, 2, 3, 4}),
                ftoGoal("edge", {0, 1}, {}, {0, 1, 2, 3, 4, 5, 9}),
                ftoGoal("centre 1", {0, 1, 2}, {3}, {0, 1, 2, 3, 4, 5, 9, 10}),
                ftoGoal("centre 2", {0, 1, 2, 3, 4}, {3, 2}, {0, 1, 2, 3, 4, 6, 7, 8, 9, 10}),
                ftoGoal("corner", {0, 1, 2, 3, 4}, {}, {0, 1, 2, 3, 4})},
       .tables = {{3, 1}, {3, 2}, {4, 1}, {4, 2}, {3, 0}}},
      // The rest: F and R turn 4 corners, 5 edges and 7 centres of each orbit (24 · 60 · 210 ·
      // 210 positions); every pair of them has its table.
      {.name = "F and R",
       .moves = ftoTurns({"F", "R"}),
       .goal = {ftoGoal("corner", {1, 2, 3, 4}, {}, {1, 2, 3, 4}),
                ftoGoal("edge", {2, 3, 4, 5, 9}, {}, {2, 3, 4, 5, 9}),
                ftoGoal("centre 1", {3, 4, 5, 1, 2, 9, 10}, {3, 2, 2}, {1, 2, 3, 4, 5, 9, 10}),
                ftoGoal("centre 2", {6, 7, 8, 1, 2, 9, 10}, {3, 2, 2}, {1, 2, 6, 7, 8, 9, 10})},
       .tables = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}}};
  // Above most first solutions (42.8 moves on average at this target, 44.9 without one; 1,000
  // random states): docs/solvers/fto-fast.md.
  spec.fastTarget = 44;
}

}  // namespace polytwist::puzzles
