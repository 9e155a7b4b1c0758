// The classes of a table's reduced coordinates under a subgroup H of the puzzle's symmetries,
// and its plain coordinates seen through each symmetry of H: the index space of a SymmetricTable
// (which adds entries) and of a ProjectedTable (which adds orientations).
//
// `reduced` coordinates (a product, e.g. the cube's edge flip × the places of the middle-layer
// edges) fall into classes under H; `plain` coordinates (the corner twist) are each mapped onto
// themselves by every symmetry of H. A position's index is its class and its plain values seen
// through the symmetry that takes its reduced values to the class representative.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/coordinate.hpp"
#include "search/symmetry.hpp"

namespace polytwist {

// A state with the pieces well mixed, the same on every platform (it enters definition hashes, so
// a table file built natively is also valid in WebAssembly).
State wellMixedState(const Puzzle& puzzle);

class SymmetryClasses {
 public:
  // Move tables and the class index. Throws std::invalid_argument for a spec the symmetries do
  // not respect (a programming error in a puzzle definition, caught by its unit tests).
  SymmetryClasses(const Puzzle& puzzle, const SymmetryGroup& group, const SymmetricTableSpec& spec);

  std::uint64_t classCount() const { return representatives_.size(); }
  std::uint64_t plainSize() const { return plainSize_; }
  // Classes times plain values: the entries of a table over this space.
  std::uint64_t size() const { return classCount() * plainSize_; }
  // The symmetries of H (indexes into the group), and the frames the table is worth looking up
  // in (a symmetry from each coset g·H; the identity first).
  const std::vector<int>& symmetries() const { return subgroup_; }
  const std::vector<int>& frames() const { return frames_; }
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

 protected:
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
};

}  // namespace polytwist
