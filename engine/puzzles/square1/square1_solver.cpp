// The Square-1's two-phase solver (square1.hpp). Lengths count slices (the twist metric): a
// step is a turn of the layers then a slice, `(x,y)/`, and a solution ends with a turn.
//
// Phase 1 walks on shapes with the parity of the pieces' reading order (slot by slot, each
// corner once) to the square shape whose two layers both start with an edge at the cut, the one
// shape where the slice keeps the square; phase 2 walks within the square to a state one turn
// from solved. Both are search/stack_walk.hpp's walk (IDA*) under exact tables that
// search/layered_bfs.hpp fills.
//
// Phase 2 reads a state as the orders of the corners and of the edges at the square's spots and
// the middle layer. A step's turn may come first at no cost, so a state's distance is that of its
// turns: the tables hold one entry per class of the 16 turns by quarters (and the square turned
// by a twelfth is read turned back). Each of the two tables pairs one orbit's order with the
// colours of the other orbit's pieces at its spots, and the middle layer.
#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>

#include "core/ranking.hpp"
#include "puzzles/square1/square1.hpp"
#include "search/layered_bfs.hpp"
#include "search/stack_walk.hpp"

namespace polytwist::square1 {

namespace {

constexpr std::uint32_t kNoEntry = std::numeric_limits<std::uint32_t>::max();

// The pieces slot by slot, each corner at its first slot.
std::array<std::uint8_t, kPieces> readingOrder(const State& state) {
  std::array<std::uint8_t, kPieces> order{};
  int n = 0;
  for (int s = 0; s < kSlots; ++s) {
    const int layer = s / kLayerSlots * kLayerSlots;
    const int previous = layer + (s - layer + kLayerSlots - 1) % kLayerSlots;
    if (isCorner(state.slots[s]) && state.slots[previous] == state.slots[s]) continue;
    order[n++] = state.slots[s];
  }
  return order;
}
int readingParity(const State& state) {
  const auto order = readingOrder(state);
  return permutationParity(order);
}

// A state of the given shape with the pieces in reading order.
State placedInOrder(Shape shape) {
  return placed(shape, {0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15});
}

int turnInRange(int amount) { return ((amount % 12) + 12 + 5) % 12 - 5; }  // into -5..6

// Exact 4-bit distances over entries 0..size-1 of a graph (search/layered_bfs.hpp).
template <typename Graph>
std::vector<std::uint64_t> layeredDistances(const Graph& graph, std::uint32_t size,
                                            const std::vector<std::uint32_t>& goals) {
  std::vector<std::uint64_t> words(PackedEntries<4>::wordsFor(size), ~std::uint64_t{0});
  const PackedEntries<4> entries(words.data(), size);
  for (std::uint32_t goal : goals) entries.set(goal, 0);
  fillGraphDistances(graph, entries, goals.size(), 14);
  return words;
}
// Phase 1's steps: (x,y)/ for x, y in -5..6; step 65 is the lone slice (0,0)/.
constexpr int kPhase1Steps = 144;
constexpr int kLoneSlice1 = 65;
int phase1Top(int step) { return step / 12 - 5; }
int phase1Bottom(int step) { return step % 12 - 5; }
// Phase 1's step table: the next shape's index times 2 plus whether the parity changes.
constexpr std::uint16_t kNoShape = 0xffff;

// The square shape of phase 2: corners at slots 1-2, 4-5, 7-8, 10-11 of each layer (each layer
// starts with an edge at the cut). The slice keeps it, and the square turned by a twelfth.
constexpr Shape kSquare = 0x492492;
constexpr std::array<int, 8> kCornerSpots = {1, 4, 7, 10, 13, 16, 19, 22};
constexpr std::array<int, 8> kEdgeSpots = {0, 3, 6, 9, 12, 15, 18, 21};

// Phase 2's steps from a state read in the square: step f·16 + 4a + b turns the layers by
// (3a - f, 3b - f) twelfths then slices, and the state reached is read turned back by (f, f).
// A step's turn on the puzzle adds the twelfth the reading turned back before it.
constexpr int kPhase2Steps = 32;
constexpr int kRotations = 16;  // turns by quarters: 4a + b
constexpr std::uint32_t kOrders = 40320;
constexpr std::uint32_t kClasses = kOrders / kRotations;  // pieces are distinct: no order is fixed

int phase2Frame(int step) { return step / kRotations; }
Move phase2Move(int step, int offset) {
  const int f = phase2Frame(step);
  const int r = step % kRotations;
  return Move{turnInRange(3 * (r / 4) - f + offset), turnInRange(3 * (r % 4) - f + offset), true};
}

// A state turned back into the square (a turn by a twelfth), and the orders of its spots.
State readInSquare(const State& state) {
  return shapeOf(state) == kSquare ? state : turned(state, 1, 1);
}
struct Phase2Node {
  std::uint16_t corners, edges;
  bool middle;
};
Phase2Node phase2NodeOf(const State& actual) {
  const State state = readInSquare(actual);
  std::array<std::uint8_t, 8> corners{}, edges{};
  for (int k = 0; k < 8; ++k) {
    corners[k] = state.slots[kCornerSpots[k]];
    edges[k] = static_cast<std::uint8_t>(state.slots[kEdgeSpots[k]] - 8);
  }
  return {static_cast<std::uint16_t>(rankPartialPermutation(corners, 8)),
          static_cast<std::uint16_t>(rankPartialPermutation(edges, 8)), state.middleFlipped};
}

// For a change of a square state into a square state: the spot each spot's piece comes from.
template <typename Change>
std::array<int, 8> spotSources(const std::array<int, 8>& spots, Change change) {
  const State square = placedInOrder(kSquare);
  const State after = change(square);
  if (shapeOf(after) != kSquare) {
    throw std::logic_error("a Square-1 phase-2 step leaves the square");
  }
  std::array<int, 8> source{};
  for (int k = 0; k < 8; ++k) {
    for (int j = 0; j < 8; ++j) {
      if (square.slots[spots[j]] == after.slots[spots[k]]) source[k] = j;
    }
  }
  return source;
}
State quarterTurned(const State& state, int rotation) {
  return turned(state, 3 * (rotation / 4), 3 * (rotation % 4));
}
// The slice from the square (f 0) or from the square turned by a twelfth (f 1), read back.
State slashedInFrame(const State& state, int f) {
  return f == 0 ? slashed(state) : turned(slashed(turned(state, -1, -1)), 1, 1);
}

// The orders of 8 pieces after a spot permutation, as a table order -> order.
std::vector<std::uint16_t> orderTable(const std::vector<std::array<int, 8>>& sources) {
  std::vector<std::uint16_t> table(std::size_t{kOrders} * sources.size());
  std::array<std::uint8_t, 8> order{}, moved{};
  for (std::uint32_t rank = 0; rank < kOrders; ++rank) {
    unrankPartialPermutation(rank, 8, order);
    for (std::size_t m = 0; m < sources.size(); ++m) {
      for (int k = 0; k < 8; ++k) moved[k] = order[sources[m][k]];
      table[rank * sources.size() + m] =
          static_cast<std::uint16_t>(rankPartialPermutation(moved, 8));
    }
  }
  return table;
}
// A pattern of an orbit: the colour of the piece at each spot, a piece's colour being that of its
// spot in the goal; patterns are numbered densely, from their codes in base 3.
struct Patterns {
  std::uint32_t count = 0;
  std::vector<std::uint16_t> ofOrder;  // order -> pattern
  std::vector<std::uint16_t> rotated;  // pattern × 16 quarter turns
  std::vector<std::uint16_t> slashed;  // pattern × 2 frames
};
Patterns patternsOf(const std::array<std::uint8_t, 8>& goalOrder,
                    const std::array<std::uint8_t, 8>& spotColours,
                    const std::vector<std::array<int, 8>>& turns,
                    const std::vector<std::array<int, 8>>& slices) {
  constexpr int kCodes = 6561;  // 3^8
  std::array<std::uint8_t, 8> colourOf{}, order{};
  for (int k = 0; k < 8; ++k) colourOf[goalOrder[k]] = spotColours[k];
  std::vector<int> indexOf(kCodes, -1);
  std::vector<int> codeOf;
  Patterns patterns;
  patterns.ofOrder.resize(kOrders);
  for (std::uint32_t rank = 0; rank < kOrders; ++rank) {
    unrankPartialPermutation(rank, 8, order);
    int code = 0;
    for (int k = 7; k >= 0; --k) code = code * 3 + colourOf[order[k]];
    if (indexOf[code] < 0) {
      indexOf[code] = static_cast<int>(codeOf.size());
      codeOf.push_back(code);
    }
    patterns.ofOrder[rank] = static_cast<std::uint16_t>(indexOf[code]);
  }
  patterns.count = static_cast<std::uint32_t>(codeOf.size());
  const auto moved = [&](const std::vector<std::array<int, 8>>& sources) {
    std::vector<std::uint16_t> table(patterns.count * sources.size());
    for (std::uint32_t p = 0; p < patterns.count; ++p) {
      std::array<int, 8> colours{};
      for (int k = 0, code = codeOf[p]; k < 8; ++k, code /= 3) colours[k] = code % 3;
      for (std::size_t m = 0; m < sources.size(); ++m) {
        int code = 0;
        for (int k = 7; k >= 0; --k) code = code * 3 + colours[sources[m][k]];
        table[p * sources.size() + m] = static_cast<std::uint16_t>(indexOf[code]);
      }
    }
    return table;
  };
  patterns.rotated = moved(turns);
  patterns.slashed = moved(slices);
  return patterns;
}

// The colours of the goal's spots in the two tables' patterns. With the corners' order, the edges
// in three colours (the top's two pairs, the bottom's): 2,116,800 entries, most of the tables'
// build (0.4-0.7 s in all), where two colours (352,800 entries, 0.2 s in all) made scrambles a
// third slower; with the edges' order, the corners in two (the top's, the bottom's).
constexpr std::array<std::uint8_t, 8> kEdgeColours = {0, 0, 1, 1, 2, 2, 2, 2};
constexpr std::array<std::uint8_t, 8> kCornerColours = {0, 0, 0, 0, 1, 1, 1, 1};

// A table of one orbit's order (its class) with the pattern of the other, turned as the order is
// turned to its class, and the middle layer.
struct PatternTable {
  Patterns patterns;
  std::vector<std::uint64_t> distance;
};

// The slice in either frame, as the spot each spot's piece comes from.
std::vector<std::array<int, 8>> sliceSources(const std::array<int, 8>& spots) {
  std::vector<std::array<int, 8>> slices;
  for (int f = 0; f < 2; ++f) {
    slices.push_back(spotSources(spots, [f](const State& s) { return slashedInFrame(s, f); }));
  }
  return slices;
}

struct Tables {
  std::vector<Shape> shapes;                  // twistableShapes()
  std::vector<std::uint16_t> phase1Next;      // shape × step: next × 2 + parity change
  std::vector<std::uint64_t> phase1Distance;  // (shape, parity) -> slices to the goal
  // Phase 1's goals: the square and its turns the slice can turn, with the turn back to it.
  std::vector<std::uint32_t> phase1Goals;  // (shape, parity) entries
  std::vector<Move> alignTurns;            // index of the shape -> the turn to the square

  // Phase 2: an order's quarter turns (the same spot permutation on corners and edges), its
  // class (the least order of its turns), the turn taking it there; the slice in either frame.
  std::vector<std::uint16_t> rotated;                 // order × 16
  std::vector<std::uint16_t> classOf;                 // order -> class index
  std::vector<std::uint8_t> rotationToClass;          // order -> rotation
  std::vector<std::uint16_t> classOrder;              // class index -> least order
  std::vector<std::uint16_t> cornerSlash, edgeSlash;  // order × 2 frames
  // The corners' order with the edges' pattern, and the edges' order with the corners'.
  PatternTable cornerTable, edgeTable;
  Phase2Node goal;  // solved less a turn, read in the square
  FollowerLists phase1Followers, phase2Followers;
  SolverTableInfo info{};

  std::uint32_t patternEntry(const Patterns& p, std::uint16_t order, std::uint16_t pattern,
                             bool middle) const {
    const std::uint16_t turned = p.rotated[pattern * kRotations + rotationToClass[order]];
    return (std::uint32_t{classOf[order]} * p.count + turned) * 2 + middle;
  }
  int phase2Estimate(const Phase2Node& n) const {
    const Patterns& edges = cornerTable.patterns;
    const Patterns& corners = edgeTable.patterns;
    return std::max(
        graphDistance(cornerTable.distance,
                      patternEntry(edges, n.corners, edges.ofOrder[n.edges], n.middle)),
        graphDistance(edgeTable.distance,
                      patternEntry(corners, n.edges, corners.ofOrder[n.corners], n.middle)));
  }
  Phase2Node phase2Step(const Phase2Node& n, int step) const {
    const int f = phase2Frame(step);
    const int r = step % kRotations;
    return {cornerSlash[rotated[n.corners * kRotations + r] * 2u + f],
            edgeSlash[rotated[n.edges * kRotations + r] * 2u + f], !n.middle};
  }
  bool phase2Solved(const Phase2Node& n) const {
    if (n.middle != goal.middle || classOf[n.corners] != classOf[goal.corners]) return false;
    for (int r = 0; r < kRotations; ++r) {
      if (rotated[n.corners * kRotations + r] == goal.corners &&
          rotated[n.edges * kRotations + r] == goal.edges) {
        return true;
      }
    }
    return false;
  }
};

// A pattern table's graph: entries (class, pattern, middle), each step from the class's least
// order. A step undone is a slice then a turn, and the turn is free, so the steps go both ways.
struct PatternGraph {
  const Tables& t;
  const std::vector<std::uint16_t>& orderSlash;  // the orbit whose order is kept
  const Patterns& patterns;                      // the other's
  template <typename Visit>
  bool successors(std::uint32_t i, Visit visit) const {
    const std::uint16_t order = t.classOrder[i / 2 / patterns.count];
    const std::uint32_t pattern = i / 2 % patterns.count;
    const bool middle = (i & 1) == 0;
    for (int step = 0; step < kPhase2Steps; ++step) {
      const int f = phase2Frame(step);
      const int r = step % kRotations;
      const std::uint16_t nextOrder = orderSlash[t.rotated[order * kRotations + r] * 2u + f];
      const std::uint16_t nextPattern =
          patterns.slashed[patterns.rotated[pattern * kRotations + r] * 2u + f];
      if (visit(t.patternEntry(patterns, nextOrder, nextPattern, middle))) return true;
    }
    return false;
  }
  template <typename Visit>
  bool predecessors(std::uint32_t i, Visit visit) const {
    return successors(i, visit);
  }
};

// Phase 1's shapes with parity, steps both ways through a table of predecessors.
struct ShapeGraph {
  std::uint32_t size = 0;
  std::vector<std::uint32_t> next, previous;  // entry × step, kNoEntry where it cannot turn
  template <typename Visit>
  bool successors(std::uint32_t i, Visit visit) const {
    return each(next, i, visit);
  }
  template <typename Visit>
  bool predecessors(std::uint32_t i, Visit visit) const {
    return each(previous, i, visit);
  }

 private:
  template <typename Visit>
  static bool each(const std::vector<std::uint32_t>& steps, std::uint32_t i, Visit visit) {
    for (int s = 0; s < kPhase1Steps; ++s) {
      const std::uint32_t n = steps[std::size_t{i} * kPhase1Steps + s];
      if (n != kNoEntry && visit(n)) return true;
    }
    return false;
  }
};
FollowerLists followersWithout(int steps, const std::vector<int>& banned) {
  FollowerLists lists;
  for (int last = -1; last < steps; ++last) {
    std::vector<int> row;
    for (int s = 0; s < steps; ++s) {
      if (last < 0 || s != banned[last]) row.push_back(s);
    }
    lists.push_back(row);
  }
  return lists;
}

std::uint32_t shapeIndex(const std::vector<Shape>& shapes, Shape shape) {
  const auto found = std::lower_bound(shapes.begin(), shapes.end(), shape);
  return found != shapes.end() && *found == shape
             ? static_cast<std::uint32_t>(found - shapes.begin())
             : kNoEntry;
}

void buildPhase1(Tables& t) {
  t.shapes = twistableShapes();
  const std::uint32_t shapeCount = static_cast<std::uint32_t>(t.shapes.size());
  t.phase1Next.assign(std::size_t{shapeCount} * kPhase1Steps, kNoShape);
  ShapeGraph graph;
  graph.size = shapeCount * 2;
  graph.next.assign(std::size_t{graph.size} * kPhase1Steps, kNoEntry);
  graph.previous.assign(graph.next.size(), kNoEntry);
  for (std::uint32_t i = 0; i < shapeCount; ++i) {
    const State placed = placedInOrder(t.shapes[i]);
    const int parity = readingParity(placed);
    for (int step = 0; step < kPhase1Steps; ++step) {
      const State turnedState = turned(placed, phase1Top(step), phase1Bottom(step));
      if (sliceBlocker(turnedState) >= 0) continue;
      const State after = slashed(turnedState);
      const std::uint32_t next = shapeIndex(t.shapes, shapeOf(after));
      const int flip = readingParity(after) ^ parity;
      t.phase1Next[std::size_t{i} * kPhase1Steps + step] =
          static_cast<std::uint16_t>(next * 2 + flip);
      for (int p = 0; p < 2; ++p) {
        const std::uint32_t from = i * 2 + p, to = next * 2 + (p ^ flip);
        graph.next[std::size_t{from} * kPhase1Steps + step] = to;
        graph.previous[std::size_t{to} * kPhase1Steps + step] = from;
      }
    }
  }
  const int squareParity = readingParity(turned(solved(), 0, 1));
  t.alignTurns.assign(shapeCount, Move{0, 0, true});  // a slash: no goal
  for (int top : {0, 2}) {
    for (int bottom : {0, 2}) {
      const std::uint32_t index =
          shapeIndex(t.shapes, shapeOf(turned(placedInOrder(kSquare), top, bottom)));
      const State placed = placedInOrder(t.shapes[index]);
      const int flip = readingParity(turned(placed, -top, -bottom)) ^ readingParity(placed);
      t.phase1Goals.push_back(index * 2 + (squareParity ^ flip));
      t.alignTurns[index] = Move{-top, -bottom, false};
    }
  }
  t.phase1Distance = layeredDistances(graph, graph.size, t.phase1Goals);
  std::vector<int> lone(kPhase1Steps, kLoneSlice1);
  t.phase1Followers = followersWithout(kPhase1Steps, lone);
}

void buildPhase2(Tables& t) {
  std::vector<std::array<int, 8>> turns;
  for (int r = 0; r < kRotations; ++r) {
    turns.push_back(spotSources(kCornerSpots, [r](const State& s) { return quarterTurned(s, r); }));
    if (turns.back() !=
        spotSources(kEdgeSpots, [r](const State& s) { return quarterTurned(s, r); })) {
      throw std::logic_error("a Square-1 quarter turn moves corners and edges apart");
    }
  }
  t.rotated = orderTable(turns);
  t.classOf.assign(kOrders, 0);
  t.rotationToClass.assign(kOrders, 0);
  for (std::uint32_t rank = 0; rank < kOrders; ++rank) {
    std::uint16_t least = static_cast<std::uint16_t>(rank);
    for (int r = 0; r < kRotations; ++r) least = std::min(least, t.rotated[rank * kRotations + r]);
    if (least == rank) t.classOrder.push_back(least);
  }
  for (std::uint32_t c = 0; c < t.classOrder.size(); ++c) {
    const std::uint16_t least = t.classOrder[c];
    for (int r = 0; r < kRotations; ++r) {
      const std::uint16_t member = t.rotated[least * kRotations + r];
      t.classOf[member] = static_cast<std::uint16_t>(c);
      for (int back = 0; back < kRotations; ++back) {
        if (t.rotated[member * kRotations + back] == least) {
          t.rotationToClass[member] = static_cast<std::uint8_t>(back);
        }
      }
    }
  }
  if (t.classOrder.size() != kClasses) throw std::logic_error("Square-1 classes miscounted");

  t.goal = phase2NodeOf(turned(solved(), 0, 1));
  std::array<std::uint8_t, 8> goalCorners{}, goalEdges{};
  unrankPartialPermutation(t.goal.corners, 8, goalCorners);
  unrankPartialPermutation(t.goal.edges, 8, goalEdges);
  const std::vector<std::array<int, 8>> cornerSlices = sliceSources(kCornerSpots);
  const std::vector<std::array<int, 8>> edgeSlices = sliceSources(kEdgeSpots);
  t.cornerSlash = orderTable(cornerSlices);
  t.edgeSlash = orderTable(edgeSlices);
  t.cornerTable.patterns = patternsOf(goalEdges, kEdgeColours, turns, edgeSlices);
  t.edgeTable.patterns = patternsOf(goalCorners, kCornerColours, turns, cornerSlices);
  for (PatternTable* table : {&t.cornerTable, &t.edgeTable}) {
    const bool corners = table == &t.cornerTable;
    const std::uint16_t order = corners ? t.goal.corners : t.goal.edges;
    const std::uint16_t other = corners ? t.goal.edges : t.goal.corners;
    const Patterns& patterns = table->patterns;
    table->distance =
        layeredDistances(PatternGraph{t, corners ? t.cornerSlash : t.edgeSlash, patterns},
                         kClasses * patterns.count * 2,
                         {t.patternEntry(patterns, order, patterns.ofOrder[other], t.goal.middle)});
  }
  // The step that turns nothing on the puzzle is a lone slice: not after a slice.
  std::vector<int> lone(kPhase2Steps);
  for (int s = 0; s < kPhase2Steps; ++s) lone[s] = phase2Frame(s) * kRotations;
  t.phase2Followers = followersWithout(kPhase2Steps, lone);
}

Tables buildTables() {
  const auto start = std::chrono::steady_clock::now();
  Tables t;
  buildPhase1(t);
  buildPhase2(t);
  t.info.bytes = t.phase1Next.size() * 2 + t.phase1Distance.size() * 8 + t.rotated.size() * 2 +
                 t.classOf.size() * 2 + t.rotationToClass.size() + t.classOrder.size() * 2 +
                 (t.cornerSlash.size() + t.edgeSlash.size()) * 2;
  for (const PatternTable* table : {&t.cornerTable, &t.edgeTable}) {
    const Patterns& p = table->patterns;
    t.info.bytes +=
        (p.ofOrder.size() + p.rotated.size() + p.slashed.size()) * 2 + table->distance.size() * 8;
  }
  t.info.buildSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

const Tables& tables() {
  static const Tables built = buildTables();
  return built;
}

constexpr int kMaxPhase1 = 12;
constexpr int kMaxPhase2 = 20;

class Phase2Walk : public StackWalk<Phase2Walk> {
 public:
  explicit Phase2Walk(const Tables& t) : StackWalk(t.phase2Followers, kMaxPhase2), t_(t) {}
  void setStart(const Phase2Node& start) { nodes_[0] = start; }

  void beforePass(int) {}
  bool enterPrefix(int, int) { return true; }
  void expand(int) {}
  bool enter(int g, int step) {
    const Phase2Node child = t_.phase2Step(nodes_[g], step);
    if (g + 1 + t_.phase2Estimate(child) > bound()) return false;
    nodes_[g + 1] = child;
    return true;
  }
  bool atGoal() { return t_.phase2Solved(nodes_[top()]); }

 private:
  const Tables& t_;
  std::array<Phase2Node, kMaxPhase2 + 1> nodes_{};
};

std::vector<Move> phase1Moves(const std::vector<int>& steps) {
  std::vector<Move> moves;
  for (int step : steps) moves.push_back(Move{phase1Top(step), phase1Bottom(step), true});
  return moves;
}
// Phase 2's steps from the square, each turn with the twelfth the reading turned back.
std::vector<Move> phase2Moves(const std::vector<int>& steps) {
  std::vector<Move> moves;
  int offset = 0;
  for (int step : steps) {
    moves.push_back(phase2Move(step, offset));
    offset = phase2Frame(step);
  }
  return moves;
}

// Phase 1's walk; at each of its goals, phase 2 looks for an ending shorter than the best so far,
// within a budget of nodes.
class Phase1Walk : public StackWalk<Phase1Walk> {
 public:
  Phase1Walk(const Tables& t, const State& start, std::uint64_t& nodes)
      : StackWalk(t.phase1Followers, kMaxPhase1), t_(t), start_(start), phase2_(t), nodes_(nodes) {
    shape_[0] = shapeIndex(t.shapes, shapeOf(start));
    parity_[0] = readingParity(start);
  }
  int estimate() const {
    return graphDistance(t_.phase1Distance, std::uint64_t{shape_[0]} * 2 + parity_[0]);
  }
  int best() const { return best_; }
  const std::vector<Move>& solution() const { return solution_; }
  void setPhase2Budget(std::uint64_t budget) { phase2Budget_ = budget; }

  void beforePass(int) {}
  bool enterPrefix(int, int) { return true; }
  void expand(int) {}
  bool enter(int g, int step) {
    const std::uint16_t next = t_.phase1Next[std::size_t{shape_[g]} * kPhase1Steps + step];
    if (next == kNoShape) return false;
    const int parity = parity_[g] ^ (next & 1);
    if (g + 1 + graphDistance(t_.phase1Distance, std::uint64_t{next / 2u} * 2 + parity) > bound()) {
      return false;
    }
    shape_[g + 1] = next / 2u;
    parity_[g + 1] = parity;
    return true;
  }
  bool atGoal() {
    const std::uint32_t entry = shape_[top()] * 2 + parity_[top()];
    if (std::find(t_.phase1Goals.begin(), t_.phase1Goals.end(), entry) == t_.phase1Goals.end()) {
      return false;
    }
    std::vector<Move> phase1 = phase1Moves(path());
    const Move align = t_.alignTurns[shape_[top()]];
    phase1.push_back(align);
    const Phase2Node square = phase2NodeOf(applyMoves(start_, phase1));
    phase2_.setStart(square);
    const bool afterSlice = top() > 0 && align.top == 0 && align.bottom == 0;
    const FollowerLists& followers = t_.phase2Followers;
    const std::vector<int>& first = afterSlice ? followers[1] : followers[0];
    const std::uint64_t limit = nodes_ + std::min(phase2Budget_, ~nodes_);
    for (int bound = t_.phase2Estimate(square); bound <= kMaxPhase2 && top() + bound < best_;
         ++bound) {
      if (!phase2_.begin(bound, {}, first)) continue;
      const WalkStep step = phase2_.walk(limit, nodes_);
      if (step == WalkStep::Budget) break;
      if (step != WalkStep::Found) continue;
      for (const Move& move : phase2Moves(phase2_.path())) phase1.push_back(move);
      best_ = top() + bound;
      solution_ = phase1;
      break;
    }
    return false;  // on to phase 1's next solution
  }

 private:
  const Tables& t_;
  State start_;
  Phase2Walk phase2_;
  std::uint64_t& nodes_;
  std::uint64_t phase2Budget_ = std::numeric_limits<std::uint64_t>::max();
  std::array<std::uint32_t, kMaxPhase1 + 1> shape_{};
  std::array<int, kMaxPhase1 + 1> parity_{};
  int best_ = std::numeric_limits<int>::max();
  std::vector<Move> solution_;
};

}  // namespace

SolverTableInfo solverTables() { return tables().info; }

// Phase 2's nodes for each of phase 1's solutions, at first: the first solution comes from one
// that phase 2 finishes at once, not from the first that phase 1 meets.
constexpr std::uint64_t kPhase2Budget = 300;
// Nodes of both phases per solve once a solution is known: past it, the best so far.
constexpr std::uint64_t kNodeBudget = 200000;
// How often the walk stops to see whether a solution has come.
constexpr std::uint64_t kCheckNodes = 5000;

std::vector<Move> solve(const State& state) {
  const Tables& t = tables();
  // A first turn to a shape the slice can turn, which the first step's turn then absorbs.
  Move firstTurn;
  for (int turn = 0;
       turn < 144 && sliceBlocker(turned(state, firstTurn.top, firstTurn.bottom)) >= 0; ++turn) {
    firstTurn = Move{turn / 12, turn % 12, false};
  }
  const State start = turned(state, firstTurn.top, firstTurn.bottom);
  if (sliceBlocker(start) >= 0) throw std::invalid_argument("no Square-1 shape of this state");
  std::uint64_t nodes = 0;
  Phase1Walk walk(t, start, nodes);
  constexpr int kNone = std::numeric_limits<int>::max();
  // Phase 1's solutions of its shortest length and the next two, each finished by phase 2; when
  // none is finished within phase 2's budget, again with a larger budget.
  const int shortest = walk.estimate();
  for (std::uint64_t budget = kPhase2Budget; walk.best() == kNone; budget *= 16) {
    walk.setPhase2Budget(budget);
    std::uint64_t stop = std::numeric_limits<std::uint64_t>::max();
    for (int bound = shortest; bound <= std::min(kMaxPhase1, shortest + 2) && bound < walk.best();
         ++bound) {
      if (!walk.begin(bound, {})) continue;
      WalkStep step = WalkStep::Budget;
      while (step == WalkStep::Budget && nodes < stop) {
        step = walk.walk(std::min(stop, nodes + kCheckNodes), nodes);
        if (walk.best() != kNone) stop = std::min(stop, nodes + kNodeBudget);
      }
      if (step == WalkStep::Budget) break;
    }
  }
  if (walk.best() == std::numeric_limits<int>::max()) {
    throw std::logic_error("the Square-1 solver found no solution");
  }
  std::vector<Move> moves = {firstTurn};
  for (const Move& move : walk.solution()) moves.push_back(move);
  // Phase 2 ends one turn from solved.
  const State ending = applyMoves(state, moves);
  for (int turn = 0; turn < 144; ++turn) {
    if (turned(ending, turn / 12, turn % 12) == solved()) {
      moves.push_back(Move{turn / 12, turn % 12, false});
      break;
    }
  }
  moves = simplified(moves);
  if (applyMoves(state, moves) != solved()) {
    throw std::logic_error("the Square-1 solver's solution does not solve");
  }
  return moves;
}

std::vector<Move> scramble(std::mt19937_64& rng) {
  const State state = randomState(rng);
  std::vector<Move> moves = invertMoves(solve(state));
  if (applyMoves(solved(), moves) != state) {
    throw std::logic_error("a Square-1 scramble that does not reach its state");
  }
  return moves;
}

}  // namespace polytwist::square1
