#include "search/symmetry_classes.hpp"

#include <algorithm>
#include <stdexcept>

namespace polytwist {
namespace {

constexpr std::uint32_t kNoClass = 0xffffffffu;

}  // namespace

// 200 moves picked by splitmix64, not by a standard-library distribution, whose results differ
// between libstdc++ and libc++.
State wellMixedState(const Puzzle& puzzle) {
  std::uint64_t x = 1;
  std::vector<int> moves;
  for (int i = 0; i < 200; ++i) {
    x += 0x9e3779b97f4a7c15ull;
    std::uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    moves.push_back(static_cast<int>((z ^ (z >> 31)) % puzzle.moves().size()));
  }
  return puzzle.applySequence(puzzle.solved(), moves);
}

SymmetryClasses::SymmetryClasses(const Puzzle& puzzle, const SymmetryGroup& group,
                                 const SymmetricTableSpec& spec) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(puzzle.id() + " table " + spec.name + ": " + what);
  };
  if (spec.reduced.empty()) fail("no reduced coordinates");
  for (const CoordinateSpec& c : spec.reduced) parts_.emplace_back(puzzle, c);
  reducedCount_ = static_cast<int>(parts_.size());
  for (const CoordinateSpec& c : spec.plain) parts_.emplace_back(puzzle, c);

  std::vector<int> generators;
  for (const std::string& word : spec.symmetries) {
    const std::optional<int> symmetry = group.find(word);
    if (!symmetry) fail("no symmetry '" + word + "'");
    generators.push_back(*symmetry);
  }
  subgroup_ = group.subgroup(generators);
  if (subgroup_.size() > 64) fail("more than 64 symmetries");
  // The goals are the solved states: the table may be reduced by a symmetry, or looked up through
  // one, only if it maps every solved state onto a solved state (distances are then kept).
  for (int k : subgroup_) {
    if (!group.keepsGoals(k, puzzle.solvedStates())) {
      fail("symmetry '" + group.name(k) + "' maps a solved state onto an unsolved one");
    }
  }
  for (int frame : group.cosetRepresentatives(subgroup_)) {
    if (group.keepsGoals(frame, puzzle.solvedStates())) frames_.push_back(frame);
  }

  std::uint64_t rawSize = 1;
  for (int p = 0; p < reducedCount_; ++p) rawSize *= parts_[p].size();
  if (rawSize >= kNoClass) fail("too many reduced values");

  // Two different fillings of the untracked pieces must give the same conjugated values, or the
  // symmetries do not respect the coordinates.
  const State solved = puzzle.solved();
  const State scrambled = wellMixedState(puzzle);
  auto placed = [&](State base, int first, int last, const std::uint32_t* values) {
    // Position-tracking parts first: they move pieces, orientation-only parts then set turns.
    for (int pass = 0; pass < 2; ++pass) {
      for (int p = first; p < last; ++p) {
        if (parts_[p].tracksPositions() == (pass == 0)) parts_[p].place(values[p], base);
      }
    }
    return base;
  };
  auto rankParts = [&](const State& s, int first, int last, std::uint32_t* values) {
    for (int p = first; p < last; ++p) values[p] = parts_[p].rank(s);
  };
  auto decodeRaw = [&](std::uint64_t raw, std::uint32_t* values) {
    for (int p = reducedCount_ - 1; p >= 0; --p) {
      values[p] = static_cast<std::uint32_t>(raw % parts_[p].size());
      raw /= parts_[p].size();
    }
  };
  auto encodeRaw = [&](const std::uint32_t* values) {
    std::uint64_t raw = 0;
    for (int p = 0; p < reducedCount_; ++p) raw = raw * parts_[p].size() + values[p];
    return raw;
  };

  // Plain parts: each symmetry's map of every value, checked on both fillings.
  conjugatedStride_ = 0;
  plainOffset_.assign(parts_.size(), 0);
  for (int p = reducedCount_; p < partCount(); ++p) {
    plainOffset_[p] = conjugatedStride_;
    conjugatedStride_ += parts_[p].size();
    plainSize_ *= parts_[p].size();
  }
  conjugated_.assign(subgroup_.size() * std::max<std::size_t>(conjugatedStride_, 1), 0);
  for (std::size_t k = 0; k < subgroup_.size(); ++k) {
    for (int p = reducedCount_; p < partCount(); ++p) {
      std::uint32_t values[kMaxCoordinateParts] = {};
      for (std::uint32_t v = 0; v < parts_[p].size(); ++v) {
        values[p] = v;
        const State a = group.conjugate(subgroup_[k], placed(solved, p, p + 1, values));
        const State b = group.conjugate(subgroup_[k], placed(scrambled, p, p + 1, values));
        const std::uint32_t image = parts_[p].rank(a);
        if (image != parts_[p].rank(b)) {
          fail("symmetry '" + group.name(subgroup_[k]) + "' does not map plain coordinate " +
               std::to_string(p - reducedCount_) + " onto itself");
        }
        conjugated_[k * conjugatedStride_ + plainOffset_[p] + v] = image;
      }
    }
  }

  // Classes: the first raw value of each orbit under the subgroup is its representative.
  classOf_.assign(rawSize, kNoClass);
  std::vector<int> inverseIndex(subgroup_.size());
  for (std::size_t k = 0; k < subgroup_.size(); ++k) {
    inverseIndex[k] = static_cast<int>(
        std::find(subgroup_.begin(), subgroup_.end(), group.inverse(subgroup_[k])) -
        subgroup_.begin());
  }
  std::uint64_t checked = 0;
  for (std::uint64_t raw = 0; raw < rawSize; ++raw) {
    if (classOf_[raw] != kNoClass) continue;
    const auto cls = static_cast<std::uint32_t>(representatives_.size());
    if (cls >= (1u << 24)) fail("more than 2^24 classes");
    representatives_.push_back(raw);
    std::uint32_t values[kMaxCoordinateParts] = {};
    decodeRaw(raw, values);
    const State base = placed(solved, 0, reducedCount_, values);
    const bool check = checked++ < 4096 || raw % 97 == 0;
    std::uint64_t fixedBy = 0;
    const State other = check ? placed(scrambled, 0, reducedCount_, values) : State{};
    for (std::size_t k = 0; k < subgroup_.size(); ++k) {
      std::uint32_t image[kMaxCoordinateParts] = {};
      rankParts(group.conjugate(subgroup_[k], base), 0, reducedCount_, image);
      if (check) {
        std::uint32_t again[kMaxCoordinateParts] = {};
        rankParts(group.conjugate(subgroup_[k], other), 0, reducedCount_, again);
        if (!std::equal(image, image + reducedCount_, again)) {
          fail("symmetry '" + group.name(subgroup_[k]) +
               "' does not map the reduced coordinates onto themselves");
        }
      }
      const std::uint64_t imageRaw = encodeRaw(image);
      if (imageRaw == raw) fixedBy |= 1ull << k;
      // imageRaw = S_k(raw), so S_k⁻¹ takes it back to the representative.
      if (classOf_[imageRaw] == kNoClass) {
        classOf_[imageRaw] = cls << 8 | static_cast<std::uint32_t>(inverseIndex[k]);
      }
    }
    stabilizer_.push_back(fixedBy);
  }
}

void SymmetryClasses::rank(const State& s, std::uint32_t* values) const {
  rank(s.pieces.data(), s.ori.data(), values);
}

void SymmetryClasses::rank(const std::uint8_t* pieces, const std::uint8_t* ori,
                           std::uint32_t* values) const {
  for (int p = 0; p < partCount(); ++p) values[p] = parts_[p].rank(pieces, ori);
}

}  // namespace polytwist
