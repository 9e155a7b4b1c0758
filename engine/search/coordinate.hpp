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
  // a move table. The table also gets a column for each of `extraEffects` (whole-puzzle
  // rotations), after the moves' columns.
  Coordinate(const Puzzle& puzzle, const CoordinateSpec& spec,
             const std::vector<State>& extraEffects = {});
  // The same without a move table (move() and row() are not to be called): for ranking and
  // placing alone, or for move tables over other effects (writeMoveTable), such as some moves.
  static Coordinate withoutMoveTable(const Puzzle& puzzle, const CoordinateSpec& spec);

  // What a spec tracks and how many values it has, checked as the constructor checks it, without
  // building the move table.
  struct Shape {
    const Orbit* orbit = nullptr;
    std::vector<int> pieces;
    bool positions = false;
    bool orientations = false;
    bool unordered = false;           // only which positions the pieces occupy
    std::vector<int> groupSizes;      // unordered: the labelled groups `pieces` splits into
    bool evenPermutation = false;     // all pieces tracked and only even permutations reachable
    bool orientationSumZero = false;  // the last tracked orientation is implied
    std::vector<int> confinedTo;      // the positions the pieces stay among (empty: anywhere)
    std::uint32_t orientationCount = 1;
    std::uint64_t size = 1;
  };
  static Shape shapeOf(const Puzzle& puzzle, const CoordinateSpec& spec);

  std::uint32_t size() const { return size_; }
  // A state's value; size() for one outside a confined coordinate (CoordinateSpec::confinedTo).
  std::uint32_t rank(const State& s) const { return rank(s.pieces.data(), s.ori.data()); }
  // The same from bare arrays: per position, its piece and orientation.
  std::uint32_t rank(const std::uint8_t* pieces, const std::uint8_t* ori) const {
    return rankOrbit(pieces + orbit_->offset, ori + orbit_->offset);
  }
  // The same from this orbit's own arrays (its first position at index 0).
  std::uint32_t rankOrbit(const std::uint8_t* pieces, const std::uint8_t* ori) const;
  // Unordered coordinates: the group of a piece (groupCount() for an untracked one), and the
  // value of per-group position masks (places[g] bit j: position j holds a piece of group g).
  static constexpr int kMaxGroups = 8;
  bool isUnordered() const { return unordered_; }
  int groupCount() const { return static_cast<int>(groups_.size()); }
  int groupOf(int piece) const {
    return groupOfPiece_[piece] == kMaxGroups ? groupCount() : groupOfPiece_[piece];
  }
  std::uint32_t rankPlaces(const std::uint32_t* places) const;
  // Writes the tracked part of the state a value stands for into `s` (of the same puzzle): the
  // tracked pieces go to their positions by swaps (the others end up wherever the swaps leave
  // them), or every position of the orbit gets its orientation.
  void place(std::uint32_t value, State& s) const;
  // Whether renaming the pieces leaves every value as it is: piece p of the orbit becomes piece
  // rename[p], its orientation raised by twist[p] (both numbered within the orbit), as a move
  // applied before the state does.
  bool keptByRenaming(const std::uint8_t* rename, const std::uint8_t* twist) const;
  bool tracksPositions() const { return positions_; }
  bool tracksOrientations() const { return orientations_; }
  const Orbit& orbit() const { return *orbit_; }
  const std::vector<int>& pieces() const { return pieces_; }
  // The value after move (or extra effect) `column`.
  std::uint32_t move(std::uint32_t value, int column) const {
    return moveTable_[static_cast<std::size_t>(value) * columns_ + column];
  }
  // The move table's row of a value: row[m] is move(value, m).
  const std::uint32_t* row(std::uint32_t value) const {
    return moveTable_.data() + static_cast<std::size_t>(value) * columns_;
  }
  // A move table over `effects` (states of the puzzle, such as moves' effects), in their order:
  // table[value * effects.size() + column] is the value after effect `column`. Entry is
  // std::uint16_t or std::uint32_t and must hold every value: a smaller table for a search's hot
  // loop. Throws std::invalid_argument for an effect that takes confined pieces elsewhere.
  template <typename Entry>
  void writeMoveTable(std::span<const State* const> effects, Entry* table) const;

 private:
  explicit Coordinate(Shape shape);  // a checked spec's coordinate, without a move table

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
  bool unordered_;
  // Unordered: the groups `pieces_` splits into, each with its count of places among those the
  // groups before it leave free (the value is mixed-radix over them, the first slowest).
  struct Group {
    int size;
    std::uint32_t radix;
  };
  std::vector<Group> groups_;
  std::uint8_t groupOfPiece_[32];  // unordered: each piece's group (kMaxGroups: untracked)
  std::int8_t slotOfPiece_[32];    // each piece's index in pieces_ (-1: untracked)
  // Confined: the positions in their order, and per position of the orbit its index among them
  // (kOutside: not one of them).
  static constexpr std::uint8_t kOutside = 0xff;
  std::vector<std::uint8_t> confinedTo_;
  std::uint8_t placeAmongConfined_[32];
  std::uint32_t placesMask_ = 0;  // the positions the pieces may hold: confinedTo_ or all
  bool evenPermutation_;          // all pieces tracked and only even permutations reachable
  bool orientationSumZero_;       // the last tracked orientation is implied
  std::uint32_t orientationCount_ = 1;
  std::uint32_t size_ = 1;
  int columns_ = 0;
  std::vector<std::uint32_t> moveTable_;
};

// Coordinates that together determine a whole state: per orbit, the positions of all its pieces
// and the orientation at every position. Their product is a perfect hash of the reachable states
// (for puzzles without parity links between orbits). Without `withSeparable`, the separable orbit
// (Pyraminx tips) is left out.
std::vector<CoordinateSpec> wholePuzzleCoordinates(const Puzzle& puzzle, bool withSeparable = true);

inline constexpr int kMaxCoordinateParts = 8;

// Mixed-radix product of coordinates (at most kMaxCoordinateParts); the last varies fastest.
//
// For a puzzle with an unmarked rotation the space holds each position once: of the states a
// rotation relates, the one whose first coordinate is smallest stands for all (the rotation
// must move every value of the first coordinate, which then indexes these representatives
// densely). Coordinates themselves still follow the puzzle in its fixed frame; only turning
// their values into an index picks the representative.
class CoordinateSpace {
 public:
  CoordinateSpace(const Puzzle& puzzle, const std::vector<CoordinateSpec>& specs);
  // The size such a space would have, without building it.
  static std::uint64_t sizeOf(const Puzzle& puzzle, const std::vector<CoordinateSpec>& specs);
  std::uint64_t size() const { return size_; }
  int partCount() const { return static_cast<int>(parts_.size()); }
  const Coordinate& part(int i) const { return parts_[i]; }
  std::uint64_t index(const State& s) const;
  // The index of the coordinate values `values[0..partCount)`.
  std::uint64_t index(const std::uint32_t* values) const {
    if (rotations_ == 0) {
      std::uint64_t result = 0;
      for (int p = 0; p < partCount(); ++p) result += values[p] * strides_[p];
      return result;
    }
    return representativeIndex(values);
  }
  // The coordinate values of the state an index stands for. Inline, and in 32 bits when the
  // space fits: the BFS decodes every index it expands, and 64-bit division is slow (in WASM most).
  void values(std::uint64_t index, std::uint32_t* values) const {
    if (size_ <= UINT32_MAX) {
      std::uint32_t rest = static_cast<std::uint32_t>(index);
      for (int p = 0; p < partCount(); ++p) {
        const std::uint32_t stride = static_cast<std::uint32_t>(strides_[p]);
        values[p] = rest / stride;
        rest -= values[p] * stride;
      }
    } else {
      for (int p = 0; p < partCount(); ++p) {
        values[p] = static_cast<std::uint32_t>(index / strides_[p]);
        index -= values[p] * strides_[p];
      }
    }
    if (rotations_ > 0) values[0] = representative_[values[0]];
  }
  std::uint64_t neighbour(std::uint64_t index, int move) const;

  // The neighbours of one index, for scans over many: the index is decoded once, and each
  // neighbour comes from the parts' move-table rows.
  class Neighbours {
   public:
    // The parts' count and strides are copied here: the scan calls this for every neighbour.
    explicit Neighbours(const CoordinateSpace& space)
        : space_(space), parts_(space.partCount()), plain_(space.rotations_ == 0) {
      for (int p = 0; p < parts_; ++p) strides_[p] = space.strides_[p];
    }
    void load(std::uint64_t index) {
      std::uint32_t values[kMaxCoordinateParts];
      space_.values(index, values);
      for (int p = 0; p < parts_; ++p) rows_[p] = space_.parts_[p].row(values[p]);
    }
    std::uint64_t operator()(int move) const {
      if (plain_) {
        std::uint64_t result = 0;
        for (int p = 0; p < parts_; ++p) result += rows_[p][move] * strides_[p];
        return result;
      }
      std::uint32_t values[kMaxCoordinateParts];
      for (int p = 0; p < parts_; ++p) values[p] = rows_[p][move];
      return space_.representativeIndex(values);
    }

   private:
    const CoordinateSpace& space_;
    const int parts_;
    const bool plain_;  // no rotation to reduce by
    std::uint64_t strides_[kMaxCoordinateParts] = {};
    const std::uint32_t* rows_[kMaxCoordinateParts] = {};
  };

 private:
  std::uint64_t representativeIndex(const std::uint32_t* values) const;

  std::vector<Coordinate> parts_;
  std::vector<std::uint64_t> strides_;
  std::uint64_t size_ = 1;
  // With an unmarked rotation of order rotations_ + 1 (else 0): per value of the first
  // coordinate, its representative's number and the power of the rotation that leads there.
  int rotations_ = 0;
  int rotationColumn_ = 0;  // the move-table column of the rotation's first power
  std::vector<std::uint32_t> classOf_;
  std::vector<std::uint8_t> turnOf_;
  std::vector<std::uint32_t> representative_;
};

}  // namespace polytwist
