// Packed distance tables filled by breadth-first search over a coordinate space.
//
// Two encodings: 2 bits per entry holding the distance mod 3 (3 = not reached), or 4 bits holding
// the exact distance (15 = not reached). Mod 3 is enough wherever distances are followed along
// moves: neighbours differ by at most one, so the residue tells whether a move went up, down or
// sideways (Korf's trick), and an exact distance is recovered by walking down to a goal.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "search/coordinate.hpp"
#include "search/table_definition.hpp"

namespace polytwist {

class PackedArray {
 public:
  PackedArray(std::uint64_t size, int bitsPerEntry);
  std::uint64_t size() const { return size_; }
  int bitsPerEntry() const { return bits_; }
  int unknown() const { return (1 << bits_) - 1; }
  // Words are read and written atomically (relaxed: plain loads and stores on x86 and wasm), so
  // BFS threads may read words another thread writes.
  int get(std::uint64_t i) const { return bits_ == 2 ? getAt<2>(i) : getAt<4>(i); }
  // Only for entries no other thread writes at the same time.
  void set(std::uint64_t i, int value) { bits_ == 2 ? setAt<2>(i, value) : setAt<4>(i, value); }
  // Sets an unknown entry, also while other threads set entries of the same word; false when the
  // entry was no longer unknown.
  bool setIfUnknown(std::uint64_t i, int value) {
    return bits_ == 2 ? setIfUnknownAt<2>(i, value) : setIfUnknownAt<4>(i, value);
  }
  // Entries first .. first + 64/bits - 1 (first a multiple of 64/bits) form one word: a bit set at
  // the lowest bit of each entry equal to `value`.
  std::uint64_t wordMatches(std::uint64_t first, int value) const {
    return bits_ == 2 ? wordMatchesAt<2>(first, value) : wordMatchesAt<4>(first, value);
  }

  // The same with the entry width known at compile time (Bits == bitsPerEntry()), for the BFS's
  // inner loops: constant shifts and masks instead of multiplications (3x faster in WASM).
  template <int Bits>
  int getAt(std::uint64_t i) const {
    return static_cast<int>(word((i * Bits) >> 6) >> ((i * Bits) & 63)) & ((1 << Bits) - 1);
  }
  template <int Bits>
  void setAt(std::uint64_t i, int value) {
    std::uint64_t* word = &words_[(i * Bits) >> 6];
    const int shift = static_cast<int>((i * Bits) & 63);
    const std::uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
    __atomic_store_n(
        word, (old & ~(std::uint64_t((1 << Bits) - 1) << shift)) | (std::uint64_t(value) << shift),
        __ATOMIC_RELAXED);
  }
  template <int Bits>
  bool setIfUnknownAt(std::uint64_t i, int value) {
    std::uint64_t* word = &words_[(i * Bits) >> 6];
    const int shift = static_cast<int>((i * Bits) & 63);
    const std::uint64_t mask = std::uint64_t((1 << Bits) - 1) << shift;
    std::uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
    do {
      if ((old & mask) != mask) return false;
    } while (!__atomic_compare_exchange_n(word, &old,
                                          (old & ~mask) | (std::uint64_t(value) << shift), true,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return true;
  }
  template <int Bits>
  std::uint64_t wordMatchesAt(std::uint64_t first, int value) const {
    const std::uint64_t word = this->word((first * Bits) >> 6);
    const std::uint64_t lowBits = Bits == 2 ? 0x5555555555555555ull : 0x1111111111111111ull;
    // An entry equals `value` when all its bits agree; fold each entry's bits onto its lowest.
    const std::uint64_t differ = word ^ (lowBits * static_cast<std::uint64_t>(value));
    std::uint64_t folded = differ | (differ >> 1);
    if constexpr (Bits == 4) folded |= (differ >> 2) | (differ >> 3);
    return ~folded & lowBits;
  }

  // The packed entries as little-endian bytes (the serialized form).
  std::size_t byteCount() const { return (size_ * bits_ + 7) / 8; }
  const std::vector<std::uint64_t>& words() const { return words_; }
  std::vector<std::uint64_t>& words() { return words_; }

 private:
  std::uint64_t word(std::uint64_t w) const {
    return __atomic_load_n(&words_[w], __ATOMIC_RELAXED);
  }
  std::uint64_t size_;
  int bits_;
  std::vector<std::uint64_t> words_;
};

// Blocks of entries the BFS threads take in turn; a block of 2^20 entries is 256 KB of 2-bit
// table.
inline constexpr std::uint64_t kBuildBlockEntries = 1 << 20;
// Entries scanned per call within a block (a multiple of 64, so calls start on whole words).
inline constexpr std::uint64_t kScanCallEntries = 1 << 12;

// Reported at the start, after each layer, and within a layer once it has found an entry: after
// each block that the calling thread finishes (always on that thread; one report per 2^20
// entries scanned costs nothing next to the block's work). `depth` is the layer being found,
// complete once `scanned` reaches `total`.
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
// and WebAssembly builds use one.
void setBuildThreads(unsigned threads);

class DistanceTable {
 public:
  // BFS from the given goal states. Returns nullopt when cancelled.
  static std::optional<DistanceTable> build(const Puzzle& puzzle, const TableSpec& spec,
                                            const std::vector<State>& goals,
                                            const BuildProgressFn& progress = {},
                                            Cancellation cancel = {});

  const std::string& name() const { return name_; }
  const CoordinateSpace& space() const { return space_; }
  const PackedArray& entries() const { return entries_; }
  int bitsPerEntry() const { return entries_.bitsPerEntry(); }
  bool exact() const { return entries_.bitsPerEntry() == 4; }
  // Positions at each distance (the table's own statistics, kept from the BFS).
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  int maxDistance() const { return static_cast<int>(counts_.size()) - 1; }
  // The moves its BFS followed (all moves unless the spec named some).
  const std::vector<int>& moves() const { return moves_; }

  int stored(std::uint64_t index) const { return entries_.get(index); }
  // Exact distance, or -1 when the entry was never reached.
  int distance(std::uint64_t index) const;
  // Given the exact distance of an entry, that of its neighbour (or -1 when unreached).
  int neighbourDistance(int distance, std::uint64_t neighbourIndex) const;
  // The moves of a shortest path from `index` down to a goal. In a space that holds each
  // position once (an unmarked rotation), they are the moves for the index's representative.
  std::vector<int> descend(std::uint64_t index) const;
  // The moves of a shortest path from a state down to a goal, as that state is held.
  std::vector<int> descend(const Puzzle& puzzle, const State& start) const;

  // The definition fingerprint (search/table_definition.hpp) of the table `spec` describes, built
  // from `goals`: what caches key it by, and what its bytes carry, so bytes made for another
  // definition (a move that does something else, other pieces, goals or coordinates, older table
  // code) are refused.
  static std::uint64_t definitionFingerprint(const Puzzle& puzzle, const TableSpec& spec,
                                             const std::vector<State>& goals);
  std::uint64_t definition() const { return definition_; }

  // Binary format: magic, definition fingerprint, bits, entry count, the counts, the entries,
  // FNV-1a checksum of all before it.
  std::string serialize() const;
  // Nullopt (with `error` set) on a wrong magic, size, definition or checksum. `goals` are those
  // the table is wanted for.
  static std::optional<DistanceTable> deserialize(const Puzzle& puzzle, const TableSpec& spec,
                                                  const std::vector<State>& goals,
                                                  const std::string& bytes, std::string* error);
  // The same for a table built from the puzzle's solved states.
  static std::optional<DistanceTable> deserialize(const Puzzle& puzzle, const TableSpec& spec,
                                                  const std::string& bytes, std::string* error) {
    return deserialize(puzzle, spec, puzzle.solvedStates(), bytes, error);
  }

 private:
  DistanceTable(const Puzzle& puzzle, const TableSpec& spec, const std::vector<State>& goals);
  struct Layer;
  struct LayerCounts;
  // One BFS layer over every entry: how many entries it put on the next layer, or nullopt when
  // cancelled. Runs on every core the machine has (one thread in the WebAssembly build without
  // pthreads, where POLYTWIST_WASM_THREADS is unset); reports progress within the layer from the
  // calling thread.
  std::optional<std::uint64_t> scanLayer(const Layer& layer, const BuildProgressFn& progress,
                                         Cancellation cancel);
  // Scans words of entries taken in blocks from `counts` until none is left, calling
  // `afterBlock` (if any) after each.
  template <int Bits>
  void scanBlocks(const Layer& layer, LayerCounts& counts, Cancellation cancel,
                  const std::function<void()>& afterBlock);
  // Entries start..end of one layer's scan (forward: expand `current`; backward: try unreached
  // ones): how many it put on the next layer.
  template <int Bits, bool Forward>
  std::uint64_t scanRange(const Layer& layer, std::uint64_t start, std::uint64_t end,
                          CoordinateSpace::Neighbours& neighbour);
  template <typename Position, typename Step, typename IndexOf>
  std::vector<int> walkDown(Position position, Step step, IndexOf indexOf) const;
  std::string name_;
  std::uint64_t definition_;
  CoordinateSpace space_;
  PackedArray entries_;
  std::vector<std::uint64_t> counts_;
  std::vector<int> moves_;
};

}  // namespace polytwist
