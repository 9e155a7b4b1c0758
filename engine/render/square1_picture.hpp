// The Square-1's picture, as WCA scramble sheets show one: the top layer seen from above (the
// back up) on the left, the bottom layer seen from below (the front up, tipped towards the
// viewer) on the right, and the middle layer seen from the front beneath them. Each wedge is
// drawn where it lies, its top or bottom colour inside and its side colours in a band around the
// layer, so a layer that is not square shows as it looks. The Square-1 has its own model
// (puzzles/square1/square1.hpp), so render/image sends it here rather than to the sticker
// pictures.
#pragma once

#include <string>

#include "puzzles/square1/square1.hpp"

namespace polytwist {

// An SVG `size` pixels wide; `background` a colour or "none"; `title` already escaped for XML.
// Each piece carries data-piece (its letter in square1::encode) and data-slot (its first slot),
// the middle layer data-middle ("solved" or "flipped"), so tests read what is drawn; each piece
// also data-part (one name per piece, the same in every picture), data-angle (degrees clockwise
// from up, as drawn) and data-centre (its layer's centre, "x y"), so a page tweens the pieces
// from one picture to the next.
std::string square1Svg(const square1::State& state, int size, const std::string& background,
                       const std::string& title);

// The colour (#rrggbb) the picture gives a face of the puzzle (U D F R B L), which the 3D view's
// stickers take too.
const char* square1FaceColour(char face);

}  // namespace polytwist
