#include "search/projected_search.hpp"

#include <algorithm>
#include <stdexcept>

#ifdef __SSSE3__
#include <tmmintrin.h>
#endif

namespace polytwist {
namespace {

#ifdef __SSSE3__
template <typename Lane>
__m128i load(const Lane& lane) {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(lane.bytes));
}
template <typename Lane>
void store(Lane& lane, __m128i bytes) {
  _mm_store_si128(reinterpret_cast<__m128i*>(lane.bytes), bytes);
}
// Orientations below 2·o back into 0..o-1.
__m128i reduce(__m128i turned, __m128i o) {
  const __m128i below = _mm_cmpgt_epi8(o, turned);
  return _mm_or_si128(_mm_and_si128(below, turned),
                      _mm_andnot_si128(below, _mm_sub_epi8(turned, o)));
}
#endif

}  // namespace

ProjectedHeuristic::ProjectedHeuristic(const Puzzle& puzzle, const ProjectedTable& table,
                                       std::vector<const DistanceTable*> fallback)
    : SearchHeuristic(puzzle, nullptr),
      puzzle_(puzzle),
      table_(table),
      fallback_(std::move(fallback)),
      orbitCount_(static_cast<int>(puzzle.orbits().size())) {
  if (orbitCount_ > kMaxOrbits) {
    throw std::invalid_argument(puzzle.id() + ": too many orbits for a projected table's search");
  }
  auto laneOf = [&](const Orbit& orbit) {
    for (int k = 0; k < orbitCount_; ++k) {
      if (puzzle.orbits()[k].offset == orbit.offset) return k;
    }
    throw std::logic_error("a coordinate of another puzzle");
  };
  for (int k = 0; k < orbitCount_; ++k) {
    const Orbit& orbit = puzzle.orbits()[k];
    if (orbit.size > kLaneWidth) {
      throw std::invalid_argument(puzzle.id() +
                                  ": an orbit too large for a projected table's search");
    }
    orbitSize_.push_back(orbit.size);
    std::fill_n(orientations_[k].bytes, kLaneWidth, static_cast<std::uint8_t>(orbit.orientations));
  }
  tableOrbit_ = laneOf(table.orbit());
  const SymmetryClasses& classes = table.classes();
  if (classes.reducedCount() > kMaxReduced) {
    throw std::invalid_argument(puzzle.id() + ": too many reduced coordinates for a search");
  }
  for (int p = 0; p < classes.reducedCount(); ++p)
    reducedOrbit_.push_back(laneOf(classes.part(p).orbit()));
  int fallbackValues = 0;
  for (const DistanceTable* f : fallback_) {
    for (int p = 0; p < f->space().partCount(); ++p) {
      fallbackOrbit_.push_back(laneOf(f->space().part(p).orbit()));
      ++fallbackValues;
    }
  }
  if (fallbackValues > kMaxCoordinateParts) {
    throw std::invalid_argument(puzzle.id() + ": too many fallback coordinates");
  }
  const int moveCount = static_cast<int>(puzzle.moves().size());
  for (int m = 0; m < moveCount; ++m) {
    const State& effect = puzzle.moves()[m].effect;
    const State inverse = puzzle.inverse(effect);
    for (int k = 0; k < orbitCount_; ++k) {
      const int offset = puzzle.orbits()[k].offset;
      // Positions past the orbit take byte 0x80 (a shuffle writes 0 there).
      Lane source, twist, piece, pieceTwist;
      for (int j = 0; j < kLaneWidth; ++j) {
        const bool in = j < orbitSize_[k];
        source.bytes[j] = in ? effect.pieces[offset + j] : 0x80;
        twist.bytes[j] = in ? effect.ori[offset + j] : 0;
        piece.bytes[j] = in ? inverse.pieces[offset + j] : 0x80;
        pieceTwist.bytes[j] = in ? inverse.ori[offset + j] : 0;
      }
      appendSource_.push_back(source);
      appendTwist_.push_back(twist);
      prependPiece_.push_back(piece);
      prependTwist_.push_back(pieceTwist);
    }
    // Applied first, the move's inverse renames pieces: the target is kept when no coordinate
    // of any table sees the renaming.
    auto kept = [&](const Coordinate& c) {
      const int offset = c.orbit().offset;
      return c.keptByRenaming(&inverse.pieces[offset], &inverse.ori[offset]);
    };
    bool keeps = true;
    for (int p = 0; p < classes.partCount(); ++p) keeps &= kept(classes.part(p));
    for (int i = 0; i < table.orbit().size; ++i)
      keeps &= inverse.ori[table.orbit().offset + i] == 0;
    for (const DistanceTable* f : fallback_) {
      for (int p = 0; p < f->space().partCount(); ++p) keeps &= kept(f->space().part(p));
    }
    keepsTarget_.push_back(keeps);
  }
  for (const std::vector<int>& moves : followers_) {
    tightFollowers_.emplace_back();
    for (int m : moves) {
      if (!keepsTarget_[m]) tightFollowers_.back().push_back(m);
    }
  }
}

ProjectedHeuristic::Side ProjectedHeuristic::side(const State& s) const {
  Side result{};
  for (int k = 0; k < orbitCount_; ++k) {
    const int offset = puzzle_.orbits()[k].offset;
    std::copy_n(&s.pieces[offset], orbitSize_[k], result.pieces[k].bytes);
    std::copy_n(&s.ori[offset], orbitSize_[k], result.ori[k].bytes);
  }
  rank(result);
  return result;
}

void ProjectedHeuristic::rank(Side& side) const {
  const SymmetryClasses& classes = table_.classes();
  for (int p = 0; p < classes.reducedCount(); ++p) {
    const int k = reducedOrbit_[p];
    side.values[p] = classes.part(p).rankOrbit(side.pieces[k].bytes, side.ori[k].bytes);
  }
}

void ProjectedHeuristic::append(const Side& from, int move, Side& to) const {
  const SymmetryClasses& classes = table_.classes();
  for (int p = 0; p < classes.reducedCount(); ++p) {
    to.values[p] = classes.part(p).move(from.values[p], move);
  }
  const std::size_t row = static_cast<std::size_t>(move) * orbitCount_;
  for (int k = 0; k < orbitCount_; ++k) {
    const Lane& source = appendSource_[row + k];
    const Lane& twist = appendTwist_[row + k];
#ifdef __SSSE3__
    const __m128i shuffle = load(source);
    store(to.pieces[k], _mm_shuffle_epi8(load(from.pieces[k]), shuffle));
    const __m128i turned = _mm_add_epi8(_mm_shuffle_epi8(load(from.ori[k]), shuffle), load(twist));
    store(to.ori[k], reduce(turned, load(orientations_[k])));
#else
    const int o = orientations_[k].bytes[0];
    for (int j = 0; j < orbitSize_[k]; ++j) {
      to.pieces[k].bytes[j] = from.pieces[k].bytes[source.bytes[j]];
      const int turned = from.ori[k].bytes[source.bytes[j]] + twist.bytes[j];
      to.ori[k].bytes[j] = static_cast<std::uint8_t>(turned >= o ? turned - o : turned);
    }
#endif
  }
}

void ProjectedHeuristic::prepend(const Side& from, int move, Side& to) const {
  const std::size_t row = static_cast<std::size_t>(move) * orbitCount_;
  for (int k = 0; k < orbitCount_; ++k) {
    const Lane& piece = prependPiece_[row + k];
    const Lane& twist = prependTwist_[row + k];
#ifdef __SSSE3__
    // Shuffled by the pieces: each piece's new name and the twist it gets.
    const __m128i pieces = load(from.pieces[k]);
    store(to.pieces[k], _mm_shuffle_epi8(load(piece), pieces));
    const __m128i turned = _mm_add_epi8(_mm_shuffle_epi8(load(twist), pieces), load(from.ori[k]));
    store(to.ori[k], reduce(turned, load(orientations_[k])));
#else
    const int o = orientations_[k].bytes[0];
    for (int j = 0; j < orbitSize_[k]; ++j) {
      const int p = from.pieces[k].bytes[j];
      to.pieces[k].bytes[j] = piece.bytes[p];
      const int turned = twist.bytes[p] + from.ori[k].bytes[j];
      to.ori[k].bytes[j] = static_cast<std::uint8_t>(turned >= o ? turned - o : turned);
    }
#endif
  }
}

int ProjectedHeuristic::bound(const Side& side, std::uint64_t index, int stored, int needed) const {
  int best = table_.bound(index, stored);
  if (stored != 0) return best;
  int v = 0;
  for (const DistanceTable* f : fallback_) {
    if (best > needed) break;
    std::uint32_t values[kMaxCoordinateParts];
    for (int p = 0; p < f->space().partCount(); ++p, ++v) {
      const int k = fallbackOrbit_[v];
      values[p] = f->space().part(p).rankOrbit(side.pieces[k].bytes, side.ori[k].bytes);
    }
    best = std::max(best, f->stored(f->space().index(values)));
  }
  return best;
}

bool ProjectedHeuristic::solved(const Side& side) const {
  State s = puzzle_.solved();
  for (int k = 0; k < orbitCount_; ++k) {
    const int offset = puzzle_.orbits()[k].offset;
    std::copy_n(side.pieces[k].bytes, orbitSize_[k], &s.pieces[offset]);
    std::copy_n(side.ori[k].bytes, orbitSize_[k], &s.ori[offset]);
  }
  return puzzle_.isSolved(s);
}

int ProjectedHeuristic::estimate(const State& s) const {
  const Side position = side(s);
  const Side inverse = side(puzzle_.inverse(s));
  return std::max(bound(position, index(position)), bound(inverse, index(inverse)));
}

// One depth-first search with an explicit stack. Level g holds the node at depth g (both sides
// and their bounds, and the last move made on each side) and, once expanded, those of its
// children that passed.
class ProjectedWorker final : public SearchWorker {
 public:
  ProjectedWorker(const ProjectedHeuristic& heuristic, const State& start, int maxDepth)
      : h_(heuristic) {
    const int moveCount = static_cast<int>(h_.puzzle().moves().size());
    levels_.resize(maxDepth + 1);
    for (Level& level : levels_) level.children.resize(moveCount);
    Node& root = levels_[0].node;
    root.sides[0] = h_.side(start);
    root.sides[1] = h_.side(h_.puzzle().inverse(start));
    for (int s = 0; s < 2; ++s) root.bounds[s] = h_.bound(root.sides[s], h_.index(root.sides[s]));
  }

  int rootBound() const override {
    return std::max(levels_[0].node.bounds[0], levels_[0].node.bounds[1]);
  }

  // The prefix's moves go on the position's side.
  bool begin(int bound, const std::vector<int>& prefix) override {
    bound_ = bound;
    top_ = 0;
    levels_[0].expanded = false;
    for (int move : prefix) {
      Level& below = levels_[top_ + 1];
      const Level& level = levels_[top_];
      Node& child = below.node;
      h_.append(level.node.sides[0], move, child.sides[0]);
      h_.prepend(level.node.sides[1], move, child.sides[1]);
      h_.rank(child.sides[1]);
      const int remaining = bound_ - top_ - 1;
      for (int s = 0; s < 2; ++s) {
        child.bounds[s] = h_.bound(child.sides[s], h_.index(child.sides[s]));
        if (child.bounds[s] > remaining) return false;
      }
      below.side = 0;
      below.move = move;
      below.last[0] = move;
      below.last[1] = level.last[1];
      below.expanded = false;
      ++top_;
    }
    base_ = top_;
    return true;
  }

  Step step(std::uint64_t budget, std::uint64_t& nodes) override {
    for (;;) {
      Level& level = levels_[top_];
      if (!level.expanded) {
        if (top_ == bound_) {
          if (h_.solved(level.node.sides[0])) return Step::Found;
          if (top_ == base_) return Step::Exhausted;
          --top_;
          continue;
        }
        if (budget == 0) return Step::Budget;
        const std::uint64_t tried = expand(top_);
        nodes += tried;
        budget -= std::min(budget, tried);
        level.expanded = true;
        level.next = 0;
      }
      if (level.next == level.passed) {
        if (top_ == base_) return Step::Exhausted;
        --top_;
        continue;
      }
      const Child& child = level.children[level.next++];
      Level& below = levels_[top_ + 1];
      below.node = child.node;
      below.side = level.expandedSide;
      below.move = child.move;
      below.last[level.expandedSide] = child.move;
      below.last[1 - level.expandedSide] = level.last[1 - level.expandedSide];
      below.expanded = false;
      ++top_;
    }
  }

  // The position side's moves, then the inverses of the inverse side's, last first.
  std::vector<int> path() const override {
    std::vector<int> moves, fromEnd;
    for (int g = 1; g <= top_; ++g) {
      (levels_[g].side == 0 ? moves : fromEnd).push_back(levels_[g].move);
    }
    for (auto m = fromEnd.rbegin(); m != fromEnd.rend(); ++m) {
      moves.push_back(h_.puzzle().inverseMove(*m));
    }
    return moves;
  }

 private:
  using Side = ProjectedHeuristic::Side;
  // sides[0]: the position Q; sides[1]: its inverse.
  struct Node {
    Side sides[2];
    int bounds[2] = {0, 0};
  };
  struct Child {
    Node node;
    int move;
    std::uint64_t index;
    std::uint32_t packed;  // the class and symmetry of the side being looked up
    int stored;            // the entry at index
  };
  struct Level {
    Node node;
    int side = 0;  // the side the move that led here was made on
    int move = -1;
    int last[2] = {-1, -1};  // the last move made on each side
    bool expanded = false;
    int expandedSide = 0;
    int next = 0;
    int passed = 0;
    std::vector<Child> children;
  };

  // Finds the children of level g that the bounds let through, in stages so that each stage's
  // cache misses overlap: all children's entries on the side extended, then the other side's
  // entries of those that passed. Returns how many children it tried.
  int expand(int g) {
    Level& level = levels_[g];
    const Node& parent = level.node;
    const int remaining = bound_ - g - 1;
    // A side's moves: canonical after its last, without those that keep the target when the
    // other side's bound is tight.
    auto movesOn = [&](int s) -> const std::vector<int>& {
      return g + parent.bounds[1 - s] == bound_ ? h_.tightFollowers(level.last[s])
                                                : h_.followers(level.last[s]);
    };
    const int s = movesOn(1).size() < movesOn(0).size() ? 1 : 0;
    const int other = 1 - s;
    level.expandedSide = s;
    const std::vector<int>& moves = movesOn(s);
    int count = 0;
    // Each child's class first (their reads overlap), then its entry.
    for (int move : moves) {
      Child& child = level.children[count++];
      child.move = move;
      h_.append(parent.sides[s], move, child.node.sides[s]);
      child.packed = h_.table_.classAndSymmetry(child.node.sides[s].values);
    }
    for (int c = 0; c < count; ++c) {
      Child& child = level.children[c];
      child.index = h_.index(child.packed, child.node.sides[s]);
      h_.table_.prefetch(child.index);
    }
    // All entries read in one short loop: their loads overlap even where there is no prefetch
    // (WebAssembly), as the next loop's work between two reads would not let them.
    for (int c = 0; c < count; ++c) {
      level.children[c].stored = h_.table_.stored(level.children[c].index);
    }
    int passed = 0;
    for (int c = 0; c < count; ++c) {
      Child& child = level.children[c];
      child.node.bounds[s] = h_.bound(child.node.sides[s], child.index, child.stored, remaining);
      if (child.node.bounds[s] > remaining) continue;
      Child& kept = level.children[passed++];
      if (&kept != &child) kept = child;
      Side& turned = kept.node.sides[other];
      h_.prepend(parent.sides[other], kept.move, turned);
      if (h_.keepsTarget(kept.move)) {
        std::copy_n(parent.sides[other].values, ProjectedHeuristic::kMaxReduced, turned.values);
        kept.index = ~0ull;  // the other side's entry is its parent's
      } else {
        h_.rank(turned);
        kept.packed = h_.table_.classAndSymmetry(turned.values);
        kept.index = 0;
      }
    }
    for (int c = 0; c < passed; ++c) {
      Child& child = level.children[c];
      if (child.index == ~0ull) continue;
      child.index = h_.index(child.packed, child.node.sides[other]);
      h_.table_.prefetch(child.index);
    }
    for (int c = 0; c < passed; ++c) {
      Child& child = level.children[c];
      if (child.index != ~0ull) child.stored = h_.table_.stored(child.index);
    }
    level.passed = 0;
    for (int c = 0; c < passed; ++c) {
      Child& child = level.children[c];
      child.node.bounds[other] =
          child.index == ~0ull
              ? parent.bounds[other]
              : h_.bound(child.node.sides[other], child.index, child.stored, remaining);
      if (child.node.bounds[other] > remaining) continue;
      Child& kept = level.children[level.passed++];
      if (&kept != &child) kept = child;
    }
    return count;
  }

  const ProjectedHeuristic& h_;
  int bound_ = 0;
  int top_ = 0;
  int base_ = 0;
  std::vector<Level> levels_;
};

std::unique_ptr<SearchWorker> ProjectedHeuristic::worker(const State& start, int maxDepth) const {
  return std::make_unique<ProjectedWorker>(*this, start, maxDepth);
}

}  // namespace polytwist
