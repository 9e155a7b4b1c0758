// A permutation group given by generators, as a base and strong generating set (Schreier–Sims):
// its exact order, membership by sifting, and uniformly random elements. Knows nothing of puzzles;
// Puzzle::group() (core/puzzle.hpp) is the group of a puzzle's moves acting on its
// (position, orientation) slots.
//
// Built by the random Schreier–Sims algorithm (Seress, "Permutation Group Algorithms", 4.3):
// random elements of the group (product replacement, from a fixed seed, so every build gives the
// same chain) are sifted through the chain built so far, and each one that does not sift to the
// identity extends it. When the chain is incomplete, it describes a proper subset of the group,
// at most half of it, so a uniformly random element fails to sift with probability >= 1/2; the
// build stops after `confidence` consecutive elements sift (by default 64: an incomplete chain
// survives that with probability below 2^-64, for random elements close to uniform).
// `verify()` checks the chain deterministically (every Schreier generator sifts), which is
// affordable for small groups (the unit tests' puzzles) and grows as base length² × orbit size.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "core/big_count.hpp"

namespace polytwist {

class PermutationGroup {
 public:
  using Permutation = std::vector<int>;  // perm[i] is the image of point i

  struct Options {
    // Base points are chosen from the points the new strong generator moves, first in this order
    // (points absent from it come after, smallest first). Sift failures then name early points.
    std::vector<int> basePreference = {};
    // The chain's first base points, in this order, even where their basic orbits are trivial:
    // then the stabilizer of all of them is a level of the chain (stabilizerGenerators).
    std::vector<int> initialBase = {};
    int confidence = 64;  // consecutive random elements that must sift before the build stops
    std::uint64_t seed = 0x5eed5c1e12345ULL;  // the build's own random elements
  };

  // Throws std::invalid_argument unless every generator is a permutation of 0..degree-1
  // (degree 1 to 65535). No generators: the trivial group.
  PermutationGroup(int degree, const std::vector<Permutation>& generators);
  PermutationGroup(int degree, const std::vector<Permutation>& generators, Options options);

  int degree() const { return degree_; }
  BigCount order() const;
  // The base points, and the length of each basic orbit (order = their product).
  std::vector<int> base() const;
  std::vector<int> basicOrbitLengths() const;
  int strongGeneratorCount() const { return static_cast<int>(strong_.size()); }

  // Sifting `perm` through the chain: member, or the level at which it stopped. At level
  // i < base().size() no element of the group that fixes the earlier base points maps
  // base()[i] to `image` (what the partly sifted perm maps it to); at level base().size() the
  // sifted perm fixes every base point but is not the identity (`point` is a point it moves).
  struct Sift {
    bool member = false;
    int level = -1;
    int point = -1;
    int image = -1;
  };
  // A perm of the wrong size, or no permutation, is no member (level -1).
  Sift sift(const Permutation& perm) const;
  bool contains(const Permutation& perm) const { return sift(perm).member; }
  // Sifts `perm` (a permutation of the right size) in place through the first `levels` levels
  // only; `member` then means that it passed them: `perm` has become u⁻¹ ∘ perm for a product u
  // of coset representatives, which fixes those base points, and the original is in the group
  // exactly when that residue is in their stabilizer.
  Sift siftThrough(Permutation& perm, int levels) const;
  // Strong generators of the stabilizer of the first `level` base points (they generate it).
  std::vector<Permutation> stabilizerGenerators(int level) const;

  // A uniformly random element: one coset representative per level, each drawn with
  // uniformBelow (core/random.hpp), so a seed gives the same element on every build.
  Permutation random(std::mt19937_64& rng) const;

  // Deterministic check of the chain (Schreier's lemma: every Schreier generator of every level
  // sifts through the levels below it). Cost grows with the base length squared times the orbit
  // lengths: milliseconds for the 3x3x3, minutes for big cubes.
  bool verify() const;

 private:
  using Point = std::uint16_t;
  struct Level {
    int point = 0;
    std::vector<int> orbitIndex;     // per point: its index in `orbit`, or -1
    std::vector<Point> orbit;        // orbit[0] == point
    std::vector<Point> inverseReps;  // per orbit point y, u_y⁻¹ (u_y maps point to y), flattened
    std::vector<int> generators;     // strong generators fixing the earlier base points
  };

  // Sifts `g` in place from level `from`; returns the level where it stopped (levels_.size() when
  // it passed every level).
  int siftFrom(std::vector<Point>& g, int from) const;
  bool isIdentity(const std::vector<Point>& g) const;
  // Adds g (which stopped at `level`) as a strong generator; true when the chain grew.
  bool addGenerator(const std::vector<Point>& g, int level);
  bool siftAndAdd(std::vector<Point> g);
  Level newLevel(int point) const;
  void extendOrbit(Level& level, int generator);
  int choosePoint(const std::vector<Point>& g) const;

  int degree_ = 0;
  Options options_;
  std::vector<int> preferenceRank_;  // per point, its place in the base preference
  std::vector<Level> levels_;
  std::vector<std::vector<Point>> strong_, strongInverse_;
};

}  // namespace polytwist
