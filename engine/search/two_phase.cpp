#include "search/two_phase.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <new>
#include <numeric>
#include <stdexcept>

#include "core/ranking.hpp"
#include "search/coordinate.hpp"
#include "search/layered_bfs.hpp"
#include "search/memory.hpp"
#include "search/stack_walk.hpp"

namespace polytwist {
namespace {

constexpr int kMaxPositions = 64;
// Pattern tables of at most 2^23 entries natively, 2^21 in WebAssembly (built in bytes, kept in
// half-bytes). The 3x3x3's corner x edge orientations (4.5 million entries) is in natively only:
// measured, it cuts the median search by ~15 % and the p99 by ~40 %, but adds ~75 ms to the
// start-up natively and ~170 ms in WebAssembly, where the start-up is what a player waits for
// before the first scramble (docs/benchmarks.md). The solutions are the same either way: the
// bounds only prune, the search order is the same.
#ifdef __EMSCRIPTEN__
constexpr std::uint64_t kMaxTableEntries = std::uint64_t{1} << 21;
#else
constexpr std::uint64_t kMaxTableEntries = std::uint64_t{1} << 23;
#endif
// Tables a puzzle names (PhaseSpec::tables) are built on every platform.
constexpr std::uint64_t kMaxDeclaredTableEntries = std::uint64_t{1} << 23;
// The last of two phases is searched at most this deep: past it, a longer phase 1 is usually
// cheaper.
constexpr int kMaxPhase2Length = 12;

// Big tables are allocated so that running out of memory is a value, not an exception (the WASM
// module is built without exception catching, where a failing `new`, even a nothrow one, aborts:
// search/memory.hpp asks first).
template <typename T>
std::unique_ptr<T[]> tryAllocate(std::size_t count) {
  if (tableMemoryShortfall(std::uint64_t{count} * sizeof(T), "a two-phase table")) return nullptr;
  return std::unique_ptr<T[]>(new (std::nothrow) T[count]);
}

[[noreturn]] void fail(const Puzzle& puzzle, const std::string& message) {
  throw std::invalid_argument("puzzle '" + puzzle.id() + "' phases: " + message);
}

}  // namespace

// One coordinate of a phase (search/coordinate.hpp), with its move table over the phase's moves
// alone, in 16 bits: the search steps through these tables at every node.
struct TwoPhaseSolver::PhaseCoordinate {
  PhaseCoordinate(std::string coordinateName, Coordinate ranking)
      : name(std::move(coordinateName)), coordinate(std::move(ranking)) {}
  std::string name;
  Coordinate coordinate;                   // ranks states; without a move table of its own
  std::uint32_t goal = 0;                  // the value of the solved state
  int columns = 0;                         // moves of the phase
  std::unique_ptr<std::uint16_t[]> moves;  // [value * columns + move]
  std::vector<std::uint8_t> goalSet;       // per value: 1 at the phase's goal (from prepare())
  std::uint32_t size() const { return coordinate.size(); }
};

// A pattern table over two coordinates of a phase (or one, with `second` -1): exact distances.
struct TwoPhaseSolver::Table {
  int first = 0;
  int second = -1;
  std::uint32_t secondSize = 1;
  std::uint32_t entries = 0;
  int maxDistance = 0;
  std::uint64_t goals = 0;  // entries at distance 0
  // Two entries a byte (low nibble first), distances above 14 kept as 14 (still a lower bound):
  // half the bytes of one a byte, so more of the table stays in the cache during a search.
  std::unique_ptr<std::uint8_t[]> packed;
  int at(std::uint32_t index) const { return (packed[index >> 1] >> ((index & 1) * 4)) & 15; }
};

struct TwoPhaseSolver::Phase {
  // What the search reads at every node, as plain pointers and counts next to each other (filled
  // by prepare()): the move tables, and per table its packed entries and how to index them.
  struct HotTable {
    const std::uint8_t* packed;
    int first, second;
    std::uint32_t firstStride, secondStride;  // index = v[first] * firstStride + v[second] * ...
  };
  int coordinateCount = 0;
  int columns = 0;
  const std::uint16_t* moveTables[kMaxCoordinates] = {};
  const std::uint8_t* goalSets[kMaxCoordinates] = {};
  std::vector<HotTable> hotTables;

  std::vector<PhaseCoordinate> coordinates;
  std::vector<int> moves;           // the puzzle's move numbers, in the order of the move tables
  std::vector<bool> keepsNextGoal;  // per move: it is a move of the next phase too
  // The columns of those moves: from the solved state they reach the goal's values.
  std::vector<int> goalColumns;
  // The canonical order over the phase's moves (their columns), and for a later phase its first
  // move after each move of the phase before (row c + 1: after its column c; row 0: after none).
  FollowerLists followers;
  FollowerLists openings;
  std::vector<Table> tables;
  // The goal's parity terms: per term, the positions (of the whole state) and per piece (of the
  // orbit) its index among them, or -1.
  struct Parity {
    std::vector<int> positions;
    std::vector<int> indexOfPiece;
    int offset = 0;
  };
  std::vector<Parity> parities;
  int maxMoves = 0;
  bool anyDepth = false;  // any goal within the bound (the last of two phases), else deepened
};

TwoPhaseSolver::~TwoPhaseSolver() = default;

TwoPhaseSolver::TwoPhaseSolver(const Puzzle& puzzle) : puzzle_(puzzle) {
  const std::vector<PhaseSpec>& specs = puzzle.spec().phases;
  if (specs.size() < 2) fail(puzzle, "a multi-phase solver needs at least two phases");
  const int last = static_cast<int>(specs.size()) - 1;
  positions_ = puzzle.positionCount();
  if (positions_ > kMaxPositions) fail(puzzle, "too many pieces");
  for (const Orbit& orbit : puzzle.orbits()) {
    // Coordinates rank pieces with 32-bit masks (core/ranking.hpp).
    if (orbit.size > 32) fail(puzzle, orbit.name + ": more than 32 pieces in an orbit");
  }
  for (const Orbit& orbit : puzzle.orbits()) {
    if (!orbit.hasIdentical) continue;
    for (int first = 0; first < orbit.size; ++first) {
      if (orbit.identicalClass[first] != first) continue;
      IdenticalKind kind{orbit.offset, orbit.size, 0};
      for (int piece = first; piece < orbit.size; ++piece) {
        if (orbit.identicalClass[piece] == first) kind.members |= 1u << piece;
      }
      if (std::popcount(kind.members) > 1) identicalKinds_.push_back(kind);
    }
  }
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
  phases_.resize(specs.size());
  for (int p = 0; p <= last; ++p) {
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
    // Past the bound of the last of two phases, a longer first phase is usually cheaper.
    phase.maxMoves = specs[p].maxMoves > 0    ? specs[p].maxMoves
                     : p == last && last == 1 ? kMaxPhase2Length
                                              : kMaxLength;
    if (phase.maxMoves > kMaxLength) fail(puzzle, "a phase of more than the longest target");
    // The last of two phases takes the first goal within the bound the target leaves (tight for
    // a good target); with more phases, each is deepened and hands its shortest way on first.
    phase.anyDepth = p == last && last == 1;
  }
  // Canonical order: no base twice in a row, and commuting bases in increasing order only. Row
  // c + 1 of a phase's lists: its moves that may follow `previous`'s move c.
  auto followerLists = [&](const Phase& previous, const Phase& phase) {
    FollowerLists lists(previous.moves.size() + 1);
    for (int c = -1; c < static_cast<int>(previous.moves.size()); ++c) {
      for (int d = 0; d < static_cast<int>(phase.moves.size()); ++d) {
        const int base = puzzle.moves()[phase.moves[d]].base;
        const int lastBase = c < 0 ? -1 : puzzle.moves()[previous.moves[c]].base;
        if (c < 0 ||
            (base != lastBase && !(puzzle.basesCommute(lastBase, base) && base < lastBase))) {
          lists[c + 1].push_back(d);
        }
      }
    }
    return lists;
  };
  for (int p = 0; p <= last; ++p) {
    Phase& phase = phases_[p];
    phase.followers = followerLists(phase, phase);
    if (p > 0) phase.openings = followerLists(phases_[p - 1], phase);
    if (p == last) continue;
    const auto& next = phases_[p + 1].moves;
    for (int d = 0; d < static_cast<int>(phase.moves.size()); ++d) {
      const bool kept = std::find(next.begin(), next.end(), phase.moves[d]) != next.end();
      phase.keepsNextGoal.push_back(kept);
      if (kept) phase.goalColumns.push_back(d);
    }
  }

  // Declared goals: their coordinates (without move tables of their own).
  for (int p = 0; p <= last; ++p) {
    for (const PhaseGoalSpec& goal : specs[p].goal) {
      if (goal.kind == PhaseGoalSpec::Kind::Coordinate) {
        const CoordinateSpec& spec = goal.coordinate;
        std::string name = spec.orbit + (spec.unordered ? " places of" : " positions of");
        const Coordinate c = Coordinate::withoutMoveTable(puzzle, spec);
        const Orbit& orbit = c.orbit();
        for (int piece : c.pieces()) name += " " + orbit.pieceNames[piece];
        phases_[p].coordinates.emplace_back(name, c);
        continue;
      }
      const int orbitIndex = puzzle.orbitIndex(goal.orbit);
      if (orbitIndex < 0) fail(puzzle, "no orbit named '" + goal.orbit + "'");
      const Orbit& orbit = puzzle.orbits()[orbitIndex];
      if (goal.kind == PhaseGoalSpec::Kind::Oriented) {
        const CoordinateSpec orientations{.orbit = orbit.name, .positions = false};
        phases_[p].coordinates.emplace_back(orbit.name + " orientations",
                                            Coordinate::withoutMoveTable(puzzle, orientations));
      } else {
        // Which positions hold the pieces, in any order: C(n, k) values.
        const CoordinateSpec places{
            .orbit = orbit.name, .pieces = goal.pieces, .orientations = false, .unordered = true};
        PhaseCoordinate c{"places of the " + orbit.name + "s",
                          Coordinate::withoutMoveTable(puzzle, places)};
        for (int piece : c.coordinate.pieces()) c.name += " " + orbit.pieceNames[piece];
        phases_[p].coordinates.push_back(std::move(c));
      }
    }
    for (const ParityTerm& term : specs[p].evenParity) {
      const int orbitIndex = puzzle.orbitIndex(term.orbit);
      if (orbitIndex < 0) fail(puzzle, "no orbit named '" + term.orbit + "'");
      const Orbit& orbit = puzzle.orbits()[orbitIndex];
      Phase::Parity parity;
      parity.offset = orbit.offset;
      parity.indexOfPiece.assign(orbit.size, -1);
      std::vector<int> positions = term.positions;
      if (positions.empty()) {
        for (int i = 0; i < orbit.size; ++i) positions.push_back(i);
      }
      for (int i = 0; i < static_cast<int>(positions.size()); ++i) {
        if (positions[i] < 0 || positions[i] >= orbit.size) fail(puzzle, "bad parity positions");
        parity.positions.push_back(orbit.offset + positions[i]);
        // The solved state's piece there.
        parity.indexOfPiece[puzzle.solved().pieces[orbit.offset + positions[i]]] = i;
      }
      phases_[p].parities.push_back(std::move(parity));
    }
  }

  // The last phase without declared goals: the blocks of positions its moves keep, found as the
  // orbits of the positions under those moves (union-find); a block of one position never
  // changes. Each block's own pieces (the solved state's there) stay in it: their order in it is
  // a coordinate of k! values.
  const State solvedState = puzzle.solved();
  Phase& lastPhase = phases_[last];
  const bool derivedBlocks = specs[last].goal.empty();
  for (const Orbit& orbit : puzzle.orbits()) {
    if (!derivedBlocks) break;
    std::vector<int> parent(orbit.size);
    std::iota(parent.begin(), parent.end(), 0);
    auto root = [&](int x) {
      while (parent[x] != x) x = parent[x] = parent[parent[x]];
      return x;
    };
    for (int m : lastPhase.moves) {
      for (int i = 0; i < orbit.size; ++i) {
        parent[root(i)] = root(moveFrom_[m * positions_ + orbit.offset + i] - orbit.offset);
      }
    }
    for (int r = 0; r < orbit.size; ++r) {
      if (root(r) != r) continue;
      CoordinateSpec block{.orbit = orbit.name, .orientations = false};
      std::string name = orbit.name + " permutation of";
      for (int i = 0; i < orbit.size; ++i) {
        if (root(i) != r) continue;
        block.pieces.push_back(solvedState.pieces[orbit.offset + i]);
        block.confinedTo.push_back(i);
        name += " " + orbit.pieceNames[i];
      }
      if (block.pieces.size() < 2) continue;
      lastPhase.coordinates.emplace_back(name, Coordinate::withoutMoveTable(puzzle, block));
    }
  }
  if (derivedBlocks) {
    for (int m : lastPhase.moves) {
      for (int i = 0; i < positions_; ++i) {
        if (moveTwist_[m * positions_ + i] != 0) {
          fail(puzzle, "last-phase move " + puzzle.moves()[m].name + " turns a piece");
        }
      }
    }
  }

  for (int p = 0; p <= last; ++p) {
    Phase& phase = phases_[p];
    if (phase.coordinates.empty() || static_cast<int>(phase.coordinates.size()) > kMaxCoordinates) {
      fail(puzzle, "each phase needs 1 to " + std::to_string(kMaxCoordinates) + " coordinates");
    }
    for (PhaseCoordinate& c : phase.coordinates) {
      if (c.size() > 65536) fail(puzzle, c.name + ": more than 65,536 values");
      c.goal = c.coordinate.rank(solvedState);
      c.columns = static_cast<int>(phase.moves.size());
    }
    const int count = static_cast<int>(phase.coordinates.size());
    auto addTable = [&](int a, int b) {
      Table table;
      table.first = a;
      table.second = b;
      table.secondSize = b >= 0 ? phase.coordinates[b].size() : 1;
      table.entries = phase.coordinates[a].size() * table.secondSize;
      phase.tables.push_back(std::move(table));
    };
    if (!specs[p].tables.empty()) {
      for (const std::vector<int>& goals : specs[p].tables) {
        const bool fits =
            (goals.size() == 1 || goals.size() == 2) &&
            std::all_of(goals.begin(), goals.end(), [&](int g) { return g >= 0 && g < count; });
        if (!fits) fail(puzzle, "a table names one or two of its phase's goals");
        const int b = goals.size() == 2 ? goals[1] : -1;
        if (std::uint64_t{phase.coordinates[goals[0]].size()} *
                (b >= 0 ? phase.coordinates[b].size() : 1) >
            kMaxDeclaredTableEntries) {
          fail(puzzle, "a declared table of more than 2^23 entries");
        }
        addTable(goals[0], b);
      }
    } else {
      // Every pair of coordinates small enough (a coordinate in no such pair alone), so the
      // heuristic, their maximum, sees each coordinate and each small interplay.
      std::vector<bool> covered(count, false);
      for (int a = 0; a < count; ++a) {
        for (int b = a + 1; b < count; ++b) {
          const std::uint64_t entries =
              std::uint64_t{phase.coordinates[a].size()} * phase.coordinates[b].size();
          if (entries > kMaxTableEntries) continue;
          addTable(a, b);
          covered[a] = covered[b] = true;
        }
      }
      for (int a = 0; a < count; ++a) {
        if (!covered[a]) addTable(a, -1);
      }
    }
    std::stable_sort(phase.tables.begin(), phase.tables.end(),
                     [](const Table& x, const Table& y) { return x.entries < y.entries; });
  }
  if (!puzzle.spec().referencePiece.empty()) frame_ = std::make_unique<ReferenceFrame>(puzzle);
  addVariants();
}

namespace {

// The move whose effect is `effect`, or -1.
int moveWithEffect(const Puzzle& puzzle, const State& effect) {
  for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
    if (puzzle.moves()[m].effect == effect) return m;
  }
  return -1;
}

}  // namespace

void TwoPhaseSolver::addVariants() {
  // The rotations the declared symmetries generate (breadth-first over their products); of those
  // giving one set of last-phase moves, the first. With an unmarked rotation (several solved
  // states) only the position itself is searched.
  std::vector<State> group = {puzzle_.solved()};
  if (puzzle_.unmarkedRotation() < 0) {
    for (std::size_t i = 0; i < group.size() && group.size() < 1000; ++i) {
      for (const Symmetry& generator : puzzle_.symmetries()) {
        State product = puzzle_.compose(group[i], generator.effect);
        if (std::find(group.begin(), group.end(), product) == group.end()) {
          group.push_back(std::move(product));
        }
      }
    }
  }
  std::vector<std::vector<int>> lastPhaseSets;
  for (const State& rotation : group) {
    Variant variant{rotation, puzzle_.inverse(rotation), {}, false};
    variant.originalMove.assign(puzzle_.moves().size(), -1);
    bool mapsMoves = true;
    for (int m = 0; m < static_cast<int>(puzzle_.moves().size()) && mapsMoves; ++m) {
      const int seen = moveWithEffect(
          puzzle_, puzzle_.compose(puzzle_.compose(variant.undoRotation, puzzle_.moves()[m].effect),
                                   rotation));
      if (seen < 0) mapsMoves = false;
      if (seen >= 0) variant.originalMove[seen] = m;
    }
    if (!mapsMoves) continue;
    std::vector<int> lastPhase;
    for (int m : phases_.back().moves) lastPhase.push_back(variant.originalMove[m]);
    std::sort(lastPhase.begin(), lastPhase.end());
    if (std::find(lastPhaseSets.begin(), lastPhaseSets.end(), lastPhase) != lastPhaseSets.end()) {
      continue;
    }
    lastPhaseSets.push_back(lastPhase);
    variants_.push_back(variant);
  }
  if (puzzle_.unmarkedRotation() >= 0) return;
  const std::size_t direct = variants_.size();
  for (std::size_t i = 0; i < direct; ++i) {
    variants_.push_back(variants_[i]);
    variants_.back().inverse = true;
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

namespace {

// A pattern table's side of the BFS (search/layered_bfs.hpp): entry a * secondSize + b stands for
// the first coordinate's value a and the second's b (0 when there is none), each followed through
// its move table's `columns`.
class ProductExpander {
 public:
  ProductExpander(PackedEntries<8> entries, const TwoPhaseSolver::PhaseCoordinate& first,
                  const TwoPhaseSolver::PhaseCoordinate* second, std::uint32_t secondSize,
                  std::span<const int> columns)
      : entries_(entries),
        first_(first),
        second_(second),
        secondSize_(secondSize),
        columns_(columns) {}
  void load(std::uint64_t i) {
    loaded_ = i;
    const auto index = static_cast<std::uint32_t>(i);
    const std::uint32_t a = index / secondSize_;
    rowA_ = first_.moves.get() + static_cast<std::size_t>(a) * first_.columns;
    rowB_ = second_ ? second_->moves.get() +
                          static_cast<std::size_t>(index - a * secondSize_) * second_->columns
                    : nullptr;
  }
  std::uint64_t markNeighbours(int value) const {
    std::uint64_t marked = 0;
    for (int m : columns_) marked += entries_.setIfUnknown(neighbour(m), value);
    return marked;
  }
  bool neighbourHolds(int value) const {
    for (int m : columns_) {
      if (entries_.get(neighbour(m)) == value) return true;
    }
    return false;
  }
  std::uint64_t markLoaded(int value) const {
    entries_.set(loaded_, value);
    return 1;
  }

 private:
  std::uint64_t neighbour(int m) const {
    return std::uint64_t{rowA_[m]} * secondSize_ + (rowB_ ? rowB_[m] : 0u);
  }
  PackedEntries<8> entries_;
  const TwoPhaseSolver::PhaseCoordinate& first_;
  const TwoPhaseSolver::PhaseCoordinate* second_;
  std::uint32_t secondSize_;
  std::span<const int> columns_;
  std::uint64_t loaded_ = 0;
  const std::uint16_t* rowA_ = nullptr;
  const std::uint16_t* rowB_ = nullptr;
};

}  // namespace

bool TwoPhaseSolver::buildPatternTable(const Phase& phase, Table& table) {
  // Exact distances in bytes while building (phase 2's reach 18), kept in half-bytes (capped at
  // 14: still a lower bound).
  const std::uint64_t words = PackedEntries<8>::wordsFor(table.entries);
  std::unique_ptr<std::uint64_t[]> bytes = tryAllocate<std::uint64_t>(words);
  table.packed = tryAllocate<std::uint8_t>(table.entries / 2 + 1);
  if (!bytes || !table.packed) return false;
  std::fill(bytes.get(), bytes.get() + words, ~std::uint64_t{0});
  const PackedEntries<8> distance(bytes.get(), table.entries);
  const PhaseCoordinate& first = phase.coordinates[table.first];
  const PhaseCoordinate* second = table.second >= 0 ? &phase.coordinates[table.second] : nullptr;
  const std::uint32_t secondSize = table.secondSize;
  distance.set(std::uint64_t{first.goal} * secondSize + (second ? second->goal : 0), 0);
  const BfsOptions options{.modulus = 256, .maxDepth = 254};
  // The goal: every entry the next phase's moves (those of this phase) reach from the solved
  // state's, all at distance 0.
  std::uint64_t goals = 1;
  if (!phase.goalColumns.empty()) {
    const std::vector<std::uint64_t> reached = *fillByLayers<8>(distance, 1, options, [&] {
      return ProductExpander(distance, first, second, secondSize, phase.goalColumns);
    });
    goals = std::accumulate(reached.begin(), reached.end(), std::uint64_t{0});
    for (std::uint32_t i = 0; goals > 1 && i < table.entries; ++i) {
      if (distance.get(i) != PackedEntries<8>::kUnknown) distance.set(i, 0);
    }
  }
  std::vector<int> allColumns(first.columns);
  std::iota(allColumns.begin(), allColumns.end(), 0);
  const std::vector<std::uint64_t> counts = *fillByLayers<8>(distance, goals, options, [&] {
    return ProductExpander(distance, first, second, secondSize, allColumns);
  });
  table.maxDistance = static_cast<int>(counts.size()) - 1;
  table.goals = counts[0];
  std::fill(table.packed.get(), table.packed.get() + table.entries / 2 + 1, 0xff);
  for (std::uint32_t i = 0; i < table.entries; ++i) {
    const int stored = distance.get(i);
    const int value = stored == PackedEntries<8>::kUnknown ? 15 : std::min(stored, 14);
    std::uint8_t& pair = table.packed[i >> 1];
    pair =
        static_cast<std::uint8_t>((i & 1) ? (pair & 0x0f) | (value << 4) : (pair & 0xf0) | value);
  }
  return true;
}

bool TwoPhaseSolver::prepare() {
  if (prepared_) return true;
  const auto began = std::chrono::steady_clock::now();
  for (Phase& phase : phases_) {
    std::vector<const State*> effects;
    for (int m : phase.moves) effects.push_back(&puzzle_.moves()[m].effect);
    for (PhaseCoordinate& c : phase.coordinates) {
      c.moves = tryAllocate<std::uint16_t>(static_cast<std::size_t>(c.size()) * c.columns);
      if (!c.moves) return false;
      c.coordinate.writeMoveTable(effects, c.moves.get());
      // The goal's values: the solved state's, and all the next phase's moves reach from it.
      c.goalSet.assign(c.size(), 0);
      c.goalSet[c.goal] = 1;
      std::vector<std::uint32_t> reached = {c.goal};
      for (std::size_t i = 0; i < reached.size(); ++i) {
        for (int column : phase.goalColumns) {
          const std::uint32_t next = c.moves[std::size_t{reached[i]} * c.columns + column];
          if (!c.goalSet[next]) {
            c.goalSet[next] = 1;
            reached.push_back(next);
          }
        }
      }
    }
    for (Table& table : phase.tables) {
      if (!buildPatternTable(phase, table)) return false;
    }
  }
  for (Phase& phase : phases_) {
    phase.coordinateCount = static_cast<int>(phase.coordinates.size());
    phase.columns = static_cast<int>(phase.moves.size());
    for (int c = 0; c < phase.coordinateCount; ++c) {
      phase.moveTables[c] = phase.coordinates[c].moves.get();
      phase.goalSets[c] = phase.coordinates[c].goalSet.data();
    }
    for (const Table& table : phase.tables) {
      // A table of one coordinate reads it twice, the second time with stride 0.
      phase.hotTables.push_back({table.packed.get(), table.first,
                                 table.second >= 0 ? table.second : table.first, table.secondSize,
                                 table.second >= 0 ? 1u : 0u});
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
      info.push_back({name, table.entries, table.maxDistance, table.goals});
    }
  }
  return info;
}

int TwoPhaseSolver::phaseCount() const { return static_cast<int>(phases_.size()); }

bool TwoPhaseSolver::reachedGoal(int phase, const State& state) const {
  if (phase == phaseCount() - 1) return puzzle_.isSolved(state);
  State numbered = state;
  numberIdentical(numbered.pieces.data());
  for (const PhaseCoordinate& c : phases_[phase].coordinates) {
    const std::uint32_t value = c.coordinate.rank(numbered);
    if (value >= c.size() || !c.goalSet[value]) return false;
  }
  return parityHolds(phases_[phase], state.pieces.data());
}

void TwoPhaseSolver::numberIdentical(std::uint8_t* pieces) const {
  for (const IdenticalKind& kind : identicalKinds_) {
    std::uint8_t* orbit = pieces + kind.offset;
    const auto ofKind = [&](std::uint8_t piece) { return (kind.members >> piece) & 1u; };
    std::uint32_t left = kind.members;  // the kind's numbers not taken by a piece at home
    for (int home = 0; home < kind.size; ++home) {
      if (ofKind(home) && ofKind(orbit[home])) {
        orbit[home] = static_cast<std::uint8_t>(home);
        left &= ~(1u << home);
      }
    }
    // The kind's pieces away from its homes take the numbers left, in the order of positions.
    for (int at = 0; at < kind.size && left; ++at) {
      if (ofKind(orbit[at]) && !ofKind(static_cast<std::uint8_t>(at))) {
        orbit[at] = static_cast<std::uint8_t>(std::countr_zero(left));
        left &= left - 1;
      }
    }
  }
}

bool TwoPhaseSolver::parityHolds(const Phase& phase, const std::uint8_t* pieces) const {
  int sum = 0;
  for (const Phase::Parity& term : phase.parities) {
    // The permutation's parity by counting the cycles of the pieces' indices among the positions.
    const int n = static_cast<int>(term.positions.size());
    std::uint8_t index[32];
    for (int i = 0; i < n; ++i) {
      const int at = term.indexOfPiece[pieces[term.positions[i]]];
      if (at < 0) return false;
      index[i] = static_cast<std::uint8_t>(at);
    }
    sum += permutationParity(std::span<const std::uint8_t>(index, n));
  }
  return sum % 2 == 0;
}

// One variant's search: a walk of the first phase (search/stack_walk.hpp) to exactly d1 moves,
// whose goals hand over to a walk of the next phase from there, and so on. The walks count their
// nodes together and ask whether to stop every 4096 of them; nothing is allocated per node.
struct TwoPhaseSolver::Search : StackWalk<Search> {
  struct Values {
    std::uint16_t v[kMaxCoordinates];
  };
  static constexpr std::uint64_t kCheckEvery = 4096;

  static int entry(const Phase::HotTable& table, const Values& values) {
    const std::uint32_t index =
        values.v[table.first] * table.firstStride + values.v[table.second] * table.secondStride;
    return (table.packed[index >> 1] >> ((index & 1) * 4)) & 15;
  }

  static int heuristic(const Phase& phase, const Values& values) {
    int h = 0;
    for (const Phase::HotTable& table : phase.hotTables) h = std::max(h, entry(table, values));
    return h;
  }

  // Whether some table proves the goal more than `togo` - 1 moves away; the smaller tables
  // (more likely in cache) are asked first.
  static bool pruned(const Phase& phase, const Values& values, int togo) {
    for (const Phase::HotTable& table : phase.hotTables) {
      if (entry(table, values) >= togo) return true;
    }
    return false;
  }

  static bool isGoal(const Phase& phase, const Values& values) {
    for (int c = 0; c < phase.coordinateCount; ++c) {
      if (!phase.goalSets[c][values.v[c]]) return false;
    }
    return true;
  }

  // Fills depth g + 1 of `values` for the phase's move `column` from depth g; false when a table
  // puts the goal beyond `bound`.
  static bool enterChild(const Phase& phase, Values* values, int g, int column, int bound) {
    for (int c = 0; c < phase.coordinateCount; ++c) {
      values[g + 1].v[c] = phase.moveTables[c][values[g].v[c] * phase.columns + column];
    }
    return !pruned(phase, values[g + 1], bound - g);
  }

  // A later phase from a goal of the phase before: the last one in one pass bounded by what the
  // target leaves (not deepened step by step: any solution within it will do, so it takes the
  // first goal at any depth); the others deepened, so each hands the shortest way on first.
  class LaterWalk final : public StackWalk<LaterWalk, GoalDepth::Any> {
   public:
    LaterWalk(Search& search, int phaseIndex)
        : StackWalk(search.solver.phases_[phaseIndex].followers,
                    search.solver.phases_[phaseIndex].maxMoves),
          search_(search),
          phase_(search.solver.phases_[phaseIndex]),
          index_(phaseIndex),
          values_(static_cast<std::size_t>(phase_.maxMoves) + 1) {}
    // A walk of at most `bound` moves from `start` (its state and values) after `used` moves,
    // the first one of `first`.
    void startFrom(const std::uint8_t* pieces, const std::uint8_t* ori, int used,
                   const Values& start, int bound, std::span<const int> first) {
      std::memcpy(startPieces_, pieces, search_.solver.positions_);
      std::memcpy(startOri_, ori, search_.solver.positions_);
      used_ = used;
      values_[0] = start;
      begin(bound, {}, first);
    }
    int moveAtDepth(int g) const { return moveAt(g); }

   private:
    friend class StackWalk<LaterWalk, GoalDepth::Any>;
    void beforePass(int) {}
    bool enterPrefix(int g, int column) { return enter(g, column); }
    void expand(int) {}
    bool enter(int g, int column) { return enterChild(phase_, values_.data(), g, column, bound()); }
    bool atGoal() {
      if (!phase_.anyDepth && top() != bound()) return false;
      if (!isGoal(phase_, values_[top()])) return false;
      if (index_ == search_.solver.phaseCount() - 1) return true;
      const int length = top();
      const int last = length > 0 ? moveAt(length) : -1;
      if (last >= 0 && phase_.keepsNextGoal[last]) return false;
      std::uint8_t pieces[2][kMaxPositions], ori[2][kMaxPositions];
      const int current =
          search_.replay(phase_, *this, length, startPieces_, startOri_, pieces, ori);
      if (!search_.solver.parityHolds(phase_, pieces[current])) return false;
      return search_.enterPhase(index_ + 1, pieces[current], ori[current], used_ + length, last);
    }

    Search& search_;
    const Phase& phase_;
    const int index_;
    std::vector<Values> values_;
    std::uint8_t startPieces_[kMaxPositions];
    std::uint8_t startOri_[kMaxPositions];
    int used_ = 0;
  };

  Search(const TwoPhaseSolver& owner, const TwoPhaseOptions& searchOptions,
         const Clock::time_point* searchDeadline)
      : StackWalk(owner.phases_[0].followers, kMaxLength),
        solver(owner),
        first(owner.phases_[0]),
        options(searchOptions),
        deadline(searchDeadline) {
    for (int p = 1; p < owner.phaseCount(); ++p)
      later.push_back(std::make_unique<LaterWalk>(*this, p));
  }
  Search(const Search&) = delete;

  const TwoPhaseSolver& solver;
  const Phase& first;
  const TwoPhaseOptions& options;
  const Clock::time_point* deadline;  // null: no time limit
  std::uint8_t startPieces[kMaxPositions];
  std::uint8_t startOri[kMaxPositions];
  Values values[kMaxLength + 1] = {};             // per depth of phase 1; values[0]: the start's
  std::vector<std::unique_ptr<LaterWalk>> later;  // phases 2, 3, ...
  int phase1Length = 0;
  std::uint64_t nodes = 0;
  std::uint64_t nextCheck = kCheckEvery;  // the node count at which to ask whether to stop
  bool cancelled = false;
  bool outOfNodes = false;                   // stopped by the budget
  std::uint64_t budget = ~std::uint64_t{0};  // the nodes this search may reach (its share)

  // Phase-1 solutions of exactly `length1` moves, each followed by the later phases: whether one
  // leads to a solution within the target (then the walks' paths are its moves, as columns).
  bool phase1(int length1) {
    begin(length1, {});
    return walkChecked(*this) == WalkStep::Found;
  }

  // Walks `walker` to its end, asking every kCheckEvery nodes (of all walks) whether to stop.
  template <typename Walk>
  WalkStep walkChecked(Walk& walker) {
    for (;;) {
      const WalkStep step = walker.walk(nextCheck, nodes);
      if (step != WalkStep::Budget || cancelled) return step;
      if (nodes < nextCheck) continue;  // a walk inside this one asked already
      if (nodes >= budget) {
        outOfNodes = cancelled = true;
        return step;
      }
      if (stopRequested()) {
        cancelled = true;
        return step;
      }
      nextCheck += kCheckEvery;
    }
  }

  // Out of line, so that the check above stays small (inlined, the clock made the WebAssembly
  // search ~5 % slower).
  [[gnu::noinline]] bool stopRequested() const {
    return options.cancel.requested() || (deadline && Clock::now() >= *deadline);
  }

  // The state after the first `length` moves of `walk` (a walk of `phase`) from a start: into
  // pieces[i] and ori[i], i returned.
  template <typename Walk>
  int replay(const Phase& phase, const Walk& walk, int length, const std::uint8_t* fromPieces,
             const std::uint8_t* fromOri, std::uint8_t (*pieces)[kMaxPositions],
             std::uint8_t (*ori)[kMaxPositions]) const {
    std::memcpy(pieces[0], fromPieces, solver.positions_);
    std::memcpy(ori[0], fromOri, solver.positions_);
    int current = 0;
    for (int g = 1; g <= length; ++g) {
      solver.flatMove(phase.moves[walk.moveAtDepth(g)], pieces[current], ori[current],
                      pieces[1 - current], ori[1 - current]);
      current = 1 - current;
    }
    return current;
  }
  int moveAtDepth(int g) const { return moveAt(g); }

  // Phase `index` from a goal of the phase before reached after `used` moves, the last of them
  // that phase's column `lastColumn` (-1: none): whether a solution within the target follows.
  bool enterPhase(int index, const std::uint8_t* reached, const std::uint8_t* ori, int used,
                  int lastColumn) {
    const Phase& phase = solver.phases_[index];
    std::uint8_t pieces[kMaxPositions];
    std::memcpy(pieces, reached, solver.positions_);
    solver.numberIdentical(pieces);
    Values start;
    for (int c = 0; c < phase.coordinateCount; ++c) {
      const std::uint32_t value = phase.coordinates[c].coordinate.rank(pieces, ori);
      if (value >= phase.coordinates[c].size()) return false;  // outside a block
      start.v[c] = static_cast<std::uint16_t>(value);
    }
    const int remaining = std::min(options.maxLength - used, phase.maxMoves);
    const int h = heuristic(phase, start);
    if (h > remaining) return false;
    LaterWalk& walk = *later[index - 1];
    const std::span<const int> openings = phase.openings[lastColumn + 1];
    if (phase.anyDepth) {
      walk.startFrom(pieces, ori, used, start, remaining, openings);
      return walkChecked(walk) == WalkStep::Found;
    }
    for (int bound = h; bound <= remaining && !cancelled; ++bound) {
      walk.startFrom(pieces, ori, used, start, bound, openings);
      if (walkChecked(walk) == WalkStep::Found) return true;
    }
    return false;
  }

  // The phase-1 walk's hooks.
  void beforePass(int) {}
  bool enterPrefix(int g, int column) { return enter(g, column); }
  void expand(int) {}
  bool enter(int g, int column) { return enterChild(first, values, g, column, bound()); }

  // A phase-1 solution of bound() moves (the tables are exact: only goals get this deep): the
  // next phase from there, within the target. Not when its last move is a move of the next
  // phase: that solution was tried one move shorter, with the move left to the next phase.
  bool atGoal() {
    const int length1 = top();
    const int last = moveAt(length1);
    if (last >= 0 && first.keepsNextGoal[last]) return false;
    std::uint8_t pieces[2][kMaxPositions], ori[2][kMaxPositions];
    const int current = replay(first, *this, length1, startPieces, startOri, pieces, ori);
    if (!solver.parityHolds(first, pieces[current])) return false;
    if (!enterPhase(1, pieces[current], ori[current], length1, last)) return false;
    phase1Length = length1;
    return true;
  }
};

State TwoPhaseSolver::homed(const State& start) const {
  return frame_ ? puzzle_.compose(start, frame_->homing(start)) : start;
}

State TwoPhaseSolver::variantPosition(int variant, const State& start) const {
  const Variant& v = variants_[variant];
  const State searched = homed(start);
  return puzzle_.compose(
      puzzle_.compose(v.undoRotation, v.inverse ? puzzle_.inverse(searched) : searched),
      v.rotation);
}

TwoPhaseResult TwoPhaseSolver::solve(const State& start, const TwoPhaseOptions& options) {
  prepare();  // the time limit counts from here: building the tables is not searching
  const Clock::time_point began = Clock::now();
  if (!(options.timeMs >= 0 && options.timeMs <= kMaxTimeMs)) {
    TwoPhaseResult refused{TwoPhaseResult::Status::Failed, {}, 0, 0, {}, 0, 0, {}, {}};
    refused.error =
        "the time limit must be from 0 to " + std::to_string(static_cast<int>(kMaxTimeMs)) + " ms";
    return refused;
  }
  TwoPhaseResult best = solveOnce(start, options, nullptr);
  if (best.status != TwoPhaseResult::Status::Solved || options.timeMs <= 0) return best;
  // Shorter and shorter targets until the time is up or a target has no solution (the search
  // within a target is exhaustive, so a shorter target would have none either).
  const Clock::time_point deadline =
      began + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double, std::milli>(options.timeMs));
  std::uint64_t nodes = best.nodes;
  TwoPhaseOptions shorter = options;
  while (!best.moves.empty() && Clock::now() < deadline) {
    shorter.maxLength = static_cast<int>(best.moves.size()) - 1;
    TwoPhaseResult found = solveOnce(start, shorter, &deadline);
    nodes += found.nodes;
    if (found.status == TwoPhaseResult::Status::Cancelled) {
      found.nodes = nodes;
      return found;
    }
    if (found.status != TwoPhaseResult::Status::Solved) break;
    best = std::move(found);
  }
  best.nodes = nodes;
  best.milliseconds = std::chrono::duration<double, std::milli>(Clock::now() - began).count();
  return best;
}

TwoPhaseResult TwoPhaseSolver::solveOnce(const State& start, const TwoPhaseOptions& options,
                                         const Clock::time_point* deadline) {
  const auto began = Clock::now();
  TwoPhaseResult result{TwoPhaseResult::Status::Solved, {}, 0, 0, {}, 0, 0, {}, {}};
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
  // Searched from start·T, T the turn that brings the reference piece home (homed()): each move
  // m found solves the start as T·m·T^-1 (the solution ends at T^-1, a solved state).
  const State* turn = frame_ ? &frame_->homing(start) : nullptr;
  const State searched = homed(start);
  // One search per variant, deepened together: each phase-1 depth is tried in every variant
  // before the next, and the first solution within the target ends them all.
  const Phase& first = phases_[0];
  const State inverseStart = puzzle_.inverse(searched);
  std::vector<std::unique_ptr<Search>> searches;
  std::vector<int> bounds;  // per variant: its phase-1 heuristic at the start
  searches.reserve(variants_.size());
  for (const Variant& variant : variants_) {
    const State seen = puzzle_.compose(
        puzzle_.compose(variant.undoRotation, variant.inverse ? inverseStart : searched),
        variant.rotation);
    Search& search = *searches.emplace_back(std::make_unique<Search>(*this, options, deadline));
    std::copy(seen.pieces.begin(), seen.pieces.end(), search.startPieces);
    std::copy(seen.ori.begin(), seen.ori.end(), search.startOri);
    numberIdentical(search.startPieces);
    for (int c = 0; c < static_cast<int>(first.coordinates.size()); ++c) {
      search.values[0].v[c] = static_cast<std::uint16_t>(
          first.coordinates[c].coordinate.rank(search.startPieces, search.startOri));
    }
    bounds.push_back(Search::heuristic(first, search.values[0]));
  }
  if (bounds[0] == 15) {  // a table has no way to the goal
    return finish(TwoPhaseResult::Status::Unsolvable, "the phase-1 goal cannot be reached");
  }
  int winner = -1;
  bool cancelled = false;
  bool outOfNodes = false;
  for (int depth1 = 0; depth1 <= options.maxLength && winner < 0 && !cancelled; ++depth1) {
    for (std::size_t v = 0; v < searches.size() && winner < 0 && !cancelled; ++v) {
      Search& search = *searches[v];
      if (bounds[v] > depth1) continue;
      // The variants share the budget: each may take what the others left.
      std::uint64_t others = 0;
      for (const auto& other : searches) others += other.get() == &search ? 0 : other->nodes;
      search.budget = options.maxNodes > others ? options.maxNodes - others : 0;
      if (search.phase1(depth1)) winner = static_cast<int>(v);
      cancelled = search.cancelled;
      outOfNodes = search.outOfNodes;
    }
  }
  for (const auto& search : searches) result.nodes += search->nodes;
  if (outOfNodes) {
    return finish(TwoPhaseResult::Status::NotFound,
                  "gave up after " + std::to_string(result.nodes) + " nodes: no solution within " +
                      std::to_string(options.maxLength) +
                      " moves found (the phases' goals may not lead to solved)");
  }
  if (cancelled && options.cancel.requested()) return finish(TwoPhaseResult::Status::Cancelled);
  if (cancelled) return finish(TwoPhaseResult::Status::NotFound, "out of time");
  if (winner < 0) {
    return finish(TwoPhaseResult::Status::NotFound,
                  "no solution within " + std::to_string(options.maxLength) + " moves");
  }
  const Variant& variant = variants_[winner];
  const Search& search = *searches[winner];
  for (int column : search.path()) result.searchedMoves.push_back(first.moves[column]);
  result.phaseLengths.push_back(static_cast<int>(search.path().size()));
  for (int p = 1; p < phaseCount(); ++p) {
    const std::vector<int> path = search.later[p - 1]->path();
    for (int column : path) result.searchedMoves.push_back(phases_[p].moves[column]);
    result.phaseLengths.push_back(static_cast<int>(path.size()));
  }
  for (int move : result.searchedMoves) result.moves.push_back(variant.originalMove[move]);
  if (variant.inverse) {
    // The moves solve the inverse position: reversed and each undone, they solve the start.
    std::reverse(result.moves.begin(), result.moves.end());
    for (int& move : result.moves) move = puzzle_.inverseMove(move);
  }
  if (turn) {
    for (int& move : result.moves) move = puzzle_.moveInFrame(*turn, move);
  }
  result.phase1Length = search.phase1Length;
  result.variant = winner;
  if (!puzzle_.isSolved(puzzle_.applySequence(start, result.moves))) {
    return finish(TwoPhaseResult::Status::Failed,
                  "internal error: the solution found does not solve");
  }
  return finish(TwoPhaseResult::Status::Solved);
}

}  // namespace polytwist
