#include "search/optimal_search.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace polytwist {
SearchHeuristic::SearchHeuristic(const Puzzle& puzzle, const ReferenceFrame* frame,
                                 SeparableMoves separable) {
  const int moveCount = static_cast<int>(puzzle.moves().size());
  followers_.resize(moveCount + 1);
  for (int last = -1; last < moveCount; ++last) {
    for (int m = 0; m < moveCount; ++m) {
      // Separable pieces (Pyraminx tips) are set before the search (Solver::separableFixes),
      // unless the heuristic follows their moves (plain tables that see those pieces).
      if (!puzzle.isSearchMove(m)) continue;
      if (separable == SeparableMoves::SetFirst && puzzle.isSeparableMove(m)) continue;
      if (last >= 0) {
        const int lastBase = puzzle.moves()[last].base;
        int base = puzzle.moves()[m].base;
        bool commute = puzzle.basesCommute(base, lastBase);
        if (frame) {
          const Puzzle& held = frame->puzzle();
          base = held.moves()[held.moveInFrame(frame->turnAfter(last), m)].base;
          commute = held.basesCommute(base, lastBase);
        }
        if (base == lastBase || (base < lastBase && commute)) continue;
      }
      followers_[last + 1].push_back(m);
    }
  }
}

OptimalHeuristic::OptimalHeuristic(const Puzzle& puzzle, const SymmetryGroup& group,
                                   std::vector<const SymmetricTable*> tables,
                                   const ReferenceFrame* frame)
    : SearchHeuristic(puzzle, frame),
      puzzle_(puzzle),
      group_(group),
      referenceFrame_(frame),
      moveCount_(static_cast<int>(puzzle.moves().size())) {
  for (const SymmetricTable* table : tables) {
    for (int f : table->frames()) {
      lookups_.push_back({table, f, valueCount_, group.moveMap(f), -1, nullptr, nullptr});
      valueCount_ += table->partCount();
      if (frame) addViews(table, f);
    }
  }
}

void OptimalHeuristic::addViews(const SymmetricTable* table, int frame) {
  const ReferenceFrame& reference = *referenceFrame_;
  const Puzzle& companion = reference.fixed();
  // Sized once: lookups keep pointers into viewedMoves_'s rows.
  viewPlaces_.resize(reference.orbitSize());
  viewedMoves_.resize(reference.orbitSize());
  for (int piece = 0; piece < reference.orbitSize(); ++piece) {
    if (reference.fixedPiece(piece) < 0) continue;
    if (!viewPlaces_[piece]) {
      const CoordinateSpec place = {.orbit = companion.orbits()[reference.orbit()].name,
                                    .pieces = {reference.fixedPiece(piece)}};
      viewPlaces_[piece] = std::make_unique<Coordinate>(companion, place);
      const Coordinate& coordinate = *viewPlaces_[piece];
      std::vector<int>& viewed = viewedMoves_[piece];
      viewed.assign(static_cast<std::size_t>(coordinate.size()) * moveCount_, -1);
      for (std::uint32_t value = 0; value < coordinate.size(); ++value) {
        State state = companion.solved();
        coordinate.place(value, state);
        const State undoSeen = companion.inverse(reference.seenFrom(piece, state));
        for (int m = 0; m < moveCount_; ++m) {
          const State step = companion.compose(
              undoSeen,
              reference.seenFrom(piece, companion.compose(state, companion.moves()[m].effect)));
          for (int n = 0; n < moveCount_; ++n) {
            if (companion.moves()[n].effect == step) viewed[value * moveCount_ + m] = n;
          }
          if (viewed[value * moveCount_ + m] < 0) {
            throw std::logic_error("a position seen from another piece makes no move");
          }
        }
      }
    }
    lookups_.push_back({table, frame, valueCount_, group_.moveMap(frame), piece,
                        viewPlaces_[piece].get(), viewedMoves_[piece].data()});
    valueCount_ += table->partCount() + 1;
  }
}

void OptimalHeuristic::root(const Lookup& lookup, const State& start, std::uint32_t* values) const {
  if (lookup.viewPiece < 0) {
    lookup.table->rank(group_.conjugate(lookup.frame, start), values);
    return;
  }
  const State seen = referenceFrame_->seenFrom(lookup.viewPiece, start);
  lookup.table->rank(group_.conjugate(lookup.frame, seen), values);
  values[lookup.table->partCount()] = lookup.viewPlace->rank(start);
}

int OptimalHeuristic::estimate(const State& s) const {
  int best = 0;
  for (const Lookup& lookup : lookups_) {
    std::uint32_t values[kMaxCoordinateParts];
    root(lookup, s, values);
    const int distance = lookup.table->distance(values);
    if (distance < 0) return -1;
    best = std::max(best, distance);
  }
  return best;
}

// Lookups computed for every child before any is evaluated (see expand).
constexpr int kEagerLookups = 3;
// Lookups computed and prefetched together past the eager ones (4-8 were best on the Kilominx's
// 60 lookups; all at once wasted the work of the many children the first ones prune).
constexpr int kLookupBatch = 8;

// One depth-first search with an explicit stack. Level g holds the node at depth g: its lookup
// values and distances, and its prepared children.
class CoordinateWorker final : public WalkWorker<CoordinateWorker> {
 public:
  CoordinateWorker(const OptimalHeuristic& heuristic, const State& start, int maxDepth)
      : WalkWorker(heuristic, maxDepth), h_(heuristic), puzzle_(heuristic.puzzle()), start_(start) {
    const int lookups = h_.lookupCount();
    moveCount_ = static_cast<int>(puzzle_.moves().size());
    values_.assign(static_cast<std::size_t>(maxDepth + 1) * h_.valueCount_, 0);
    distances_.assign(static_cast<std::size_t>(maxDepth + 1) * lookups, 0);
    childValues_.assign(static_cast<std::size_t>(maxDepth + 1) * moveCount_ * h_.valueCount_, 0);
    childIndex_.assign(static_cast<std::size_t>(maxDepth + 1) * moveCount_ * lookups, 0);
    order_.resize(lookups);
    for (int l = 0; l < lookups; ++l) order_[l] = l;
    prunes_.assign(lookups, 0);
    rootBound_ = 0;
    for (int l = 0; l < lookups; ++l) {
      const auto& lookup = h_.lookups_[l];
      std::uint32_t values[kMaxCoordinateParts];
      h_.root(lookup, start, values);
      const int distance = lookup.table->distance(values);
      if (distance < 0) {
        rootBound_ = -1;
        return;
      }
      distances_[l] = static_cast<std::uint8_t>(distance);
      rootBound_ = std::max(rootBound_, distance);
      std::copy(values, values + lookup.table->partCount() + (lookup.viewPlace ? 1 : 0),
                &values_[lookup.offset]);
    }
  }

  int rootBound() const override { return rootBound_; }

 private:
  friend class StackWalk<CoordinateWorker>;

  void beforePass(int bound) {
    if (bound != orderedFor_) {
      // Lookups that pruned most in the last pass go first (many lookups on the Kilominx).
      std::stable_sort(order_.begin(), order_.end(),
                       [&](int a, int b) { return prunes_[a] > prunes_[b]; });
      for (std::uint64_t& count : prunes_) count /= 2;
      orderedFor_ = bound;
    }
  }
  bool enterPrefix(int g, int move) {
    prepareChild(g, move);
    return evaluate(g, move);
  }
  bool enter(int g, int move) { return evaluate(g, move); }

  bool atGoal() const {
    for (int l = 0; l < h_.lookupCount(); ++l) {
      if (distances_[static_cast<std::size_t>(top()) * h_.lookupCount() + l] != 0) return false;
    }
    return puzzle_.isSolved(puzzle_.applySequence(start_, path()));
  }

  // The first lookups' values and entries of every child, with the entries prefetched; the
  // others wait for evaluate, as most children are pruned by the first.
  void expand(int g) {
    for (int move : followersAt(g)) prepareChild(g, move);
  }

  void prepareChild(int g, int move) {
    const int lookups = h_.lookupCount();
    const std::uint32_t* parent = &values_[static_cast<std::size_t>(g) * h_.valueCount_];
    std::uint32_t* child =
        &childValues_[(static_cast<std::size_t>(g) * moveCount_ + move) * h_.valueCount_];
    std::uint64_t* index =
        &childIndex_[(static_cast<std::size_t>(g) * moveCount_ + move) * lookups];
    for (int k = 0; k < std::min(lookups, kEagerLookups); ++k) {
      const int l = order_[k];
      const auto& lookup = h_.lookups_[l];
      index[l] = h_.child(lookup, parent, move, child);
      __builtin_prefetch(lookup.table->entries() + (index[l] >> 5));
    }
  }

  // Exact distance of a child from its parent's and the child's residue; the residue tells
  // whether the move went one closer, stayed, or went one further.
  static int follow(int parent, int residue) {
    const int step = (residue - parent % 3 + 3) % 3;
    return step == 0 ? parent : step == 1 ? parent + 1 : parent - 1;
  }

  bool evaluate(int g, int move) {
    const int lookups = h_.lookupCount();
    const int remaining = bound() - g - 1;
    const std::uint8_t* parentDistance = &distances_[static_cast<std::size_t>(g) * lookups];
    std::uint8_t* childDistance = &distances_[static_cast<std::size_t>(g + 1) * lookups];
    std::uint64_t* index =
        &childIndex_[(static_cast<std::size_t>(g) * moveCount_ + move) * lookups];
    std::uint32_t* child =
        &childValues_[(static_cast<std::size_t>(g) * moveCount_ + move) * h_.valueCount_];
    const std::uint32_t* parent = &values_[static_cast<std::size_t>(g) * h_.valueCount_];
    for (int k = 0; k < lookups; ++k) {
      // Past the eager lookups, the next batch is computed and prefetched together, so that
      // their cache misses overlap instead of following one another.
      if (k >= kEagerLookups && (k - kEagerLookups) % kLookupBatch == 0) {
        for (int b = k; b < std::min(lookups, k + kLookupBatch); ++b) {
          const int l = order_[b];
          index[l] = h_.child(h_.lookups_[l], parent, move, child);
          __builtin_prefetch(h_.lookups_[l].table->entries() + (index[l] >> 5));
        }
      }
      const int l = order_[k];
      const int residue = h_.lookups_[l].table->stored(index[l]);
      if (residue == 3) return false;
      const int distance = follow(parentDistance[l], residue);
      if (distance > remaining) {
        ++prunes_[l];
        return false;
      }
      childDistance[l] = static_cast<std::uint8_t>(distance);
    }
    std::copy_n(&childValues_[(static_cast<std::size_t>(g) * moveCount_ + move) * h_.valueCount_],
                h_.valueCount_, &values_[static_cast<std::size_t>(g + 1) * h_.valueCount_]);
    return true;
  }

  const OptimalHeuristic& h_;
  const Puzzle& puzzle_;
  State start_;
  int moveCount_ = 0;
  int rootBound_ = 0;
  std::vector<std::uint32_t> values_;
  std::vector<std::uint8_t> distances_;
  std::vector<std::uint32_t> childValues_;
  std::vector<std::uint64_t> childIndex_;
  std::vector<int> order_;             // lookups in the order evaluate tries them
  std::vector<std::uint64_t> prunes_;  // per lookup: children it pruned (halved each pass)
  int orderedFor_ = -1;                // the bound order_ was sorted for
};

std::unique_ptr<SearchWorker> OptimalHeuristic::worker(const State& start, int maxDepth) const {
  return std::make_unique<CoordinateWorker>(*this, start, maxDepth);
}

OptimalSearch::OptimalSearch(const SearchHeuristic& heuristic, const State& start, int maxDepth)
    : heuristic_(heuristic), start_(start), maxDepth_(maxDepth) {
  if (const SymmetryGroup* group = heuristic.startSymmetries()) {
    const Puzzle& puzzle = heuristic.puzzle();
    for (int s = 1; s < group->size(); ++s) {
      if (group->conjugate(s, start) == start && group->keepsGoals(s, puzzle.solvedStates())) {
        startSymmetries_.push_back(s);
      }
    }
  }
}

OptimalSearch::~OptimalSearch() = default;

unsigned searchThreads(unsigned requested) {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  (void)requested;
  return 1;
#else
  return requested != 0 ? requested : std::max(1u, std::thread::hardware_concurrency());
#endif
}

OptimalSearch::Status OptimalSearch::run(std::uint64_t nodeBudget, unsigned threads) {
  if (status_ != Status::Running) return status_;
  if (slicers_.empty()) {
    slicers_.resize(std::max(1u, threads));
    for (Slicer& slicer : slicers_) slicer.worker = heuristic_.worker(start_, maxDepth_);
    bound_ = slicers_[0].worker->rootBound();
    if (bound_ < 0 || bound_ > maxDepth_) return status_ = Status::Unsolvable;
    beginPass();
  }
  std::uint64_t spent = 0;
  while (spent < nodeBudget) {
    const bool idle = std::all_of(slicers_.begin(), slicers_.end(),
                                  [](const Slicer& slicer) { return slicer.task < 0; });
    if (idle && nextTask_ >= tasks_.size()) {
      if (++bound_ > maxDepth_) return status_ = Status::Unsolvable;
      beginPass();
      continue;
    }
    spent += runSlice(nodeBudget - spent);
    if (status_ == Status::Solved) return status_;
  }
  return Status::Running;
}

std::uint64_t OptimalSearch::runSlice(std::uint64_t budget) {
  std::atomic<std::uint64_t> spent{0};
  std::atomic<std::size_t> next{nextTask_};
  std::atomic<bool> found{false};
  std::mutex solutionMutex;
  // Steps short enough that the threads stop close to the budget together (on one thread, a
  // quarter of it: the checks between them cost nothing next to a step).
  const std::uint64_t chunk = std::max<std::uint64_t>(1, budget / (4 * slicers_.size()));
  auto work = [&](Slicer& slicer) {
    while (!found.load() && spent.load() < budget) {
      if (slicer.task < 0) {
        const std::size_t place = next.fetch_add(1);
        if (place >= tasks_.size()) return;
        const std::size_t task = order_[place];
        if (!slicer.worker->begin(bound_, tasks_[task])) continue;
        slicer.task = static_cast<std::ptrdiff_t>(task);
      }
      std::uint64_t counted = 0;
      const SearchWorker::Step step = slicer.worker->step(chunk, counted);
      spent += counted;
      taskNodes_[slicer.task] += counted;  // each task is one slicer's
      if (step == SearchWorker::Step::Found) {
        std::lock_guard lock(solutionMutex);
        if (!found.exchange(true)) solution_ = slicer.worker->path();
        return;
      }
      if (step == SearchWorker::Step::Exhausted) slicer.task = -1;
    }
  };
  std::vector<std::thread> helpers;
  for (std::size_t t = 1; t < slicers_.size(); ++t) {
    helpers.emplace_back([&, t] { work(slicers_[t]); });
  }
  work(slicers_[0]);
  for (std::thread& helper : helpers) helper.join();
  nextTask_ = std::min(next.load(), tasks_.size());
  nodes_ += spent.load();
  if (found.load()) {
    slicers_.clear();
    status_ = Status::Solved;
  }
  return spent.load();
}

void OptimalSearch::beginPass() {
  const bool split = nodes_ - passStart_ >= splitAfter_;
  passStart_ = nodes_;
  std::vector<std::vector<int>> tasks = tasksFor(bound_, split ? bound_ : 0);
  const bool sameTasks = tasks == tasks_;
  tasks_ = std::move(tasks);
  order_.resize(tasks_.size());
  for (std::size_t t = 0; t < order_.size(); ++t) order_[t] = t;
  if (sameTasks) {
    // The subtrees that took most nodes in the last pass go first: the tables let more of them
    // through, so they more often hold a solution (nissy-core's doc/h48.md measures about 40%
    // less time to the first solution).
    std::stable_sort(order_.begin(), order_.end(),
                     [&](std::size_t a, std::size_t b) { return taskNodes_[a] > taskNodes_[b]; });
  }
  taskNodes_.assign(tasks_.size(), 0);
  nextTask_ = 0;
}

std::vector<std::vector<int>> OptimalSearch::tasksFor(int bound, int splitDepth) const {
  std::vector<std::vector<int>> tasks = {{}};
  // Enough tasks to keep every thread busy to the end and to order them by their last pass's
  // nodes, but not so many that evaluating their prefixes costs (SearchHeuristic::taskCount).
  for (int depth = 0; depth < std::min(bound, splitDepth) && tasks.size() < heuristic_.taskCount();
       ++depth) {
    std::vector<std::vector<int>> longer;
    for (const std::vector<int>& task : tasks) {
      for (int m : heuristic_.followers(task.empty() ? -1 : task.back())) {
        longer.push_back(task);
        longer.back().push_back(m);
      }
    }
    tasks = std::move(longer);
  }
  if (!startSymmetries_.empty())
    std::erase_if(tasks, [&](const auto& t) { return !leastOfImages(t); });
  return tasks;
}

bool OptimalSearch::leastOfImages(const std::vector<int>& task) const {
  const Puzzle& puzzle = heuristic_.puzzle();
  const SymmetryGroup& group = *heuristic_.startSymmetries();
  auto key = [&](int move) { return std::pair(puzzle.moves()[move].base, move); };
  std::vector<int> image(task.size());
  for (int s : startSymmetries_) {
    for (std::size_t i = 0; i < task.size(); ++i) image[i] = group.mapMove(s, task[i]);
    // Canonical order: of two neighbours that commute, the lower base first.
    for (bool swapped = true; swapped;) {
      swapped = false;
      for (std::size_t i = 1; i < image.size(); ++i) {
        const int before = puzzle.moves()[image[i - 1]].base;
        const int after = puzzle.moves()[image[i]].base;
        if (after < before && puzzle.basesCommute(before, after)) {
          std::swap(image[i - 1], image[i]);
          swapped = true;
        }
      }
    }
    for (std::size_t i = 0; i < task.size(); ++i) {
      if (key(image[i]) != key(task[i])) {
        if (key(image[i]) < key(task[i])) return false;
        break;
      }
    }
  }
  return true;
}

OptimalSearch::Status OptimalSearch::runParallel(
    unsigned threads, const std::atomic<bool>* cancel,
    const std::function<void(const SearchProgress&)>& progress) {
  if (status_ != Status::Running) return status_;
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
        .count();
  };
  threads = std::max(1u, threads);
  std::vector<std::unique_ptr<SearchWorker>> workers;
  for (unsigned t = 0; t < threads; ++t) workers.push_back(heuristic_.worker(start_, maxDepth_));
  bound_ = workers[0]->rootBound();
  if (bound_ < 0 || bound_ > maxDepth_) return status_ = Status::Unsolvable;
  for (; bound_ <= maxDepth_; ++bound_) {
    if (progress) progress({bound_, nodes_, elapsed()});
    beginPass();
    std::atomic<std::uint64_t> nodes{nodes_};
    std::atomic<std::size_t> nextTask{0};
    std::atomic<bool> found{false};
    std::mutex solutionMutex;
    auto stopped = [&] { return found.load() || (cancel && cancel->load()); };
    auto work = [&](SearchWorker& worker, bool reports) {
      std::uint64_t reported = nodes.load();
      while (!stopped()) {
        const std::size_t next = nextTask.fetch_add(1);
        if (next >= tasks_.size()) return;
        const std::size_t task = order_[next];
        if (!worker.begin(bound_, tasks_[task])) continue;
        for (;;) {
          std::uint64_t counted = 0;
          const SearchWorker::Step step = worker.step(1 << 16, counted);
          nodes += counted;
          taskNodes_[task] += counted;  // each task is one thread's
          if (step == SearchWorker::Step::Found) {
            std::lock_guard lock(solutionMutex);
            if (!found.exchange(true)) solution_ = worker.path();
            return;
          }
          if (step == SearchWorker::Step::Exhausted || stopped()) break;
          if (reports && progress && nodes.load() - reported >= (1u << 20)) {
            reported = nodes.load();
            progress({bound_, reported, elapsed()});
          }
        }
      }
    };
    std::vector<std::thread> helpers;
    // No more threads than tasks: a whole pass (small) runs on this thread alone.
    const std::size_t busy = std::min<std::size_t>(threads, tasks_.size());
    for (unsigned t = 1; t < busy; ++t) {
      helpers.emplace_back([&, t] { work(*workers[t], false); });
    }
    work(*workers[0], true);
    for (std::thread& helper : helpers) helper.join();
    nodes_ = nodes.load();
    if (found) {
      // The task's path starts below the root: workers keep the prefix in their stack.
      return status_ = Status::Solved;
    }
    if (cancel && cancel->load()) return status_ = Status::Cancelled;
  }
  return status_ = Status::Unsolvable;
}

}  // namespace polytwist
