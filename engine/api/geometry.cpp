// The puzzleGeometry operation (docs/api.md): a derived puzzle's geometry for the page's 3D player.
#include "api/service_internal.hpp"
#include "geometry/described.hpp"
#include "geometry/geometry_json.hpp"
#include "geometry/net.hpp"

namespace polytwist::service {
using namespace detail;

Json puzzleGeometry(const std::string& id) {
  return onPuzzle(id, id.size(), [](const Puzzle& puzzle) {
    const geometry::Geometry* derived = geometry::geometryOf(puzzle);
    if (!derived) {
      return failure(puzzle.id() +
                     " is declared sticker by sticker, not derived from a description");
    }
    Json answer = geometry::geometryJson(*derived, puzzle);
    const geometry::Net net = geometry::unfold(*derived);
    auto outlines = [](const std::vector<std::vector<geometry::Point2d>>& polygons) {
      Json::Array list;
      for (const auto& outline : polygons) {
        Json::Array points;
        for (const auto& p : outline) points.push_back(Json::Array{p.x, p.y});
        list.push_back(points);
      }
      return list;
    };
    answer.set("net", Json(Json::Object{})
                          .set("width", net.width)
                          .set("height", net.height)
                          .set("faces", outlines(net.faces))
                          .set("stickers", outlines(net.stickers)));
    return success().set("id", puzzle.id()).set("name", puzzle.spec().name).set("geometry", answer);
  });
}

}  // namespace polytwist::service
