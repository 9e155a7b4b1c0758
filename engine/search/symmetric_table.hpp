// Symmetry-reduced pattern databases for the optimal-search kernel.
//
// A SymmetricTable covers `reduced` coordinates (a product, e.g. the cube's edge flip × the
// places of the middle-layer edges) whose values fall into classes under a subgroup H of the
// puzzle's symmetries, times `plain` coordinates that each symmetry of H maps onto themselves
// (the corner twist). One entry per (class, plain value) stands for every state conjugate to it:
// a state's entry is its class and its plain values seen through the symmetry that takes its
// reduced values to the class representative. Entries hold the distance mod 3 in 2 bits (3 = not
// reached): searches follow it exactly from the parent's distance (Korf's trick).
//
// Building is a breadth-first search on every core (one thread in WebAssembly), forward while the
// frontier is small and backward (unreached entries look for a neighbour on the frontier) after;
// it reports progress and can be cancelled. Memory for the entries comes from malloc or a mapped
// file, so a failed allocation is an error value, never an exception.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "search/coordinate.hpp"
#include "search/distance_table.hpp"
#include "search/layered_bfs.hpp"
#include "search/memory.hpp"
#include "search/symmetry.hpp"
#include "search/table_definition.hpp"

namespace polytwist {

class SymmetricTable {
 public:
  // Move tables and class indexes; no entries yet (build or load them). Throws
  // std::invalid_argument for a spec the symmetries do not respect (a programming error in a
  // puzzle definition, caught by its unit tests).
  SymmetricTable(const Puzzle& puzzle, const SymmetryGroup& group, const SymmetricTableSpec& spec);
  SymmetricTable(const SymmetricTable&) = delete;

  const std::string& name() const { return name_; }
  bool ok() const { return !entryMemory_.empty(); }
  std::uint64_t classCount() const { return representatives_.size(); }
  std::uint64_t plainSize() const { return plainSize_; }
  std::uint64_t size() const { return classCount() * plainSize_; }
  std::uint64_t byteCount() const { return (size() + 3) / 4; }
  // The symmetries of H (indexes into the group), and the frames the table is worth looking up
  // in (a symmetry from each coset g·H; the identity first).
  const std::vector<int>& symmetries() const { return subgroup_; }
  const std::vector<int>& frames() const { return frames_; }
  // Entries at each distance.
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  int maxDistance() const { return static_cast<int>(counts_.size()) - 1; }
  // The definition fingerprint (search/table_definition.hpp): the puzzle's moves and pieces, the
  // goals (the solved states), the coordinates, the symmetries' action and kTableCodeVersion.
  // Caches are keyed by it and files carry it; computed without building the class index.
  static std::uint64_t definitionFingerprint(const Puzzle& puzzle, const SymmetryGroup& group,
                                             const SymmetricTableSpec& spec);
  std::uint64_t definitionHash() const { return definitionHash_; }

  // Coordinates a search tracks: the reduced parts' values, then the plain parts'.
  int partCount() const { return static_cast<int>(parts_.size()); }
  const Coordinate& part(int p) const { return parts_[p]; }
  int reducedCount() const { return reducedCount_; }
  void rank(const State& s, std::uint32_t* values) const;
  // Same from bare arrays (pieces and orientations per position).
  void rank(const std::uint8_t* pieces, const std::uint8_t* ori, std::uint32_t* values) const;
  std::uint64_t index(const std::uint32_t* values) const {
    std::uint64_t raw = 0;
    for (int p = 0; p < reducedCount_; ++p) raw = raw * parts_[p].size() + values[p];
    const std::uint32_t packed = classOf_[raw];
    const std::uint32_t* conj = conjugated_.data() + (packed & 0xff) * conjugatedStride_;
    std::uint64_t plain = 0;
    for (int p = reducedCount_; p < partCount(); ++p) {
      plain = plain * parts_[p].size() + conj[plainOffset_[p] + values[p]];
    }
    return static_cast<std::uint64_t>(packed >> 8) * plainSize_ + plain;
  }
  // The class of reduced values and the subgroup index of the symmetry that takes them to its
  // representative, packed as class << 8 | index (for tables that see more of a state, such as a
  // ProjectedTable).
  std::uint32_t classAndSymmetry(const std::uint32_t* values) const {
    std::uint64_t raw = 0;
    for (int p = 0; p < reducedCount_; ++p) raw = raw * parts_[p].size() + values[p];
    return classOf_[raw];
  }
  // The plain values' index seen through subgroup symmetry k.
  std::uint64_t plainIndex(int k, const std::uint32_t* values) const {
    const std::uint32_t* conj = conjugated_.data() + k * conjugatedStride_;
    std::uint64_t plain = 0;
    for (int p = reducedCount_; p < partCount(); ++p) {
      plain = plain * parts_[p].size() + conj[plainOffset_[p] + values[p]];
    }
    return plain;
  }
  // Subgroup symmetry k's map of plain part p's values.
  const std::uint32_t* plainMap(int k, int p) const {
    return conjugated_.data() + k * conjugatedStride_ + plainOffset_[p];
  }
  // The subgroup indexes of the symmetries that fix class `cls`'s representative (bit k).
  std::uint64_t stabilizer(std::uint64_t cls) const { return stabilizer_[cls]; }
  int stored(std::uint64_t i) const { return (entries()[i >> 5] >> ((i & 31) * 2)) & 3; }
  const std::uint64_t* entries() const {
    return reinterpret_cast<const std::uint64_t*>(entryMemory_.data() + entryOffset_);
  }
  // Exact distance of the entry of these values, by walking down to a goal (-1: not reached).
  int distance(const std::uint32_t* values) const;

  // Fills the entries by BFS from the puzzle's solved states. Returns false when cancelled or
  // out of memory (`error` says which).
  bool build(const BuildProgressFn& progress, Cancellation cancel, std::string* error);
  // Files: header (magic, definition hash, sizes, counts), entries, checksum. `load` refuses a
  // file of another definition or a damaged one, with the reason in `error`.
  bool save(const std::string& path, std::string* error) const;
  bool load(const std::string& path, std::string* error);
  std::string serialize() const;
  bool deserialize(const std::string& bytes, std::string* error);

 private:
  class Expander;  // the table's side of the BFS
  std::uint64_t* mutableEntries() {
    return reinterpret_cast<std::uint64_t*>(entryMemory_.data() + entryOffset_);
  }
  // Sets an unknown entry and its equivalents (see stabilizer_); how many were unknown.
  std::uint64_t setClassEntry(std::uint64_t cls, std::uint64_t plain, int value);
  // Checks a serialized table's header against this definition (`what` names the file in
  // errors): its counts and the offset of its entries.
  bool readHeader(const std::uint8_t* data, std::uint64_t length, const std::string& what,
                  std::vector<std::uint64_t>& counts, std::uint64_t& offset,
                  std::string* error) const;
  // Takes `counts` when the entries' checksum matches the stored one.
  bool takeIfChecksumMatches(const std::uint64_t* entries, const std::uint8_t* storedChecksum,
                             std::vector<std::uint64_t>& counts, const std::string& what,
                             std::string* error);
  std::uint64_t headerHash() const;
  std::string header() const;
  std::uint64_t checksum() const;

  const Puzzle& puzzle_;
  std::string name_;
  std::vector<Coordinate> parts_;
  int reducedCount_ = 0;
  std::vector<int> subgroup_;
  std::vector<int> frames_;
  // Per raw reduced value: class << 8 | index in subgroup_ of the symmetry that takes it to the
  // class representative.
  std::vector<std::uint32_t> classOf_;
  std::vector<std::uint64_t> representatives_;  // raw reduced value of each class
  // Per class: the subgroup indexes that fix its representative (bit k), when more than the
  // identity. Entries (class, S(plain)) for such S are one position seen differently; the BFS sets
  // them together, or a search would meet entries its BFS never reached from their neighbours.
  std::vector<std::uint64_t> stabilizer_;
  // Per subgroup index, per plain part: the conjugated value of each value (parts concatenated).
  std::vector<std::uint32_t> conjugated_;
  std::size_t conjugatedStride_ = 0;
  std::vector<std::size_t> plainOffset_;
  std::uint64_t plainSize_ = 1;
  std::vector<std::uint64_t> goalEntries_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t definitionHash_ = 0;
  TableMemory entryMemory_;
  std::uint64_t entryOffset_ = 0;  // where the entries start in entryMemory_ (a mapped file)
};

}  // namespace polytwist
