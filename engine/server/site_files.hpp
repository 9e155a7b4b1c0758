// The static site: files of a directory, their precompressed FILE.br / FILE.gz when the client
// accepts them, caching headers, and the site's Content-Security-Policy on its pages.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/http_message.hpp"

namespace polytwist::server {

// Files read once and kept while their size and modification time stay the same.
class FileCache {
 public:
  struct Entry {
    std::shared_ptr<const std::string> bytes;  // null for a file too large to keep: streamed
    std::uintmax_t size = 0;
    std::int64_t mtime = 0;
    std::filesystem::path path;
  };

  // The file's bytes and identity, or nullopt when it is no regular file.
  std::optional<Entry> read(const std::filesystem::path& file);

 private:
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
  std::size_t cachedBytes_ = 0;
};

class SiteFiles {
 public:
  explicit SiteFiles(std::filesystem::path site);

  bool exists() const { return exists_; }
  const std::filesystem::path& directory() const { return site_; }

  // The file at `path` (percent-decoded, from the request target), or a 301, 400 or 404.
  Response answer(const Request& request, const std::string& path);
  Response notFound();

 private:
  std::filesystem::path site_, canonical_;
  bool exists_ = false;
  FileCache cache_;
};

}  // namespace polytwist::server
