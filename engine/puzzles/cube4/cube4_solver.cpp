// The 4x4x4's reduction solver (cube4_solver.hpp; docs/solvers/cube4-reduction.md).
//
// The moves are WCA's: U D F B R L and Uw Rw Fw, which never turn the three inner slices next to
// D, L and B, so the centres have homes. Each phase keeps what the ones before did with fewer
// moves, and the last reduction phase leaves a 3x3x3 that its outer turns solve:
//   1. the R and L centres onto R and L, with every move;
//   2. with U D F B R L, Rw, Uw2 Fw2: the U and D centres onto U and D, the F and B centres in an
//      arrangement phase 3's moves can solve, the wings' permutation even, and each wing in its
//      orbit under phase 3's moves (those split the wings into two orbits of twelve, one wing of
//      each dedge in each; only quarter turns of F, B and inner slices mix them);
//   3. with U D R L, F2 B2, Uw2 Rw2 Fw2: the wings of four dedges into the middle layer, where
//      phase 4's moves keep them, and the centres into an arrangement phase 4 can solve;
//   4. with U D, F2 B2 R2 L2, Uw2 Rw2 Fw2: the centres home and every dedge paired, the order of
//      the dedges as even as the corners' (no parity for the 3x3x3).
// The 3x3x3 that the stickers then show is solved by the 3x3x3's two-phase solver.
// Which wing of a dedge counts for phase 2's first orbit is free (an even number of dedges
// swapped: an odd one would leave the 3x3x3 one edge flipped), and so are phase 3's four dedges:
// each phase takes the choice closest to its goal.
//
// Each phase is a StackWalk walk (IDA*) under exact tables that the layered BFS fills. Positions
// are read as bit masks (which centre places hold a colour, which wing places hold wings of a
// kind); a move takes a mask to a mask by three byte lookups, and the largest tables are indexed
// by the mask itself (the values no position has are marked as such), so they need no ranking
// and no move table. Phase 4's pairing is the permutation that takes each wing of the first orbit
// to its partner, as ranks with move tables: every dedge paired when it is the identity.
#include "puzzles/cube4/cube4_solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/facelets.hpp"
#include "core/ranking.hpp"
#include "search/layered_bfs.hpp"
#include "search/stack_walk.hpp"

namespace polytwist::cube4 {

namespace {

// The moves: base b (U D F B R L Uw Rw Fw) turned k + 1 quarters is move 3b + k.
constexpr std::array<const char*, 9> kBaseNames = {"U", "D", "F", "B", "R", "L", "Uw", "Rw", "Fw"};
constexpr std::array<int, 9> kAxisOf = {0, 0, 1, 1, 2, 2, 0, 2, 1};
constexpr int kMoveCount = 27;
constexpr int kU = 0, kD = 1, kF = 2, kB = 3, kR = 4, kL = 5, kUw = 6, kRw = 7, kFw = 8;
int baseOf(int move) { return move / 3; }
int quartersOf(int move) { return move % 3 + 1; }
std::string moveName(int move) {
  static constexpr std::array<const char*, 3> kSuffix = {"", "2", "'"};
  return std::string(kBaseNames[baseOf(move)]) + kSuffix[move % 3];
}
std::vector<int> turnsOf(std::initializer_list<int> quarterBases,
                         std::initializer_list<int> halfBases) {
  std::vector<int> moves;
  for (int b : quarterBases) {
    for (int k = 0; k < 3; ++k) moves.push_back(3 * b + k);
  }
  for (int b : halfBases) moves.push_back(3 * b + 1);
  return moves;
}

// Centre places are numbered face by face (U D F B R L, four each), so each axis's eight places
// are one byte of a mask; wing places by the edge they lie on (the twelve edges in the order of
// the puzzle's wings), those of phase 2's first orbit first.
constexpr std::string_view kFaceOrder = "UDFBRL";
constexpr int kEdges = 12;
constexpr std::uint32_t kRightLeftHome = 0xFF0000;   // places of R and L
constexpr std::uint32_t kUpDownHome = 0x0000FF;      // places of U and D
constexpr std::uint32_t kFirstOrbit = 0x000FFF;      // wing places of the first orbit
constexpr std::uint32_t kAxisFirstFaces = 0x0F0F0F;  // places of U, F and R
constexpr std::uint32_t kRightLeftColours = 0b110000, kUpDownColours = 0b000011,
                        kFrontColour = 0b000100, kAxisFirstColours = 0b010101;

// Canonical order: no base twice in a row, and of two bases of one axis (which commute) the
// lower first.
FollowerLists followersOf(const std::vector<int>& moves) {
  FollowerLists lists(kMoveCount + 1);
  for (int last = -1; last < kMoveCount; ++last) {
    for (int move : moves) {
      if (last >= 0 &&
          (baseOf(move) == baseOf(last) ||
           (kAxisOf[baseOf(move)] == kAxisOf[baseOf(last)] && baseOf(move) < baseOf(last)))) {
        continue;
      }
      lists[last + 1].push_back(move);
    }
  }
  return lists;
}

// Consecutive turns of one base as one (R R' as nothing, R R as R2).
std::vector<int> merged(const std::vector<int>& moves) {
  std::vector<int> out;
  for (int move : moves) {
    if (!out.empty() && baseOf(out.back()) == baseOf(move)) {
      const int quarters = (quartersOf(out.back()) + quartersOf(move)) % 4;
      out.pop_back();
      if (quarters != 0) out.push_back(3 * baseOf(move) + quarters - 1);
      continue;
    }
    out.push_back(move);
  }
  return out;
}

// The 3x3x3 a reduced 4x4x4 shows: the corner, outer edge and inner centre stickers of each face.
std::string reducedFacelets(const std::string& cube4Facelets) {
  constexpr std::array<int, 3> kRowOf = {0, 1, 3};
  std::string out;
  for (std::size_t face = 0; face < kFaceOrder.size(); ++face) {
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) out += cube4Facelets[face * 16 + kRowOf[r] * 4 + kRowOf[c]];
    }
  }
  return out;
}

}  // namespace

// One move on masks: bit i of the result is bit from[i] of the mask, three byte lookups.
struct MaskMove {
  std::array<std::array<std::uint32_t, 256>, 3> byByte{};
  void build(const std::array<std::uint8_t, 24>& from) {
    for (int i = 0; i < 24; ++i) {
      const int source = from[i];
      for (int v = 0; v < 256; ++v) {
        if ((v >> (source % 8)) & 1) byByte[source / 8][v] |= std::uint32_t{1} << i;
      }
    }
  }
  std::uint32_t operator()(std::uint32_t mask) const {
    return byByte[0][mask & 0xFF] | byByte[1][(mask >> 8) & 0xFF] | byByte[2][mask >> 16];
  }
};

// Masks of n bits with k set, ranked in increasing order, and back.
struct MaskRanks {
  std::vector<std::uint16_t> rank;
  std::vector<std::uint32_t> mask;
  MaskRanks(int n, int k) : rank(std::size_t{1} << n) {
    for (std::uint32_t m = 0; m < rank.size(); ++m) {
      if (std::popcount(m) != k) continue;
      rank[m] = static_cast<std::uint16_t>(mask.size());
      mask.push_back(m);
    }
  }
};

// A table of exact distances (4 bits each; kNoPosition for entries that are no position, 15 for
// those no moves reach or beyond 13 moves).
struct DistanceWords {
  std::vector<std::uint64_t> words;
  std::uint64_t size = 0;
  int at(std::uint64_t i) const { return graphDistance(words, i); }
};

namespace {

// The tables' entries and how a move changes one. One type for every table, so that the layered
// BFS (a template) is compiled once: a table per lambda made the engine's .wasm 27 KB (gzip)
// larger.
enum class TableKind { CentreMask, WingMask, UpDown, AxisCentres, Middle, Pairs };
struct TableMoves {
  const ReductionSolver::Tables& t;
  TableKind kind;
  std::uint64_t operator()(std::uint64_t i, int move) const;
};
// The layered BFS over entries 0..size-1; valid(i) says which entries are positions.
struct IndexGraph {
  const std::vector<int>& moves;
  const TableMoves& next;
  template <typename Visit>
  bool successors(std::uint64_t i, Visit visit) const {
    for (int move : moves) {
      if (visit(next(i, move))) return true;
    }
    return false;
  }
  template <typename Visit>
  bool predecessors(std::uint64_t i, Visit visit) const {
    return successors(i, visit);  // every phase's moves hold their inverses
  }
};
bool everyEntry(std::uint64_t) { return true; }
DistanceWords distancesOver(std::uint64_t size, const std::vector<int>& moves,
                            const TableMoves& next, bool (*valid)(std::uint64_t),
                            const std::vector<std::uint64_t>& goals) {
  DistanceWords table;
  table.size = size;
  table.words.assign(PackedEntries<4>::wordsFor(size), ~std::uint64_t{0});
  const PackedEntries<4> entries(table.words.data(), size);
  for (std::uint64_t i = 0; i < size; ++i) {
    if (!valid(i)) entries.set(i, kNoPosition);
  }
  for (std::uint64_t goal : goals) entries.set(goal, 0);
  fillGraphDistances(IndexGraph{moves, next}, entries, goals.size(), kNoPosition - 1);
  return table;
}

// The position in the solver's own numbering.
struct Cube {
  // The corners' places only (their parity is phase 4's; the 3x3x3 is read from the stickers).
  std::array<std::uint8_t, 8> corners{};
  std::array<std::uint8_t, 24> wings{};    // the home place of the wing at each place
  std::array<std::uint8_t, 24> centres{};  // the colour (face) at each centre place
};

constexpr int kMaxPhaseDepth = 24;
enum Phase { kCentresRightLeft, kOrbits, kMiddleLayer, kPairs };
constexpr int kReductionPhases = 4;

}  // namespace

struct ReductionSolver::Tables {
  // The puzzle's numbering.
  int cornerOffset = 0, wingOffset = 0, centreOffset = 0;
  std::array<int, kMoveCount> puzzleMove{};
  std::array<int, 24> wingPlace{};          // the solver's wing place -> the puzzle's position
  std::array<int, 24> wingOfPosition{};     // and back
  std::array<int, 24> centrePlace{};        // the same for centres
  std::array<int, 24> faceOfCentrePiece{};  // the puzzle's centre piece -> its colour
  // Each move in the solver's numbering.
  std::array<std::array<std::uint8_t, 8>, kMoveCount> cornerFrom{};
  std::array<std::array<std::uint8_t, 24>, kMoveCount> wingFrom{}, centreFrom{};
  std::array<MaskMove, kMoveCount> wingMask{}, centreMask{};
  std::array<std::uint8_t, kMoveCount> wingFlip{};  // odd on the wings (inner quarter turns)

  std::array<std::vector<int>, kReductionPhases> moves;
  std::array<FollowerLists, kReductionPhases> followers;
  MaskRanks sixteenEight{16, 8}, twelveFour{12, 4}, eightFour{8, 4};

  // Phase 4's pairing: the middle layer's edges and the others, each wing place's index among
  // its kind's, and per move of phase 4 the permutation ranks and the parity of the first orbit's
  // order against the corners'.
  std::uint32_t middleEdges = 0;                  // a mask of edges
  std::array<std::uint8_t, kEdges> indexAmong{};  // of its edge among the middle's or the others'
  std::vector<std::uint16_t> outerPairMove;       // 8! ranks × 27
  std::vector<std::uint8_t> middlePairMove;       // 4! ranks × 27
  std::array<std::uint8_t, kMoveCount> parityFlip{};
  std::array<bool, 24> middlePairingSolvable{};  // the middle pairings phase 4 reaches

  DistanceWords rightLeft;       // phase 1: the mask of R and L centres
  DistanceWords upDown;          // phase 2: U and D centres, F among the rest, the wings' parity
  DistanceWords orbits;          // phase 2: the mask of wing places holding first-orbit wings
  DistanceWords middle;          // phase 3: the places of four dedges' wings (two C(12,4) ranks)
  DistanceWords axisCentres[2];  // phases 3 and 4: U, F, R among their axes' places
  DistanceWords pairs;           // phase 4: the outer and middle pairings, the parity

  Cube cubeOf(const State& s) const {
    Cube cube;
    for (int i = 0; i < 8; ++i) {
      cube.corners[i] = s.pieces[cornerOffset + i];
    }
    for (int i = 0; i < 24; ++i) {
      cube.wings[i] =
          static_cast<std::uint8_t>(wingOfPosition[s.pieces[wingOffset + wingPlace[i]]]);
      cube.centres[i] =
          static_cast<std::uint8_t>(faceOfCentrePiece[s.pieces[centreOffset + centrePlace[i]]]);
    }
    return cube;
  }
  Cube moved(const Cube& cube, int move) const {
    Cube next;
    for (int i = 0; i < 8; ++i) {
      next.corners[i] = cube.corners[cornerFrom[move][i]];
    }
    for (int i = 0; i < 24; ++i) {
      next.wings[i] = cube.wings[wingFrom[move][i]];
      next.centres[i] = cube.centres[centreFrom[move][i]];
    }
    return next;
  }
  Cube moved(Cube cube, const std::vector<int>& moves) const {
    for (int move : moves) cube = moved(cube, move);
    return cube;
  }
  static std::uint32_t colourMask(const Cube& cube, std::uint32_t colours) {
    std::uint32_t mask = 0;
    for (int i = 0; i < 24; ++i) {
      if ((colours >> cube.centres[i]) & 1) mask |= std::uint32_t{1} << i;
    }
    return mask;
  }
  // Whether the wing with home place h counts for the first orbit, the dedges of `swapped` (a
  // mask of edges) counting the other wing.
  static bool firstOrbitWing(int home, std::uint32_t swapped) {
    return (home < kEdges) != static_cast<bool>((swapped >> (home % kEdges)) & 1);
  }
  static std::uint32_t orbitMask(const Cube& cube, std::uint32_t swapped) {
    std::uint32_t mask = 0;
    for (int i = 0; i < 24; ++i) {
      if (firstOrbitWing(cube.wings[i], swapped)) mask |= std::uint32_t{1} << i;
    }
    return mask;
  }
  // The wing places holding the dedges of `dedges` (a mask of edges).
  static std::uint32_t dedgeMask(const Cube& cube, std::uint32_t dedges) {
    std::uint32_t mask = 0;
    for (int i = 0; i < 24; ++i) {
      if ((dedges >> (cube.wings[i] % kEdges)) & 1) mask |= std::uint32_t{1} << i;
    }
    return mask;
  }

  // Phase 2's centres: the U and D centres' places (16 bits), the F centres' among the other
  // eight, the wings' parity.
  std::uint32_t upDownIndex(std::uint32_t upDown, std::uint32_t front, std::uint32_t parity) const {
    std::uint32_t among = 0;
    int k = 0;
    for (std::uint32_t rest = ~upDown & 0xFFFF; rest != 0; rest &= rest - 1, ++k) {
      if ((front >> std::countr_zero(rest)) & 1) among |= std::uint32_t{1} << k;
    }
    return (sixteenEight.rank[upDown] * 70u + eightFour.rank[among]) * 2 + parity;
  }
  std::uint32_t middleIndex(std::uint32_t mask) const {
    return twelveFour.rank[mask & 0xFFF] * 495u + twelveFour.rank[mask >> 12];
  }
  std::uint32_t axisIndex(std::uint32_t mask) const {
    return (eightFour.rank[mask & 0xFF] * 70u + eightFour.rank[(mask >> 8) & 0xFF]) * 70u +
           eightFour.rank[mask >> 16];
  }
};

namespace {

using Tables = ReductionSolver::Tables;

// Phase 4's pairings of a cube whose first-orbit wings are at first-orbit places and whose
// middle layer holds four dedges: per first-orbit place (its index among the middle's or the
// outer edges), the index of its partner's place.
std::array<std::uint8_t, kEdges> partnerEdges(const Cube& cube) {
  std::array<std::uint8_t, kEdges> edgeOfSecond{}, partner{};
  for (int p = kEdges; p < 24; ++p) {
    edgeOfSecond[cube.wings[p] % kEdges] = static_cast<std::uint8_t>(p - kEdges);
  }
  for (int e = 0; e < kEdges; ++e) partner[e] = edgeOfSecond[cube.wings[e] % kEdges];
  return partner;
}
template <int n>
std::uint32_t pairingRank(const Tables& t, const Cube& cube, bool middle) {
  const std::array<std::uint8_t, kEdges> partner = partnerEdges(cube);
  std::array<std::uint8_t, n> tau{};
  for (int e = 0; e < kEdges; ++e) {
    if (static_cast<bool>((t.middleEdges >> e) & 1) == middle) {
      tau[t.indexAmong[e]] = t.indexAmong[partner[e]];
    }
  }
  return static_cast<std::uint32_t>(rankPartialPermutation(tau, n));
}
std::uint32_t middlePairing(const Tables& t, const Cube& cube) {
  return pairingRank<4>(t, cube, true);
}

// The phases as StackWalk nodes: each says how a move changes its node, its estimate (0 at its
// goal's tables) and what else its goal asks.
struct RightLeftPhase {
  using Node = std::uint32_t;
  const Tables& t;
  std::size_t wanted;
  std::vector<std::vector<int>> solutions;
  Node moved(Node n, int move) const { return t.centreMask[move](n); }
  int estimate(Node n) const { return t.rightLeft.at(n); }
  template <typename Walk>
  bool accept(Node, const Walk& walk) {
    solutions.push_back(walk.path());
    return solutions.size() >= wanted;
  }
};

struct OrbitsPhase {
  struct Node {
    std::uint32_t upDown, front, parity, orbits;
  };
  const Tables& t;
  Node moved(const Node& n, int move) const {
    return {t.centreMask[move](n.upDown), t.centreMask[move](n.front), n.parity ^ t.wingFlip[move],
            t.wingMask[move](n.orbits)};
  }
  int estimate(const Node& n) const {
    return std::max(t.upDown.at(t.upDownIndex(n.upDown, n.front, n.parity)), t.orbits.at(n.orbits));
  }
  template <typename Walk>
  bool accept(const Node&, const Walk&) {
    return true;
  }
};

struct MiddlePhase {
  struct Node {
    std::uint32_t dedges, centres;
  };
  const Tables& t;
  Cube start;
  // Phase 4's moves pair the middle layer's wings only from some pairings (4 of the 24).
  template <typename Walk>
  bool accept(const Node&, const Walk& walk) {
    const Cube end = t.moved(start, walk.path());
    return t.middlePairingSolvable[middlePairing(t, end)];
  }
  Node moved(const Node& n, int move) const {
    return {t.wingMask[move](n.dedges), t.centreMask[move](n.centres)};
  }
  int estimate(const Node& n) const {
    return std::max(t.middle.at(t.middleIndex(n.dedges)),
                    t.axisCentres[0].at(t.axisIndex(n.centres)));
  }
};

struct PairsPhase {
  struct Node {
    std::uint16_t outer;
    std::uint8_t middle, parity;
    std::uint32_t centres;
  };
  const Tables& t;
  Node moved(const Node& n, int move) const {
    return {t.outerPairMove[n.outer * kMoveCount + move],
            t.middlePairMove[n.middle * kMoveCount + move],
            static_cast<std::uint8_t>(n.parity ^ t.parityFlip[move]),
            t.centreMask[move](n.centres)};
  }
  int estimate(const Node& n) const {
    return std::max(t.pairs.at((n.outer * 24u + n.middle) * 2 + n.parity),
                    t.axisCentres[1].at(t.axisIndex(n.centres)));
  }
  template <typename Walk>
  bool accept(const Node&, const Walk&) {
    return true;
  }
};

template <typename Phase>
class PhaseWalk : public StackWalk<PhaseWalk<Phase>> {
  using Walk = StackWalk<PhaseWalk<Phase>>;

 public:
  PhaseWalk(Phase& phase, const FollowerLists& followers, const typename Phase::Node& start)
      : Walk(followers, kMaxPhaseDepth), phase_(phase) {
    nodes_[0] = start;
  }
  int estimate() const { return phase_.estimate(nodes_[0]); }
  void beforePass(int) {}
  bool enterPrefix(int, int) { return true; }
  void expand(int) {}
  bool enter(int g, int move) {
    nodes_[g + 1] = phase_.moved(nodes_[g], move);
    return g + 1 + phase_.estimate(nodes_[g + 1]) <= this->bound();
  }
  bool atGoal() {
    const auto& node = nodes_[this->top()];
    return phase_.estimate(node) == 0 && phase_.accept(node, *this);
  }

 private:
  Phase& phase_;
  std::array<typename Phase::Node, kMaxPhaseDepth + 1> nodes_{};
};

// Deepens a walk from its estimate to its first goal within the options' node limit, seeing to
// cancellation between slices of nodes: the moves, or nullopt.
constexpr std::uint64_t kSliceNodes = 1 << 16;
template <typename Phase>
std::optional<std::vector<int>> deepen(Phase& phase, const FollowerLists& followers,
                                       const typename Phase::Node& start,
                                       const TwoPhaseOptions& options, std::uint64_t& nodes) {
  PhaseWalk<Phase> walk(phase, followers, start);
  for (int bound = walk.estimate(); bound <= kMaxPhaseDepth; ++bound) {
    if (!walk.begin(bound, {})) continue;
    for (;;) {
      const WalkStep step = walk.walk(std::min(options.maxNodes, nodes + kSliceNodes), nodes);
      if (step == WalkStep::Found) return walk.path();
      if (step == WalkStep::Exhausted) break;
      if (nodes >= options.maxNodes || options.cancel.requested()) return std::nullopt;
    }
  }
  return std::nullopt;
}

// A union of positions' orbits under some moves.
struct Orbits {
  std::array<int, 24> root{};
  Orbits() {
    for (int i = 0; i < 24; ++i) root[i] = i;
  }
  int find(int i) const {
    while (root[i] != i) i = root[i];
    return i;
  }
  void join(const std::array<std::uint8_t, 24>& from) {
    for (int i = 0; i < 24; ++i) root[find(i)] = find(from[i]);
  }
};

std::uint64_t TableMoves::operator()(std::uint64_t i, int move) const {
  const auto mask32 = static_cast<std::uint32_t>(i);
  const MaskRanks& fours = t.eightFour;
  switch (kind) {
    case TableKind::CentreMask:
      return t.centreMask[move](mask32);
    case TableKind::WingMask:
      return t.wingMask[move](mask32);
    case TableKind::UpDown: {
      // The U and D centres' mask (ranked), the F centres among the other eight, the parity.
      const std::uint32_t upDown = t.sixteenEight.mask[i / 140];
      const std::uint32_t among = fours.mask[i / 2 % 70];
      std::uint32_t front = 0;
      int k = 0;
      for (std::uint32_t rest = ~upDown & 0xFFFF; rest != 0; rest &= rest - 1, ++k) {
        if ((among >> k) & 1) front |= std::uint32_t{1} << std::countr_zero(rest);
      }
      return t.upDownIndex(t.centreMask[move](upDown), t.centreMask[move](front),
                           (i & 1) ^ t.wingFlip[move]);
    }
    case TableKind::AxisCentres: {
      const std::uint32_t mask =
          fours.mask[i / 4900] | fours.mask[i / 70 % 70] << 8 | fours.mask[i % 70] << 16;
      return t.axisIndex(t.centreMask[move](mask));
    }
    case TableKind::Middle: {
      const std::uint32_t mask = t.twelveFour.mask[i / 495] | t.twelveFour.mask[i % 495] << 12;
      return t.middleIndex(t.wingMask[move](mask));
    }
    case TableKind::Pairs:
      return (t.outerPairMove[i / 48 * kMoveCount + move] * 24u +
              t.middlePairMove[i / 2 % 24 * kMoveCount + move]) *
                 2 +
             ((i & 1) ^ t.parityFlip[move]);
  }
  return i;
}

Tables buildTables(const Puzzle& puzzle) {
  Tables t;
  const auto fail = [](const std::string& what) {
    throw std::invalid_argument("the 4x4x4 reduction solver: " + what);
  };
  const int cornerOrbit = puzzle.orbitIndex("corner"), wingOrbit = puzzle.orbitIndex("wing"),
            centreOrbit = puzzle.orbitIndex("centre");
  if (cornerOrbit < 0 || wingOrbit < 0 || centreOrbit < 0) fail("no corners, wings or centres");
  const Orbit& corners = puzzle.orbits()[cornerOrbit];
  const Orbit& wings = puzzle.orbits()[wingOrbit];
  const Orbit& centres = puzzle.orbits()[centreOrbit];
  if (corners.size != 8 || wings.size != 24 || centres.size != 24) fail("not a 4x4x4");
  t.cornerOffset = corners.offset;
  t.wingOffset = wings.offset;
  t.centreOffset = centres.offset;
  for (int m = 0; m < kMoveCount; ++m) {
    const std::optional<int> found = puzzle.findMove(moveName(m));
    if (!found) fail("no move " + moveName(m));
    t.puzzleMove[m] = *found;
  }
  t.moves[kCentresRightLeft] = turnsOf({kU, kD, kF, kB, kR, kL, kUw, kRw, kFw}, {});
  t.moves[kOrbits] = turnsOf({kU, kD, kF, kB, kR, kL, kRw}, {kUw, kFw});
  t.moves[kMiddleLayer] = turnsOf({kU, kD, kR, kL}, {kF, kB, kUw, kRw, kFw});
  t.moves[kPairs] = turnsOf({kU, kD}, {kF, kB, kR, kL, kUw, kRw, kFw});
  for (int p = 0; p < kReductionPhases; ++p) t.followers[p] = followersOf(t.moves[p]);

  // The puzzle's wing positions moved by each move, and their orbits under phase 3's moves and
  // under phase 4's.
  const auto positionsFrom = [&](int m) {
    std::array<std::uint8_t, 24> from{};
    const State& effect = puzzle.moves()[t.puzzleMove[m]].effect;
    for (int i = 0; i < 24; ++i) from[i] = effect.pieces[wings.offset + i];
    return from;
  };
  Orbits third, fourth;
  for (int m : t.moves[kMiddleLayer]) third.join(positionsFrom(m));
  for (int m : t.moves[kPairs]) fourth.join(positionsFrom(m));
  // The edges, by the faces of their wings, in the order the wings come.
  std::vector<std::string> edgeNames;
  std::array<int, 24> edgeOf{};
  for (int i = 0; i < 24; ++i) {
    std::string name = wings.pieceNames[i];
    std::sort(name.begin(), name.end());
    const auto at = std::find(edgeNames.begin(), edgeNames.end(), name);
    edgeOf[i] = static_cast<int>(at - edgeNames.begin());
    if (at == edgeNames.end()) edgeNames.push_back(name);
  }
  if (edgeNames.size() != kEdges) fail("wings on other than twelve edges");
  std::array<int, kEdges> filled{};
  for (int i = 0; i < 24; ++i) {
    const bool first = third.find(i) == third.find(0);
    if (filled[edgeOf[i]] & (first ? 1 : 2)) fail("an edge with two wings of one orbit");
    filled[edgeOf[i]] |= first ? 1 : 2;
    const int place = edgeOf[i] + (first ? 0 : kEdges);
    t.wingOfPosition[i] = place;
    t.wingPlace[place] = i;
  }
  // The middle layer: the edges whose wings phase 4's moves keep among four places.
  std::array<int, kEdges> among{};
  for (int e = 0; e < kEdges; ++e) {
    const int orbit = fourth.find(t.wingPlace[e]);
    const int size = static_cast<int>(std::count_if(
        t.wingPlace.begin(), t.wingPlace.end(), [&](int i) { return fourth.find(i) == orbit; }));
    if (size == 4) t.middleEdges |= 1u << e;
    t.indexAmong[e] = static_cast<std::uint8_t>(among[size == 4]++);
  }
  if (std::popcount(t.middleEdges) != 4) fail("no middle layer of four edges");
  // Centre places face by face.
  std::array<int, 6> perFace{};
  for (int i = 0; i < 24; ++i) {
    const auto face = kFaceOrder.find(centres.pieceNames[i]);
    if (face == std::string_view::npos || perFace[face] == 4) fail("centres not four per face");
    const int place = static_cast<int>(face) * 4 + perFace[face]++;
    t.centrePlace[place] = i;
    t.faceOfCentrePiece[i] = static_cast<int>(face);
  }
  std::array<int, 24> centreOfPosition{};
  for (int p = 0; p < 24; ++p) centreOfPosition[t.centrePlace[p]] = p;

  for (int m = 0; m < kMoveCount; ++m) {
    const State& effect = puzzle.moves()[t.puzzleMove[m]].effect;
    for (int i = 0; i < 8; ++i) {
      t.cornerFrom[m][i] = effect.pieces[corners.offset + i];
    }
    for (int p = 0; p < 24; ++p) {
      t.wingFrom[m][p] =
          static_cast<std::uint8_t>(t.wingOfPosition[effect.pieces[wings.offset + t.wingPlace[p]]]);
      t.centreFrom[m][p] = static_cast<std::uint8_t>(
          centreOfPosition[effect.pieces[centres.offset + t.centrePlace[p]]]);
    }
    t.wingMask[m].build(t.wingFrom[m]);
    t.centreMask[m].build(t.centreFrom[m]);
    t.wingFlip[m] = static_cast<std::uint8_t>(permutationParity(t.wingFrom[m]));
  }

  // Phase 4's pairings: τ(i) = the index of the place of the partner of the first-orbit wing at
  // place index i, among the outer (8) or middle (4) edges. A move takes the wing at index i to
  // index to[i], and its partner likewise: τ'(to1[i]) = to2[τ(i)].
  t.outerPairMove.assign(40320 * kMoveCount, 0);
  t.middlePairMove.assign(24 * kMoveCount, 0);
  for (int m : t.moves[kPairs]) {
    std::array<std::uint8_t, 8> outerTo[2]{};
    std::array<std::uint8_t, 4> middleTo[2]{};
    std::array<std::uint8_t, kEdges> firstFrom{};
    for (int p = 0; p < 24; ++p) {
      const int from = t.wingFrom[m][p];
      const int e = p % kEdges, fromEdge = from % kEdges;
      if ((from < kEdges) != (p < kEdges) ||
          ((t.middleEdges >> e) & 1) != ((t.middleEdges >> fromEdge) & 1)) {
        fail("phase 4's moves mix its orbits");
      }
      std::uint8_t* to =
          (t.middleEdges >> e) & 1 ? middleTo[p / kEdges].data() : outerTo[p / kEdges].data();
      to[t.indexAmong[fromEdge]] = t.indexAmong[e];
      if (p < kEdges) firstFrom[p] = static_cast<std::uint8_t>(from);
    }
    t.parityFlip[m] = static_cast<std::uint8_t>(permutationParity(firstFrom) ^
                                                permutationParity(t.cornerFrom[m]));
    const auto pairMoves = [&](auto& table, auto& to, int n, std::uint32_t count) {
      std::array<std::uint8_t, 8> tau{}, next{};
      for (std::uint32_t r = 0; r < count; ++r) {
        unrankPartialPermutation(r, n, std::span(tau.data(), n));
        for (int i = 0; i < n; ++i) next[to[0][i]] = to[1][tau[i]];
        table[r * kMoveCount + m] = static_cast<std::remove_reference_t<decltype(table[0])>>(
            rankPartialPermutation(std::span(next.data(), n), n));
      }
    };
    pairMoves(t.outerPairMove, outerTo, 8, 40320);
    pairMoves(t.middlePairMove, middleTo, 4, 24);
  }

  // Phase 4, then 3, then 2: each's goals are where the next one's tables reach.
  const auto kind = [&](TableKind k) { return TableMoves{t, k}; };
  t.pairs = distancesOver(40320 * 24 * 2, t.moves[kPairs], kind(TableKind::Pairs), everyEntry, {0});
  for (std::uint64_t i = 0; i < t.pairs.size; ++i) {
    if (t.pairs.at(i) != 15) t.middlePairingSolvable[i / 2 % 24] = true;
  }
  constexpr std::uint64_t kAxisEntries = 70 * 70 * 70;
  t.axisCentres[1] = distancesOver(kAxisEntries, t.moves[kPairs], kind(TableKind::AxisCentres),
                                   everyEntry, {t.axisIndex(kAxisFirstFaces)});
  std::vector<std::uint64_t> reachable;
  for (std::uint64_t i = 0; i < kAxisEntries; ++i) {
    if (t.axisCentres[1].at(i) != 15) reachable.push_back(i);
  }
  t.axisCentres[0] = distancesOver(kAxisEntries, t.moves[kMiddleLayer],
                                   kind(TableKind::AxisCentres), everyEntry, reachable);
  t.middle = distancesOver(495 * 495, t.moves[kMiddleLayer], kind(TableKind::Middle), everyEntry,
                           {t.middleIndex(t.middleEdges | t.middleEdges << kEdges)});
  // Phase 2's centres: the F and B arrangements (byte 1 of the axis mask) phase 3 can solve.
  std::vector<std::uint64_t> upDownGoals;
  for (std::uint32_t front = 0; front < 70; ++front) {
    for (std::uint64_t i = 0; i < kAxisEntries; ++i) {
      if (i / 70 % 70 == front && t.axisCentres[0].at(i) != 15) {
        upDownGoals.push_back(t.upDownIndex(kUpDownHome, t.eightFour.mask[front] << 8, 0));
        break;
      }
    }
  }
  t.upDown = distancesOver(12870 * 70 * 2, t.moves[kOrbits], kind(TableKind::UpDown), everyEntry,
                           upDownGoals);
  t.orbits = distancesOver(std::uint64_t{1} << 24, t.moves[kOrbits], kind(TableKind::WingMask),
                           [](std::uint64_t i) { return std::popcount(i) == 12; }, {kFirstOrbit});
  t.rightLeft =
      distancesOver(std::uint64_t{1} << 24, t.moves[kCentresRightLeft], kind(TableKind::CentreMask),
                    [](std::uint64_t i) { return std::popcount(i) == 8; }, {kRightLeftHome});
  return t;
}

// Phase 1's solutions handed on: the shortest and those a move longer, at most this many; the
// one whose length and phase 2's estimate after it add up least goes on.
constexpr std::size_t kPhase1Candidates = 64;
// Phase 2's nodes for each start at first (measured over 200 random states: 100,000 and 300,000
// left longer tails, 300,000 one state of 17 s). Finishing a second start and keeping the shorter
// reduction saved 0.75 moves in 2.8 times the time (100 states): not done.
constexpr std::uint64_t kPhase2Budget = 1000000;

// The 3x3x3's two-phase solver: its first solution within 22 moves (one always is), no search
// for shorter ones within a time (a seed's scramble must be the same on every machine). Tried: its
// first within 19, then 20 moves under node budgets (0.7 moves fewer, 20 % more time over 100
// states), but some seeds then scrambled differently natively and in WebAssembly (not found why).
constexpr int kFinishLength = 22;

}  // namespace

ReductionSolver::ReductionSolver(const Puzzle& cube4, const Puzzle& cube3,
                                 TwoPhaseSolver& cube3Solver)
    : cube4_(cube4), cube3_(cube3), cube3Solver_(cube3Solver) {}
ReductionSolver::~ReductionSolver() = default;

bool ReductionSolver::prepare() {
  if (tables_) return true;
  const auto start = std::chrono::steady_clock::now();
  if (!cube3Solver_.prepare()) return false;
  tables_ = std::make_unique<Tables>(buildTables(cube4_));
  buildMilliseconds_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return true;
}

std::uint64_t ReductionSolver::tableBytes() const {
  if (!tables_) return 0;
  const Tables& t = *tables_;
  std::uint64_t bytes = sizeof(Tables) + t.outerPairMove.size() * 2 + t.middlePairMove.size();
  for (const DistanceWords* table : {&t.rightLeft, &t.upDown, &t.orbits, &t.middle,
                                     &t.axisCentres[0], &t.axisCentres[1], &t.pairs}) {
    bytes += table->words.size() * 8;
  }
  return bytes;
}

std::vector<TwoPhaseSolver::TableInfo> ReductionSolver::tableInfo() const {
  std::vector<TwoPhaseSolver::TableInfo> info;
  if (!tables_) return info;
  const Tables& t = *tables_;
  const std::pair<const char*, const DistanceWords*> tables[] = {
      {"phase 1: R and L centres (mask)", &t.rightLeft},
      {"phase 2: U and D centres, F among F and B, wing parity", &t.upDown},
      {"phase 2: wings in their orbits (mask)", &t.orbits},
      {"phase 3: four dedges' wings in the middle layer", &t.middle},
      {"phase 3: centres in axes", &t.axisCentres[0]},
      {"phase 4: centres in axes", &t.axisCentres[1]},
      {"phase 4: pairings of the outer and middle dedges, parity", &t.pairs}};
  for (const auto& [name, table] : tables) {
    TwoPhaseSolver::TableInfo entry{name, static_cast<std::uint32_t>(table->size), 0, 0};
    for (std::uint64_t i = 0; i < table->size; ++i) {
      const int distance = table->at(i);
      if (distance == 0) ++entry.goals;
      if (distance < kNoPosition) entry.maxDistance = std::max(entry.maxDistance, distance);
    }
    info.push_back(entry);
  }
  return info;
}

TwoPhaseResult ReductionSolver::solve(const State& start, const TwoPhaseOptions& options) {
  const auto began = std::chrono::steady_clock::now();
  TwoPhaseResult result{};
  result.status = TwoPhaseResult::Status::Failed;
  if (options.maxLength < 0 || options.maxLength > TwoPhaseSolver::kMaxLength) {
    result.error =
        "the target length must be from 0 to " + std::to_string(TwoPhaseSolver::kMaxLength);
    return result;
  }
  if (!prepare()) {
    result.error = "not enough memory for the 4x4x4 solver's tables";
    return result;
  }
  const Tables& t = *tables_;
  const Cube cube = t.cubeOf(start);
  std::uint64_t nodes = 0;
  const auto notFound = [&](const char* phase) {
    const bool cancelled = options.cancel.requested();
    result.status =
        cancelled ? TwoPhaseResult::Status::Cancelled : TwoPhaseResult::Status::NotFound;
    result.error = cancelled ? "cancelled"
                             : std::string("the 4x4x4 solver's ") + phase +
                                   " phase found nothing within its node limit";
    result.nodes = nodes;
    return result;
  };

  // Phase 1: its shortest solutions and those a move longer, each with the choice of first-orbit
  // wings closest to phase 2's goal, tried in the order of that estimate.
  RightLeftPhase rightLeft{t, kPhase1Candidates, {}};
  {
    PhaseWalk<RightLeftPhase> walk(rightLeft, t.followers[kCentresRightLeft],
                                   Tables::colourMask(cube, kRightLeftColours));
    const int shortest = walk.estimate();
    for (int bound = shortest;
         bound <= shortest + 1 && rightLeft.solutions.size() < kPhase1Candidates; ++bound) {
      if (walk.begin(bound, {})) walk.walk(options.maxNodes, nodes);
    }
  }
  // Phase 2 starts after one of phase 1's solutions, with the choice of first-orbit wings closest
  // to its goal: tried in the order of that estimate plus phase 1's length, each within a budget
  // of nodes that grows when none finishes (a few starts take far longer than the rest).
  OrbitsPhase orbits{t};
  struct Start {
    int estimate = std::numeric_limits<int>::max();
    const std::vector<int>* phase1 = nullptr;
    std::uint32_t swapped = 0;
    OrbitsPhase::Node node{};
  };
  std::vector<Start> starts;
  for (const std::vector<int>& phase1 : rightLeft.solutions) {
    const Cube after = t.moved(cube, phase1);
    OrbitsPhase::Node node{
        Tables::colourMask(after, kUpDownColours), Tables::colourMask(after, kFrontColour),
        static_cast<std::uint32_t>(permutationParity(after.wings)), Tables::orbitMask(after, 0)};
    std::array<std::uint32_t, kEdges> toggle{};
    for (int p = 0; p < 24; ++p) toggle[after.wings[p] % kEdges] |= std::uint32_t{1} << p;
    const std::uint32_t plain = node.orbits;
    Start best;
    for (std::uint32_t choice = 0; choice < (1u << kEdges); ++choice) {
      if (std::popcount(choice) % 2 != 0) continue;
      node.orbits = plain;
      for (std::uint32_t d = choice; d != 0; d &= d - 1) node.orbits ^= toggle[std::countr_zero(d)];
      const int estimate = static_cast<int>(phase1.size()) + orbits.estimate(node);
      if (estimate < best.estimate) best = {estimate, &phase1, choice, node};
    }
    starts.push_back(best);
  }
  if (starts.empty()) return notFound("first");
  std::stable_sort(starts.begin(), starts.end(),
                   [](const Start& a, const Start& b) { return a.estimate < b.estimate; });
  // Phases 3 and 4 after a start's phase 2: the reduction's moves and each phase's length.
  struct Reduction {
    std::vector<int> moves, lengths;
  };
  const auto reduce = [&](const Start& start,
                          const std::vector<int>& orbitsMoves) -> std::optional<Reduction> {
    Reduction reduction{*start.phase1, {static_cast<int>(start.phase1->size())}};
    Cube at = t.moved(cube, reduction.moves);
    const auto take = [&](const std::vector<int>& phaseMoves) {
      at = t.moved(at, phaseMoves);
      reduction.moves.insert(reduction.moves.end(), phaseMoves.begin(), phaseMoves.end());
      reduction.lengths.push_back(static_cast<int>(phaseMoves.size()));
    };
    take(orbitsMoves);
    // Phase 3: the four dedges whose wings are closest to the middle layer.
    MiddlePhase middle{t, at};
    MiddlePhase::Node middleStart{0, Tables::colourMask(at, kAxisFirstColours)};
    int closest = std::numeric_limits<int>::max();
    for (std::uint32_t dedges = 0; dedges < (1u << kEdges); ++dedges) {
      if (std::popcount(dedges) != 4) continue;
      const std::uint32_t mask = Tables::dedgeMask(at, dedges);
      if (t.middle.at(t.middleIndex(mask)) < closest) {
        closest = t.middle.at(t.middleIndex(mask));
        middleStart.dedges = mask;
      }
    }
    const auto middleMoves = deepen(middle, t.followers[kMiddleLayer], middleStart, options, nodes);
    if (!middleMoves) return std::nullopt;
    take(*middleMoves);
    // Phase 4: the pairings, from which dedge's wings lie where (phase 2's choice of first-orbit
    // wings kept: each dedge's first-orbit wing at a first-orbit place).
    std::array<std::uint8_t, kEdges> firstDedges{};
    for (int e = 0; e < kEdges; ++e) {
      if (!Tables::firstOrbitWing(at.wings[e], start.swapped)) {
        throw std::logic_error("the 4x4x4 solver's phase 2 left a wing out of its orbit");
      }
      firstDedges[e] = at.wings[e] % kEdges;
    }
    PairsPhase pairs{t};
    const PairsPhase::Node pairsStart{
        static_cast<std::uint16_t>(pairingRank<8>(t, at, false)),
        static_cast<std::uint8_t>(middlePairing(t, at)),
        static_cast<std::uint8_t>(permutationParity(firstDedges) ^ permutationParity(at.corners)),
        Tables::colourMask(at, kAxisFirstColours)};
    const auto pairMoves = deepen(pairs, t.followers[kPairs], pairsStart, options, nodes);
    if (!pairMoves) return std::nullopt;
    take(*pairMoves);
    return reduction;
  };
  // The first start that phase 2 finishes within the budget goes on.
  std::optional<Reduction> reduction;
  for (std::uint64_t budget = kPhase2Budget; !reduction; budget *= 8) {
    for (const Start& start : starts) {
      TwoPhaseOptions slice = options;
      slice.maxNodes = std::min(options.maxNodes, nodes + budget);
      const auto orbitsMoves = deepen(orbits, t.followers[kOrbits], start.node, slice, nodes);
      if (options.cancel.requested() || nodes >= options.maxNodes) return notFound("second");
      if (!orbitsMoves) continue;
      reduction = reduce(start, *orbitsMoves);
      if (!reduction) return notFound("third or fourth");
      break;
    }
  }
  std::vector<int> moves = reduction->moves, lengths = reduction->lengths;

  // The 3x3x3 the stickers show.
  std::vector<int> puzzleMoves;
  for (int move : moves) puzzleMoves.push_back(t.puzzleMove[move]);
  const State reduced = cube4_.applySequence(start, puzzleMoves);
  const FaceletReading reading =
      stateFromFacelets(cube3_, reducedFacelets(cube4_.facelets(reduced)));
  if (!reading.state) {
    throw std::logic_error("the 4x4x4 solver's reduction is no 3x3x3: " + reading.error.message);
  }
  TwoPhaseOptions last = options;
  last.maxLength = kFinishLength;
  last.timeMs = 0;
  const TwoPhaseResult finish = cube3Solver_.solve(*reading.state, last);
  nodes += finish.nodes;
  if (finish.status != TwoPhaseResult::Status::Solved) return finish;
  std::vector<int> finishMoves;
  for (int move : finish.moves) {
    const std::optional<int> found = cube4_.findMove(cube3_.moves()[move].name);
    const auto named = std::find(t.puzzleMove.begin(), t.puzzleMove.end(), found.value_or(-1));
    if (named == t.puzzleMove.end()) {
      throw std::logic_error("the 4x4x4 has no move " + cube3_.moves()[move].name);
    }
    finishMoves.push_back(static_cast<int>(named - t.puzzleMove.begin()));
  }
  moves.insert(moves.end(), finishMoves.begin(), finishMoves.end());
  lengths.push_back(static_cast<int>(finishMoves.size()));

  result.moves.clear();
  for (int move : merged(moves)) result.moves.push_back(t.puzzleMove[move]);
  if (!cube4_.isSolved(cube4_.applySequence(start, result.moves))) {
    throw std::logic_error("the 4x4x4 solver's solution does not solve");
  }
  if (static_cast<int>(result.moves.size()) > options.maxLength) {
    result.status = TwoPhaseResult::Status::NotFound;
    result.error = "the 4x4x4's reduction took " + std::to_string(result.moves.size()) +
                   " moves, more than the " + std::to_string(options.maxLength) + " asked for";
    result.moves.clear();
    result.nodes = nodes;
    return result;
  }
  for (int move : moves) result.searchedMoves.push_back(t.puzzleMove[move]);
  result.phaseLengths = lengths;
  result.phase1Length = lengths[0];
  result.nodes = nodes;
  result.status = TwoPhaseResult::Status::Solved;
  result.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  return result;
}

}  // namespace polytwist::cube4
