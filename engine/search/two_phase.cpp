#include "search/two_phase.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <new>
#include <numeric>
#include <stdexcept>

#include "core/ranking.hpp"

namespace polytwist {
namespace {

constexpr std::uint8_t kUnreached = 255;
constexpr int kMaxPositions = 64;

// Big tables are allocated so that running out of memory is a value, not an exception (the WASM
// module is built without exceptions).
template <typename T>
std::unique_ptr<T[]> tryAllocate(std::size_t count) {
  return std::unique_ptr<T[]>(new (std::nothrow) T[count]);
}

std::uint32_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return static_cast<std::uint32_t>(result);
}

[[noreturn]] void fail(const Puzzle& puzzle, const std::string& message) {
  throw std::invalid_argument("puzzle '" + puzzle.id() + "' phases: " + message);
}

}  // namespace

// One coordinate of a phase, with its move table over the phase's moves.
struct TwoPhaseSolver::Coordinate {
  enum class Kind {
    Orientation,       // the orientation at every position of an orbit
    PieceSet,          // which positions of an orbit hold a set of pieces ("which, not how")
    BlockPermutation,  // the order of a block's own pieces within the block's positions
  } kind;
  std::string name;
  int offset = 0;  // the orbit's first position
  int orbitSize = 0;
  int orientations = 1;
  bool orientationSumZero = false;
  std::vector<int> members;       // PieceSet: the pieces; BlockPermutation: the block's positions
  std::vector<int> memberIndex;   // per piece of the orbit: its index in `members`, or -1
  std::uint32_t size = 1;
  std::uint32_t goal = 0;         // the value of the solved state
  int columns = 0;                // moves of the phase
  std::unique_ptr<std::uint16_t[]> moves;  // [value * columns + move]

  // The value of a state given as per-position pieces and orientations (whole puzzle); `size`
  // when the state lies outside what the coordinate describes (a block holding a foreign piece).
  std::uint32_t encode(const std::uint8_t* pieces, const std::uint8_t* ori) const {
    switch (kind) {
      case Kind::Orientation:
        return static_cast<std::uint32_t>(rankOrientations(
            std::span<const std::uint8_t>(ori + offset, orbitSize), orientations,
            orientationSumZero));
      case Kind::PieceSet: {
        // Combinatorial number system over the positions holding a member, in increasing order.
        std::uint32_t rank = 0;
        int found = 0;
        for (int p = 0; p < orbitSize; ++p) {
          if (memberIndex[pieces[offset + p]] >= 0) rank += binomial(p, ++found);
        }
        return rank;
      }
      case Kind::BlockPermutation: {
        std::uint8_t order[32];
        const int k = static_cast<int>(members.size());
        for (int i = 0; i < k; ++i) {
          const int index = memberIndex[pieces[offset + members[i]]];
          if (index < 0) return size;
          order[i] = static_cast<std::uint8_t>(index);
        }
        return static_cast<std::uint32_t>(
            rankPartialPermutation(std::span<const std::uint8_t>(order, k), k));
      }
    }
    return size;
  }

  // Writes a state of this value into the coordinate's part of `pieces` and `ori`, which must
  // hold a permutation of the orbit (the rest is left as it is, or rearranged consistently).
  void decode(std::uint32_t value, std::uint8_t* pieces, std::uint8_t* ori) const {
    switch (kind) {
      case Kind::Orientation:
        unrankOrientations(value, orientations, orientationSumZero,
                           std::span<std::uint8_t>(ori + offset, orbitSize));
        return;
      case Kind::PieceSet: {
        // Greedy unranking of the combination: the largest position first.
        std::vector<bool> holdsMember(orbitSize, false);
        int remaining = static_cast<int>(members.size());
        for (int p = orbitSize - 1; p >= 0 && remaining > 0; --p) {
          if (binomial(p, remaining) <= value) {
            value -= binomial(p, remaining);
            holdsMember[p] = true;
            --remaining;
          }
        }
        std::size_t nextMember = 0;
        int nextOther = 0;
        for (int p = 0; p < orbitSize; ++p) {
          if (holdsMember[p]) {
            pieces[offset + p] = static_cast<std::uint8_t>(members[nextMember++]);
          } else {
            while (memberIndex[nextOther] >= 0) ++nextOther;
            pieces[offset + p] = static_cast<std::uint8_t>(nextOther++);
          }
        }
        return;
      }
      case Kind::BlockPermutation: {
        std::uint8_t order[32];
        const int k = static_cast<int>(members.size());
        unrankPartialPermutation(value, k, std::span<std::uint8_t>(order, k));
        for (int i = 0; i < k; ++i) pieces[offset + members[i]] = static_cast<std::uint8_t>(members[order[i]]);
        return;
      }
    }
  }
};

// A pattern table over two coordinates of a phase (or one, with `second` -1): exact distances.
struct TwoPhaseSolver::Table {
  int first = 0;
  int second = -1;
  std::uint32_t secondSize = 1;
  std::uint32_t entries = 0;
  int maxDistance = 0;
  std::unique_ptr<std::uint8_t[]> distance;
};

struct TwoPhaseSolver::Phase {
  std::vector<Coordinate> coordinates;
  std::vector<int> moves;  // the puzzle's move numbers, in the order of the move tables
  std::vector<int> bases;  // per move of the phase: its base
  std::vector<bool> keepsNextGoal;  // per move: it is a move of the next phase too
  std::vector<Table> tables;
};

TwoPhaseSolver::~TwoPhaseSolver() = default;

TwoPhaseSolver::TwoPhaseSolver(const Puzzle& puzzle) : puzzle_(puzzle) {
  const std::vector<PhaseSpec>& specs = puzzle.spec().phases;
  if (specs.size() != 2) fail(puzzle, "the two-phase solver needs exactly two phases");
  if (!specs[1].goal.empty()) fail(puzzle, "the last phase's goal must be the solved puzzle");
  positions_ = puzzle.positionCount();
  if (positions_ > kMaxPositions) fail(puzzle, "too many pieces");
  const int moveCount = static_cast<int>(puzzle.moves().size());
  moveFrom_.resize(static_cast<std::size_t>(moveCount) * positions_);
  moveTwist_.resize(moveFrom_.size());
  orientationsAt_.resize(positions_);
  for (const Orbit& orbit : puzzle.orbits()) {
    for (int i = 0; i < orbit.size; ++i) {
      orientationsAt_[orbit.offset + i] = static_cast<std::uint8_t>(orbit.orientations);
    }
  }
  for (int m = 0; m < moveCount; ++m) {
    const State& effect = puzzle.moves()[m].effect;
    for (const Orbit& orbit : puzzle.orbits()) {
      for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
        moveFrom_[m * positions_ + i] = static_cast<std::uint8_t>(orbit.offset + effect.pieces[i]);
        moveTwist_[m * positions_ + i] = effect.ori[i];
      }
    }
  }
  const int bases = puzzle.baseCount();
  follows_.resize(static_cast<std::size_t>(bases) * bases);
  for (int a = 0; a < bases; ++a) {
    for (int b = 0; b < bases; ++b) {
      // Canonical order: no base twice in a row, and commuting bases in increasing order only.
      follows_[a * bases + b] = a != b && !(puzzle.basesCommute(a, b) && b < a);
    }
  }

  phases_.resize(2);
  for (int p = 0; p < 2; ++p) {
    Phase& phase = phases_[p];
    if (specs[p].moves.empty()) {
      for (int m = 0; m < moveCount; ++m) {
        if (puzzle.isSearchMove(m)) phase.moves.push_back(m);
      }
    }
    for (const std::string& name : specs[p].moves) {
      const std::optional<int> move = puzzle.findMove(name);
      if (!move) fail(puzzle, "no move named '" + name + "'");
      phase.moves.push_back(*move);
    }
    for (int m : phase.moves) phase.bases.push_back(puzzle.moves()[m].base);
  }
  for (int m : phases_[0].moves) {
    const auto& next = phases_[1].moves;
    phases_[0].keepsNextGoal.push_back(std::find(next.begin(), next.end(), m) != next.end());
  }
  for (int m : phases_[1].moves) {
    const auto& first = phases_[0].moves;
    if (std::find(first.begin(), first.end(), m) == first.end()) {
      fail(puzzle, puzzle.moves()[m].name + " is a phase-2 move but not a phase-1 move");
    }
    for (int i = 0; i < positions_; ++i) {
      if (moveTwist_[m * positions_ + i] != 0) {
        fail(puzzle, "phase-2 move " + puzzle.moves()[m].name + " turns a piece");
      }
    }
  }

  // Phase 1: the coordinates of the declared goal.
  for (const PhaseGoalSpec& goal : specs[0].goal) {
    const int orbitIndex = puzzle.orbitIndex(goal.orbit);
    if (orbitIndex < 0) fail(puzzle, "no orbit named '" + goal.orbit + "'");
    const Orbit& orbit = puzzle.orbits()[orbitIndex];
    Coordinate c;
    c.offset = orbit.offset;
    c.orbitSize = orbit.size;
    c.orientations = orbit.orientations;
    c.orientationSumZero = orbit.orientationSumZero;
    c.memberIndex.assign(orbit.size, -1);
    if (goal.kind == PhaseGoalSpec::Kind::Oriented) {
      c.kind = Coordinate::Kind::Orientation;
      c.name = orbit.name + " orientations";
      c.size = static_cast<std::uint32_t>(
          orientationCount(orbit.size, orbit.orientations, orbit.orientationSumZero));
    } else {
      c.kind = Coordinate::Kind::PieceSet;
      c.name = "places of the " + orbit.name + "s";
      for (int piece : goal.pieces) {
        if (piece < 0 || piece >= orbit.size || c.memberIndex[piece] >= 0) {
          fail(puzzle, "bad piece numbers in an InPlaces goal");
        }
        c.memberIndex[piece] = static_cast<int>(c.members.size());
        c.members.push_back(piece);
        c.name += " " + orbit.pieceNames[piece];
      }
      c.size = binomial(orbit.size, static_cast<int>(goal.pieces.size()));
    }
    phases_[0].coordinates.push_back(std::move(c));
  }

  // Phase 2: the blocks of positions its moves keep, found as the orbits of the positions under
  // those moves (union-find); a block of one position never changes.
  for (const Orbit& orbit : puzzle.orbits()) {
    std::vector<int> parent(orbit.size);
    std::iota(parent.begin(), parent.end(), 0);
    auto root = [&](int x) {
      while (parent[x] != x) x = parent[x] = parent[parent[x]];
      return x;
    };
    for (int m : phases_[1].moves) {
      for (int i = 0; i < orbit.size; ++i) {
        parent[root(i)] = root(moveFrom_[m * positions_ + orbit.offset + i] - orbit.offset);
      }
    }
    for (int r = 0; r < orbit.size; ++r) {
      if (root(r) != r) continue;
      Coordinate c;
      c.kind = Coordinate::Kind::BlockPermutation;
      c.offset = orbit.offset;
      c.orbitSize = orbit.size;
      c.memberIndex.assign(orbit.size, -1);
      c.name = orbit.name + " permutation of";
      for (int i = 0; i < orbit.size; ++i) {
        if (root(i) != r) continue;
        c.memberIndex[i] = static_cast<int>(c.members.size());
        c.members.push_back(i);
        c.name += " " + orbit.pieceNames[i];
      }
      if (c.members.size() < 2) continue;
      c.size = static_cast<std::uint32_t>(factorial(static_cast<int>(c.members.size())));
      phases_[1].coordinates.push_back(std::move(c));
    }
  }

  std::uint8_t pieces[kMaxPositions], ori[kMaxPositions], nextPieces[kMaxPositions],
      nextOri[kMaxPositions];
  const State solvedState = puzzle.solved();
  for (Phase& phase : phases_) {
    if (phase.coordinates.empty() ||
        static_cast<int>(phase.coordinates.size()) > kMaxCoordinates) {
      fail(puzzle, "each phase needs 1 to " + std::to_string(kMaxCoordinates) + " coordinates");
    }
    for (Coordinate& c : phase.coordinates) {
      if (c.size > 65536) fail(puzzle, c.name + ": more than 65,536 values");
      c.goal = c.encode(solvedState.pieces.data(), solvedState.ori.data());
      c.columns = static_cast<int>(phase.moves.size());
    }
    // Tables: each coordinate with the smallest one (alone if it is the only one).
    const auto smallest = std::min_element(
        phase.coordinates.begin(), phase.coordinates.end(),
        [](const Coordinate& a, const Coordinate& b) { return a.size < b.size; });
    const int s = static_cast<int>(smallest - phase.coordinates.begin());
    for (int c = 0; c < static_cast<int>(phase.coordinates.size()); ++c) {
      if (c == s && phase.coordinates.size() > 1) continue;
      Table table;
      table.first = c;
      table.second = c == s ? -1 : s;
      table.secondSize = c == s ? 1 : smallest->size;
      table.entries = phase.coordinates[c].size * table.secondSize;
      phase.tables.push_back(std::move(table));
    }
  }
  // The phase-1 goal must be kept by every phase-2 move.
  for (const Coordinate& c : phases_[0].coordinates) {
    std::copy(solvedState.pieces.begin(), solvedState.pieces.end(), pieces);
    std::copy(solvedState.ori.begin(), solvedState.ori.end(), ori);
    c.decode(c.goal, pieces, ori);
    for (int m : phases_[1].moves) {
      flatMove(m, pieces, ori, nextPieces, nextOri);
      if (c.encode(nextPieces, nextOri) != c.goal) {
        fail(puzzle, "phase-2 move " + puzzle.moves()[m].name + " leaves the phase-1 goal (" +
                         c.name + ")");
      }
    }
  }
}

void TwoPhaseSolver::flatMove(int move, const std::uint8_t* pieces, const std::uint8_t* ori,
                              std::uint8_t* toPieces, std::uint8_t* toOri) const {
  const std::uint8_t* from = moveFrom_.data() + move * positions_;
  const std::uint8_t* twist = moveTwist_.data() + move * positions_;
  for (int i = 0; i < positions_; ++i) {
    toPieces[i] = pieces[from[i]];
    const int o = ori[from[i]] + twist[i];
    toOri[i] = static_cast<std::uint8_t>(o >= orientationsAt_[i] ? o - orientationsAt_[i] : o);
  }
}

bool TwoPhaseSolver::buildMoveTable(const Phase& phase, Coordinate& c) {
  c.moves = tryAllocate<std::uint16_t>(static_cast<std::size_t>(c.size) * c.columns);
  if (!c.moves) return false;
  const State solvedState = puzzle_.solved();
  std::uint8_t pieces[kMaxPositions], ori[kMaxPositions], nextPieces[kMaxPositions],
      nextOri[kMaxPositions];
  std::copy(solvedState.pieces.begin(), solvedState.pieces.end(), pieces);
  std::copy(solvedState.ori.begin(), solvedState.ori.end(), ori);
  for (std::uint32_t value = 0; value < c.size; ++value) {
    c.decode(value, pieces, ori);
    for (int column = 0; column < c.columns; ++column) {
      flatMove(phase.moves[column], pieces, ori, nextPieces, nextOri);
      c.moves[static_cast<std::size_t>(value) * c.columns + column] =
          static_cast<std::uint16_t>(c.encode(nextPieces, nextOri));
    }
  }
  return true;
}

bool TwoPhaseSolver::buildPatternTable(const Phase& phase, Table& table) {
  table.distance = tryAllocate<std::uint8_t>(table.entries);
  std::unique_ptr<std::uint32_t[]> queue = tryAllocate<std::uint32_t>(table.entries);
  if (!table.distance || !queue) return false;
  std::fill(table.distance.get(), table.distance.get() + table.entries, kUnreached);
  const Coordinate& first = phase.coordinates[table.first];
  const Coordinate* second = table.second >= 0 ? &phase.coordinates[table.second] : nullptr;
  const int columns = first.columns;
  const std::uint32_t start = first.goal * table.secondSize + (second ? second->goal : 0);
  table.distance[start] = 0;
  queue[0] = start;
  std::uint32_t head = 0, tail = 1;
  while (head < tail) {
    const std::uint32_t index = queue[head++];
    const std::uint32_t a = index / table.secondSize, b = index % table.secondSize;
    const std::uint8_t next = static_cast<std::uint8_t>(table.distance[index] + 1);
    const std::uint16_t* rowA = first.moves.get() + static_cast<std::size_t>(a) * columns;
    const std::uint16_t* rowB =
        second ? second->moves.get() + static_cast<std::size_t>(b) * columns : nullptr;
    for (int m = 0; m < columns; ++m) {
      const std::uint32_t neighbour = rowA[m] * table.secondSize + (rowB ? rowB[m] : 0);
      if (table.distance[neighbour] == kUnreached) {
        table.distance[neighbour] = next;
        queue[tail++] = neighbour;
      }
    }
    table.maxDistance = table.distance[index];
  }
  return true;
}

bool TwoPhaseSolver::prepare() {
  if (prepared_) return true;
  const auto began = std::chrono::steady_clock::now();
  for (Phase& phase : phases_) {
    for (Coordinate& c : phase.coordinates) {
      if (!buildMoveTable(phase, c)) return false;
    }
    for (Table& table : phase.tables) {
      if (!buildPatternTable(phase, table)) return false;
    }
  }
  buildMilliseconds_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
  prepared_ = true;
  return true;
}

std::vector<TwoPhaseSolver::TableInfo> TwoPhaseSolver::tableInfo() const {
  std::vector<TableInfo> info;
  for (const Phase& phase : phases_) {
    for (const Table& table : phase.tables) {
      std::string name = phase.coordinates[table.first].name;
      if (table.second >= 0) name += " × " + phase.coordinates[table.second].name;
      info.push_back({name, table.entries, table.maxDistance});
    }
  }
  return info;
}

bool TwoPhaseSolver::reachedGoal(int phase, const State& state) const {
  if (phase == 1) return puzzle_.isSolved(state);
  for (const Coordinate& c : phases_[0].coordinates) {
    if (c.encode(state.pieces.data(), state.ori.data()) != c.goal) return false;
  }
  return true;
}

// The state of one solve: the start, the moves so far, counters. Recursion with fixed arrays, so
// nothing is allocated per node.
struct TwoPhaseSolver::Search {
  struct Values {
    std::uint16_t v[kMaxCoordinates];
  };

  const TwoPhaseSolver& solver;
  const TwoPhaseOptions& options;
  std::uint8_t startPieces[kMaxPositions];
  std::uint8_t startOri[kMaxPositions];
  int path[kMaxLength + 1];
  int length = 0;
  int phase1Length = 0;
  std::uint64_t nodes = 0;
  bool cancelled = false;

  static int heuristic(const Phase& phase, const Values& values) {
    int h = 0;
    for (const Table& table : phase.tables) {
      const std::uint32_t index = values.v[table.first] * table.secondSize +
                                  (table.second >= 0 ? values.v[table.second] : 0);
      h = std::max(h, static_cast<int>(table.distance[index]));
    }
    return h;
  }

  static Values step(const Phase& phase, const Values& values, int column) {
    Values next;
    const int count = static_cast<int>(phase.coordinates.size());
    for (int c = 0; c < count; ++c) {
      const Coordinate& coordinate = phase.coordinates[c];
      next.v[c] = coordinate.moves[values.v[c] * coordinate.columns + column];
    }
    return next;
  }

  bool checkCancel() {
    if ((++nodes & 0xfff) == 0 && options.cancel.requested()) cancelled = true;
    return cancelled;
  }

  bool follows(int lastBase, int base) const {
    return lastBase < 0 || solver.follows_[lastBase * solver.puzzle_.baseCount() + base];
  }

  // Phase-1 solutions of exactly `togo` more moves; each ends with a move outside phase 2 (one
  // ending in a phase-2 move was already tried, shorter, with that move left to phase 2).
  bool phase1(int depth, const Values& values, int lastBase, int togo) {
    const Phase& phase = solver.phases_[0];
    for (int column = 0; column < static_cast<int>(phase.moves.size()); ++column) {
      const int base = phase.bases[column];
      if (!follows(lastBase, base)) continue;
      if (checkCancel()) return false;
      const Values next = step(phase, values, column);
      if (heuristic(phase, next) >= togo) continue;
      path[depth] = phase.moves[column];
      if (togo == 1) {
        if (!phase.keepsNextGoal[column] && phase2(depth + 1)) return true;
      } else if (phase1(depth + 1, next, base, togo - 1)) {
        return true;
      }
      if (cancelled) return false;
    }
    return false;
  }

  // Phase 2 after the `length1` moves in `path`, within the target.
  bool phase2(int length1) {
    const Phase& phase = solver.phases_[1];
    std::uint8_t pieces[2][kMaxPositions], ori[2][kMaxPositions];
    std::memcpy(pieces[0], startPieces, solver.positions_);
    std::memcpy(ori[0], startOri, solver.positions_);
    int current = 0;
    for (int i = 0; i < length1; ++i) {
      solver.flatMove(path[i], pieces[current], ori[current], pieces[1 - current],
                      ori[1 - current]);
      current = 1 - current;
    }
    Values values;
    for (int c = 0; c < static_cast<int>(phase.coordinates.size()); ++c) {
      const std::uint32_t value = phase.coordinates[c].encode(pieces[current], ori[current]);
      if (value >= phase.coordinates[c].size) return false;
      values.v[c] = static_cast<std::uint16_t>(value);
    }
    const int h = heuristic(phase, values);
    const int remaining = options.maxLength - length1;
    const int lastBase = length1 > 0 ? solver.puzzle_.moves()[path[length1 - 1]].base : -1;
    for (int depth2 = h; depth2 <= remaining; ++depth2) {
      if (search2(length1, values, lastBase, depth2)) {
        length = length1 + depth2;
        phase1Length = length1;
        return true;
      }
      if (cancelled) return false;
    }
    return false;
  }

  bool search2(int depth, const Values& values, int lastBase, int togo) {
    if (togo == 0) return true;  // the heuristic is 0 only at the goal
    const Phase& phase = solver.phases_[1];
    for (int column = 0; column < static_cast<int>(phase.moves.size()); ++column) {
      const int base = phase.bases[column];
      if (!follows(lastBase, base)) continue;
      if (checkCancel()) return false;
      const Values next = step(phase, values, column);
      if (heuristic(phase, next) >= togo) continue;
      path[depth] = phase.moves[column];
      if (search2(depth + 1, next, base, togo - 1)) return true;
      if (cancelled) return false;
    }
    return false;
  }
};

TwoPhaseResult TwoPhaseSolver::solve(const State& start, const TwoPhaseOptions& options) {
  const auto began = std::chrono::steady_clock::now();
  TwoPhaseResult result{TwoPhaseResult::Status::Solved, {}, 0, 0, 0, {}};
  auto finish = [&](TwoPhaseResult::Status status, std::string error = {}) {
    result.status = status;
    result.error = std::move(error);
    result.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    return result;
  };
  if (auto problem = puzzle_.checkReachable(start)) {
    return finish(TwoPhaseResult::Status::Failed, *problem);
  }
  if (options.maxLength < 0 || options.maxLength > kMaxLength) {
    return finish(TwoPhaseResult::Status::Failed,
                  "the target length must be from 0 to " + std::to_string(kMaxLength));
  }
  if (!prepare()) {
    return finish(TwoPhaseResult::Status::Failed, "out of memory for the two-phase tables");
  }
  Search search{*this, options, {}, {}, {}, 0, 0, 0, false};
  std::copy(start.pieces.begin(), start.pieces.end(), search.startPieces);
  std::copy(start.ori.begin(), start.ori.end(), search.startOri);
  const Phase& first = phases_[0];
  Search::Values values;
  for (int c = 0; c < static_cast<int>(first.coordinates.size()); ++c) {
    values.v[c] = static_cast<std::uint16_t>(
        first.coordinates[c].encode(search.startPieces, search.startOri));
  }
  const int h = Search::heuristic(first, values);
  if (h == kUnreached) {
    return finish(TwoPhaseResult::Status::Unsolvable, "the phase-1 goal cannot be reached");
  }
  bool found = false;
  for (int depth1 = h; depth1 <= options.maxLength && !found && !search.cancelled; ++depth1) {
    found = depth1 == 0 ? search.phase2(0) : search.phase1(0, values, -1, depth1);
  }
  result.nodes = search.nodes;
  if (search.cancelled) return finish(TwoPhaseResult::Status::Cancelled);
  if (!found) {
    return finish(TwoPhaseResult::Status::NotFound,
                  "no solution within " + std::to_string(options.maxLength) + " moves");
  }
  result.moves.assign(search.path, search.path + search.length);
  result.phase1Length = search.phase1Length;
  if (!puzzle_.isSolved(puzzle_.applySequence(start, result.moves))) {
    return finish(TwoPhaseResult::Status::Failed,
                  "internal error: the solution found does not solve");
  }
  return finish(TwoPhaseResult::Status::Solved);
}

}  // namespace polytwist
