// The definition fingerprint of a cached distance table: one hash of everything its entries
// depend on, so a cache (a file in $POLYTWIST_TABLE_DIR, the page's IndexedDB, a shipped .bin)
// is keyed by what the table means, not by the engine's release, and bytes made for another
// definition are refused when they are read. It knows no puzzle: it hashes what any table is
// built from (the puzzle's pieces and moves, the goals, the coordinates) and whatever else the
// kind of table adds (bits per entry, its symmetries' action).
#pragma once

#include <cstdint>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

// Version of the code that gives entries their meaning: coordinate ranking (coordinate.cpp), the
// BFS and symmetry reduction (distance_table.cpp, symmetric_table.cpp) and the serialized forms.
// BUMP IT whenever any of these changes how an index, an entry or a byte is read: every cached
// table, natively and in browsers, is then rebuilt instead of being misread. An engine release
// that leaves them alone keeps it, so users keep their tables (tens of MB) across updates.
inline constexpr std::uint64_t kTableCodeVersion = 3;

struct TableDefinition {
  const Puzzle& puzzle;
  // The moves the BFS follows (indices into puzzle.moves()); every move's effect is hashed too,
  // as entries name moves by index.
  const std::vector<int>& moves;
  // The states at distance 0 (in any order).
  const std::vector<State>& goals;
  // The coordinates, in the order they make up an index.
  const std::vector<CoordinateSpec>& coordinates;
  // What the kind of table adds to its layout: bits per entry, the symmetries' action, ...
  std::vector<std::uint64_t> layout = {};
};

// One step of the 64-bit hash the fingerprints and table files' checksums are made of: `value`
// mixed into `hash`; the same on every platform.
inline std::uint64_t mixHash(std::uint64_t hash, std::uint64_t value) {
  hash ^= value + 0x9e3779b97f4a7c15ull + (hash << 6) + (hash >> 2);
  return hash * 0xff51afd7ed558ccdull;
}

// 64-bit hash of the definition and kTableCodeVersion; the same on every platform.
std::uint64_t definitionFingerprint(const TableDefinition& definition);

// 16 lowercase hexadecimal digits, for keys and file names.
std::string fingerprintText(std::uint64_t fingerprint);

}  // namespace polytwist
