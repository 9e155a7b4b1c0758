// The symmetry group of a puzzle: its whole-puzzle rotations and reflections (sticker cycles in
// the PuzzleSpec), closed into a group. A reflection reverses the order of each piece's stickers,
// so symmetries are kept as sticker permutations; from each the engine derives its action on
// pieces (position i goes to position to[i], an orientation o there becomes sign·o + shift) and
// the move map (the move a move becomes when the puzzle is seen through the symmetry), by
// comparing effects, never by hand.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.hpp"

namespace polytwist {

// Whether seeing positions through a symmetry (`seen`: a state as the symmetry shows it) maps
// every goal onto a goal. Only then does the symmetry keep distances to the goals, so only then
// may a table built from them be looked up through it, or reduced by it: a custom goal set (the
// solved states of a numbering) may break a symmetry the puzzle's solved state has.
bool mapsGoalsToGoals(const std::vector<State>& goals,
                      const std::function<State(const State&)>& seen);

class SymmetryGroup {
 public:
  // Throws std::invalid_argument when a generator does not map pieces onto pieces, or moves onto
  // moves, or the group grows beyond 1024 elements.
  explicit SymmetryGroup(const Puzzle& puzzle);

  int size() const { return static_cast<int>(elements_.size()); }
  // The shortest word in the generators that gives symmetry s ("" for the identity, "x y2").
  const std::string& name(int s) const { return elements_[s].name; }
  bool isMirror(int s) const { return elements_[s].sign < 0; }
  // Its action on pieces: position i goes to position positionImage(s)[i], and a piece's
  // orientation o at position i becomes sign·o + shift[i] - shift[piece's own position].
  const std::vector<std::uint8_t>& positionImage(int s) const { return elements_[s].to; }
  const std::vector<std::uint8_t>& orientationShift(int s) const { return elements_[s].shift; }
  // Symmetry s followed by t.
  int compose(int s, int t) const { return product_[s * size() + t]; }
  int inverse(int s) const { return inverse_[s]; }
  // Move m seen through s: conjugate(s, effect of m) is the effect of mapMove(s, m).
  int mapMove(int s, int move) const { return elements_[s].moveMap[move]; }
  const std::vector<int>& moveMap(int s) const { return elements_[s].moveMap; }
  // S·state·S⁻¹ (the position as seen through S): conjugate(compose(a, b)) equals
  // compose(conjugate(a), conjugate(b)).
  State conjugate(int s, const State& state) const;
  // Whether symmetry s maps every goal onto a goal (see mapsGoalsToGoals).
  bool keepsGoals(int s, const std::vector<State>& goals) const {
    return mapsGoalsToGoals(goals, [&](const State& goal) { return conjugate(s, goal); });
  }
  // The symmetry a space-separated word of generator names (with powers "2", "'") gives.
  std::optional<int> find(std::string_view word) const;
  // The subgroup the given symmetries generate, sorted.
  std::vector<int> subgroup(const std::vector<int>& generators) const;
  // One symmetry from each right coset H·g of a subgroup H: the frames in which a table invariant
  // under H gives different information. The identity comes first.
  std::vector<int> cosetRepresentatives(const std::vector<int>& subgroup) const;

 private:
  struct Element {
    std::string name;
    std::vector<int> facelets;        // sticker position f goes to facelets[f]
    int sign = 1;                     // -1 for a reflection
    std::vector<std::uint8_t> to;     // per position (global index): its image
    std::vector<std::uint8_t> shift;  // per position: the orientation shift of pieces there
    std::vector<int> moveMap;
  };
  Element derive(std::string name, std::vector<int> facelets, bool mirror) const;
  State act(const Element& element, const State& state) const;
  const Puzzle& puzzle_;
  std::vector<Element> elements_;
  std::vector<int> product_;
  std::vector<int> inverse_;
  std::vector<std::string> generatorNames_;
  std::vector<int> generators_;
};

}  // namespace polytwist
