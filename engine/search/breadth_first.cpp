#include "search/breadth_first.hpp"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace polytwist {

std::optional<std::vector<int>> breadthFirstSolve(const Puzzle& puzzle, const CoordinateSpace& key,
                                                  const State& start, std::uint64_t goalKey,
                                                  const std::vector<int>& moves) {
  struct Visit {
    std::uint64_t parent;
    int move;  // the move that led here from the parent; -1 at the start
  };
  std::unordered_map<std::uint64_t, Visit> visited;
  std::deque<State> queue = {start};
  const std::uint64_t startKey = key.index(start);
  visited.emplace(startKey, Visit{startKey, -1});
  while (!queue.empty()) {
    const State state = std::move(queue.front());
    queue.pop_front();
    std::uint64_t here = key.index(state);
    if (here == goalKey) {
      std::vector<int> path;
      for (Visit step = visited.at(here); step.move >= 0; step = visited.at(here)) {
        path.push_back(step.move);
        here = step.parent;
      }
      std::reverse(path.begin(), path.end());
      return path;
    }
    for (int m : moves) {
      State next = state;
      puzzle.applyMove(next, m);
      if (visited.emplace(key.index(next), Visit{here, m}).second) queue.push_back(std::move(next));
    }
  }
  return std::nullopt;
}

}  // namespace polytwist
