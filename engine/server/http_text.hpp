// The small text forms of HTTP the server reads and writes: percent-escapes, query strings, the
// If-None-Match and Accept-Encoding lists, and the hashes that name ETags.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace polytwist::server {

using Parameters = std::vector<std::pair<std::string, std::string>>;

std::string hex64(std::uint64_t value);
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = 0xcbf29ce484222325ull);
std::string asciiLower(std::string text);

// Percent-decoding; '+' is a space in query components (not in paths). nullopt on a broken
// escape.
std::optional<std::string> percentDecode(std::string_view text, bool plusIsSpace);

// `a=1&b=2` as (name, value) pairs in their order, or nullopt with `error` set.
std::optional<Parameters> parseQuery(std::string_view query, std::string& error);

// Does an If-None-Match header name `etag` (or *)? Weak comparison, as for GET.
bool matchesETag(const std::string* ifNoneMatch, std::string_view etag);

// The q-value an Accept-Encoding header gives `coding` (an explicit entry, else *), 0 when
// absent.
double acceptedQuality(const std::string* acceptEncoding, std::string_view coding);

}  // namespace polytwist::server
