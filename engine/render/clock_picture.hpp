// The Rubik's Clock's picture, as WCA scramble sheets show one: the front (the side facing when
// the sequence starts) on the left and the back, seen from behind, on the right; each dial a face
// with twelve marks and a hand pointing to its hour; each pin up (light, large) or down (dark,
// small) on that side. The Clock has no stickers (puzzles/clock/clock.hpp), so render/image
// sends it here rather than to the sticker pictures.
#pragma once

#include <cstdint>
#include <string>

#include "puzzles/clock/clock.hpp"

namespace polytwist {

// An SVG `size` pixels wide and half as high; `background` a colour or "none"; `title` already
// escaped for XML. Dials and pins carry data-dial / data-hour and data-pin / data-up, so tests
// and pages read what is drawn; hands and pins carry data-part (one name per part, the same in
// every picture), hands data-angle (degrees clockwise from 12) and data-centre ("x y", what
// they turn about), so a page tweens a hand or a pin from one picture to the next.
std::string clockSvg(const clock::Dials& dials, std::uint8_t pinsUp, int size,
                     const std::string& background, const std::string& title);

}  // namespace polytwist
