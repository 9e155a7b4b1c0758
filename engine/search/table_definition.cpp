#include "search/table_definition.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace polytwist {
namespace {

// FNV-1a over 64-bit words, byte by byte (little-endian), so every platform agrees.
class Hash {
 public:
  void add(std::uint64_t word) {
    for (int i = 0; i < 8; ++i) value_ = (value_ ^ ((word >> (8 * i)) & 0xff)) * 1099511628211ull;
  }
  void add(const State& state) {
    add(state.pieces.size());
    for (std::size_t i = 0; i < state.pieces.size(); ++i)
      add(state.pieces[i] * 256u + state.ori[i]);
  }
  std::uint64_t value() const { return value_; }

 private:
  std::uint64_t value_ = 1469598103934665603ull;
};

}  // namespace

std::uint64_t definitionFingerprint(const TableDefinition& definition) {
  const Puzzle& puzzle = definition.puzzle;
  Hash hash;
  hash.add(kTableCodeVersion);
  // Pieces: how many, how they turn, which arrangements are reachable (ranks depend on these).
  hash.add(puzzle.orbits().size());
  for (const Orbit& orbit : puzzle.orbits()) {
    hash.add(static_cast<std::uint64_t>(orbit.size));
    hash.add(static_cast<std::uint64_t>(orbit.orientations));
    hash.add(static_cast<std::uint64_t>(orbit.offset));
    hash.add(static_cast<std::uint64_t>(orbit.permutation));
    hash.add(orbit.orientationSumZero);
    hash.add(static_cast<std::uint64_t>(orbit.parityOrbit));
  }
  // Moves: what each does (names are irrelevant), and which the BFS follows.
  hash.add(puzzle.moves().size());
  for (const Move& move : puzzle.moves()) {
    hash.add(static_cast<std::uint64_t>(move.base));
    hash.add(move.effect);
  }
  hash.add(definition.moves.size());
  for (int move : definition.moves) hash.add(static_cast<std::uint64_t>(move));
  // Whole-puzzle rotations: an unmarked one decides which state stands for a position.
  hash.add(puzzle.symmetries().size());
  for (const Symmetry& symmetry : puzzle.symmetries()) hash.add(symmetry.effect);
  hash.add(static_cast<std::uint64_t>(puzzle.unmarkedRotation()));
  // Goals, as a set.
  std::vector<std::string> goals;
  for (const State& goal : definition.goals) goals.push_back(puzzle.encodeState(goal));
  std::sort(goals.begin(), goals.end());
  goals.erase(std::unique(goals.begin(), goals.end()), goals.end());
  hash.add(goals.size());
  for (const std::string& goal : goals) {
    hash.add(goal.size());
    for (unsigned char c : goal) hash.add(c);
  }
  // Coordinates, in index order.
  hash.add(definition.coordinates.size());
  for (const CoordinateSpec& c : definition.coordinates) {
    hash.add(static_cast<std::uint64_t>(puzzle.orbitIndex(c.orbit)));
    hash.add(c.positions * 4u + c.orientations * 2u + c.unordered);
    hash.add(c.pieces.size());
    for (int piece : c.pieces) hash.add(static_cast<std::uint64_t>(piece));
    // Only when given, so the fingerprints of tables without groups or confinement stay what
    // they were.
    if (!c.groupSizes.empty()) {
      hash.add(c.groupSizes.size());
      for (int size : c.groupSizes) hash.add(static_cast<std::uint64_t>(size));
    }
    if (!c.confinedTo.empty()) {
      hash.add(c.confinedTo.size());
      for (int position : c.confinedTo) hash.add(static_cast<std::uint64_t>(position));
    }
  }
  hash.add(definition.layout.size());
  for (std::uint64_t word : definition.layout) hash.add(word);
  return hash.value();
}

std::string fingerprintText(std::uint64_t fingerprint) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(fingerprint));
  return text;
}

}  // namespace polytwist
