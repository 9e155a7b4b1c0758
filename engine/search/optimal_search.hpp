// The optimal-search kernel: IDA* over symmetry-reduced pattern databases (symmetric_table.hpp).
//
// The heuristic is the maximum of lookups of each table in each of its frames (the position seen
// through a symmetry that brings another axis to the table's own); lookups stop at the first that
// prunes, and all children's entries are prefetched before any is read. Mod-3 entries are
// followed exactly from the parent's distances, which needs each lookup's child to be one move
// from its parent in the table: true for the position seen in any frame, not for its inverse
// (m⁻¹·s⁻¹ renames pieces), so inverse lookups wait for exact (4-bit) tables.
//
// The node loop has an explicit stack, no std::function and no allocation; moves follow a
// canonical order (never one face twice in a row, commuting faces in one order only). A search
// runs either in slices (`run(nodeBudget)`, resumable: the browser's worker handles messages
// between slices) or on several threads (`runParallel`), where the tree is split into tasks at a
// shallow depth and every thread takes tasks until one finds a solution. Cancellation is a flag;
// the tables are untouched.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "search/symmetric_table.hpp"

namespace polytwist {

class OptimalHeuristic {
 public:
  // The tables must have their entries (built or loaded) and outlive the heuristic.
  OptimalHeuristic(const Puzzle& puzzle, const SymmetryGroup& group,
                   std::vector<const SymmetricTable*> tables);

  const Puzzle& puzzle() const { return puzzle_; }
  int lookupCount() const { return static_cast<int>(lookups_.size()); }
  // The heuristic of a state: the largest lookup (-1 when a table does not reach it).
  int estimate(const State& s) const;

 private:
  friend class OptimalSearch;
  struct Lookup {
    const SymmetricTable* table;
    int frame;   // symmetry the position is seen through
    int offset;  // of its values in a node's value array
    std::vector<int> moveMap;
  };
  // A lookup's coordinate values for a state.
  void root(const Lookup& lookup, const State& start, std::uint32_t* values) const;
  const Puzzle& puzzle_;
  const SymmetryGroup& group_;
  std::vector<Lookup> lookups_;
  int valueCount_ = 0;
};

struct SearchProgress {
  int depth;
  std::uint64_t nodes;
  double milliseconds;
};

class OptimalSearch {
 public:
  enum class Status { Running, Solved, Unsolvable, Cancelled };

  OptimalSearch(const OptimalHeuristic& heuristic, const State& start, int maxDepth = 30);
  ~OptimalSearch();
  OptimalSearch(const OptimalSearch&) = delete;

  // Searches about `nodeBudget` more nodes on this thread; Running when the budget ran out first.
  Status run(std::uint64_t nodeBudget);
  // Searches to the end on `threads` threads (the calling one included). Progress is reported
  // from the calling thread at each new depth and about every 2^20 nodes.
  Status runParallel(unsigned threads, const std::atomic<bool>* cancel,
                     const std::function<void(const SearchProgress&)>& progress = {});

  Status status() const { return status_; }
  int depth() const { return bound_; }
  std::uint64_t nodes() const { return nodes_; }
  const std::vector<int>& solution() const { return solution_; }

 private:
  class Worker;
  std::vector<std::vector<int>> tasksFor(int bound, int splitDepth) const;
  const OptimalHeuristic& heuristic_;
  State start_;
  int maxDepth_;
  int bound_ = 0;
  std::uint64_t nodes_ = 0;
  Status status_ = Status::Running;
  std::vector<int> solution_;
  std::unique_ptr<Worker> sliced_;  // the worker `run` resumes
};

}  // namespace polytwist
