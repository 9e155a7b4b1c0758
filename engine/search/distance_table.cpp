#include "search/distance_table.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "search/byte_order.hpp"

namespace polytwist {
namespace {

constexpr char kDistanceTableMagic[8] = {'P', 'T', 'W', 'T', 'A', 'B', 'L', '1'};

std::uint64_t fnv1a(const std::uint8_t* data, std::size_t size) {
  std::uint64_t hash = 1469598103934665603ull;
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ data[i]) * 1099511628211ull;
  return hash;
}

// The moves a table's BFS follows: the spec's base moves, or all (of those searches follow).
std::vector<int> movesOf(const Puzzle& puzzle, const TableSpec& spec) {
  std::vector<int> moves;
  for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
    if (!puzzle.isSearchMove(m)) continue;
    const std::string& base = puzzle.spec().moves[puzzle.moves()[m].base].name;
    if (spec.moves.empty() ||
        std::find(spec.moves.begin(), spec.moves.end(), base) != spec.moves.end()) {
      moves.push_back(m);
    }
  }
  return moves;
}

}  // namespace

std::uint64_t DistanceTable::definitionFingerprint(const Puzzle& puzzle, const TableSpec& spec,
                                                   const std::vector<State>& goals) {
  std::vector<std::uint64_t> layout = {static_cast<std::uint64_t>(spec.bitsPerEntry)};
  // A whole table's layout is as before partial tables existed, so its fingerprint is too.
  if (spec.maxDepth > 0) layout.push_back(static_cast<std::uint64_t>(spec.maxDepth));
  return polytwist::definitionFingerprint(
      {puzzle, movesOf(puzzle, spec), goals, spec.coordinates, std::move(layout)});
}

PackedArray::PackedArray(std::uint64_t size, int bitsPerEntry)
    : size_(size), bits_(bitsPerEntry), words_((size * bitsPerEntry + 63) / 64, ~0ull) {
  if (bitsPerEntry != 2 && bitsPerEntry != 4) throw std::invalid_argument("2 or 4 bits per entry");
}

DistanceTable::DistanceTable(const Puzzle& puzzle, const TableSpec& spec,
                             const std::vector<State>& goals)
    : name_(spec.name),
      definition_(definitionFingerprint(puzzle, spec, goals)),
      space_(puzzle, spec.coordinates),
      entries_(space_.size(), spec.bitsPerEntry),
      moves_(movesOf(puzzle, spec)),
      partialDepth_(spec.maxDepth) {
  if (spec.maxDepth != 0 && (spec.bitsPerEntry != 4 || spec.maxDepth < 1 || spec.maxDepth > 13)) {
    throw std::invalid_argument(spec.name + ": a partial table needs 4 bits and a depth of 1-13");
  }
}

namespace {

// The plain coordinate space's side of the BFS (search/layered_bfs.hpp): an entry's neighbours
// come from the parts' move-table rows, and each position has one entry.
template <int Bits>
class SpaceExpander {
 public:
  SpaceExpander(PackedEntries<Bits> entries, const CoordinateSpace& space,
                const std::vector<int>& moves)
      : entries_(entries), neighbour_(space), moves_(moves) {}
  void load(std::uint64_t i) {
    loaded_ = i;
    neighbour_.load(i);
  }
  std::uint64_t markNeighbours(int value) {
    std::uint64_t marked = 0;
    for (int m : moves_) marked += entries_.setIfUnknown(neighbour_(m), value);
    return marked;
  }
  bool neighbourHolds(int value) {
    for (int m : moves_) {
      if (entries_.get(neighbour_(m)) == value) return true;
    }
    return false;
  }
  // Going backward a thread sets only entries of its own blocks (whole words), so no other
  // thread writes this word.
  std::uint64_t markLoaded(int value) {
    entries_.set(loaded_, value);
    return 1;
  }

 private:
  PackedEntries<Bits> entries_;
  CoordinateSpace::Neighbours neighbour_;
  const std::vector<int>& moves_;
  std::uint64_t loaded_ = 0;
};

}  // namespace

template <int Bits>
std::optional<std::vector<std::uint64_t>> DistanceTable::fill(std::uint64_t goals,
                                                              const BuildProgressFn& progress,
                                                              Cancellation cancel) {
  const PackedEntries<Bits> entries = entries_.view<Bits>();
  // 4 bits hold exact distances up to 14 (15 reads as unknown); 2 bits hold them mod 3.
  // A partial table stops at its depth.
  const int deepest = Bits == 2 ? 1 << 30 : (partialDepth_ > 0 ? partialDepth_ : 14);
  const BfsOptions options{.modulus = Bits == 2 ? 3 : 16, .maxDepth = deepest};
  const auto makeExpander = [&] { return SpaceExpander<Bits>(entries, space_, moves_); };
  return fillByLayers<Bits>(entries, goals, options, makeExpander, progress, cancel);
}

std::optional<DistanceTable> DistanceTable::build(const Puzzle& puzzle, const TableSpec& spec,
                                                  const std::vector<State>& goals,
                                                  const BuildProgressFn& progress,
                                                  Cancellation cancel) {
  DistanceTable table(puzzle, spec, goals);
  PackedArray& entries = table.entries_;
  std::uint64_t reached = 0;
  for (const State& goal : goals) {
    const std::uint64_t index = table.space_.index(goal);
    if (entries.get(index) == entries.unknown()) {
      entries.set(index, 0);
      ++reached;
    }
  }
  std::optional<std::vector<std::uint64_t>> counts = entries.bitsPerEntry() == 2
                                                         ? table.fill<2>(reached, progress, cancel)
                                                         : table.fill<4>(reached, progress, cancel);
  if (!counts) return std::nullopt;
  table.counts_ = std::move(*counts);
  if (table.exact() && table.partialDepth_ == 0 && table.maxDistance() == entries.unknown() - 1) {
    // Distance 15 would read as "unknown": fine only if there is no such layer.
    const int deepest = table.maxDistance();
    for (std::uint64_t i = 0; i < entries.size(); ++i) {
      if (entries.get(i) != entries.unknown()) continue;
      for (int m : table.moves_) {
        if (entries.get(table.space_.neighbour(i, m)) == deepest) {
          throw std::runtime_error(spec.name + ": deeper than 4 bits can hold");
        }
      }
    }
  }
  return table;
}

int DistanceTable::distance(std::uint64_t index) const {
  if (stored(index) == entries_.unknown()) return partialDepth_ > 0 ? partialDepth_ + 1 : -1;
  if (exact()) return stored(index);
  return static_cast<int>(descend(index).size());
}

int DistanceTable::neighbourDistance(int distance, std::uint64_t neighbourIndex) const {
  const int value = stored(neighbourIndex);
  if (value == entries_.unknown()) return partialDepth_ > 0 ? partialDepth_ + 1 : -1;
  if (exact()) return value;
  // The neighbour is at distance-1, distance or distance+1; the residue says which.
  return distance + ((value - distance % 3 + 4) % 3) - 1;
}

// Positions are indices or states: `step` makes a move, `indexOf` finds a position's entry.
template <typename Position, typename Step, typename IndexOf>
std::vector<int> DistanceTable::walkDown(Position position, Step step, IndexOf indexOf) const {
  std::vector<int> path;
  if (stored(indexOf(position)) == entries_.unknown()) return path;
  // Without exact values, keep taking the move whose residue is one lower; an entry with no such
  // neighbour is a goal (every other entry at distance d has a neighbour at d-1).
  for (;;) {
    const int value = stored(indexOf(position));
    if (exact() && value == 0) return path;
    const int lower = exact() ? value - 1 : (value + 2) % 3;
    int chosen = -1;
    for (int m : moves_) {
      if (stored(indexOf(step(position, m))) == lower) {
        chosen = m;
        break;
      }
    }
    if (chosen < 0) return path;
    path.push_back(chosen);
    position = step(position, chosen);
  }
}

std::vector<int> DistanceTable::descend(std::uint64_t index) const {
  return walkDown(
      index, [&](std::uint64_t i, int m) { return space_.neighbour(i, m); },
      [](std::uint64_t i) { return i; });
}

std::vector<int> DistanceTable::descend(const Puzzle& puzzle, const State& start) const {
  return walkDown(
      start, [&](const State& s, int m) { return puzzle.compose(s, puzzle.moves()[m].effect); },
      [&](const State& s) { return space_.index(s); });
}

std::string DistanceTable::serialize() const {
  std::string out(kDistanceTableMagic, sizeof kDistanceTableMagic);
  putU64(out, definition_);
  putU64(out, static_cast<std::uint64_t>(bitsPerEntry()));
  putU64(out, entries_.size());
  putU64(out, counts_.size());
  for (std::uint64_t count : counts_) putU64(out, count);
  static_assert(std::endian::native == std::endian::little, "tables are stored little-endian");
  out.append(reinterpret_cast<const char*>(entries_.words().data()), entries_.byteCount());
  putU64(out, fnv1a(reinterpret_cast<const std::uint8_t*>(out.data()), out.size()));
  return out;
}

std::optional<DistanceTable> DistanceTable::deserialize(const Puzzle& puzzle, const TableSpec& spec,
                                                        const std::vector<State>& goals,
                                                        const std::string& bytes,
                                                        std::string* error) {
  auto reject = [&](const std::string& why) -> std::optional<DistanceTable> {
    if (error) *error = spec.name + ": " + why;
    return std::nullopt;
  };
  if (bytes.size() < sizeof kDistanceTableMagic + 40 ||
      std::memcmp(bytes.data(), kDistanceTableMagic, sizeof kDistanceTableMagic) != 0) {
    return reject("not a polytwist table file");
  }
  std::size_t at = bytes.size() - 8;
  std::uint64_t checksum = 0;
  getU64(bytes, at, checksum);
  if (checksum != fnv1a(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size() - 8)) {
    return reject("checksum mismatch (file damaged)");
  }
  // The definition first: bytes of another one are refused before any memory is taken.
  const std::uint64_t wanted = definitionFingerprint(puzzle, spec, goals);
  at = sizeof kDistanceTableMagic;
  std::uint64_t definition = 0, bits = 0, size = 0, depths = 0;
  getU64(bytes, at, definition);
  if (definition != wanted) {
    return reject("made for another definition (definition " + fingerprintText(definition) +
                  ", wanted " + fingerprintText(wanted) +
                  "): the puzzle's moves or pieces, the goals, the coordinates or the table code "
                  "version differ");
  }
  if (!getU64(bytes, at, bits) || !getU64(bytes, at, size) || !getU64(bytes, at, depths) ||
      bits != static_cast<std::uint64_t>(spec.bitsPerEntry) || depths > 256) {
    return reject("made for a different table layout");
  }
  // Before the table is allocated: a short file (its checksum right) must not cost the whole
  // table's memory (the domino's: 101 MB).
  if (size > bytes.size() * 8 / bits) return reject("wrong length");
  DistanceTable table(puzzle, spec, goals);
  if (size != table.entries_.size()) return reject("made for a different table layout");
  for (std::uint64_t d = 0; d < depths; ++d) {
    std::uint64_t count = 0;
    if (!getU64(bytes, at, count)) return reject("truncated");
    table.counts_.push_back(count);
  }
  std::vector<std::uint64_t>& data = table.entries_.words();
  if (at + table.entries_.byteCount() + 8 != bytes.size()) return reject("wrong length");
  std::memcpy(data.data(), bytes.data() + at, table.entries_.byteCount());
  return table;
}

}  // namespace polytwist
