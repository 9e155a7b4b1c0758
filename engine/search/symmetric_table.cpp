#include "search/symmetric_table.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "search/memory.hpp"

namespace polytwist {

SymmetricTable::SymmetricTable(const Puzzle& puzzle, const SymmetryGroup& group,
                               const SymmetricTableSpec& spec)
    : SymmetryClasses(puzzle, group, spec), puzzle_(puzzle), name_(spec.name) {
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
  const State scrambled = wellMixedState(puzzle);
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
  std::optional<std::vector<std::uint64_t>> counts;
  try {
    counts = fillByLayers<2>(
        PackedEntries<2>(mutableEntries(), size()), goals, options,
        [this] { return Expander(*this); }, progress, cancel);
  } catch (...) {
    // Out of memory natively: no half-filled table may pass for built (ok()) on the next try.
    entryMemory_ = TableMemory();
    throw;
  }
  if (!counts) {
    entryMemory_ = TableMemory();
    *error = "cancelled";
    return false;
  }
  counts_ = std::move(*counts);
  return true;
}

}  // namespace polytwist
