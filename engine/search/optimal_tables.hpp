// The table sets of a puzzle's optimal solver (PuzzleSpec::tableSets), built or loaded on first
// use. Natively each table is a file in tableCacheDirectory(), named by the puzzle, the table and
// its definition hash, mapped into memory when present and written after a build; a stale or
// damaged file is rebuilt, never used. In the browser the page keeps the bytes (exportTables /
// importTables). Errors, including memory that cannot be had, are values.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "search/optimal_search.hpp"
#include "search/projected_search.hpp"

namespace polytwist {

// The table cache directory: $POLYTWIST_TABLE_DIR, else $XDG_CACHE_HOME/polytwist, else
// ~/.cache/polytwist (empty when none can be named).
std::string tableCacheDirectory();

class OptimalTables {
 public:
  // `frame`: when `puzzle` is the companion of a puzzle searched in a reference frame, that
  // frame, so the tables are looked up from every piece (see OptimalHeuristic).
  explicit OptimalTables(const Puzzle& puzzle, const ReferenceFrame* frame = nullptr);

  const SymmetryGroup& group() const { return group_; }
  // The set's name when the puzzle has it ("" gives the default, the first), else "".
  std::string resolve(const std::string& set) const;
  // Builds or loads every table of the set; false when cancelled or failed (`error` says).
  bool prepare(const std::string& set, const BuildProgressFn& progress, Cancellation cancel,
               std::string* error);
  // The key the set's bytes are cached under (with the puzzle's id): one hash of its tables'
  // definition fingerprints (SymmetricTable::definitionFingerprint), without building them.
  std::uint64_t setFingerprint(const std::string& set) const;
  // Nullptr until the set is prepared.
  const SearchHeuristic* heuristic(const std::string& set) const;
  // The set's tables, each as serialized bytes (a projected table's as its file), concatenated
  // with 8-byte lengths; importing reads the same. The heuristic an import replaces is destroyed,
  // so no search may be running on the set.
  std::string exportBytes(const std::string& set, std::string* error) const;
  bool importBytes(const std::string& set, const std::string& bytes, std::string* error);
  // The same bytes in parts, in order (the page's chunks: the WebAssembly heap then holds a
  // projected table once). The part at `offset` 0 starts an import of `total` bytes (the set is
  // unprepared until it ends), the one that reaches `total` ends it; a failure ends it too.
  enum class ImportStatus { Failed, Partial, Complete };
  ImportStatus importPart(const std::string& set, std::uint64_t offset, std::uint64_t total,
                          const char* bytes, std::uint64_t count, std::string* error);
  // What is wrong with the framing of an import's first part (its first table's 8-byte length
  // must fit the `total` announced), or nullopt: checked before anything is set up or released.
  static std::optional<std::string> framingProblem(std::uint64_t total, const char* bytes,
                                                   std::uint64_t count);
  // Frees an import that will not be finished (a download that stopped).
  void dropImport() { pending_.reset(); }

 private:
  struct Set {
    std::vector<std::unique_ptr<SymmetricTable>> tables;
    std::unique_ptr<ProjectedTable> projected;
    std::vector<std::unique_ptr<DistanceTable>> fallback;
    std::unique_ptr<SearchHeuristic> heuristic;
  };
  Set& setOf(const std::string& set);
  const TableSetSpec* specOf(const std::string& set) const;
  bool prepareProjected(Set& entry, const TableSetSpec& spec, const BuildProgressFn& progress,
                        Cancellation cancel, std::string* error);
  // An import under way: its set, its length and what came; a projected table's bytes go to
  // `incoming` after their 8-byte length (kept in `framing`), others' to `framing`.
  // (No member initializers: clang 14 then takes it as not default-constructible in the
  // std::optional below, declared while the class is incomplete; emplace() zeroes them.)
  struct PendingImport {
    std::string set;
    std::uint64_t total, received;
    std::string framing;
    std::optional<ProjectedTable::Incoming> incoming;
  };
  bool beginImport(const std::string& set, std::uint64_t total, std::string* error);
  bool finishImport(std::string* error);
  bool importTables(Set& entry, const std::string& bytes, std::string* error);
  // The projected table has its entries: its fallback tables and the heuristic.
  bool adoptProjected(Set& entry, const TableSetSpec& spec, Cancellation cancel,
                      std::string* error);
  std::string pathOf(const std::string& table, std::uint64_t definition) const;
  const Puzzle& puzzle_;
  const ReferenceFrame* frame_;
  SymmetryGroup group_;
  std::map<std::string, Set> sets_;
  std::optional<PendingImport> pending_;
};

}  // namespace polytwist
