// Symmetry-reduced pattern databases for the optimal-search kernel.
//
// A SymmetricTable has one entry per index of its SymmetryClasses (search/symmetry_classes.hpp):
// per class of its `reduced` coordinates under a subgroup H of the puzzle's symmetries, and plain
// value seen from the class representative; an entry stands for every state conjugate to it.
// Entries hold the distance mod 3 in 2 bits (3 = not reached): searches follow it exactly from the
// parent's distance (Korf's trick).
//
// Building is the one BFS (search/layered_bfs.hpp) on every core, forward while the frontier is
// small and backward (unreached entries look for a neighbour on the frontier) after; it reports
// progress and can be cancelled. Memory for the entries comes from malloc or a mapped
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
#include "search/symmetry_classes.hpp"
#include "search/table_definition.hpp"

namespace polytwist {

class SymmetricTable : public SymmetryClasses {
 public:
  // Move tables and class indexes; no entries yet (build or load them). Throws
  // std::invalid_argument for a spec the symmetries do not respect (a programming error in a
  // puzzle definition, caught by its unit tests).
  SymmetricTable(const Puzzle& puzzle, const SymmetryGroup& group, const SymmetricTableSpec& spec);
  SymmetricTable(const SymmetricTable&) = delete;

  const std::string& name() const { return name_; }
  bool ok() const { return !entryMemory_.empty(); }
  std::uint64_t byteCount() const { return (size() + 3) / 4; }
  // Entries at each distance.
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  int maxDistance() const { return static_cast<int>(counts_.size()) - 1; }
  // The definition fingerprint (search/table_definition.hpp): the puzzle's moves and pieces, the
  // goals (the solved states), the coordinates, the symmetries' action and kTableCodeVersion.
  // Caches are keyed by it and files carry it; computed without building the class index.
  static std::uint64_t definitionFingerprint(const Puzzle& puzzle, const SymmetryGroup& group,
                                             const SymmetricTableSpec& spec);
  std::uint64_t definitionHash() const { return definitionHash_; }

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
  std::vector<std::uint64_t> goalEntries_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t definitionHash_ = 0;
  TableMemory entryMemory_;
  std::uint64_t entryOffset_ = 0;  // where the entries start in entryMemory_ (a mapped file)
};

}  // namespace polytwist
