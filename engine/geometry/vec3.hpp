// Three-dimensional vectors and rotations for the geometry layer: just what deriving a puzzle from
// a solid and its cuts needs.
#pragma once

#include <array>
#include <cmath>

namespace polytwist::geometry {

// Points closer than this are one point; a value within it of a plane lies on the plane.
inline constexpr double kTolerance = 1e-9;

struct Vec3 {
  double x = 0, y = 0, z = 0;
  Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator*(double k) const { return {x * k, y * k, z * k}; }
  Vec3 operator-() const { return {-x, -y, -z}; }
  double dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
  Vec3 cross(const Vec3& o) const {
    return {y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x};
  }
  double norm() const { return std::sqrt(dot(*this)); }
  Vec3 unit() const { return *this * (1.0 / norm()); }
};

inline bool near(const Vec3& a, const Vec3& b, double tolerance = 1e-7) {
  return (a - b).norm() < tolerance;
}

// A rotation as a 3×3 matrix (rows).
struct Rotation {
  std::array<Vec3, 3> rows = {Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}};
  Vec3 operator()(const Vec3& v) const { return {rows[0].dot(v), rows[1].dot(v), rows[2].dot(v)}; }
  Rotation operator*(const Rotation& o) const {
    Rotation r;
    for (int i = 0; i < 3; ++i) {
      const Vec3 column[3] = {{o.rows[0].x, o.rows[1].x, o.rows[2].x},
                              {o.rows[0].y, o.rows[1].y, o.rows[2].y},
                              {o.rows[0].z, o.rows[1].z, o.rows[2].z}};
      r.rows[i] = {rows[i].dot(column[0]), rows[i].dot(column[1]), rows[i].dot(column[2])};
    }
    return r;
  }
};

// Right-handed rotation by `angle` radians about the unit vector `axis` (Rodrigues).
inline Rotation rotationAbout(const Vec3& axis, double angle) {
  const double c = std::cos(angle), s = std::sin(angle), t = 1 - c;
  const Vec3& a = axis;
  Rotation r;
  r.rows[0] = {t * a.x * a.x + c, t * a.x * a.y - s * a.z, t * a.x * a.z + s * a.y};
  r.rows[1] = {t * a.x * a.y + s * a.z, t * a.y * a.y + c, t * a.y * a.z - s * a.x};
  r.rows[2] = {t * a.x * a.z - s * a.y, t * a.y * a.z + s * a.x, t * a.z * a.z + c};
  return r;
}

}  // namespace polytwist::geometry
