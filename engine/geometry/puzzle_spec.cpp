#include "geometry/puzzle_spec.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace polytwist::geometry {
namespace {

bool isCube(const Geometry& g) {
  return g.description.shape == Shape::Cube || g.description.shape == Shape::Cuboid;
}

// A dodecahedron cut once per face, off the centre (the Megaminx): each face axis has the face's
// slab, a held middle and the far face's slab, and WCA scrambles turn all but the far one.
bool megaminxLike(const Geometry& g) {
  return g.description.shape == Shape::Dodecahedron && !g.axes.empty() &&
         std::all_of(g.axes.begin(), g.axes.end(), [](const Axis& axis) {
           return axis.kind == Axis::Kind::Face && axis.slabs() == 3 && axis.heldSlab == 1;
         });
}

// The tetrahedron's corners are named after the face they do not touch (U opposite D, …).
std::string endName(const Geometry& g, const Axis& axis, bool plus) {
  const std::string& name = plus ? axis.plusName : axis.minusName;
  if (g.description.shape == Shape::Tetrahedron && name.size() == 3) {
    for (const auto& [face, corner] :
         std::map<std::string, std::string>{{"D", "U"}, {"F", "B"}, {"L", "R"}, {"R", "L"}}) {
      if (name.find(face) == std::string::npos) return corner;
    }
  }
  // The Skewb (a cube cut through its centre at every corner): WCA's and cubing.js's corner
  // names, U R L B for the four corners scrambles turn and F UL UR D for the others.
  const bool throughCentre = std::any_of(axis.cuts.begin(), axis.cuts.end(),
                                         [](double cut) { return std::abs(cut) < 1e-9; });
  if (g.description.shape == Shape::Cube && axis.kind == Axis::Kind::Vertex && throughCentre &&
      name.size() == 3) {
    std::string faces = name;
    std::sort(faces.begin(), faces.end());
    const std::map<std::string, std::string> skewb = {{"BLU", "U"},  {"FLU", "UL"}, {"FRU", "F"},
                                                      {"BRU", "UR"}, {"BDL", "B"},  {"DFR", "D"},
                                                      {"DFL", "L"},  {"BDR", "R"}};
    if (auto it = skewb.find(faces); it != skewb.end()) return it->second;
  }
  return name;
}

// Power suffixes: in quarter turns for a cube's faces, else in steps of the axis's turn.
std::string suffix(const Geometry& g, const Axis& axis, int power) {
  const int r = axis.order;
  power = ((power % r) + r) % r;
  if (isCube(g) && axis.kind == Axis::Kind::Face && r == 2) return "2";
  if (power == 1) return "";
  if (power == r - 1) return "'";
  if (power == 2) return "2";
  return "2'";
}

std::vector<PowerSpec> basePowers(const Geometry& g, const Axis& axis) {
  std::vector<PowerSpec> powers;
  for (int p = 1; p < axis.order; ++p) powers.push_back({p, suffix(g, axis, p)});
  return powers;
}

// Signed powers of a derived move: every power of one step, forwards and backwards.
std::vector<PowerSpec> derivedPowers(const Geometry& g, const Axis& axis) {
  if (axis.order == 2) {
    if (isCube(g) && axis.kind == Axis::Kind::Face) return {{1, "2"}, {-1, "2'"}};
    return {{1, ""}, {-1, "'"}};
  }
  if (axis.order == 3) return {{1, ""}, {-1, "'"}};
  return {{1, ""}, {2, "2"}, {-1, "'"}, {-2, "2'"}};
}

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int find(int x) { return parent[x] == x ? x : parent[x] = find(parent[x]); }
  void join(int a, int b) { parent[find(a)] = find(b); }
};

}  // namespace

std::vector<std::string> stickerCycles(const std::vector<int>& to,
                                       const std::vector<std::string>& names) {
  std::vector<std::string> cycles;
  std::vector<bool> seen(to.size(), false);
  for (std::size_t s = 0; s < to.size(); ++s) {
    if (seen[s] || to[s] == static_cast<int>(s)) continue;
    std::string cycle;
    for (int at = static_cast<int>(s); !seen[at]; at = to[at]) {
      seen[at] = true;
      if (!cycle.empty()) cycle += ' ';
      cycle += names[at];
    }
    cycles.push_back(cycle);
  }
  return cycles;
}

std::string blockName(const Geometry& g, const Axis& axis, bool plus, int layers) {
  const std::string end = endName(g, axis, plus);
  // A tetrahedron's corners: the tip is u, two layers U, three Uw (the Pyraminx's notation).
  const std::string& cornerName = plus ? axis.plusName : axis.minusName;
  if (g.description.shape == Shape::Tetrahedron && cornerName.size() == 3) {
    if (layers == 1) return std::string(1, static_cast<char>(std::tolower(end[0])));
    if (layers == 2) return end;
    --layers;
  }
  if (layers == 1) return end;
  if (layers == 2) return end + "w";
  return std::to_string(layers) + end + "w";
}

std::string sliceName(const Geometry&, const std::string& end, int depth) {
  return std::to_string(depth) + end;
}

std::string rotationName(const Geometry& g, const std::string& end) {
  if (isCube(g)) {
    if (end == "R") return "x";
    if (end == "U") return "y";
    if (end == "F") return "z";
  }
  return end + "v";
}

std::variant<PuzzleSpec, std::string> puzzleSpec(const Geometry& g, const std::string& id,
                                                 const std::string& name) {
  PuzzleSpec spec;
  spec.id = id;
  spec.name = name;
  std::vector<std::string> stickerNames(g.stickers.size());
  for (std::size_t f = 0; f < g.solid.faces.size(); ++f) {
    const SolidFace& face = g.solid.faces[f];
    const int first = g.faceFirstSticker[f];
    const int count = (f + 1 < g.solid.faces.size() ? g.faceFirstSticker[f + 1]
                                                    : static_cast<int>(g.stickers.size())) -
                      first;
    spec.faces.push_back({face.name, face.letter, count, face.colour});
    for (int i = 0; i < count; ++i) stickerNames[first + i] = face.name + std::to_string(i);
  }

  // The base moves: blocks from either end of an axis that leave its held slab alone.
  struct Block {
    int axis;
    bool plus;
    int layers;
    std::string name;
    std::vector<int> to;  // one step clockwise seen from its end
  };
  std::vector<Block> bases;
  std::set<std::string> names;
  for (int a = 0; a < static_cast<int>(g.axes.size()); ++a) {
    const Axis& axis = g.axes[a];
    const int k = axis.slabs() - 1;
    for (const bool plus : {true, false}) {
      const std::string end = endName(g, axis, plus);
      // Without a held slab every block short of the whole puzzle turns: positions are then
      // counted modulo the rotations those blocks make.
      // A tetrahedron's corner axis turns from the corner's end only (its face's end is the
      // same turns with the whole puzzle turned).
      const bool turning = axis.bothEnds || (plus ? 1 : -1) == axis.cutEnd;
      const int reach = !turning            ? 0
                        : axis.heldSlab < 0 ? k
                        : plus              ? k - axis.heldSlab
                                            : axis.heldSlab;
      for (int j = 1; j <= reach; ++j) {
        Block block{a, plus, j, blockName(g, axis, plus, j),
                    plus ? turnStickers(g, a, k - j + 1, k, -1) : turnStickers(g, a, 0, j - 1, 1)};
        if (end.empty() || !names.insert(block.name).second) {
          return "cannot name the turns about axis " + std::to_string(a) + " ('" + block.name +
                 "')";
        }
        bases.push_back(std::move(block));
      }
    }
  }
  if (bases.empty()) return std::string("the description gives no turns");

  // Whole-puzzle rotations, one per axis, turning like its "+" end.
  std::vector<std::vector<int>> rotations;
  for (int a = 0; a < static_cast<int>(g.axes.size()); ++a) {
    rotations.push_back(turnStickers(g, a, 0, g.axes[a].slabs() - 1, -1));
  }
  // Pieces that some move moves; the others' stickers are fixed (a 3x3x3's centres). Orbits:
  // pieces that moves or rotations take to each other (the Pyraminx's tips, each turning in
  // its place, are one orbit).
  const int pieceCount = static_cast<int>(g.pieces.size());
  std::vector<bool> moving(pieceCount, false);
  UnionFind orbitOf(pieceCount);
  std::vector<const std::vector<int>*> maps;
  for (const Block& block : bases) maps.push_back(&block.to);
  for (const auto& rotation : rotations) maps.push_back(&rotation);
  for (std::size_t m = 0; m < maps.size(); ++m) {
    for (int p = 0; p < pieceCount; ++p) {
      const int s = g.pieces[p][0];
      const int to = (*maps[m])[s];
      if (to == s && std::all_of(g.pieces[p].begin(), g.pieces[p].end(),
                                 [&](int t) { return (*maps[m])[t] == t; })) {
        continue;
      }
      if (m < bases.size()) moving[p] = true;
      orbitOf.join(p, g.pieceOf[to]);
    }
  }
  // Orbits in order of their first piece; each piece's sticker order carried from the orbit's
  // first piece along the moves, so every move shifts orders by a multiple of one step.
  std::map<int, std::vector<int>> orbitPieces;
  for (int p = 0; p < pieceCount; ++p) {
    if (moving[p]) orbitPieces[orbitOf.find(p)].push_back(p);
  }
  std::vector<std::vector<int>> orbitList;
  for (auto& [root, pieces] : orbitPieces) orbitList.push_back(pieces);
  std::sort(orbitList.begin(), orbitList.end(), [&](const auto& a, const auto& b) {
    if (g.pieces[a[0]].size() != g.pieces[b[0]].size())
      return g.pieces[a[0]].size() > g.pieces[b[0]].size();
    return a[0] < b[0];
  });
  std::vector<std::vector<int>> order(pieceCount);  // per piece, its stickers in orientation order
  std::map<std::string, int> nameUse;
  for (const std::vector<int>& pieces : orbitList) {
    const int size = static_cast<int>(g.pieces[pieces[0]].size());
    for (int p : pieces) {
      if (static_cast<int>(g.pieces[p].size()) != size) {
        return "pieces of one orbit have different numbers of stickers";
      }
    }
    if (pieces.size() > 255) return "an orbit has more than 255 pieces";
    std::vector<int> queue = {pieces[0]};
    order[pieces[0]] = g.pieces[pieces[0]];
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const int p = queue[i];
      for (const std::vector<int>* to : maps) {
        const int q = g.pieceOf[(*to)[order[p][0]]];
        if (!order[q].empty() || !moving[q]) continue;
        for (int s : order[p]) order[q].push_back((*to)[s]);
        queue.push_back(q);
      }
    }
    int step = size;
    for (const std::vector<int>* to : maps) {
      for (int p : pieces) {
        const int q = g.pieceOf[(*to)[order[p][0]]];
        const auto at = std::find(order[q].begin(), order[q].end(), (*to)[order[p][0]]);
        const int shift = static_cast<int>(at - order[q].begin());
        for (int k = 0; k < size; ++k) {
          if ((*to)[order[p][k]] != order[q][(k + shift) % size]) {
            return "a turn does not keep the order of a piece's stickers";
          }
        }
        step = std::gcd(step, shift);
      }
    }
    // Its name: where its pieces sit, and how many stickers they have.
    Vec3 middle;
    for (int s : g.pieces[pieces[0]]) middle = middle + g.stickers[s].centre;
    std::string kind = size >= 3 ? "corner" : size == 2 ? "edge" : "centre";
    const std::string where = pointName(g.solid, middle);
    if (size == 2 && where.empty()) kind = "wing";
    if (size >= 3 && middle.norm() > 1e-9 &&
        std::none_of(g.solid.vertices.begin(), g.solid.vertices.end(), [&](const SolidVertex& v) {
          return near(v.point.unit(), middle.unit(), 1e-6);
        })) {
      kind = "piece";
    }
    const int use = ++nameUse[kind];
    OrbitSpec orbit;
    orbit.name = use == 1 ? kind : kind + " " + std::to_string(use);
    orbit.orientations = size / step;
    // Pieces showing the same faces in the same order look alike (a 4x4x4's centres).
    std::map<std::vector<int>, int> classOf;
    bool alike = false;
    for (int p : pieces) {
      std::string piece;
      std::vector<int> faces;
      for (int s : order[p]) {
        piece += (piece.empty() ? "" : " ") + stickerNames[s];
        faces.push_back(g.stickers[s].face);
      }
      orbit.pieces.push_back(piece);
      const auto [it, added] = classOf.try_emplace(faces, static_cast<int>(classOf.size()));
      alike |= !added;
      orbit.identical.push_back(it->second);
    }
    if (!alike) orbit.identical.clear();
    spec.orbits.push_back(std::move(orbit));
  }
  // An orbit named twice gets numbers on both ("wing 1", "wing 2").
  for (OrbitSpec& orbit : spec.orbits) {
    if (nameUse[orbit.name] > 1) orbit.name += " 1";
  }

  for (const Block& block : bases) {
    MoveSpec move{block.name, {}, basePowers(g, g.axes[block.axis])};
    move.cycles = stickerCycles(block.to, stickerNames);
    spec.moves.push_back(std::move(move));
  }

  for (int a = 0; a < static_cast<int>(g.axes.size()); ++a) {
    const std::vector<std::string> rotation = stickerCycles(rotations[a], stickerNames);
    const std::string rotationId = rotationName(g, endName(g, g.axes[a], true));
    spec.symmetries.push_back({rotationId, rotation});
    // Turning every slab of an axis without a held slab from both ends turns the whole puzzle,
    // so positions that differ by such rotations are one (described.cpp finds the others).
    if (g.axes[a].heldSlab < 0 && g.axes[a].bothEnds) {
      spec.unmarkedRotation += (spec.unmarkedRotation.empty() ? "" : " ") + rotationId;
    }
  }

  // Derived moves: every other block, each single slab, and the rotations from both ends.
  auto baseToken = [&](int a, bool plus, int layers, int stepsAboutAxis) -> std::string {
    const Axis& axis = g.axes[a];
    const int power = plus ? -stepsAboutAxis : stepsAboutAxis;
    if (((power % axis.order) + axis.order) % axis.order == 0) return "";
    for (const Block& block : bases) {
      if (block.axis == a && block.plus == plus && block.layers == layers) {
        return block.name + suffix(g, axis, power);
      }
    }
    return "?";
  };
  auto hasBlock = [&](int a, bool plus, int layers) {
    return layers >= 1 && std::any_of(bases.begin(), bases.end(), [&](const Block& b) {
             return b.axis == a && b.plus == plus && b.layers == layers;
           });
  };
  // Slabs lo..hi of axis a turned `steps` (about the axis, right-handed) as base moves, if they
  // can be: one block from an end, or the difference of two from the same end.
  auto asBlocks = [&](int a, int lo, int hi, int steps, std::vector<std::string>& turns) {
    const int k = g.axes[a].slabs() - 1;
    auto add = [&](const std::string& token) {
      if (!token.empty()) turns.push_back(token);
    };
    if (lo > hi) return true;
    if (hi == k && hasBlock(a, true, k - lo + 1)) {
      add(baseToken(a, true, k - lo + 1, steps));
    } else if (lo == 0 && hasBlock(a, false, hi + 1)) {
      add(baseToken(a, false, hi + 1, steps));
    } else if (hasBlock(a, true, k - lo + 1) && hasBlock(a, true, k - hi)) {
      add(baseToken(a, true, k - lo + 1, steps));
      add(baseToken(a, true, k - hi, -steps));
    } else if (hasBlock(a, false, hi + 1) && hasBlock(a, false, lo)) {
      add(baseToken(a, false, hi + 1, steps));
      add(baseToken(a, false, lo, -steps));
    } else {
      return false;
    }
    return true;
  };
  // The same followed by a rotation when it takes one: the other slabs turned back, then the
  // whole puzzle turned (moves after it are read in the turned frame).
  auto express = [&](int a, int lo, int hi, int steps) -> std::pair<std::string, std::string> {
    const Axis& axis = g.axes[a];
    const int k = axis.slabs() - 1;
    std::vector<std::string> turns;
    std::string rotation;
    if (!asBlocks(a, lo, hi, steps, turns)) {
      turns.clear();
      if (!asBlocks(a, 0, lo - 1, -steps, turns) || !asBlocks(a, hi + 1, k, -steps, turns)) {
        return {"?", ""};
      }
      const std::string symmetry = rotationName(g, endName(g, axis, true));
      rotation = axis.order == 2 ? symmetry : symmetry + suffix(g, axis, -steps);
    }
    std::string text;
    for (const std::string& t : turns) text += (text.empty() ? "" : " ") + t;
    return {text, rotation};
  };
  auto addDerived = [&](const std::string& moveName, int a, int lo, int hi, bool plus) {
    if (!names.insert(moveName).second) return;
    const auto [turns, rotation] = express(a, lo, hi, plus ? -1 : 1);
    spec.derivedMoves.push_back({moveName, turns, rotation, derivedPowers(g, g.axes[a])});
  };
  for (int a = 0; a < static_cast<int>(g.axes.size()); ++a) {
    const Axis& axis = g.axes[a];
    const int k = axis.slabs() - 1;
    for (const bool plus : {true, false}) {
      const std::string end = endName(g, axis, plus);
      for (int j = 1; j <= k; ++j) {
        const int lo = plus ? k - j + 1 : 0, hi = plus ? k : j - 1;
        addDerived(blockName(g, axis, plus, j), a, lo, hi, plus);
      }
      for (int depth = 2; depth <= k; ++depth) {
        const int slab = plus ? k - depth + 1 : depth - 1;
        addDerived(sliceName(g, end, depth), a, slab, slab, plus);
      }
      addDerived(plus ? rotationName(g, end) : rotationName(g, end), a, 0, k, plus);
    }
    // A cube's middle slices: M like L, E like D, S like F.
    if (isCube(g) && axis.kind == Axis::Kind::Face && k % 2 == 0 && k > 0) {
      const std::map<std::string, std::pair<std::string, bool>> middles = {
          {"R", {"M", false}}, {"U", {"E", false}}, {"F", {"S", true}}};
      if (auto it = middles.find(axis.plusName); it != middles.end()) {
        addDerived(it->second.first, a, k / 2, k / 2, it->second.second);
      }
    }
  }
  // WCA's Megaminx scramble notation (Regulations 12a): R++ turns every slab but the far face's
  // two fifths clockwise about R, R-- the other way (Rw2 and Rw2'); named for every face.
  if (megaminxLike(g)) {
    for (int a = 0; a < static_cast<int>(g.axes.size()); ++a) {
      for (const bool plus : {true, false}) {
        const auto [turns, rotation] = plus ? express(a, 1, 2, -1) : express(a, 0, 1, 1);
        spec.derivedMoves.push_back(
            {endName(g, g.axes[a], plus), turns, rotation, {{2, "++"}, {-2, "--"}}});
      }
    }
  }
  // "R2'" is R2 on a cube: read, never searched.
  for (const Block& block : bases) {
    const Axis& axis = g.axes[block.axis];
    if (axis.order == 4) spec.derivedMoves.push_back({block.name, block.name, "", {{-2, "2'"}}});
  }
  spec.fixedStickerNoun = "centre";
  spec.deriveRules = true;
  return spec;
}

}  // namespace polytwist::geometry
