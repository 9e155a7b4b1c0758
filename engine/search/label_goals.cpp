#include "search/label_goals.hpp"

#include <algorithm>
#include <cmath>

#include "core/ranking.hpp"
#include "core/text.hpp"

namespace polytwist {
namespace {

// Depth-first placement of the pieces of some orbits; every leaf is an arrangement of those
// orbits in which no group shows a symbol twice.
class Placement {
 public:
  Placement(const Puzzle& puzzle, const Labelling& labelling, std::vector<int> orbits)
      : puzzle_(puzzle),
        labelling_(labelling),
        orbits_(std::move(orbits)),
        state_(puzzle.solved()) {
    groupsOf_.resize(puzzle.faceletCount());
    for (std::size_t g = 0; g < labelling.groups.size(); ++g) {
      for (int sticker : labelling.groups[g]) groupsOf_[sticker].push_back(static_cast<int>(g));
    }
    seen_.assign(labelling.groups.size(), 0);
    // Stickers of no piece never move: they show their own symbols from the start.
    for (int sticker = 0; sticker < puzzle.faceletCount(); ++sticker) {
      if (puzzle.faceletOwner(sticker).first < 0 && !mark(sticker, sticker)) impossible_ = true;
    }
    for (int o : orbits_) used_.push_back(std::vector<bool>(puzzle.orbits()[o].size, false));
  }

  // Calls `leaf` with each arrangement until it returns false.
  void run(const std::function<bool(const State&)>& leaf) {
    leaf_ = &leaf;
    stopped_ = false;
    if (!impossible_) place(0, 0);
  }

 private:
  // Shows the symbol of home sticker `source` at sticker position `sticker`; false (and nothing
  // marked) when one of the sticker's groups already shows it.
  bool mark(int sticker, int source) {
    const int label = labelling_.label[source];
    if (label < 0) return true;
    const std::uint32_t bit = 1u << label;
    for (int g : groupsOf_[sticker]) {
      if (seen_[g] & bit) return false;
    }
    for (int g : groupsOf_[sticker]) seen_[g] |= bit;
    return true;
  }
  void unmark(int sticker, int source) {
    const int label = labelling_.label[source];
    if (label < 0) return;
    for (int g : groupsOf_[sticker]) seen_[g] &= ~(1u << label);
  }

  // Puts piece `piece` turned `turn` at `position` of `orbit`: false (nothing left marked) when a
  // group would show a symbol twice.
  bool put(const Orbit& orbit, int position, int piece, int turn) {
    const int n = orbit.stickersPerPiece;
    const int shift = turn * (n / orbit.orientations);
    for (int slot = 0; slot < n; ++slot) {
      const int source = orbit.facelets[piece][((slot - shift) % n + n) % n];
      if (!mark(orbit.facelets[position][slot], source)) {
        for (int undo = 0; undo < slot; ++undo) {
          unmark(orbit.facelets[position][undo],
                 orbit.facelets[piece][((undo - shift) % n + n) % n]);
        }
        return false;
      }
    }
    return true;
  }
  void take(const Orbit& orbit, int position, int piece, int turn) {
    const int n = orbit.stickersPerPiece;
    const int shift = turn * (n / orbit.orientations);
    for (int slot = 0; slot < n; ++slot) {
      unmark(orbit.facelets[position][slot], orbit.facelets[piece][((slot - shift) % n + n) % n]);
    }
  }

  bool orbitRulesHold(const Orbit& orbit) const {
    const std::span<const std::uint8_t> pieces(state_.pieces.data() + orbit.offset, orbit.size);
    if (orbit.permutation == PermutationRule::Even && permutationParity(pieces) != 0) return false;
    if (orbit.permutation == PermutationRule::SameParityAs) {
      const Orbit& other = puzzle_.orbits()[orbit.parityOrbit];
      const bool otherPlaced =
          std::find(orbits_.begin(), orbits_.end(), orbit.parityOrbit) != orbits_.end();
      const std::span<const std::uint8_t> others(state_.pieces.data() + other.offset, other.size);
      if (otherPlaced && permutationParity(pieces) != permutationParity(others)) return false;
    }
    return true;
  }

  void place(std::size_t index, int position) {
    if (stopped_) return;
    if (index == orbits_.size()) {
      stopped_ = !(*leaf_)(state_);
      return;
    }
    const Orbit& orbit = puzzle_.orbits()[orbits_[index]];
    if (position == orbit.size) {
      if (orbitRulesHold(orbit)) place(index + 1, 0);
      return;
    }
    std::vector<bool>& used = used_[index];
    const int global = orbit.offset + position;
    // With orientations summing to 0, the last piece's turn is the one that makes the sum 0.
    int firstTurn = 0, lastTurn = orbit.orientations - 1;
    if (orbit.orientationSumZero && position == orbit.size - 1) {
      int sum = 0;
      for (int p = 0; p < position; ++p) sum += state_.ori[orbit.offset + p];
      firstTurn = lastTurn = (orbit.orientations - sum % orbit.orientations) % orbit.orientations;
    }
    for (int piece = 0; piece < orbit.size; ++piece) {
      if (orbit.permutation == PermutationRule::Fixed ? piece != position : used[piece]) continue;
      for (int turn = firstTurn; turn <= lastTurn; ++turn) {
        if (!put(orbit, position, piece, turn)) continue;
        used[piece] = true;
        state_.pieces[global] = static_cast<std::uint8_t>(piece);
        state_.ori[global] = static_cast<std::uint8_t>(turn);
        place(index, position + 1);
        used[piece] = false;
        take(orbit, position, piece, turn);
        if (stopped_) return;
      }
    }
    state_.pieces[global] = static_cast<std::uint8_t>(position);
    state_.ori[global] = 0;
  }

  const Puzzle& puzzle_;
  const Labelling& labelling_;
  std::vector<int> orbits_;
  State state_;
  std::vector<std::vector<int>> groupsOf_;
  std::vector<std::uint32_t> seen_;
  std::vector<std::vector<bool>> used_;
  bool impossible_ = false;
  bool stopped_ = false;
  const std::function<bool(const State&)>* leaf_ = nullptr;
};

// Orbits that move or turn, the one with the fewest arrangements first.
std::vector<int> placementOrder(const Puzzle& puzzle) {
  std::vector<std::pair<double, int>> sized;
  for (int o = 0; o < static_cast<int>(puzzle.orbits().size()); ++o) {
    const Orbit& orbit = puzzle.orbits()[o];
    double arrangements = std::pow(static_cast<double>(orbit.orientations), orbit.size);
    if (orbit.permutation != PermutationRule::Fixed) {
      for (int i = 2; i <= orbit.size; ++i) arrangements *= i;
    }
    if (arrangements > 1) sized.push_back({arrangements, o});
  }
  std::stable_sort(sized.begin(), sized.end());
  std::vector<int> order;
  for (const auto& entry : sized) order.push_back(entry.second);
  return order;
}

std::uint64_t countArrangements(const Puzzle& puzzle, const Labelling& labelling,
                                std::vector<int> orbits) {
  std::uint64_t count = 0;
  Placement placement(puzzle, labelling, std::move(orbits));
  placement.run([&](const State&) {
    ++count;
    return true;
  });
  return count;
}

std::string plural(const Orbit& orbit) { return orbit.name + "s"; }

}  // namespace

LabelGoals statesShowingDistinctGroups(const Puzzle& puzzle, const Labelling& labelling,
                                       std::size_t limit, std::uint64_t stopAfter,
                                       bool withStages) {
  LabelGoals result;
  const std::vector<int> order = placementOrder(puzzle);
  if (withStages) {
    std::vector<int> placed;
    for (int o : order) {
      result.stages.push_back(
          {plural(puzzle.orbits()[o]), countArrangements(puzzle, labelling, {o})});
      placed.push_back(o);
      if (placed.size() >= 2 && placed.size() < order.size()) {
        std::vector<std::string> names;
        for (int p : placed) names.push_back(plural(puzzle.orbits()[p]));
        result.stages.push_back({join(names, " + "), countArrangements(puzzle, labelling, placed)});
      }
    }
  }
  Placement placement(puzzle, labelling, order);
  placement.run([&](const State& state) {
    if (result.states.size() < limit) result.states.push_back(state);
    return ++result.count < stopAfter;
  });
  return result;
}

Design designUniqueCompletions(const Puzzle& puzzle, const Labelling& partial, std::size_t limit,
                               const std::function<void(const DesignProgress&)>& progress,
                               Cancellation cancel) {
  Design design;
  std::vector<int> open;
  std::vector<int> missing;
  const int symbols = static_cast<int>(puzzle.spec().labelSymbols.size());
  const int perSymbol = static_cast<int>(puzzle.spec().faces.size());
  std::vector<int> have(symbols, 0);
  for (int s = 0; s < puzzle.faceletCount(); ++s) {
    if (partial.label[s] < 0) {
      open.push_back(s);
    } else {
      ++have[partial.label[s]];
    }
  }
  for (int l = 0; l < symbols; ++l) {
    for (int k = have[l]; k < perSymbol; ++k) missing.push_back(l);
  }
  if (missing.size() != open.size()) return design;  // readLabelling has refused such counts
  std::uint64_t total = 1;                           // distinct orders of `missing`, for progress
  {
    std::vector<int> count(symbols, 0);
    for (int l : missing) ++count[l];
    std::uint64_t placed = 0;
    for (int l = 0; l < symbols; ++l) {
      for (int k = 1; k <= count[l]; ++k) total = total * ++placed / k;
    }
  }
  Labelling candidate = partial;
  do {
    if ((design.tried & 0x3ff) == 0) {
      if (cancel.requested()) {
        design.cancelled = true;
        return design;
      }
      if (progress) progress({design.tried, total, design.uniqueCount});
    }
    for (std::size_t i = 0; i < open.size(); ++i) candidate.label[open[i]] = missing[i];
    ++design.tried;
    if (statesShowingDistinctGroups(puzzle, candidate, 0, 2, false).count == 1) {
      if (design.unique.size() < limit) design.unique.push_back(candidate);
      ++design.uniqueCount;
    }
  } while (std::next_permutation(missing.begin(), missing.end()));
  if (progress) progress({design.tried, total, design.uniqueCount});
  return design;
}

}  // namespace polytwist
