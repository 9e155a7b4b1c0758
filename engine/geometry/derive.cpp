#include "geometry/derive.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>

namespace polytwist::geometry {
namespace {

// Stickers whose centres are closer than this are the same place (centres of distinct stickers
// lie far further apart than any rounding error).
constexpr double kSamePlace = 1e-6;

std::string formatted(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.15g", value);
  return buffer;
}

// The direction or its opposite whose first component away from zero is positive.
Vec3 canonical(const Vec3& u) {
  for (double c : {u.x, u.y, u.z}) {
    if (std::abs(c) > 1e-9) return c > 0 ? u : -u;
  }
  return u;
}

double area(const std::vector<Vec3>& polygon, const Vec3& normal) {
  Vec3 sum;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    sum = sum + polygon[i].cross(polygon[(i + 1) % polygon.size()]);
  }
  return sum.dot(normal) / 2;
}

Vec3 centroid(const std::vector<Vec3>& polygon, const Vec3& normal) {
  // Area-weighted centre of the fan from the first corner.
  Vec3 weighted;
  double total = 0;
  for (std::size_t i = 1; i + 1 < polygon.size(); ++i) {
    const double a = (polygon[i] - polygon[0]).cross(polygon[i + 1] - polygon[0]).dot(normal) / 2;
    weighted = weighted + (polygon[0] + polygon[i] + polygon[i + 1]) * (a / 3);
    total += a;
  }
  return weighted * (1 / total);
}

// The two parts of a convex polygon on either side of the plane direction·x = offset (either may
// be empty when the plane misses it).
std::pair<std::vector<Vec3>, std::vector<Vec3>> split(const std::vector<Vec3>& polygon,
                                                      const Vec3& direction, double offset) {
  std::vector<double> side;
  bool below = false, above = false;
  for (const Vec3& p : polygon) {
    side.push_back(direction.dot(p) - offset);
    below |= side.back() < -kTolerance;
    above |= side.back() > kTolerance;
  }
  if (!below) return {{}, polygon};
  if (!above) return {polygon, {}};
  std::vector<Vec3> low, high;
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3& p = polygon[i];
    const Vec3& q = polygon[(i + 1) % n];
    const double sp = std::abs(side[i]) <= kTolerance ? 0 : side[i];
    const double sq = std::abs(side[(i + 1) % n]) <= kTolerance ? 0 : side[(i + 1) % n];
    if (sp <= 0) low.push_back(p);
    if (sp >= 0) high.push_back(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const Vec3 cut = p + (q - p) * (sp / (sp - sq));
      low.push_back(cut);
      high.push_back(cut);
    }
  }
  return {low, high};
}

// Finds stickers by where their centres are.
class StickerIndex {
 public:
  explicit StickerIndex(const std::vector<Sticker>& stickers) : stickers_(stickers) {
    for (int i = 0; i < static_cast<int>(stickers.size()); ++i) {
      byX_.push_back({stickers[i].centre.x, i});
    }
    std::sort(byX_.begin(), byX_.end());
  }
  int find(const Vec3& point) const {
    auto it = std::lower_bound(byX_.begin(), byX_.end(), std::pair{point.x - kSamePlace, -1});
    for (; it != byX_.end() && it->first <= point.x + kSamePlace; ++it) {
      if (near(stickers_[it->second].centre, point, kSamePlace)) return it->second;
    }
    return -1;
  }

 private:
  const std::vector<Sticker>& stickers_;
  std::vector<std::pair<double, int>> byX_;
};

struct Plane {
  Vec3 axis;  // canonical
  double offset;
  int side;  // +1 when the cut's direction is `axis`, -1 when it is the opposite
};

std::string cutText(const Cut& cut) {
  const char* kind = cut.kind == CutKind::Face ? "f" : cut.kind == CutKind::Vertex ? "v" : "e";
  return std::string("'") + kind + " " + formatted(cut.distance) + "'";
}

// The face's reading frame: rows run along `right`, from the top (`up`) down.
std::pair<Vec3, Vec3> readingFrame(const Vec3& normal) {
  Vec3 up = Vec3{0, 1, 0} - normal * normal.y;
  if (up.norm() < 1e-6) up = normal.y > 0 ? Vec3{0, 0, -1} : Vec3{0, 0, 1};
  up = up.unit();
  return {up, up.cross(normal)};
}

// Sorts indices row by row: by height (down the face), rows being heights within kSamePlace of
// the row's first, then left to right. Tolerant grouping keeps the order the same on every build.
void sortByRows(std::vector<int>& items, const std::vector<Vec3>& points, const Vec3& up,
                const Vec3& right) {
  std::sort(items.begin(), items.end(),
            [&](int a, int b) { return points[a].dot(up) > points[b].dot(up); });
  std::size_t rowStart = 0;
  for (std::size_t i = 1; i <= items.size(); ++i) {
    if (i == items.size() ||
        points[items[rowStart]].dot(up) - points[items[i]].dot(up) > kSamePlace) {
      std::sort(items.begin() + static_cast<long>(rowStart), items.begin() + static_cast<long>(i),
                [&](int a, int b) { return points[a].dot(right) < points[b].dot(right); });
      rowStart = i;
    }
  }
}

// Leaves out the pieces of the kinds the description names (docs/geometry.md, "Pieces left
// out"): the stickers that stay are renumbered in their order, and each face's area goes to the
// kept stickers of that face, each point to the one whose centre is nearest, so no hole is
// left. Centres and slabs stay those of the parts the cuts made. An error message or "".
std::string leaveOut(Geometry& g) {
  const std::vector<PieceKind>& without = g.description.without;
  if (without.empty()) return "";
  auto kindOf = [](std::size_t stickers) {
    return stickers == 1 ? PieceKind::Centre : stickers == 2 ? PieceKind::Edge : PieceKind::Corner;
  };
  const int n = static_cast<int>(g.stickers.size());
  std::vector<int> newIndex(n, -1);
  int kept = 0;
  for (int s = 0; s < n; ++s) {
    const PieceKind kind = kindOf(g.pieces[g.pieceOf[s]].size());
    if (std::find(without.begin(), without.end(), kind) == without.end()) newIndex[s] = kept++;
  }
  if (kept == 0) return "the description leaves out every piece: nothing is left to turn";
  std::vector<Sticker> stickers;
  std::vector<int> faceFirst;
  for (std::size_t f = 0; f < g.solid.faces.size(); ++f) {
    const SolidFace& face = g.solid.faces[f];
    std::vector<int> onFace;
    for (int s = 0; s < n; ++s) {
      if (g.stickers[s].face == static_cast<int>(f) && newIndex[s] >= 0) onFace.push_back(s);
    }
    if (onFace.empty()) {
      return "face " + face.name + " keeps no sticker once those pieces are left out";
    }
    faceFirst.push_back(static_cast<int>(stickers.size()));
    for (int s : onFace) {
      Sticker sticker = g.stickers[s];
      const Vec3& centre = sticker.centre;
      sticker.outline = face.outline;
      for (int other : onFace) {
        if (other == s) continue;
        // The half of the face nearer this sticker's centre than the other's.
        const Vec3& far = g.stickers[other].centre;
        const Vec3 across = far - centre;
        const double offset = (far.dot(far) - centre.dot(centre)) / (2 * across.norm());
        sticker.outline = split(sticker.outline, across.unit(), offset).first;
      }
      stickers.push_back(std::move(sticker));
    }
  }
  g.stickers = std::move(stickers);
  g.faceFirstSticker = std::move(faceFirst);
  for (std::vector<int>& slabs : g.slabOf) {
    std::vector<int> keptSlabs(kept);
    for (int s = 0; s < n; ++s) {
      if (newIndex[s] >= 0) keptSlabs[newIndex[s]] = slabs[s];
    }
    slabs = std::move(keptSlabs);
  }
  std::vector<std::vector<int>> pieces;
  g.pieceOf.assign(kept, -1);
  for (const std::vector<int>& piece : g.pieces) {
    if (newIndex[piece[0]] < 0) continue;
    std::vector<int> renumbered;
    for (int s : piece) {
      renumbered.push_back(newIndex[s]);
      g.pieceOf[newIndex[s]] = static_cast<int>(pieces.size());
    }
    pieces.push_back(std::move(renumbered));
  }
  g.pieces = std::move(pieces);
  return "";
}

}  // namespace

Derivation derive(const Description& description) {
  Geometry g;
  g.description = description;
  g.solid = makeSolid(description);
  const Solid& solid = g.solid;

  // Cut planes, by axis.
  std::vector<Plane> planes;
  if (description.shape == Shape::Cuboid) {
    const Vec3 axes[3] = {{1, 0, 0}, {0, 0, 1}, {0, 1, 0}};
    for (int a = 0; a < 3; ++a) {
      const int layers = description.layers[a];
      for (int k = 1; k < layers; ++k) {
        planes.push_back({axes[a], k - layers / 2.0, 1});
        planes.push_back({axes[a], k - layers / 2.0, -1});
      }
    }
  } else {
    for (const Cut& cut : description.cuts) {
      std::vector<Vec3> directions;
      if (cut.kind == CutKind::Face) {
        for (const SolidFace& face : solid.faces) directions.push_back(face.normal);
      } else if (cut.kind == CutKind::Vertex) {
        for (const SolidVertex& vertex : solid.vertices) directions.push_back(vertex.point.unit());
      } else {
        for (const auto& [a, b] : solid.edges) {
          directions.push_back((solid.vertices[a].point + solid.vertices[b].point).unit());
        }
      }
      double reach = 0;
      for (const SolidVertex& vertex : solid.vertices) {
        reach = std::max(reach, directions[0].dot(vertex.point));
      }
      if (cut.distance >= reach - 1e-9) {
        return {"cut " + cutText(cut) +
                " lies outside the solid: its planes must be closer to the " + "centre than " +
                formatted(reach) + ", where the solid ends in that direction"};
      }
      for (const Vec3& u : directions) {
        const Vec3 axis = canonical(u);
        const int side = axis.dot(u) > 0 ? 1 : -1;
        planes.push_back({axis, side * cut.distance, side});
      }
    }
  }
  for (const Plane& plane : planes) {
    auto found = std::find_if(g.axes.begin(), g.axes.end(),
                              [&](const Axis& a) { return near(a.direction, plane.axis, 1e-7); });
    if (found == g.axes.end()) {
      g.axes.push_back({Axis::Kind::Other, plane.axis, "", "", 0, {}, 0, false, plane.side});
      found = g.axes.end() - 1;
    }
    if (plane.side != found->cutEnd) found->bothEnds = true;
    if (std::none_of(found->cuts.begin(), found->cuts.end(),
                     [&](double o) { return std::abs(o - plane.offset) < 1e-9; })) {
      found->cuts.push_back(plane.offset);
    }
  }
  for (Axis& axis : g.axes) std::sort(axis.cuts.begin(), axis.cuts.end());
  if (g.axes.empty()) return {"the description has no cuts, so nothing turns"};

  // Stickers: each face cut by every plane.
  int stickerCount = 0;
  for (int f = 0; f < static_cast<int>(solid.faces.size()); ++f) {
    const SolidFace& face = solid.faces[f];
    const double faceArea = area(face.outline, face.normal);
    std::vector<std::vector<Vec3>> parts = {face.outline};
    for (const Axis& axis : g.axes) {
      for (double offset : axis.cuts) {
        std::vector<std::vector<Vec3>> next;
        for (const auto& part : parts) {
          auto [low, high] = split(part, axis.direction, offset);
          for (auto* piece : {&low, &high}) {
            if (piece->empty()) continue;
            if (area(*piece, face.normal) < 1e-7 * faceArea) {
              return {"the cuts leave slivers on face " + face.name +
                      " (parts thinner than about 1e-7 of the face): move the cuts apart or onto "
                      "each other"};
            }
            next.push_back(std::move(*piece));
          }
        }
        parts = std::move(next);
        if (stickerCount + static_cast<int>(parts.size()) > kMaxStickers) {
          return {"too many stickers: the cuts make more than " + std::to_string(kMaxStickers)};
        }
      }
    }
    std::vector<Vec3> centres;
    for (const auto& part : parts) centres.push_back(centroid(part, face.normal));
    std::vector<int> order(parts.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    const auto [up, right] = readingFrame(face.normal);
    sortByRows(order, centres, up, right);
    g.faceFirstSticker.push_back(stickerCount);
    for (int i : order) g.stickers.push_back({f, parts[i], centres[i]});
    stickerCount += static_cast<int>(parts.size());
  }

  // Each axis: what lies at its ends and the smallest turn that maps the puzzle onto itself.
  const StickerIndex index(g.stickers);
  for (Axis& axis : g.axes) {
    for (int order = 5; order >= 2 && axis.order == 0; --order) {
      const Rotation turn = rotationAbout(axis.direction, 2 * std::numbers::pi / order);
      bool maps = true;
      for (const Sticker& sticker : g.stickers) {
        if (index.find(turn(sticker.centre)) < 0) {
          maps = false;
          break;
        }
      }
      if (maps) axis.order = order;
    }
    if (axis.order == 0) return {"no turn about one of the cut axes maps the puzzle onto itself"};
    auto endName = [&](const Vec3& direction, Axis::Kind& kind) -> std::string {
      for (const SolidFace& face : solid.faces) {
        if (near(face.normal, direction, 1e-7)) {
          kind = Axis::Kind::Face;
          return face.name;
        }
      }
      std::string name = pointName(solid, direction);
      if (!name.empty()) {
        const bool vertex = std::any_of(solid.vertices.begin(), solid.vertices.end(), [&](auto& v) {
          return near(v.point.unit(), direction, 1e-6);
        });
        kind = vertex ? Axis::Kind::Vertex : Axis::Kind::Edge;
      }
      return name;
    };
    Axis::Kind plusKind = Axis::Kind::Other, minusKind = Axis::Kind::Other;
    axis.plusName = endName(axis.direction, plusKind);
    axis.minusName = endName(-axis.direction, minusKind);
    // The kind of the cut that made the axis decides; a face at one end names it a face axis.
    axis.kind = plusKind == Axis::Kind::Face || minusKind == Axis::Kind::Face ? Axis::Kind::Face
                : plusKind != Axis::Kind::Other                               ? plusKind
                                                                              : minusKind;
  }

  g.slabOf.assign(g.axes.size(), std::vector<int>(g.stickers.size()));
  std::map<std::vector<int>, int> pieceBySlabs;
  g.pieceOf.resize(g.stickers.size());
  for (int s = 0; s < static_cast<int>(g.stickers.size()); ++s) {
    std::vector<int> slabs;
    for (std::size_t a = 0; a < g.axes.size(); ++a) {
      const double along = g.axes[a].direction.dot(g.stickers[s].centre);
      const auto& cuts = g.axes[a].cuts;
      g.slabOf[a][s] =
          static_cast<int>(std::lower_bound(cuts.begin(), cuts.end(), along) - cuts.begin());
      slabs.push_back(g.slabOf[a][s]);
    }
    auto [it, added] = pieceBySlabs.try_emplace(slabs, static_cast<int>(g.pieces.size()));
    if (added) g.pieces.emplace_back();
    g.pieces[it->second].push_back(s);
    g.pieceOf[s] = it->second;
  }
  // Each piece's stickers anticlockwise about the piece's direction, from its lowest-numbered.
  for (std::vector<int>& piece : g.pieces) {
    Vec3 middle;
    for (int s : piece) middle = middle + g.stickers[s].centre;
    if (piece.size() < 3 || middle.norm() < 1e-9) continue;
    const Vec3 axis = middle.unit();
    const Vec3 e1 =
        (g.stickers[piece[0]].centre - axis * axis.dot(g.stickers[piece[0]].centre)).unit();
    const Vec3 e2 = axis.cross(e1);
    auto angle = [&](int s) {
      const Vec3& c = g.stickers[s].centre;
      const double a = std::atan2(c.dot(e2), c.dot(e1));
      return a < -1e-9 ? a + 2 * std::numbers::pi : std::max(a, 0.0);
    };
    std::sort(piece.begin() + 1, piece.end(), [&](int a, int b) { return angle(a) < angle(b); });
  }

  // The slab around the centre, which no move of the puzzle turns; none when a cut passes
  // through the centre (docs/geometry.md).
  for (Axis& axis : g.axes) {
    const bool throughCentre = std::any_of(axis.cuts.begin(), axis.cuts.end(),
                                           [](double o) { return std::abs(o) < 1e-9; });
    axis.heldSlab =
        throughCentre ? -1
                      : static_cast<int>(std::lower_bound(axis.cuts.begin(), axis.cuts.end(), 0.0) -
                                         axis.cuts.begin());
  }
  if (std::string error = leaveOut(g); !error.empty()) return {std::move(error)};
  return {std::move(g)};
}

std::vector<int> turnStickers(const Geometry& g, int axisIndex, int first, int last, int steps) {
  const Axis& axis = g.axes[axisIndex];
  const Rotation turn = rotationAbout(axis.direction, 2 * std::numbers::pi * steps / axis.order);
  const StickerIndex index(g.stickers);
  std::vector<int> to(g.stickers.size());
  for (int s = 0; s < static_cast<int>(g.stickers.size()); ++s) {
    const int slab = g.slabOf[axisIndex][s];
    to[s] = slab >= first && slab <= last ? index.find(turn(g.stickers[s].centre)) : s;
  }
  return to;
}

}  // namespace polytwist::geometry
