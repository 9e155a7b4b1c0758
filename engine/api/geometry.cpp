// The puzzleGeometry operation (docs/api.md): a puzzle's geometry for the page's 3D player, in
// its own sticker numbering (a hand-declared puzzle's from its description, relabelled).
#include <array>
#include <cmath>
#include <numbers>

#include "api/service_internal.hpp"
#include "geometry/described.hpp"
#include "geometry/geometry_json.hpp"
#include "render/picture.hpp"

namespace polytwist::service {
using namespace detail;
namespace {

// Where a hand-declared puzzle's pictures look from (PictureSpec's azimuth and elevation), in its
// description's space: the eye turned by the rotation that takes the pictures' face normals onto
// the geometry's, framed by two faces that are not parallel. The 3D player starts there, so a
// picture-first player does not jump when it starts.
geometry::Vec3 pictureView(const Puzzle& puzzle, const PictureGeometry& picture,
                           const geometry::Geometry& g) {
  using geometry::Vec3;
  const double azimuth = puzzle.spec().picture.azimuth * std::numbers::pi / 180;
  const double elevation = puzzle.spec().picture.elevation * std::numbers::pi / 180;
  const Vec3 eye = {std::sin(azimuth) * std::cos(elevation), std::sin(elevation),
                    std::cos(azimuth) * std::cos(elevation)};
  auto normal = [&](int face) {
    const Point3& p = picture.faceNormals[face];
    return Vec3{p.x, p.y, p.z}.unit();
  };
  int second = 1;
  while (second + 1 < static_cast<int>(picture.faceNormals.size()) &&
         normal(0).cross(normal(second)).norm() < 1e-6) {
    ++second;
  }
  auto frame = [](const Vec3& first, const Vec3& other) {
    const Vec3 across = (other - first * other.dot(first)).unit();
    return std::array<Vec3, 3>{first, across, first.cross(across)};
  };
  const auto from = frame(normal(0), normal(second));
  const auto to = frame(g.solid.faces[0].normal.unit(), g.solid.faces[second].normal.unit());
  return to[0] * eye.dot(from[0]) + to[1] * eye.dot(from[1]) + to[2] * eye.dot(from[2]);
}

}  // namespace

Json puzzleGeometry(const std::string& id) {
  return onPuzzle(id, id.size(), [](const Puzzle& puzzle) {
    const geometry::Geometry* derived = geometry::geometryOf(puzzle);
    if (!derived && !puzzle.spec().description.empty()) {
      return failure("internal error: " + puzzle.id() +
                     "'s moves are not those of its description '" + puzzle.spec().description +
                     "'");
    }
    if (!derived) {
      return failure(puzzle.id() +
                     " is declared sticker by sticker and names no description to draw it from");
    }
    Json answer = geometry::geometryJson(*derived, puzzle);
    // The pictures' net (a derived puzzle's unfolding, a hand-declared one's own cross or
    // flowers), so the colour editor and the pictures agree.
    const PictureGeometry* picture = pictureGeometry(puzzle);
    if (!picture) return failure("internal error: " + puzzle.id() + " has no net");
    auto outlines = [](const std::vector<std::vector<Point2>>& polygons) {
      Json::Array list;
      for (const auto& outline : polygons) {
        Json::Array points;
        for (const auto& p : outline) points.push_back(Json::Array{p.x, p.y});
        list.push_back(points);
      }
      return list;
    };
    if (puzzle.spec().geometry.empty()) {
      const geometry::Vec3 view = pictureView(puzzle, *picture, *derived);
      answer.set("view", Json::Array{view.x, view.y, view.z});
    }
    answer.set("net", Json(Json::Object{})
                          .set("width", picture->netWidth)
                          .set("height", picture->netHeight)
                          .set("faces", outlines(picture->netFaces))
                          .set("stickers", outlines(picture->netStickers)));
    return success().set("id", puzzle.id()).set("name", puzzle.spec().name).set("geometry", answer);
  });
}

}  // namespace polytwist::service
