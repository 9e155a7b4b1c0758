// Every request's answer, from its method, target and headers (docs/server.md): limits, methods,
// the picture API (pictures.hpp), then the static site (site_files.hpp). No I/O of its own, so
// that the unit tests and the fuzzer call it as the server does.
#pragma once

#include <cstddef>

#include "server/http_message.hpp"
#include "server/site_files.hpp"

namespace polytwist::server {

// Limits (docs/server.md); parameter values are limited by imageFromParameters (image.hpp).
inline constexpr std::size_t kMaxTargetLength = 4096;  // request target (path + query): 414
inline constexpr std::size_t kMaxHeaderBytes = 16384;  // all request headers together: 431
inline constexpr std::size_t kMaxBodyBytes = 65536;    // bodies are only drained (405); 413 beyond

class Router {
 public:
  explicit Router(SiteFiles& site) : site_(site) {}

  // Never throws: an exception (out of memory, say) is a 500 with its message.
  Response answer(const Request& request) noexcept;

 private:
  Response route(const Request& request);
  SiteFiles& site_;
};

}  // namespace polytwist::server
