// The picture API: /image.svg?Q, /image.png?Q, /image?Q (fmt in Q), /image/Q.svg, /image/Q.png,
// pictures from polytwist::imageFromParameters (Q: VisualCube-style parameters, docs/images.md).
#pragma once

#include <optional>
#include <string>

#include "server/http_message.hpp"

namespace polytwist::server {

// SVG responses are documents when opened alone: no script, no outside resources.
inline constexpr const char* kSvgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
inline constexpr const char* kImmutable = "public, max-age=31536000, immutable";

// The picture the request asks for, or its error as a picture; nullopt: not a picture path.
std::optional<Response> answerPicture(const Request& request);

// An error of the picture API is a picture too (as VisualCube's), with the HTTP status and the
// message in X-Polytwist-Error; `format` is "png" or "svg".
Response errorPicture(int status, const std::string& message, const std::string& format);

}  // namespace polytwist::server
