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

// "a corner", "an edge": the noun with its indefinite article.
inline std::string withArticle(const std::string& noun) {
  const bool vowel =
      !noun.empty() && std::string_view("aeiou").find(noun[0]) != std::string_view::npos;
  return (vowel ? "an " : "a ") + noun;
}

}  // namespace polytwist
