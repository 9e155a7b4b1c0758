#include "geometry/holdings.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

#include "geometry/described.hpp"

namespace polytwist::geometry {
namespace {

// An orthonormal frame whose first axis is `a` and whose second lies in the plane of `a` and `b`.
struct Frame {
  Vec3 axes[3];
  Frame(const Vec3& a, const Vec3& b) {
    axes[0] = a.unit();
    axes[1] = (b - axes[0] * b.dot(axes[0])).unit();
    axes[2] = axes[0].cross(axes[1]);
  }
};

// The rotation taking frame `from` onto frame `to`.
Vec3 turned(const Frame& from, const Frame& to, const Vec3& v) {
  return to.axes[0] * v.dot(from.axes[0]) + to.axes[1] * v.dot(from.axes[1]) +
         to.axes[2] * v.dot(from.axes[2]);
}

// Stickers by the x of their centres, to find the sticker at a point without trying them all.
class StickerFinder {
 public:
  explicit StickerFinder(const Geometry& g) : g_(g) {
    for (int s = 0; s < static_cast<int>(g.stickers.size()); ++s) byX_.push_back(s);
    std::sort(byX_.begin(), byX_.end(),
              [&](int a, int b) { return g.stickers[a].centre.x < g.stickers[b].centre.x; });
  }

  // The sticker whose centre is `centre` and whose outline is `outline`, or -1.
  int find(const Vec3& centre, const std::vector<Vec3>& outline) const {
    const double tolerance = 1e-7;
    auto it = std::lower_bound(byX_.begin(), byX_.end(), centre.x - tolerance,
                               [&](int s, double x) { return g_.stickers[s].centre.x < x; });
    for (; it != byX_.end() && g_.stickers[*it].centre.x <= centre.x + tolerance; ++it) {
      const Sticker& sticker = g_.stickers[*it];
      if (!near(sticker.centre, centre, tolerance)) continue;
      const bool sameOutline =
          sticker.outline.size() == outline.size() &&
          std::all_of(outline.begin(), outline.end(), [&](const Vec3& point) {
            return std::any_of(sticker.outline.begin(), sticker.outline.end(),
                               [&](const Vec3& own) { return near(own, point, tolerance); });
          });
      return sameOutline ? *it : -1;
    }
    return -1;
  }

 private:
  const Geometry& g_;
  std::vector<int> byX_;
};

}  // namespace

std::vector<std::vector<int>> wholeTurns(const Geometry& g) {
  // A rotation of the solid is fixed by where it takes two faces that are not parallel: try
  // every pair of faces at the same distances and angle as the first face and such a second one.
  const std::vector<SolidFace>& faces = g.solid.faces;
  const auto parallel = [](const Vec3& a, const Vec3& b) { return std::abs(a.dot(b)) > 1 - 1e-9; };
  std::size_t second = 1;
  while (second < faces.size() && parallel(faces[0].normal, faces[second].normal)) ++second;
  if (second == faces.size()) return {};
  const Frame home(faces[0].normal, faces[second].normal);
  const double angle = faces[0].normal.dot(faces[second].normal);
  const auto sameDistance = [](const SolidFace& a, const SolidFace& b) {
    return std::abs(a.distance - b.distance) < kTolerance;
  };
  const StickerFinder finder(g);
  std::vector<std::vector<int>> turns;
  for (std::size_t i = 0; i < faces.size(); ++i) {
    if (!sameDistance(faces[i], faces[0])) continue;
    for (std::size_t j = 0; j < faces.size(); ++j) {
      if ((i == 0 && j == second) || !sameDistance(faces[j], faces[second]) ||
          std::abs(faces[i].normal.dot(faces[j].normal) - angle) > kTolerance) {
        continue;
      }
      const Frame there(faces[i].normal, faces[j].normal);
      std::vector<int> to(g.stickers.size());
      bool onto = true;
      for (std::size_t s = 0; s < g.stickers.size() && onto; ++s) {
        std::vector<Vec3> outline;
        for (const Vec3& point : g.stickers[s].outline)
          outline.push_back(turned(home, there, point));
        to[s] = finder.find(turned(home, there, g.stickers[s].centre), outline);
        onto = to[s] >= 0;
      }
      if (onto) turns.push_back(std::move(to));
    }
  }
  return turns;
}

const std::vector<std::vector<int>>& wholeTurnsOf(const Puzzle& puzzle) {
  static const std::vector<std::vector<int>> none;
  const Geometry* geometry = geometryOf(puzzle);
  if (!geometry) return none;
  static std::mutex mutex;
  // geometryOf keeps each geometry for good, so its address names it.
  static std::map<const Geometry*, std::vector<std::vector<int>>> cache;
  const std::lock_guard lock(mutex);
  const auto [entry, added] = cache.try_emplace(geometry);
  if (added) entry->second = wholeTurns(*geometry);
  return entry->second;
}

}  // namespace polytwist::geometry
