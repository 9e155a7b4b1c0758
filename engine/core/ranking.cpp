#include "core/ranking.hpp"

#include <bit>
#include <bitset>
#include <cassert>
#include <utility>

namespace polytwist {

std::uint64_t factorial(int n) { return fallingFactorial(n, n); }

std::uint64_t fallingFactorial(int n, int k) {
  std::uint64_t result = 1;
  for (int i = 0; i < k; ++i) result *= static_cast<std::uint64_t>(n - i);
  return result;
}

std::uint64_t rankPartialPermutation(std::span<const std::uint8_t> positions, int n) {
  // Digit i is the number of still-unused values below positions[i]: popcount of the used-set mask
  // below it gives the used ones in O(1).
  const int k = static_cast<int>(positions.size());
  std::uint32_t used = 0;
  std::uint64_t rank = 0;
  for (int i = 0; i < k; ++i) {
    const int value = positions[i];
    const int usedBelow = std::popcount(used & ((1u << value) - 1u));
    rank = rank * static_cast<std::uint64_t>(n - i) + static_cast<std::uint64_t>(value - usedBelow);
    used |= 1u << value;
  }
  return rank;
}

void unrankPartialPermutation(std::uint64_t rank, int n, std::span<std::uint8_t> positions) {
  const int k = static_cast<int>(positions.size());
  // Peel the mixed-radix digits off from the last one.
  std::uint8_t digits[32];
  for (int i = k - 1; i >= 0; --i) {
    const auto base = static_cast<std::uint64_t>(n - i);
    digits[i] = static_cast<std::uint8_t>(rank % base);
    rank /= base;
  }
  std::uint32_t unused = (n >= 32) ? ~0u : ((1u << n) - 1u);
  for (int i = 0; i < k; ++i) {
    // The digits[i]-th unused value: clear the lowest set bits digits[i] times.
    std::uint32_t candidates = unused;
    for (int skip = 0; skip < digits[i]; ++skip) candidates &= candidates - 1u;
    const int value = std::countr_zero(candidates);
    positions[i] = static_cast<std::uint8_t>(value);
    unused &= ~(1u << value);
  }
}

int permutationParity(std::span<const std::uint8_t> perm) {
  // Parity = (n - number of cycles) mod 2.
  const int n = static_cast<int>(perm.size());
  int cycles = 0;
  if (n <= 32) {
    std::uint32_t seen = 0;
    for (int i = 0; i < n; ++i) {
      if (seen & (1u << i)) continue;
      ++cycles;
      for (int j = i; !(seen & (1u << j)); j = perm[j]) seen |= 1u << j;
    }
    return (n - cycles) & 1;
  }
  std::bitset<256> seen;  // perm holds values below 256
  for (int i = 0; i < n; ++i) {
    if (seen[i]) continue;
    ++cycles;
    for (int j = i; !seen[j]; j = perm[j]) seen[j] = true;
  }
  return (n - cycles) & 1;
}

std::uint64_t rankPermutationOfKnownParity(std::span<const std::uint8_t> perm) {
  return rankPartialPermutation(perm, static_cast<int>(perm.size())) / 2;
}

void unrankPermutationOfParity(std::uint64_t rank, int parity, std::span<std::uint8_t> perm) {
  const int n = static_cast<int>(perm.size());
  unrankPartialPermutation(rank * 2, n, perm);
  if (n >= 2 && permutationParity(perm) != parity) std::swap(perm[n - 2], perm[n - 1]);
}

std::uint64_t orientationCount(int n, int orientations, bool sumIsZero) {
  std::uint64_t count = 1;
  for (int i = 0; i < (sumIsZero ? n - 1 : n); ++i)
    count *= static_cast<std::uint64_t>(orientations);
  return count;
}

std::uint64_t rankOrientations(std::span<const std::uint8_t> ori, int orientations,
                               bool sumIsZero) {
  const std::size_t ranked = sumIsZero && !ori.empty() ? ori.size() - 1 : ori.size();
  std::uint64_t rank = 0;
  for (std::size_t i = 0; i < ranked; ++i) rank = rank * orientations + ori[i];
  return rank;
}

void unrankOrientations(std::uint64_t rank, int orientations, bool sumIsZero,
                        std::span<std::uint8_t> ori) {
  const std::size_t n = ori.size();
  const std::size_t ranked = sumIsZero && n > 0 ? n - 1 : n;
  int sum = 0;
  for (std::size_t i = ranked; i-- > 0;) {
    ori[i] = static_cast<std::uint8_t>(rank % orientations);
    sum += ori[i];
    rank /= orientations;
  }
  if (ranked < n)
    ori[n - 1] = static_cast<std::uint8_t>((orientations - sum % orientations) % orientations);
}

namespace {
// Pascal's triangle up to 32: searches rank combinations at every node.
struct Binomials {
  std::uint64_t value[33][33] = {};
  constexpr Binomials() {
    for (int n = 0; n <= 32; ++n) {
      value[n][0] = 1;
      for (int k = 1; k <= n; ++k)
        value[n][k] = value[n - 1][k - 1] + (k < n ? value[n - 1][k] : 0);
    }
  }
};
constexpr Binomials binomials;
}  // namespace

std::uint64_t binomial(int n, int k) {
  if (k < 0 || k > n || n > 32) return 0;
  return binomials.value[n][k];
}

// Colex: the subset {c1 < c2 < ... < ck} has rank C(c1,1) + C(c2,2) + ... + C(ck,k). Subsets of
// the first 12 come from a table: searches rank the cube's edge places per node.
namespace {
struct SmallCombinationRanks {
  std::uint16_t value[1 << 12];
  SmallCombinationRanks() {
    for (std::uint32_t mask = 0; mask < (1u << 12); ++mask) {
      std::uint32_t rank = 0;
      int taken = 0;
      for (int bit = 0; bit < 12; ++bit) {
        if (mask & (1u << bit)) rank += static_cast<std::uint32_t>(binomial(bit, ++taken));
      }
      value[mask] = static_cast<std::uint16_t>(rank);
    }
  }
};
const SmallCombinationRanks smallCombinationRanks;
}  // namespace

std::uint64_t rankCombination(std::uint32_t mask) {
  if (mask < (1u << 12)) return smallCombinationRanks.value[mask];
  std::uint64_t rank = 0;
  int taken = 0;
  while (mask != 0) {
    const int value = std::countr_zero(mask);
    mask &= mask - 1;
    rank += binomial(value, ++taken);
  }
  return rank;
}

std::uint32_t unrankCombination(std::uint64_t rank, int n, int k) {
  std::uint32_t mask = 0;
  for (int value = n - 1; k > 0; --value) {
    const std::uint64_t below = binomial(value, k);
    if (rank >= below) {
      rank -= below;
      mask |= 1u << value;
      --k;
    }
  }
  return mask;
}

}  // namespace polytwist
