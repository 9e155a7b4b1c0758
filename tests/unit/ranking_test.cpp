#include "core/ranking.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <set>
#include <vector>

using namespace polytwist;

namespace {

using Perm = std::vector<std::uint8_t>;

Perm identity(int n) {
  Perm p(n);
  std::iota(p.begin(), p.end(), std::uint8_t{0});
  return p;
}

// Parity from the inversion count: independent of the engine's cycle count.
int inversionParity(const Perm& p) {
  int inversions = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    for (std::size_t j = i + 1; j < p.size(); ++j) inversions += p[i] > p[j];
  }
  return inversions & 1;
}

// All k-sequences of distinct values of 0..n-1, in lexicographic order.
void partialPermutations(int n, int k, Perm& prefix, std::vector<bool>& used,
                         std::vector<Perm>& out) {
  if (static_cast<int>(prefix.size()) == k) {
    out.push_back(prefix);
    return;
  }
  for (int v = 0; v < n; ++v) {
    if (used[v]) continue;
    used[v] = true;
    prefix.push_back(static_cast<std::uint8_t>(v));
    partialPermutations(n, k, prefix, used, out);
    prefix.pop_back();
    used[v] = false;
  }
}

// All orientation vectors of length n, base `o`, the last entry varying fastest.
std::vector<Perm> orientationVectors(int n, int o) {
  std::vector<Perm> out;
  Perm v(n, 0);
  for (;;) {
    out.push_back(v);
    int i = n - 1;
    while (i >= 0 && v[i] == o - 1) v[i--] = 0;
    if (i < 0) return out;
    ++v[i];
  }
}

}  // namespace

TEST_CASE("ranking: factorial and falling factorial") {
  std::uint64_t f = 1;
  for (int n = 0; n <= 20; ++n) {
    if (n > 0) f *= static_cast<std::uint64_t>(n);
    CHECK(factorial(n) == f);
  }
  for (int n = 0; n <= 12; ++n) {
    for (int k = 0; k <= n; ++k) CHECK(fallingFactorial(n, k) == factorial(n) / factorial(n - k));
  }
  CHECK(fallingFactorial(32, 5) == 32ull * 31 * 30 * 29 * 28);
}

TEST_CASE("ranking: the Lehmer example of seed 001") {
  // {3,1,0,2}: 3 smaller values unused before the 3, 1 before the 1, then 0 and 0: Lehmer code
  // 3100, rank 3·3! + 1·2! + 0·1! + 0·0! = 20.
  const Perm p = {3, 1, 0, 2};
  CHECK(rankPartialPermutation(p, 4) == 20);
  Perm back(4);
  unrankPartialPermutation(20, 4, back);
  CHECK(back == p);
  CHECK(rankPartialPermutation(identity(4), 4) == 0);
  CHECK(rankPartialPermutation(Perm{3, 2, 1, 0}, 4) == 23);
}

TEST_CASE("ranking: full permutations n <= 8 follow std::next_permutation order") {
  for (int n = 0; n <= 8; ++n) {
    CAPTURE(n);
    Perm p = identity(n);
    std::uint64_t expected = 0;
    int bad = 0;
    Perm back(n);
    do {
      const std::uint64_t r = rankPartialPermutation(p, n);
      unrankPartialPermutation(expected, n, back);
      if (r != expected || back != p) ++bad;
      ++expected;
    } while (std::next_permutation(p.begin(), p.end()));
    CHECK(bad == 0);
    CHECK(expected == factorial(n));  // so the ranks were exactly 0..n!-1, each once
  }
}

TEST_CASE("ranking: partial permutations n <= 8, every k, are a lexicographic bijection") {
  for (int n = 1; n <= 8; ++n) {
    for (int k = 0; k <= n; ++k) {
      CAPTURE(n);
      CAPTURE(k);
      std::vector<Perm> all;
      Perm prefix;
      std::vector<bool> used(n, false);
      partialPermutations(n, k, prefix, used, all);
      REQUIRE(all.size() == fallingFactorial(n, k));
      int bad = 0;
      Perm back(k);
      for (std::uint64_t i = 0; i < all.size(); ++i) {
        unrankPartialPermutation(i, n, back);
        if (rankPartialPermutation(all[i], n) != i || back != all[i]) ++bad;
      }
      CHECK(bad == 0);
    }
  }
}

TEST_CASE("ranking: partial permutations of large orbits round trip") {
  std::mt19937_64 rng(7);
  for (int n : {12, 20, 31, 32}) {
    for (int k : {1, 2, 5, 8, 10}) {
      CAPTURE(n);
      CAPTURE(k);
      const std::uint64_t count = fallingFactorial(n, k);
      for (int trial = 0; trial < 200; ++trial) {
        Perm all = identity(n);
        std::shuffle(all.begin(), all.end(), rng);
        const Perm p(all.begin(), all.begin() + k);
        const std::uint64_t r = rankPartialPermutation(p, n);
        CHECK(r < count);
        Perm back(k);
        unrankPartialPermutation(r, n, back);
        CHECK(back == p);
      }
      // The extremes: the lexicographically first and last sequences.
      Perm first(k), last(k);
      unrankPartialPermutation(0, n, first);
      unrankPartialPermutation(count - 1, n, last);
      for (int i = 0; i < k; ++i) {
        CHECK(first[i] == i);
        CHECK(last[i] == n - 1 - i);
      }
    }
  }
}

TEST_CASE("ranking: permutation parity agrees with the inversion count") {
  for (int n = 0; n <= 8; ++n) {
    Perm p = identity(n);
    int bad = 0;
    do {
      if (permutationParity(p) != inversionParity(p)) ++bad;
    } while (std::next_permutation(p.begin(), p.end()));
    CHECK(bad == 0);
  }
}

TEST_CASE("ranking: known-parity ranking covers n!/2 for both parities (n <= 8)") {
  for (int n = 2; n <= 8; ++n) {
    CAPTURE(n);
    const std::uint64_t half = factorial(n) / 2;
    std::vector<int> hits[2] = {std::vector<int>(half, 0), std::vector<int>(half, 0)};
    Perm p = identity(n);
    int bad = 0;
    do {
      const int parity = inversionParity(p);
      const std::uint64_t r = rankPermutationOfKnownParity(p);
      if (r >= half) {
        ++bad;
        continue;
      }
      ++hits[parity][r];
      Perm back(n);
      unrankPermutationOfParity(r, parity, back);
      if (back != p) ++bad;
    } while (std::next_permutation(p.begin(), p.end()));
    CHECK(bad == 0);
    for (int parity = 0; parity < 2; ++parity) {
      CAPTURE(parity);
      // Each rank 0..n!/2-1 was hit exactly once, and unranking it gives that parity.
      CHECK(std::all_of(hits[parity].begin(), hits[parity].end(), [](int h) { return h == 1; }));
      for (std::uint64_t r = 0; r < half; ++r) {
        Perm q(n);
        unrankPermutationOfParity(r, parity, q);
        if (inversionParity(q) != parity || rankPermutationOfKnownParity(q) != r) ++bad;
      }
      CHECK(bad == 0);
    }
  }
}

TEST_CASE("ranking: orientation vectors without a sum rule") {
  for (int o = 2; o <= 4; ++o) {
    for (int n = 0; n <= 6; ++n) {
      CAPTURE(o);
      CAPTURE(n);
      const std::vector<Perm> all = orientationVectors(n, o);
      std::uint64_t expected = 1;
      for (int i = 0; i < n; ++i) expected *= static_cast<std::uint64_t>(o);
      CHECK(orientationCount(n, o, false) == expected);
      REQUIRE(all.size() == expected);
      int bad = 0;
      Perm back(n);
      for (std::uint64_t i = 0; i < all.size(); ++i) {
        unrankOrientations(i, o, false, back);
        if (rankOrientations(all[i], o, false) != i || back != all[i]) ++bad;
      }
      CHECK(bad == 0);
    }
  }
}

TEST_CASE("ranking: orientation vectors with the sum rule") {
  for (int o = 2; o <= 4; ++o) {
    for (int n = 1; n <= 7; ++n) {
      CAPTURE(o);
      CAPTURE(n);
      std::uint64_t expected = 1;
      for (int i = 0; i < n - 1; ++i) expected *= static_cast<std::uint64_t>(o);
      CHECK(orientationCount(n, o, true) == expected);
      std::set<std::uint64_t> ranks;
      int bad = 0;
      for (const Perm& v : orientationVectors(n, o)) {
        int sum = 0;
        for (std::uint8_t x : v) sum += x;
        if (sum % o != 0) continue;
        const std::uint64_t r = rankOrientations(v, o, true);
        if (r >= expected || !ranks.insert(r).second) ++bad;
        Perm back(n);
        unrankOrientations(r, o, true, back);
        if (back != v) ++bad;
      }
      CHECK(bad == 0);
      CHECK(ranks.size() == expected);  // a bijection onto 0..o^(n-1)-1
      // Every rank unranks to a vector whose entries add up to 0 mod o.
      for (std::uint64_t r = 0; r < expected; ++r) {
        Perm v(n);
        unrankOrientations(r, o, true, v);
        int sum = 0;
        for (std::uint8_t x : v) sum += x;
        if (sum % o != 0 || std::any_of(v.begin(), v.end(), [o](int x) { return x >= o; })) ++bad;
      }
      CHECK(bad == 0);
    }
  }
}
