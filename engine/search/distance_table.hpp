// Packed distance tables filled by breadth-first search over a coordinate space.
//
// Two encodings: 2 bits per entry holding the distance mod 3 (3 = not reached), or 4 bits holding
// the exact distance (15 = not reached). Mod 3 is enough wherever distances are followed along
// moves: neighbours differ by at most one, so the residue tells whether a move went up, down or
// sideways (Korf's trick), and an exact distance is recovered by walking down to a goal.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "search/coordinate.hpp"
#include "search/layered_bfs.hpp"
#include "search/table_definition.hpp"

namespace polytwist {

// A table's own entries of 2 or 4 bits (search/layered_bfs.hpp's PackedEntries, owned).
class PackedArray {
 public:
  PackedArray(std::uint64_t size, int bitsPerEntry);
  std::uint64_t size() const { return size_; }
  int bitsPerEntry() const { return bits_; }
  int unknown() const { return (1 << bits_) - 1; }
  int get(std::uint64_t i) const {
    return static_cast<int>(words_[(i * bits_) >> 6] >> ((i * bits_) & 63)) & unknown();
  }
  void set(std::uint64_t i, int value) {
    bits_ == 2 ? view<2>().set(i, value) : view<4>().set(i, value);
  }
  // The entries with their width known at compile time (Bits == bitsPerEntry()), for the BFS's
  // inner loops: constant shifts and masks instead of multiplications (3x faster in WASM).
  template <int Bits>
  PackedEntries<Bits> view() {
    return {words_.data(), size_};
  }

  // The packed entries as little-endian bytes (the serialized form).
  std::size_t byteCount() const { return (size_ * bits_ + 7) / 8; }
  const std::vector<std::uint64_t>& words() const { return words_; }
  std::vector<std::uint64_t>& words() { return words_; }

 private:
  std::uint64_t size_;
  int bits_;
  std::vector<std::uint64_t> words_;
};

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
  // Above 0: the depth a partial table's BFS stopped at (TableSpec::maxDepth).
  int partialDepth() const { return partialDepth_; }
  // Exact distance, or -1 when the entry was never reached; in a partial table, an entry beyond
  // its depth reads as partialDepth() + 1 (a lower bound).
  int distance(std::uint64_t index) const;
  // Given the exact distance of an entry, that of its neighbour (or -1 when unreached; in a
  // partial table, partialDepth() + 1 beyond its depth).
  int neighbourDistance(int distance, std::uint64_t neighbourIndex) const;
  // The moves of a shortest path from `index` down to a goal (none from beyond a partial
  // table's depth). In a space that holds each
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
  // The BFS from `goals` entries already at 0: the entries at each distance, or nullopt when
  // cancelled.
  template <int Bits>
  std::optional<std::vector<std::uint64_t>> fill(std::uint64_t goals,
                                                 const BuildProgressFn& progress,
                                                 Cancellation cancel);
  template <typename Position, typename Step, typename IndexOf>
  std::vector<int> walkDown(Position position, Step step, IndexOf indexOf) const;
  std::string name_;
  std::uint64_t definition_;
  CoordinateSpace space_;
  PackedArray entries_;
  std::vector<std::uint64_t> counts_;
  std::vector<int> moves_;
  int partialDepth_ = 0;
};

}  // namespace polytwist
