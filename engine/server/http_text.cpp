#include "server/http_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "server/http_message.hpp"

namespace polytwist::server {
namespace {

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// Calls `each` with every comma-separated item of a header list, trimmed.
template <typename Each>
void forEachListItem(std::string_view list, Each each) {
  std::size_t start = 0;
  while (start <= list.size()) {
    const auto end = std::min(list.find(',', start), list.size());
    if (!each(trimmed(list.substr(start, end - start)))) return;
    start = end + 1;
  }
}

bool sameHeaderName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

int hexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

const std::string* findHeader(const HeaderList& headers, std::string_view name) {
  for (const auto& header : headers) {
    if (sameHeaderName(header.first, name)) return &header.second;
  }
  return nullptr;
}

void Response::setHeader(std::string_view name, std::string value) {
  for (auto& header : headers) {
    if (sameHeaderName(header.first, name)) {
      header.second = std::move(value);
      return;
    }
  }
  headers.emplace_back(std::string(name), std::move(value));
}

Response plainTextResponse(int status, std::string text) {
  Response response;
  response.status = status;
  response.setHeader("Cache-Control", "no-store");
  response.setHeader("Content-Type", "text/plain; charset=utf-8");
  response.body = std::make_shared<const std::string>(std::move(text));
  return response;
}

std::string hex64(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash) {
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

std::string asciiLower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::optional<std::string> percentDecode(std::string_view text, bool plusIsSpace) {
  std::string decoded;
  decoded.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+' && plusIsSpace) {
      decoded += ' ';
    } else if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int high = hexDigitValue(text[i + 1]), low = hexDigitValue(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      decoded += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      decoded += text[i];
    }
  }
  return decoded;
}

std::optional<Parameters> parseQuery(std::string_view query, std::string& error) {
  Parameters parameters;
  std::size_t start = 0;
  while (start <= query.size()) {
    const auto end = std::min(query.find('&', start), query.size());
    const std::string_view pair = query.substr(start, end - start);
    if (!pair.empty()) {
      const auto equals = pair.find('=');
      const auto name = percentDecode(pair.substr(0, equals), true);
      const auto value =
          percentDecode(equals == std::string_view::npos ? "" : pair.substr(equals + 1), true);
      if (!name || !value) {
        error = "broken percent-escape in \"" + std::string(pair.substr(0, 80)) + "\"";
        return std::nullopt;
      }
      parameters.emplace_back(*name, *value);
    }
    start = end + 1;
  }
  return parameters;
}

bool matchesETag(const std::string* ifNoneMatch, std::string_view etag) {
  if (!ifNoneMatch) return false;
  bool matched = false;
  forEachListItem(*ifNoneMatch, [&](std::string_view item) {
    if (item.substr(0, 2) == "W/") item.remove_prefix(2);
    matched = item == "*" || item == etag;
    return !matched;
  });
  return matched;
}

double acceptedQuality(const std::string* acceptEncoding, std::string_view coding) {
  if (!acceptEncoding) return 0;
  const std::string list = asciiLower(*acceptEncoding);
  double quality = 0, wildcard = 0;
  bool found = false;
  forEachListItem(list, [&](std::string_view item) {
    const std::string_view name = trimmed(item.substr(0, item.find(';')));
    double itemQuality = 1;
    if (const auto q = item.find("q="); q != std::string_view::npos) {
      itemQuality = std::strtod(std::string(item.substr(q + 2)).c_str(), nullptr);
    }
    if (name == coding) {
      quality = itemQuality;
      found = true;
      return false;
    }
    if (name == "*") wildcard = itemQuality;
    return true;
  });
  return found ? quality : wildcard;
}

}  // namespace polytwist::server
