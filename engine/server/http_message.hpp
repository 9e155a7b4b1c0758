// One HTTP exchange as the server's code sees it, independent of the HTTP library: http_server.cpp
// fills a Request from libmicrohttpd and sends the Response back, so that the router is a plain
// function that the unit tests and the fuzzer (tests/fuzz/http_router_fuzz.cpp) call directly.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace polytwist::server {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

// The first header of that name (ASCII case-insensitive), or nullptr.
const std::string* findHeader(const HeaderList& headers, std::string_view name);

struct Request {
  std::string method;
  std::string target;  // path and query as on the request line, still percent-encoded
  HeaderList headers;
  std::uint64_t bodyBytes = 0;  // how much body arrived (the server stops reading at its limit)

  const std::string* header(std::string_view name) const { return findHeader(headers, name); }
};

struct Response {
  int status = 200;
  HeaderList headers;
  std::shared_ptr<const std::string> body;  // null: no body
  // A file too large to keep in memory: sent from disk, instead of body (fileSize bytes from
  // fileOffset).
  std::filesystem::path file;
  std::uint64_t fileOffset = 0, fileSize = 0;

  // Sets a header, replacing one of the same name.
  void setHeader(std::string_view name, std::string value);
  const std::string* header(std::string_view name) const { return findHeader(headers, name); }
  std::uint64_t bodySize() const { return body ? body->size() : fileSize; }
};

// A short plain-text answer (an error the client reads), never cached.
Response plainTextResponse(int status, std::string text);

}  // namespace polytwist::server
