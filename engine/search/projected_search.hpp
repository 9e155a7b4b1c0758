// The optimal-search kernel's heuristic over a projected table (search/projected_table.hpp), as
// the H48 solvers use theirs (nissy-core's doc/h48.md): every entry is a plain lower bound, so a
// node carries its state and its inverse and is looked up from both sides.
//
// Per node, for all children at once: each child's entry is computed and prefetched, then read;
// the children it does not prune get their inverse's entry computed and prefetched, then read.
// An entry that only says "at most base" is refined by the fallback tables (small exact tables,
// 4 bits). Moves that keep the table's target (those whose inverse, applied first, changes no
// coordinate: the cube's half turns) leave the inverse's entry as it was, and a node whose
// inverse bound is tight does not try them next: a solution starting with one would reach the
// target one move early from the inverse side (Rokicki's nxopt; doc/h48.md, "tight bounds").
#pragma once

#include <memory>
#include <vector>

#include "search/distance_table.hpp"
#include "search/optimal_search.hpp"
#include "search/projected_table.hpp"

namespace polytwist {

class ProjectedHeuristic final : public SearchHeuristic {
 public:
  // The tables must have their entries and outlive the heuristic. Throws std::invalid_argument
  // for a puzzle with more than 32 pieces or fallback tables of more than 8 coordinates.
  ProjectedHeuristic(const Puzzle& puzzle, const ProjectedTable& table,
                     std::vector<const DistanceTable*> fallback);

  const Puzzle& puzzle() const override { return puzzle_; }
  // The larger of the position's and its inverse's bounds.
  int estimate(const State& s) const override;
  std::unique_ptr<SearchWorker> worker(const State& start, int maxDepth) const override;
  // Prefixes are cheap to evaluate (a few lookups), and many small tasks order well (the
  // cube's 43,254 four-move prefixes, as nissy-core's H48 solver).
  std::size_t taskCount() const override { return 20000; }
  // Whether applying move m's inverse first changes none of the tables' coordinates.
  bool keepsTarget(int move) const { return keepsTarget_[move]; }
  // The moves that may follow `last` when the inverse's bound is tight: those that do not keep
  // the target.
  const std::vector<int>& tightFollowers(int last) const { return tightFollowers_[last + 1]; }

 private:
  friend class ProjectedWorker;
  static constexpr int kMaxPieces = 32;
  static constexpr int kMaxFallbackValues = 8;
  // The position as moves follow it, s·m: the table's node (its coordinates by their move
  // tables, the projected orbit's pieces) and the fallback tables' coordinates.
  struct Normal {
    ProjectedTable::Node node;
    std::uint32_t fallback[kMaxFallbackValues];
  };
  // The inverse, m⁻¹·s: a move renames pieces, so no move table follows it; the whole state.
  struct Inverse {
    std::uint8_t pieces[kMaxPieces];
    std::uint8_t ori[kMaxPieces];
  };
  Normal normal(const State& s) const;
  void append(const Normal& from, int move, Normal& to) const;
  // Only the fallback tables' coordinates of append.
  void appendFallback(const Normal& from, int move, Normal& to) const;
  void prepend(const Inverse& from, int move, Inverse& to) const;
  // A side's bound from its entry: the entry, or when it says "at most base" the largest of
  // its line's minimum and the fallback tables.
  // `stored`: the table's entry at index, when read already.
  int bound(const Normal& side, std::uint64_t index, int stored) const;
  int bound(const Inverse& side, std::uint64_t index, int stored) const;
  int bound(const Normal& side, std::uint64_t index) const {
    return bound(side, index, table_.stored(index));
  }
  int bound(const Inverse& side, std::uint64_t index) const {
    return bound(side, index, table_.stored(index));
  }
  std::uint64_t index(const Normal& side) const { return table_.index(side.node); }
  std::uint64_t index(const Inverse& side) const {
    return table_.index(table_.node(side.pieces, side.ori));
  }
  bool solved(const Inverse& side) const;

  const Puzzle& puzzle_;
  const ProjectedTable& table_;
  std::vector<const DistanceTable*> fallback_;
  int pieceCount_ = 0;
  int fallbackValueCount_ = 0;
  // Per move, per position: the inverse effect's piece and twist (m⁻¹·s).
  std::vector<std::uint8_t> prependPiece_, prependTwist_;
  std::vector<std::uint8_t> orientationsAt_;  // per position, its orbit's orientations
  std::vector<std::uint8_t> orbitOffsetAt_;   // per position, its orbit's first position
  std::vector<bool> keepsTarget_;
  std::vector<std::vector<int>> tightFollowers_;
};

}  // namespace polytwist
