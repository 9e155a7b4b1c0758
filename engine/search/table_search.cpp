#include "search/table_search.hpp"

#include <algorithm>
#include <stdexcept>

namespace polytwist {

TableHeuristic::TableHeuristic(const Puzzle& puzzle, std::vector<TableLookup> lookups,
                               std::vector<State> goals, SeparableMoves separable)
    : SearchHeuristic(puzzle, nullptr, separable),
      puzzle_(puzzle),
      lookups_(std::move(lookups)),
      goals_(std::move(goals)) {
  std::size_t searchMoves = 0;
  for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
    searchMoves += puzzle.isSearchMove(m) &&
                   !(separable == SeparableMoves::SetFirst && puzzle.isSeparableMove(m));
  }
  for (const TableLookup& lookup : lookups_) {
    if (lookup.table->moves().size() != searchMoves) {
      throw std::invalid_argument(lookup.table->name() +
                                  ": built with fewer moves, not admissible");
    }
    if (lookup.table->space().partCount() > kMaxCoordinateParts) {
      throw std::invalid_argument(lookup.table->name() + ": a table of more than 8 coordinates");
    }
    std::vector<int> map(puzzle.moves().size());
    for (std::size_t m = 0; m < map.size(); ++m) {
      map[m] = lookup.symmetry < 0 ? static_cast<int>(m)
                                   : puzzle.symmetries()[lookup.symmetry].moveMap[m];
    }
    moveMaps_.push_back(std::move(map));
  }
}

void TableHeuristic::root(int lookup, const State& s, std::uint32_t* values) const {
  State seen = s;
  if (const int symmetry = lookups_[lookup].symmetry; symmetry >= 0) {
    const State& turn = puzzle_.symmetries()[symmetry].effect;
    seen = puzzle_.compose(puzzle_.compose(puzzle_.inverse(turn), s), turn);
  }
  const CoordinateSpace& space = lookups_[lookup].table->space();
  for (int p = 0; p < space.partCount(); ++p) values[p] = space.part(p).rank(seen);
}

int TableHeuristic::estimate(const State& s) const {
  int best = 0;
  for (int l = 0; l < static_cast<int>(lookups_.size()); ++l) {
    std::uint32_t values[kMaxCoordinateParts];
    root(l, s, values);
    const int distance = lookups_[l].table->distance(lookups_[l].table->space().index(values));
    if (distance < 0) return -1;
    best = std::max(best, distance);
  }
  return best;
}

bool TableHeuristic::isGoal(const State& s) const {
  return std::find(goals_.begin(), goals_.end(), s) != goals_.end();
}

// One depth-first search with an explicit stack. Level g holds, per lookup, the coordinate
// values of the node at depth g and the exact distance they give.
class TableWorker final : public WalkWorker<TableWorker> {
 public:
  TableWorker(const TableHeuristic& heuristic, const State& start, int maxDepth)
      : WalkWorker(heuristic, maxDepth),
        h_(heuristic),
        start_(start),
        lookups_(static_cast<int>(heuristic.lookups_.size())),
        values_(static_cast<std::size_t>(maxDepth + 1) * lookups_ * kMaxCoordinateParts),
        distances_(static_cast<std::size_t>(maxDepth + 1) * lookups_) {
    for (int l = 0; l < lookups_; ++l) {
      std::uint32_t* values = &values_[l * kMaxCoordinateParts];
      h_.root(l, start, values);
      const DistanceTable& table = *h_.lookups_[l].table;
      distances_[l] = table.distance(table.space().index(values));
      if (distances_[l] < 0) {
        rootBound_ = -1;
        return;
      }
      rootBound_ = std::max(rootBound_, distances_[l]);
    }
  }

  int rootBound() const override { return rootBound_; }

 private:
  friend class StackWalk<TableWorker>;

  void beforePass(int) {}
  bool enterPrefix(int g, int move) { return enter(g, move); }
  void expand(int) {}
  // Only nodes every table puts at distance 0 get this deep.
  bool atGoal() const { return h_.isGoal(h_.puzzle().applySequence(start_, path())); }

  // Fills level g + 1 for `move` from level g; false when a table reaches no goal from there or
  // puts it beyond the bound (the lookups stop at the first that prunes).
  bool enter(int g, int move) {
    const std::size_t from = static_cast<std::size_t>(g) * lookups_;
    const std::size_t to = from + lookups_;
    for (int l = 0; l < lookups_; ++l) {
      const DistanceTable& table = *h_.lookups_[l].table;
      const CoordinateSpace& space = table.space();
      const int framed = h_.moveMaps_[l][move];
      const std::uint32_t* parent = &values_[(from + l) * kMaxCoordinateParts];
      std::uint32_t* values = &values_[(to + l) * kMaxCoordinateParts];
      for (int p = 0; p < space.partCount(); ++p) values[p] = space.part(p).move(parent[p], framed);
      const int distance = table.neighbourDistance(distances_[from + l], space.index(values));
      if (distance < 0 || g + 1 + distance > bound()) return false;
      distances_[to + l] = distance;
    }
    return true;
  }

  const TableHeuristic& h_;
  State start_;
  int lookups_;
  int rootBound_ = 0;
  std::vector<std::uint32_t> values_;
  std::vector<int> distances_;
};

std::unique_ptr<SearchWorker> TableHeuristic::worker(const State& start, int maxDepth) const {
  return std::make_unique<TableWorker>(*this, start, maxDepth);
}

}  // namespace polytwist
