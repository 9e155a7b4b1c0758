// Pattern databases in the H48 style (nissy-core's doc/h48.md): a symmetric table's entry (the
// class of its reduced coordinates under the symmetries, times its plain coordinates seen from the
// class representative) refined by the orientations at the first `positions` positions of one
// orbit, seen the same way. For the cube: the corners' 3,393 classes under all 48 symmetries × the
// edges' slices × the flips of the first k edges.
//
// Those orientations are a projection, not a coordinate moves can follow, so the table cannot be
// filled by a BFS over its entries. An entry holds the least distance over the orientations it
// leaves out, found by enumerating states: the exact coordinate (every orientation of the orbit)
// by BFS up to `shortDepth`, kept as sorted layers of keys, then depth-first from the last layer
// up to base + 2 moves. Entries take 2 bits relative to `base`: 0 means at most base (the bound is
// then the least distance in its 256-entry line, kept beside the entries), 1 and 2 mean base + 1
// and base + 2, 3 at least base + 3. Each entry is a lower bound on its own: lookups may stop at
// the first that prunes, and the inverse position may be looked up too.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "search/layered_bfs.hpp"
#include "search/memory.hpp"
#include "search/symmetry_classes.hpp"

namespace polytwist {

class ProjectedTable {
 public:
  // Throws std::invalid_argument for a spec the puzzle or the symmetries do not allow.
  ProjectedTable(const Puzzle& puzzle, const SymmetryGroup& group, const ProjectedTableSpec& spec);
  ProjectedTable(const ProjectedTable&) = delete;

  const std::string& name() const { return spec_.classes.name; }
  std::uint64_t size() const { return classes_.size() * projectedSize_; }
  std::uint64_t byteCount() const { return (size() + 3) / 4 + lineCount(); }
  int base() const { return spec_.base; }
  const SymmetryClasses& classes() const { return classes_; }
  const SymmetryGroup& group() const { return group_; }
  const Orbit& orbit() const { return *orbit_; }
  bool ok() const { return entries_ != nullptr; }

  // What a search or a build carries of a state: the class table's coordinate values and the
  // projected orbit's pieces and orientations.
  struct Node {
    std::uint32_t values[kMaxCoordinateParts];
    std::uint8_t pieces[32];
    std::uint8_t ori[32];
  };
  Node node(const State& s) const { return node(s.pieces.data(), s.ori.data()); }
  Node node(const std::uint8_t* pieces, const std::uint8_t* ori) const;
  void move(const Node& from, int move, Node& to) const;
  // The entry of a node, and the lower bound it gives.
  std::uint64_t index(const Node& n) const { return index(n.values, n.pieces, n.ori); }
  // The same from the class table's reduced values and the orbit's own arrays (16 bytes
  // readable from each: the shuffles load whole vectors).
  std::uint64_t index(const std::uint32_t* values, const std::uint8_t* pieces,
                      const std::uint8_t* ori) const {
    return index(classes_.classAndSymmetry(values), pieces, ori);
  }
  // In two steps, so that a search can ask for many nodes' classes (a read in a table of some
  // hundred kilobytes) before it needs the first: the class and symmetry of reduced values
  // (SymmetryClasses::classAndSymmetry), then the entry.
  std::uint32_t classAndSymmetry(const std::uint32_t* values) const {
    return classes_.classAndSymmetry(values);
  }
  std::uint64_t index(std::uint32_t packed, const std::uint8_t* pieces,
                      const std::uint8_t* ori) const;
  int stored(std::uint64_t i) const { return (entries_[i >> 5] >> ((i & 31) * 2)) & 3; }
  // Asks for the entry's cache line ahead of reading it.
  void prefetch(std::uint64_t i) const { __builtin_prefetch(&entries_[i >> 5]); }
  int bound(std::uint64_t i) const { return bound(i, stored(i)); }
  int bound(std::uint64_t i, int value) const {
    return value == 0 ? lineMinimum_[i >> kLineBits] : spec_.base + value;
  }
  int bound(const State& s) const { return bound(index(node(s))); }

  // Entries per stored value (0: at most base, ... 3: at least base + 3), and states of the
  // exact coordinate per depth up to shortDepth (as the build found them).
  const std::vector<std::uint64_t>& valueCounts() const { return valueCounts_; }
  const std::vector<std::uint64_t>& shortCounts() const { return shortCounts_; }

  // Enumerates the states within base + 2 moves on every core; false when cancelled.
  bool build(const BuildProgressFn& progress, Cancellation cancel, std::string* error);
  // Files: magic, definition hash, size, the value counts, the entries, the line minima. The
  // definition covers the class table's, the orbit, the positions and the base (not the short
  // depth: any gives the same entries). `load` refuses another definition or a damaged file.
  std::uint64_t definitionHash() const { return definitionHash_; }
  // The same without building the table's classes.
  static std::uint64_t definitionFingerprint(const Puzzle& puzzle, const SymmetryGroup& group,
                                             const ProjectedTableSpec& spec);
  bool save(const std::string& path, std::string* error) const;
  bool load(const std::string& path, std::string* error);
  // A file's bytes in memory (the site's download, the browser's import): the same as `save`
  // writes, and the same checks as `load`.
  std::uint64_t serializedSize() const { return kHeadWords * 8 + wordCount() * 8 + lineCount(); }
  void serializeTo(std::string& out) const;
  bool deserialize(const char* bytes, std::uint64_t count, std::string* error);

 private:
  static constexpr int kLineBits = 8;  // 256 entries, 64 bytes, share a minimum
  static constexpr std::size_t kHeadWords = 7;
  struct Free {
    void operator()(std::uint64_t* words) const { std::free(words); }
  };
  using Words = std::unique_ptr<std::uint64_t[], Free>;

 public:
  // A file's bytes arriving in parts, in order (an import in chunks): the entries are written
  // where the table keeps them, so memory holds them once.
  class Incoming {
   public:
    std::uint64_t received() const { return received_; }

   private:
    friend class ProjectedTable;
    std::uint64_t head_[kHeadWords] = {};
    Words entries_;
    std::vector<std::uint8_t> lines_;
    std::uint64_t received_ = 0;
  };
  // Allocates the entries (ask tableMemoryShortfall first).
  Incoming incoming() const;
  // Appends the next `count` bytes; false (`error` says) past the table's size.
  bool receive(Incoming& incoming, const char* bytes, std::uint64_t count,
               std::string* error) const;
  // Takes them once whole, with `load`'s checks; `what` names them in the error.
  bool adopt(Incoming incoming, const std::string& what, std::string* error);
  // Frees the entries (an import replaces them: memory then holds one copy).
  void release() {
    entries_.reset();
    lineMinimum_.clear();
  }

 private:
  std::uint64_t lineCount() const { return (size() + (1u << kLineBits) - 1) >> kLineBits; }
  // The node's orbit seen through group element g: its pieces, and the orientations at its
  // first `orientations` positions.
  void seen(const Node& n, int g, Node& image, int orientations) const;
  // The entry of class `cls` with the plain coordinates of `image` (the orbit as the
  // representative sees it), before the projected orientations.
  std::uint64_t plainIndex(std::uint64_t cls, const Node& image) const;
  // The orientations at the first `count` positions as one number (base: the orbit's count).
  std::uint64_t orientationNumber(const Node& n, int count) const;
  // Every entry index the node stands for (more than one for a self-symmetric class), and the
  // exact coordinate's key (least over the same symmetries).
  void entriesOf(const Node& n, std::vector<std::uint64_t>& indexes, std::uint64_t* key) const;
  void mark(const Node& n, int depth, std::vector<std::uint64_t>& scratch);
  void markEntries(const std::vector<std::uint64_t>& indexes, int depth);
  void prefetchForWrite(std::uint64_t i) const { __builtin_prefetch(&entries_[i >> 5], 1); }
  struct DepthFirstScratch {
    std::vector<std::uint64_t> one, last;
  };
  void dfs(const Node& n, int depth, int lastBase, DepthFirstScratch& scratch,
           const std::vector<std::uint64_t>& shortKeys);

  const Puzzle& puzzle_;
  const SymmetryGroup& group_;
  ProjectedTableSpec spec_;
  SymmetryClasses classes_;
  const Orbit* orbit_ = nullptr;
  std::uint64_t projectedSize_ = 1;  // orientations^positions
  int lookupOrientations_ = 0;       // the orientations a lookup needs seen (plain parts' too)
  // The plain coordinates are one unordered coordinate (the cube's slices): per group element,
  // per piece, the group of the piece it is seen as.
  bool placesOnly_ = false;
  std::vector<std::uint8_t> seenGroup_;
  // For orbits of at most 16 pieces on x86 (SSSE3), the same rows as byte-shuffle vectors: per
  // move, where each piece comes from and its twist; then per group element, the source row and
  // the group row.
  struct alignas(16) ByteRow {
    std::uint8_t bytes[16];
  };
  static constexpr int kRowsPerMove = 2;
  // Per group element: the source row, the group row, and for orbits of two orientations the
  // shift seen at each position and the shift of each piece.
  static constexpr int kRowsPerSymmetry = 4;
  // For two orientations: each number of `positions` bits with its bits in reverse order (a
  // byte mask lists position 0 first, the entry's number has it as its highest digit).
  std::vector<std::uint8_t> reversedBits_;
  [[maybe_unused]] int seenRowsStart_ = 0;  // read by the SSSE3 path only (the layout is one)
  std::vector<ByteRow> byteRows_;
  std::uint64_t fullSize_ = 1;  // orientations^(orbit size)
  // Per move: per orbit position, where its piece comes from and the twist it gets.
  std::vector<std::uint8_t> moveSource_, moveTwist_;
  // Per group element: per orbit position, the position whose piece it shows, and the
  // orientation shift seen there (the offset of `kTurnBias`, so the sum is never negative).
  std::vector<std::uint8_t> seenSource_, seenShift_;
  // Per group element: per piece, the shift subtracted; and per sum, the orientation it is.
  std::vector<std::uint8_t> pieceShift_, pieceImage_;
  std::vector<std::uint8_t> reduce_;
  // In 2 MB pages where the system has them: lookups land anywhere in hundreds of megabytes, and
  // 4 KB pages would make most of them a TLB miss too.
  static Words allocateWords(std::uint64_t count);
  std::uint64_t wordCount() const { return (size() + 31) / 32; }
  // Entries per stored value in `words` (wordCount() of them).
  std::vector<std::uint64_t> countValues(const std::uint64_t* words) const;
  // A file's head: magic, definition hash, size, value counts.
  void writeHead(std::uint64_t* head) const;
  Words entries_;
  std::vector<std::uint8_t> lineMinimum_;
  std::vector<std::uint64_t> valueCounts_;
  std::vector<std::uint64_t> shortCounts_;
  std::uint64_t definitionHash_ = 0;
};

}  // namespace polytwist
