// The Square-1 as solid pieces (square1_solid.hpp).
#include "puzzles/square1/square1_solid.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace polytwist::square1 {

namespace {

constexpr double kHalfSide = 1.5;    // the square's half side
constexpr double kLayerTop = 1.5;    // the top layer's upper face
constexpr double kMiddleTop = 0.5;   // where the middle layer meets the top layer
constexpr double kSlotDegrees = 30;  // one slot's angle
constexpr double kCutDegrees = 15;   // the cut runs this far off the back-to-front line
constexpr double kDegree = std::numbers::pi / 180;

Point3 scaled(Point3 p, double by) { return {p.x * by, p.y * by, p.z * by}; }

// The direction `degrees` clockwise from the back, seen from above.
Point3 bearing(double degrees) {
  return {std::sin(degrees * kDegree), 0, -std::cos(degrees * kDegree)};
}

// The cut's normal, to the right: the slice's axis.
Point3 sliceAxis() { return bearing(90 - kCutDegrees); }

Rotation rotationAbout(Point3 axis, double angle) {
  const double s = std::sin(angle / 2);
  return {axis.x * s, axis.y * s, axis.z * s, std::cos(angle / 2)};
}

// `a` after `b`.
Rotation composeRotations(const Rotation& a, const Rotation& b) {
  return {
      a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y, a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
      a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w, a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

Rotation invertedRotation(const Rotation& r) { return {-r.x, -r.y, -r.z, r.w}; }

Point3 rotatePoint(const Rotation& r, Point3 p) {
  const Rotation turned =
      composeRotations(composeRotations(r, Rotation{p.x, p.y, p.z, 0}), invertedRotation(r));
  return {turned.x, turned.y, turned.z};
}

const Point3 kUp = {0, 1, 0};

// What takes a piece starting in top slot 0 to start in `slot`: a top layer's turn, or the
// slice's half turn (top slot i to bottom slot 12 + i) then the bottom layer's turn.
Rotation slotPlacement(int slot) {
  if (slot < kLayerSlots) return rotationAbout(kUp, -slot * kSlotDegrees * kDegree);
  return composeRotations(rotationAbout(kUp, (slot - kLayerSlots) * kSlotDegrees * kDegree),
                          rotationAbout(sliceAxis(), std::numbers::pi));
}

// The slot a piece starts in (a corner's first in its layer's clockwise order), or -1.
int firstSlot(const State& state, int piece) {
  for (int slot = 0; slot < kSlots; ++slot) {
    const int layer = slot / kLayerSlots * kLayerSlots;
    const int previous = layer + (slot - layer + kLayerSlots - 1) % kLayerSlots;
    if (state.slots[slot] == piece && state.slots[previous] != piece) return slot;
  }
  return -1;
}

// A prism over `outline` (corners clockwise seen from above) from height `low` to `high`: its top
// and bottom faces, then a side face per outline side, coloured as `sides` says.
std::vector<SolidFace> prism(const std::vector<Point3>& outline, double low, double high, char top,
                             char bottom, const std::vector<char>& sides) {
  const auto at = [](Point3 p, double y) { return Point3{p.x, y, p.z}; };
  SolidFace upper{{}, top}, lower{{}, bottom};
  for (auto p = outline.rbegin(); p != outline.rend(); ++p) upper.points.push_back(at(*p, high));
  for (const Point3& p : outline) lower.points.push_back(at(p, low));
  std::vector<SolidFace> faces = {upper, lower};
  for (std::size_t i = 0; i < outline.size(); ++i) {
    const Point3 a = outline[i], b = outline[(i + 1) % outline.size()];
    faces.push_back({{at(a, high), at(b, high), at(b, low), at(a, low)}, sides[i]});
  }
  return faces;
}

// A wedge as it lies starting in top slot 0 (slot 0 spans 15° either side of the back).
std::vector<SolidFace> wedgeInSlotZero(int piece) {
  const double rim = kHalfSide / std::cos(kCutDegrees * kDegree);
  const std::array<char, 2> sides = sideFaces(piece);
  const bool upper = isCorner(piece) ? piece < 4 : piece < 12;
  std::vector<Point3> outline = {{0, 0, 0}, scaled(bearing(-kCutDegrees), rim)};
  std::vector<char> colours = {0, sides[0]};
  if (isCorner(piece)) {
    outline.push_back(scaled(bearing(kCutDegrees), kHalfSide * std::numbers::sqrt2));
    colours.push_back(sides[1]);
  }
  outline.push_back(scaled(bearing(-kCutDegrees + kSlotDegrees * (isCorner(piece) ? 2 : 1)), rim));
  colours.push_back(0);
  return prism(outline, kMiddleTop, kLayerTop, upper ? 'U' : 'D', 0, colours);
}

// The middle layer's half on the cut's right (right: true) or left, as solved.
std::vector<SolidFace> middleHalf(bool right) {
  const double along = kHalfSide * std::tan(kCutDegrees * kDegree);
  const double h = kHalfSide;
  if (right) {
    return prism({{-along, 0, -h}, {h, 0, -h}, {h, 0, h}, {along, 0, h}}, -kMiddleTop, kMiddleTop,
                 0, 0, {'B', 'R', 'F', 0});
  }
  return prism({{along, 0, h}, {-h, 0, h}, {-h, 0, -h}, {-along, 0, -h}}, -kMiddleTop, kMiddleTop,
               0, 0, {'F', 'L', 'B', 0});
}

}  // namespace

std::array<char, 2> sideFaces(int piece) {
  // Corners UBR UFR UFL UBL DFR DBR DBL DFL, then edges UB UR UF UL DR DB DL DF.
  static constexpr std::array<std::array<char, 2>, kPieces> kSides = {{{'B', 'R'},
                                                                       {'R', 'F'},
                                                                       {'F', 'L'},
                                                                       {'L', 'B'},
                                                                       {'F', 'R'},
                                                                       {'R', 'B'},
                                                                       {'B', 'L'},
                                                                       {'L', 'F'},
                                                                       {'B', 0},
                                                                       {'R', 0},
                                                                       {'F', 0},
                                                                       {'L', 0},
                                                                       {'R', 0},
                                                                       {'B', 0},
                                                                       {'L', 0},
                                                                       {'F', 0}}};
  return kSides[piece];
}

const std::vector<SolidPiece>& solidPieces() {
  static const std::vector<SolidPiece> pieces = [] {
    std::vector<SolidPiece> built;
    const State home = solved();
    for (int piece = 0; piece < kPieces; ++piece) {
      const Rotation place = slotPlacement(firstSlot(home, piece));
      SolidPiece solid{pieceName(piece), wedgeInSlotZero(piece)};
      for (SolidFace& face : solid.faces) {
        for (Point3& p : face.points) p = rotatePoint(place, p);
      }
      built.push_back(std::move(solid));
    }
    built.push_back({"middle left", middleHalf(false)});
    built.push_back({"middle right", middleHalf(true)});
    return built;
  }();
  return pieces;
}

std::array<Rotation, kSolidPieces> placements(const State& state) {
  static const State home = solved();
  std::array<Rotation, kSolidPieces> placed{};
  for (int piece = 0; piece < kPieces; ++piece) {
    placed[piece] = composeRotations(slotPlacement(firstSlot(state, piece)),
                                     invertedRotation(slotPlacement(firstSlot(home, piece))));
  }
  if (state.middleFlipped) placed[kMiddleRight] = rotationAbout(sliceAxis(), std::numbers::pi);
  return placed;
}

std::vector<std::vector<SolidTurn>> motion(const State& start, const std::vector<Move>& moves) {
  std::vector<std::vector<SolidTurn>> steps;
  State state = start;
  // The pieces in slots [from, from + count), each once.
  const auto piecesIn = [&](int from, int count) {
    std::vector<int> pieces;
    for (int slot = from; slot < from + count; ++slot) {
      if (pieces.empty() || pieces.back() != state.slots[slot]) pieces.push_back(state.slots[slot]);
    }
    if (pieces.size() > 1 && pieces.front() == pieces.back()) pieces.pop_back();  // across 11, 0
    return pieces;
  };
  for (const Move& move : moves) {
    std::vector<SolidTurn> layers;
    // Clockwise seen from above is right-handed about down; seen from below, about up.
    if (move.top != 0) layers.push_back({kUp, -move.top * kSlotDegrees * kDegree, piecesIn(0, 12)});
    if (move.bottom != 0) {
      layers.push_back({kUp, move.bottom * kSlotDegrees * kDegree, piecesIn(kLayerSlots, 12)});
    }
    if (!layers.empty()) steps.push_back(layers);
    state = turned(state, move.top, move.bottom);
    if (!move.slash) continue;
    if (sliceBlocker(state) >= 0) throw std::logic_error("a Square-1 slice across a corner");
    std::vector<int> right = piecesIn(0, 6);
    for (int piece : piecesIn(kLayerSlots, 6)) right.push_back(piece);
    right.push_back(kMiddleRight);
    steps.push_back({{sliceAxis(), std::numbers::pi, right}});
    state = slashed(state);
  }
  return steps;
}

}  // namespace polytwist::square1
