#include "geometry/geometry_json.hpp"

#include <cmath>
#include <numbers>

namespace polytwist::geometry {
namespace {

Json point(const Vec3& v) {
  // Six decimals are plenty for drawing and keep the answer small.
  auto round = [](double x) { return std::round(x * 1e6) / 1e6 + 0.0; };
  return Json::Array{round(v.x), round(v.y), round(v.z)};
}

Json outline(const std::vector<Vec3>& polygon) {
  Json::Array points;
  for (const Vec3& v : polygon) points.push_back(point(v));
  return points;
}

}  // namespace

Json geometryJson(const Geometry& g, const Puzzle& puzzle) {
  Json::Array faces, stickers, pieces, axes, turns;
  for (const SolidFace& face : g.solid.faces) {
    faces.push_back(Json(Json::Object{})
                        .set("name", face.name)
                        .set("colour", face.colour)
                        .set("normal", point(face.normal))
                        .set("distance", face.distance)
                        .set("outline", outline(face.outline)));
  }
  for (const Sticker& sticker : g.stickers) {
    stickers.push_back(
        Json(Json::Object{}).set("face", sticker.face).set("outline", outline(sticker.outline)));
  }
  for (const auto& piece : g.pieces) {
    Json::Array members;
    for (int s : piece) members.push_back(s);
    pieces.push_back(members);
  }
  for (std::size_t a = 0; a < g.axes.size(); ++a) {
    const Axis& axis = g.axes[a];
    Json::Array cuts, slabs;
    for (double c : axis.cuts) cuts.push_back(c);
    for (int s : g.slabOf[a]) slabs.push_back(s);
    axes.push_back(Json(Json::Object{})
                       .set("direction", point(axis.direction))
                       .set("order", axis.order)
                       .set("cuts", cuts)
                       .set("plus", axis.plusName)
                       .set("minus", axis.minusName)
                       .set("slabs", slabs));
  }
  // Each move as the turn of slabs of one axis, found by what it does to the stickers.
  auto addTurn = [&](const std::string& token, const std::vector<int>& sources) {
    // sources[f]: the sticker that lands on f. Find the axis and slab range it turns.
    for (std::size_t a = 0; a < g.axes.size(); ++a) {
      int lo = 1 << 30, hi = -1;
      for (std::size_t f = 0; f < sources.size(); ++f) {
        if (sources[f] != static_cast<int>(f)) {
          lo = std::min(lo, g.slabOf[a][f]);
          hi = std::max(hi, g.slabOf[a][f]);
        }
      }
      if (hi < 0) return;
      for (int steps = 1; steps < g.axes[a].order; ++steps) {
        const std::vector<int> to = turnStickers(g, static_cast<int>(a), lo, hi, steps);
        bool same = true;
        for (std::size_t s = 0; s < to.size() && same; ++s)
          same = sources[to[s]] == static_cast<int>(s);
        if (!same) continue;
        // The shorter way round, as a hand turns it.
        double angle = 2 * std::numbers::pi * steps / g.axes[a].order;
        if (angle > std::numbers::pi + 1e-9) angle -= 2 * std::numbers::pi;
        turns.push_back(Json(Json::Object{})
                            .set("token", token)
                            .set("axis", static_cast<int>(a))
                            .set("from", lo)
                            .set("to", hi)
                            .set("angle", angle));
        return;
      }
    }
  };
  for (const Move& move : puzzle.moves()) addTurn(move.name, puzzle.faceletSources(move.effect));
  // The model's orbits: which pieces move as one kind, with how many orientations.
  Json::Array orbits;
  for (const Orbit& orbit : puzzle.orbits()) {
    orbits.push_back(Json(Json::Object{})
                         .set("name", orbit.name)
                         .set("pieces", orbit.size)
                         .set("orientations", orbit.orientations)
                         .set("stickers", orbit.stickersPerPiece));
  }
  Json::Array view = point(g.solid.view).array();
  return Json(Json::Object{})
      .set("description", describe(g.description))
      .set("faces", faces)
      .set("stickers", stickers)
      .set("pieces", pieces)
      .set("axes", axes)
      .set("turns", turns)
      .set("orbits", orbits)
      .set("view", view);
}

}  // namespace polytwist::geometry
