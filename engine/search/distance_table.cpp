#include "search/distance_table.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "search/byte_order.hpp"

namespace polytwist {
namespace {

unsigned buildThreads = 0;  // 0: one per core

constexpr char kMagic[8] = {'P', 'T', 'W', 'T', 'A', 'B', 'L', '1'};

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

void setBuildThreads(unsigned threads) { buildThreads = threads; }

std::uint64_t DistanceTable::definitionFingerprint(const Puzzle& puzzle, const TableSpec& spec,
                                                   const std::vector<State>& goals) {
  return polytwist::definitionFingerprint({puzzle,
                                           movesOf(puzzle, spec),
                                           goals,
                                           spec.coordinates,
                                           {static_cast<std::uint64_t>(spec.bitsPerEntry)}});
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
      moves_(movesOf(puzzle, spec)) {}

struct DistanceTable::Layer {
  int depth;              // the layer being found
  int current;            // stored value of the layer being expanded
  int next;               // stored value of the layer being found
  bool forward;           // expand `current` entries, or try unreached ones (backward)
  std::uint64_t visited;  // entries reached before this layer
};

// Shared by a layer's threads. Each adds its block's counts once the block is done, so a report
// costs two relaxed atomic additions per block.
struct DistanceTable::LayerCounts {
  std::atomic<std::uint64_t> nextBlock = 0;
  std::atomic<std::uint64_t> scanned = 0;  // entries of the finished blocks
  std::atomic<std::uint64_t> found = 0;    // entries put on the next layer so far
};

// Whole 64-bit words of entries are tested at once, so the scan costs little next to the
// expansions. Threads may share words: going forward they set entries by compare-and-swap;
// going backward each sets only entries of its own blocks, and the entries others read change
// from unknown to `next`, neither of which is the `current` they look for.
template <int Bits>
void DistanceTable::scanBlocks(const Layer& layer, LayerCounts& counts, Cancellation cancel,
                               const std::function<void()>& afterBlock) {
  CoordinateSpace::Neighbours neighbour(space_);
  for (;;) {
    const std::uint64_t start =
        counts.nextBlock.fetch_add(kBuildBlockEntries, std::memory_order_relaxed);
    if (start >= entries_.size() || cancel.requested()) return;
    const std::uint64_t end = std::min(entries_.size(), start + kBuildBlockEntries);
    std::uint64_t found = 0;
    // In short calls: V8 runs a WebAssembly call to its end in the code it started with (no
    // on-stack replacement), so one long loop would run the whole first table build in the
    // baseline compiler's code, about twice as slow as the optimised code later calls get.
    for (std::uint64_t first = start; first < end; first += kScanCallEntries) {
      const std::uint64_t last = std::min(end, first + kScanCallEntries);
      found += layer.forward ? scanRange<Bits, true>(layer, first, last, neighbour)
                             : scanRange<Bits, false>(layer, first, last, neighbour);
    }
    counts.found.fetch_add(found, std::memory_order_relaxed);
    counts.scanned.fetch_add(end - start, std::memory_order_relaxed);
    if (afterBlock) afterBlock();
  }
}

template <int Bits, bool Forward>
[[gnu::noinline]] std::uint64_t DistanceTable::scanRange(const Layer& layer, std::uint64_t start,
                                                         std::uint64_t end,
                                                         CoordinateSpace::Neighbours& neighbour) {
  const int wanted = Forward ? layer.current : (1 << Bits) - 1;
  std::uint64_t found = 0;
  for (std::uint64_t first = start; first < end; first += 64 / Bits) {
    for (std::uint64_t hits = entries_.wordMatchesAt<Bits>(first, wanted); hits != 0;
         hits &= hits - 1) {
      const std::uint64_t i = first + std::countr_zero(hits) / Bits;
      if (i >= end) break;
      neighbour.load(i);
      for (int m : moves_) {
        const std::uint64_t j = neighbour(m);
        if constexpr (Forward) {
          found += entries_.setIfUnknownAt<Bits>(j, layer.next);
        } else if (entries_.getAt<Bits>(j) == layer.current) {
          entries_.setAt<Bits>(i, layer.next);
          ++found;
          break;
        }
      }
    }
  }
  return found;
}

std::optional<std::uint64_t> DistanceTable::scanLayer(const Layer& layer,
                                                      const BuildProgressFn& progress,
                                                      Cancellation cancel) {
  LayerCounts counts;
  const auto scan = [this](const Layer& layer, LayerCounts& counts, Cancellation cancel,
                           const std::function<void()>& afterBlock) {
    if (entries_.bitsPerEntry() == 2) {
      scanBlocks<2>(layer, counts, cancel, afterBlock);
    } else {
      scanBlocks<4>(layer, counts, cancel, afterBlock);
    }
  };
#if defined(__EMSCRIPTEN__) && !defined(POLYTWIST_WASM_THREADS)
  const unsigned threads = 1;  // built without pthreads: the page runs it in a worker instead
#else
  const unsigned threads =
      entries_.size() < 2 * kBuildBlockEntries
          ? 1
          : std::max(1u, buildThreads != 0 ? buildThreads : std::thread::hardware_concurrency());
#endif
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < threads; ++t) {
    helpers.emplace_back([&] { scan(layer, counts, cancel, {}); });
  }
  // Within the layer only once it has found an entry, so every depth reported exists; the last
  // block is left to the report after the layer.
  const std::function<void()> report = [&] {
    const std::uint64_t found = counts.found.load(std::memory_order_relaxed);
    const std::uint64_t scanned = counts.scanned.load(std::memory_order_relaxed);
    if (found > 0 && scanned < entries_.size()) {
      progress({layer.depth, layer.visited + found, entries_.size(), scanned});
    }
  };
  try {
    scan(layer, counts, cancel, progress ? report : std::function<void()>());
  } catch (...) {
    // From the progress callback: the helpers take no more blocks and are joined before it goes on.
    counts.nextBlock = entries_.size();
    for (std::thread& helper : helpers) helper.join();
    throw;
  }
  for (std::thread& helper : helpers) helper.join();
  if (cancel.requested()) return std::nullopt;
  return counts.found.load(std::memory_order_relaxed);
}

std::optional<DistanceTable> DistanceTable::build(const Puzzle& puzzle, const TableSpec& spec,
                                                  const std::vector<State>& goals,
                                                  const BuildProgressFn& progress,
                                                  Cancellation cancel) {
  DistanceTable table(puzzle, spec, goals);
  PackedArray& entries = table.entries_;
  const std::uint64_t size = entries.size();
  const int modulus = entries.bitsPerEntry() == 2 ? 3 : 16;
  const int unknown = entries.unknown();
  const std::vector<int>& moves = table.moves_;

  std::uint64_t visited = 0;
  for (const State& goal : goals) {
    const std::uint64_t index = table.space_.index(goal);
    if (entries.get(index) == unknown) {
      entries.set(index, 0);
      ++visited;
    }
  }
  table.counts_.push_back(visited);
  if (progress) progress({0, visited, size, size});

  for (int depth = 0;; ++depth) {
    if (entries.bitsPerEntry() == 4 && depth + 1 == unknown) {
      // Distance 15 would read as "unreached": fine only if there is no such layer.
      for (std::uint64_t i = 0; i < size; ++i) {
        if (entries.get(i) != unknown) continue;
        for (int m : moves) {
          if (entries.get(table.space_.neighbour(i, m)) == depth) {
            throw std::runtime_error(spec.name + ": deeper than 4 bits can hold");
          }
        }
      }
      break;
    }
    const std::uint64_t frontier = table.counts_.back();
    // Forward from the frontier while it is smaller than what is left, then backward: an
    // unreached entry with a neighbour on the frontier is on the next layer. With mod 3, "current"
    // also matches layers depth-3, depth-6...: expanding those again finds nothing new, and going
    // backward they cannot neighbour an unreached entry.
    const Layer layer{depth + 1, depth % modulus, (depth + 1) % modulus, frontier < size - visited,
                      visited};
    const std::optional<std::uint64_t> found = table.scanLayer(layer, progress, cancel);
    if (!found) return std::nullopt;
    if (*found == 0) break;
    visited += *found;
    table.counts_.push_back(*found);
    if (progress) progress({depth + 1, visited, size, size});
  }
  return table;
}

int DistanceTable::distance(std::uint64_t index) const {
  if (stored(index) == entries_.unknown()) return -1;
  if (exact()) return stored(index);
  return static_cast<int>(descend(index).size());
}

int DistanceTable::neighbourDistance(int distance, std::uint64_t neighbourIndex) const {
  const int value = stored(neighbourIndex);
  if (value == entries_.unknown()) return -1;
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
  std::string out(kMagic, sizeof kMagic);
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
  if (bytes.size() < sizeof kMagic + 40 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
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
  at = sizeof kMagic;
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
