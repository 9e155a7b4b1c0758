#include "search/projected_search.hpp"

#include <algorithm>
#include <stdexcept>

namespace polytwist {

ProjectedHeuristic::ProjectedHeuristic(const Puzzle& puzzle, const ProjectedTable& table,
                                       std::vector<const DistanceTable*> fallback)
    : SearchHeuristic(puzzle, nullptr),
      puzzle_(puzzle),
      table_(table),
      fallback_(std::move(fallback)),
      pieceCount_(static_cast<int>(puzzle.solved().pieces.size())) {
  if (pieceCount_ > kMaxPieces) {
    throw std::invalid_argument(puzzle.id() + ": too many pieces for a projected table's search");
  }
  for (const DistanceTable* f : fallback_) fallbackValueCount_ += f->space().partCount();
  if (fallbackValueCount_ > kMaxFallbackValues) {
    throw std::invalid_argument(puzzle.id() + ": too many fallback coordinates");
  }
  for (const Orbit& orbit : puzzle.orbits()) {
    for (int i = 0; i < orbit.size; ++i) {
      orientationsAt_.push_back(static_cast<std::uint8_t>(orbit.orientations));
      orbitOffsetAt_.push_back(static_cast<std::uint8_t>(orbit.offset));
    }
  }
  const int moveCount = static_cast<int>(puzzle.moves().size());
  for (int m = 0; m < moveCount; ++m) {
    const State inverse = puzzle.inverse(puzzle.moves()[m].effect);
    prependPiece_.insert(prependPiece_.end(), inverse.pieces.begin(), inverse.pieces.end());
    prependTwist_.insert(prependTwist_.end(), inverse.ori.begin(), inverse.ori.end());
    // Applied first, the move's inverse renames pieces: the target is kept when no coordinate
    // of any table sees the renaming.
    auto kept = [&](const Coordinate& c) {
      const int offset = c.orbit().offset;
      return c.keptByRenaming(&inverse.pieces[offset], &inverse.ori[offset]);
    };
    bool keeps = true;
    for (int p = 0; p < table.classes().partCount(); ++p) keeps &= kept(table.classes().part(p));
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

ProjectedHeuristic::Normal ProjectedHeuristic::normal(const State& s) const {
  Normal result;
  result.node = table_.node(s);
  int v = 0;
  for (const DistanceTable* f : fallback_) {
    for (int p = 0; p < f->space().partCount(); ++p)
      result.fallback[v++] = f->space().part(p).rank(s);
  }
  return result;
}

void ProjectedHeuristic::append(const Normal& from, int move, Normal& to) const {
  table_.move(from.node, move, to.node);
  appendFallback(from, move, to);
}

void ProjectedHeuristic::appendFallback(const Normal& from, int move, Normal& to) const {
  int v = 0;
  for (const DistanceTable* f : fallback_) {
    for (int p = 0; p < f->space().partCount(); ++p, ++v) {
      to.fallback[v] = f->space().part(p).move(from.fallback[v], move);
    }
  }
}

void ProjectedHeuristic::prepend(const Inverse& from, int move, Inverse& to) const {
  const std::size_t row = static_cast<std::size_t>(move) * pieceCount_;
  const std::uint8_t* piece = prependPiece_.data() + row;
  const std::uint8_t* twist = prependTwist_.data() + row;
  const std::uint8_t* offset = orbitOffsetAt_.data();
  const std::uint8_t* orientations = orientationsAt_.data();
  for (int i = 0; i < pieceCount_; ++i) {
    const int at = offset[i] + from.pieces[i];
    to.pieces[i] = piece[at];
    const int turned = twist[at] + from.ori[i];
    to.ori[i] =
        static_cast<std::uint8_t>(turned >= orientations[i] ? turned - orientations[i] : turned);
  }
}

int ProjectedHeuristic::bound(const Normal& side, std::uint64_t index, int stored) const {
  int best = table_.bound(index, stored);
  if (stored != 0) return best;
  const std::uint32_t* values = side.fallback;
  for (const DistanceTable* f : fallback_) {
    best = std::max(best, f->stored(f->space().index(values)));
    values += f->space().partCount();
  }
  return best;
}

int ProjectedHeuristic::bound(const Inverse& side, std::uint64_t index, int stored) const {
  int best = table_.bound(index, stored);
  if (stored != 0) return best;
  for (const DistanceTable* f : fallback_) {
    std::uint32_t values[kMaxCoordinateParts];
    for (int p = 0; p < f->space().partCount(); ++p) {
      values[p] = f->space().part(p).rank(side.pieces, side.ori);
    }
    best = std::max(best, f->stored(f->space().index(values)));
  }
  return best;
}

bool ProjectedHeuristic::solved(const Inverse& side) const {
  // The inverse of a solved state is solved (solved states are the identity or the rotations
  // the puzzle does not mark, a group).
  State s = puzzle_.solved();
  std::copy_n(side.pieces, pieceCount_, s.pieces.begin());
  std::copy_n(side.ori, pieceCount_, s.ori.begin());
  return puzzle_.isSolved(s);
}

int ProjectedHeuristic::estimate(const State& s) const {
  const Normal position = normal(s);
  Inverse inverse;
  const State inverted = puzzle_.inverse(s);
  std::copy_n(inverted.pieces.begin(), pieceCount_, inverse.pieces);
  std::copy_n(inverted.ori.begin(), pieceCount_, inverse.ori);
  return std::max(bound(position, index(position)), bound(inverse, index(inverse)));
}

// One depth-first search with an explicit stack. Level g holds the node at depth g (its state,
// its inverse and both bounds) and, once expanded, those of its children that passed.
class ProjectedWorker final : public SearchWorker {
 public:
  ProjectedWorker(const ProjectedHeuristic& heuristic, const State& start, int maxDepth)
      : h_(heuristic), start_(start) {
    const int moveCount = static_cast<int>(h_.puzzle().moves().size());
    levels_.resize(maxDepth + 1);
    for (Level& level : levels_) level.children.resize(moveCount);
    Node& root = levels_[0].node;
    const State inverted = h_.puzzle().inverse(start);
    root.normal = h_.normal(start);
    std::copy_n(inverted.pieces.begin(), h_.pieceCount_, root.inverse.pieces);
    std::copy_n(inverted.ori.begin(), h_.pieceCount_, root.inverse.ori);
    root.normalBound = h_.bound(root.normal, h_.index(root.normal));
    root.inverseBound = h_.bound(root.inverse, h_.index(root.inverse));
  }

  int rootBound() const override {
    return std::max(levels_[0].node.normalBound, levels_[0].node.inverseBound);
  }

  bool begin(int bound, const std::vector<int>& prefix) override {
    bound_ = bound;
    top_ = 0;
    levels_[0].move = -1;
    levels_[0].expanded = false;
    for (int move : prefix) {
      Node& child = levels_[top_ + 1].node;
      const Node& parent = levels_[top_].node;
      h_.append(parent.normal, move, child.normal);
      h_.prepend(parent.inverse, move, child.inverse);
      child.normalBound = h_.bound(child.normal, h_.index(child.normal));
      child.inverseBound = h_.bound(child.inverse, h_.index(child.inverse));
      const int remaining = bound_ - top_ - 1;
      if (child.normalBound > remaining || child.inverseBound > remaining) return false;
      ++top_;
      levels_[top_].move = move;
      levels_[top_].expanded = false;
    }
    base_ = top_;
    return true;
  }

  Step step(std::uint64_t budget, std::uint64_t& nodes) override {
    for (;;) {
      Level& level = levels_[top_];
      if (!level.expanded) {
        if (top_ == bound_) {
          if (h_.solved(level.node.inverse)) return Step::Found;
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
      below.move = child.move;
      below.expanded = false;
      ++top_;
    }
  }

  std::vector<int> path() const override {
    std::vector<int> moves;
    for (int g = 1; g <= top_; ++g) moves.push_back(levels_[g].move);
    return moves;
  }

 private:
  struct Node {
    ProjectedHeuristic::Normal normal;
    ProjectedHeuristic::Inverse inverse;
    int normalBound = 0, inverseBound = 0;
  };
  struct Child {
    Node node;
    int move;
    std::uint64_t index;
    int stored;  // the entry at index
  };
  struct Level {
    Node node;
    int move = -1;
    bool expanded = false;
    int next = 0;
    int passed = 0;
    std::vector<Child> children;
  };

  // Finds the children of level g that the bounds let through, in stages so that each stage's
  // cache misses overlap: all children's entries, then the inverses' of those that passed.
  // Returns how many children it tried.
  int expand(int g) {
    Level& level = levels_[g];
    const Node& parent = level.node;
    const int remaining = bound_ - g - 1;
    const bool tight = g + parent.inverseBound == bound_;
    const std::vector<int>& moves =
        tight ? h_.tightFollowers(level.move) : h_.followers(level.move);
    int count = 0;
    for (int move : moves) {
      Child& child = level.children[count++];
      child.move = move;
      h_.table_.move(parent.normal.node, move, child.node.normal.node);
      child.index = h_.index(child.node.normal);
      h_.table_.prefetch(child.index);
    }
    // All entries read in one short loop: their loads overlap even where there is no prefetch
    // (WebAssembly), as the next loop's work between two reads would not let them.
    for (int c = 0; c < count; ++c) {
      level.children[c].stored = h_.table_.stored(level.children[c].index);
    }
    // The fallback tables' coordinates only for the children that need them: those whose entry
    // says "at most base", and those that pass (their children need them).
    int passed = 0;
    for (int c = 0; c < count; ++c) {
      Child& child = level.children[c];
      const bool atMostBase = child.stored == 0;
      if (atMostBase) h_.appendFallback(parent.normal, child.move, child.node.normal);
      child.node.normalBound = h_.bound(child.node.normal, child.index, child.stored);
      if (child.node.normalBound > remaining) continue;
      if (!atMostBase) h_.appendFallback(parent.normal, child.move, child.node.normal);
      Child& kept = level.children[passed++];
      if (&kept != &child) kept = child;
      h_.prepend(parent.inverse, kept.move, kept.node.inverse);
      if (h_.keepsTarget(kept.move)) {
        kept.index = ~0ull;  // the inverse's entry is its parent's
      } else {
        kept.index = h_.index(kept.node.inverse);
        h_.table_.prefetch(kept.index);
      }
    }
    for (int c = 0; c < passed; ++c) {
      Child& child = level.children[c];
      if (child.index != ~0ull) child.stored = h_.table_.stored(child.index);
    }
    level.passed = 0;
    for (int c = 0; c < passed; ++c) {
      Child& child = level.children[c];
      child.node.inverseBound = child.index == ~0ull
                                    ? parent.inverseBound
                                    : h_.bound(child.node.inverse, child.index, child.stored);
      if (child.node.inverseBound > remaining) continue;
      Child& kept = level.children[level.passed++];
      if (&kept != &child) kept = child;
    }
    return count;
  }

  const ProjectedHeuristic& h_;
  State start_;
  int bound_ = 0;
  int top_ = 0;
  int base_ = 0;
  std::vector<Level> levels_;
};

std::unique_ptr<SearchWorker> ProjectedHeuristic::worker(const State& start, int maxDepth) const {
  return std::make_unique<ProjectedWorker>(*this, start, maxDepth);
}

}  // namespace polytwist
