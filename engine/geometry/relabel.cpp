#include "geometry/relabel.hpp"

#include <utility>

namespace polytwist::geometry {

std::vector<int> stickerMap(const Puzzle& puzzle, int move) {
  const std::vector<int> sources = puzzle.faceletSources(puzzle.moves()[move].effect);
  std::vector<int> to(sources.size());
  for (std::size_t f = 0; f < sources.size(); ++f) to[sources[f]] = static_cast<int>(f);
  return to;
}

std::string moveNameIn(const std::vector<std::pair<std::string, std::string>>& names,
                       const Puzzle& puzzle, int move) {
  const std::string& name = puzzle.moves()[move].name;
  const std::string& base = puzzle.spec().moves[puzzle.moves()[move].base].name;
  for (const auto& [theirs, ours] : names) {
    if (ours == base) return theirs + name.substr(base.size());
  }
  return name;
}

std::vector<int> relabelling(const Puzzle& a, const Puzzle& b,
                             const std::vector<std::pair<std::string, std::string>>& names) {
  const int n = a.faceletCount();
  if (b.faceletCount() != n) return {};
  std::vector<std::pair<std::vector<int>, std::vector<int>>> moves;
  for (int m = 0; m < static_cast<int>(a.moves().size()); ++m) {
    if (auto other = b.findMove(moveNameIn(names, a, m)))
      moves.push_back({stickerMap(a, m), stickerMap(b, *other)});
  }
  const int aFaces = static_cast<int>(a.spec().faces.size());
  const int bFaces = static_cast<int>(b.spec().faces.size());
  if (aFaces != bFaces) return {};
  // The partial relabelling and the face map it implies, both ways.
  struct Partial {
    std::vector<int> phi, used, faceTo, faceFrom;
    // Whether x -> image agrees with the faces mapped so far; records the faces if so.
    bool place(int x, int image, const Puzzle& a, const Puzzle& b) {
      const int fa = a.faceOfFacelet(x), fb = b.faceOfFacelet(image);
      if (used[image] || (faceTo[fa] >= 0 && faceTo[fa] != fb) ||
          (faceFrom[fb] >= 0 && faceFrom[fb] != fa))
        return false;
      phi[x] = image;
      used[image] = 1;
      faceTo[fa] = fb;
      faceFrom[fb] = fa;
      return true;
    }
  };
  Partial done{std::vector<int>(n, -1), std::vector<int>(n, 0), std::vector<int>(aFaces, -1),
               std::vector<int>(bFaces, -1)};
  for (int seed = 0; seed < n; ++seed) {
    if (done.phi[seed] >= 0) continue;
    bool found = false;
    for (int image = 0; image < n && !found; ++image) {
      Partial trial = done;
      if (!trial.place(seed, image, a, b)) continue;
      std::vector<int> queue = {seed};
      bool ok = true;
      for (std::size_t i = 0; i < queue.size() && ok; ++i) {
        const int x = queue[i];
        for (const auto& [ma, mb] : moves) {
          const int y = ma[x], yImage = mb[trial.phi[x]];
          if (trial.phi[y] < 0) {
            ok = trial.place(y, yImage, a, b);
            queue.push_back(y);
          } else if (trial.phi[y] != yImage) {
            ok = false;
          }
          if (!ok) break;
        }
      }
      if (ok) {
        done = std::move(trial);
        found = true;
      }
    }
    if (!found) return {};
  }
  return done.phi;
}

}  // namespace polytwist::geometry
