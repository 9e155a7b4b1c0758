// Kilominx, the 2x2x2 of the dodecahedron (docs/puzzles/kilominx.md): 20 corners and nothing else.
// Each of the 12 faces turns 72° or 144° either way, each counting one move. There are no fixed
// centres, so positions are counted modulo the 60 rotations of the whole puzzle and searches fix
// the U-F-L corner (as seed 001 does).
//
// The dodecahedron is declared by each face's neighbours, clockwise as seen looking at the face;
// stickers, pieces, turns and whole-puzzle symmetries are derived from that one table. Sticker i
// of face X is the corner X shares with its neighbours i and i+1.
#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <stdexcept>

#include "puzzles/catalogue.hpp"

namespace polytwist::puzzles {

namespace {

struct KiloFace {
  std::string name;
  char letter;
  std::string colour;
  std::array<std::string, 5> neighbours;  // clockwise looking at the face
  std::pair<double, double> direction;    // for pictures: azimuth from F towards L, elevation
};

// The rings' faces lie atan(1/2) above and below the horizontal.
constexpr double kRing = 26.56505117707799;

// Seen from above with F at the front, U's ring runs clockwise F L BL BR R; the lower ring sits
// between them (DL between F and L, ...), D opposite U (PRODUCT.md). Letters are the colours.
const std::vector<KiloFace>& kiloFaces() {
  static const std::vector<KiloFace> faces = {
      {"U", 'W', "#ffffff", {"F", "L", "BL", "BR", "R"}, {0, 90}},
      {"F", 'G', "#1a9e3a", {"U", "R", "DR", "DL", "L"}, {0, kRing}},
      {"L", 'P', "#7b3fb5", {"U", "F", "DL", "DBL", "BL"}, {72, kRing}},
      {"BL", 'Y', "#ffd500", {"U", "L", "DBL", "DB", "BR"}, {144, kRing}},
      {"BR", 'B', "#1a62d6", {"U", "BL", "DB", "DBR", "R"}, {216, kRing}},
      {"R", 'R', "#d0021b", {"U", "BR", "DBR", "DR", "F"}, {288, kRing}},
      {"DL", 'C', "#7fd3ff", {"F", "DR", "D", "DBL", "L"}, {36, -kRing}},
      {"DR", 'E', "#f2dfb0", {"R", "DBR", "D", "DL", "F"}, {324, -kRing}},
      {"DBL", 'K', "#ff8fc8", {"L", "DL", "D", "DB", "BL"}, {108, -kRing}},
      {"DBR", 'M', "#9be15d", {"BR", "DB", "D", "DR", "R"}, {252, -kRing}},
      {"DB", 'O', "#ff7a00", {"BL", "DBL", "D", "DBR", "BR"}, {180, -kRing}},
      {"D", 'S', "#9aa0a6", {"DL", "DR", "DBR", "DB", "DBL"}, {0, -90}}};
  return faces;
}

const KiloFace& kiloFace(const std::string& name) {
  for (const KiloFace& face : kiloFaces()) {
    if (face.name == name) return face;
  }
  throw std::logic_error("kilominx: no face " + name);
}

// The sticker of face X at the corner X shares with faces a and b (in either order).
std::string stickerAt(const std::string& x, const std::string& a, const std::string& b) {
  const auto& ring = kiloFace(x).neighbours;
  for (int i = 0; i < 5; ++i) {
    const std::set<std::string> pair = {ring[i], ring[(i + 1) % 5]};
    if (pair == std::set<std::string>{a, b}) return x + std::to_string(i);
  }
  throw std::logic_error("kilominx: faces " + x + " " + a + " " + b + " share no corner");
}

// Sticker cycles of a map of faces onto faces that keeps the dodecahedron (a rotation or a
// reflection): the sticker of X at corner {X, a, b} goes to that of f(X) at {f(X), f(a), f(b)}.
std::vector<std::string> cyclesOf(const std::map<std::string, std::string>& f) {
  std::map<std::string, std::string> to;
  for (const KiloFace& face : kiloFaces()) {
    for (int i = 0; i < 5; ++i) {
      const std::string& a = face.neighbours[i];
      const std::string& b = face.neighbours[(i + 1) % 5];
      to[face.name + std::to_string(i)] = stickerAt(f.at(face.name), f.at(a), f.at(b));
    }
  }
  std::vector<std::string> cycles;
  std::set<std::string> done;
  for (const auto& [start, ignored] : to) {
    if (done.count(start) || to[start] == start) continue;
    std::string cycle;
    for (std::string s = start; !done.count(s); s = to[s]) {
      done.insert(s);
      if (!cycle.empty()) cycle += ' ';
      cycle += s;
    }
    cycles.push_back(cycle);
  }
  return cycles;
}

std::map<std::string, std::string> faceMap(
    std::initializer_list<std::pair<std::string, std::string>> moved) {
  std::map<std::string, std::string> f;
  for (const KiloFace& face : kiloFaces()) f[face.name] = face.name;
  for (const auto& [from, to] : moved) f[from] = to;
  return f;
}

// The fast solver's phases (docs/solvers/kilominx-fast.md): block building from U-F-L, which the
// solver holds home (the reference piece), so only the nine faces without it turn. Each phase
// solves, placed and twisted, the corners the next phase's faces leave alone: U's other four
// (1-4), F's (5-7), L's and R's (8 9, 13 14), then the eight of DB and D with those two faces.
std::vector<PhaseSpec> kilominxPhases() {
  const auto turnsOf = [](std::initializer_list<const char*> faces) {
    std::vector<std::string> moves;
    for (const char* face : faces) {
      for (const char* power : {"", "2", "2'", "'"}) moves.push_back(std::string(face) + power);
    }
    return moves;
  };
  const auto corners = [](std::vector<int> pieces, std::vector<int> confinedTo = {}) {
    return PhaseGoalSpec{
        .kind = PhaseGoalSpec::Kind::Coordinate,
        .orbit = "corner",
        .coordinate = {
            .orbit = "corner", .pieces = std::move(pieces), .confinedTo = std::move(confinedTo)}};
  };
  const std::vector<int> ringAndBelow = {8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
  const std::vector<int> lastTwoFaces = {10, 11, 12, 15, 16, 17, 18, 19};
  return {
      // Tables of three of the four corners (two of them ordered and twisted: 3,420 values).
      {.name = "U's corners",
       .moves = turnsOf({"BL", "BR", "R", "DL", "DR", "DBL", "DBR", "DB", "D"}),
       .goal = {corners({1, 2}), corners({3, 4}), corners({3}), corners({1})},
       .tables = {{0, 2}, {1, 3}}},
      {.name = "F's corners",
       .moves = turnsOf({"DL", "DR", "DBL", "DBR", "DB", "D"}),
       .goal = {corners({5, 6}), corners({7})},
       .tables = {{0, 1}}},
      // Confined to the twelve places the four faces turn: 1,188 values a pair, one exact table.
      {.name = "L's and R's corners",
       .moves = turnsOf({"DBL", "DBR", "DB", "D"}),
       .goal = {corners({8, 9}, ringAndBelow), corners({13, 14}, ringAndBelow)},
       .tables = {{0, 1}}},
      // 44 million positions: tables of five of the eight corners.
      {.name = "DB's and D's corners",
       .moves = turnsOf({"DB", "D"}),
       .goal = {corners({10, 11, 12}, lastTwoFaces), corners({15, 16, 17}, lastTwoFaces),
                corners({18, 19}, lastTwoFaces)},
       .tables = {{0, 2}, {1, 2}}}};
}

}  // namespace

PuzzleSpec kilominx() {
  PuzzleSpec spec;
  spec.id = "kilominx";
  spec.name = "Kilominx";
  for (const KiloFace& face : kiloFaces()) {
    spec.faces.push_back({face.name, face.letter, 5, face.colour});
  }
  // Corners in face order (U's five first, U-F-L the very first), stickers clockwise seen from
  // outside, starting on the face that lists the corner first.
  OrbitSpec corners{.name = "corner",
                    .pieces = {},
                    .orientations = 3,
                    .permutation = PermutationRule::Even,
                    .orientationSumZero = true};
  std::set<std::set<std::string>> seen;
  for (const KiloFace& face : kiloFaces()) {
    for (int i = 0; i < 5; ++i) {
      const std::string& a = face.neighbours[i];
      const std::string& b = face.neighbours[(i + 1) % 5];
      if (!seen.insert({face.name, a, b}).second) continue;
      corners.pieces.push_back(face.name + std::to_string(i) + " " + stickerAt(a, face.name, b) +
                               " " + stickerAt(b, face.name, a));
      corners.names.push_back(face.name + "-" + a + "-" + b);
    }
  }
  spec.orbits = {corners};
  spec.picture = {.solid = PictureSpec::Solid::Dodecahedron, .azimuth = 21.8, .elevation = 39.3};
  for (const KiloFace& face : kiloFaces()) {
    spec.picture.faceDirections.push_back(face.direction);
    spec.picture.rings.push_back(face.neighbours);
  }
  // A clockwise turn moves sticker i of the face to i+1 and the corner X shares with neighbours
  // i, i+1 to the one it shares with i+1, i+2.
  for (const KiloFace& face : kiloFaces()) {
    const auto& ring = face.neighbours;
    std::vector<std::string> cycles(3);
    for (int i = 0; i < 5; ++i) {
      const std::string& a = ring[i];
      const std::string& b = ring[(i + 1) % 5];
      const std::string stickers[] = {face.name + std::to_string(i), stickerAt(a, face.name, b),
                                      stickerAt(b, face.name, a)};
      for (int c = 0; c < 3; ++c) cycles[c].append(i ? " " : "").append(stickers[c]);
    }
    spec.moves.push_back({face.name, cycles, {{1, ""}, {2, "2"}, {3, "2'"}, {4, "'"}}});
  }
  // Whole-puzzle rotations: 72° about U (like U) and 120° about the U-F-L corner (U to F, F to L,
  // L to U); together the 60 rotations, which no sticker marks.
  spec.symmetries = {{"U72", cyclesOf(faceMap({{"F", "L"},
                                               {"L", "BL"},
                                               {"BL", "BR"},
                                               {"BR", "R"},
                                               {"R", "F"},
                                               {"DL", "DBL"},
                                               {"DBL", "DB"},
                                               {"DB", "DBR"},
                                               {"DBR", "DR"},
                                               {"DR", "DL"}}))},
                     {"UFL120", cyclesOf(faceMap({{"U", "F"},
                                                  {"F", "L"},
                                                  {"L", "U"},
                                                  {"BL", "R"},
                                                  {"R", "DL"},
                                                  {"DL", "BL"},
                                                  {"BR", "DR"},
                                                  {"DR", "DBL"},
                                                  {"DBL", "BR"},
                                                  {"D", "DB"},
                                                  {"DB", "DBR"},
                                                  {"DBR", "D"}}))}};
  spec.unmarkedRotation = "U72 UFL120";
  // The mirror image in the plane through U's centre and the U-F-L corner (F and L swap).
  spec.reflections = {{"mirrorUFL", cyclesOf(faceMap({{"F", "L"},
                                                      {"L", "F"},
                                                      {"BL", "R"},
                                                      {"R", "BL"},
                                                      {"DBL", "DR"},
                                                      {"DR", "DBL"},
                                                      {"DB", "DBR"},
                                                      {"DBR", "DB"}}))}};
  // The 3D player draws it from its description (docs/geometry.md): cubing.js's Kilominx, a
  // Megaminx cut deeper with only its corners kept, its faces named as on a Megaminx.
  spec.description = "d f 0.56 without centres edges";
  spec.descriptionNotation = "megaminx";
  spec.referencePiece = "U-F-L";
  // Other tools name the lower faces as on a megaminx held with F in front; seed 001 writes its
  // sequences in the frame of its solver, which holds U-F-L in place.
  spec.notations = {
      {.name = "megaminx",
       .description = "faces U F L R BL BR, FL FR below F, DL DR B below them, D",
       .faceNames = {{"FL", "DL"}, {"FR", "DR"}, {"DL", "DBL"}, {"DR", "DBR"}, {"B", "DB"}}},
      {.name = "seed001",
       .description = "seed 001's moving frame: after each U, F or L turn the puzzle is turned "
                      "back so that the U-F-L corner is home",
       .referenceFrame = true}};
  // Optimal solving (docs/solvers/kilominx-optimal.md) holds U-F-L in place; the tables track
  // corners of that puzzle, numbered without U-F-L (0 = U-L-BL ... 18 = DBR-DB-D, the opposite
  // corner). Its symmetries keep U-F-L: the turn about it and the mirror. Three corners next to
  // U-F-L {0, 3, 6} and three next to the opposite corner {11, 16, 17} are each mapped onto
  // themselves by both; {1, 4, 7} only by the turn (the mirror takes it to {2, 5, 8}).
  const CoordinateSpec nearReference = {.orbit = "corner", .pieces = {0, 3, 6}};
  const CoordinateSpec nearOpposite = {.orbit = "corner", .pieces = {11, 16, 17}};
  const CoordinateSpec nearOppositePlaces = {
      .orbit = "corner", .pieces = {11, 16, 17}, .orientations = false};
  const CoordinateSpec upperRing = {.orbit = "corner", .pieces = {1, 4, 7}};
  const CoordinateSpec nearOppositeSet = {
      .orbit = "corner", .pieces = {11, 16, 17}, .orientations = false, .unordered = true};
  const CoordinateSpec opposite = {.orbit = "corner", .pieces = {18}};
  const std::vector<std::string> keepReference = {"UFL120", "mirrorUFL"};
  spec.tableSets = {
      {"small",
       {{"near-corners-far-places", {nearReference}, {nearOppositePlaces}, keepReference}}},
      {"medium",
       {{"near-opposite-corners-far-set",
         {nearReference},
         {nearOppositeSet, opposite},
         keepReference}}},
      {"large",
       {{"near-and-far-corners", {nearReference}, {nearOpposite}, keepReference},
        {"near-and-ring-corners", {nearReference}, {upperRing}, {"UFL120"}}}}};
  spec.solver = SolverKind::SymmetricIdaStar;
  spec.phases = kilominxPhases();
  // Above the longest first solution of the phases seen (36 moves in 1,000 random states), so
  // the first is taken (docs/solvers/kilominx-fast.md).
  spec.fastTarget = 40;
  return spec;
}

}  // namespace polytwist::puzzles
