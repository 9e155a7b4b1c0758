// Ranking: bijections between combinatorial objects and 0..count-1 (seed 001, section 2.1.4).
//
// Permutations use Lehmer codes computed in linear time with a bitmask and a popcount (Korf and
// Schultze); partial permutations (k of n pieces tracked) use the falling-factorial base
// n·(n-1)···(n-k+1). Orientation vectors are base-`orientations` numbers; with a sum constraint the
// last orientation is implied and left out.
#pragma once

#include <cstdint>
#include <span>

namespace polytwist {

// These rank objects of orbits of at most 32 pieces, with counts below 2^64: the distance tables'
// coordinates (search/coordinate.hpp refuses larger orbits). Counts of whole puzzles, which
// overflow 64 bits, are BigCounts (core/big_count.hpp).
//
// n! for n <= 20.
std::uint64_t factorial(int n);
// n·(n-1)···(n-k+1): the number of ordered choices of k of n items.
std::uint64_t fallingFactorial(int n, int k);

// Rank of the partial permutation `positions` (k distinct values in 0..n-1) among all n!/(n-k)!
// such sequences, in lexicographic order. With k == n it is the Lehmer rank of a permutation.
std::uint64_t rankPartialPermutation(std::span<const std::uint8_t> positions, int n);
void unrankPartialPermutation(std::uint64_t rank, int n, std::span<std::uint8_t> positions);

// C(n, k) for 0 <= n <= 32 (0 when k is outside 0..n).
std::uint64_t binomial(int n, int k);
// Rank of a k-subset of 0..n-1 (given as a bit mask) among the C(n,k) subsets, in colex order.
std::uint64_t rankCombination(std::uint32_t mask);
std::uint32_t unrankCombination(std::uint64_t rank, int n, int k);

// Permutation parity: 0 even, 1 odd (any length up to 256).
int permutationParity(std::span<const std::uint8_t> perm);

// Rank of a permutation of 0..n-1 whose parity is known, among the n!/2 permutations of that
// parity. Lexicographic neighbours 2j and 2j+1 differ by a swap of the last two elements, so the
// Lehmer rank halved is a bijection; unranking swaps the last two back when the parity is wrong.
std::uint64_t rankPermutationOfKnownParity(std::span<const std::uint8_t> perm);
void unrankPermutationOfParity(std::uint64_t rank, int parity, std::span<std::uint8_t> perm);

// Orientation vectors: each entry in 0..orientations-1. With `sumIsZero` the last entry is implied
// by sum ≡ 0 (mod orientations) and the rank covers only the first n-1 entries.
std::uint64_t orientationCount(int n, int orientations, bool sumIsZero);
std::uint64_t rankOrientations(std::span<const std::uint8_t> ori, int orientations, bool sumIsZero);
void unrankOrientations(std::uint64_t rank, int orientations, bool sumIsZero,
                        std::span<std::uint8_t> ori);

}  // namespace polytwist
