// The puzzles polytwist knows. Each lives in engine/puzzles/<id>/ as one function returning its
// declarative PuzzleSpec; adding a puzzle means adding that file, one line in catalogue.cpp and
// its solver description (how it is solved and scrambled) in solvers.cpp.
#pragma once

#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

namespace puzzles {
PuzzleSpec cube2();
PuzzleSpec cube3();
PuzzleSpec domino();
PuzzleSpec kilominx();
PuzzleSpec masterPyraminx();
PuzzleSpec numberedPyraminx();
PuzzleSpec pyraminx();
}  // namespace puzzles

// Compiled once, on first use.
const std::vector<Puzzle>& allPuzzles();
const Puzzle* findPuzzle(std::string_view id);

}  // namespace polytwist
