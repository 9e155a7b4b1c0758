#include "server/pictures.hpp"

#include <algorithm>

#include "api/service.hpp"
#include "render/image.hpp"
#include "server/http_text.hpp"
#include "server/png.hpp"

namespace polytwist::server {
namespace {

// Where the path names a picture: its format ("svg", "png", or "" for /image, whose fmt
// parameter decides) and the raw query text.
struct PictureRoute {
  std::string extension;
  std::string rawQuery;
  bool badExtension = false;  // /image/… that ends neither in .svg nor in .png
};

std::optional<PictureRoute> pictureRoute(const std::string& target) {
  const auto question = target.find('?');
  const std::string rawPath = target.substr(0, question);
  const std::string rawQuery = question == std::string::npos ? "" : target.substr(question + 1);
  if (rawPath == "/image.svg") return PictureRoute{"svg", rawQuery};
  if (rawPath == "/image.png") return PictureRoute{"png", rawQuery};
  if (rawPath == "/image") return PictureRoute{"", rawQuery};
  // The path form /image/Q.svg: MediaWiki shows an external image inline only when its address
  // ends in .png/.gif/.jpg (docs/server.md), which a query string cannot.
  constexpr std::string_view prefix = "/image/";
  if (rawPath.rfind(prefix, 0) == 0 && rawQuery.empty()) {
    const std::string rest = rawPath.substr(prefix.size());
    for (const char* extension : {"svg", "png"}) {
      const std::string suffix = std::string(".") + extension;
      if (rest.size() >= suffix.size() &&
          rest.compare(rest.size() - suffix.size(), suffix.size(), suffix) == 0) {
        return PictureRoute{extension, rest.substr(0, rest.size() - suffix.size())};
      }
    }
    return PictureRoute{"", "", true};
  }
  return std::nullopt;
}

void setBody(Response& response, std::string bytes, const char* contentType) {
  response.setHeader("Content-Type", contentType);
  response.body = std::make_shared<const std::string>(std::move(bytes));
}

// The ETag of a valid query: the engine version and the parameters, sorted (their order changes
// nothing).
std::string pictureETag(Parameters parameters) {
  std::sort(parameters.begin(), parameters.end());
  std::uint64_t hash = fnv1a(polytwist::service::kVersion);
  for (const auto& [name, value] : parameters) {
    hash = fnv1a(value, fnv1a(std::string_view("\x1f", 1), fnv1a(name, hash)));
    hash = fnv1a(std::string_view("\x1e", 1), hash);
  }
  return "\"" + std::string(polytwist::service::kVersion) + "-" + hex64(hash) + "\"";
}

Response drawPicture(const Request& request, const PictureRoute& route) {
  if (route.badExtension) {
    return errorPicture(404, "/image/QUERY paths end in .svg or .png", "svg");
  }
  const std::string format = route.extension.empty() ? std::string("svg") : route.extension;
  std::string error;
  auto parameters = parseQuery(route.rawQuery, error);
  if (!parameters) return errorPicture(400, error, format);
  // The extension sets fmt; an fmt that says the same is dropped, another one refused.
  std::string wanted = route.extension;
  for (auto it = parameters->begin(); it != parameters->end();) {
    if (it->first == "fmt" && !route.extension.empty()) {
      if (it->second != route.extension) {
        return errorPicture(
            400, "fmt=" + it->second.substr(0, 40) + " contradicts the path's ." + route.extension,
            format);
      }
      it = parameters->erase(it);
    } else {
      if (it->first == "fmt") wanted = it->second;
      ++it;
    }
  }
  if (!route.extension.empty()) parameters->emplace_back("fmt", route.extension);

  // Only valid queries get an ETag: one that comes back names a valid query of this version,
  // whose picture the client has. 304 without drawing it again.
  const std::string etag = pictureETag(*parameters);
  Response response;
  if (matchesETag(request.header("If-None-Match"), etag)) {
    response.status = 304;
    response.setHeader("ETag", etag);
    response.setHeader("Cache-Control", kImmutable);
    return response;
  }
  const polytwist::ImageAnswer answer = polytwist::imageFromParameters(*parameters);
  const std::string answerFormat = answer.format.empty() ? wanted : answer.format;
  if (answer.status != 200) {
    return errorPicture(answer.status, answer.error, answerFormat == "png" ? "png" : "svg");
  }
  if (answerFormat == "png") {
    auto png = svgToPng(answer.svg, error);
    if (!png) return errorPicture(500, "PNG rendering failed: " + error, "svg");
    setBody(response, std::move(*png), "image/png");
  } else {
    response.setHeader("Content-Security-Policy", kSvgPolicy);
    setBody(response, answer.svg, "image/svg+xml; charset=utf-8");
  }
  response.setHeader("ETag", etag);
  response.setHeader("Cache-Control", kImmutable);
  return response;
}

}  // namespace

std::optional<Response> answerPicture(const Request& request) {
  const auto route = pictureRoute(request.target);
  if (!route) return std::nullopt;
  return drawPicture(request, *route);
}

Response errorPicture(int status, const std::string& message, const std::string& format) {
  Response response;
  response.status = status;
  // The message, also as a header for clients that do not look at pictures (one line).
  std::string headerText = message.substr(0, 300);
  for (char& c : headerText) {
    // Header values are ASCII: control characters become spaces, other bytes '?'.
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) c = ' ';
    if (byte >= 0x80) c = '?';
  }
  response.setHeader("X-Polytwist-Error", headerText);
  // A refused query stays refused for one engine version, but may be fixed by the next one.
  response.setHeader("Cache-Control", "public, max-age=300");
  const std::string svg = polytwist::errorImage(message);
  if (format == "png") {
    std::string error;
    if (auto png = svgToPng(svg, error)) {
      setBody(response, std::move(*png), "image/png");
      return response;
    }
  }
  response.setHeader("Content-Security-Policy", kSvgPolicy);
  setBody(response, svg, "image/svg+xml; charset=utf-8");
  return response;
}

}  // namespace polytwist::server
