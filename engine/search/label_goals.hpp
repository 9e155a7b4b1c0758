// The solved states of a labelled puzzle (core/labels.hpp): every reachable state in which each
// group of stickers shows distinct symbols. Found by placing pieces position by position, orbit by
// orbit (the smallest first), and abandoning an arrangement as soon as a group shows a symbol
// twice, so only arrangements that could still be solved are ever extended.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/labels.hpp"
#include "search/distance_table.hpp"

namespace polytwist {

struct LabelGoals {
  std::vector<State> states;  // the first `limit` found
  std::uint64_t count = 0;    // how many there are (or stopAfter, if the search stopped there)
  // Arrangements of each orbit alone, and of the orbits placed so far, that show no symbol twice
  // in a group (the Numbered Pyraminx: tips, centres, tips + centres, edges).
  struct Stage {
    std::string pieces;  // "tips", "tips + centres"
    std::uint64_t count;
  };
  std::vector<Stage> stages;
};

// `stopAfter`: stop counting there (the designer only needs to know whether there is exactly
// one). Stages are worked out only with `withStages`.
LabelGoals statesShowingDistinctGroups(
    const Puzzle& puzzle, const Labelling& labelling, std::size_t limit,
    std::uint64_t stopAfter = std::numeric_limits<std::uint64_t>::max(), bool withStages = true);

struct DesignProgress {
  std::uint64_t tried;
  std::uint64_t total;
  std::uint64_t found;
};

struct Design {
  std::vector<Labelling> unique;  // the completions with exactly one solved state (up to limit)
  std::uint64_t uniqueCount = 0;
  std::uint64_t tried = 0;  // completions looked at
  bool cancelled = false;
};

// Every way to give the stickers labelled -1 the symbols still missing (each symbol once per
// face in all), and which of those completions have exactly one solved state.
Design designUniqueCompletions(const Puzzle& puzzle, const Labelling& partial, std::size_t limit,
                               const std::function<void(const DesignProgress&)>& progress = {},
                               Cancellation cancel = {});

}  // namespace polytwist
