// The optimal-search kernel: IDA* over symmetry-reduced pattern databases (symmetric_table.hpp).
//
// The heuristic is the maximum of lookups of each table in each of its frames (the position seen
// through a symmetry that brings another axis to the table's own) and, for a puzzle searched in a
// reference frame, from each piece that can hold the reference's place (ReferenceFrame::seenFrom;
// which move such a lookup sees depends on where that piece is, a coordinate it tracks). Lookups
// stop at the first that prunes; the first few are computed and prefetched for all children
// before any is read, the others only for children the first ones did not prune. Mod-3 entries are
// followed exactly from the parent's distances, which needs each lookup's child to be one move
// from its parent in the table: true for the position seen in any frame, not for its inverse
// (m⁻¹·s⁻¹ renames pieces), so inverse lookups wait for exact (4-bit) tables.
//
// The node loop is the shared walk (search/stack_walk.hpp): an explicit stack, no std::function
// and no allocation; moves follow a canonical order (never one face twice in a row, commuting
// faces in one order only). A search runs either in slices (`run(nodeBudget)`, resumable: the
// browser's worker handles messages between slices) or on several threads (`runParallel`), where
// the tree is split into tasks at a shallow depth and every thread takes tasks until one finds a
// solution. Cancellation is a flag; the tables are untouched.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "search/reference_frame.hpp"
#include "search/stack_walk.hpp"
#include "search/symmetric_table.hpp"

namespace polytwist {

// One depth-first search of a heuristic, with its own explicit stack: the IDA* driver
// (OptimalSearch) starts passes and tasks on it and counts its nodes.
class SearchWorker {
 public:
  using Step = WalkStep;
  virtual ~SearchWorker() = default;
  // The heuristic of the start (-1: it cannot be solved).
  virtual int rootBound() const = 0;
  // Starts a search to depth `bound` below the path `prefix`; false when the prefix is pruned.
  virtual bool begin(int bound, const std::vector<int>& prefix) = 0;
  // Searches about `budget` more nodes, adding them to `nodes`.
  virtual Step step(std::uint64_t budget, std::uint64_t& nodes) = 0;
  // The moves from the start to the current node (the solution after Found).
  virtual std::vector<int> path() const = 0;
};

// What the driver searches with: a puzzle's canonical move order and lower bounds.
class SearchHeuristic {
 public:
  // Whether separable pieces (Pyraminx tips) are set before the search, by their own moves
  // (Solver::separableFixes), or their moves are followed like any other.
  enum class SeparableMoves { SetFirst, Followed };
  virtual ~SearchHeuristic() = default;
  virtual const Puzzle& puzzle() const = 0;
  // Canonical order: the moves that may follow move `last` (-1: the first move). Never one face
  // twice in a row, and of two commuting faces only the lower first; a separable piece's own
  // move only where the heuristic follows them (elsewhere those pieces are set before the
  // search). On the companion of a
  // reference frame, faces are the puzzle's as it is held: the next move's face is the one it
  // turns after the previous move's turn of the whole puzzle, so U, F and L keep the commuting
  // partners the companion's own moves lose.
  const std::vector<int>& followers(int last) const { return followers_[last + 1]; }
  const FollowerLists& followerLists() const { return followers_; }
  // A lower bound on the moves a state needs (-1 when a table does not reach it).
  virtual int estimate(const State& s) const = 0;
  virtual std::unique_ptr<SearchWorker> worker(const State& start, int maxDepth) const = 0;
  // How many tasks a pass is split into at least (prefixes one move longer each time until
  // there are this many): each task evaluates its prefix again.
  virtual std::size_t taskCount() const { return 2000; }
  // The symmetries through which a start that they leave as it is may skip the tasks that are
  // images of others (nullptr: none; the canonical order must be the plain one, see followers).
  virtual const SymmetryGroup* startSymmetries() const { return nullptr; }

 protected:
  SearchHeuristic(const Puzzle& puzzle, const ReferenceFrame* frame,
                  SeparableMoves separable = SeparableMoves::SetFirst);
  FollowerLists followers_;
};

// A worker that is the shared walk (search/stack_walk.hpp) in the heuristic's canonical order:
// the worker (Derived) gives the walk's hooks and rootBound.
template <typename Derived>
class WalkWorker : public SearchWorker, public StackWalk<Derived> {
 public:
  bool begin(int bound, const std::vector<int>& prefix) final {
    return StackWalk<Derived>::begin(bound, prefix);
  }
  Step step(std::uint64_t budget, std::uint64_t& nodes) final {
    std::uint64_t walked = 0;
    const Step result = this->walk(budget, walked);
    nodes += walked;
    return result;
  }
  std::vector<int> path() const final { return StackWalk<Derived>::path(); }

 protected:
  WalkWorker(const SearchHeuristic& heuristic, int maxDepth)
      : StackWalk<Derived>(heuristic.followerLists(), maxDepth) {}
};

class OptimalHeuristic final : public SearchHeuristic {
 public:
  // The tables must have their entries (built or loaded) and outlive the heuristic, as must
  // `frame` (the puzzle's ReferenceFrame when `puzzle` is its companion, else nullptr).
  OptimalHeuristic(const Puzzle& puzzle, const SymmetryGroup& group,
                   std::vector<const SymmetricTable*> tables,
                   const ReferenceFrame* frame = nullptr);

  const Puzzle& puzzle() const override { return puzzle_; }
  const SymmetryGroup* startSymmetries() const override {
    return referenceFrame_ ? nullptr : &group_;
  }
  int lookupCount() const { return static_cast<int>(lookups_.size()); }
  // The largest lookup.
  int estimate(const State& s) const override;
  std::unique_ptr<SearchWorker> worker(const State& start, int maxDepth) const override;

 private:
  friend class CoordinateWorker;
  struct Lookup {
    const SymmetricTable* table;
    int frame;   // symmetry the position is seen through
    int offset;  // of its values in a node's value array
    std::vector<int> moveMap;
    // Seen from another piece: its number in the puzzle (-1: none), the coordinate of its place
    // and twist (one more value after the table's), and per value of that coordinate and move,
    // the move the seen position makes.
    int viewPiece = -1;
    const Coordinate* viewPlace = nullptr;
    const int* viewedMove = nullptr;  // into viewedMoves_
  };
  // A lookup's coordinate values for a state.
  void root(const Lookup& lookup, const State& start, std::uint32_t* values) const;
  // A lookup's values for the child reached by `move` from its parent's; returns the entry index.
  std::uint64_t child(const Lookup& lookup, const std::uint32_t* parent, int move,
                      std::uint32_t* child) const {
    int seen = move;
    if (lookup.viewPlace) {
      const std::uint32_t place = parent[lookup.offset + lookup.table->partCount()];
      seen = lookup.viewedMove[place * moveCount_ + move];
      child[lookup.offset + lookup.table->partCount()] = lookup.viewPlace->move(place, move);
    }
    seen = lookup.moveMap[seen];
    const SymmetricTable& table = *lookup.table;
    for (int p = 0; p < table.partCount(); ++p) {
      child[lookup.offset + p] = table.part(p).move(parent[lookup.offset + p], seen);
    }
    return table.index(child + lookup.offset);
  }
  void addViews(const SymmetricTable* table, int frame);
  const Puzzle& puzzle_;
  const SymmetryGroup& group_;
  const ReferenceFrame* referenceFrame_;
  int moveCount_;
  std::vector<Lookup> lookups_;
  std::vector<std::unique_ptr<Coordinate>> viewPlaces_;  // per puzzle piece (nullptr: reference)
  std::vector<std::vector<int>> viewedMoves_;
  int valueCount_ = 0;
};

struct SearchProgress {
  int depth;
  std::uint64_t nodes;
  double milliseconds;
};

// The threads a search uses when `requested` (0: one per core); one in a WebAssembly build
// without threads.
unsigned searchThreads(unsigned requested);

class OptimalSearch {
 public:
  enum class Status { Running, Solved, Unsolvable, Cancelled };

  OptimalSearch(const SearchHeuristic& heuristic, const State& start, int maxDepth = 30);
  ~OptimalSearch();
  OptimalSearch(const OptimalSearch&) = delete;

  // Searches about `nodeBudget` more nodes on `threads` threads (the calling one included; the
  // first call fixes the count); Running when the budget ran out first. Passes are split into
  // tasks and ordered as runParallel's, so one thread visits as few nodes; each thread keeps its
  // task from one call to the next.
  Status run(std::uint64_t nodeBudget, unsigned threads = 1);
  // Searches to the end on `threads` threads (the calling one included). Progress is reported
  // from the calling thread at each new depth and about every 2^20 nodes.
  Status runParallel(unsigned threads, const std::atomic<bool>* cancel,
                     const std::function<void(const SearchProgress&)>& progress = {});

  // Passes after one of at least `nodes` nodes are split into tasks (2^18 unless set; before
  // the first pass).
  void splitPassesAfter(std::uint64_t nodes) { splitAfter_ = nodes; }
  // The current pass's tasks (prefixes): one, empty, when the pass is whole.
  std::size_t passTasks() const { return tasks_.size(); }

  Status status() const { return status_; }
  int depth() const { return bound_; }
  std::uint64_t nodes() const { return nodes_; }
  const std::vector<int>& solution() const { return solution_; }

 private:
  std::vector<std::vector<int>> tasksFor(int bound, int splitDepth) const;
  // Whether a task is the least of its images through the start's own symmetries, each image
  // in canonical order (commuting moves by base), compared move by move by base first. A
  // solution's least image then starts with a kept task: a shorter image of its prefix would
  // give a smaller image of the whole (the canonical order can only lower its last move).
  bool leastOfImages(const std::vector<int>& task) const;
  // Sets up the pass at bound_: whole after a pass of few nodes (splitting it into tasks would
  // cost more than it saves: each task evaluates its own prefix), else split into tasks, those
  // that took most nodes in the last pass first.
  void beginPass();
  const SearchHeuristic& heuristic_;
  State start_;
  int maxDepth_;
  std::uint64_t splitAfter_ = 1 << 18;
  int bound_ = 0;
  std::uint64_t nodes_ = 0;
  Status status_ = Status::Running;
  std::vector<int> solution_;
  // The symmetries that leave the start as it is and keep the goals, but the identity: tasks
  // that are images of others through them hold the same solutions, seen through the symmetry.
  std::vector<int> startSymmetries_;
  // The pass: its prefixes in canonical order, the order it takes them in, and per task its
  // nodes in the pass; nodes_ before the last pass (0: the first pass is whole).
  std::vector<std::vector<int>> tasks_;
  std::vector<std::size_t> order_;
  std::vector<std::uint64_t> taskNodes_;
  std::uint64_t passStart_ = 0;
  // What `run` resumes: per thread its worker and the task it is in (-1: none), and the next
  // task's place in order_.
  struct Slicer {
    std::unique_ptr<SearchWorker> worker;
    std::ptrdiff_t task = -1;
  };
  std::vector<Slicer> slicers_;
  std::size_t nextTask_ = 0;
  // One slice of the pass on every slicer, until `budget` nodes are spent, a solution is found
  // or no task is left; the nodes spent.
  std::uint64_t runSlice(std::uint64_t budget);
};

}  // namespace polytwist
