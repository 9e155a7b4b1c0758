#include "search/coordinate.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/ranking.hpp"

namespace polytwist {
namespace {
// A move table of this many entries is 200 MB; larger coordinates need another design.
constexpr std::uint64_t kMaxMoveTableEntries = 50'000'000;

// The bits of `mask` (a subset of `among`) renumbered as the order of their positions in `among`,
// and back: a group's places counted among the places earlier groups left free. Compressing goes
// six bits at a time through a table: searches rank groups per node.
struct CompressTable {
  std::uint8_t value[64][64];
  std::uint8_t bits[64];  // popcounts, without relying on a popcount instruction
  CompressTable() {
    for (std::uint32_t among = 0; among < 64; ++among) {
      bits[among] = static_cast<std::uint8_t>(std::popcount(among));
    }
    for (std::uint32_t among = 0; among < 64; ++among) {
      for (std::uint32_t mask = 0; mask < 64; ++mask) {
        std::uint8_t result = 0;
        for (std::uint32_t bit = 0, i = 0; bit < 6; ++bit) {
          if (!(among & (1u << bit))) continue;
          if (mask & (1u << bit)) result |= static_cast<std::uint8_t>(1u << i);
          ++i;
        }
        value[among][mask] = result;
      }
    }
  }
};
const CompressTable compressTable;

std::uint32_t compressBits(std::uint32_t mask, std::uint32_t among) {
  std::uint32_t result = 0;
  for (int shift = 0; among != 0; among >>= 6, mask >>= 6) {
    result |= static_cast<std::uint32_t>(compressTable.value[among & 63][mask & 63]) << shift;
    shift += compressTable.bits[among & 63];
  }
  return result;
}
std::uint32_t depositBits(std::uint32_t bits, std::uint32_t among) {
  std::uint32_t result = 0;
  for (int i = 0; among != 0; among &= among - 1, ++i) {
    if (bits & (1u << i)) result |= among & -among;
  }
  return result;
}
}  // namespace

Coordinate::Shape Coordinate::shapeOf(const Puzzle& puzzle, const CoordinateSpec& spec) {
  const int orbitIndex = puzzle.orbitIndex(spec.orbit);
  if (orbitIndex < 0) throw std::invalid_argument("coordinate: no orbit '" + spec.orbit + "'");
  Shape shape;
  shape.orbit = &puzzle.orbits()[orbitIndex];
  const Orbit& orbit = *shape.orbit;
  const int n = orbit.size;
  if (n > 32) {
    // Ranks use 32-bit masks of pieces (core/ranking.hpp); such orbits are too big for a table.
    throw std::invalid_argument("coordinate on " + spec.orbit + ": " + std::to_string(n) +
                                " pieces, more than the 32 a coordinate can track");
  }
  shape.pieces = spec.pieces;
  if (shape.pieces.empty()) {
    for (int i = 0; i < n; ++i) shape.pieces.push_back(i);
  }
  const int k = static_cast<int>(shape.pieces.size());
  std::uint32_t seen = 0;
  for (int piece : shape.pieces) {
    if (piece < 0 || piece >= n || (seen & (1u << piece))) {
      throw std::invalid_argument("coordinate: bad piece list for " + spec.orbit);
    }
    seen |= 1u << piece;
  }
  if (!spec.positions && spec.orientations && k != n) {
    throw std::invalid_argument("coordinate: orientations without positions need every piece");
  }
  shape.positions = spec.positions && orbit.permutation != PermutationRule::Fixed;
  shape.orientations = spec.orientations && orbit.orientations > 1;
  shape.unordered = spec.unordered && shape.positions;
  if (shape.unordered && shape.orientations) {
    throw std::invalid_argument("coordinate: unordered positions cannot track orientations");
  }
  if (!spec.groupSizes.empty()) {
    int total = 0;
    for (int size : spec.groupSizes) {
      if (size < 1) throw std::invalid_argument("coordinate: an empty group of pieces");
      total += size;
    }
    if (spec.groupSizes.size() > static_cast<std::size_t>(kMaxGroups)) {
      throw std::invalid_argument("coordinate: more than " + std::to_string(kMaxGroups) +
                                  " groups of pieces");
    }
    if (!shape.unordered || total != k) {
      throw std::invalid_argument("coordinate on " + spec.orbit +
                                  ": groups need unordered positions and must list every piece");
    }
    shape.groupSizes = spec.groupSizes;
  } else if (shape.unordered) {
    shape.groupSizes = {k};
  }
  if (!spec.confinedTo.empty()) {
    if (!shape.positions) {
      throw std::invalid_argument("coordinate on " + spec.orbit +
                                  ": confined pieces need positions");
    }
    std::uint32_t confined = 0;
    for (int position : spec.confinedTo) {
      if (position < 0 || position >= n || (confined & (1u << position))) {
        throw std::invalid_argument("coordinate: bad confining positions for " + spec.orbit);
      }
      confined |= 1u << position;
    }
    if (k > static_cast<int>(spec.confinedTo.size())) {
      throw std::invalid_argument("coordinate on " + spec.orbit +
                                  ": more confined pieces than positions");
    }
    shape.confinedTo = spec.confinedTo;
  }
  // The positions the pieces can hold.
  const int places = shape.confinedTo.empty() ? n : static_cast<int>(shape.confinedTo.size());
  shape.evenPermutation = shape.positions && !shape.unordered && shape.confinedTo.empty() &&
                          k == n && orbit.permutation == PermutationRule::Even;
  shape.orientationSumZero = shape.orientations && k == n && orbit.orientationSumZero;

  // Estimated in floating point first: the exact counts overflow 64 bits for large orbits.
  const int entries = shape.positions ? k : n;
  const int rankedEntries = shape.orientationSumZero ? entries - 1 : entries;
  double estimate = 1;
  if (shape.unordered) {
    for (int free = places; int size : shape.groupSizes) {
      for (int i = 0; i < size; ++i) estimate *= static_cast<double>(free - i) / (i + 1);
      free -= size;
    }
  } else if (shape.positions) {
    for (int i = 0; i < k; ++i) estimate *= places - i;
    if (shape.evenPermutation) estimate /= 2;
  }
  if (shape.orientations) {
    estimate *= std::pow(static_cast<double>(orbit.orientations), rankedEntries);
  }
  if (estimate * static_cast<double>(puzzle.moves().size()) >
      static_cast<double>(kMaxMoveTableEntries)) {
    throw std::invalid_argument("coordinate on " + spec.orbit + ": about " +
                                std::to_string(estimate) + " values is too many for a move table");
  }
  if (shape.positions) {
    shape.size = fallingFactorial(places, k) / (shape.evenPermutation ? 2 : 1);
  }
  if (shape.unordered) {
    shape.size = 1;
    int free = places;
    for (int size : shape.groupSizes) {
      shape.size *= binomial(free, size);
      free -= size;
    }
  }
  if (shape.orientations) {
    shape.orientationCount = static_cast<std::uint32_t>(
        orientationCount(entries, orbit.orientations, shape.orientationSumZero));
    shape.size *= shape.orientationCount;
  }
  return shape;
}

Coordinate::Coordinate(Shape shape) {
  orbit_ = shape.orbit;
  pieces_ = std::move(shape.pieces);
  positions_ = shape.positions;
  orientations_ = shape.orientations;
  unordered_ = shape.unordered;
  std::fill(std::begin(groupOfPiece_), std::end(groupOfPiece_), kMaxGroups);
  const int places =
      shape.confinedTo.empty() ? shape.orbit->size : static_cast<int>(shape.confinedTo.size());
  for (int free = places, first = 0; int size : shape.groupSizes) {
    groups_.push_back({size, static_cast<std::uint32_t>(binomial(free, size))});
    for (int j = first; j < first + size; ++j) {
      groupOfPiece_[pieces_[j]] = static_cast<std::uint8_t>(groups_.size() - 1);
    }
    free -= size;
    first += size;
  }
  std::fill(std::begin(slotOfPiece_), std::end(slotOfPiece_), -1);
  for (int j = 0; j < static_cast<int>(pieces_.size()); ++j) {
    slotOfPiece_[pieces_[j]] = static_cast<std::int8_t>(j);
  }
  std::fill(std::begin(placeAmongConfined_), std::end(placeAmongConfined_), kOutside);
  for (int position : shape.confinedTo) {
    placeAmongConfined_[position] = static_cast<std::uint8_t>(confinedTo_.size());
    confinedTo_.push_back(static_cast<std::uint8_t>(position));
  }
  placesMask_ = shape.orbit->size == 32 ? ~0u : (1u << shape.orbit->size) - 1;
  if (!confinedTo_.empty()) {
    placesMask_ = 0;
    for (std::uint8_t position : confinedTo_) placesMask_ |= 1u << position;
  }
  evenPermutation_ = shape.evenPermutation;
  orientationSumZero_ = shape.orientationSumZero;
  orientationCount_ = shape.orientationCount;
  size_ = static_cast<std::uint32_t>(shape.size);
}

Coordinate::Coordinate(const Puzzle& puzzle, const CoordinateSpec& spec,
                       const std::vector<State>& extraEffects)
    : Coordinate(shapeOf(puzzle, spec)) {
  std::vector<const State*> effects;
  for (const Move& move : puzzle.moves()) effects.push_back(&move.effect);
  for (const State& effect : extraEffects) effects.push_back(&effect);
  columns_ = static_cast<int>(effects.size());
  moveTable_.resize(static_cast<std::size_t>(size_) * columns_);
  writeMoveTable(effects, moveTable_.data());
}

Coordinate Coordinate::withoutMoveTable(const Puzzle& puzzle, const CoordinateSpec& spec) {
  return Coordinate(shapeOf(puzzle, spec));
}

// Orientation coordinates of at most this many values have their digits read once per move table.
constexpr std::uint32_t kMaxOrientationTable = 1 << 16;

template <typename Entry>
void Coordinate::writeMoveTable(std::span<const State* const> effects, Entry* table) const {
  if (std::uint64_t{size_} - 1 > std::numeric_limits<Entry>::max()) {
    throw std::invalid_argument("coordinate on " + orbit_->name +
                                ": too many values for the move table's entries");
  }
  const int n = orbit_->size;
  const int k = static_cast<int>(pieces_.size());
  const int columns = static_cast<int>(effects.size());
  // Where each effect sends each position of this orbit, and the twist it adds there.
  const int offset = orbit_->offset;
  std::vector<std::uint8_t> destination(static_cast<std::size_t>(columns) * n);
  std::vector<std::uint8_t> twist(static_cast<std::size_t>(columns) * n);
  for (int m = 0; m < columns; ++m) {
    const State& effect = *effects[m];
    for (int to = 0; to < n; ++to) {
      destination[m * n + effect.pieces[offset + to]] = static_cast<std::uint8_t>(to);
      twist[m * n + to] = effect.ori[offset + to];
    }
    for (std::uint8_t position : confinedTo_) {
      if (placeAmongConfined_[destination[m * n + position]] == kOutside) {
        throw std::invalid_argument("coordinate on " + orbit_->name +
                                    ": a move takes pieces out of the positions they are "
                                    "confined to");
      }
    }
  }
  if (!confinedTo_.empty() && !orientations_ && !unordered_ &&
      k == static_cast<int>(confinedTo_.size())) {
    // The confining positions take their pieces from each other: the orders encode() ranks
    // (which piece each position holds) are permuted directly, without the pieces' positions:
    // the two-phase solver's three phase-2 tables (8!, 8!, 4!) take 26 ms instead of 37.
    std::vector<std::uint8_t> source(static_cast<std::size_t>(columns) * k);
    for (int m = 0; m < columns; ++m) {
      for (int i = 0; i < k; ++i) {
        source[m * k + i] = placeAmongConfined_[effects[m]->pieces[offset + confinedTo_[i]]];
      }
    }
    std::uint8_t order[32], moved[32];
    for (std::uint32_t value = 0; value < size_; ++value) {
      unrankPartialPermutation(value, k, std::span(order, k));
      for (int m = 0; m < columns; ++m) {
        for (int i = 0; i < k; ++i) moved[i] = order[source[m * k + i]];
        table[static_cast<std::size_t>(value) * columns + m] =
            static_cast<Entry>(rankPartialPermutation(std::span<const std::uint8_t>(moved, k), k));
      }
    }
    return;
  }
  const int o = orbit_->orientations;
  Partial before{}, after{};
  if (positions_ && orientations_ && !unordered_ && orientationCount_ <= kMaxOrientationTable) {
    // Each value is its pieces' places times their orientations: the places are moved and ranked
    // once per move and places' value, the orientations by digits read once (the ranking of the
    // places, done per entry, took half of the Skewb's start-up).
    const std::uint32_t orientationCount = orientationCount_;
    std::vector<std::uint8_t> digits(static_cast<std::size_t>(orientationCount) * k);
    for (std::uint32_t rank = 0; rank < orientationCount; ++rank) {
      unrankOrientations(rank, o, orientationSumZero_,
                         std::span(digits.data() + static_cast<std::size_t>(rank) * k, k));
    }
    std::uint8_t turned[32];
    for (std::uint32_t places = 0; places < size_ / orientationCount; ++places) {
      decode(places * orientationCount, before);
      for (int m = 0; m < columns; ++m) {
        const std::uint8_t* dest = &destination[m * n];
        const std::uint8_t* tw = &twist[m * n];
        for (int j = 0; j < k; ++j) {
          after.position[j] = dest[before.position[j]];
          after.orientation[j] = 0;
        }
        const std::uint32_t movedPlaces = encode(after) / orientationCount;
        for (std::uint32_t rank = 0; rank < orientationCount; ++rank) {
          const std::uint8_t* from = digits.data() + static_cast<std::size_t>(rank) * k;
          for (int j = 0; j < k; ++j) {
            turned[j] = static_cast<std::uint8_t>((from[j] + tw[after.position[j]]) % o);
          }
          const std::uint64_t movedRank =
              rankOrientations(std::span<const std::uint8_t>(turned, k), o, orientationSumZero_);
          table[(static_cast<std::size_t>(places) * orientationCount + rank) * columns + m] =
              static_cast<Entry>(movedPlaces * orientationCount + movedRank);
        }
      }
    }
    return;
  }
  for (std::uint32_t value = 0; value < size_; ++value) {
    decode(value, before);
    for (int m = 0; m < columns; ++m) {
      const std::uint8_t* dest = &destination[m * n];
      const std::uint8_t* tw = &twist[m * n];
      if (positions_) {
        for (int j = 0; j < k; ++j) after.position[j] = dest[before.position[j]];
        if (orientations_) {
          for (int j = 0; j < k; ++j) {
            after.orientation[j] =
                static_cast<std::uint8_t>((before.orientation[j] + tw[after.position[j]]) % o);
          }
        }
      } else {
        for (int from = 0; from < n; ++from) {
          after.orientation[dest[from]] =
              static_cast<std::uint8_t>((before.orientation[from] + tw[dest[from]]) % o);
        }
      }
      table[static_cast<std::size_t>(value) * columns + m] = static_cast<Entry>(encode(after));
    }
  }
}

template void Coordinate::writeMoveTable(std::span<const State* const>, std::uint16_t*) const;
template void Coordinate::writeMoveTable(std::span<const State* const>, std::uint32_t*) const;

void Coordinate::decode(std::uint32_t value, Partial& partial) const {
  const int n = orbit_->size;
  const int k = static_cast<int>(pieces_.size());
  const std::uint32_t orientationRank = orientations_ ? value % orientationCount_ : 0;
  const std::uint32_t positionRank = orientations_ ? value / orientationCount_ : value;
  if (unordered_) {
    std::uint32_t groupRank[32];
    std::uint32_t rest = positionRank;
    for (int g = static_cast<int>(groups_.size()) - 1; g >= 0; --g) {
      groupRank[g] = rest % groups_[g].radix;
      rest /= groups_[g].radix;
    }
    std::uint32_t free = placesMask_;
    int j = 0;
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      std::uint32_t mask =
          depositBits(unrankCombination(groupRank[g], std::popcount(free), groups_[g].size), free);
      free &= ~mask;
      for (; mask != 0; mask &= mask - 1) {
        partial.position[j++] = static_cast<std::uint8_t>(std::countr_zero(mask));
      }
    }
  } else if (positions_) {
    const int confined = static_cast<int>(confinedTo_.size());
    if (confined == k) {
      std::uint8_t order[32];
      unrankPartialPermutation(positionRank, k, std::span(order, k));
      for (int i = 0; i < k; ++i) partial.position[order[i]] = confinedTo_[i];
    } else if (confined > k) {  // each piece's place among the confining positions
      std::uint8_t place[32];
      unrankPartialPermutation(positionRank, confined, std::span(place, k));
      for (int j = 0; j < k; ++j) partial.position[j] = confinedTo_[place[j]];
    } else if (evenPermutation_) {
      unrankPermutationOfParity(positionRank, 0, std::span(partial.position, n));
    } else {
      unrankPartialPermutation(positionRank, n, std::span(partial.position, k));
    }
  } else {
    for (int j = 0; j < k; ++j) partial.position[j] = static_cast<std::uint8_t>(pieces_[j]);
  }
  const int entries = positions_ ? k : n;
  if (orientations_) {
    unrankOrientations(orientationRank, orbit_->orientations, orientationSumZero_,
                       std::span(partial.orientation, entries));
  } else {
    for (int j = 0; j < entries; ++j) partial.orientation[j] = 0;
  }
}

std::uint32_t Coordinate::encode(const Partial& partial) const {
  const int n = orbit_->size;
  const int k = static_cast<int>(pieces_.size());
  std::uint64_t value = 0;
  if (unordered_) {
    std::uint32_t free = placesMask_;
    int j = 0;
    for (const Group& group : groups_) {
      std::uint32_t mask = 0;
      for (int end = j + group.size; j < end; ++j) mask |= 1u << partial.position[j];
      if ((mask & ~placesMask_) != 0) return size_;
      value = value * group.radix + rankCombination(compressBits(mask, free));
      free &= ~mask;
    }
  } else if (!confinedTo_.empty() && static_cast<int>(confinedTo_.size()) > k) {
    std::uint8_t place[32];
    for (int j = 0; j < k; ++j) {
      place[j] = placeAmongConfined_[partial.position[j]];
      if (place[j] == kOutside) return size_;
    }
    value = rankPartialPermutation(std::span<const std::uint8_t>(place, k),
                                   static_cast<int>(confinedTo_.size()));
  } else if (!confinedTo_.empty()) {
    // The Lehmer rank of which piece each confining position holds, in their order. (Ranking
    // each piece's place, the inverse, scatters the values a move of the last positions reaches:
    // the two-phase search then missed its L1 cache 6 % more often, in cachegrind.)
    std::uint8_t order[32];
    for (int j = 0; j < k; ++j) {
      const std::uint8_t place = placeAmongConfined_[partial.position[j]];
      if (place == kOutside) return size_;
      order[place] = static_cast<std::uint8_t>(j);
    }
    value = rankPartialPermutation(std::span<const std::uint8_t>(order, k), k);
  } else if (positions_) {
    const std::span<const std::uint8_t> position(partial.position, k);
    value = evenPermutation_ ? rankPermutationOfKnownParity(position)
                             : rankPartialPermutation(position, n);
  }
  if (orientations_) {
    const std::span<const std::uint8_t> orientation(partial.orientation, positions_ ? k : n);
    value = value * orientationCount_ +
            rankOrientations(orientation, orbit_->orientations, orientationSumZero_);
  }
  return static_cast<std::uint32_t>(value);
}

bool Coordinate::keptByRenaming(const std::uint8_t* rename, const std::uint8_t* twist) const {
  bool tracked[32] = {};
  for (int p : pieces_) tracked[p] = true;
  for (int p = 0; p < orbit_->size; ++p) {
    if (orientations_ && (!positions_ || tracked[p]) && twist[p] != 0) return false;
    if (!positions_) continue;
    if (unordered_ ? groupOfPiece_[rename[p]] != groupOfPiece_[p] : tracked[p] && rename[p] != p) {
      return false;
    }
  }
  return true;
}

std::uint32_t Coordinate::rankPlaces(const std::uint32_t* places) const {
  std::uint32_t free = placesMask_;
  std::uint32_t value = 0;
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    if ((places[g] & ~placesMask_) != 0) return size_;
    value = value * groups_[g].radix +
            static_cast<std::uint32_t>(rankCombination(compressBits(places[g], free)));
    free &= ~places[g];
  }
  return value;
}

std::uint32_t Coordinate::rankOrbit(const std::uint8_t* pieces, const std::uint8_t* ori) const {
  const int n = orbit_->size;
  if (unordered_) {  // straight from each group's places: searches rank these per node
    // One more for the untracked pieces: no branch per position.
    std::uint32_t places[kMaxGroups + 1] = {};
    for (int position = 0; position < n; ++position) {
      places[groupOfPiece_[pieces[position]]] |= 1u << position;
    }
    return rankPlaces(places);
  }
  if (!positions_) {  // orientations at every position, straight from the array
    return orientations_ ? static_cast<std::uint32_t>(rankOrientations(
                               std::span(ori, n), orbit_->orientations, orientationSumZero_))
                         : 0;
  }
  Partial partial{};
  for (int position = 0; position < n; ++position) {
    const int slot = slotOfPiece_[pieces[position]];
    if (slot < 0) continue;
    partial.position[slot] = static_cast<std::uint8_t>(position);
    partial.orientation[slot] = ori[position];
  }
  return encode(partial);
}

void Coordinate::place(std::uint32_t value, State& s) const {
  Partial partial{};
  decode(value, partial);
  const int offset = orbit_->offset;
  if (!positions_) {
    if (!orientations_) return;
    for (int position = 0; position < orbit_->size; ++position) {
      s.ori[offset + position] = partial.orientation[position];
    }
    return;
  }
  for (int j = 0; j < static_cast<int>(pieces_.size()); ++j) {
    const int target = offset + partial.position[j];
    int current = offset;
    while (s.pieces[current] != pieces_[j]) ++current;
    std::swap(s.pieces[current], s.pieces[target]);
    std::swap(s.ori[current], s.ori[target]);
    if (orientations_) s.ori[target] = partial.orientation[j];
  }
}

std::vector<CoordinateSpec> wholePuzzleCoordinates(const Puzzle& puzzle, bool withSeparable) {
  std::vector<CoordinateSpec> specs;
  for (int o = 0; o < static_cast<int>(puzzle.orbits().size()); ++o) {
    const Orbit& orbit = puzzle.orbits()[o];
    if (!withSeparable && o == puzzle.separableOrbit()) continue;
    if (orbit.permutation != PermutationRule::Fixed) specs.push_back({orbit.name, {}, true, false});
    if (orbit.orientations > 1) specs.push_back({orbit.name, {}, false, true});
  }
  return specs;
}

CoordinateSpace::CoordinateSpace(const Puzzle& puzzle, const std::vector<CoordinateSpec>& specs) {
  if (specs.empty() || specs.size() > static_cast<std::size_t>(kMaxCoordinateParts)) {
    throw std::invalid_argument("a table needs 1 to 8 coordinates");
  }
  // The rotation's powers 1, 2, ... become extra move-table columns.
  const std::vector<State>& solvedStates = puzzle.solvedStates();
  const std::vector<State> rotationPowers(solvedStates.begin() + 1, solvedStates.end());
  rotations_ = static_cast<int>(rotationPowers.size());
  rotationColumn_ = static_cast<int>(puzzle.moves().size());
  for (const CoordinateSpec& spec : specs) parts_.emplace_back(puzzle, spec, rotationPowers);

  std::uint64_t firstRadix = parts_[0].size();
  if (rotations_ > 0) {
    const Coordinate& first = parts_[0];
    classOf_.resize(first.size());
    turnOf_.resize(first.size());
    for (std::uint32_t value = 0; value < first.size(); ++value) {
      std::uint32_t smallest = value;
      int turn = 0;
      for (int k = 1; k <= rotations_; ++k) {
        const std::uint32_t turned = first.move(value, rotationColumn_ + k - 1);
        if (turned == value) {
          throw std::invalid_argument(
              "the unmarked rotation leaves a value of the first coordinate unchanged");
        }
        if (turned < smallest) {
          smallest = turned;
          turn = k;
        }
      }
      turnOf_[value] = static_cast<std::uint8_t>(turn);
      if (turn == 0) {
        classOf_[value] = static_cast<std::uint32_t>(representative_.size());
        representative_.push_back(value);
      }
    }
    for (std::uint32_t value = 0; value < first.size(); ++value) {
      if (turnOf_[value] != 0) {
        classOf_[value] = classOf_[first.move(value, rotationColumn_ + turnOf_[value] - 1)];
      }
    }
    firstRadix = representative_.size();
  }
  strides_.resize(parts_.size());
  for (int i = partCount() - 1; i >= 0; --i) {
    strides_[i] = size_;
    size_ *= i == 0 ? firstRadix : parts_[i].size();
  }
}

std::uint64_t CoordinateSpace::sizeOf(const Puzzle& puzzle,
                                      const std::vector<CoordinateSpec>& specs) {
  std::uint64_t size = 1;
  for (const CoordinateSpec& spec : specs) size *= Coordinate::shapeOf(puzzle, spec).size;
  // The unmarked rotation moves every value of the first coordinate: its classes are equal.
  return size / puzzle.solvedStates().size();
}

std::uint64_t CoordinateSpace::representativeIndex(const std::uint32_t* values) const {
  const int turn = turnOf_[values[0]];
  std::uint64_t result = classOf_[values[0]] * strides_[0];
  for (int p = 1; p < partCount(); ++p) {
    const std::uint32_t value =
        turn == 0 ? values[p] : parts_[p].move(values[p], rotationColumn_ + turn - 1);
    result += value * strides_[p];
  }
  return result;
}

std::uint64_t CoordinateSpace::index(const State& s) const {
  std::uint32_t values[kMaxCoordinateParts] = {};
  for (int p = 0; p < partCount(); ++p) values[p] = parts_[p].rank(s);
  return index(values);
}

std::uint64_t CoordinateSpace::neighbour(std::uint64_t index, int move) const {
  std::uint32_t values[kMaxCoordinateParts] = {};
  this->values(index, values);
  for (int p = 0; p < partCount(); ++p) values[p] = parts_[p].move(values[p], move);
  return this->index(values);
}

}  // namespace polytwist
