// Stickering masks (docs/images.md, "Masks"): which stickers a picture or the 3D player shows in
// colour, greys out or hides, and colour schemes (the faces' colours). Masks name stickers as the
// puzzle does (faces, sticker names, orbits, layers); a puzzle's named sets (OLL, F2L, …) are
// masks written in its PuzzleSpec (`stickerings`). A mask is read on the solved puzzle and its
// looks follow the pieces.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

// One character per sticker of the solved puzzle: 's' shown in colour, 'g' grey, 'h' hidden.
struct StickerLooks {
  std::string looks;  // empty with an error
  std::string error;  // names the bad token
  int column = 0;     // 1-based column of the bad token in the text, 0 when none
};

// Reads a mask: a puzzle's named set ("OLL", any case), rules such as
// "grey: all; show: layer(U) & corner, U", or (VisualCube's stage, as before) orbit names
// separated by commas, "corner,edge", which grey every other piece.
StickerLooks readStickering(const Puzzle& puzzle, std::string_view text);

// The faces' colours (#rrggbb or as the puzzle declares them), in face order.
struct FaceColours {
  std::vector<std::string> colours;  // empty with an error
  std::string error;
};

// Reads a colour scheme (sch): one colour letter per face ("yrgwob"); colours separated by
// commas, in face order ("#fff,r,g,y,o,b"); a preset ("high-contrast", "colour-blind"); or faces
// by name ("U:#fff,F:g"), after a preset to change some of its faces ("colour-blind,U:#fff").
FaceColours readScheme(const Puzzle& puzzle, std::string_view text);

// The preset schemes' names, as readScheme takes them.
std::vector<std::string> schemePresets();

// A colour letter of pictures (docs/images.md) or #rgb / #rrggbb as #rrggbb-or-#rgb; "" if neither.
std::string colourOfLetterOrHex(std::string_view text);

}  // namespace polytwist
