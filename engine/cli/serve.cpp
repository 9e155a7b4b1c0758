// `polytwist serve` (docs/server.md): cpp-httplib's threaded server, with every request routed
// here (its pre-routing handler), so that limits, caching headers and encodings are ours:
//   /image.svg?Q, /image.png?Q, /image?Q (fmt in Q), /image/Q.svg, /image/Q.png
//     pictures from polytwist::imageFromParameters (Q: VisualCube-style parameters);
//   anything else: a file of the static site, or its precompressed FILE.br / FILE.gz.
// Bodies are sent through content providers of known length: cpp-httplib then never compresses
// them itself (it would compress a precompressed file a second time).
#include "cli/serve.hpp"

#include <cairo.h>
#include <httplib.h>
#include <librsvg/rsvg.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "api/service.hpp"
#include "render/image.hpp"

namespace polytwist::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kServeHelp =
    R"(polytwist serve - the picture API and the static site over HTTP (docs/server.md)

Usage:
  polytwist serve [--port P] [--host H] [--site DIR] [--threads N] [--log]

  --port P      TCP port (default 8080; 0: any free port, printed on stderr)
  --host H      address to listen on (default 127.0.0.1; 0.0.0.0: every interface)
  --site DIR    the static site to serve (default build/site)
  --threads N   worker threads, one per open connection (default 64, at most 1024)
  --log         one line per request on stderr

Endpoints:
  GET /image.svg?pzl=pyraminx&alg=R%20U'     a picture (VisualCube-style parameters,
  GET /image.png?...                          docs/images.md); PNG rasterised by librsvg
  GET /image/pzl=pyraminx&alg=R%20U%27.png    the same, in a form MediaWiki shows inline
  GET /PATH                                   a file of the site (FILE.br / FILE.gz when the
                                              client accepts them); / is index.html
Stops cleanly on SIGINT (Ctrl-C) or SIGTERM.
)";

// Limits (docs/server.md); parameter values are limited by imageFromParameters (image.hpp).
constexpr std::size_t kMaxTargetLength = 4096;    // request target (path + query): 414 beyond
constexpr std::size_t kMaxHeaderBytes = 16384;    // all request headers together: 431 beyond
constexpr std::size_t kMaxBodyBytes = 65536;      // bodies are never read (405), only drained
constexpr std::size_t kQueuedConnections = 1024;  // accepted, waiting for a thread
constexpr int kDefaultThreads = 64;
constexpr time_t kReadTimeoutSeconds = 5;
constexpr time_t kWriteTimeoutSeconds = 10;
constexpr time_t kKeepAliveSeconds = 5;
constexpr std::size_t kKeepAliveRequests = 1000;
constexpr std::uintmax_t kCachedFileMaxBytes = 8u << 20;  // larger files are read per request
constexpr std::size_t kFileCacheMaxBytes = 256u << 20;    // the cache is emptied beyond

constexpr const char* kImmutable = "public, max-age=31536000, immutable";
// SVG responses are documents when opened alone: no script, no outside resources.
constexpr const char* kSvgPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
// The site's pages: its policy (web/csp.js, also in each built page as a <meta>, which cannot carry
// frame-ancestors; docs/web.md says why each directive). embed.html is made to be framed by any
// site; the other pages only by the site itself.
constexpr std::string_view kSitePolicy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' blob:; worker-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'";
const std::string kPagePolicy = std::string(kSitePolicy) + "; frame-ancestors 'self'";
const std::string kEmbedPagePolicy = std::string(kSitePolicy) + "; frame-ancestors *";

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  fs::path site = "build/site";
  int threads = kDefaultThreads;
  bool log = false;
};

// ---------------------------------------------------------------------------------------------
// Small helpers

std::string hex64(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = 0xcbf29ce484222325ull) {
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

// Percent-decoding of one query component ('+' is a space); nullopt on a broken escape.
std::optional<std::string> percentDecode(std::string_view text) {
  std::string decoded;
  decoded.reserve(text.size());
  auto hexValue = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      decoded += ' ';
    } else if (text[i] == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int high = hexValue(text[i + 1]), low = hexValue(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      decoded += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      decoded += text[i];
    }
  }
  return decoded;
}

using Parameters = std::vector<std::pair<std::string, std::string>>;

// `a=1&b=2` as (name, value) pairs in their order, or an error message.
std::optional<Parameters> parseQuery(std::string_view query, std::string& error) {
  Parameters parameters;
  std::size_t start = 0;
  while (start <= query.size()) {
    const auto end = std::min(query.find('&', start), query.size());
    const std::string_view pair = query.substr(start, end - start);
    if (!pair.empty()) {
      const auto equals = pair.find('=');
      const auto name = percentDecode(pair.substr(0, equals));
      const auto value =
          percentDecode(equals == std::string_view::npos ? "" : pair.substr(equals + 1));
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

// Does the If-None-Match header name `etag` (or *)? Weak comparison, as for GET.
bool matchesETag(const httplib::Request& req, const std::string& etag) {
  if (!req.has_header("If-None-Match")) return false;
  const std::string header = req.get_header_value("If-None-Match");
  std::stringstream list(header);
  std::string item;
  while (std::getline(list, item, ',')) {
    item = trim(item);
    if (item.rfind("W/", 0) == 0) item = item.substr(2);
    if (item == "*" || item == etag) return true;
  }
  return false;
}

// The q-value Accept-Encoding gives `coding` (an explicit entry, else *), 0 when absent.
double acceptedQuality(const httplib::Request& req, const std::string& coding) {
  const std::string header = lower(req.get_header_value("Accept-Encoding"));
  std::stringstream list(header);
  std::string item;
  double wildcard = 0;
  while (std::getline(list, item, ',')) {
    std::string name = trim(item.substr(0, item.find(';')));
    double quality = 1;
    const auto q = item.find("q=");
    if (q != std::string::npos) quality = std::atof(item.c_str() + q + 2);
    if (name == coding) return quality;
    if (name == "*") wildcard = quality;
  }
  return wildcard;
}

// The body is sent through a content provider of known length, so cpp-httplib does not
// compress it again (it would, for text types, when the client accepts gzip or br).
void sendBody(httplib::Response& res, std::shared_ptr<const std::string> body,
              const std::string& contentType) {
  if (body->empty()) {
    res.set_header("Content-Type", contentType);
    res.set_header("Content-Length", "0");
    return;
  }
  const std::size_t length = body->size();
  res.set_content_provider(
      length, contentType, [body](std::size_t offset, std::size_t size, httplib::DataSink& sink) {
        return sink.write(body->data() + offset, std::min(size, body->size() - offset));
      });
}

void sendText(httplib::Response& res, int status, const std::string& text,
              const std::string& contentType = "text/plain; charset=utf-8") {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  sendBody(res, std::make_shared<const std::string>(text), contentType);
}

// Errors of the picture API are pictures too (as VisualCube's), with the HTTP status.
void sendErrorPicture(httplib::Response& res, int status, const std::string& message,
                      const std::string& format) {
  res.status = status;
  // The message, also as a header for clients that do not look at pictures (one line).
  std::string headerText = message.substr(0, 300);
  for (char& c : headerText) {
    // Header values are ASCII: control characters become spaces, other bytes '?'.
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) c = ' ';
    if (byte >= 0x80) c = '?';
  }
  res.set_header("X-Polytwist-Error", headerText);
  // A refused query stays refused for one engine version, but may be fixed by the next one.
  res.set_header("Cache-Control", "public, max-age=300");
  const std::string svg = polytwist::errorImage(message);
  if (format == "png") {
    std::string error;
    if (auto png = svgToPng(svg, error)) {
      sendBody(res, std::make_shared<const std::string>(std::move(*png)), "image/png");
      return;
    }
  }
  res.set_header("Content-Security-Policy", kSvgPolicy);
  sendBody(res, std::make_shared<const std::string>(svg), "image/svg+xml; charset=utf-8");
}

// ---------------------------------------------------------------------------------------------
// The picture API

// Where the path names a picture: its format ("svg", "png", or "" for /image, whose fmt
// parameter decides) and the raw query text. nullopt: not a picture path.
struct PictureRoute {
  std::string extension;
  std::string rawQuery;
  bool badExtension = false;  // /image/… that ends neither in .svg nor in .png
};

std::optional<PictureRoute> pictureRoute(const httplib::Request& req) {
  const std::string& target = req.target;
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
      if (endsWith(rest, suffix)) {
        return PictureRoute{extension, rest.substr(0, rest.size() - suffix.size())};
      }
    }
    return PictureRoute{"", "", true};
  }
  return std::nullopt;
}

void servePicture(const httplib::Request& req, httplib::Response& res, const PictureRoute& route) {
  std::string error;
  if (route.badExtension) {
    return sendErrorPicture(res, 404, "/image/QUERY paths end in .svg or .png", "svg");
  }
  const std::string format = route.extension.empty() ? std::string("svg") : route.extension;
  auto parameters = parseQuery(route.rawQuery, error);
  if (!parameters) return sendErrorPicture(res, 400, error, format);
  // The extension sets fmt; an fmt that says the same is dropped, another one refused.
  std::string wanted = route.extension;
  for (auto it = parameters->begin(); it != parameters->end();) {
    if (it->first == "fmt" && !route.extension.empty()) {
      if (it->second != route.extension) {
        return sendErrorPicture(
            res, 400,
            "fmt=" + it->second.substr(0, 40) + " contradicts the path's ." + route.extension,
            format);
      }
      it = parameters->erase(it);
    } else {
      if (it->first == "fmt") wanted = it->second;
      ++it;
    }
  }
  if (!route.extension.empty()) parameters->emplace_back("fmt", route.extension);

  // The ETag: the engine version and the parameters, sorted (their order changes nothing).
  Parameters canonical = *parameters;
  std::sort(canonical.begin(), canonical.end());
  std::uint64_t hash = fnv1a(polytwist::service::kVersion);
  for (const auto& [name, value] : canonical) {
    hash = fnv1a(value, fnv1a(std::string_view("\x1f", 1), fnv1a(name, hash)));
    hash = fnv1a(std::string_view("\x1e", 1), hash);
  }
  const std::string etag =
      "\"" + std::string(polytwist::service::kVersion) + "-" + hex64(hash) + "\"";

  // Only valid queries get an ETag: one that comes back names a valid query of this version,
  // whose picture the client has. 304 without drawing it again.
  if (matchesETag(req, etag)) {
    res.set_header("ETag", etag);
    res.set_header("Cache-Control", kImmutable);
    res.status = 304;
    return;
  }
  const polytwist::ImageAnswer answer = polytwist::imageFromParameters(*parameters);
  const std::string answerFormat = answer.format.empty() ? wanted : answer.format;
  if (answer.status != 200) {
    return sendErrorPicture(res, answer.status, answer.error,
                            answerFormat == "png" ? "png" : "svg");
  }
  res.set_header("ETag", etag);
  res.set_header("Cache-Control", kImmutable);
  res.status = 200;
  if (answerFormat == "png") {
    auto png = svgToPng(answer.svg, error);
    if (!png) return sendErrorPicture(res, 500, "PNG rendering failed: " + error, "svg");
    sendBody(res, std::make_shared<const std::string>(std::move(*png)), "image/png");
  } else {
    res.set_header("Content-Security-Policy", kSvgPolicy);
    sendBody(res, std::make_shared<const std::string>(answer.svg), "image/svg+xml; charset=utf-8");
  }
}

// ---------------------------------------------------------------------------------------------
// The static site

std::string mimeType(const fs::path& file) {
  static const std::map<std::string, std::string> types = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json; charset=utf-8"},
      {".map", "application/json; charset=utf-8"},
      {".webmanifest", "application/manifest+json; charset=utf-8"},
      {".wasm", "application/wasm"},
      {".svg", "image/svg+xml; charset=utf-8"},
      {".png", "image/png"},
      {".gif", "image/gif"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".webp", "image/webp"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".xml", "application/xml; charset=utf-8"},
      {".woff2", "font/woff2"},
      {".bin", "application/octet-stream"},
  };
  const auto found = types.find(lower(file.extension().string()));
  return found == types.end() ? "application/octet-stream" : found->second;
}

// Files read once and kept while their size and modification time stay the same.
class FileCache {
 public:
  struct Entry {
    std::shared_ptr<const std::string> bytes;  // null for a file too large to keep: streamed
    std::uintmax_t size = 0;
    std::int64_t mtime = 0;
    fs::path path;
  };

  // The file's bytes and identity, or nullopt when it is no regular file.
  std::optional<Entry> read(const fs::path& file) {
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
    const auto size = static_cast<std::uintmax_t>(info.st_size);
    const std::int64_t mtime =
        static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec;
    {
      std::lock_guard lock(mutex_);
      const auto found = entries_.find(file.string());
      if (found != entries_.end() && found->second.size == size && found->second.mtime == mtime) {
        return found->second;
      }
    }
    if (size > kCachedFileMaxBytes) return Entry{nullptr, size, mtime, file};
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::string bytes(size, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(size));
    if (static_cast<std::uintmax_t>(in.gcount()) != size) return std::nullopt;
    Entry entry{std::make_shared<const std::string>(std::move(bytes)), size, mtime, file};
    std::lock_guard lock(mutex_);
    if (const auto old = entries_.find(file.string()); old != entries_.end()) {
      cachedBytes_ -= old->second.size;
      entries_.erase(old);
    }
    if (cachedBytes_ + size > kFileCacheMaxBytes) {
      entries_.clear();
      cachedBytes_ = 0;
    }
    entries_.emplace(file.string(), entry);
    cachedBytes_ += size;
    return entry;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
  std::size_t cachedBytes_ = 0;
};

void sendNotFound(httplib::Response& res, const fs::path& site, FileCache& cache) {
  res.status = 404;
  res.set_header("Cache-Control", "no-cache");
  res.set_header("Content-Security-Policy", kPagePolicy);
  if (auto page = cache.read(site / "404.html")) {
    return sendBody(res, page->bytes, "text/html; charset=utf-8");
  }
  sendBody(res,
           std::make_shared<const std::string>(
               "<!doctype html><meta charset=\"utf-8\"><title>Not found</title>"
               "<h1>404: not found</h1><p>No such page on this polytwist server.</p>\n"),
           "text/html; charset=utf-8");
}

// How long a file may be cached: hashed names under assets/ forever, the rest revalidated
// (pages, the service worker, the manifest and the unhashed polytwist-player.js).
std::string cachePolicy(const std::string& relative) {
  return relative.rfind("assets/", 0) == 0 ? kImmutable : "no-cache";
}

void serveFile(const httplib::Request& req, httplib::Response& res, const fs::path& site,
               const fs::path& siteCanonical, FileCache& cache) {
  // req.path is already percent-decoded: %2e%2e arrives here as "..".
  const std::string& path = req.path;
  if (path.empty() || path[0] != '/' || path.find('\0') != std::string::npos ||
      path.find('\\') != std::string::npos) {
    return sendText(res, 400, "bad path\n");
  }
  std::string relative;
  std::stringstream segments(path.substr(1));
  std::string segment;
  while (std::getline(segments, segment, '/')) {
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") return sendText(res, 400, "bad path: \"..\" is not allowed\n");
    if (segment[0] == '.') return sendNotFound(res, site, cache);  // no hidden files
    relative += (relative.empty() ? "" : "/") + segment;
  }
  fs::path file = site / relative;
  std::error_code error;
  if (fs::is_directory(file, error)) {
    if (!path.empty() && path.back() != '/') {
      res.status = 301;
      res.set_header("Location", path + "/");
      res.set_header("Content-Length", "0");
      return;
    }
    file /= "index.html";
    relative += (relative.empty() ? "" : "/") + std::string("index.html");
  }
  // Symbolic links must not lead out of the site.
  const fs::path canonical = fs::weakly_canonical(file, error);
  if (error || canonical.string().rfind(siteCanonical.string(), 0) != 0) {
    return sendNotFound(res, site, cache);
  }
  const auto original = cache.read(canonical);
  if (!original) return sendNotFound(res, site, cache);

  // A precompressed file beside it, when the client accepts its coding (and asks no range).
  const std::string type = mimeType(canonical);
  FileCache::Entry chosen = *original;
  std::string coding;
  const bool compressible = type.rfind("text/", 0) == 0 || type == "application/wasm" ||
                            type.find("json") != std::string::npos ||
                            type.find("svg") != std::string::npos ||
                            type.find("xml") != std::string::npos;
  if (compressible && !req.has_header("Range")) {
    for (const auto& [name, suffix] : {std::pair{"br", ".br"}, std::pair{"gzip", ".gz"}}) {
      if (acceptedQuality(req, name) <= 0) continue;
      if (auto variant = cache.read(canonical.string() + suffix)) {
        chosen = *variant;
        coding = name;
        break;
      }
    }
  }
  const std::string etag = "\"" + hex64(original->size) + "-" + hex64(original->mtime) +
                           (coding.empty() ? "" : "-" + coding) + "\"";
  res.set_header("ETag", etag);
  res.set_header("Cache-Control", cachePolicy(relative));
  if (compressible) res.set_header("Vary", "Accept-Encoding");
  if (type.find("svg") != std::string::npos) res.set_header("Content-Security-Policy", kSvgPolicy);
  if (type.rfind("text/html", 0) == 0) {
    res.set_header("Content-Security-Policy",
                   relative == "embed.html" ? kEmbedPagePolicy : kPagePolicy);
  }
  if (matchesETag(req, etag)) {
    res.status = 304;
    return;
  }
  res.status = 200;
  if (!coding.empty()) res.set_header("Content-Encoding", coding);
  if (chosen.bytes) return sendBody(res, chosen.bytes, type);
  // A large file (a table set): read in pieces as the client takes them.
  auto in = std::make_shared<std::ifstream>(chosen.path, std::ios::binary);
  res.set_content_provider(
      static_cast<std::size_t>(chosen.size), type,
      [in](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
        std::array<char, 65536> buffer;
        in->seekg(static_cast<std::streamoff>(offset));
        in->read(buffer.data(), static_cast<std::streamsize>(std::min(length, buffer.size())));
        const auto got = in->gcount();
        return got > 0 && sink.write(buffer.data(), static_cast<std::size_t>(got));
      });
}

// ---------------------------------------------------------------------------------------------
// The server

// cpp-httplib's thread pool, with a bound on the connections waiting for a thread: beyond it
// the accepting loop waits, and new connections wait in the kernel's listen backlog.
class BoundedThreadPool final : public httplib::TaskQueue {
 public:
  BoundedThreadPool(std::size_t threads, std::size_t maxQueued) : maxQueued_(maxQueued) {
    for (std::size_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }

  void enqueue(std::function<void()> task) override {
    std::unique_lock lock(mutex_);
    notFull_.wait(lock, [&] { return queue_.size() < maxQueued_ || stopping_; });
    queue_.push_back(std::move(task));
    notEmpty_.notify_one();
  }

  void shutdown() override {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    notEmpty_.notify_all();
    notFull_.notify_all();
    for (auto& worker : workers_) worker.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock lock(mutex_);
        notEmpty_.wait(lock, [&] { return !queue_.empty() || stopping_; });
        if (queue_.empty()) return;  // stopping, and every queued connection handled
        task = std::move(queue_.front());
        queue_.pop_front();
        notFull_.notify_one();
      }
      task();  // serves one connection, then closes its socket
    }
  }

  std::size_t maxQueued_;
  std::mutex mutex_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<std::function<void()>> queue_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

bool isBodyMethod(const std::string& method) {
  return method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE";
}

void setCommonHeaders(httplib::Response& res) {
  res.set_header("X-Content-Type-Options", "nosniff");
  // The site's pages are cross-origin isolated (the threaded engine needs it); the pictures,
  // scripts, worker and wasm may be loaded by pages of other origins (wikis), isolated or not.
  res.set_header("Cross-Origin-Opener-Policy", "same-origin");
  res.set_header("Cross-Origin-Embedder-Policy", "require-corp");
  res.set_header("Cross-Origin-Resource-Policy", "cross-origin");
  res.set_header("Access-Control-Allow-Origin", "*");
}

std::optional<ServeOptions> parseServeArguments(int argc, char** argv, std::string& error) {
  ServeOptions options;
  auto number = [&](const std::string& name, const char* text, int low, int high) {
    char* end = nullptr;
    errno = 0;
    const long value = std::strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 || value < low || value > high) {
      error = "--" + name + " wants a whole number from " + std::to_string(low) + " to " +
              std::to_string(high) + ", not \"" + text + "\"";
      return -1;
    }
    return static_cast<int>(value);
  };
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--log") {
      options.log = true;
      continue;
    }
    if (arg != "--port" && arg != "--host" && arg != "--site" && arg != "--threads") {
      error = "serve: unknown argument \"" + arg + "\"";
      return std::nullopt;
    }
    if (i + 1 >= argc) {
      error = arg + " needs a value";
      return std::nullopt;
    }
    const char* value = argv[++i];
    if (arg == "--port") {
      if ((options.port = number("port", value, 0, 65535)) < 0) return std::nullopt;
    } else if (arg == "--threads") {
      if ((options.threads = number("threads", value, 1, 1024)) < 0) return std::nullopt;
    } else if (arg == "--host") {
      options.host = value;
    } else {
      options.site = value;
    }
  }
  return options;
}

}  // namespace

std::optional<std::string> svgToPng(std::string_view svg, std::string& error) {
  GError* gerror = nullptr;
  RsvgHandle* handle =
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), &gerror);
  if (!handle) {
    error = gerror ? gerror->message : "librsvg could not read the SVG";
    if (gerror) g_error_free(gerror);
    return std::nullopt;
  }
  gdouble width = 0, height = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height)) {
    width = height = 256;  // no width/height in pixels: VisualCube's default size
  }
  const int pixelsWide = static_cast<int>(std::ceil(width));
  const int pixelsHigh = static_cast<int>(std::ceil(height));
  if (pixelsWide < 1 || pixelsHigh < 1 || pixelsWide > 4096 || pixelsHigh > 4096) {
    g_object_unref(handle);
    error = "picture of " + std::to_string(pixelsWide) + "x" + std::to_string(pixelsHigh) +
            " pixels (1 to 4096 a side)";
    return std::nullopt;
  }
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelsWide, pixelsHigh);
  cairo_t* context = cairo_create(surface);
  const RsvgRectangle viewport{0, 0, static_cast<double>(pixelsWide),
                               static_cast<double>(pixelsHigh)};
  const bool drawn = rsvg_handle_render_document(handle, context, &viewport, &gerror);
  cairo_destroy(context);
  g_object_unref(handle);
  std::string png;
  if (drawn) {
    cairo_surface_flush(surface);
    const auto append = [](void* closure, const unsigned char* data,
                           unsigned int length) -> cairo_status_t {
      static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
      return CAIRO_STATUS_SUCCESS;
    };
    if (cairo_surface_write_to_png_stream(surface, append, &png) != CAIRO_STATUS_SUCCESS) {
      error = "cairo could not write the PNG";
      png.clear();
    }
  } else {
    error = gerror ? gerror->message : "librsvg could not draw the SVG";
  }
  if (gerror) g_error_free(gerror);
  cairo_surface_destroy(surface);
  if (png.empty()) return std::nullopt;
  return png;
}

int serveCommand(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << kServeHelp;
      return 0;
    }
  }
  std::string argumentError;
  const auto parsed = parseServeArguments(argc, argv, argumentError);
  if (!parsed) {
    std::cerr << "polytwist: " << argumentError << "\n(see polytwist serve --help)\n";
    return 2;
  }
  const ServeOptions options = *parsed;
  std::error_code error;
  const fs::path siteCanonical = fs::weakly_canonical(fs::absolute(options.site), error);
  if (!fs::is_directory(siteCanonical, error)) {
    std::cerr << "polytwist serve: warning: the site directory " << options.site
              << " does not exist: pictures only (build it with npm run build:web)\n";
  }

  // SIGINT and SIGTERM go to one thread that stops the server (every thread inherits the mask).
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGINT);
  sigaddset(&stopSignals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a client that goes away must not end the server

  httplib::Server server;
  FileCache cache;
  std::mutex logMutex;
  const std::size_t threads = static_cast<std::size_t>(options.threads);
  server.new_task_queue = [threads] { return new BoundedThreadPool(threads, kQueuedConnections); };
  server.set_read_timeout(kReadTimeoutSeconds, 0);
  server.set_write_timeout(kWriteTimeoutSeconds, 0);
  server.set_keep_alive_timeout(kKeepAliveSeconds);
  server.set_keep_alive_max_count(kKeepAliveRequests);
  server.set_payload_max_length(kMaxBodyBytes);

  server.set_pre_routing_handler([&](const httplib::Request& req, httplib::Response& res) {
    setCommonHeaders(res);
    if (req.target.size() > kMaxTargetLength) {
      sendErrorPicture(res, 414,
                       "request target of " + std::to_string(req.target.size()) +
                           " bytes (at most " + std::to_string(kMaxTargetLength) + ")",
                       "svg");
      return httplib::Server::HandlerResponse::Handled;
    }
    std::size_t headerBytes = 0;
    for (const auto& [name, value] : req.headers) headerBytes += name.size() + value.size() + 4;
    if (headerBytes > kMaxHeaderBytes) {
      sendText(res, 431,
               "request headers of " + std::to_string(headerBytes) + " bytes (at most " +
                   std::to_string(kMaxHeaderBytes) + ")\n");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.method != "GET" && req.method != "HEAD") {
      // A body must be read before the answer (the connection is kept): left to the handlers
      // below, which cpp-httplib calls once it has read it.
      const bool hasBody =
          req.has_header("Transfer-Encoding") ||
          std::strtoull(req.get_header_value("Content-Length").c_str(), nullptr, 10) > 0;
      if (isBodyMethod(req.method) && hasBody) return httplib::Server::HandlerResponse::Unhandled;
      res.set_header("Allow", "GET, HEAD");
      sendText(res, 405, "method " + req.method + " not allowed: GET or HEAD\n");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (auto route = pictureRoute(req)) {
      servePicture(req, res, *route);
    } else {
      serveFile(req, res, options.site, siteCanonical, cache);
    }
    return httplib::Server::HandlerResponse::Handled;
  });
  const auto refuseWithBody = [](const httplib::Request& req, httplib::Response& res) {
    res.set_header("Allow", "GET, HEAD");
    sendText(res, 405, "method " + req.method + " not allowed: GET or HEAD\n");
  };
  server.Post(".*", refuseWithBody);
  server.Put(".*", refuseWithBody);
  server.Patch(".*", refuseWithBody);
  server.Delete(".*", refuseWithBody);
  // cpp-httplib's own refusals (malformed request, 414 beyond its 8 KB, 413, 416): a message.
  server.set_error_handler(
      httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
        if (res.content_length_ > 0 || !res.body.empty() || res.status == 304) {
          return httplib::Server::HandlerResponse::Unhandled;
        }
        setCommonHeaders(res);
        if (req.method == "CONNECT" || req.method == "TRACE" || req.method == "OPTIONS") {
          res.status = 405;
          res.set_header("Allow", "GET, HEAD");
        }
        sendText(res, res.status, "HTTP error " + std::to_string(res.status) + "\n");
        return httplib::Server::HandlerResponse::Handled;
      }));
  server.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr thrown) {
        std::string message = "internal error";
        try {
          std::rethrow_exception(thrown);
        } catch (const std::exception& e) {
          message += std::string(": ") + e.what();
        } catch (...) {
        }
        setCommonHeaders(res);
        sendText(res, 500, message + "\n");
      });
  if (options.log) {
    server.set_logger([&](const httplib::Request& req, const httplib::Response& res) {
      const auto length = res.content_length_ > 0 ? res.content_length_ : res.body.size();
      const std::string line = req.remote_addr + " " + req.method + " " +
                               req.target.substr(0, 512) + " " + std::to_string(res.status) + " " +
                               std::to_string(length) + " " +
                               res.get_header_value("Content-Encoding") + "\n";
      std::lock_guard lock(logMutex);
      std::fputs(line.c_str(), stderr);
    });
  }

  const int port = options.port == 0
                       ? server.bind_to_any_port(options.host)
                       : (server.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0) {
    std::cerr << "polytwist serve: cannot listen on " << options.host << ":" << options.port << ": "
              << std::strerror(errno) << "\n";
    return 2;
  }
  std::cerr << "polytwist serve: listening on http://" << options.host << ":" << port
            << "/ (site: " << options.site.string() << ", " << threads << " threads)" << std::endl;

  std::atomic<bool> signalled{false}, listenReturned{false};
  std::thread signalWaiter([&] {
    int received = 0;
    sigwait(&stopSignals, &received);
    signalled = true;
    // stop() does nothing before the server runs: a signal at start-up waits for it.
    while (!server.is_running() && !listenReturned) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    server.stop();
  });
  const bool listened = server.listen_after_bind();
  listenReturned = true;
  if (!signalled) pthread_kill(signalWaiter.native_handle(), SIGTERM);  // wake the waiter
  signalWaiter.join();
  std::cerr << "polytwist serve: stopped" << std::endl;
  return listened || signalled ? 0 : 1;
}

}  // namespace polytwist::cli
