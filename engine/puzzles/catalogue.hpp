// The puzzles polytwist knows. A puzzle is one line of kDescribed in catalogue.cpp when a
// description gives it (docs/geometry.md), or a folder engine/puzzles/<id>/ with one function
// returning its declarative PuzzleSpec and one line in catalogue.cpp; either way, its solver
// description (how it is solved and scrambled) is one line in solvers.cpp. The Rubik's Clock
// (puzzles/clock/) is the exception: a model of its own, not in this catalogue
// (docs/architecture.md says why).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

namespace puzzles {
PuzzleSpec cube2();
PuzzleSpec cube3();
PuzzleSpec domino();
// The FTO's fast solver: its phases and reference piece (the FTO is described in catalogue.cpp).
// The 4x4x4's fast solver, its own reduction (puzzles/cube4/cube4_solver.hpp).
void cube4Reduction(PuzzleSpec& spec);
void ftoPhases(PuzzleSpec& spec);
PuzzleSpec kilominx();
PuzzleSpec masterPyraminx();
PuzzleSpec numberedPyraminx();
PuzzleSpec pyraminx();
}  // namespace puzzles

// Compiled once, on first use.
const std::vector<Puzzle>& allPuzzles();
const Puzzle* findPuzzle(std::string_view id);

// A puzzle by its id, or by a description (docs/geometry.md): "c f 0.25 f 0.75 f 0" names a
// puzzle too, derived on first use and kept for the life of the process (up to
// kMaxDescribedPuzzles different ones; then an error says so). `error` says why there is none.
struct PuzzleLookup {
  const Puzzle* puzzle = nullptr;
  std::string error;
};
inline constexpr int kMaxDescribedPuzzles = 64;
inline constexpr std::size_t kMaxDescribedStickers = 500;
// Whether a puzzle name is a description rather than an id: a one-letter word, then more ("c f
// 0.5 f 0", "q f 0.5" whose shape is wrong), or a cuboid ("2x2x3").
bool looksLikeDescription(std::string_view name);
PuzzleLookup lookUpPuzzle(std::string_view idOrDescription);

}  // namespace polytwist
