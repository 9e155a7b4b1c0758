// Master Pyraminx (docs/puzzles/master_pyraminx.md): a tetrahedron cut into four layers along each
// of its four corner axes. 4 tips, 4 axial corners (both turn in place), 6 middle edges
// ("midges"), 12 wings and 4 face centres. Moves in the outer block turn metric, each counting
// one: the tip (u l r b), the tip and its corner's layer (U L R B), three layers (Uw Lw Rw Bw).
//
// Everything is derived from where each sticker lies: a sticker's barycentric weights towards the
// four corners (times 3, so they are integers summing to 12). Its piece is the cell it lies in
// (each weight rounded down), and a turn of the layers at corner V takes the stickers whose weight
// towards V is deep enough and permutes the other three corners' weights.
#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <stdexcept>

#include "puzzles/catalogue.hpp"

namespace polytwist::puzzles {

namespace {

constexpr int kU = 0, kL = 1, kR = 2, kB = 3;
const std::array<std::string, 4> kCornerNames = {"U", "L", "R", "B"};

using Weights = std::array<int, 4>;  // 3 × barycentric weight per corner U L R B; sum 12
using CornerMap = std::array<int, 4>;

struct TetraFace {
  std::string name;
  char letter;
  std::string colour;
  std::array<int, 3> corners;  // top, bottom left, bottom right, looking at the face
};

// As on the Pyraminx (same names, colours and faces' orientation): F in front, L and R behind it
// on the left and right, D underneath with B at its top.
const std::vector<TetraFace>& tetraFaces() {
  static const std::vector<TetraFace> faces = {{"F", 'F', "#1a9e3a", {kU, kL, kR}},
                                               {"L", 'L', "#d0021b", {kU, kB, kL}},
                                               {"R", 'R', "#1a62d6", {kU, kR, kB}},
                                               {"D", 'D', "#ffd500", {kB, kR, kL}}};
  return faces;
}

// The corner a face does not touch.
int oppositeCorner(const TetraFace& face) {
  for (int c = 0; c < 4; ++c) {
    if (std::find(face.corners.begin(), face.corners.end(), c) == face.corners.end()) return c;
  }
  throw std::logic_error("master_pyraminx: a face touches every corner");
}

// Sticker s of a face: rows from the top corner, row r holding 2r+1 triangles left to right
// (s = r² + k); even k point up, odd k down.
Weights stickerWeights(const TetraFace& face, int sticker) {
  int row = 0;
  while ((row + 1) * (row + 1) <= sticker) ++row;
  const int k = sticker - row * row;
  const int j = k / 2;
  const bool up = k % 2 == 0;
  Weights w = {0, 0, 0, 0};
  w[face.corners[0]] = up ? 10 - 3 * row : 11 - 3 * row;
  w[face.corners[1]] = up ? 3 * (row - j) + 1 : 3 * (row - j) - 1;
  w[face.corners[2]] = up ? 3 * j + 1 : 3 * j + 2;
  return w;
}

struct Sticker {
  std::string name;  // "F7"
  int face;
  Weights weights;
  Weights cell() const {  // the piece's cell: each weight rounded down
    Weights c;
    for (int i = 0; i < 4; ++i) c[i] = weights[i] / 3;
    return c;
  }
};

const std::vector<Sticker>& stickers() {
  static const std::vector<Sticker> all = [] {
    std::vector<Sticker> list;
    for (int f = 0; f < 4; ++f) {
      for (int s = 0; s < 16; ++s) {
        list.push_back(
            {tetraFaces()[f].name + std::to_string(s), f, stickerWeights(tetraFaces()[f], s)});
      }
    }
    return list;
  }();
  return all;
}

const Sticker& stickerAtWeights(const Weights& w) {
  for (const Sticker& s : stickers()) {
    if (s.weights == w) return s;
  }
  throw std::logic_error("master_pyraminx: no sticker at these weights");
}

// Turns of the whole tetrahedron, as where each corner goes: 120° clockwise looking at a corner
// (U takes L to B, B to R, R to L; the others follow by turning the puzzle).
const std::array<CornerMap, 4>& clockwise() {
  static const std::array<CornerMap, 4> turns = {
      {{kU, kB, kL, kR}, {kR, kL, kB, kU}, {kB, kU, kR, kL}, {kL, kR, kU, kB}}};
  return turns;
}

Weights mapped(const Weights& w, const CornerMap& to) {
  Weights image = {0, 0, 0, 0};
  for (int c = 0; c < 4; ++c) image[to[c]] = w[c];
  return image;
}

// Sticker cycles of `to` applied to the stickers that `moves` accepts.
template <typename Predicate>
std::vector<std::string> cyclesOf(const CornerMap& to, Predicate moves) {
  std::vector<std::string> cycles;
  std::set<std::string> done;
  for (const Sticker& start : stickers()) {
    if (!moves(start) || done.count(start.name)) continue;
    std::string cycle;
    for (const Sticker* s = &start; !done.count(s->name);
         s = &stickerAtWeights(mapped(s->weights, to))) {
      done.insert(s->name);
      if (!cycle.empty()) cycle += ' ';
      cycle += s->name;
    }
    if (cycle.find(' ') != std::string::npos) cycles.push_back(cycle);
  }
  return cycles;
}

std::vector<const Sticker*> stickersOfCell(const Weights& cell) {
  std::vector<const Sticker*> found;
  for (const Sticker& s : stickers()) {
    if (s.cell() == cell) found.push_back(&s);
  }
  return found;
}

const Sticker* onFace(const std::vector<const Sticker*>& piece, int face) {
  for (const Sticker* s : piece) {
    if (s->face == face) return s;
  }
  return nullptr;
}

// The face opposite a corner (F is opposite B, L opposite R, R opposite L, D opposite U).
int faceOpposite(int corner) {
  for (int f = 0; f < 4; ++f) {
    if (oppositeCorner(tetraFaces()[f]) == corner) return f;
  }
  throw std::logic_error("master_pyraminx: no face opposite a corner");
}

// A piece at corner V (tip or axial corner): stickers clockwise seen from outside, from the
// first face in F L R D order.
std::string cornerPiece(const Weights& cell, int corner) {
  const auto piece = stickersOfCell(cell);
  const Sticker* s = piece.front();
  std::string text;
  for (int i = 0; i < 3; ++i) {
    text += (i ? " " : "") + s->name;
    s = &stickerAtWeights(mapped(s->weights, clockwise()[corner]));
  }
  return text;
}

}  // namespace

PuzzleSpec masterPyraminx() {
  PuzzleSpec spec;
  spec.id = "master_pyraminx";
  spec.name = "Master Pyraminx";
  for (const TetraFace& face : tetraFaces()) {
    spec.faces.push_back({face.name, face.letter, 16, face.colour});
  }
  OrbitSpec tips{.name = "tip",
                 .pieces = {},
                 .orientations = 3,
                 .permutation = PermutationRule::Fixed,
                 .names = {kCornerNames.begin(), kCornerNames.end()}};
  OrbitSpec corners{.name = "corner",
                    .pieces = {},
                    .orientations = 3,
                    .permutation = PermutationRule::Fixed,
                    .names = {kCornerNames.begin(), kCornerNames.end()}};
  for (int c = 0; c < 4; ++c) {
    Weights tipCell = {0, 0, 0, 0}, cornerCell = {0, 0, 0, 0};
    tipCell[c] = 3;
    cornerCell[c] = 2;
    tips.pieces.push_back(cornerPiece(tipCell, c));
    corners.pieces.push_back(cornerPiece(cornerCell, c));
  }
  // Middle edges: one per pair of corners, its stickers in face order.
  OrbitSpec midges{.name = "midge",
                   .pieces = {},
                   .orientations = 2,
                   .permutation = PermutationRule::Even,
                   .orientationSumZero = true};
  for (int a = 0; a < 4; ++a) {
    for (int b = a + 1; b < 4; ++b) {
      Weights cell = {0, 0, 0, 0};
      cell[a] = cell[b] = 1;
      const auto piece = stickersOfCell(cell);
      midges.pieces.push_back(piece[0]->name + " " + piece[1]->name);
      midges.names.push_back(kCornerNames[a] + kCornerNames[b]);
    }
  }
  // Wings: one per corner X and edge X-Y, next to X's axial corner. They never turn in place: the
  // first sticker is the one on the face that misses the corner Z the clockwise turn about X
  // brings Y to, a rule every turn keeps.
  OrbitSpec wings{
      .name = "wing", .pieces = {}, .orientations = 1, .permutation = PermutationRule::Even};
  for (int x = 0; x < 4; ++x) {
    for (int y = 0; y < 4; ++y) {
      if (y == x) continue;
      Weights cell = {0, 0, 0, 0};
      cell[x] = 2;
      cell[y] = 1;
      const auto piece = stickersOfCell(cell);
      const int z = clockwise()[x][y];
      const int w = clockwise()[x][z];
      wings.pieces.push_back(onFace(piece, faceOpposite(z))->name + " " +
                             onFace(piece, faceOpposite(w))->name);
      wings.names.push_back(kCornerNames[x] + "-" + kCornerNames[y]);
    }
  }
  // Face centres: one sticker each, so their turn cannot be seen.
  OrbitSpec centres{.name = "centre", .pieces = {}, .permutation = PermutationRule::Even};
  for (const TetraFace& face : tetraFaces()) {
    centres.pieces.push_back(face.name + "6");
    centres.names.push_back(face.name);
  }
  spec.orbits = {tips, corners, midges, wings, centres};

  // Each corner's turns: its two outer layers (U), three layers (Uw) and the tip alone (u), as
  // deep as the weight towards it reaches (the tip's cell 3, the corner's 2, the midges' 1).
  const std::vector<PowerSpec> thirdTurns = {{1, ""}, {2, "'"}};
  const auto layersOf = [](int corner, int depth) {
    return cyclesOf(clockwise()[corner],
                    [=](const Sticker& s) { return s.weights[corner] / 3 >= depth; });
  };
  for (int c = 0; c < 4; ++c) spec.moves.push_back({kCornerNames[c], layersOf(c, 2), thirdTurns});
  for (int c = 0; c < 4; ++c) {
    spec.moves.push_back({kCornerNames[c] + "w", layersOf(c, 1), thirdTurns});
  }
  for (int c = 0; c < 4; ++c) {
    std::string tip = kCornerNames[c];
    tip[0] = static_cast<char>(tip[0] - 'A' + 'a');
    spec.moves.push_back({tip, layersOf(c, 3), thirdTurns});
  }
  spec.separable = SeparableSpec{"tip", "corner", {"u", "l", "r", "b"}, "tips"};
  // Inner slices, accepted on input: the second layer alone (2U = U u') and the third (3U = Uw U').
  for (int c = 0; c < 4; ++c) {
    const std::string& name = kCornerNames[c];
    const std::string tip(1, static_cast<char>(name[0] - 'A' + 'a'));
    spec.derivedMoves.push_back({"2" + name, name + " " + tip + "'", "", {{1, ""}, {-1, "'"}}});
    spec.derivedMoves.push_back({"3" + name, name + "w " + name + "'", "", {{1, ""}, {-1, "'"}}});
  }
  // The whole puzzle turned about U and about L (together the 12 rotations), and the mirror
  // image that swaps L and R.
  const auto everything = [](const Sticker&) { return true; };
  spec.symmetries = {{"U120", cyclesOf(clockwise()[kU], everything)},
                     {"L120", cyclesOf(clockwise()[kL], everything)}};
  spec.reflections = {{"mirrorLR", cyclesOf(CornerMap{kU, kR, kL, kB}, everything)}};
  // cubing.js (0.56) writes the Master Pyraminx in SiGN: U the tip, u the two outer layers, 3u
  // three layers; its 2U and 3U are our inner slices.
  spec.notations = {{.name = "cubing",
                     .description = "cubing.js: U the tip, u the tip and corner, 3u three layers",
                     .faceNames = {{"U", "u"},
                                   {"L", "l"},
                                   {"R", "r"},
                                   {"B", "b"},
                                   {"u", "U"},
                                   {"l", "L"},
                                   {"r", "R"},
                                   {"b", "B"},
                                   {"3u", "Uw"},
                                   {"3l", "Lw"},
                                   {"3r", "Rw"},
                                   {"3b", "Bw"}}}};
  // Optimal solving (docs/solvers/master-pyraminx-optimal.md): the tips apart (separable), then
  // tables over the six wings on the three edges at U and the three midges there, which the
  // turns about U and the mirror through U keep together, looked up at each of the four corners
  // (small: 27 MB; large: also the centres, 320 MB); and one over all the midges, centres
  // and corner twists reduced by all 24 symmetries.
  const CoordinateSpec wingsAtU = {.orbit = "wing", .pieces = {0, 1, 2, 3, 6, 9}};
  const CoordinateSpec midgesAtU = {.orbit = "midge", .pieces = {0, 1, 2}};
  const CoordinateSpec centrePlaces = {.orbit = "centre"};
  const CoordinateSpec cornerTwists = {.orbit = "corner", .positions = false};
  const CoordinateSpec allMidges = {.orbit = "midge"};
  const std::vector<std::string> keepU = {"U120", "mirrorLR"};
  const SymmetricTableSpec midgeTable = {"midges-centres-twists",
                                         {allMidges, centrePlaces},
                                         {cornerTwists},
                                         {"U120", "L120", "mirrorLR"}};
  spec.tableSets = {
      {"small", {{"wings-midges-at-corner", {wingsAtU}, {midgesAtU}, keepU}, midgeTable}},
      {"large",
       {{"wings-midges-at-corner-centres", {wingsAtU}, {midgesAtU, centrePlaces}, keepU},
        midgeTable}}};
  spec.solver = SolverKind::SymmetricIdaStar;
  spec.picture = {.solid = PictureSpec::Solid::Tetrahedron,
                  .tetrahedronFaces = {"ULR", "UBL", "URB", "BRL"},
                  .azimuth = 55,     // the eye of the pictures and of the 3D player
                  .elevation = -4};  // 4° below the base (puzzleGeometry's view)
  // The 3D player draws it from its description (docs/geometry.md).
  spec.description = "t v 0 v 1 v 2";
  return spec;
}

}  // namespace polytwist::puzzles
