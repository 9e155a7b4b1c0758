#pragma once
// Random numbers in a range, the same on every standard library (docs/api.md, "Seeds").
// std::uniform_int_distribution and std::shuffle leave their algorithm to the library, so one seed
// gave one scramble natively (libstdc++) and another in WebAssembly (libc++). Every scramble,
// benchmark and survey draws through `uniformBelow` instead, from std::mt19937_64 (whose output
// the C++ standard fixes).
#include <cstdint>
#include <random>

namespace polytwist {

// A uniformly random whole number from 0 to n-1 (n >= 1), by rejection: a generator output x is
// used only when x >= 2^64 mod n, so that the accepted outputs are a multiple of n and x mod n is
// unbiased; otherwise the next output is drawn. One output per draw except with probability
// (2^64 mod n) / 2^64, below 2^-56 for the ranges the engine draws from.
template <class Generator>
std::uint64_t uniformBelow(Generator& generator, std::uint64_t n) {
  static_assert(Generator::min() == 0 && Generator::max() == UINT64_MAX,
                "uniformBelow needs a generator of whole 64-bit outputs");
  const std::uint64_t rejectedBelow = (0 - n) % n;  // 2^64 mod n, in 64-bit arithmetic
  for (;;) {
    const std::uint64_t x = generator();
    if (x >= rejectedBelow) return x % n;
  }
}

}  // namespace polytwist
