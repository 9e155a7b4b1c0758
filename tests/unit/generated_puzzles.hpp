// Big puzzles built by the tests themselves, independently of engine/geometry: an NxN cube from
// integer coordinates and the Megaminx and Gigaminx from the dodecahedron's face rings (the
// Kilominx's). Their PuzzleSpecs use identical centres and PuzzleSpec::deriveRules, so the tests
// compare the engine's counts, rules and group with the published numbers.
#pragma once

#include "core/puzzle.hpp"

namespace fixtures {

// The NxN cube (N >= 2) with pieces and sticker cycles from coordinates. Odd N: the six faces'
// layers 1..(N-1)/2 turn and the face centres are fixed stickers. Even N: layers 1..N-1 of U, R
// and F turn, so the DBL corner never moves (its stickers are fixed). Corners (3 orientations),
// middle edges (2), wings (one orbit per distance from the edge's middle, 1 orientation: a wing
// never flips in place) and centres (one orbit of 24 per kind, identical by colour). Moves are
// named by layer and face: "1U", "2R'", "3F2".
polytwist::PuzzleSpec cubeSpec(int n);

// The Megaminx (corners, edges) or, with `giga`, the Gigaminx (also 60 wings, 60 x-centres and
// 60 +-centres, identical by colour; moves "1U" for the outer layer and "2U" for the second).
// Face names, letters and neighbours are the Kilominx's; the face centres are fixed stickers.
polytwist::PuzzleSpec minxSpec(bool giga);

// The Skewb: 8 corners in one orbit (3 orientations) and 6 centres; moves "A" to "D" turn the half
// around the corners (1,1,1), (1,-1,-1), (-1,1,-1), (-1,-1,1), so the other four corners only
// twist in place. Its rules (derived) allow more than its 3,149,280 positions.
polytwist::PuzzleSpec skewbSpec();

}  // namespace fixtures
