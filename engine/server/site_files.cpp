#include "server/site_files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <utility>

#include "server/http_text.hpp"
#include "server/pictures.hpp"
#include "server/site_policy.hpp"

namespace polytwist::server {
namespace {

namespace fs = std::filesystem;

constexpr std::uintmax_t kCachedFileMaxBytes = 8u << 20;  // larger files are read per request
constexpr std::size_t kFileCacheMaxBytes = 256u << 20;    // the cache is emptied beyond

std::string pagePolicy(std::string_view ancestors) {
  return std::string(kSitePolicy) + "; frame-ancestors " + std::string(ancestors);
}

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
  const auto found = types.find(asciiLower(file.extension().string()));
  return found == types.end() ? "application/octet-stream" : found->second;
}

// How long a file may be cached: hashed names under assets/ forever, the rest revalidated
// (pages, the service worker, the manifest and the unhashed polytwist-player.js).
std::string cachePolicy(const std::string& relative) {
  return relative.rfind("assets/", 0) == 0 ? kImmutable : "no-cache";
}

// The one byte range a Range header asks of `size` bytes ("bytes=A-B", "bytes=A-", "bytes=-N"):
// {first, count}; {0, 0} when it asks none this server serves (several ranges, another unit: the
// whole file is sent); nullopt when it cannot be satisfied (416).
struct ByteRange {
  std::uint64_t first = 0, count = 0;
};
std::optional<ByteRange> requestedRange(const std::string& header, std::uint64_t size) {
  constexpr std::string_view unit = "bytes=";
  if (header.compare(0, unit.size(), unit) != 0 || header.find(',') != std::string::npos) {
    return ByteRange{};
  }
  const std::string spec = header.substr(unit.size());
  const auto dash = spec.find('-');
  const auto digits = [](const std::string& text, std::uint64_t& value) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != text.npos) {
      return false;
    }
    value = std::stoull(text);
    return true;
  };
  std::uint64_t first = 0, last = 0;
  if (dash == std::string::npos) return ByteRange{};
  const std::string from = spec.substr(0, dash), to = spec.substr(dash + 1);
  if (from.empty()) {  // the last N bytes
    if (!digits(to, last)) return ByteRange{};
    if (last == 0 || size == 0) return std::nullopt;
    const std::uint64_t count = std::min(last, size);
    return ByteRange{size - count, count};
  }
  if (!digits(from, first) || (!to.empty() && (!digits(to, last) || last < first))) {
    return ByteRange{};
  }
  if (first >= size) return std::nullopt;
  last = to.empty() ? size - 1 : std::min(last, size - 1);
  return ByteRange{first, last - first + 1};
}

}  // namespace

std::optional<FileCache::Entry> FileCache::read(const fs::path& file) {
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

SiteFiles::SiteFiles(fs::path site) : site_(std::move(site)) {
  std::error_code error;
  canonical_ = fs::weakly_canonical(fs::absolute(site_, error), error);
  exists_ = !error && fs::is_directory(canonical_, error);
}

Response SiteFiles::notFound() {
  Response response;
  response.status = 404;
  response.setHeader("Cache-Control", "no-cache");
  response.setHeader("Content-Security-Policy", pagePolicy(kPageFrameAncestors));
  response.setHeader("Content-Type", "text/html; charset=utf-8");
  if (auto page = cache_.read(site_ / "404.html")) {
    response.body = page->bytes;
  } else {
    response.body = std::make_shared<const std::string>(
        "<!doctype html><meta charset=\"utf-8\"><title>Not found</title>"
        "<h1>404: not found</h1><p>No such page on this polytwist server.</p>\n");
  }
  return response;
}

Response SiteFiles::answer(const Request& request, const std::string& path) {
  if (path.empty() || path[0] != '/' || path.find('\0') != std::string::npos ||
      path.find('\\') != std::string::npos) {
    return plainTextResponse(400, "bad path\n");
  }
  std::string relative;
  std::stringstream segments(path.substr(1));
  std::string segment;
  while (std::getline(segments, segment, '/')) {
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") return plainTextResponse(400, "bad path: \"..\" is not allowed\n");
    if (segment[0] == '.') return notFound();  // no hidden files
    relative += (relative.empty() ? "" : "/") + segment;
  }
  if (!exists_) return notFound();
  fs::path file = site_ / relative;
  std::error_code error;
  if (fs::is_directory(file, error)) {
    if (path.back() != '/') {
      Response moved;
      moved.status = 301;
      moved.setHeader("Location", path + "/");
      return moved;
    }
    file /= "index.html";
    relative += (relative.empty() ? "" : "/") + std::string("index.html");
  }
  // Symbolic links must not lead out of the site.
  const fs::path canonical = fs::weakly_canonical(file, error);
  if (error || canonical.string().rfind(canonical_.string(), 0) != 0) return notFound();
  const auto original = cache_.read(canonical);
  if (!original) return notFound();

  // A precompressed file beside it, when the client accepts its coding (and asks no range).
  const std::string type = mimeType(canonical);
  FileCache::Entry chosen = *original;
  std::string coding;
  const bool compressible = type.rfind("text/", 0) == 0 || type == "application/wasm" ||
                            type.find("json") != std::string::npos ||
                            type.find("svg") != std::string::npos ||
                            type.find("xml") != std::string::npos;
  if (compressible && !request.header("Range")) {
    for (const auto& [name, suffix] : {std::pair{"br", ".br"}, std::pair{"gzip", ".gz"}}) {
      if (acceptedQuality(request.header("Accept-Encoding"), name) <= 0) continue;
      if (auto variant = cache_.read(canonical.string() + suffix)) {
        chosen = *variant;
        coding = name;
        break;
      }
    }
  }
  Response response;
  const std::string etag = "\"" + hex64(original->size) + "-" + hex64(original->mtime) +
                           (coding.empty() ? "" : "-" + coding) + "\"";
  response.setHeader("ETag", etag);
  response.setHeader("Cache-Control", cachePolicy(relative));
  if (compressible) response.setHeader("Vary", "Accept-Encoding");
  if (type.find("svg") != std::string::npos) {
    response.setHeader("Content-Security-Policy", kSvgPolicy);
  }
  if (type.rfind("text/html", 0) == 0) {
    response.setHeader(
        "Content-Security-Policy",
        pagePolicy(relative == "embed.html" ? kEmbedFrameAncestors : kPageFrameAncestors));
  }
  if (matchesETag(request.header("If-None-Match"), etag)) {
    response.status = 304;
    return response;
  }
  response.setHeader("Content-Type", type);
  if (!coding.empty()) response.setHeader("Content-Encoding", coding);
  if (chosen.bytes) {
    response.body = chosen.bytes;
  } else {
    response.file = chosen.path;  // a large file (a table set): sent from disk
    response.fileSize = chosen.size;
  }
  // One byte range of the file as it is (no coding is chosen when a range is asked); an If-Range
  // is not compared: the whole file is sent.
  response.setHeader("Accept-Ranges", "bytes");
  const std::string* rangeHeader = request.header("Range");
  if (!rangeHeader || request.header("If-Range") || !coding.empty()) return response;
  const auto range = requestedRange(*rangeHeader, chosen.size);
  if (!range) {
    Response refused = plainTextResponse(
        416, "range not satisfiable: the file has " + std::to_string(chosen.size) + " bytes\n");
    refused.setHeader("Content-Range", "bytes */" + std::to_string(chosen.size));
    return refused;
  }
  if (range->count == 0) return response;
  response.status = 206;
  response.setHeader("Content-Range", "bytes " + std::to_string(range->first) + "-" +
                                          std::to_string(range->first + range->count - 1) + "/" +
                                          std::to_string(chosen.size));
  if (chosen.bytes) {
    response.body =
        std::make_shared<const std::string>(chosen.bytes->substr(range->first, range->count));
  } else {
    response.fileOffset = range->first;
    response.fileSize = range->count;
  }
  return response;
}

}  // namespace polytwist::server
