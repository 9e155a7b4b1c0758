// Exact counts too large for 128 bits: positions of big puzzles (a 4x4x4 has 7.4e45, a Megaminx
// 1.0e68, a Gigaminx 3.6e263) and orders of permutation groups. A small unsigned arbitrary-
// precision integer: products, division by small numbers, decimal text. Nothing more.
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

namespace polytwist {

class BigCount {
 public:
  BigCount() = default;
  explicit BigCount(std::uint64_t value);
  static BigCount factorial(int n);  // n! (1 for n <= 1)

  BigCount& operator*=(std::uint32_t factor);
  BigCount& operator*=(const BigCount& factor);
  // Floor division by a small number; divideBy also answers the remainder. Division by 0 throws
  // std::domain_error.
  std::uint32_t divideBy(std::uint32_t divisor);
  BigCount& operator/=(std::uint32_t divisor) {
    divideBy(divisor);
    return *this;
  }
  friend BigCount operator*(BigCount a, const BigCount& b) { return a *= b; }
  friend BigCount operator*(BigCount a, std::uint32_t b) { return a *= b; }

  bool isZero() const { return limbs_.empty(); }
  // The value when it fits in 64 bits, else 2^64 - 1.
  std::uint64_t saturated64() const;
  std::string toString() const;  // decimal, no separators: "43252003274489856000"

  bool operator==(const BigCount&) const = default;
  std::strong_ordering operator<=>(const BigCount& other) const;

 private:
  void trim();
  std::vector<std::uint32_t> limbs_;  // base 2^32, least significant first, no leading zeros
};

}  // namespace polytwist
