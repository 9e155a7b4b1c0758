#include "search/projected_table.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>

#ifndef __EMSCRIPTEN__
#include <sys/mman.h>
#endif
#ifdef __SSSE3__
#include <tmmintrin.h>
#endif

#include "search/symmetric_table.hpp"
#include "search/table_definition.hpp"

namespace polytwist {
namespace {

#ifdef __SSSE3__
template <typename Row>
__m128i shuffleRow(const Row& r) {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(r.bytes));
}
#endif

unsigned threadCount() {
#ifdef __EMSCRIPTEN__
  return 1;
#else
  return std::max(1u, std::thread::hardware_concurrency());
#endif
}

// Lowers a 2-bit entry to `value` unless it is already lower.
void lowerEntry(std::uint64_t* entries, std::uint64_t i, int value) {
  std::uint64_t* word = &entries[i >> 5];
  const int shift = static_cast<int>((i & 31) * 2);
  std::uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    if (static_cast<int>((old >> shift) & 3) <= value) return;
    const std::uint64_t lowered = (old & ~(3ull << shift)) | (std::uint64_t(value) << shift);
    if (__atomic_compare_exchange_n(word, &old, lowered, true, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED)) {
      return;
    }
  }
}

constexpr char kProjectedTableMagic[8] = {'P', 'T', 'P', 'R', 'J', 'T', 'B', '1'};

void lowerByte(std::uint8_t* byte, int value) {
  std::uint8_t old = __atomic_load_n(byte, __ATOMIC_RELAXED);
  while (old > value && !__atomic_compare_exchange_n(byte, &old, static_cast<std::uint8_t>(value),
                                                     true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

}  // namespace

std::uint64_t ProjectedTable::definitionFingerprint(const Puzzle& puzzle,
                                                    const SymmetryGroup& group,
                                                    const ProjectedTableSpec& spec) {
  std::uint64_t hash = SymmetricTable::definitionFingerprint(puzzle, group, spec.classes);
  for (std::uint64_t value :
       {static_cast<std::uint64_t>(puzzle.orbitIndex(spec.orbit)),
        static_cast<std::uint64_t>(spec.positions), static_cast<std::uint64_t>(spec.base)}) {
    hash = mixHash(hash, value);
  }
  return hash;
}

ProjectedTable::ProjectedTable(const Puzzle& puzzle, const SymmetryGroup& group,
                               const ProjectedTableSpec& spec)
    : puzzle_(puzzle), group_(group), spec_(spec), classes_(puzzle, group, spec.classes) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(puzzle.id() + " table " + spec.classes.name + ": " + what);
  };
  const int orbitIndex = puzzle.orbitIndex(spec.orbit);
  if (orbitIndex < 0) fail("no orbit '" + spec.orbit + "'");
  orbit_ = &puzzle.orbits()[orbitIndex];
  if (orbit_->size > 32 || spec.positions < 0 || spec.positions > orbit_->size) {
    fail("cannot project the orientations of " + std::to_string(spec.positions) + " " + spec.orbit +
         " positions");
  }
  if (spec.base < 0 || spec.shortDepth < 1 || spec.shortDepth > spec.base + 2 ||
      spec.base + 2 > 250) {
    fail("the base and the short depth need 1 <= short depth <= base + 2");
  }
  // Plain parts are ranked from the orbit as the representative sees it.
  lookupOrientations_ = spec.positions;
  for (int p = classes_.reducedCount(); p < classes_.partCount(); ++p) {
    if (&classes_.part(p).orbit() != orbit_) fail("plain coordinates must be on " + spec.orbit);
    if (classes_.part(p).tracksOrientations()) lookupOrientations_ = orbit_->size;
  }
  placesOnly_ = classes_.partCount() == classes_.reducedCount() + 1 &&
                classes_.part(classes_.reducedCount()).isUnordered();
  for (int j = 0; j < spec.positions; ++j) projectedSize_ *= orbit_->orientations;
  for (int j = 0; j < orbit_->size; ++j) fullSize_ *= orbit_->orientations;
  const int n = orbit_->size;
  const int o = orbit_->orientations;
  const int offset = orbit_->offset;
  for (int g = 0; g < group.size(); ++g) {
    const std::vector<std::uint8_t>& to = group.positionImage(g);
    const std::vector<std::uint8_t>& shift = group.orientationShift(g);
    std::vector<std::uint8_t> source(n), shiftAt(n);
    for (int j = 0; j < n; ++j) {
      source[to[offset + j] - offset] = static_cast<std::uint8_t>(j);
      shiftAt[to[offset + j] - offset] = shift[offset + j];
    }
    seenSource_.insert(seenSource_.end(), source.begin(), source.end());
    seenShift_.insert(seenShift_.end(), shiftAt.begin(), shiftAt.end());
    for (int j = 0; j < n; ++j) {
      pieceShift_.push_back(shift[offset + j]);
      pieceImage_.push_back(static_cast<std::uint8_t>(to[offset + j] - offset));
      if (placesOnly_) {
        seenGroup_.push_back(static_cast<std::uint8_t>(
            classes_.part(classes_.reducedCount()).groupOf(to[offset + j] - offset)));
      }
    }
  }
  definitionHash_ = definitionFingerprint(puzzle, group, spec);
  if (o == 2 && spec.positions <= 8) {
    for (int bits = 0; bits < (1 << spec.positions); ++bits) {
      int reversed = 0;
      for (int j = 0; j < spec.positions; ++j)
        reversed |= ((bits >> j) & 1) << (spec.positions - 1 - j);
      reversedBits_.push_back(static_cast<std::uint8_t>(reversed));
    }
  }
  for (int sum = 0; sum < 6 * o; ++sum) reduce_.push_back(static_cast<std::uint8_t>(sum % o));
  for (const Move& move : puzzle.moves()) {
    for (int j = 0; j < n; ++j) {
      moveSource_.push_back(move.effect.pieces[orbit_->offset + j]);
      moveTwist_.push_back(move.effect.ori[orbit_->offset + j]);
    }
  }
#ifdef __SSSE3__
  if (n <= 16) {
    // Shuffle rows: positions past the orbit take byte 0x80 (a zero), twists 0.
    const int moves = static_cast<int>(puzzle.moves().size());
    seenRowsStart_ = moves * kRowsPerMove;
    byteRows_.assign(seenRowsStart_ + group.size() * kRowsPerSymmetry, {});
    auto fill = [&](ByteRow& row, auto byteAt, std::uint8_t pad = 0x80) {
      for (int j = 0; j < 16; ++j) row.bytes[j] = j < n ? byteAt(j) : pad;
    };
    for (int m = 0; m < moves; ++m) {
      fill(byteRows_[m * kRowsPerMove], [&](int j) { return moveSource_[m * n + j]; });
      fill(
          byteRows_[m * kRowsPerMove + 1], [&](int j) { return moveTwist_[m * n + j]; }, 0);
    }
    if (placesOnly_) {
      for (int g = 0; g < group.size(); ++g) {
        fill(byteRows_[seenRowsStart_ + g * kRowsPerSymmetry],
             [&](int j) { return seenSource_[g * n + j]; });
        fill(byteRows_[seenRowsStart_ + g * kRowsPerSymmetry + 1],
             [&](int j) { return seenGroup_[g * n + j]; });
        fill(
            byteRows_[seenRowsStart_ + g * kRowsPerSymmetry + 2],
            [&](int j) { return seenShift_[g * n + j]; }, 0);
        fill(
            byteRows_[seenRowsStart_ + g * kRowsPerSymmetry + 3],
            [&](int j) { return pieceShift_[g * n + j]; }, 0);
      }
    }
  }
#endif
}

ProjectedTable::Node ProjectedTable::node(const std::uint8_t* pieces,
                                          const std::uint8_t* ori) const {
  Node result{};
  classes_.rank(pieces, ori, result.values);
  for (int j = 0; j < orbit_->size; ++j) {
    result.pieces[j] = pieces[orbit_->offset + j];
    result.ori[j] = ori[orbit_->offset + j];
  }
  return result;
}

void ProjectedTable::move(const Node& from, int move, Node& to) const {
  for (int p = 0; p < classes_.partCount(); ++p) {
    to.values[p] = classes_.part(p).move(from.values[p], move);
  }
#ifdef __SSSE3__
  if (orbit_->size <= 16) {
    // One byte shuffle moves every piece and its orientation (the 16-byte rows of byteRows_).
    const __m128i source = shuffleRow(byteRows_[move * kRowsPerMove]);
    const __m128i twist = shuffleRow(byteRows_[move * kRowsPerMove + 1]);
    const __m128i pieces = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from.pieces));
    const __m128i ori = _mm_loadu_si128(reinterpret_cast<const __m128i*>(from.ori));
    const __m128i turned = _mm_add_epi8(_mm_shuffle_epi8(ori, source), twist);
    const __m128i o = _mm_set1_epi8(static_cast<char>(orbit_->orientations));
    const __m128i wrapped = _mm_and_si128(_mm_cmpgt_epi8(o, turned), turned);
    const __m128i reduced =
        _mm_or_si128(wrapped, _mm_andnot_si128(_mm_cmpgt_epi8(o, turned), _mm_sub_epi8(turned, o)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to.pieces), _mm_shuffle_epi8(pieces, source));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to.ori), reduced);
    return;
  }
#endif
  const int n = orbit_->size;
  const int o = orbit_->orientations;
  const std::uint8_t* source = &moveSource_[static_cast<std::size_t>(move) * n];
  const std::uint8_t* twist = &moveTwist_[static_cast<std::size_t>(move) * n];
  for (int j = 0; j < n; ++j) {
    to.pieces[j] = from.pieces[source[j]];
    const int turned = from.ori[source[j]] + twist[j];
    to.ori[j] = static_cast<std::uint8_t>(turned >= o ? turned - o : turned);
  }
}

void ProjectedTable::seen(const Node& n, int g, Node& image, int orientations) const {
  const int size = orbit_->size;
  const int o = orbit_->orientations;
  const std::size_t row = static_cast<std::size_t>(g) * size;
  const std::uint8_t* source = &seenSource_[row];
  const std::uint8_t* shift = &seenShift_[row];
  const std::uint8_t* pieceShift = &pieceShift_[row];
  const std::uint8_t* pieceImage = &pieceImage_[row];
  for (int j = 0; j < size; ++j) image.pieces[j] = pieceImage[n.pieces[source[j]]];
  const bool mirror = group_.isMirror(g);
  for (int j = 0; j < orientations; ++j) {
    const int from = source[j];
    // sign·o + shift - pieceShift, kept non-negative: a mirror's -o as o - o, and 2·o added.
    const int turned = mirror ? o - n.ori[from] : n.ori[from];
    image.ori[j] = reduce_[turned + shift[j] + 2 * o - pieceShift[n.pieces[from]]];
  }
}

std::uint64_t ProjectedTable::orientationNumber(const Node& n, int count) const {
  std::uint64_t number = 0;
  for (int j = 0; j < count; ++j) number = number * orbit_->orientations + n.ori[j];
  return number;
}

std::uint64_t ProjectedTable::plainIndex(std::uint64_t cls, const Node& image) const {
  std::uint64_t entry = cls;
  for (int p = classes_.reducedCount(); p < classes_.partCount(); ++p) {
    entry = entry * classes_.part(p).size() + classes_.part(p).rankOrbit(image.pieces, image.ori);
  }
  return entry;
}

std::uint64_t ProjectedTable::index(std::uint32_t packed, const std::uint8_t* pieces,
                                    const std::uint8_t* ori) const {
  if (placesOnly_) {
    // Per node in every search: the plain value straight from where each group's pieces are
    // seen, and only the projected orientations seen.
    const int size = orbit_->size;
    const int o = orbit_->orientations;
    const int g = classes_.symmetries()[packed & 0xff];
    const std::size_t row = static_cast<std::size_t>(g) * size;
    const std::uint8_t* source = &seenSource_[row];
    const Coordinate& plain = classes_.part(classes_.reducedCount());
    std::uint32_t places[Coordinate::kMaxGroups + 1] = {};
#ifdef __SSSE3__
    if (size <= 16) {
      // The pieces seen at each position, their groups, and one mask per group.
      const __m128i seenAt =
          _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(pieces)),
                           shuffleRow(byteRows_[seenRowsStart_ + g * kRowsPerSymmetry]));
      const __m128i groups = _mm_shuffle_epi8(
          shuffleRow(byteRows_[seenRowsStart_ + g * kRowsPerSymmetry + 1]), seenAt);
      const std::uint32_t positions = (1u << size) - 1;
      for (int k = 0; k < plain.groupCount(); ++k) {
        places[k] = static_cast<std::uint32_t>(_mm_movemask_epi8(
                        _mm_cmpeq_epi8(groups, _mm_set1_epi8(static_cast<char>(k))))) &
                    positions;
      }
      if (!reversedBits_.empty()) {
        // Two orientations: the one seen at position j is the parity of the piece's own, the
        // shift seen there and the piece's shift (a mirror's sign changes nothing mod 2).
        const __m128i seenOri =
            _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(ori)),
                             shuffleRow(byteRows_[seenRowsStart_ + g * kRowsPerSymmetry]));
        const __m128i sum = _mm_add_epi8(
            _mm_add_epi8(seenOri, shuffleRow(byteRows_[seenRowsStart_ + g * kRowsPerSymmetry + 2])),
            _mm_shuffle_epi8(shuffleRow(byteRows_[seenRowsStart_ + g * kRowsPerSymmetry + 3]),
                             seenAt));
        const int bits = _mm_movemask_epi8(_mm_slli_epi16(sum, 7)) & ((1 << spec_.positions) - 1);
        return ((packed >> 8) * plain.size() + plain.rankPlaces(places)) * projectedSize_ +
               reversedBits_[bits];
      }
    } else
#endif
    {
      const std::uint8_t* group = &seenGroup_[row];
      for (int j = 0; j < size; ++j) places[group[pieces[source[j]]]] |= 1u << j;
    }
    const std::uint8_t* shift = &seenShift_[row];
    const std::uint8_t* pieceShift = &pieceShift_[row];
    const bool mirror = group_.isMirror(g);
    std::uint64_t number = 0;
    for (int j = 0; j < spec_.positions; ++j) {
      const int from = source[j];
      const int turned = mirror ? o - ori[from] : ori[from];
      number = number * o + reduce_[turned + shift[j] + 2 * o - pieceShift[pieces[from]]];
    }
    return ((packed >> 8) * plain.size() + plain.rankPlaces(places)) * projectedSize_ + number;
  }
  Node n, image;
  std::copy_n(pieces, orbit_->size, n.pieces);
  std::copy_n(ori, orbit_->size, n.ori);
  seen(n, classes_.symmetries()[packed & 0xff], image, lookupOrientations_);
  return plainIndex(packed >> 8, image) * projectedSize_ +
         orientationNumber(image, spec_.positions);
}

void ProjectedTable::entriesOf(const Node& n, std::vector<std::uint64_t>& indexes,
                               std::uint64_t* key) const {
  indexes.clear();
  const std::uint32_t packed = classes_.classAndSymmetry(n.values);
  const std::uint64_t cls = packed >> 8;
  Node image;
  seen(n, classes_.symmetries()[packed & 0xff], image, orbit_->size);
  if (key) *key = ~0ull;
  // The symmetries fixing the representative (the identity among them, bit 0) show one state
  // as several entries; all of them get its distance.
  for (std::uint64_t others = classes_.stabilizer(cls); others != 0; others &= others - 1) {
    const int t = std::countr_zero(others);
    Node turned;
    if (t != 0) seen(image, classes_.symmetries()[t], turned, orbit_->size);
    const Node& view = t == 0 ? image : turned;
    const std::uint64_t entry = plainIndex(cls, view);
    indexes.push_back(entry * projectedSize_ + orientationNumber(view, spec_.positions));
    if (key) *key = std::min(*key, entry * fullSize_ + orientationNumber(view, orbit_->size));
  }
}

void ProjectedTable::mark(const Node& n, int depth, std::vector<std::uint64_t>& scratch) {
  entriesOf(n, scratch, nullptr);
  markEntries(scratch, depth);
}

void ProjectedTable::markEntries(const std::vector<std::uint64_t>& indexes, int depth) {
  const int value = depth <= spec_.base ? 0 : depth - spec_.base;
  for (std::uint64_t i : indexes) {
    lowerEntry(entries_.get(), i, value);
    // Only entries at most base fall back on their line's least distance, which is then at most
    // theirs whatever deeper marks would add.
    if (depth <= spec_.base) lowerByte(&lineMinimum_[i >> kLineBits], depth);
  }
}

void ProjectedTable::dfs(const Node& n, int depth, int lastBase, DepthFirstScratch& scratch,
                         const std::vector<std::uint64_t>& shortKeys) {
  const int moves = static_cast<int>(puzzle_.moves().size());
  const bool last = depth + 1 == spec_.base + 2;
  Node child;
  // The last layer's entries are asked for together, then lowered.
  std::vector<std::uint64_t>& one = scratch.one;
  std::vector<std::uint64_t>& lastEntries = scratch.last;
  if (last) lastEntries.clear();
  for (int m = 0; m < moves; ++m) {
    const int base = puzzle_.moves()[m].base;
    if (base == lastBase) continue;
    move(n, m, child);
    if (depth == spec_.shortDepth) {
      // A child of the last short layer may lie in it or the one before: its subtree is
      // enumerated from there.
      std::uint64_t key;
      entriesOf(child, one, &key);
      if (std::binary_search(shortKeys.begin(), shortKeys.end(), key)) continue;
    } else {
      entriesOf(child, one, nullptr);
    }
    if (last) {
      for (std::uint64_t i : one) {
        prefetchForWrite(i);
        lastEntries.push_back(i);
      }
      continue;
    }
    markEntries(one, depth + 1);
    dfs(child, depth + 1, base, scratch, shortKeys);
  }
  if (last) markEntries(lastEntries, depth + 1);
}

bool ProjectedTable::build(const BuildProgressFn& progress, Cancellation cancel,
                           std::string* error) {
  entries_ = allocateWords(wordCount());
  // Out of memory natively (a throw): no half-filled table may pass for built (ok()) next time.
  struct Unfinished {
    Words& entries;
    bool done = false;
    ~Unfinished() {
      if (!done) entries.reset();
    }
  } unfinished{entries_};
  std::fill(entries_.get(), entries_.get() + wordCount(), ~0ull);
  lineMinimum_.assign(lineCount(), 0xff);
  shortCounts_.clear();
  const int moves = static_cast<int>(puzzle_.moves().size());
  std::vector<std::uint64_t> scratch;

  // The exact coordinate by BFS: each layer's nodes sorted by key, with the base of the move
  // that reached them.
  struct Item {
    std::uint64_t key;
    Node node;
    int lastBase;
  };
  std::vector<Item> layer;
  for (const State& goal : puzzle_.solvedStates()) {
    Item item{0, node(goal), -1};
    entriesOf(item.node, scratch, &item.key);
    layer.push_back(item);
  }
  auto byKey = [](const Item& a, const Item& b) { return a.key < b.key; };
  auto sameKey = [](const Item& a, const Item& b) { return a.key == b.key; };
  std::sort(layer.begin(), layer.end(), byKey);
  layer.erase(std::unique(layer.begin(), layer.end(), sameKey), layer.end());
  std::vector<std::uint64_t> previousKeys, layerKeys;
  for (int depth = 0;; ++depth) {
    layerKeys.clear();
    for (const Item& item : layer) {
      layerKeys.push_back(item.key);
      mark(item.node, depth, scratch);
    }
    shortCounts_.push_back(layer.size());
    if (progress) progress({depth, layer.size(), 0, 0});
    if (cancel.requested()) {
      *error = "cancelled";
      return false;
    }
    if (depth == spec_.shortDepth) break;
    std::vector<Item> next;
    for (const Item& item : layer) {
      for (int m = 0; m < moves; ++m) {
        const int base = puzzle_.moves()[m].base;
        if (base == item.lastBase) continue;
        Item child{0, {}, base};
        move(item.node, m, child.node);
        entriesOf(child.node, scratch, &child.key);
        if (std::binary_search(layerKeys.begin(), layerKeys.end(), child.key) ||
            std::binary_search(previousKeys.begin(), previousKeys.end(), child.key)) {
          continue;
        }
        next.push_back(child);
      }
    }
    std::sort(next.begin(), next.end(), byKey);
    next.erase(std::unique(next.begin(), next.end(), sameKey), next.end());
    previousKeys.swap(layerKeys);
    layer.swap(next);
  }

  // Depth-first from the last layer, its nodes handed out to every core in blocks.
  std::vector<std::uint64_t> shortKeys = previousKeys;
  shortKeys.insert(shortKeys.end(), layerKeys.begin(), layerKeys.end());
  std::sort(shortKeys.begin(), shortKeys.end());
  std::atomic<std::size_t> nextRoot = 0, done = 0;
  constexpr std::size_t kBlock = 256;
  auto work = [&](bool reports) {
    DepthFirstScratch local;
    for (;;) {
      const std::size_t first = nextRoot.fetch_add(kBlock);
      if (first >= layer.size() || cancel.requested()) return;
      const std::size_t last = std::min(layer.size(), first + kBlock);
      for (std::size_t r = first; r < last; ++r) {
        if (spec_.shortDepth < spec_.base + 2) {
          dfs(layer[r].node, spec_.shortDepth, layer[r].lastBase, local, shortKeys);
        }
      }
      done += last - first;
      if (reports && progress) {
        progress({spec_.shortDepth + 1, done.load(), layer.size(), done.load()});
      }
    }
  };
  // A worker's exception (out of memory) stops the others and is thrown here once all are
  // joined: escaping a thread, or leaving one joinable, would terminate the process.
  std::exception_ptr failure;
  std::mutex failureLock;
  auto guarded = [&](bool reports) {
    try {
      work(reports);
    } catch (...) {
      nextRoot = layer.size();
      const std::lock_guard lock(failureLock);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  try {
    for (unsigned t = 1; t < threadCount(); ++t) workers.emplace_back(guarded, false);
  } catch (...) {
    nextRoot = layer.size();
    const std::lock_guard lock(failureLock);
    failure = std::current_exception();
  }
  guarded(true);
  for (std::thread& worker : workers) worker.join();
  if (failure) std::rethrow_exception(failure);
  if (cancel.requested()) {
    *error = "cancelled";
    return false;
  }
  valueCounts_ = countValues(entries_.get());
  unfinished.done = true;
  return true;
}

namespace {

constexpr std::uint64_t kLowBits = 0x5555555555555555ull;

// Adds to counts[v] the 2-bit fields of `word` that hold v.
inline void countFields(std::uint64_t word, std::uint64_t* counts) {
  const std::uint64_t high = word >> 1;
  counts[0] += std::popcount(~word & ~high & kLowBits);
  counts[1] += std::popcount(word & ~high & kLowBits);
  counts[2] += std::popcount(~word & high & kLowBits);
  counts[3] += std::popcount(word & high & kLowBits);
}

}  // namespace

std::vector<std::uint64_t> ProjectedTable::countValues(const std::uint64_t* words) const {
  std::vector<std::uint64_t> counts(4, 0);
  for (std::uint64_t w = 0; w < wordCount(); ++w) countFields(words[w], counts.data());
  counts[3] -= wordCount() * 32 - size();  // padding past the end holds 3
  return counts;
}

ProjectedTable::Words ProjectedTable::allocateWords(std::uint64_t count) {
  constexpr std::uint64_t kPage = 2 << 20;
  const std::uint64_t bytes = (count * 8 + kPage - 1) / kPage * kPage;
  auto* words = static_cast<std::uint64_t*>(std::aligned_alloc(kPage, bytes));
  if (words == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(words, bytes, MADV_HUGEPAGE);
#endif
  return Words(words);
}

void ProjectedTable::writeHead(std::uint64_t* head) const {
  std::memcpy(head, kProjectedTableMagic, 8);
  head[1] = definitionHash_;
  head[2] = size();
  std::copy(valueCounts_.begin(), valueCounts_.end(), head + 3);
}

bool ProjectedTable::save(const std::string& path, std::string* error) const {
  std::uint64_t head[kHeadWords];
  writeHead(head);
  return writeTableFile(
      path,
      {std::span(reinterpret_cast<const std::uint8_t*>(head), sizeof head),
       std::span(reinterpret_cast<const std::uint8_t*>(entries_.get()), wordCount() * 8),
       std::span(lineMinimum_.data(), lineMinimum_.size())},
      error);
}

bool ProjectedTable::load(const std::string& path, std::string* error) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    *error = "no file " + path;
    return false;
  }
  Incoming in = incoming();
  const bool read = std::fread(in.head_, 8, kHeadWords, file) == kHeadWords &&
                    std::fread(in.entries_.get(), 8, wordCount(), file) == wordCount() &&
                    std::fread(in.lines_.data(), 1, in.lines_.size(), file) == in.lines_.size() &&
                    std::fgetc(file) == EOF;
  std::fclose(file);
  if (!read) {
    *error = path + " is not this table's file (its length differs)";
    return false;
  }
  in.received_ = serializedSize();
  return adopt(std::move(in), path, error);
}

void ProjectedTable::serializeTo(std::string& out) const {
  std::uint64_t head[kHeadWords];
  writeHead(head);
  out.append(reinterpret_cast<const char*>(head), sizeof head);
  out.append(reinterpret_cast<const char*>(entries_.get()), wordCount() * 8);
  out.append(reinterpret_cast<const char*>(lineMinimum_.data()), lineCount());
}

bool ProjectedTable::deserialize(const char* bytes, std::uint64_t count, std::string* error) {
  if (count != serializedSize()) {
    *error = "the " + name() + " table takes " + std::to_string(serializedSize()) + " bytes, not " +
             std::to_string(count);
    return false;
  }
  Incoming in = incoming();
  return receive(in, bytes, count, error) &&
         adopt(std::move(in), "the " + name() + " table's bytes", error);
}

ProjectedTable::Incoming ProjectedTable::incoming() const {
  Incoming in;
  in.entries_ = allocateWords(wordCount());
  in.lines_.resize(lineCount());
  return in;
}

bool ProjectedTable::receive(Incoming& in, const char* bytes, std::uint64_t count,
                             std::string* error) const {
  if (count > serializedSize() - in.received_) {
    *error =
        "the " + name() + " table takes " + std::to_string(serializedSize()) + " bytes: more came";
    return false;
  }
  // The part's bytes go to each of the file's three regions it overlaps.
  const std::uint64_t headEnd = kHeadWords * 8, entriesEnd = headEnd + wordCount() * 8;
  const struct {
    char* start;
    std::uint64_t begin, end;
  } regions[] = {{reinterpret_cast<char*>(in.head_), 0, headEnd},
                 {reinterpret_cast<char*>(in.entries_.get()), headEnd, entriesEnd},
                 {reinterpret_cast<char*>(in.lines_.data()), entriesEnd, serializedSize()}};
  for (const auto& region : regions) {
    const std::uint64_t from = std::max(in.received_, region.begin);
    const std::uint64_t to = std::min(in.received_ + count, region.end);
    if (from < to) {
      std::memcpy(region.start + (from - region.begin), bytes + (from - in.received_), to - from);
    }
  }
  in.received_ += count;
  return true;
}

bool ProjectedTable::adopt(Incoming in, const std::string& what, std::string* error) {
  const std::uint64_t* head = in.head_;
  if (in.received_ != serializedSize()) {
    *error = what + " are cut short";
    return false;
  }
  if (std::memcmp(head, kProjectedTableMagic, 8) != 0 || head[1] != definitionHash_ ||
      head[2] != size()) {
    *error = what + " are not this table (another kind, definition or size)";
    return false;
  }
  // One pass over the lines. The value counts in the header check every entry: a damaged or cut
  // copy would not match. A line with an entry that reads "at most base" needs its minimum
  // (others keep none: 255).
  std::vector<std::uint64_t> counts(4, 0);
  constexpr std::uint64_t kWordsPerLine = (1u << kLineBits) / 32;
  bool linesValid = true;
  for (std::uint64_t line = 0; line < lineCount(); ++line) {
    std::uint64_t atMostBase = 0;
    for (std::uint64_t w = line * kWordsPerLine;
         w < std::min(wordCount(), (line + 1) * kWordsPerLine); ++w) {
      const std::uint64_t word = in.entries_[w];
      countFields(word, counts.data());
      atMostBase |= ~word & ~(word >> 1) & kLowBits;
    }
    linesValid &= atMostBase == 0 || in.lines_[line] <= spec_.base;
  }
  counts[3] -= wordCount() * 32 - size();  // padding past the end holds 3
  if (!std::equal(counts.begin(), counts.end(), head + 3) || !linesValid) {
    *error = what + " are damaged (their entries do not match their header)";
    return false;
  }
  entries_ = std::move(in.entries_);
  lineMinimum_ = std::move(in.lines_);
  valueCounts_ = std::move(counts);
  return true;
}

}  // namespace polytwist
