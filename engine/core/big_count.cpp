#include "core/big_count.hpp"

#include <algorithm>
#include <stdexcept>

namespace polytwist {

BigCount::BigCount(std::uint64_t value) {
  while (value != 0) {
    limbs_.push_back(static_cast<std::uint32_t>(value));
    value >>= 32;
  }
}

BigCount BigCount::factorial(int n) {
  BigCount result(1);
  for (int i = 2; i <= n; ++i) result *= static_cast<std::uint32_t>(i);
  return result;
}

void BigCount::trim() {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
}

BigCount& BigCount::operator*=(std::uint32_t factor) {
  std::uint64_t carry = 0;
  for (std::uint32_t& limb : limbs_) {
    const std::uint64_t product = static_cast<std::uint64_t>(limb) * factor + carry;
    limb = static_cast<std::uint32_t>(product);
    carry = product >> 32;
  }
  if (carry != 0) limbs_.push_back(static_cast<std::uint32_t>(carry));
  trim();
  return *this;
}

BigCount& BigCount::operator*=(const BigCount& factor) {
  if (isZero() || factor.isZero()) {
    limbs_.clear();
    return *this;
  }
  std::vector<std::uint32_t> product(limbs_.size() + factor.limbs_.size(), 0);
  for (std::size_t i = 0; i < limbs_.size(); ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < factor.limbs_.size(); ++j) {
      const std::uint64_t t =
          static_cast<std::uint64_t>(limbs_[i]) * factor.limbs_[j] + product[i + j] + carry;
      product[i + j] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
    product[i + factor.limbs_.size()] = static_cast<std::uint32_t>(carry);
  }
  limbs_ = std::move(product);
  trim();
  return *this;
}

std::uint32_t BigCount::divideBy(std::uint32_t divisor) {
  if (divisor == 0) throw std::domain_error("BigCount: division by zero");
  std::uint64_t remainder = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) {
    const std::uint64_t current = (remainder << 32) | limbs_[i];
    limbs_[i] = static_cast<std::uint32_t>(current / divisor);
    remainder = current % divisor;
  }
  trim();
  return static_cast<std::uint32_t>(remainder);
}

std::uint64_t BigCount::saturated64() const {
  if (limbs_.size() > 2) return UINT64_MAX;
  std::uint64_t value = 0;
  for (std::size_t i = limbs_.size(); i-- > 0;) value = (value << 32) | limbs_[i];
  return value;
}

std::string BigCount::toString() const {
  if (isZero()) return "0";
  // Nine decimal digits at a time.
  BigCount rest = *this;
  std::vector<std::uint32_t> groups;
  while (!rest.isZero()) groups.push_back(rest.divideBy(1'000'000'000u));
  std::string text = std::to_string(groups.back());
  for (std::size_t i = groups.size() - 1; i-- > 0;) {
    const std::string digits = std::to_string(groups[i]);
    text += std::string(9 - digits.size(), '0') + digits;
  }
  return text;
}

std::strong_ordering BigCount::operator<=>(const BigCount& other) const {
  if (limbs_.size() != other.limbs_.size()) return limbs_.size() <=> other.limbs_.size();
  for (std::size_t i = limbs_.size(); i-- > 0;) {
    if (limbs_[i] != other.limbs_[i]) return limbs_[i] <=> other.limbs_[i];
  }
  return std::strong_ordering::equal;
}

}  // namespace polytwist
