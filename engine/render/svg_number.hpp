// Numbers in the SVG pictures drawn by hand (the Clock's, the Square-1's): two decimals at most,
// trailing zeros dropped, no "-0".
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace polytwist {

inline std::string svgNumber(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", std::abs(value) < 0.005 ? 0.0 : value);
  std::string text = buffer;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

}  // namespace polytwist
