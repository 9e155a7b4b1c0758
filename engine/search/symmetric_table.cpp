#include "search/symmetric_table.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <utility>

#include "search/byte_order.hpp"
#include "search/memory.hpp"

namespace polytwist {
namespace {

// The file layout's version is kTableCodeVersion (search/table_definition.hpp), inside the
// definition hash: bump that one when the ranking, the BFS or the file layout changes.
constexpr char kMagic[8] = {'P', 'T', 'S', 'Y', 'M', 'T', 'B', '1'};
constexpr std::uint32_t kNoClass = 0xffffffffu;

std::atomic<std::uint64_t> memoryLimit{0};
std::atomic<std::uint64_t> memoryInUse{0};

std::string megabytes(std::uint64_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MB";
}

std::uint64_t mix(std::uint64_t hash, std::uint64_t value) {
  hash ^= value + 0x9e3779b97f4a7c15ull + (hash << 6) + (hash >> 2);
  return hash * 0xff51afd7ed558ccdull;
}

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

std::uint64_t hashWords(const std::uint64_t* words, std::uint64_t count, std::uint64_t hash) {
  for (std::uint64_t i = 0; i < count; ++i) hash = mix(hash, words[i]);
  return hash;
}

unsigned threadCount(std::uint64_t entries) {
#ifdef __EMSCRIPTEN__
  (void)entries;
  return 1;
#else
  if (entries < (1u << 21)) return 1;
  return std::max(1u, std::thread::hardware_concurrency());
#endif
}

}  // namespace

void setTableMemoryLimit(std::uint64_t bytes) { memoryLimit = bytes; }
std::uint64_t tableMemoryInUse() { return memoryInUse; }

TableMemory::TableMemory(TableMemory&& other) noexcept { *this = std::move(other); }

TableMemory& TableMemory::operator=(TableMemory&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    mapped_ = std::exchange(other.mapped_, false);
    counted_ = std::exchange(other.counted_, 0);
  }
  return *this;
}

TableMemory::~TableMemory() { release(); }

void TableMemory::release() {
  if (data_ != nullptr) {
    if (mapped_) {
      munmap(data_, size_);
    } else {
      std::free(data_);
    }
  }
  memoryInUse -= counted_;
  data_ = nullptr;
  size_ = counted_ = 0;
}

TableMemory TableMemory::allocate(std::uint64_t bytes, const std::string& what,
                                  std::string* error) {
  TableMemory memory;
  const std::uint64_t limit = memoryLimit;
  if (limit != 0 && memoryInUse + bytes > limit) {
    *error =
        what + " needs " + megabytes(bytes) + " of memory, over the limit of " + megabytes(limit);
    return memory;
  }
  if (auto shortfall = tableMemoryShortfall(bytes, what)) {
    *error = *shortfall;
    return memory;
  }
  void* data = bytes <= SIZE_MAX ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
  if (data == nullptr) {
    *error = what + " needs " + megabytes(bytes) + " of memory, which the system refused";
    return memory;
  }
  memory.data_ = static_cast<std::uint8_t*>(data);
  memory.size_ = bytes;
  memory.counted_ = bytes;
  memoryInUse += bytes;
  return memory;
}

TableMemory TableMemory::mapFile(const std::string& path, std::string* error) {
  TableMemory memory;
  const int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    *error = "no file " + path;
    return memory;
  }
  struct stat info {};
  if (fstat(fd, &info) != 0 || info.st_size <= 0) {
    close(fd);
    *error = "cannot read " + path;
    return memory;
  }
  const auto bytes = static_cast<std::uint64_t>(info.st_size);
  const std::uint64_t limit = memoryLimit;
  if (limit != 0 && memoryInUse + bytes > limit) {
    close(fd);
    *error =
        path + " needs " + megabytes(bytes) + " of memory, over the limit of " + megabytes(limit);
    return memory;
  }
  void* data = mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (data == MAP_FAILED) {
    *error = "cannot map " + path + " (" + megabytes(bytes) + ")";
    return memory;
  }
  memory.data_ = static_cast<std::uint8_t*>(data);
  memory.size_ = bytes;
  memory.mapped_ = true;
  memory.counted_ = bytes;
  memoryInUse += bytes;
  return memory;
}

std::string tableCacheDirectory() {
  if (const char* dir = std::getenv("POLYTWIST_TABLE_DIR"); dir != nullptr && *dir != 0) {
    return dir;
  }
  if (const char* dir = std::getenv("XDG_CACHE_HOME"); dir != nullptr && *dir != 0) {
    return std::string(dir) + "/polytwist";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != 0) {
    return std::string(home) + "/.cache/polytwist";
  }
  return {};
}

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

bool SymmetricTable::setIfUnknown(std::uint64_t i, int value) {
  std::uint64_t* word = &mutableEntries()[i >> 5];
  const int shift = static_cast<int>((i & 31) * 2);
  const std::uint64_t mask = 3ull << shift;
  std::uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
  do {
    if ((old & mask) != mask) return false;
  } while (!__atomic_compare_exchange_n(word, &old, (old & ~mask) | (std::uint64_t(value) << shift),
                                        true, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  return true;
}

std::uint64_t SymmetricTable::setClassEntry(std::uint64_t cls, std::uint64_t plain, int value) {
  const std::uint64_t start = cls * plainSize_;
  std::uint64_t set = setIfUnknown(start + plain, value);
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
    set += setIfUnknown(start + image, value);
  }
  return set;
}

struct SymmetricTable::Layer {
  int depth;
  int current;  // stored value of the layer expanded (forward) or looked for (backward)
  int next;
  bool forward;
};

void SymmetricTable::scanBlocks(const Layer& layer, std::atomic<std::uint64_t>& nextBlock,
                                std::atomic<std::uint64_t>& scanned,
                                std::atomic<std::uint64_t>& found, Cancellation cancel,
                                const std::function<void()>& afterBlock) {
  const int moves = static_cast<int>(puzzle_.moves().size());
  const std::uint64_t total = size();
  const std::uint64_t lowBits = 0x5555555555555555ull;
  const std::uint64_t wanted =
      layer.forward ? lowBits * static_cast<std::uint64_t>(layer.current) : ~0ull;
  // Per move, for the current class: the neighbour's class start and symmetry row.
  std::vector<std::uint64_t> targetClass(moves);
  std::vector<const std::uint32_t*> conj(moves);
  std::uint64_t loadedClass = ~0ull;
  std::uint32_t values[kMaxCoordinateParts];
  const int parts = partCount();
  for (;;) {
    const std::uint64_t start = nextBlock.fetch_add(kBuildBlockEntries, std::memory_order_relaxed);
    if (start >= total || cancel.requested()) return;
    const std::uint64_t end = std::min(total, start + kBuildBlockEntries);
    std::uint64_t foundHere = 0;
    for (std::uint64_t first = start; first < end; first += 32) {
      const std::uint64_t differ = entries()[first >> 5] ^ wanted;
      std::uint64_t hits = ~(differ | (differ >> 1)) & lowBits;
      for (; hits != 0; hits &= hits - 1) {
        const std::uint64_t i = first + std::countr_zero(hits) / 2;
        if (i >= end) break;
        const std::uint64_t cls = i / plainSize_;
        if (cls != loadedClass) {
          loadedClass = cls;
          std::uint64_t raw = representatives_[cls];
          for (int p = reducedCount_ - 1; p >= 0; --p) {
            values[p] = static_cast<std::uint32_t>(raw % parts_[p].size());
            raw /= parts_[p].size();
          }
          for (int m = 0; m < moves; ++m) {
            std::uint64_t next = 0;
            for (int p = 0; p < reducedCount_; ++p) {
              next = next * parts_[p].size() + parts_[p].move(values[p], m);
            }
            const std::uint32_t packed = classOf_[next];
            targetClass[m] = packed >> 8;
            conj[m] = conjugated_.data() + (packed & 0xff) * conjugatedStride_;
          }
        }
        std::uint64_t plain = i - cls * plainSize_;
        for (int p = parts - 1; p >= reducedCount_; --p) {
          values[p] = static_cast<std::uint32_t>(plain % parts_[p].size());
          plain /= parts_[p].size();
        }
        for (int m = 0; m < moves; ++m) {
          std::uint64_t j = 0;
          for (int p = reducedCount_; p < parts; ++p) {
            j = j * parts_[p].size() + conj[m][plainOffset_[p] + parts_[p].move(values[p], m)];
          }
          if (layer.forward) {
            foundHere += setClassEntry(targetClass[m], j, layer.next);
          } else if (stored(targetClass[m] * plainSize_ + j) == layer.current) {
            foundHere += setClassEntry(cls, i - cls * plainSize_, layer.next);
            break;
          }
        }
      }
    }
    found.fetch_add(foundHere, std::memory_order_relaxed);
    scanned.fetch_add(end - start, std::memory_order_relaxed);
    if (afterBlock) afterBlock();
  }
}

bool SymmetricTable::build(const BuildProgressFn& progress, Cancellation cancel,
                           std::string* error) {
  const std::uint64_t words = (size() + 31) / 32;
  entryMemory_ = TableMemory::allocate(words * 8, "the " + name_ + " table", error);
  if (entryMemory_.empty()) return false;
  entryOffset_ = 0;
  std::memset(entryMemory_.data(), 0xff, words * 8);
  counts_.clear();
  std::uint64_t visited = 0;
  for (std::uint64_t goal : goalEntries_) {
    visited += setClassEntry(goal / plainSize_, goal % plainSize_, 0);
  }
  counts_.push_back(visited);
  const std::uint64_t total = size();
  if (progress) progress({0, visited, total, total});
  const unsigned threads = threadCount(total);
  for (int depth = 1;; ++depth) {
    const std::uint64_t frontier = counts_.back();
    const std::uint64_t unknown = total - visited;
    Layer layer{depth, (depth - 1) % 3, depth % 3, frontier * puzzle_.moves().size() < unknown};
    std::atomic<std::uint64_t> nextBlock = 0, scanned = 0, found = 0;
    auto report = [&] {
      if (progress)
        progress({depth, visited + found.load(), total, std::min(scanned.load(), total)});
    };
    std::vector<std::thread> workers;
    for (unsigned t = 1; t < threads; ++t) {
      workers.emplace_back(
          [&] { scanBlocks(layer, nextBlock, scanned, found, cancel, std::function<void()>{}); });
    }
    scanBlocks(layer, nextBlock, scanned, found, cancel, report);
    for (std::thread& worker : workers) worker.join();
    if (cancel.requested()) {
      entryMemory_ = TableMemory();
      *error = "cancelled";
      return false;
    }
    if (found == 0) break;
    counts_.push_back(found);
    visited += found;
    if (progress) progress({depth, visited, total, total});
  }
  return true;
}

// Magic, definition hash, entry count, the counts; then the entries and the checksum follow.
std::string SymmetricTable::header() const {
  std::string out(kMagic, sizeof kMagic);
  putU64(out, definitionHash_);
  putU64(out, size());
  putU64(out, counts_.size());
  for (std::uint64_t count : counts_) putU64(out, count);
  return out;
}

std::uint64_t SymmetricTable::checksum() const {
  return hashWords(entries(), (size() + 31) / 32, headerHash());
}

std::string SymmetricTable::serialize() const {
  std::string out = header();
  out.append(reinterpret_cast<const char*>(entries()), (size() + 31) / 32 * 8);
  putU64(out, checksum());
  return out;
}

std::uint64_t SymmetricTable::headerHash() const {
  std::uint64_t hash = mix(definitionHash_, size());
  for (std::uint64_t count : counts_) hash = mix(hash, count);
  return hash;
}

namespace {
std::uint64_t readU64(const std::uint8_t* p) {
  std::uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = value << 8 | p[i];
  return value;
}
}  // namespace

bool SymmetricTable::readHeader(const std::uint8_t* data, std::uint64_t length,
                                const std::string& what, std::vector<std::uint64_t>& counts,
                                std::uint64_t& offset, std::string* error) const {
  const std::uint64_t words = (size() + 31) / 32;
  if (length < 40 || std::memcmp(data, kMagic, 8) != 0) {
    *error = what + " is not a table file of this version";
    return false;
  }
  if (readU64(data + 8) != definitionHash_ || readU64(data + 16) != size()) {
    *error = what + " was made for another definition of the " + name_ + " table (definition " +
             fingerprintText(readU64(data + 8)) + ", wanted " + fingerprintText(definitionHash_) +
             "): the puzzle's moves or pieces, the coordinates, the symmetries or the table code "
             "version differ";
    return false;
  }
  const std::uint64_t countCount = readU64(data + 24);
  if (countCount > 256 || length != 32 + countCount * 8 + words * 8 + 8) {
    *error = what + " has the wrong size";
    return false;
  }
  counts.resize(countCount);
  for (std::uint64_t d = 0; d < countCount; ++d) counts[d] = readU64(data + 32 + d * 8);
  offset = 32 + countCount * 8;
  return true;
}

bool SymmetricTable::takeIfChecksumMatches(const std::uint64_t* entries,
                                           const std::uint8_t* storedChecksum,
                                           std::vector<std::uint64_t>& counts,
                                           const std::string& what, std::string* error) {
  // The checksum covers the header, whose hash includes the counts: take them first.
  std::swap(counts_, counts);
  if (readU64(storedChecksum) != hashWords(entries, (size() + 31) / 32, headerHash())) {
    std::swap(counts_, counts);
    *error = what + " is damaged (checksum)";
    return false;
  }
  return true;
}

bool SymmetricTable::deserialize(const std::string& bytes, std::string* error) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  std::vector<std::uint64_t> counts;
  std::uint64_t offset = 0;
  if (!readHeader(data, bytes.size(), "the file", counts, offset, error)) return false;
  const std::uint64_t entryBytes = (size() + 31) / 32 * 8;
  TableMemory memory = TableMemory::allocate(entryBytes, "the " + name_ + " table", error);
  if (memory.empty()) return false;
  std::memcpy(memory.data(), data + offset, entryBytes);
  if (!takeIfChecksumMatches(reinterpret_cast<const std::uint64_t*>(memory.data()),
                             data + offset + entryBytes, counts, "the file", error)) {
    return false;
  }
  entryMemory_ = std::move(memory);
  entryOffset_ = 0;
  return true;
}

bool SymmetricTable::save(const std::string& path, std::string* error) const {
  const std::string temporary = path + ".part" + std::to_string(getpid());
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) {
    *error = "cannot write " + temporary;
    return false;
  }
  // Written piece by piece: a copy of a large table would double its memory.
  const std::string head = header();
  std::string tail;
  putU64(tail, checksum());
  const std::size_t entryBytes = (size() + 31) / 32 * 8;
  const bool written = std::fwrite(head.data(), 1, head.size(), file) == head.size() &&
                       std::fwrite(entries(), 1, entryBytes, file) == entryBytes &&
                       std::fwrite(tail.data(), 1, tail.size(), file) == tail.size();
  if (std::fclose(file) != 0 || !written || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    *error = "cannot write " + path;
    return false;
  }
  return true;
}

bool SymmetricTable::load(const std::string& path, std::string* error) {
  TableMemory file = TableMemory::mapFile(path, error);
  if (file.empty()) return false;
  const std::uint8_t* data = file.data();
  std::vector<std::uint64_t> counts;
  std::uint64_t offset = 0;
  if (!readHeader(data, file.size(), path, counts, offset, error)) return false;
  const std::uint64_t entryBytes = (size() + 31) / 32 * 8;
  if (!takeIfChecksumMatches(reinterpret_cast<const std::uint64_t*>(data + offset),
                             data + offset + entryBytes, counts, path, error)) {
    return false;
  }
  entryOffset_ = offset;
  entryMemory_ = std::move(file);
  return true;
}

}  // namespace polytwist
