#include "generated_puzzles.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "puzzles/catalogue.hpp"

namespace fixtures {

using polytwist::PowerSpec;
using polytwist::PuzzleSpec;

namespace {

using Vec = std::array<int, 3>;

int dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

Vec cross(const Vec& a, const Vec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// A quarter turn clockwise seen from outside the face with normal n: v -> n(n·v) - n×v.
Vec turn(const Vec& n, const Vec& v) {
  const Vec c = cross(n, v);
  const int d = dot(n, v);
  return {n[0] * d - c[0], n[1] * d - c[1], n[2] * d - c[2]};
}

// Cycles of a sticker permutation given as "sticker i goes to destination[i]".
std::vector<std::string> cyclesOf(const std::vector<int>& destination,
                                  const std::vector<std::string>& names) {
  std::vector<std::string> cycles;
  std::vector<bool> done(destination.size(), false);
  for (std::size_t start = 0; start < destination.size(); ++start) {
    if (done[start] || destination[start] == static_cast<int>(start)) continue;
    std::string cycle;
    for (int s = static_cast<int>(start); !done[s]; s = destination[s]) {
      done[s] = true;
      if (!cycle.empty()) cycle += ' ';
      cycle += names[s];
    }
    cycles.push_back(cycle);
  }
  return cycles;
}

}  // namespace

PuzzleSpec cubeSpec(int n) {
  const int m = n - 1;  // coordinates -m, -m+2, ..., m
  const std::vector<std::pair<std::string, Vec>> faces = {{"U", {0, 1, 0}},  {"D", {0, -1, 0}},
                                                          {"F", {0, 0, 1}},  {"B", {0, 0, -1}},
                                                          {"L", {-1, 0, 0}}, {"R", {1, 0, 0}}};
  const char* colours[] = {"#ffffff", "#ffd500", "#1a9e3a", "#1a62d6", "#ff7a00", "#d0021b"};
  PuzzleSpec spec;
  spec.id = "cube" + std::to_string(n) + "_test";
  spec.name = std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(n);
  spec.deriveRules = true;

  // Stickers: (cubie position, face normal), numbered face by face in coordinate order.
  std::vector<std::pair<Vec, Vec>> stickers;
  std::vector<std::string> names;
  std::map<std::pair<Vec, Vec>, int> indexOf;
  for (int f = 0; f < 6; ++f) {
    const Vec& normal = faces[f].second;
    std::vector<Vec> cells;
    for (int x = -m; x <= m; x += 2) {
      for (int y = -m; y <= m; y += 2) {
        for (int z = -m; z <= m; z += 2) {
          if (dot({x, y, z}, normal) == m) cells.push_back({x, y, z});
        }
      }
    }
    std::sort(cells.begin(), cells.end());
    spec.faces.push_back(
        {faces[f].first, faces[f].first[0], static_cast<int>(cells.size()), colours[f]});
    for (std::size_t i = 0; i < cells.size(); ++i) {
      indexOf[{cells[i], normal}] = static_cast<int>(stickers.size());
      stickers.push_back({cells[i], normal});
      names.push_back(faces[f].first + std::to_string(i));
    }
  }

  // Pieces: the stickers of each cubie, grouped into orbits by kind.
  std::map<std::string, polytwist::OrbitSpec> orbits;
  std::vector<std::string> orbitOrder;
  const auto addPiece = [&](const std::string& key, int orientations,
                            const std::vector<int>& pieceStickers, int identicalClass) {
    polytwist::OrbitSpec& orbit = orbits[key];
    if (orbit.name.empty()) {
      orbit.name = key;
      orbit.orientations = orientations;
      orbitOrder.push_back(key);
    }
    std::string text;
    for (int s : pieceStickers) {
      if (!text.empty()) text += ' ';
      text += names[s];
    }
    orbit.pieces.push_back(text);
    if (identicalClass >= 0) orbit.identical.push_back(identicalClass);
  };
  for (int x = -m; x <= m; x += 2) {
    for (int y = -m; y <= m; y += 2) {
      for (int z = -m; z <= m; z += 2) {
        const Vec p = {x, y, z};
        std::vector<Vec> normals;
        for (const auto& face : faces) {
          if (dot(p, face.second) == m) normals.push_back(face.second);
        }
        if (normals.empty()) continue;
        if (n % 2 == 0 && p == Vec{-m, -m, -m}) continue;  // the fixed DBL corner
        std::vector<int> own;
        if (normals.size() == 3) {
          // U or D sticker first, then the others in the order of a right-handed frame.
          std::sort(normals.begin(), normals.end(),
                    [](const Vec& a, const Vec& b) { return std::abs(a[1]) > std::abs(b[1]); });
          if (dot(cross(normals[0], normals[1]), normals[2]) < 0) std::swap(normals[1], normals[2]);
          for (const Vec& normal : normals) own.push_back(indexOf[{p, normal}]);
          addPiece("corner", 3, own, -1);
        } else if (normals.size() == 2) {
          const Vec axis = cross(normals[0], normals[1]);
          const int along = dot(axis, p);
          if (along < 0) std::swap(normals[0], normals[1]);
          for (const Vec& normal : normals) own.push_back(indexOf[{p, normal}]);
          if (along == 0) {
            addPiece("edge", 2, own, -1);
          } else {
            addPiece("wing" + std::to_string(std::abs(along)), 1, own, -1);
          }
        } else {
          const Vec& normal = normals[0];
          // The in-face coordinates a (the larger in size) and b, along the axes ea and eb.
          std::vector<int> axes;
          for (int k = 0; k < 3; ++k) {
            if (normal[k] == 0) axes.push_back(k);
          }
          if (std::abs(p[axes[1]]) > std::abs(p[axes[0]])) std::swap(axes[0], axes[1]);
          const int a = p[axes[0]], b = p[axes[1]];
          Vec ea{}, eb{};
          ea[axes[0]] = a > 0 ? 1 : -1;
          eb[axes[1]] = b > 0 ? 1 : -1;
          if (a == 0 && b == 0) continue;  // an odd cube's fixed face centre
          std::string key =
              "centre" + std::to_string(std::abs(a)) + "_" + std::to_string(std::abs(b));
          if (std::abs(a) != std::abs(b) && b != 0) {
            key += dot(cross(normal, ea), eb) > 0 ? "+" : "-";
          }
          const int face =
              static_cast<int>(std::find_if(faces.begin(), faces.end(),
                                            [&](const auto& f) { return f.second == normal; }) -
                               faces.begin());
          addPiece(key, 1, {indexOf[{p, normal}]}, face);
        }
      }
    }
  }
  for (const std::string& key : orbitOrder) spec.orbits.push_back(orbits[key]);

  // Moves: single layers, by sticker positions turned with the layer.
  const std::vector<PowerSpec> quarter = {{1, ""}, {2, "2"}, {3, "'"}};
  std::vector<int> turning =
      n % 2 == 1 ? std::vector<int>{0, 1, 2, 3, 4, 5} : std::vector<int>{0, 5, 2};  // U R F
  const int layers = n % 2 == 1 ? (n - 1) / 2 : n - 1;
  for (int f : turning) {
    const Vec& normal = faces[f].second;
    for (int d = 1; d <= layers; ++d) {
      const int level = m - 2 * (d - 1);
      std::vector<int> destination(stickers.size());
      for (std::size_t s = 0; s < stickers.size(); ++s) {
        destination[s] = static_cast<int>(s);
        const auto& [p, normalOfSticker] = stickers[s];
        if (dot(p, normal) != level) continue;
        destination[s] = indexOf.at({turn(normal, p), turn(normal, normalOfSticker)});
      }
      spec.moves.push_back(
          {std::to_string(d) + faces[f].first, cyclesOf(destination, names), quarter});
    }
  }
  return spec;
}

PuzzleSpec minxSpec(bool giga) {
  const PuzzleSpec kilominx = polytwist::puzzles::kilominx();
  const int faceCount = static_cast<int>(kilominx.faces.size());
  std::map<std::string, int> faceIndex;
  for (int f = 0; f < faceCount; ++f) faceIndex[kilominx.faces[f].name] = f;
  std::vector<std::array<int, 5>> ring(faceCount);
  for (int f = 0; f < faceCount; ++f) {
    for (int i = 0; i < 5; ++i) ring[f][i] = faceIndex.at(kilominx.picture.rings[f][i]);
  }
  const auto position = [&](int f, int g) {
    return static_cast<int>(std::find(ring[f].begin(), ring[f].end(), g) - ring[f].begin());
  };
  // The corner {f, a, b} in cyclic order: b follows a in f's (clockwise) ring.
  const auto clockwise = [&](int f, int a, int b) {
    return position(f, b) == (position(f, a) + 1) % 5;
  };

  // Stickers: (face, kind, a, b). K corner at {face, a, b}; E edge at {face, a}; W wing on edge
  // {face, a} near the corner {face, a, b}; X x-centre near the corner {face, a, b}; P +-centre
  // by the edge {face, a}; C the fixed centre. For K and X, a < b.
  enum Kind { K, E, W, X, P, C };
  using Key = std::tuple<int, int, int, int>;
  std::vector<Key> stickers;
  std::vector<std::string> names;
  std::map<Key, int> indexOf;
  PuzzleSpec spec;
  spec.id = giga ? "gigaminx_test" : "megaminx_test";
  spec.name = giga ? "Gigaminx" : "Megaminx";
  spec.deriveRules = true;
  for (int f = 0; f < faceCount; ++f) {
    std::vector<Key> own;
    for (int i = 0; i < 5; ++i) {
      const int a = ring[f][i], b = ring[f][(i + 1) % 5], before = ring[f][(i + 4) % 5];
      own.push_back({f, K, std::min(a, b), std::max(a, b)});
      own.push_back({f, E, a, -1});
      if (giga) {
        own.push_back({f, W, a, before});
        own.push_back({f, W, a, b});
        own.push_back({f, X, std::min(a, b), std::max(a, b)});
        own.push_back({f, P, a, -1});
      }
    }
    own.push_back({f, C, -1, -1});
    const polytwist::FaceSpec& face = kilominx.faces[f];
    spec.faces.push_back({face.name, face.letter, static_cast<int>(own.size()), face.colour});
    for (std::size_t i = 0; i < own.size(); ++i) {
      indexOf[own[i]] = static_cast<int>(stickers.size());
      stickers.push_back(own[i]);
      names.push_back(face.name + std::to_string(i));
    }
  }
  const auto name = [&](const Key& key) { return names[indexOf.at(key)]; };

  polytwist::OrbitSpec corners{.name = "corner", .pieces = {}, .orientations = 3};
  polytwist::OrbitSpec edges{.name = "edge", .pieces = {}, .orientations = 2};
  polytwist::OrbitSpec wings{.name = "wing", .pieces = {}};
  polytwist::OrbitSpec xCentres{.name = "x-centre", .pieces = {}};
  polytwist::OrbitSpec plusCentres{.name = "+-centre", .pieces = {}};
  for (int f = 0; f < faceCount; ++f) {
    for (int i = 0; i < 5; ++i) {
      const int a = ring[f][i], b = ring[f][(i + 1) % 5];
      if (f < a && f < b) {  // each corner once, from its smallest face, in clockwise order
        const auto sticker = [&](int on, int p, int q) {
          return name({on, K, std::min(p, q), std::max(p, q)});
        };
        corners.pieces.push_back(sticker(f, a, b) + " " + sticker(a, b, f) + " " +
                                 sticker(b, f, a));
      }
      if (f < a) edges.pieces.push_back(name({f, E, a, -1}) + " " + name({a, E, f, -1}));
      if (!giga) continue;
      // The two wings of the edge {f, a}, each named from f's side once.
      if (f < a) {
        for (int c : {b, ring[f][(i + 4) % 5]}) {
          // f's sticker first when f, a, c run clockwise around their corner.
          const std::string mine = name({f, W, a, c}), theirs = name({a, W, f, c});
          wings.pieces.push_back(clockwise(f, a, c) ? mine + " " + theirs : theirs + " " + mine);
        }
      }
      xCentres.pieces.push_back(name({f, X, std::min(a, b), std::max(a, b)}));
      xCentres.identical.push_back(f);
      plusCentres.pieces.push_back(name({f, P, a, -1}));
      plusCentres.identical.push_back(f);
    }
  }
  spec.orbits = {corners, edges};
  if (giga) {
    spec.orbits.push_back(wings);
    spec.orbits.push_back(xCentres);
    spec.orbits.push_back(plusCentres);
  }

  const std::vector<PowerSpec> fifths = {{1, ""}, {2, "2"}, {3, "2'"}, {4, "'"}};
  for (int f = 0; f < faceCount; ++f) {
    std::vector<int> sigma(faceCount);
    for (int g = 0; g < faceCount; ++g) sigma[g] = g;
    for (int i = 0; i < 5; ++i) sigma[ring[f][i]] = ring[f][(i + 1) % 5];
    const auto image = [&](const Key& key) {
      auto [g, kind, a, b] = key;
      const int ga = a < 0 ? -1 : sigma[a], gb = b < 0 ? -1 : sigma[b];
      if (kind == K || kind == X) return Key{sigma[g], kind, std::min(ga, gb), std::max(ga, gb)};
      return Key{sigma[g], kind, ga, gb};
    };
    for (int layer = 1; layer <= (giga ? 2 : 1); ++layer) {
      std::vector<int> destination(stickers.size());
      for (std::size_t s = 0; s < stickers.size(); ++s) {
        destination[s] = static_cast<int>(s);
        const auto [g, kind, a, b] = stickers[s];
        if (kind == C) continue;
        const bool touches = a == f || b == f;
        const bool inLayer =
            layer == 1 ? g == f || (touches && (kind == K || kind == E || (kind == W && a == f)))
                       : g != f && touches && (kind == X || kind == P || (kind == W && b == f));
        if (inLayer) destination[s] = indexOf.at(image(stickers[s]));
      }
      spec.moves.push_back(
          {std::to_string(layer) + kilominx.faces[f].name, cyclesOf(destination, names), fifths});
    }
  }
  return spec;
}

PuzzleSpec skewbSpec() {
  const std::vector<std::pair<std::string, Vec>> faces = {{"U", {0, 1, 0}},  {"D", {0, -1, 0}},
                                                          {"F", {0, 0, 1}},  {"B", {0, 0, -1}},
                                                          {"L", {-1, 0, 0}}, {"R", {1, 0, 0}}};
  const char* colours[] = {"#ffffff", "#ffd500", "#1a9e3a", "#1a62d6", "#ff7a00", "#d0021b"};
  PuzzleSpec spec;
  spec.id = "skewb_test";
  spec.name = "Skewb";
  spec.deriveRules = true;
  // Stickers: (position, normal); a corner's position is (±1,±1,±1), a centre's its normal.
  std::vector<std::pair<Vec, Vec>> stickers;
  std::vector<std::string> names;
  std::map<std::pair<Vec, Vec>, int> indexOf;
  for (int f = 0; f < 6; ++f) {
    const Vec& normal = faces[f].second;
    std::vector<Vec> cells = {normal};
    for (int x : {-1, 1}) {
      for (int y : {-1, 1}) {
        for (int z : {-1, 1}) {
          if (dot({x, y, z}, normal) == 1) cells.push_back({x, y, z});
        }
      }
    }
    spec.faces.push_back({faces[f].first, faces[f].first[0], 5, colours[f]});
    for (std::size_t i = 0; i < cells.size(); ++i) {
      indexOf[{cells[i], normal}] = static_cast<int>(stickers.size());
      stickers.push_back({cells[i], normal});
      names.push_back(faces[f].first + std::to_string(i));
    }
  }
  polytwist::OrbitSpec corners{.name = "corner", .pieces = {}, .orientations = 3};
  polytwist::OrbitSpec centres{.name = "centre", .pieces = {}};
  for (int x : {-1, 1}) {
    for (int y : {-1, 1}) {
      for (int z : {-1, 1}) {
        const Vec p = {x, y, z};
        std::vector<Vec> normals;
        for (const auto& face : faces) {
          if (dot(p, face.second) == 1) normals.push_back(face.second);
        }
        std::sort(normals.begin(), normals.end(),
                  [](const Vec& a, const Vec& b) { return std::abs(a[1]) > std::abs(b[1]); });
        if (dot(cross(normals[0], normals[1]), normals[2]) < 0) std::swap(normals[1], normals[2]);
        std::string piece;
        for (const Vec& normal : normals) {
          if (!piece.empty()) piece += ' ';
          piece += names[indexOf[{p, normal}]];
        }
        corners.pieces.push_back(piece);
      }
    }
  }
  for (const auto& face : faces)
    centres.pieces.push_back(names[indexOf[{face.second, face.second}]]);
  spec.orbits = {corners, centres};
  const std::vector<Vec> axes = {{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}};
  for (std::size_t a = 0; a < axes.size(); ++a) {
    const Vec& v = axes[a];
    // A third of a turn about v: conjugate of (x, y, z) -> (z, x, y) by the signs of v.
    const auto third = [&](const Vec& w) {
      const Vec signed_ = {w[0] * v[0], w[1] * v[1], w[2] * v[2]};
      const Vec turned = {signed_[2], signed_[0], signed_[1]};
      return Vec{turned[0] * v[0], turned[1] * v[1], turned[2] * v[2]};
    };
    std::vector<int> destination(stickers.size());
    for (std::size_t s = 0; s < stickers.size(); ++s) {
      destination[s] = static_cast<int>(s);
      const auto& [p, normal] = stickers[s];
      if (dot(p, v) > 0) destination[s] = indexOf.at({third(p), third(normal)});
    }
    spec.moves.push_back({std::string(1, static_cast<char>('A' + a)),
                          cyclesOf(destination, names),
                          {{1, ""}, {2, "'"}}});
  }
  return spec;
}

}  // namespace fixtures
