// The optimal-search kernel's heuristic over a projected table (search/projected_table.hpp), as
// the H48 solvers use theirs (nissy-core's doc/h48.md): every entry is a plain lower bound, so a
// node carries its state and its inverse and is looked up from both sides.
//
// A node is two sides, the position Q and its inverse Q⁻¹, and the search may extend either: a
// move m on the position's side makes Q·m (the solution's next move), on the inverse's side Q⁻¹·m
// (the inverse of the solution's last move). Each side is kept in byte lanes (one orbit per
// 16-byte lane) that one shuffle per orbit turns either way, and with the table's coordinates
// followed by move tables while moves extend it (ranked again after it was turned from the
// front).
//
// Per node, for all children at once: each child's entry is computed and prefetched, then read;
// the children it does not prune get the other side's entry computed and prefetched, then read.
// An entry that only says "at most base" is refined by the fallback tables (small exact tables,
// 4 bits). Moves that keep the table's target (those whose inverse, applied first, changes no
// coordinate: the cube's half turns) leave the other side's entry as it was, so when the other
// side's bound is tight they are not tried: a solution through one would reach the target one
// move early from that side (Rokicki's nxopt; doc/h48.md, "tight bounds"). A node extends the
// side that leaves fewer moves to try (doc/h48.md, "switching to inverse").
#pragma once

#include <limits>
#include <memory>
#include <vector>

#include "search/distance_table.hpp"
#include "search/optimal_search.hpp"
#include "search/projected_table.hpp"

namespace polytwist {

class ProjectedHeuristic final : public SearchHeuristic {
 public:
  // The tables must have their entries and outlive the heuristic. Throws std::invalid_argument
  // for a puzzle with more than 3 orbits or more than 16 pieces in one, a table of more than 4
  // reduced coordinates, or fallback tables of more than 8 coordinates.
  ProjectedHeuristic(const Puzzle& puzzle, const ProjectedTable& table,
                     std::vector<const DistanceTable*> fallback);

  const Puzzle& puzzle() const override { return puzzle_; }
  // The larger of the position's and its inverse's bounds.
  int estimate(const State& s) const override;
  std::unique_ptr<SearchWorker> worker(const State& start, int maxDepth) const override;
  // Prefixes are cheap to evaluate (a few lookups), and many small tasks order well (the
  // cube's 43,254 four-move prefixes, as nissy-core's H48 solver).
  std::size_t taskCount() const override { return 20000; }
  const SymmetryGroup* startSymmetries() const override { return &table_.group(); }
  // Whether applying move m's inverse first changes none of the tables' coordinates.
  bool keepsTarget(int move) const { return keepsTarget_[move]; }
  // The moves that may follow `last` on a side when the other side's bound is tight: those that
  // do not keep the target.
  const std::vector<int>& tightFollowers(int last) const { return tightFollowers_[last + 1]; }

 private:
  friend class ProjectedWorker;
  // Nodes are copied whole as the search descends: room for the cube's two orbits and one more.
  static constexpr int kMaxOrbits = 3;
  static constexpr int kMaxReduced = 4;
  static constexpr int kLaneWidth = 16;
  struct alignas(16) Lane {
    std::uint8_t bytes[kLaneWidth];
  };
  // One side of a node: the state in lanes (per orbit, its pieces and their orientations), and
  // the table's reduced coordinates.
  struct Side {
    Lane pieces[kMaxOrbits];
    Lane ori[kMaxOrbits];
    std::uint32_t values[kMaxReduced];
  };
  Side side(const State& s) const;
  // s·m: lanes and coordinates.
  void append(const Side& from, int move, Side& to) const;
  // m⁻¹·s: lanes only (rank() then gives the coordinates, unless the move keeps the target).
  void prepend(const Side& from, int move, Side& to) const;
  void rank(Side& side) const;
  std::uint64_t index(const Side& side) const {
    return index(table_.classAndSymmetry(side.values), side);
  }
  // From the class and symmetry of the side's values.
  std::uint64_t index(std::uint32_t packed, const Side& side) const {
    return table_.index(packed, side.pieces[tableOrbit_].bytes, side.ori[tableOrbit_].bytes);
  }
  // A side's bound from its entry: the entry, or when it says "at most base" the largest of
  // its line's minimum and the fallback tables, looked up only while the bound is at most
  // `needed` (a search needs to know no more than whether it exceeds the moves left).
  int bound(const Side& side, std::uint64_t index, int stored,
            int needed = std::numeric_limits<int>::max()) const;
  int bound(const Side& side, std::uint64_t index) const {
    return bound(side, index, table_.stored(index));
  }
  bool solved(const Side& side) const;

  const Puzzle& puzzle_;
  const ProjectedTable& table_;
  std::vector<const DistanceTable*> fallback_;
  int orbitCount_ = 0;
  int tableOrbit_ = 0;  // the projected orbit's lane
  // Per move, per orbit (one lane each): where each position's piece comes from and the twist it
  // gets (append); each piece's new name and twist (prepend, by the inverse's effect).
  std::vector<Lane> appendSource_, appendTwist_, prependPiece_, prependTwist_;
  Lane orientations_[kMaxOrbits];  // per orbit, its orientations in every byte
  std::vector<int> orbitSize_;
  // Per reduced part of the table, and per fallback part: the lane of its orbit.
  std::vector<int> reducedOrbit_, fallbackOrbit_;
  std::vector<bool> keepsTarget_;
  std::vector<std::vector<int>> tightFollowers_;
};

}  // namespace polytwist
