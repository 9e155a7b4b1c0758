// Puzzles from descriptions: the spec a description gives (with the defaults every described
// puzzle shares), and the derived geometry of a compiled puzzle, derived once and kept.
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/puzzle.hpp"
#include "geometry/derive.hpp"

namespace polytwist::geometry {

// The puzzle `description` describes, or what is wrong with the description (docs/geometry.md).
std::variant<PuzzleSpec, std::string> describedPuzzle(const std::string& id,
                                                      const std::string& name,
                                                      const std::string& description);

// A hand-declared puzzle's face names as its description names them ({the description's, the
// puzzle's}; PuzzleSpec::descriptionNotation): empty when they are the same.
std::vector<std::pair<std::string, std::string>> descriptionNames(const Puzzle& puzzle);

// The geometry of a puzzle derived from a description (PuzzleSpec::geometry), or of a hand-declared
// one that names its description (PuzzleSpec::description) in its own sticker numbering and face
// order (geometry/relabel.hpp); nullptr for neither. Derived once and kept.
const Geometry* geometryOf(const Puzzle& puzzle);

}  // namespace polytwist::geometry
