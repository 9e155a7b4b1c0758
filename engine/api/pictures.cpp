// Pictures: a position as SVG from VisualCube-style parameters, and a puzzle's picture template
// for pages that paint simple sequences without the engine (web/src/picture/fast.js).
#include "api/service_internal.hpp"
#include "render/image.hpp"

namespace polytwist::service {
using namespace detail;

Json image(const std::string& query) {
  const ImageAnswer answer = imageFromQuery(query);
  Json result = Json::Object{};
  result.set("ok", answer.status == 200);
  if (answer.status != 200) result.set("error", answer.error);
  if (answer.column > 0) result.set("column", answer.column);
  result.set("view", answer.view);
  result.set("svg", answer.svg);
  return result;
}

Json pictureTemplate(const std::string& id) {
  return onPuzzle(id, id.size(), [](const Puzzle& puzzle) {
    const ImageAnswer solved = imageFromParameters({{"pzl", puzzle.id()}, {"size", "256"}});
    Json::Array colours, faces;
    for (const FaceSpec& face : puzzle.spec().faces) colours.push_back(face.colour);
    for (int f = 0; f < puzzle.faceletCount(); ++f) faces.push_back(puzzle.faceOfFacelet(f));
    // sources[f]: the sticker the token brings to place f; "A then B" shows A's sources[B's].
    auto sourcesOf = [&](const std::vector<int>& moves) {
      Json::Array sources;
      for (int s : puzzle.faceletSources(puzzle.applySequence(puzzle.solved(), moves))) {
        sources.emplace_back(s);
      }
      return sources;
    };
    Json moves = Json::Object{};
    for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
      moves.set(puzzle.moves()[m].name, sourcesOf({m}));
    }
    // Derived moves that turn the whole puzzle change what later names mean: left to the engine.
    for (const DerivedMoveSpec& derived : puzzle.spec().derivedMoves) {
      if (!derived.rotation.empty()) continue;
      for (const PowerSpec& power : derived.powers) {
        const std::string token = derived.name + power.suffix;
        const ResolvedSequence sequence = resolveSequence(puzzle, token);
        if (!sequence.error) moves.set(token, sourcesOf(sequence.moves));
      }
    }
    // Where the picture looks from, so a page can turn it by one angle and keep the other.
    const PictureSpec& view = puzzle.spec().picture;
    return success()
        .set("svg", solved.svg)
        .set("azimuth", view.azimuth)
        .set("elevation", view.elevation)
        .set("colours", colours)
        .set("faces", faces)
        .set("moves", moves);
  });
}

}  // namespace polytwist::service
