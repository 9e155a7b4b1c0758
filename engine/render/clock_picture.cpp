#include "render/clock_picture.hpp"

#include <cmath>
#include <numbers>

#include "render/svg_number.hpp"

namespace polytwist {

namespace {

// Picture units: two faces of 100 side by side, 8 apart, in a margin of 4.
constexpr double kFace = 100, kGap = 8, kMargin = 4;
constexpr double kWidth = 2 * kFace + kGap + 2 * kMargin, kHeight = kFace + 2 * kMargin;
constexpr double kDialRadius = 10.5;
constexpr const char* kCellNames[9] = {"UL", "U", "UR", "L", "C", "R", "DL", "D", "DR"};
// Pins as seen from the side drawn, bits of clock::Pin, where they stand between the dials.
constexpr std::uint8_t kPinBits[4] = {clock::kUL, clock::kUR, clock::kDL, clock::kDR};
constexpr const char* kPinNames[4] = {"UL", "UR", "DL", "DR"};

struct SideLook {
  const char* body;
  const char* dial;
  const char* hand;
};
// Dark front, light back, as the WCA's scramble images tell the sides apart.
constexpr SideLook kFrontLook{"#1f3f8f", "#f4f6fb", "#1f3f8f"};
constexpr SideLook kBackLook{"#9cb8ea", "#1f3f8f", "#f4f6fb"};

std::string drawSide(const std::array<int, 9>& hours, std::uint8_t pinsUp, double left,
                     const SideLook& look, const char* side) {
  const double top = kMargin;
  std::string svg = "<rect x=\"" + svgNumber(left) + "\" y=\"" + svgNumber(top) + "\" width=\"" +
                    svgNumber(kFace) + "\" height=\"" + svgNumber(kFace) + "\" rx=\"22\" fill=\"" +
                    look.body + "\"/>";
  for (int cell = 0; cell < 9; ++cell) {
    const double cx = left + 25 * (1 + cell % 3), cy = top + 25 * (1 + cell / 3);
    svg += "<g data-dial=\"" + std::string(side) + "-" + kCellNames[cell] + "\" data-hour=\"" +
           std::to_string(hours[cell]) + "\">";
    svg += "<circle cx=\"" + svgNumber(cx) + "\" cy=\"" + svgNumber(cy) + "\" r=\"" +
           svgNumber(kDialRadius) + "\" fill=\"" + look.dial + "\"/>";
    // Twelve marks; 12 o'clock's is red, so a dial reads the same turned any way on the page.
    for (int hour = 0; hour < clock::kHours; ++hour) {
      const double angle = hour * std::numbers::pi / 6;
      const double r = kDialRadius + 2.2;
      svg += "<circle cx=\"" + svgNumber(cx + r * std::sin(angle)) + "\" cy=\"" +
             svgNumber(cy - r * std::cos(angle)) + "\" r=\"" + (hour == 0 ? "1.3" : "0.8") +
             "\" fill=\"" + (hour == 0 ? "#e03030" : look.dial) + "\"/>";
    }
    // The hand: a narrow triangle from the hub to the hour, clockwise from 12 as seen. Its group
    // names the part, its angle and the centre it turns about, so a page can tween it from one
    // picture to the next.
    const double angle = hours[cell] * std::numbers::pi / 6;
    const double length = kDialRadius * 0.85, half = 2.2;
    const double tipX = cx + length * std::sin(angle), tipY = cy - length * std::cos(angle);
    const double sideX = half * std::cos(angle), sideY = half * std::sin(angle);
    svg += "<g data-part=\"hand-" + std::string(side) + "-" + kCellNames[cell] +
           "\" data-angle=\"" + std::to_string(hours[cell] * 30) + "\" data-centre=\"" +
           svgNumber(cx) + " " + svgNumber(cy) + "\">";
    svg += "<path d=\"M" + svgNumber(tipX) + " " + svgNumber(tipY) + "L" + svgNumber(cx + sideX) +
           " " + svgNumber(cy + sideY) + "L" + svgNumber(cx - sideX) + " " + svgNumber(cy - sideY) +
           "Z\" fill=\"" + look.hand + "\"/><circle cx=\"" + svgNumber(cx) + "\" cy=\"" +
           svgNumber(cy) + "\" r=\"" + svgNumber(half) + "\" fill=\"" + look.hand + "\"/></g></g>";
  }
  for (int pin = 0; pin < 4; ++pin) {
    const bool up = (pinsUp & kPinBits[pin]) != 0;
    const double x = left + 37.5 + 25 * (pin % 2), y = top + 37.5 + 25 * (pin / 2);
    const std::string name = std::string(side) + "-" + kPinNames[pin];
    svg += "<circle data-part=\"pin-" + name + "\" data-pin=\"" + name + "\" data-up=\"" +
           (up ? "true" : "false") + "\" cx=\"" + svgNumber(x) + "\" cy=\"" + svgNumber(y) +
           "\" r=\"" + (up ? "3.6" : "2.4") + "\" fill=\"" + (up ? "#ffd23f" : "#30343c") +
           "\" stroke=\"#101010\" stroke-width=\"0.6\"/>";
  }
  return svg;
}

// Pins seen from the back: left and right swap, and up on the front is down there.
std::uint8_t backPins(std::uint8_t frontUp) {
  const auto mirror = [&](std::uint8_t from, std::uint8_t to) {
    return (frontUp & from) ? 0 : static_cast<int>(to);
  };
  return static_cast<std::uint8_t>(mirror(clock::kUL, clock::kUR) | mirror(clock::kUR, clock::kUL) |
                                   mirror(clock::kDL, clock::kDR) | mirror(clock::kDR, clock::kDL));
}

}  // namespace

std::string clockSvg(const clock::Dials& dials, std::uint8_t pinsUp, int size,
                     const std::string& background, const std::string& title) {
  const clock::Faces faces = clock::facesOf(dials);
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(size) +
                    "\" height=\"" + svgNumber(size * kHeight / kWidth) + "\" viewBox=\"0 0 " +
                    svgNumber(kWidth) + " " + svgNumber(kHeight) + "\"><title>" + title +
                    "</title>";
  if (background != "none") {
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"" + background + "\"/>";
  }
  svg += drawSide(faces.front, pinsUp, kMargin, kFrontLook, "front");
  svg += drawSide(faces.back, backPins(pinsUp), kMargin + kFace + kGap, kBackLook, "back");
  return svg + "</svg>";
}

}  // namespace polytwist
