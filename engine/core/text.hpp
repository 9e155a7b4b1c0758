// Small text helpers shared by messages and printers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace polytwist {

inline std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string text;
  for (const std::string& item : items) {
    if (!text.empty()) text += separator;
    text += item;
  }
  return text;
}

}  // namespace polytwist
