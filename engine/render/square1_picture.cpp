#include "render/square1_picture.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <vector>

#include "puzzles/square1/square1_solid.hpp"
#include "render/svg_number.hpp"

namespace polytwist {

namespace {

// Picture units: each layer's square has half side kHalf; the side band reaches kBand times as
// far from the centre as the top face; a corner's tip lies at kHalf·√2·kBand.
constexpr double kHalf = 30, kBand = 1.3, kMarginAround = 5;
constexpr double kLayerReach = kHalf * std::numbers::sqrt2 * kBand;
constexpr double kLayerBox = 2 * kLayerReach;
constexpr double kMiddleHeight = 12;
constexpr double kPictureWidth = 2 * kLayerBox + 3 * kMarginAround;
constexpr double kPictureHeight = kLayerBox + kMiddleHeight + 3 * kMarginAround;

// The usual colours, as the 3x3x3's (puzzles/cube3): U white, D yellow, sides F green, R red,
// B blue, L orange.
constexpr const char* kUp = "#ffffff";
constexpr const char* kDown = "#ffd500";
constexpr const char* kFront = "#1a9e3a";
constexpr const char* kRight = "#d0021b";
constexpr const char* kBack = "#1a62d6";
constexpr const char* kLeft = "#ff7a00";

struct Point {
  double x, y;
};

// The point `radius` from the layer's centre at `degrees` clockwise from the picture's up.
Point around(Point centre, double degrees, double radius) {
  const double angle = degrees * std::numbers::pi / 180;
  return {centre.x + radius * std::sin(angle), centre.y - radius * std::cos(angle)};
}

std::string polygon(const std::vector<Point>& points, const char* fill) {
  std::string d;
  for (const Point& point : points) {
    d += d.empty() ? 'M' : 'L';
    d += svgNumber(point.x);
    d += ' ';
    d += svgNumber(point.y);
  }
  return "<path d=\"" + d + "Z\" fill=\"" + fill +
         "\" stroke=\"#101010\" stroke-width=\"0.8\" stroke-linejoin=\"round\"/>";
}

// One wedge centred `degrees` from up: its face colour inside, its sides in the band.
std::string wedge(Point centre, double degrees, int piece) {
  const bool corner = square1::isCorner(piece);
  const bool upper = corner ? piece < 4 : piece < 12;
  const double half = corner ? 30 : 15;  // degrees either side of its middle
  // Its outer ends lie on the square of the solved layer, 15° either side of a side's middle.
  const double rim = kHalf / std::cos(std::numbers::pi / 12);
  std::vector<Point> outline = {around(centre, degrees - half, rim)};
  if (corner) outline.push_back(around(centre, degrees, kHalf * std::numbers::sqrt2));
  outline.push_back(around(centre, degrees + half, rim));
  std::vector<Point> face = {centre};
  face.insert(face.end(), outline.begin(), outline.end());
  std::string svg = polygon(face, upper ? kUp : kDown);
  // The band: each outline segment and the same segment pushed out by kBand.
  for (std::size_t side = 0; side + 1 < outline.size(); ++side) {
    const Point a = outline[side], b = outline[side + 1];
    const auto out = [&](Point p) {
      return Point{centre.x + (p.x - centre.x) * kBand, centre.y + (p.y - centre.y) * kBand};
    };
    svg += polygon({a, b, out(b), out(a)}, square1FaceColour(square1::sideFaces(piece)[side]));
  }
  return svg;
}

// A layer's wedges: slot i (0-11 within the layer) is centred 30·(i + offset) degrees from up.
std::string drawLayer(const square1::State& state, int firstSlot, double offset, Point centre) {
  std::string svg;
  for (int i = 0; i < square1::kLayerSlots; ++i) {
    const int slot = firstSlot + i;
    const int piece = state.slots[slot];
    const int previous = firstSlot + (i + square1::kLayerSlots - 1) % square1::kLayerSlots;
    if (square1::isCorner(piece) && state.slots[previous] == piece) continue;  // second half
    const double degrees = 30 * (i + offset) + (square1::isCorner(piece) ? 15 : 0);
    const char letter = static_cast<char>(square1::isCorner(piece) ? 'A' + piece : '1' + piece - 8);
    // The part, its angle and the layer's centre, so a page tweens a twist as a turn of the
    // layer's pieces and a slice as the pieces that change layers flipping over.
    svg += "<g data-piece=\"" + std::string(1, letter) + "\" data-slot=\"" + std::to_string(slot) +
           "\" data-part=\"piece-" + std::string(1, letter) + "\" data-angle=\"" +
           svgNumber(degrees) + "\" data-centre=\"" + svgNumber(centre.x) + " " +
           svgNumber(centre.y) + "\">" + wedge(centre, degrees, piece) + "</g>";
  }
  return svg;
}

}  // namespace

const char* square1FaceColour(char face) {
  switch (face) {
    case 'U':
      return kUp;
    case 'D':
      return kDown;
    case 'F':
      return kFront;
    case 'R':
      return kRight;
    case 'B':
      return kBack;
    default:
      return kLeft;
  }
}

std::string square1Svg(const square1::State& state, int size, const std::string& background,
                       const std::string& title) {
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(size) +
                    "\" height=\"" + svgNumber(size * kPictureHeight / kPictureWidth) +
                    "\" viewBox=\"0 0 " + svgNumber(kPictureWidth) + " " +
                    svgNumber(kPictureHeight) + "\"><title>" + title + "</title>";
  if (background != "none") {
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"" + background + "\"/>";
  }
  const double middleY = kMarginAround + kLayerReach;
  // Top: slot 0 centred on the back (up). Bottom: slot 12 centred 30° clockwise from the front.
  svg += drawLayer(state, 0, 0, {kMarginAround + kLayerReach, middleY});
  svg += drawLayer(state, square1::kLayerSlots, 1, {2 * kMarginAround + 3 * kLayerReach, middleY});
  // The middle layer from the front: the cut meets the front 15° right of its middle, so the
  // left half shows more; a flipped middle turns the right half's back side to the front.
  const double width = 2 * kLayerBox * 0.6, left = (kPictureWidth - width) / 2;
  const double cut = left + width * (1 + std::tan(std::numbers::pi / 12)) / 2;
  const double top = 2 * kMarginAround + kLayerBox;
  svg += "<g data-middle=\"" + std::string(state.middleFlipped ? "flipped" : "solved") + "\">" +
         polygon({{left, top}, {cut, top}, {cut, top + kMiddleHeight}, {left, top + kMiddleHeight}},
                 kFront) +
         polygon({{cut, top},
                  {left + width, top},
                  {left + width, top + kMiddleHeight},
                  {cut, top + kMiddleHeight}},
                 state.middleFlipped ? kBack : kFront) +
         "</g>";
  return svg + "</svg>";
}

}  // namespace polytwist
