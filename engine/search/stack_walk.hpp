// The engine's one depth-first walk: an explicit stack below a bound, moves in canonical order,
// counted against a node limit and resumable. The IDA* driver's workers (optimal_search.hpp) and
// the two-phase solver's phases (two_phase.cpp) are this walk with their own nodes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace polytwist {

// A canonical move order as lists: row last + 1 holds the moves that may follow move `last`, row
// 0 the first moves.
using FollowerLists = std::vector<std::vector<int>>;

enum class WalkStep { Found, Exhausted, Budget };

// Where a walk looks for goals: at its bound only (IDA*: a pass finds no shorter solution than
// the passes before it did), or at every node (one bounded pass that takes the first goal it
// meets, at any depth).
enum class GoalDepth { Bound, Any };

// Level g holds the move that led to depth g, the moves that may follow it and the next of them
// to try; the walk pops at the bound and when the followers run out, and stops at the node limit.
// The walker (Derived) says what a node's children cost and whether one survives:
//   void beforePass(int bound);                 a new pass or task begins
//   bool enterPrefix(int g, int move);          a prefix move from depth g: whether it survives
//   void expand(int g);                         before the first child of depth g is tried
//   bool enter(int g, int move);                whether the child survives; fills depth g + 1
//   bool atGoal();                              at a goal depth: whether the node is solved
// The hooks are called statically (no virtual call per node).
template <typename Derived, GoalDepth goals = GoalDepth::Bound>
class StackWalk {
 public:
  // Starts a walk to depth `bound` below the path `prefix`; false when the prefix is pruned.
  bool begin(int bound, std::span<const int> prefix) { return begin(bound, prefix, followers_[0]); }
  // The same with the first move one of `first` (a walk that continues another's path).
  bool begin(int bound, std::span<const int> prefix, std::span<const int> first) {
    self().beforePass(bound);
    bound_ = bound;
    top_ = 0;
    levels_[0] = Level{first, -1, 0, false};
    for (int move : prefix) {
      if (!self().enterPrefix(top_, move)) return false;
      push(move);
    }
    base_ = top_;
    return true;
  }

  // Walks on until `nodes` (the children tried, counted here) reaches `limit` (Budget), a goal
  // (Found: path() leads to it) or the end of the walk (Exhausted). A hook may count nodes of
  // its own into the same counter (a walk nested in atGoal): past the limit, this one stops at
  // its next child.
  WalkStep walk(std::uint64_t limit, std::uint64_t& nodes) {
    for (;;) {
      Level& level = levels_[top_];
      if (!level.expanded) {
        if (goals == GoalDepth::Any || top_ == bound_) {
          if (self().atGoal()) return WalkStep::Found;
          if (top_ == bound_) {
            if (top_ == base_) return WalkStep::Exhausted;
            --top_;
            continue;
          }
        }
        self().expand(top_);
        level.expanded = true;
      }
      if (level.next == static_cast<int>(level.followers.size())) {
        if (top_ == base_) return WalkStep::Exhausted;
        --top_;
        continue;
      }
      if (nodes >= limit) return WalkStep::Budget;
      ++nodes;
      const int move = level.followers[level.next++];
      if (self().enter(top_, move)) push(move);
    }
  }

  std::vector<int> path() const {
    std::vector<int> moves;
    for (int g = 1; g <= top_; ++g) moves.push_back(levels_[g].move);
    return moves;
  }

 protected:
  StackWalk(const FollowerLists& followers, int maxDepth)
      : followers_(followers), levels_(maxDepth + 1) {}
  int bound() const { return bound_; }
  int top() const { return top_; }
  int moveAt(int g) const { return levels_[g].move; }  // the move that led to depth g
  std::span<const int> followersAt(int g) const { return levels_[g].followers; }

 private:
  struct Level {
    std::span<const int> followers;  // the moves that may follow (the root's: begin's)
    int move = -1;                   // the move that led here (-1 at the start)
    int next = 0;                    // the next follower to try
    bool expanded = false;
  };
  Derived& self() { return static_cast<Derived&>(*this); }
  void push(int move) { levels_[++top_] = Level{followers_[move + 1], move, 0, false}; }

  const FollowerLists& followers_;
  int bound_ = 0;
  int top_ = 0;
  int base_ = 0;
  std::vector<Level> levels_;
};

}  // namespace polytwist
