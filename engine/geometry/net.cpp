#include "geometry/net.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace polytwist::geometry {
namespace {

// A face laid flat: its plane's point p goes to origin + rotate(angle)·((p − o)·right, −(p −
// o)·up).
struct Placement {
  Vec3 o, right, up;
  double angle = 0;
  Point2d origin;
  Point2d operator()(const Vec3& p) const {
    const double u = (p - o).dot(right), v = -(p - o).dot(up);
    const double c = std::cos(angle), s = std::sin(angle);
    return {origin.x + c * u - s * v, origin.y + s * u + c * v};
  }
};

Placement frame(const SolidFace& face) {
  Vec3 up = Vec3{0, 1, 0} - face.normal * face.normal.y;
  if (up.norm() < 1e-6) up = face.normal.y > 0 ? Vec3{0, 0, -1} : Vec3{0, 0, 1};
  up = up.unit();
  return {face.outline[0], up.cross(face.normal), up, 0, {0, 0}};
}

// The shared edge of two faces (two common corners), or false.
bool sharedEdge(const SolidFace& a, const SolidFace& b, Vec3& p, Vec3& q) {
  std::vector<Vec3> common;
  for (const Vec3& x : a.outline) {
    for (const Vec3& y : b.outline) {
      if (near(x, y)) common.push_back(x);
    }
  }
  if (common.size() != 2) return false;
  p = common[0];
  q = common[1];
  return true;
}

bool overlap(const std::vector<Point2d>& a, const std::vector<Point2d>& b) {
  // Separating axis test for convex polygons, shrunk a little so touching edges do not count.
  for (const auto* poly : {&a, &b}) {
    for (std::size_t i = 0; i < poly->size(); ++i) {
      const Point2d p = (*poly)[i], q = (*poly)[(i + 1) % poly->size()];
      const double nx = q.y - p.y, ny = p.x - q.x;
      double minA = 1e300, maxA = -1e300, minB = 1e300, maxB = -1e300;
      for (const Point2d& v : a) {
        minA = std::min(minA, nx * v.x + ny * v.y);
        maxA = std::max(maxA, nx * v.x + ny * v.y);
      }
      for (const Point2d& v : b) {
        minB = std::min(minB, nx * v.x + ny * v.y);
        maxB = std::max(maxB, nx * v.x + ny * v.y);
      }
      const double slack = 1e-6 * std::hypot(nx, ny);
      if (maxA <= minB + slack || maxB <= minA + slack) return false;
    }
  }
  return true;
}

// Unfolds from `root`; empty when two faces overlap.
std::vector<Placement> unfoldFrom(const Solid& solid, int root) {
  const int n = static_cast<int>(solid.faces.size());
  std::vector<Placement> placed(n);
  std::vector<bool> done(n, false);
  placed[root] = frame(solid.faces[root]);
  done[root] = true;
  for (int round = 1; round < n; ++round) {
    // Of every way to lay an unplaced face against a placed one, the nearest the root, then the
    // furthest right, then the first face: compact, and sideways like a cube's cross.
    int bestFace = -1;
    Placement best;
    double bestDistance = std::numeric_limits<double>::infinity();
    double bestX = -std::numeric_limits<double>::infinity();
    Vec3 rootMiddle;
    for (const Vec3& v : solid.faces[root].outline) rootMiddle = rootMiddle + v;
    const Point2d rootCentre = placed[root](rootMiddle * (1.0 / solid.faces[root].outline.size()));
    for (int parent = 0; parent < n; ++parent) {
      if (!done[parent]) continue;
      for (int child = 0; child < n; ++child) {
        Vec3 p, q;
        if (done[child] || !sharedEdge(solid.faces[parent], solid.faces[child], p, q)) continue;
        Placement local = frame(solid.faces[child]);
        const Point2d p2 = placed[parent](p), q2 = placed[parent](q);
        const Point2d pl = local(p), ql = local(q);
        local.angle = std::atan2(q2.y - p2.y, q2.x - p2.x) - std::atan2(ql.y - pl.y, ql.x - pl.x);
        local.origin = {0, 0};
        const Point2d moved = local(p);
        local.origin = {p2.x - moved.x, p2.y - moved.y};
        Vec3 middle;
        for (const Vec3& v : solid.faces[child].outline) middle = middle + v;
        const Point2d centre = local(middle * (1.0 / solid.faces[child].outline.size()));
        const double distance = std::hypot(centre.x - rootCentre.x, centre.y - rootCentre.y);
        if (distance < bestDistance - 1e-6 ||
            (distance < bestDistance + 1e-6 && centre.x > bestX + 1e-6)) {
          bestDistance = distance;
          bestX = centre.x;
          bestFace = child;
          best = local;
        }
      }
    }
    if (bestFace < 0) return {};
    placed[bestFace] = best;
    done[bestFace] = true;
  }
  std::vector<std::vector<Point2d>> outlines;
  for (int f = 0; f < n; ++f) {
    std::vector<Point2d> outline;
    for (const Vec3& v : solid.faces[f].outline) outline.push_back(placed[f](v));
    for (const auto& other : outlines) {
      if (overlap(outline, other)) return {};
    }
    outlines.push_back(outline);
  }
  return placed;
}

}  // namespace

Net unfold(const Geometry& g) {
  const Solid& solid = g.solid;
  const int n = static_cast<int>(solid.faces.size());
  // Roots from the face nearest the viewer onwards.
  std::vector<int> roots(n);
  for (int f = 0; f < n; ++f) roots[f] = f;
  std::stable_sort(roots.begin(), roots.end(), [&](int a, int b) {
    return solid.faces[a].normal.z > solid.faces[b].normal.z + 1e-9;
  });
  std::vector<Placement> placed;
  for (int root : roots) {
    placed = unfoldFrom(solid, root);
    if (!placed.empty()) break;
  }
  if (placed.empty()) {
    // Side by side in rows, each face in its own frame.
    const int columns = static_cast<int>(std::ceil(std::sqrt(n)));
    double cell = 0;
    for (const SolidFace& face : solid.faces) {
      for (const Vec3& v : face.outline) {
        for (const Vec3& w : face.outline) cell = std::max(cell, (v - w).norm());
      }
    }
    for (int f = 0; f < n; ++f) {
      Placement p = frame(solid.faces[f]);
      Vec3 middle;
      for (const Vec3& v : solid.faces[f].outline) middle = middle + v;
      p.o = middle * (1.0 / solid.faces[f].outline.size());
      p.origin = {(f % columns + 0.5) * cell * 1.1, (f / columns + 0.5) * cell * 1.1};
      placed.push_back(p);
    }
  }
  Net net;
  for (int f = 0; f < n; ++f) {
    std::vector<Point2d> outline;
    for (const Vec3& v : solid.faces[f].outline) outline.push_back(placed[f](v));
    net.faces.push_back(outline);
  }
  for (const Sticker& sticker : g.stickers) {
    std::vector<Point2d> outline;
    for (const Vec3& v : sticker.outline) outline.push_back(placed[sticker.face](v));
    net.stickers.push_back(outline);
  }
  // Scaled so that stickers average one unit of area (a cube's net has unit squares), then moved
  // to the origin.
  double area = 0;
  for (const auto& outline : net.stickers) {
    for (std::size_t i = 0; i < outline.size(); ++i) {
      const Point2d p = outline[i], q = outline[(i + 1) % outline.size()];
      area += (p.x * q.y - q.x * p.y) / 2;
    }
  }
  const double scale = std::sqrt(static_cast<double>(net.stickers.size()) / std::abs(area));
  for (auto* list : {&net.faces, &net.stickers}) {
    for (auto& outline : *list) {
      for (Point2d& p : outline) p = {p.x * scale, p.y * scale};
    }
  }
  double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300;
  for (const auto& outline : net.faces) {
    for (const Point2d& p : outline) {
      minX = std::min(minX, p.x), minY = std::min(minY, p.y);
      maxX = std::max(maxX, p.x), maxY = std::max(maxY, p.y);
    }
  }
  for (auto* list : {&net.faces, &net.stickers}) {
    for (auto& outline : *list) {
      for (Point2d& p : outline) p = {p.x - minX, p.y - minY};
    }
  }
  net.width = maxX - minX;
  net.height = maxY - minY;
  return net;
}

}  // namespace polytwist::geometry
