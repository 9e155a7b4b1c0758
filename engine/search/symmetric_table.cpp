#include "search/symmetric_table.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "search/memory.hpp"

namespace polytwist {
namespace {

constexpr std::uint32_t kNoClass = 0xffffffffu;

// A state with the pieces well mixed, the same on every platform (it enters the definition hash,
// so a table file built natively is also valid in WebAssembly): 200 moves picked by splitmix64,
// not by a standard-library distribution, whose results differ between libstdc++ and libc++.
State mixedState(const Puzzle& puzzle) {
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

}  // namespace

SymmetricTable::SymmetricTable(const Puzzle& puzzle, const SymmetryGroup& group,
                               const SymmetricTableSpec& spec)
    : puzzle_(puzzle), name_(spec.name) {
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
  const State scrambled = mixedState(puzzle);
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

  // Goals: the solved states and their conjugates.
  for (const State& goal : puzzle.solvedStates()) {
    for (int k : subgroup_) {
      std::uint32_t values[kMaxCoordinateParts] = {};
      rank(group.conjugate(k, goal), values);
      goalEntries_.push_back(index(values));
    }
  }
  // Entries equivalent to a goal's (a self-symmetric class) are goals too.
  const std::size_t goalCount = goalEntries_.size();
  for (std::size_t g = 0; g < goalCount; ++g) {
    const std::uint64_t cls = goalEntries_[g] / plainSize_;
    std::uint64_t plain = goalEntries_[g] % plainSize_;
    std::uint32_t values[kMaxCoordinateParts];
    for (int p = partCount() - 1; p >= reducedCount_; --p) {
      values[p] = static_cast<std::uint32_t>(plain % parts_[p].size());
      plain /= parts_[p].size();
    }
    for (std::uint64_t others = stabilizer_[cls]; others != 0; others &= others - 1) {
      const std::uint32_t* conj = conjugated_.data() + std::countr_zero(others) * conjugatedStride_;
      std::uint64_t image = 0;
      for (int p = reducedCount_; p < partCount(); ++p) {
        image = image * parts_[p].size() + conj[plainOffset_[p] + values[p]];
      }
      goalEntries_.push_back(cls * plainSize_ + image);
    }
  }
  std::sort(goalEntries_.begin(), goalEntries_.end());
  goalEntries_.erase(std::unique(goalEntries_.begin(), goalEntries_.end()), goalEntries_.end());

  definitionHash_ = definitionFingerprint(puzzle, group, spec);
}

std::uint64_t SymmetricTable::definitionFingerprint(const Puzzle& puzzle,
                                                    const SymmetryGroup& group,
                                                    const SymmetricTableSpec& spec) {
  std::vector<int> generators;
  for (const std::string& word : spec.symmetries) {
    const std::optional<int> symmetry = group.find(word);
    if (!symmetry) {
      throw std::invalid_argument(puzzle.id() + " table " + spec.name + ": no symmetry '" + word +
                                  "'");
    }
    generators.push_back(*symmetry);
  }
  // The layout: which coordinates are reduced, and each symmetry of the subgroup by its move map
  // and its action on a state with every piece moved.
  std::vector<std::uint64_t> layout = {spec.reduced.size()};
  const State scrambled = mixedState(puzzle);
  for (int k : group.subgroup(generators)) {
    for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
      layout.push_back(static_cast<std::uint64_t>(group.mapMove(k, m)));
    }
    const State image = group.conjugate(k, scrambled);
    for (std::size_t i = 0; i < image.pieces.size(); ++i) {
      layout.push_back(image.pieces[i] * 256u + image.ori[i]);
    }
  }
  std::vector<CoordinateSpec> coordinates = spec.reduced;
  coordinates.insert(coordinates.end(), spec.plain.begin(), spec.plain.end());
  std::vector<int> moves(puzzle.moves().size());
  for (std::size_t m = 0; m < moves.size(); ++m) moves[m] = static_cast<int>(m);
  return polytwist::definitionFingerprint(
      {puzzle, moves, puzzle.solvedStates(), coordinates, std::move(layout)});
}

void SymmetricTable::rank(const State& s, std::uint32_t* values) const {
  rank(s.pieces.data(), s.ori.data(), values);
}

void SymmetricTable::rank(const std::uint8_t* pieces, const std::uint8_t* ori,
                          std::uint32_t* values) const {
  for (int p = 0; p < partCount(); ++p) values[p] = parts_[p].rank(pieces, ori);
}

int SymmetricTable::distance(const std::uint32_t* start) const {
  std::uint32_t values[kMaxCoordinateParts];
  std::copy(start, start + partCount(), values);
  std::uint64_t i = index(values);
  int value = stored(i);
  if (value == 3) return -1;
  int distance = 0;
  const int moves = static_cast<int>(puzzle_.moves().size());
  while (!std::binary_search(goalEntries_.begin(), goalEntries_.end(), i)) {
    // Neighbours are one closer, equally far or one further: the residue tells which.
    const int closer = (value + 2) % 3;
    bool stepped = false;
    for (int m = 0; m < moves && !stepped; ++m) {
      std::uint32_t next[kMaxCoordinateParts];
      for (int p = 0; p < partCount(); ++p) next[p] = parts_[p].move(values[p], m);
      const std::uint64_t j = index(next);
      if (stored(j) == closer) {
        std::copy(next, next + partCount(), values);
        i = j;
        value = closer;
        stepped = true;
      }
    }
    if (!stepped || ++distance > 250) return -1;  // a damaged table
  }
  return distance;
}

std::uint64_t SymmetricTable::setClassEntry(std::uint64_t cls, std::uint64_t plain, int value) {
  const PackedEntries<2> entries(mutableEntries(), size());
  const std::uint64_t start = cls * plainSize_;
  std::uint64_t set = entries.setIfUnknown(start + plain, value);
  std::uint64_t others = stabilizer_[cls] & ~1ull;  // bit 0: the identity
  if (others == 0) return set;
  std::uint32_t values[kMaxCoordinateParts];
  for (int p = partCount() - 1; p >= reducedCount_; --p) {
    values[p] = static_cast<std::uint32_t>(plain % parts_[p].size());
    plain /= parts_[p].size();
  }
  for (; others != 0; others &= others - 1) {
    const std::uint32_t* conj = conjugated_.data() + std::countr_zero(others) * conjugatedStride_;
    std::uint64_t image = 0;
    for (int p = reducedCount_; p < partCount(); ++p) {
      image = image * parts_[p].size() + conj[plainOffset_[p] + values[p]];
    }
    set += entries.setIfUnknown(start + image, value);
  }
  return set;
}

// The table's side of the BFS (search/layered_bfs.hpp): an entry is a class and plain values; a
// neighbour's class comes from the class index, its plain values seen through the symmetry that
// takes it there, and an entry is set together with its class's self-images.
class SymmetricTable::Expander {
 public:
  explicit Expander(SymmetricTable& table)
      : table_(table),
        entries_(table.mutableEntries(), table.size()),
        plainSize_(table.plainSize_),
        moves_(static_cast<int>(table.puzzle_.moves().size())),
        plainParts_(table.partCount() - table.reducedCount_),
        targetClass_(moves_),
        targetStart_(moves_),
        conj_(moves_) {
    for (int k = 0; k < plainParts_; ++k) {
      plainRadix_[k] = table.parts_[table.reducedCount_ + k].size();
      plainOffset_[k] = table.plainOffset_[table.reducedCount_ + k];
    }
  }

  void load(std::uint64_t i) {
    const SymmetricTable& t = table_;
    const std::uint64_t cls = i / plainSize_;
    if (cls != loadedClass_) {
      // Per move, for this class: where the neighbour's class starts and its symmetry's row.
      loadedClass_ = cls;
      std::uint32_t values[kMaxCoordinateParts];
      std::uint64_t raw = t.representatives_[cls];
      for (int p = t.reducedCount_ - 1; p >= 0; --p) {
        values[p] = static_cast<std::uint32_t>(raw % t.parts_[p].size());
        raw /= t.parts_[p].size();
      }
      for (int m = 0; m < moves_; ++m) {
        std::uint64_t next = 0;
        for (int p = 0; p < t.reducedCount_; ++p) {
          next = next * t.parts_[p].size() + t.parts_[p].move(values[p], m);
        }
        const std::uint32_t packed = t.classOf_[next];
        targetClass_[m] = packed >> 8;
        targetStart_[m] = targetClass_[m] * plainSize_;
        conj_[m] = t.conjugated_.data() + (packed & 0xff) * t.conjugatedStride_;
      }
    }
    loadedPlain_ = i - cls * plainSize_;
    std::uint64_t plain = loadedPlain_;
    for (int k = plainParts_ - 1; k >= 0; --k) {
      const auto value = static_cast<std::uint32_t>(plain % plainRadix_[k]);
      plain /= plainRadix_[k];
      plainRow_[k] = t.parts_[t.reducedCount_ + k].row(value);
    }
  }
  std::uint64_t markNeighbours(int value) {
    std::uint64_t marked = 0;
    for (int m = 0; m < moves_; ++m) {
      marked += table_.setClassEntry(targetClass_[m], plainAfter(m), value);
    }
    return marked;
  }
  bool neighbourHolds(int value) const {
    for (int m = 0; m < moves_; ++m) {
      if (entries_.get(targetStart_[m] + plainAfter(m)) == value) return true;
    }
    return false;
  }
  std::uint64_t markLoaded(int value) {
    return table_.setClassEntry(loadedClass_, loadedPlain_, value);
  }

 private:
  // The neighbour's plain index after move m, seen from its class representative.
  std::uint64_t plainAfter(int m) const {
    std::uint64_t j = 0;
    for (int k = 0; k < plainParts_; ++k) {
      j = j * plainRadix_[k] + conj_[m][plainOffset_[k] + plainRow_[k][m]];
    }
    return j;
  }

  SymmetricTable& table_;
  const PackedEntries<2> entries_;
  const std::uint64_t plainSize_;
  const int moves_;
  const int plainParts_;
  std::uint64_t plainRadix_[kMaxCoordinateParts] = {};
  std::size_t plainOffset_[kMaxCoordinateParts] = {};
  const std::uint32_t* plainRow_[kMaxCoordinateParts] = {};  // the loaded plain values' rows
  std::vector<std::uint64_t> targetClass_;
  std::vector<std::uint64_t> targetStart_;  // targetClass_ times plainSize_
  std::vector<const std::uint32_t*> conj_;
  std::uint64_t loadedClass_ = ~0ull;
  std::uint64_t loadedPlain_ = 0;
};

bool SymmetricTable::build(const BuildProgressFn& progress, Cancellation cancel,
                           std::string* error) {
  const std::uint64_t words = PackedEntries<2>::wordsFor(size());
  entryMemory_ = TableMemory::allocate(words * 8, "the " + name_ + " table", error);
  if (entryMemory_.empty()) return false;
  entryOffset_ = 0;
  std::memset(entryMemory_.data(), 0xff, words * 8);
  std::uint64_t goals = 0;
  for (std::uint64_t goal : goalEntries_) {
    goals += setClassEntry(goal / plainSize_, goal % plainSize_, 0);
  }
  // Expanding an entry costs a move's worth of work per move; testing one stops at the first
  // neighbour found.
  const BfsOptions options{.modulus = 3, .forwardCost = puzzle_.moves().size()};
  std::optional<std::vector<std::uint64_t>> counts = fillByLayers<2>(
      PackedEntries<2>(mutableEntries(), size()), goals, options,
      [this] { return Expander(*this); }, progress, cancel);
  if (!counts) {
    entryMemory_ = TableMemory();
    *error = "cancelled";
    return false;
  }
  counts_ = std::move(*counts);
  return true;
}

}  // namespace polytwist
