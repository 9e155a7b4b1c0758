#pragma once
// Table bytes (files, exports, imports) hold their numbers as 8 bytes, little-endian, whatever the
// machine: the page imports what the native CLI wrote.
#include <cstddef>
#include <cstdint>
#include <string>

namespace polytwist {

inline void putU64(std::string& out, std::uint64_t value) {
  for (int i = 0; i < 8; ++i) out += static_cast<char>((value >> (8 * i)) & 0xff);
}

// Reads the number at `at` and moves past it; false when fewer than 8 bytes are left.
inline bool getU64(const std::string& in, std::size_t& at, std::uint64_t& value) {
  if (in.size() < 8 || at > in.size() - 8) return false;
  value = 0;
  for (int i = 0; i < 8; ++i) {
    value |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(in[at + i])) << (8 * i);
  }
  at += 8;
  return true;
}

}  // namespace polytwist
