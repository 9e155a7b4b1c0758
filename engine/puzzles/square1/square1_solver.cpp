// The Square-1's two-phase solver (square1.hpp). Lengths count slices (the twist metric): a
// step is a turn of the layers then a slice, `(x,y)/`, and a solution ends with a turn.
//
// Phase 1 walks on shapes with the parity of the pieces' reading order (slot by slot, each
// corner once) to the square shape whose two layers both start with an edge at the cut, the one
// shape where the slice keeps the square; phase 2 walks within it on the corners' and edges'
// orders and the middle layer, by the steps (3a,3b)/, to a state one turn from solved. Both are
// search/stack_walk.hpp's walk (IDA*) under exact tables that search/layered_bfs.hpp fills.
#include <algorithm>
#include <chrono>
#include <limits>
#include <mutex>
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

// A distance table over entries 0..size-1 whose steps are given as successor and predecessor
// tables of `steps` columns (kNoEntry where a step cannot be taken): exact 4-bit distances.
struct StepGraph {
  std::uint32_t size = 0;
  int steps = 0;
  std::vector<std::uint32_t> next, previous;
};
class GraphExpander {
 public:
  GraphExpander(const StepGraph& graph, PackedEntries<4> entries)
      : graph_(graph), entries_(entries) {}
  void load(std::uint64_t i) { loaded_ = i; }
  std::uint64_t markNeighbours(int v) {
    std::uint64_t marked = 0;
    for (int s = 0; s < graph_.steps; ++s) {
      const std::uint32_t p = graph_.previous[loaded_ * graph_.steps + s];
      if (p != kNoEntry && entries_.setIfUnknown(p, v)) ++marked;
    }
    return marked;
  }
  bool neighbourHolds(int v) const {
    for (int s = 0; s < graph_.steps; ++s) {
      const std::uint32_t n = graph_.next[loaded_ * graph_.steps + s];
      if (n != kNoEntry && entries_.get(n) == v) return true;
    }
    return false;
  }
  std::uint64_t markLoaded(int v) {
    entries_.set(loaded_, v);
    return 1;
  }

 private:
  const StepGraph& graph_;
  PackedEntries<4> entries_;
  std::uint64_t loaded_ = 0;
};
std::vector<std::uint64_t> distances(const StepGraph& graph,
                                     const std::vector<std::uint32_t>& goals) {
  std::vector<std::uint64_t> words(PackedEntries<4>::wordsFor(graph.size), ~std::uint64_t{0});
  const PackedEntries<4> entries(words.data(), graph.size);
  for (std::uint32_t goal : goals) entries.set(goal, 0);
  BfsOptions options;
  options.modulus = 15;
  options.maxDepth = 14;
  fillByLayers<4>(entries, goals.size(), options, [&] { return GraphExpander(graph, entries); });
  return words;
}
int entryOf(const std::vector<std::uint64_t>& words, std::uint64_t i) {
  return static_cast<int>(words[i / 16] >> (i % 16 * 4)) & 15;
}
void fillPrevious(StepGraph& graph) {
  graph.previous.assign(graph.next.size(), kNoEntry);
  for (std::uint32_t i = 0; i < graph.size; ++i) {
    for (int s = 0; s < graph.steps; ++s) {
      const std::uint32_t n = graph.next[std::size_t{i} * graph.steps + s];
      if (n != kNoEntry) graph.previous[std::size_t{n} * graph.steps + s] = i;
    }
  }
}

// Phase 1's steps: (x,y)/ for x, y in -5..6; step 65 is the lone slice (0,0)/.
constexpr int kPhase1Steps = 144;
constexpr int kLoneSlice1 = 65;
int phase1Top(int step) { return step / 12 - 5; }
int phase1Bottom(int step) { return step % 12 - 5; }
// Phase 2's steps from a frame (see Phase2Coordinates): (x,y)/ with x, y each in one of the four
// values of a residue mod 3: step 0-15 keep the frame (3a,3b), steps 16-31 change it. Step 5 is
// the lone slice.
constexpr int kPhase2Steps = 32;
constexpr int kLoneSlice2 = 5;
int phase2Turn(int frame, int step, int index) {
  // Kept: 0 mod 3; frame 0 to 1: 2 mod 3 (-4,-1,2,5); frame 1 to 0: 1 mod 3 (-5,-2,1,4).
  const int shift = step < 16 ? 0 : frame == 0 ? 2 : 1;
  const int value = 3 * (index - 1) + shift;
  return value > 6 ? value - 12 : value;
}
int phase2Top(int frame, int step) { return phase2Turn(frame, step, step % 16 / 4); }
int phase2Bottom(int frame, int step) { return phase2Turn(frame, step, step % 4); }

// The square shape of phase 2: corners at slots 1-2, 4-5, 7-8, 10-11 of each layer (each layer
// starts with an edge at the cut), or the same turned (2,2) (each starts with a corner). The
// slice keeps these two squares; steps between them undo the pairing of edge and corner that
// either alone keeps.
constexpr Shape kSquare = 0x492492;
constexpr std::array<int, 8> kCornerSpots = {1, 4, 7, 10, 13, 16, 19, 22};
constexpr std::array<int, 8> kEdgeSpots = {0, 3, 6, 9, 12, 15, 18, 21};

// The orders of corners and edges at the square's spots, read in frame 0: a state of frame 1 is
// read turned (1,1).
struct Phase2Coordinates {
  std::uint32_t corners, edges;
  bool frame, middle;
  std::uint32_t cornerEntry() const { return (corners * 2 + frame) * 2 + middle; }
  std::uint32_t edgeEntry() const { return (edges * 2 + frame) * 2 + middle; }
};
Phase2Coordinates coordinatesOf(const State& actual) {
  const bool frame = shapeOf(actual) != kSquare;
  const State state = frame ? turned(actual, 1, 1) : actual;
  std::array<std::uint8_t, 8> corners{}, edges{};
  for (int k = 0; k < 8; ++k) {
    corners[k] = state.slots[kCornerSpots[k]];
    edges[k] = static_cast<std::uint8_t>(state.slots[kEdgeSpots[k]] - 8);
  }
  return {static_cast<std::uint32_t>(rankPartialPermutation(corners, 8)),
          static_cast<std::uint32_t>(rankPartialPermutation(edges, 8)), frame, state.middleFlipped};
}

FollowerLists followersWithout(int steps, int loneSlice) {
  std::vector<int> all(steps), noLone;
  for (int s = 0; s < steps; ++s) {
    all[s] = s;
    if (s != loneSlice) noLone.push_back(s);
  }
  FollowerLists lists = {all};
  for (int s = 0; s < steps; ++s) lists.push_back(noLone);
  return lists;
}

struct Tables {
  std::vector<Shape> shapes;                  // twistableShapes()
  std::vector<std::uint32_t> phase1Next;      // shape × step: the next shape, or kNoEntry
  std::vector<std::uint8_t> phase1Flip;       // shape × step: whether the parity changes
  std::vector<std::uint64_t> phase1Distance;  // (shape, parity) -> slices to the goal
  // Phase 1's goals: the square and its turns the slice can turn, with the turn back to it.
  std::vector<std::uint32_t> phase1Goals;           // (shape, parity) entries
  std::vector<Move> alignTurns;                     // index of the shape -> the turn to the square
  std::vector<std::uint32_t> cornerNext, edgeNext;  // (order, frame) × step -> (order, frame)
  std::vector<std::uint64_t> cornerDistance, edgeDistance;  // (order, middle)
  // The 16 goals of phase 2 (solved less a turn) and the turn that finishes each.
  std::vector<Phase2Coordinates> goals;
  std::vector<Move> finishingTurns;
  FollowerLists phase1Followers = followersWithout(kPhase1Steps, kLoneSlice1);
  FollowerLists phase2Followers = followersWithout(kPhase2Steps, kLoneSlice2);
  SolverTableInfo info{};
};

std::uint32_t shapeIndex(const std::vector<Shape>& shapes, Shape shape) {
  const auto found = std::lower_bound(shapes.begin(), shapes.end(), shape);
  return found != shapes.end() && *found == shape
             ? static_cast<std::uint32_t>(found - shapes.begin())
             : kNoEntry;
}

// Phase 2's move table for one orbit of 8 (corners or edges at their spots), over (order, frame).
std::vector<std::uint32_t> orderMoves(const std::array<int, 8>& spots) {
  // For each frame and step: the spot each spot's piece comes from, and the frame reached.
  std::array<std::array<std::array<int, 8>, kPhase2Steps>, 2> source{};
  std::array<std::array<int, kPhase2Steps>, 2> reached{};
  const State square = placedInOrder(kSquare);
  for (int frame = 0; frame < 2; ++frame) {
    const State actual = frame ? turned(square, -1, -1) : square;
    for (int step = 0; step < kPhase2Steps; ++step) {
      const State after =
          slashed(turned(actual, phase2Top(frame, step), phase2Bottom(frame, step)));
      reached[frame][step] = shapeOf(after) != kSquare;
      const State read = reached[frame][step] ? turned(after, 1, 1) : after;
      for (int k = 0; k < 8; ++k) {
        const auto from = std::find_if(spots.begin(), spots.end(), [&](int spot) {
          return square.slots[spot] == read.slots[spots[k]];
        });
        source[frame][step][k] = static_cast<int>(from - spots.begin());
      }
    }
  }
  std::vector<std::uint32_t> next(40320 * 2 * kPhase2Steps);
  std::array<std::uint8_t, 8> order{}, moved{};
  for (std::uint32_t rank = 0; rank < 40320; ++rank) {
    unrankPartialPermutation(rank, 8, order);
    for (int frame = 0; frame < 2; ++frame) {
      for (int step = 0; step < kPhase2Steps; ++step) {
        for (int k = 0; k < 8; ++k) moved[k] = order[source[frame][step][k]];
        next[(rank * 2 + frame) * kPhase2Steps + step] =
            static_cast<std::uint32_t>(rankPartialPermutation(moved, 8)) * 2 + reached[frame][step];
      }
    }
  }
  return next;
}

// Entries (order, frame, middle): every step turns the middle layer.
StepGraph orderGraph(const std::vector<std::uint32_t>& moves) {
  StepGraph graph;
  graph.size = 40320 * 4;
  graph.steps = kPhase2Steps;
  graph.next.resize(std::size_t{graph.size} * kPhase2Steps);
  for (std::uint32_t i = 0; i < graph.size; ++i) {
    for (int s = 0; s < kPhase2Steps; ++s) {
      graph.next[std::size_t{i} * kPhase2Steps + s] =
          moves[i / 2 * kPhase2Steps + s] * 2u + (1 - i % 2);
    }
  }
  fillPrevious(graph);
  return graph;
}

Tables buildTables() {
  const auto start = std::chrono::steady_clock::now();
  Tables t;
  t.shapes = twistableShapes();
  const std::uint32_t shapeCount = static_cast<std::uint32_t>(t.shapes.size());
  t.phase1Next.assign(std::size_t{shapeCount} * kPhase1Steps, kNoEntry);
  t.phase1Flip.assign(t.phase1Next.size(), 0);
  for (std::uint32_t i = 0; i < shapeCount; ++i) {
    const State placed = placedInOrder(t.shapes[i]);
    const int parity = readingParity(placed);
    for (int step = 0; step < kPhase1Steps; ++step) {
      const State turnedState = turned(placed, phase1Top(step), phase1Bottom(step));
      if (sliceBlocker(turnedState) >= 0) continue;
      const State after = slashed(turnedState);
      t.phase1Next[std::size_t{i} * kPhase1Steps + step] = shapeIndex(t.shapes, shapeOf(after));
      t.phase1Flip[std::size_t{i} * kPhase1Steps + step] =
          static_cast<std::uint8_t>(readingParity(after) ^ parity);
    }
  }
  StepGraph shapeGraph;
  shapeGraph.size = shapeCount * 2;
  shapeGraph.steps = kPhase1Steps;
  shapeGraph.next.assign(std::size_t{shapeGraph.size} * kPhase1Steps, kNoEntry);
  for (std::uint32_t i = 0; i < shapeGraph.size; ++i) {
    for (int step = 0; step < kPhase1Steps; ++step) {
      const std::size_t at = std::size_t{i / 2} * kPhase1Steps + step;
      if (t.phase1Next[at] != kNoEntry) {
        shapeGraph.next[std::size_t{i} * kPhase1Steps + step] =
            t.phase1Next[at] * 2 + ((i % 2) ^ t.phase1Flip[at]);
      }
    }
  }
  fillPrevious(shapeGraph);

  // Phase 2's goals: solved less a turn to either square, (3a, 1+3b) or (2+3a, 3b).
  for (int a = 0; a < 4; ++a) {
    for (int b = 0; b < 4; ++b) {
      for (const auto& [top, bottom] : {std::pair{3 * a, 1 + 3 * b}, std::pair{2 + 3 * a, 3 * b}}) {
        t.goals.push_back(coordinatesOf(turned(solved(), top, bottom)));
        t.finishingTurns.push_back(simplified({Move{-top, -bottom, false}}).front());
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
  t.phase1Distance = distances(shapeGraph, t.phase1Goals);

  t.cornerNext = orderMoves(kCornerSpots);
  t.edgeNext = orderMoves(kEdgeSpots);
  std::vector<std::uint32_t> cornerGoals, edgeGoals;
  for (const Phase2Coordinates& goal : t.goals) {
    cornerGoals.push_back(goal.cornerEntry());
    edgeGoals.push_back(goal.edgeEntry());
  }
  std::sort(cornerGoals.begin(), cornerGoals.end());
  cornerGoals.erase(std::unique(cornerGoals.begin(), cornerGoals.end()), cornerGoals.end());
  std::sort(edgeGoals.begin(), edgeGoals.end());
  edgeGoals.erase(std::unique(edgeGoals.begin(), edgeGoals.end()), edgeGoals.end());
  t.cornerDistance = distances(orderGraph(t.cornerNext), cornerGoals);
  t.edgeDistance = distances(orderGraph(t.edgeNext), edgeGoals);

  t.info.bytes = (t.phase1Next.size() * 4 + t.phase1Flip.size() + t.phase1Distance.size() * 8 +
                  t.cornerNext.size() * 4 + t.edgeNext.size() * 4 +
                  (t.cornerDistance.size() + t.edgeDistance.size()) * 8);
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
  void setStart(const Phase2Coordinates& start) { nodes_[0] = start; }
  int estimate(const Phase2Coordinates& c) const {
    return std::max(entryOf(t_.cornerDistance, c.cornerEntry()),
                    entryOf(t_.edgeDistance, c.edgeEntry()));
  }
  int goalIndex() const {
    const Phase2Coordinates& c = nodes_[top()];
    for (std::size_t k = 0; k < t_.goals.size(); ++k) {
      if (t_.goals[k].corners == c.corners && t_.goals[k].edges == c.edges &&
          t_.goals[k].frame == c.frame && t_.goals[k].middle == c.middle) {
        return static_cast<int>(k);
      }
    }
    return -1;
  }

  void beforePass(int) {}
  bool enterPrefix(int, int) { return true; }
  void expand(int) {}
  bool enter(int g, int step) {
    const Phase2Coordinates& c = nodes_[g];
    const std::uint32_t corners = t_.cornerNext[(c.corners * 2 + c.frame) * kPhase2Steps + step];
    const std::uint32_t edges = t_.edgeNext[(c.edges * 2 + c.frame) * kPhase2Steps + step];
    const Phase2Coordinates child{corners / 2, edges / 2, (corners & 1) != 0, !c.middle};
    if (g + 1 + estimate(child) > bound()) return false;
    nodes_[g + 1] = child;
    return true;
  }
  bool atGoal() { return goalIndex() >= 0; }

 private:
  const Tables& t_;
  std::array<Phase2Coordinates, kMaxPhase2 + 1> nodes_{};
};

std::vector<Move> phase1Moves(const std::vector<int>& steps) {
  std::vector<Move> moves;
  for (int step : steps) moves.push_back(Move{phase1Top(step), phase1Bottom(step), true});
  return moves;
}
// Phase 2's steps from frame 0, following the frames they reach.
std::vector<Move> phase2Moves(const Tables& t, const std::vector<int>& steps) {
  std::vector<Move> moves;
  int frame = 0;
  for (int step : steps) {
    moves.push_back(Move{phase2Top(frame, step), phase2Bottom(frame, step), true});
    frame = static_cast<int>(t.cornerNext[frame * kPhase2Steps + step] & 1);
  }
  return moves;
}

// Phase 1's walk; at each of its goals, phase 2 looks for an ending shorter than the best so far.
class Phase1Walk : public StackWalk<Phase1Walk> {
 public:
  Phase1Walk(const Tables& t, const State& start, std::uint64_t& nodes)
      : StackWalk(t.phase1Followers, kMaxPhase1), t_(t), start_(start), phase2_(t), nodes_(nodes) {
    shape_[0] = shapeIndex(t.shapes, shapeOf(start));
    parity_[0] = readingParity(start);
  }
  int estimate() const {
    return entryOf(t_.phase1Distance, std::uint64_t{shape_[0]} * 2 + parity_[0]);
  }
  int best() const { return best_; }
  const std::vector<Move>& solution() const { return solution_; }
  static constexpr std::uint64_t kPhase2Budget = 20000;

  void beforePass(int) {}
  bool enterPrefix(int, int) { return true; }
  void expand(int) {}
  bool enter(int g, int step) {
    const std::size_t at = std::size_t{shape_[g]} * kPhase1Steps + step;
    const std::uint32_t next = t_.phase1Next[at];
    if (next == kNoEntry) return false;
    const int parity = parity_[g] ^ t_.phase1Flip[at];
    if (g + 1 + entryOf(t_.phase1Distance, std::uint64_t{next} * 2 + parity) > bound()) {
      return false;
    }
    shape_[g + 1] = next;
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
    const State square = applyMoves(start_, phase1);
    phase2_.setStart(coordinatesOf(square));
    const bool afterSlice = top() > 0 && align.top == 0 && align.bottom == 0;
    const std::vector<int> first =
        afterSlice ? t_.phase2Followers[kLoneSlice2 + 1] : t_.phase2Followers[0];
    for (int bound = phase2_.estimate(coordinatesOf(square));
         bound <= kMaxPhase2 && top() + bound < best_; ++bound) {
      if (!phase2_.begin(bound, {}, first)) continue;
      // Unbounded until a first solution is known, then a budget for each better one.
      const std::uint64_t limit =
          solution_.empty() ? std::numeric_limits<std::uint64_t>::max() : nodes_ + kPhase2Budget;
      const WalkStep step = phase2_.walk(limit, nodes_);
      if (step == WalkStep::Budget) break;
      if (step != WalkStep::Found) continue;
      std::vector<Move> moves = phase1;
      for (const Move& move : phase2Moves(t_, phase2_.path())) moves.push_back(move);
      moves.push_back(t_.finishingTurns[phase2_.goalIndex()]);
      best_ = top() + bound;
      solution_ = moves;
      break;
    }
    return false;  // on to phase 1's next solution
  }

 private:
  const Tables& t_;
  State start_;
  Phase2Walk phase2_;
  std::uint64_t& nodes_;
  std::array<std::uint32_t, kMaxPhase1 + 1> shape_{};
  std::array<int, kMaxPhase1 + 1> parity_{};
  int best_ = std::numeric_limits<int>::max();
  std::vector<Move> solution_;
};

}  // namespace

SolverTableInfo solverTables() { return tables().info; }

// Nodes of both phases per solve: past it, the best solution so far.
constexpr std::uint64_t kNodeBudget = 100000;

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
  // Phase 1's solutions of its shortest length and the next two, each finished by phase 2.
  const int shortest = walk.estimate();
  for (int bound = shortest; bound <= std::min(kMaxPhase1, shortest + 2) && bound < walk.best();
       ++bound) {
    if (!walk.begin(bound, {})) continue;
    const std::uint64_t limit = walk.best() == std::numeric_limits<int>::max()
                                    ? std::numeric_limits<std::uint64_t>::max()
                                    : kNodeBudget;
    if (walk.walk(limit, nodes) == WalkStep::Budget) break;
  }
  if (walk.best() == std::numeric_limits<int>::max()) {
    throw std::logic_error("the Square-1 solver found no solution");
  }
  std::vector<Move> moves = {firstTurn};
  for (const Move& move : walk.solution()) moves.push_back(move);
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
