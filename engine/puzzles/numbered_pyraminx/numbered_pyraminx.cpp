// Numbered ("sudoku") Pyraminx (docs/puzzles/numbered_pyraminx.md): the Pyraminx with a digit
// 1-9 on every sticker instead of a colour, solved when each face shows every digit once. Which
// digit each sticker carries is the user's numbering, given with each request (core/labels.hpp);
// a numbering may have many solved states, or none.
#include "puzzles/catalogue.hpp"

namespace polytwist::puzzles {

PuzzleSpec numberedPyraminx() {
  PuzzleSpec spec = pyraminx();
  spec.id = "numbered_pyraminx";
  spec.name = "Numbered Pyraminx";
  spec.labelSymbols = "123456789";
  // Distances depend on the numbering's solved states: no table of the puzzle on its own; each
  // numbering's goals get a whole table of their own to descend.
  spec.hasDistanceTable = false;
  spec.solver = SolverKind::TableDescent;
  spec.tables = {};
  return spec;
}

}  // namespace polytwist::puzzles
