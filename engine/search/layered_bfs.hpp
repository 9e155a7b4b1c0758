// The one breadth-first search that fills the kernel's distance tables: the plain coordinate
// spaces (DistanceTable), the symmetry-reduced ones (SymmetricTable) and the two-phase solver's
// pattern tables. It is templated on the entry width (2, 4 or 8 bits) and on an expander, the
// part that knows a table's index space: the neighbours of an entry and which entries stand for
// the same position (a symmetry class sets all of its self-images at once).
//
// The search goes layer by layer over the whole table, with no queue. While the frontier is small
// it expands the frontier's entries (forward); once it is large, each entry still unknown looks
// for a neighbour on the frontier (backward) and stops at the first, which touches far fewer
// entries when most are reached. Whole 64-bit words of entries are tested at once, so the scan
// costs little next to the expansions. Threads take blocks of entries in turn; going forward they
// set entries by compare-and-swap, going backward each sets only entries of its own blocks (as
// far as the table's own index goes: equivalents are set by compare-and-swap too).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <thread>
#include <vector>

namespace polytwist {

// Entries of `Bits` bits packed in little-endian 64-bit words, as a view: the memory belongs to a
// table (a vector, malloc'ed or a mapped file). Words are read and written atomically (relaxed:
// plain loads and stores on x86 and wasm), so BFS threads may read words another thread writes.
template <int Bits>
class PackedEntries {
  static_assert(Bits == 2 || Bits == 4 || Bits == 8);

 public:
  static constexpr int kPerWord = 64 / Bits;
  static constexpr int kUnknown = (1 << Bits) - 1;
  // The words a table of `size` entries takes.
  static constexpr std::uint64_t wordsFor(std::uint64_t size) {
    return (size + kPerWord - 1) / kPerWord;
  }

  PackedEntries(std::uint64_t* words, std::uint64_t size) : words_(words), size_(size) {}
  std::uint64_t size() const { return size_; }

  int get(std::uint64_t i) const {
    return static_cast<int>(word(i / kPerWord) >> ((i % kPerWord) * Bits)) & kUnknown;
  }
  // Only for entries no other thread writes at the same time.
  void set(std::uint64_t i, int value) const {
    std::uint64_t* word = &words_[i / kPerWord];
    const int shift = static_cast<int>((i % kPerWord) * Bits);
    const std::uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
    __atomic_store_n(word,
                     (old & ~(std::uint64_t{kUnknown} << shift)) | (std::uint64_t(value) << shift),
                     __ATOMIC_RELAXED);
  }
  // Sets an unknown entry, also while other threads set entries of the same word; false when the
  // entry was no longer unknown.
  bool setIfUnknown(std::uint64_t i, int value) const {
    std::uint64_t* word = &words_[i / kPerWord];
    const int shift = static_cast<int>((i % kPerWord) * Bits);
    const std::uint64_t mask = std::uint64_t{kUnknown} << shift;
    std::uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
    do {
      if ((old & mask) != mask) return false;
    } while (!__atomic_compare_exchange_n(word, &old,
                                          (old & ~mask) | (std::uint64_t(value) << shift), true,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return true;
  }
  // Entries first .. first + kPerWord - 1 (first a multiple of kPerWord) form one word: a bit set
  // at the lowest bit of each entry equal to `value`.
  std::uint64_t wordMatches(std::uint64_t first, int value) const {
    constexpr std::uint64_t lowBits = ~std::uint64_t{0} / kUnknown;  // 0x55.., 0x11.., 0x0101..
    const std::uint64_t differ =
        word(first / kPerWord) ^ (lowBits * static_cast<std::uint64_t>(value));
    // An entry equals `value` when all its bits agree; fold each entry's bits onto its lowest.
    std::uint64_t folded = differ;
    for (int shift = 1; shift < Bits; shift *= 2) folded |= folded >> shift;
    return ~folded & lowBits;
  }

 private:
  std::uint64_t word(std::uint64_t w) const {
    return __atomic_load_n(&words_[w], __ATOMIC_RELAXED);
  }
  std::uint64_t* words_;
  std::uint64_t size_;
};

// Blocks of entries the BFS threads take in turn; a block of 2^20 entries is 256 KB of 2-bit
// table.
inline constexpr std::uint64_t kBuildBlockEntries = 1 << 20;
// Entries scanned per call within a block (a multiple of 64, so calls start on whole words).
inline constexpr std::uint64_t kScanCallEntries = 1 << 12;

// Reported at the start, after each layer, and within a layer after each block that the calling
// thread finishes (always on that thread; one report per 2^20 entries scanned costs nothing next
// to the block's work). `depth` is the layer being looked for, complete once `scanned` reaches
// `total`; the last one reported within may find nothing, which ends the build (its scan takes as
// long as a layer's, so it reports too).
struct BuildProgress {
  int depth;              // the layer being found (or just finished)
  std::uint64_t visited;  // entries reached so far, this layer's found so far included
  std::uint64_t total;    // entries in the table
  std::uint64_t scanned;  // entries this layer has scanned: `total` once it is finished
  bool finished() const { return scanned == total; }
};
using BuildProgressFn = std::function<void(const BuildProgress&)>;

struct Cancellation {
  const std::atomic<bool>* flag = nullptr;
  bool requested() const { return flag && flag->load(std::memory_order_relaxed); }
};

// How many threads a BFS layer uses (0, the default: one per core). Tables below 2^21 entries
// and WebAssembly builds without pthreads use one.
void setBuildThreads(unsigned threads);
unsigned buildThreadsFor(std::uint64_t entries);

struct BfsLayer {
  int depth;    // the layer being found
  int current;  // the stored value of the layer before it (forward: expanded; backward: sought)
  int next;     // the stored value this layer's entries get
  bool forward;
};

struct BfsOptions {
  // Stored values are distances modulo this (3 for 2-bit entries by Korf's trick; anything above
  // the deepest layer for exact entries).
  int modulus = 3;
  int maxDepth = 1 << 30;  // the deepest layer the entries can hold: the search stops after it
  // Forward while the frontier times this is below the unknown entries: what expanding an entry
  // costs next to testing one from the other side.
  std::uint64_t forwardCost = 1;
};

// An expander (one per thread, made by the factory given to fillByLayers) offers:
//   void load(std::uint64_t i);          the entry to work on next
//   std::uint64_t markNeighbours(int v); sets the loaded entry's unknown neighbours (and their
//                                        equivalents) to v, by compare-and-swap: how many it set
//   bool neighbourHolds(int v);          whether some neighbour of the loaded entry holds v
//   std::uint64_t markLoaded(int v);     sets the loaded (unknown) entry and its equivalents to v
namespace bfs_detail {

template <int Bits, bool Forward, typename Expander>
[[gnu::noinline]] std::uint64_t scanRange(const PackedEntries<Bits>& entries, Expander& expander,
                                          const BfsLayer& layer, std::uint64_t start,
                                          std::uint64_t end) {
  using Entries = PackedEntries<Bits>;
  const int wanted = Forward ? layer.current : Entries::kUnknown;
  std::uint64_t found = 0;
  for (std::uint64_t first = start; first < end; first += Entries::kPerWord) {
    for (std::uint64_t hits = entries.wordMatches(first, wanted); hits != 0; hits &= hits - 1) {
      const std::uint64_t i = first + std::countr_zero(hits) / Bits;
      if (i >= end) break;
      expander.load(i);
      if constexpr (Forward) {
        found += expander.markNeighbours(layer.next);
      } else if (expander.neighbourHolds(layer.current)) {
        found += expander.markLoaded(layer.next);
      }
    }
  }
  return found;
}

// Shared by a layer's threads. Each adds its block's counts once the block is done, so a report
// costs two relaxed atomic additions per block.
struct LayerCounts {
  std::atomic<std::uint64_t> nextBlock = 0;
  std::atomic<std::uint64_t> scanned = 0;  // entries of the finished blocks
  std::atomic<std::uint64_t> found = 0;    // entries put on the next layer so far
};

template <int Bits, typename Expander>
void scanBlocks(const PackedEntries<Bits>& entries, Expander& expander, const BfsLayer& layer,
                LayerCounts& counts, Cancellation cancel, const std::function<void()>& afterBlock) {
  const std::uint64_t size = entries.size();
  for (;;) {
    const std::uint64_t start =
        counts.nextBlock.fetch_add(kBuildBlockEntries, std::memory_order_relaxed);
    if (start >= size || cancel.requested()) return;
    const std::uint64_t end = std::min(size, start + kBuildBlockEntries);
    std::uint64_t found = 0;
    // In short calls: V8 runs a WebAssembly call to its end in the code it started with (no
    // on-stack replacement), so one long loop would run the whole first table build in the
    // baseline compiler's code, about twice as slow as the optimised code later calls get.
    for (std::uint64_t first = start; first < end; first += kScanCallEntries) {
      const std::uint64_t last = std::min(end, first + kScanCallEntries);
      found += layer.forward ? scanRange<Bits, true>(entries, expander, layer, first, last)
                             : scanRange<Bits, false>(entries, expander, layer, first, last);
    }
    counts.found.fetch_add(found, std::memory_order_relaxed);
    counts.scanned.fetch_add(end - start, std::memory_order_relaxed);
    if (afterBlock) afterBlock();
  }
}

}  // namespace bfs_detail

// Fills `entries`, whose goals already hold 0 (`goals` of them) and all else unknown, layer by
// layer until one finds nothing or options.maxDepth is reached. Returns the entries at each
// distance, or nullopt when cancelled. `makeExpander()` gives each thread its own expander.
template <int Bits, typename MakeExpander>
std::optional<std::vector<std::uint64_t>> fillByLayers(const PackedEntries<Bits>& entries,
                                                       std::uint64_t goals,
                                                       const BfsOptions& options,
                                                       const MakeExpander& makeExpander,
                                                       const BuildProgressFn& progress = {},
                                                       Cancellation cancel = {}) {
  const std::uint64_t size = entries.size();
  std::vector<std::uint64_t> counts = {goals};
  std::uint64_t visited = goals;
  if (progress) progress({0, visited, size, size});
  const unsigned threads = buildThreadsFor(size);
  for (int depth = 1; depth <= options.maxDepth && visited < size; ++depth) {
    // With mod 3, "current" also matches layers depth-4, depth-7...: expanding those again finds
    // nothing new, and going backward they cannot neighbour an unknown entry.
    const BfsLayer layer{depth, (depth - 1) % options.modulus, depth % options.modulus,
                         counts.back() * options.forwardCost < size - visited};
    bfs_detail::LayerCounts layerCounts;
    const auto scan = [&](const std::function<void()>& afterBlock) {
      auto expander = makeExpander();
      bfs_detail::scanBlocks<Bits>(entries, expander, layer, layerCounts, cancel, afterBlock);
    };
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < threads; ++t) helpers.emplace_back([&] { scan({}); });
    // The last block is left to the report after the layer.
    const std::function<void()> report = [&] {
      const std::uint64_t found = layerCounts.found.load(std::memory_order_relaxed);
      const std::uint64_t scanned = layerCounts.scanned.load(std::memory_order_relaxed);
      if (scanned < size) progress({depth, visited + found, size, scanned});
    };
    try {
      scan(progress ? report : std::function<void()>());
    } catch (...) {
      // From the progress callback (or out of memory for an expander): the helpers take no more
      // blocks and are joined before it goes on.
      layerCounts.nextBlock = size;
      for (std::thread& helper : helpers) helper.join();
      throw;
    }
    for (std::thread& helper : helpers) helper.join();
    if (cancel.requested()) return std::nullopt;
    const std::uint64_t found = layerCounts.found.load(std::memory_order_relaxed);
    if (found == 0) break;
    visited += found;
    counts.push_back(found);
    if (progress) progress({depth, visited, size, size});
  }
  if (cancel.requested()) return std::nullopt;  // also when asked after the last layer
  return counts;
}

// Exact distances (4-bit entries) over the entries 0..size-1 of a graph that a solver of its own
// describes (the Square-1's, the 4x4x4's): graph.successors(i, visit) and
// graph.predecessors(i, visit) call visit(n) for each entry one step after or before i (visit
// returns true to stop). The caller has set the goals to 0, every other entry unknown (15) and
// entries that stand for no position to kNoPosition, which the search never visits.
inline constexpr int kNoPosition = 14;
template <typename Graph>
class GraphExpander {
 public:
  GraphExpander(const Graph& graph, PackedEntries<4> entries) : graph_(graph), entries_(entries) {}
  void load(std::uint64_t i) { loaded_ = i; }
  std::uint64_t markNeighbours(int v) {
    std::uint64_t marked = 0;
    graph_.predecessors(loaded_, [&](std::uint64_t n) {
      if (entries_.setIfUnknown(n, v)) ++marked;
      return false;
    });
    return marked;
  }
  bool neighbourHolds(int v) const {
    return graph_.successors(loaded_, [&](std::uint64_t n) { return entries_.get(n) == v; });
  }
  std::uint64_t markLoaded(int v) {
    entries_.set(loaded_, v);
    return 1;
  }

 private:
  const Graph& graph_;
  PackedEntries<4> entries_;
  std::uint64_t loaded_ = 0;
};
// The entry i of 4-bit distances held in `words` (as fillGraphDistances leaves them).
inline int graphDistance(const std::vector<std::uint64_t>& words, std::uint64_t i) {
  return static_cast<int>(words[i / 16] >> (i % 16 * 4)) & 15;
}
// Fills the distances up to maxDepth (13 when some entries are kNoPosition, else up to 14;
// entries further away stay 15); returns the entries at each distance.
template <typename Graph>
std::vector<std::uint64_t> fillGraphDistances(const Graph& graph, PackedEntries<4> entries,
                                              std::uint64_t goals, int maxDepth) {
  BfsOptions options;
  options.modulus = 15;
  options.maxDepth = maxDepth;
  return *fillByLayers<4>(entries, goals, options,
                          [&] { return GraphExpander<Graph>(graph, entries); });
}

}  // namespace polytwist
