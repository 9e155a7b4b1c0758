// A symmetric table's file and bytes: header (magic, definition hash, sizes, counts), entries,
// checksum; saved from memory, loaded by mapping the file.
#include <cstdio>
#include <cstring>

#include "search/byte_order.hpp"
#include "search/memory.hpp"
#include "search/symmetric_table.hpp"
#include "search/table_definition.hpp"

namespace polytwist {
namespace {

// The file layout's version is kTableCodeVersion (search/table_definition.hpp), inside the
// definition hash: bump that one when the ranking, the BFS or the file layout changes.
constexpr char kMagic[8] = {'P', 'T', 'S', 'Y', 'M', 'T', 'B', '1'};

std::uint64_t hashWords(const std::uint64_t* words, std::uint64_t count, std::uint64_t hash) {
  for (std::uint64_t i = 0; i < count; ++i) hash = mixHash(hash, words[i]);
  return hash;
}

std::uint64_t readU64(const std::uint8_t* p) {
  std::uint64_t value = 0;
  for (int i = 7; i >= 0; --i) value = value << 8 | p[i];
  return value;
}

}  // namespace

// Magic, definition hash, entry count, the counts; then the entries and the checksum follow.
std::string SymmetricTable::header() const {
  std::string out(kMagic, sizeof kMagic);
  putU64(out, definitionHash_);
  putU64(out, size());
  putU64(out, counts_.size());
  for (std::uint64_t count : counts_) putU64(out, count);
  return out;
}

std::uint64_t SymmetricTable::checksum() const {
  return hashWords(entries(), (size() + 31) / 32, headerHash());
}

std::string SymmetricTable::serialize() const {
  std::string out = header();
  out.append(reinterpret_cast<const char*>(entries()), (size() + 31) / 32 * 8);
  putU64(out, checksum());
  return out;
}

std::uint64_t SymmetricTable::headerHash() const {
  std::uint64_t hash = mixHash(definitionHash_, size());
  for (std::uint64_t count : counts_) hash = mixHash(hash, count);
  return hash;
}

bool SymmetricTable::readHeader(const std::uint8_t* data, std::uint64_t length,
                                const std::string& what, std::vector<std::uint64_t>& counts,
                                std::uint64_t& offset, std::string* error) const {
  const std::uint64_t words = (size() + 31) / 32;
  if (length < 40 || std::memcmp(data, kMagic, 8) != 0) {
    *error = what + " is not a table file of this version";
    return false;
  }
  if (readU64(data + 8) != definitionHash_ || readU64(data + 16) != size()) {
    *error = what + " was made for another definition of the " + name_ + " table (definition " +
             fingerprintText(readU64(data + 8)) + ", wanted " + fingerprintText(definitionHash_) +
             "): the puzzle's moves or pieces, the coordinates, the symmetries or the table code "
             "version differ";
    return false;
  }
  const std::uint64_t countCount = readU64(data + 24);
  if (countCount > 256 || length != 32 + countCount * 8 + words * 8 + 8) {
    *error = what + " has the wrong size";
    return false;
  }
  counts.resize(countCount);
  for (std::uint64_t d = 0; d < countCount; ++d) counts[d] = readU64(data + 32 + d * 8);
  offset = 32 + countCount * 8;
  return true;
}

bool SymmetricTable::takeIfChecksumMatches(const std::uint64_t* entries,
                                           const std::uint8_t* storedChecksum,
                                           std::vector<std::uint64_t>& counts,
                                           const std::string& what, std::string* error) {
  // The checksum covers the header, whose hash includes the counts: take them first.
  std::swap(counts_, counts);
  if (readU64(storedChecksum) != hashWords(entries, (size() + 31) / 32, headerHash())) {
    std::swap(counts_, counts);
    *error = what + " is damaged (checksum)";
    return false;
  }
  return true;
}

bool SymmetricTable::deserialize(const std::string& bytes, std::string* error) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  std::vector<std::uint64_t> counts;
  std::uint64_t offset = 0;
  if (!readHeader(data, bytes.size(), "the file", counts, offset, error)) return false;
  const std::uint64_t entryBytes = (size() + 31) / 32 * 8;
  TableMemory memory = TableMemory::allocate(entryBytes, "the " + name_ + " table", error);
  if (memory.empty()) return false;
  std::memcpy(memory.data(), data + offset, entryBytes);
  if (!takeIfChecksumMatches(reinterpret_cast<const std::uint64_t*>(memory.data()),
                             data + offset + entryBytes, counts, "the file", error)) {
    return false;
  }
  entryMemory_ = std::move(memory);
  entryOffset_ = 0;
  return true;
}

bool SymmetricTable::save(const std::string& path, std::string* error) const {
  const std::string head = header();
  std::string tail;
  putU64(tail, checksum());
  const auto bytes = [](const std::string& text) {
    return std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  };
  return writeTableFile(
      path,
      {bytes(head),
       std::span(reinterpret_cast<const std::uint8_t*>(entries()), (size() + 31) / 32 * 8),
       bytes(tail)},
      error);
}

bool SymmetricTable::load(const std::string& path, std::string* error) {
  TableMemory file = TableMemory::mapFile(path, error);
  if (file.empty()) return false;
  const std::uint8_t* data = file.data();
  std::vector<std::uint64_t> counts;
  std::uint64_t offset = 0;
  if (!readHeader(data, file.size(), path, counts, offset, error)) return false;
  const std::uint64_t entryBytes = (size() + 31) / 32 * 8;
  if (!takeIfChecksumMatches(reinterpret_cast<const std::uint64_t*>(data + offset),
                             data + offset + entryBytes, counts, path, error)) {
    return false;
  }
  entryOffset_ = offset;
  entryMemory_ = std::move(file);
  return true;
}

}  // namespace polytwist
