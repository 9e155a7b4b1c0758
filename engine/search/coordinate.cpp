#include "search/coordinate.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "core/ranking.hpp"

namespace polytwist {
namespace {
// A move table of this many entries is 200 MB; larger coordinates need another design.
constexpr std::uint64_t kMaxMoveTableEntries = 50'000'000;
}  // namespace

Coordinate::Coordinate(const Puzzle& puzzle, const CoordinateSpec& spec)
    : positions_(spec.positions), orientations_(spec.orientations) {
  const int orbitIndex = puzzle.orbitIndex(spec.orbit);
  if (orbitIndex < 0) throw std::invalid_argument("coordinate: no orbit '" + spec.orbit + "'");
  orbit_ = &puzzle.orbits()[orbitIndex];
  const int n = orbit_->size;
  pieces_ = spec.pieces;
  if (pieces_.empty()) {
    for (int i = 0; i < n; ++i) pieces_.push_back(i);
  }
  const int k = static_cast<int>(pieces_.size());
  std::uint32_t seen = 0;
  for (int piece : pieces_) {
    if (piece < 0 || piece >= n || (seen & (1u << piece))) {
      throw std::invalid_argument("coordinate: bad piece list for " + spec.orbit);
    }
    seen |= 1u << piece;
  }
  if (!positions_ && orientations_ && k != n) {
    throw std::invalid_argument("coordinate: orientations without positions need every piece");
  }
  if (orbit_->permutation == PermutationRule::Fixed) positions_ = false;
  if (orbit_->orientations == 1) orientations_ = false;
  evenPermutation_ = positions_ && k == n && orbit_->permutation == PermutationRule::Even;
  orientationSumZero_ = orientations_ && k == n && orbit_->orientationSumZero;

  // Estimated in floating point first: the exact counts overflow 64 bits for large orbits.
  const int entries = positions_ ? k : n;
  const int rankedEntries = orientationSumZero_ ? entries - 1 : entries;
  double estimate = static_cast<double>(puzzle.moves().size());
  if (positions_) {
    for (int i = 0; i < k; ++i) estimate *= n - i;
    if (evenPermutation_) estimate /= 2;
  }
  if (orientations_) estimate *= std::pow(static_cast<double>(orbit_->orientations), rankedEntries);
  if (estimate > static_cast<double>(kMaxMoveTableEntries)) {
    throw std::invalid_argument("coordinate on " + spec.orbit + ": about " +
                                std::to_string(estimate) + " move-table entries is too many");
  }
  std::uint64_t size = 1;
  if (positions_) size = fallingFactorial(n, k) / (evenPermutation_ ? 2 : 1);
  if (orientations_) {
    orientationCount_ = static_cast<std::uint32_t>(
        orientationCount(entries, orbit_->orientations, orientationSumZero_));
    size *= orientationCount_;
  }
  moveCount_ = static_cast<int>(puzzle.moves().size());
  size_ = static_cast<std::uint32_t>(size);

  // Where each move sends each position of this orbit, and the twist it adds there.
  const int offset = orbit_->offset;
  std::vector<std::uint8_t> destination(static_cast<std::size_t>(moveCount_) * n);
  std::vector<std::uint8_t> twist(static_cast<std::size_t>(moveCount_) * n);
  for (int m = 0; m < moveCount_; ++m) {
    const State& effect = puzzle.moves()[m].effect;
    for (int to = 0; to < n; ++to) {
      destination[m * n + effect.pieces[offset + to]] = static_cast<std::uint8_t>(to);
      twist[m * n + to] = effect.ori[offset + to];
    }
  }
  const int o = orbit_->orientations;
  moveTable_.resize(static_cast<std::size_t>(size_) * moveCount_);
  Partial before{}, after{};
  for (std::uint32_t value = 0; value < size_; ++value) {
    decode(value, before);
    for (int m = 0; m < moveCount_; ++m) {
      const std::uint8_t* dest = &destination[m * n];
      const std::uint8_t* tw = &twist[m * n];
      if (positions_) {
        for (int j = 0; j < k; ++j) {
          after.position[j] = dest[before.position[j]];
          after.orientation[j] =
              static_cast<std::uint8_t>((before.orientation[j] + tw[after.position[j]]) % o);
        }
      } else {
        for (int from = 0; from < n; ++from) {
          after.orientation[dest[from]] =
              static_cast<std::uint8_t>((before.orientation[from] + tw[dest[from]]) % o);
        }
      }
      moveTable_[static_cast<std::size_t>(value) * moveCount_ + m] = encode(after);
    }
  }
}

void Coordinate::decode(std::uint32_t value, Partial& partial) const {
  const int n = orbit_->size;
  const int k = static_cast<int>(pieces_.size());
  const std::uint32_t orientationRank = orientations_ ? value % orientationCount_ : 0;
  const std::uint32_t positionRank = orientations_ ? value / orientationCount_ : value;
  if (positions_) {
    if (evenPermutation_) {
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
  if (positions_) {
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

std::uint32_t Coordinate::rank(const State& s) const {
  Partial partial{};
  const int offset = orbit_->offset;
  if (positions_) {
    std::int8_t slotOfPiece[32];
    for (int i = 0; i < orbit_->size; ++i) slotOfPiece[i] = -1;
    for (int j = 0; j < static_cast<int>(pieces_.size()); ++j)
      slotOfPiece[pieces_[j]] = static_cast<std::int8_t>(j);
    for (int position = 0; position < orbit_->size; ++position) {
      const int slot = slotOfPiece[s.pieces[offset + position]];
      if (slot < 0) continue;
      partial.position[slot] = static_cast<std::uint8_t>(position);
      partial.orientation[slot] = s.ori[offset + position];
    }
  } else if (orientations_) {
    for (int position = 0; position < orbit_->size; ++position) {
      partial.orientation[position] = s.ori[offset + position];
    }
  }
  return encode(partial);
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
  if (specs.size() > static_cast<std::size_t>(kMaxCoordinateParts)) {
    throw std::invalid_argument("a table of more than 8 coordinates");
  }
  for (const CoordinateSpec& spec : specs) parts_.emplace_back(puzzle, spec);
  strides_.resize(parts_.size());
  for (int i = partCount() - 1; i >= 0; --i) {
    strides_[i] = size_;
    size_ *= parts_[i].size();
  }
}

std::uint64_t CoordinateSpace::index(const State& s) const {
  std::uint64_t index = 0;
  for (int i = 0; i < partCount(); ++i) index += parts_[i].rank(s) * strides_[i];
  return index;
}

std::uint64_t CoordinateSpace::neighbour(std::uint64_t index, int move) const {
  std::uint64_t result = 0;
  for (int i = 0; i < partCount(); ++i) {
    const auto value = static_cast<std::uint32_t>(index / strides_[i]);
    index -= value * strides_[i];
    result += parts_[i].move(value, move) * strides_[i];
  }
  return result;
}

}  // namespace polytwist
