// uniformBelow (core/random.hpp), pinned on generator outputs whose results are worked out by
// hand from its definition: accept x when x >= 2^64 mod n, answer x mod n.
#include "core/random.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

using polytwist::uniformBelow;

namespace {

// A generator that gives the outputs it is told, and counts them.
struct Scripted {
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return UINT64_MAX; }
  std::vector<std::uint64_t> outputs;
  std::size_t used = 0;
  result_type operator()() {
    if (used == outputs.size()) throw std::logic_error("more outputs drawn than scripted");
    return outputs[used++];
  }
};

}  // namespace

TEST_CASE("uniformBelow: x mod n, drawing again below 2^64 mod n") {
  // 2^64 mod 6 = 4 (2^64 is even, and 1 mod 3): outputs 0-3 are drawn again.
  Scripted six{{3, 0, 4}};
  CHECK(uniformBelow(six, 6) == 4);
  CHECK(six.used == 3);
  Scripted sixLargest{{UINT64_MAX}};  // 2^64 - 1 = 4 - 1 = 3 mod 6
  CHECK(uniformBelow(sixLargest, 6) == 3);
  // 2^64 mod 12 = 4 (0 mod 4, 1 mod 3); 1000 = 83 × 12 + 4.
  Scripted twelve{{1000}};
  CHECK(uniformBelow(twelve, 12) == 4);
  // n = 1: nothing is drawn again, the answer is 0.
  Scripted one{{0}};
  CHECK(uniformBelow(one, 1) == 0);
  CHECK(one.used == 1);
  // n = 2^63 + 1: 2^64 mod n = 2^63 - 1, so nearly half the outputs are drawn again.
  const std::uint64_t half = std::uint64_t{1} << 63;
  Scripted large{{half - 2, half - 1}};
  CHECK(uniformBelow(large, half + 1) == half - 1);
  CHECK(large.used == 2);
  Scripted largeTop{{UINT64_MAX}};  // 2^64 - 1 - (2^63 + 1)
  CHECK(uniformBelow(largeTop, half + 1) == half - 2);
}

TEST_CASE("uniformBelow: on std::mt19937_64, whose outputs the standard fixes") {
  // [rand.predef]: the 10000th output of a default-constructed mt19937_64 is
  // 9981545732273789042; 2^64 mod 10 = 6, so it is taken and gives its last digit.
  std::mt19937_64 generator;
  generator.discard(9999);
  CHECK(uniformBelow(generator, 10) == 2);
}
