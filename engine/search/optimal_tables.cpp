#include "search/optimal_tables.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "search/byte_order.hpp"
#include "search/memory.hpp"

namespace polytwist {
namespace {

// Asks, before the first table of a set is built or imported, for the memory of all of them
// (search/memory.hpp), so that a set too large fails at once rather than after building the
// tables that fit. `copies`: how many of the largest table are held at once besides (an import
// copies each table's bytes before it takes them).
template <typename Tables>
std::optional<std::string> setMemoryShortfall(const Tables& tables, const std::string& what,
                                              int copies) {
  std::uint64_t total = 0, largest = 0;
  for (const auto& table : tables) {
    if (table->ok()) continue;
    total += table->byteCount();
    largest = std::max(largest, table->byteCount());
  }
  return tableMemoryShortfall(total + largest * copies, what);
}

void makeDirectories(const std::string& path) {
  for (std::size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    mkdir(path.substr(0, slash).c_str(), 0755);
  }
  mkdir(path.c_str(), 0755);
}

}  // namespace

OptimalTables::OptimalTables(const Puzzle& puzzle, const ReferenceFrame* frame)
    : puzzle_(puzzle), frame_(frame), group_(puzzle) {}

std::string tableCacheDirectory() {
  if (const char* dir = std::getenv("POLYTWIST_TABLE_DIR"); dir != nullptr && *dir != 0) {
    return dir;
  }
  if (const char* dir = std::getenv("XDG_CACHE_HOME"); dir != nullptr && *dir != 0) {
    return std::string(dir) + "/polytwist";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != 0) {
    return std::string(home) + "/.cache/polytwist";
  }
  return {};
}

std::string OptimalTables::resolve(const std::string& set) const {
  const auto& sets = puzzle_.spec().tableSets;
  if (sets.empty()) return {};
  if (set.empty()) return sets.front().name;
  for (const TableSetSpec& spec : sets) {
    if (spec.name == set) return set;
  }
  return {};
}

const TableSetSpec* OptimalTables::specOf(const std::string& set) const {
  for (const TableSetSpec& spec : puzzle_.spec().tableSets) {
    if (spec.name == set) return &spec;
  }
  return nullptr;
}

OptimalTables::Set& OptimalTables::setOf(const std::string& set) {
  Set& entry = sets_[set];
  const TableSetSpec* spec = specOf(set);
  if (entry.tables.empty() && !entry.projected && spec) {
    // Made aside and kept only when all are: a set-up that throws (out of memory) must not leave
    // a set short of tables, which the next call would take as whole.
    std::vector<std::unique_ptr<SymmetricTable>> tables;
    for (const SymmetricTableSpec& table : spec->tables) {
      tables.push_back(std::make_unique<SymmetricTable>(puzzle_, group_, table));
    }
    std::unique_ptr<ProjectedTable> projected;
    if (spec->projected) {
      projected = std::make_unique<ProjectedTable>(puzzle_, group_, *spec->projected);
    }
    entry.tables = std::move(tables);
    entry.projected = std::move(projected);
  }
  return entry;
}

std::string OptimalTables::pathOf(const std::string& table, std::uint64_t definition) const {
#ifdef __EMSCRIPTEN__
  (void)table;
  (void)definition;
  return {};  // the page keeps the bytes (exportTables)
#else
  const std::string directory = tableCacheDirectory();
  if (directory.empty()) return {};
  return directory + "/" + puzzle_.id() + "-" + table + "-" + fingerprintText(definition) + ".ptt";
#endif
}

bool OptimalTables::prepare(const std::string& set, const BuildProgressFn& progress,
                            Cancellation cancel, std::string* error) {
  if (resolve(set) != set || set.empty()) {
    *error = puzzle_.id() + " has no table set '" + set + "'";
    return false;
  }
  Set& entry = setOf(set);
  if (entry.heuristic) return true;
  if (entry.projected) return prepareProjected(entry, *specOf(set), progress, cancel, error);
  if (auto shortfall =
          setMemoryShortfall(entry.tables, "the " + puzzle_.id() + " table set '" + set + "'", 0)) {
    *error = *shortfall;
    return false;
  }
  std::vector<const SymmetricTable*> tables;
  for (auto& table : entry.tables) {
    if (!table->ok()) {
      const std::string path = pathOf(table->name(), table->definitionHash());
      std::string loadError;
      if (path.empty() || !table->load(path, &loadError)) {
        if (!table->build(progress, cancel, error)) return false;
        if (!path.empty()) {
          makeDirectories(tableCacheDirectory());
          std::string saveError;
          table->save(path, &saveError);  // no cache: the next run builds again
        }
      }
    }
    tables.push_back(table.get());
  }
  entry.heuristic = std::make_unique<OptimalHeuristic>(puzzle_, group_, std::move(tables), frame_);
  return true;
}

bool OptimalTables::prepareProjected(Set& entry, const TableSetSpec& spec,
                                     const BuildProgressFn& progress, Cancellation cancel,
                                     std::string* error) {
  ProjectedTable& table = *entry.projected;
#ifdef __EMSCRIPTEN__
  // Its build enumerates states on every core for minutes natively, with gigabytes: the browser
  // imports the bytes a native build wrote (importTables).
  if (!table.ok()) {
    *error = "the " + puzzle_.id() + " table set '" + spec.name +
             "' is not built in the browser: import its bytes (importTables)";
    return false;
  }
  (void)progress;
#else
  if (!table.ok()) {
    const std::vector<const ProjectedTable*> tables = {&table};
    if (auto shortfall = setMemoryShortfall(
            tables, "the " + puzzle_.id() + " table set '" + spec.name + "'", 0)) {
      *error = *shortfall;
      return false;
    }
    const std::string path = pathOf(table.name(), table.definitionHash());
    std::string loadError;
    if (path.empty() || !table.load(path, &loadError)) {
      if (!table.build(progress, cancel, error)) return false;
      if (!path.empty()) {
        makeDirectories(tableCacheDirectory());
        std::string saveError;
        table.save(path, &saveError);  // no cache: the next run builds again
      }
    }
  }
#endif
  return adoptProjected(entry, spec, cancel, error);
}

bool OptimalTables::adoptProjected(Set& entry, const TableSetSpec& spec, Cancellation cancel,
                                   std::string* error) {
  // The fallback tables are small: built each time (milliseconds).
  std::vector<const DistanceTable*> fallback;
  entry.fallback.clear();
  for (const TableSpec& fallbackSpec : spec.fallback) {
    auto built = DistanceTable::build(puzzle_, fallbackSpec, puzzle_.solvedStates(), {}, cancel);
    if (!built) {
      *error = "cancelled";
      return false;
    }
    entry.fallback.push_back(std::make_unique<DistanceTable>(std::move(*built)));
    fallback.push_back(entry.fallback.back().get());
  }
  entry.heuristic =
      std::make_unique<ProjectedHeuristic>(puzzle_, *entry.projected, std::move(fallback));
  return true;
}

std::uint64_t OptimalTables::setFingerprint(const std::string& set) const {
  std::vector<std::uint64_t> tables;
  if (const TableSetSpec* spec = specOf(set)) {
    for (const SymmetricTableSpec& table : spec->tables) {
      tables.push_back(SymmetricTable::definitionFingerprint(puzzle_, group_, table));
    }
    if (spec->projected) {
      tables.push_back(ProjectedTable::definitionFingerprint(puzzle_, group_, *spec->projected));
    }
    for (const TableSpec& fallback : spec->fallback) {
      tables.push_back(
          DistanceTable::definitionFingerprint(puzzle_, fallback, puzzle_.solvedStates()));
    }
  }
  // The tables' fingerprints as the layout of an otherwise empty definition: one hash of them all.
  static const std::vector<int> noMoves;
  static const std::vector<State> noGoals;
  static const std::vector<CoordinateSpec> noCoordinates;
  return definitionFingerprint({puzzle_, noMoves, noGoals, noCoordinates, std::move(tables)});
}

const SearchHeuristic* OptimalTables::heuristic(const std::string& set) const {
  const auto found = sets_.find(set);
  return found == sets_.end() ? nullptr : found->second.heuristic.get();
}

std::string OptimalTables::exportBytes(const std::string& set, std::string* error) const {
  const auto found = sets_.find(set);
  if (found == sets_.end() || !found->second.heuristic) {
    *error = "the table set is not prepared";
    return {};
  }
  std::uint64_t total = 0;
  for (const auto& table : found->second.tables) total += 8 + table->byteCount();
  if (found->second.projected) total += 8 + found->second.projected->serializedSize();
  // The bytes, and in WebAssembly the page's copy of them.
  if (auto shortfall = tableMemoryShortfall(2 * total, "the bytes of the " + set + " tables")) {
    *error = *shortfall;
    return {};
  }
  // Each table's bytes after their length.
  std::string out;
  out.reserve(total);
  if (const ProjectedTable* projected = found->second.projected.get()) {
    putU64(out, projected->serializedSize());
    projected->serializeTo(out);
  }
  for (const auto& table : found->second.tables) {
    const std::string bytes = table->serialize();
    putU64(out, bytes.size());
    out += bytes;
  }
  return out;
}

bool OptimalTables::importBytes(const std::string& set, const std::string& bytes,
                                std::string* error) {
  return importPart(set, 0, bytes.size(), bytes.data(), bytes.size(), error) ==
         ImportStatus::Complete;
}

OptimalTables::ImportStatus OptimalTables::importPart(const std::string& set, std::uint64_t offset,
                                                      std::uint64_t total, const char* bytes,
                                                      std::uint64_t count, std::string* error) {
  if (offset == 0) {
    pending_.reset();
    if (auto problem = framingProblem(total, bytes, count)) {
      *error = *problem;
      return ImportStatus::Failed;
    }
    if (!beginImport(set, total, error)) return ImportStatus::Failed;
  } else if (!pending_ || pending_->set != set || pending_->total != total ||
             pending_->received != offset) {
    *error = "this part of the " + set + " tables (at byte " + std::to_string(offset) +
             ") does not follow the last one: start again at byte 0";
    return ImportStatus::Failed;
  }
  PendingImport& pending = *pending_;
  if (count > pending.total - pending.received) {
    *error =
        "the table data is longer than the " + std::to_string(pending.total) + " bytes announced";
    pending_.reset();
    return ImportStatus::Failed;
  }
  // A projected table's bytes after their length go where the table keeps its entries.
  std::uint64_t framingPart = count;
  if (pending.incoming)
    framingPart = std::min<std::uint64_t>(count, 8 - std::min<std::uint64_t>(8, pending.received));
  pending.framing.append(bytes, framingPart);
  if (framingPart < count && !setOf(set).projected->receive(*pending.incoming, bytes + framingPart,
                                                            count - framingPart, error)) {
    pending_.reset();
    return ImportStatus::Failed;
  }
  pending.received += count;
  if (pending.received < pending.total) return ImportStatus::Partial;
  const bool finished = finishImport(error);
  pending_.reset();
  return finished ? ImportStatus::Complete : ImportStatus::Failed;
}

std::optional<std::string> OptimalTables::framingProblem(std::uint64_t total, const char* bytes,
                                                         std::uint64_t count) {
  if (total < 8) {
    return "the table data is cut short: " + std::to_string(total) + " bytes in all";
  }
  if (count < 8) return std::nullopt;  // the length comes with the next part
  std::uint64_t first = 0;
  std::size_t at = 0;
  getU64(std::string(bytes, 8), at, first);
  if (first > total - 8) {
    return "these are no table set's bytes: the first table's length (" + std::to_string(first) +
           " bytes) runs past the " + std::to_string(total) + " bytes announced";
  }
  return std::nullopt;
}

bool OptimalTables::beginImport(const std::string& set, std::uint64_t total, std::string* error) {
  if (resolve(set) != set || set.empty()) {
    *error = puzzle_.id() + " has no table set '" + set + "'";
    return false;
  }
  Set& entry = setOf(set);
  // The set is unprepared until the bytes are read whole (the caller closed the searches on it).
  entry.heuristic.reset();
  const std::string what = "the " + puzzle_.id() + " table set '" + set + "'";
  std::optional<std::string> shortfall;
  if (entry.projected) {
    // The entries an import replaces go first, so that memory never holds two copies.
    entry.projected->release();
    const std::vector<const ProjectedTable*> tables = {entry.projected.get()};
    shortfall = setMemoryShortfall(tables, what, 0);
  } else {
    shortfall = setMemoryShortfall(entry.tables, what, 1);
  }
  if (shortfall) {
    *error = *shortfall;
    return false;
  }
  pending_.emplace();
  pending_->set = set;
  pending_->total = total;
  if (entry.projected) {
    // One table, after its length.
    if (total != 8 + entry.projected->serializedSize()) {
      *error = what + " takes " + std::to_string(8 + entry.projected->serializedSize()) +
               " bytes, not " + std::to_string(total);
      pending_.reset();
      return false;
    }
    pending_->incoming = entry.projected->incoming();
  } else {
    pending_->framing.reserve(total);
  }
  return true;
}

bool OptimalTables::finishImport(std::string* error) {
  PendingImport& pending = *pending_;
  Set& entry = setOf(pending.set);
  if (!entry.projected) return importTables(entry, pending.framing, error);
  ProjectedTable& table = *entry.projected;
  std::size_t at = 0;
  std::uint64_t length = 0;
  if (!getU64(pending.framing, at, length) || length != table.serializedSize()) {
    *error = "the table data is cut short or too long";
    return false;
  }
  return table.adopt(std::move(*pending.incoming), "the " + table.name() + " table's bytes",
                     error) &&
         adoptProjected(entry, *specOf(pending.set), {}, error);
}

bool OptimalTables::importTables(Set& entry, const std::string& bytes, std::string* error) {
  std::size_t at = 0;
  for (auto& table : entry.tables) {
    std::uint64_t length = 0;
    if (!getU64(bytes, at, length) || bytes.size() - at < length) {
      *error = "the table data is cut short";
      return false;
    }
    if (!table->deserialize(bytes.substr(at, length), error)) return false;
    at += length;
  }
  std::vector<const SymmetricTable*> tables;
  for (auto& table : entry.tables) tables.push_back(table.get());
  entry.heuristic = std::make_unique<OptimalHeuristic>(puzzle_, group_, std::move(tables), frame_);
  return true;
}

}  // namespace polytwist
