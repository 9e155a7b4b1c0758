#include "search/memory.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#endif

namespace polytwist {
namespace {
std::atomic<std::uint64_t> memoryLimit{0};
std::atomic<std::uint64_t> memoryInUse{0};
}  // namespace

std::string megabytesText(std::uint64_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MB";
}

std::optional<std::string> tableMemoryShortfall(std::uint64_t bytes, const std::string& what) {
#ifdef __EMSCRIPTEN__
  // Asking malloc itself is the only exact answer (the heap may be fragmented, or grow): the
  // module links with -sABORTING_MALLOC=0, so a refusal is a null pointer, not an abort. The
  // block is given back at once; the heap keeps the size it grew to, so the table's own
  // allocation that follows succeeds.
  // volatile: a malloc whose block is only freed may be optimised away as if it succeeded.
  void* volatile probe =
      bytes <= SIZE_MAX - 16 ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
  if (probe != nullptr) {
    std::free(probe);
    return std::nullopt;
  }
  return what + " needs " + megabytesText(bytes) + " of memory; the engine can use at most " +
         megabytesText(emscripten_get_heap_max()) + " (the WebAssembly heap limit), " +
         megabytesText(emscripten_get_heap_size()) + " of it already taken";
#else
  (void)bytes;
  (void)what;
  return std::nullopt;
#endif
}

void setTableMemoryLimit(std::uint64_t bytes) { memoryLimit = bytes; }
std::uint64_t tableMemoryInUse() { return memoryInUse; }

TableMemory::TableMemory(TableMemory&& other) noexcept { *this = std::move(other); }

TableMemory& TableMemory::operator=(TableMemory&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    mapped_ = std::exchange(other.mapped_, false);
    counted_ = std::exchange(other.counted_, 0);
  }
  return *this;
}

TableMemory::~TableMemory() { release(); }

void TableMemory::release() {
  if (data_ != nullptr) {
    if (mapped_) {
      munmap(data_, size_);
    } else {
      std::free(data_);
    }
  }
  memoryInUse -= counted_;
  data_ = nullptr;
  size_ = counted_ = 0;
}

TableMemory TableMemory::allocate(std::uint64_t bytes, const std::string& what,
                                  std::string* error) {
  TableMemory memory;
  const std::uint64_t limit = memoryLimit;
  if (limit != 0 && memoryInUse + bytes > limit) {
    *error = what + " needs " + megabytesText(bytes) + " of memory, over the limit of " +
             megabytesText(limit);
    return memory;
  }
  if (auto shortfall = tableMemoryShortfall(bytes, what)) {
    *error = *shortfall;
    return memory;
  }
  void* data = bytes <= SIZE_MAX ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
  if (data == nullptr) {
    *error = what + " needs " + megabytesText(bytes) + " of memory, which the system refused";
    return memory;
  }
  memory.data_ = static_cast<std::uint8_t*>(data);
  memory.size_ = bytes;
  memory.counted_ = bytes;
  memoryInUse += bytes;
  return memory;
}

TableMemory TableMemory::mapFile(const std::string& path, std::string* error) {
  TableMemory memory;
  const int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    *error = "no file " + path;
    return memory;
  }
  struct stat info {};
  if (fstat(fd, &info) != 0 || info.st_size <= 0) {
    close(fd);
    *error = "cannot read " + path;
    return memory;
  }
  const auto bytes = static_cast<std::uint64_t>(info.st_size);
  const std::uint64_t limit = memoryLimit;
  if (limit != 0 && memoryInUse + bytes > limit) {
    close(fd);
    *error = path + " needs " + megabytesText(bytes) + " of memory, over the limit of " +
             megabytesText(limit);
    return memory;
  }
  void* data = mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (data == MAP_FAILED) {
    *error = "cannot map " + path + " (" + megabytesText(bytes) + ")";
    return memory;
  }
  memory.data_ = static_cast<std::uint8_t*>(data);
  memory.size_ = bytes;
  memory.mapped_ = true;
  memory.counted_ = bytes;
  memoryInUse += bytes;
  return memory;
}

bool writeTableFile(const std::string& path,
                    std::initializer_list<std::span<const std::uint8_t>> pieces,
                    std::string* error) {
  const std::string temporary = path + ".part" + std::to_string(getpid());
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) {
    *error = "cannot write " + temporary;
    return false;
  }
  bool written = true;
  for (std::span<const std::uint8_t> piece : pieces) {
    written = written && std::fwrite(piece.data(), 1, piece.size(), file) == piece.size();
  }
  if (std::fclose(file) != 0 || !written || std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    *error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace polytwist
