// The named stickering masks of the puzzles that have them (core/stickering.hpp): each puzzle's
// sets are written beside its PuzzleSpec (engine/puzzles/<id>/<id>.cpp) and listed by its id in
// catalogue.cpp.
#pragma once

#include "core/stickering.hpp"

namespace polytwist::puzzles {
NamedStickerings cube2Stickerings();
NamedStickerings cube3Stickerings();
}  // namespace polytwist::puzzles
