#pragma once
// Whether a table's memory can be had, asked before the table is allocated. The WebAssembly
// module is built without exception catching, so there a failing `new` aborts the module
// instead of throwing std::bad_alloc: every large table asks here first and refuses with a
// message (docs/api.md, "Limits"). Natively `new` throws std::bad_alloc, which the service turns
// into the same kind of answer, and the check always passes.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>

namespace polytwist {

// Empty when `bytes` can be allocated now; else a message naming `what`, the megabytes it needs
// and the most the engine can use.
std::optional<std::string> tableMemoryShortfall(std::uint64_t bytes, const std::string& what);

// "N MB", rounded up.
std::string megabytesText(std::uint64_t bytes);

// Bytes all kernel tables (entries and class indexes) may hold together; 0: no limit. Tests
// set a small limit to see the failure path.
void setTableMemoryLimit(std::uint64_t bytes);
std::uint64_t tableMemoryInUse();

// Memory for a table's entries: malloc'ed or a read-only mapping of a file; counts against the
// limit while it lives.
class TableMemory {
 public:
  TableMemory() = default;
  TableMemory(const TableMemory&) = delete;
  TableMemory& operator=(const TableMemory&) = delete;
  TableMemory(TableMemory&& other) noexcept;
  TableMemory& operator=(TableMemory&& other) noexcept;
  ~TableMemory();
  // Empty with `error` set when the limit or the system refuses.
  static TableMemory allocate(std::uint64_t bytes, const std::string& what, std::string* error);
  static TableMemory mapFile(const std::string& path, std::string* error);
  std::uint8_t* data() const { return data_; }
  std::uint64_t size() const { return size_; }
  bool empty() const { return data_ == nullptr; }

 private:
  void release();
  std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
  bool mapped_ = false;
  std::uint64_t counted_ = 0;
};

// Writes a table file from its pieces in order (written one by one: a copy of a large table would
// double its memory) to a temporary beside `path`, renamed into place when all is written, so a
// reader never maps a half-written file. False, with `error` set, when the system refuses.
bool writeTableFile(const std::string& path,
                    std::initializer_list<std::span<const std::uint8_t>> pieces,
                    std::string* error);

}  // namespace polytwist
