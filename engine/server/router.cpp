#include "server/router.hpp"

#include <array>
#include <exception>
#include <string_view>

#include "server/http_text.hpp"
#include "server/pictures.hpp"

namespace polytwist::server {
namespace {

// Methods HTTP defines, which get 405; any other word is not a method of HTTP/1.1: 400.
bool isKnownMethod(std::string_view method) {
  constexpr std::array<std::string_view, 9> known = {
      "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"};
  for (const auto name : known) {
    if (name == method) return true;
  }
  return false;
}

void setCommonHeaders(Response& response) {
  response.setHeader("X-Content-Type-Options", "nosniff");
  // The site's pages are cross-origin isolated (the threaded engine needs it); the pictures,
  // scripts, worker and wasm may be loaded by pages of other origins (wikis), isolated or not.
  response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  response.setHeader("Cross-Origin-Embedder-Policy", "require-corp");
  response.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  response.setHeader("Access-Control-Allow-Origin", "*");
}

}  // namespace

Response Router::route(const Request& request) {
  if (request.target.size() > kMaxTargetLength) {
    return errorPicture(414,
                        "request target of " + std::to_string(request.target.size()) +
                            " bytes (at most " + std::to_string(kMaxTargetLength) + ")",
                        "svg");
  }
  std::size_t headerBytes = 0;
  for (const auto& [name, value] : request.headers) headerBytes += name.size() + value.size() + 4;
  if (headerBytes > kMaxHeaderBytes) {
    return plainTextResponse(431, "request headers of " + std::to_string(headerBytes) +
                                      " bytes (at most " + std::to_string(kMaxHeaderBytes) + ")\n");
  }
  if (request.method != "GET" && request.method != "HEAD") {
    if (!isKnownMethod(request.method)) {
      return plainTextResponse(400, "unknown method \"" + request.method.substr(0, 40) + "\"\n");
    }
    if (request.bodyBytes > kMaxBodyBytes) {
      return plainTextResponse(413, "request body over " + std::to_string(kMaxBodyBytes) +
                                        " bytes (and method " + request.method +
                                        " is not allowed: GET or HEAD)\n");
    }
    Response refused =
        plainTextResponse(405, "method " + request.method + " not allowed: GET or HEAD\n");
    refused.setHeader("Allow", "GET, HEAD");
    return refused;
  }
  if (request.target.empty() || request.target[0] != '/') {
    return plainTextResponse(400, "bad request target: it starts with /\n");
  }
  if (auto picture = answerPicture(request)) return std::move(*picture);
  const auto path = percentDecode(request.target.substr(0, request.target.find('?')), false);
  if (!path) return plainTextResponse(400, "bad path: broken percent-escape\n");
  return site_.answer(request, *path);
}

Response Router::answer(const Request& request) noexcept {
  Response response;
  try {
    response = route(request);
  } catch (const std::exception& error) {
    try {
      response = plainTextResponse(500, std::string("internal error: ") + error.what() + "\n");
    } catch (...) {
      response = Response{};
      response.status = 500;
    }
  } catch (...) {
    response = Response{};
    response.status = 500;
  }
  try {
    setCommonHeaders(response);
  } catch (...) {
    // Out of memory for the headers: the status alone still goes out.
  }
  return response;
}

}  // namespace polytwist::server
