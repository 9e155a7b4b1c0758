// Fuzz target: `polytwist serve`'s router (engine/server/router.hpp), every request's answer.
// Input: method NUL target NUL headers, one "Name: value" per line.
// The site is a small directory made at start-up, with a hidden file inside and a secret file
// beside it that a symbolic link inside points to. Checked, besides "no crash, leak or undefined
// behaviour": a status from 200 to 599; header names and values without CR, LF or NUL (no
// response splitting), names not empty; a body of a known type; 304 and 301 without a body; a 206
// whose body is the part its Content-Range names; never
// the bytes of the hidden or outside file (unless the input has them); never a 500 (an exception
// the router did not expect).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "fuzz_support.hpp"
#include "server/router.hpp"
#include "server/site_files.hpp"

using namespace polytwist;

namespace {

constexpr const char* kHiddenBytes = "HIDDEN-FILE-BYTES";
constexpr const char* kOutsideBytes = "OUTSIDE-FILE-BYTES";

std::unique_ptr<server::SiteFiles> site;
std::unique_ptr<server::Router> router;

void writeFile(const std::filesystem::path& file, const std::string& bytes) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << bytes;
}

bool hasControlByte(const std::string& text) {
  return text.find_first_of(std::string("\r\n\0", 3)) != std::string::npos;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  char pattern[] = "/tmp/polytwist-router-fuzz-XXXXXX";
  const char* made = mkdtemp(pattern);
  if (!made) std::abort();
  const std::filesystem::path root = made;
  writeFile(root / "outside.txt", kOutsideBytes);
  writeFile(root / "site/index.html", "<!doctype html><title>site</title>");
  writeFile(root / "site/404.html", "<!doctype html><title>not found</title>");
  writeFile(root / "site/embed.html", "<!doctype html><title>embed</title>");
  writeFile(root / "site/assets/a.js", "export const a = 1;");
  writeFile(root / "site/assets/a.js.br", "brotli bytes");
  writeFile(root / "site/assets/a.js.gz", "gzip bytes");
  writeFile(root / "site/docs/index.html", "<!doctype html><title>docs</title>");
  writeFile(root / "site/.hidden", kHiddenBytes);
  std::filesystem::create_symlink(root / "outside.txt", root / "site/link.txt");
  site = std::make_unique<server::SiteFiles>(root / "site");
  router = std::make_unique<server::Router>(*site);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> a = fuzz::splitArguments(input, 3);
  server::Request request;
  request.method = a[0];
  request.target = a[1];
  std::size_t start = 0;
  while (start < a[2].size()) {
    const std::size_t end = std::min(a[2].find('\n', start), a[2].size());
    const std::string line = a[2].substr(start, end - start);
    const std::size_t colon = line.find(':');
    if (colon != std::string::npos) {
      const std::size_t value = line.find_first_not_of(' ', colon + 1);
      request.headers.emplace_back(line.substr(0, colon),
                                   value == std::string::npos ? "" : line.substr(value));
    }
    start = end + 1;
  }

  const server::Response response = router->answer(request);
  if (response.status < 200 || response.status > 599) {
    fuzz::fail("status " + std::to_string(response.status), input);
  }
  if (response.status == 500) {
    fuzz::fail("an internal error: " + (response.body ? *response.body : std::string()), input);
  }
  for (const auto& [name, value] : response.headers) {
    if (name.empty() || hasControlByte(name) || hasControlByte(value)) {
      fuzz::fail("header line breaks in \"" + name + ": " + value + "\"", input);
    }
  }
  if ((response.status == 304 || response.status == 301) && response.bodySize() != 0) {
    fuzz::fail("a body with status " + std::to_string(response.status), input);
  }
  if (response.bodySize() > 0 && !response.header("Content-Type")) {
    fuzz::fail("a body without Content-Type", input);
  }
  // Answers may quote the request (an unknown method, say): only bytes the input lacks count.
  for (const char* secret : {kHiddenBytes, kOutsideBytes}) {
    if (response.body && response.body->find(secret) != std::string::npos &&
        input.find(secret) == std::string_view::npos) {
      fuzz::fail("served a file it must not", input);
    }
  }
  if (response.status == 206) {
    // "bytes FIRST-LAST/SIZE", and the body is that part.
    const std::string* range = response.header("Content-Range");
    unsigned long long first = 0, last = 0, whole = 0;
    if (!range || std::sscanf(range->c_str(), "bytes %llu-%llu/%llu", &first, &last, &whole) != 3 ||
        first > last || last >= whole || response.bodySize() != last - first + 1) {
      fuzz::fail("a part whose Content-Range does not fit it", input);
    }
  }
  if (!response.file.empty()) fuzz::fail("a small file sent from disk", input);
  return 0;
}
