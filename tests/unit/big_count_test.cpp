#include "core/big_count.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>

using namespace polytwist;

namespace {

BigCount power(std::uint32_t base, int exponent) {
  BigCount result(1);
  for (int i = 0; i < exponent; ++i) result *= base;
  return result;
}

}  // namespace

TEST_CASE("big count: decimal text of small values and of 64-bit edges") {
  CHECK(BigCount().toString() == "0");
  CHECK(BigCount(0).toString() == "0");
  CHECK(BigCount(7).toString() == "7");
  CHECK(BigCount(1000000000).toString() == "1000000000");
  CHECK(BigCount(999999999).toString() == "999999999");
  CHECK(BigCount(UINT64_MAX).toString() == "18446744073709551615");
  CHECK(BigCount(UINT64_MAX).saturated64() == UINT64_MAX);
  CHECK(BigCount(12345).saturated64() == 12345);
  CHECK((BigCount(UINT64_MAX) * 2u).saturated64() == UINT64_MAX);
  CHECK((BigCount(UINT64_MAX) * 2u).toString() == "36893488147419103230");
  CHECK(BigCount().isZero());
  CHECK((BigCount(5) * BigCount()).isZero());
}

TEST_CASE("big count: products and quotients agree with 64-bit arithmetic") {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint64_t a = rng() >> 34, b = rng() >> 34;  // 30 bits each
    const std::uint32_t d = static_cast<std::uint32_t>(rng() >> 40) + 1;
    CHECK((BigCount(a) * BigCount(b)).toString() == std::to_string(a * b));
    CHECK((BigCount(a) * static_cast<std::uint32_t>(b)).toString() == std::to_string(a * b));
    BigCount q(a * b);
    CHECK(q.divideBy(d) == (a * b) % d);
    CHECK(q.toString() == std::to_string(a * b / d));
    CHECK((BigCount(a) < BigCount(b)) == (a < b));
    CHECK((BigCount(a) == BigCount(b)) == (a == b));
  }
  BigCount zero;
  CHECK_THROWS_AS(zero.divideBy(0), std::domain_error);
}

TEST_CASE("big count: factorials and powers beyond 128 bits") {
  CHECK(BigCount::factorial(0).toString() == "1");
  CHECK(BigCount::factorial(1).toString() == "1");
  CHECK(BigCount::factorial(20).toString() == "2432902008176640000");
  CHECK(BigCount::factorial(30).toString() == "265252859812191058636308480000000");
  CHECK(BigCount::factorial(60).toString() ==
        "8320987112741390144276341183223364380754172606361245952449277696409600000000000000");
  CHECK(power(2, 200).toString() ==
        "1606938044258990275541962092341162602522202993782792835301376");
  CHECK(power(3, 100).toString() == "515377520732011331036461129765621272702107522001");
  CHECK(power(2, 200) * power(3, 100) == power(6, 100) * power(2, 100));
  CHECK(power(2, 200) > power(3, 100));
  CHECK(power(3, 100) < power(2, 200));
  // 60! / 59! / 60 = 1, one small division at a time.
  BigCount f = BigCount::factorial(60);
  for (std::uint32_t k = 2; k <= 60; ++k) CHECK(f.divideBy(k) == 0);
  CHECK(f == BigCount(1));
}

TEST_CASE("big count: the position counts of big puzzles") {
  using C = BigCount;
  // 4x4x4: 8!·3^7·24!·24! / (4!^6) / 24 rotations.
  BigCount cube4 = C::factorial(8) * power(3, 7) * C::factorial(24) * C::factorial(24);
  for (int colour = 0; colour < 6; ++colour) cube4 /= 24;
  cube4 /= 24;
  CHECK(cube4.toString() == "7401196841564901869874093974498574336000000000");
  // Megaminx: 20!/2·3^19 · 30!/2·2^29.
  BigCount megaminx = C::factorial(20) * power(3, 19) * C::factorial(30) * power(2, 29);
  megaminx /= 4;
  CHECK(megaminx.toString() ==
        "100669616553523347122516032313645505168688116411019768627200000000000");
  // Gigaminx: the Megaminx · 60!/2 wings · (60!/5!^12)^2 centres: 3.6e263.
  BigCount gigaminx = megaminx * C::factorial(60) * C::factorial(60) * C::factorial(60);
  gigaminx /= 2;
  for (int i = 0; i < 24; ++i) gigaminx /= 120;
  CHECK(gigaminx.toString() ==
        "36479011530733075986308161037231810126550658817557032614250463652442041805201259196583382"
        "44940029831411953637198326225998593216732823782582855489227595564752672239391679703105842"
        "46376631322981975599093194264275595527530658078092007833600000000000000000000000000000");
}
