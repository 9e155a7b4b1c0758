#include "search/ida_star.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace polytwist {
namespace {
constexpr int kNoSolution = std::numeric_limits<int>::max();
constexpr int kMaxParts = kMaxCoordinateParts;
}  // namespace

struct IdaStar::Frame {
  // Per lookup: its coordinate values and the exact distance they give.
  std::vector<std::uint32_t> values;  // lookups × kMaxParts
  std::vector<int> distances;
};

IdaStar::IdaStar(const Puzzle& puzzle, std::vector<Lookup> lookups, std::vector<State> goals)
    : puzzle_(puzzle), lookups_(std::move(lookups)), goals_(std::move(goals)) {
  for (int m = 0; m < static_cast<int>(puzzle_.moves().size()); ++m) {
    if (puzzle_.isSearchMove(m)) searchMoves_.push_back(m);
  }
  for (const Lookup& lookup : lookups_) {
    if (lookup.table->moves().size() != searchMoves_.size()) {
      throw std::invalid_argument(lookup.table->name() +
                                  ": built with fewer moves, not admissible");
    }
    if (lookup.table->space().partCount() > kMaxParts) {
      throw std::invalid_argument(lookup.table->name() + ": a table of more than 8 coordinates");
    }
    std::vector<int> map(puzzle_.moves().size());
    for (std::size_t m = 0; m < map.size(); ++m) {
      map[m] = lookup.symmetry < 0 ? static_cast<int>(m)
                                   : puzzle_.symmetries()[lookup.symmetry].moveMap[m];
    }
    moveMaps_.push_back(std::move(map));
  }
}

SearchResult IdaStar::solve(const State& start, const SearchOptions& options) const {
  SearchResult result{SearchResult::Status::Unsolvable, {}, 0};
  if (options.maxDepth < 0 || options.maxDepth > 255) {
    result.status = SearchResult::Status::DepthLimit;
    return result;
  }
  const int lookupCount = static_cast<int>(lookups_.size());
  std::vector<Frame> frames(static_cast<std::size_t>(options.maxDepth) + 1);
  for (Frame& frame : frames) {
    frame.values.resize(static_cast<std::size_t>(lookupCount) * kMaxParts);
    frame.distances.resize(lookupCount);
  }

  auto indexOf = [&](int lookup, const std::uint32_t* values) {
    return lookups_[lookup].table->space().index(values);
  };

  // Root: coordinates of the start state, seen through each lookup's symmetry.
  int rootBound = 0;
  for (int l = 0; l < lookupCount; ++l) {
    const Lookup& lookup = lookups_[l];
    State seen = start;
    if (lookup.symmetry >= 0) {
      const State& sym = puzzle_.symmetries()[lookup.symmetry].effect;
      seen = puzzle_.compose(puzzle_.compose(puzzle_.inverse(sym), start), sym);
    }
    const CoordinateSpace& space = lookup.table->space();
    for (int p = 0; p < space.partCount(); ++p)
      frames[0].values[l * kMaxParts + p] = space.part(p).rank(seen);
    const int d = lookup.table->distance(indexOf(l, &frames[0].values[l * kMaxParts]));
    if (d < 0) return result;  // no goal reachable from here in that projection
    frames[0].distances[l] = d;
    rootBound = std::max(rootBound, d);
  }

  std::vector<int> path;
  bool cancelled = false;
  // Returns kNoSolution-free "next bound" candidate, or -1 when a solution was found.
  std::function<int(int, int, int)> search = [&](int depth, int bound, int lastBase) -> int {
    ++result.nodes;
    if ((result.nodes & 0x3fff) == 0 && options.cancel.requested()) {
      cancelled = true;
      return kNoSolution;
    }
    if ((result.nodes & 0x3ffff) == 0 && options.progress) options.progress(bound, result.nodes);
    const Frame& frame = frames[depth];
    int estimate = 0;
    for (int l = 0; l < lookupCount; ++l) estimate = std::max(estimate, frame.distances[l]);
    if (depth + estimate > bound) return depth + estimate;
    if (estimate == 0) {
      const State reached = puzzle_.applySequence(start, path);
      if (std::find(goals_.begin(), goals_.end(), reached) != goals_.end()) return -1;
    }
    if (depth == bound) return bound + 1;
    int nextBound = kNoSolution;
    Frame& child = frames[depth + 1];
    for (int m : searchMoves_) {
      const int base = puzzle_.moves()[m].base;
      // Canonical sequences: no two turns of one base in a row, and of two commuting bases
      // only the lower one first.
      if (lastBase >= 0 &&
          (base == lastBase || (base < lastBase && puzzle_.basesCommute(base, lastBase)))) {
        continue;
      }
      bool unreachable = false;
      for (int l = 0; l < lookupCount && !unreachable; ++l) {
        const CoordinateSpace& space = lookups_[l].table->space();
        const int framed = moveMaps_[l][m];
        for (int p = 0; p < space.partCount(); ++p) {
          child.values[l * kMaxParts + p] =
              space.part(p).move(frame.values[l * kMaxParts + p], framed);
        }
        child.distances[l] = lookups_[l].table->neighbourDistance(
            frame.distances[l], indexOf(l, &child.values[l * kMaxParts]));
        unreachable = child.distances[l] < 0;
      }
      if (unreachable) continue;
      path.push_back(m);
      const int found = search(depth + 1, bound, base);
      if (found < 0) return -1;
      path.pop_back();
      if (cancelled) return kNoSolution;
      nextBound = std::min(nextBound, found);
    }
    return nextBound;
  };

  for (int bound = rootBound; bound <= options.maxDepth;) {
    if (options.progress) options.progress(bound, result.nodes);
    const int next = search(0, bound, -1);
    if (next < 0) {
      result.status = SearchResult::Status::Solved;
      result.moves = path;
      return result;
    }
    if (cancelled) {
      result.status = SearchResult::Status::Cancelled;
      return result;
    }
    if (next == kNoSolution) return result;  // the whole reachable tree was exhausted
    bound = next;
  }
  result.status = SearchResult::Status::DepthLimit;
  return result;
}

}  // namespace polytwist
