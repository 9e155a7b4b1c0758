// Coordinates: a projection of a puzzle state onto 0..size-1 that moves can follow without the
// rest of the state (Kociemba's term). A coordinate tracks some pieces of one orbit: where they are
// and/or how they are turned. Each coordinate carries its move table, so search and BFS step
// through coordinate values without building states.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

class Coordinate {
 public:
  // Throws std::invalid_argument for a spec that names no orbit, bad pieces, or is too large for
  // a move table.
  Coordinate(const Puzzle& puzzle, const CoordinateSpec& spec);

  std::uint32_t size() const { return size_; }
  std::uint32_t rank(const State& s) const;
  std::uint32_t move(std::uint32_t value, int move) const {
    return moveTable_[static_cast<std::size_t>(value) * moveCount_ + move];
  }
  // The move table's row of a value: row[m] is move(value, m).
  const std::uint32_t* row(std::uint32_t value) const {
    return moveTable_.data() + static_cast<std::size_t>(value) * moveCount_;
  }

 private:
  struct Partial {  // the tracked part of a state
    std::uint8_t position[32];
    std::uint8_t orientation[32];  // per tracked piece, or per position for orientation-only
  };
  void decode(std::uint32_t value, Partial& partial) const;
  std::uint32_t encode(const Partial& partial) const;

  const Orbit* orbit_;
  std::vector<int> pieces_;
  bool positions_;
  bool orientations_;
  bool evenPermutation_;     // all pieces tracked and only even permutations reachable
  bool orientationSumZero_;  // the last tracked orientation is implied
  std::uint32_t orientationCount_ = 1;
  std::uint32_t size_ = 1;
  int moveCount_ = 0;
  std::vector<std::uint32_t> moveTable_;
};

// Coordinates that together determine a whole state: per orbit, the positions of all its pieces
// and the orientation at every position. Their product is a perfect hash of the reachable states
// (for puzzles without parity links between orbits). Without `withSeparable`, the separable orbit
// (Pyraminx tips) is left out.
std::vector<CoordinateSpec> wholePuzzleCoordinates(const Puzzle& puzzle, bool withSeparable = true);

inline constexpr int kMaxCoordinateParts = 8;

// Mixed-radix product of coordinates (at most kMaxCoordinateParts); the last varies fastest.
class CoordinateSpace {
 public:
  CoordinateSpace(const Puzzle& puzzle, const std::vector<CoordinateSpec>& specs);
  std::uint64_t size() const { return size_; }
  int partCount() const { return static_cast<int>(parts_.size()); }
  const Coordinate& part(int i) const { return parts_[i]; }
  std::uint64_t stride(int i) const { return strides_[i]; }
  std::uint64_t index(const State& s) const;
  std::uint64_t neighbour(std::uint64_t index, int move) const;

  // The neighbours of one index, for scans over many: the index is decoded once, and each
  // neighbour is a sum over the parts' move-table rows.
  class Neighbours {
   public:
    explicit Neighbours(const CoordinateSpace& space) : space_(space) {}
    void load(std::uint64_t index) {
      for (int p = 0; p < space_.partCount(); ++p) {
        const auto value = static_cast<std::uint32_t>(index / space_.strides_[p]);
        index -= value * space_.strides_[p];
        rows_[p] = space_.parts_[p].row(value);
      }
    }
    std::uint64_t operator()(int move) const {
      std::uint64_t result = 0;
      for (int p = 0; p < space_.partCount(); ++p) result += rows_[p][move] * space_.strides_[p];
      return result;
    }

   private:
    const CoordinateSpace& space_;
    const std::uint32_t* rows_[kMaxCoordinateParts] = {};
  };

 private:
  std::vector<Coordinate> parts_;
  std::vector<std::uint64_t> strides_;
  std::uint64_t size_ = 1;
};

}  // namespace polytwist
