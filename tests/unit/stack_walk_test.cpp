// The engine's one depth-first walk (search/stack_walk.hpp) on a toy tree: goals at the bound or
// at any depth, a given first move, and the node limit.
#include "search/stack_walk.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

using namespace polytwist;

namespace {

// Move m adds m + 1 to a sum (m = 0, 1, 2), never one move twice in a row; the goal is the sum
// `target`, and a child past it is pruned.
const FollowerLists kNoRepeat = {{0, 1, 2}, {1, 2}, {0, 2}, {0, 1}};

template <GoalDepth goals>
class SumWalk final : public StackWalk<SumWalk<goals>, goals> {
 public:
  explicit SumWalk(int target) : StackWalk<SumWalk, goals>(kNoRepeat, 8), target_(target) {}

 private:
  friend class StackWalk<SumWalk, goals>;
  void beforePass(int) {}
  bool enterPrefix(int g, int move) { return enter(g, move); }
  void expand(int) {}
  bool enter(int g, int move) {
    sums_[g + 1] = sums_[g] + move + 1;
    return sums_[g + 1] <= target_;
  }
  bool atGoal() const { return sums_[this->top()] == target_; }

  int target_;
  int sums_[9] = {};
};

constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};

}  // namespace

TEST_CASE("stack walk: goals at the bound only, or the first at any depth") {
  SumWalk<GoalDepth::Bound> atBound(3);
  std::uint64_t nodes = 0;
  REQUIRE(atBound.begin(2, {}));
  CHECK(atBound.walk(kNoLimit, nodes) == WalkStep::Found);
  CHECK(atBound.path() == std::vector<int>{0, 1});
  CHECK(nodes == 2);
  // A sum of 1 is one move (0), never three.
  SumWalk<GoalDepth::Bound> tooDeep(1);
  REQUIRE(tooDeep.begin(3, {}));
  CHECK(tooDeep.walk(kNoLimit, nodes) == WalkStep::Exhausted);
  SumWalk<GoalDepth::Any> anyDepth(1);
  REQUIRE(anyDepth.begin(3, {}));
  CHECK(anyDepth.walk(kNoLimit, nodes) == WalkStep::Found);
  CHECK(anyDepth.path() == std::vector<int>{0});
  // The start itself, when it is a goal.
  SumWalk<GoalDepth::Any> solved(0);
  REQUIRE(solved.begin(3, {}));
  CHECK(solved.walk(kNoLimit, nodes) == WalkStep::Found);
  CHECK(solved.path().empty());
}

TEST_CASE("stack walk: a prefix, and the first move from a given list") {
  SumWalk<GoalDepth::Bound> walk(6);
  std::uint64_t nodes = 0;
  REQUIRE(walk.begin(3, std::vector<int>{2}));
  CHECK(walk.walk(kNoLimit, nodes) == WalkStep::Found);
  CHECK(walk.path() == std::vector<int>{2, 0, 1});
  CHECK_FALSE(walk.begin(3, std::vector<int>{2, 1, 2}));  // 8 is past the target
  // As if after another walk's move 2: the first move follows it, so the sum 3 is not the one
  // move 2 but 0 then 1.
  SumWalk<GoalDepth::Bound> continued(3);
  const std::vector<int> first = kNoRepeat[3];
  REQUIRE(continued.begin(1, {}, first));
  CHECK(continued.walk(kNoLimit, nodes) == WalkStep::Exhausted);
  REQUIRE(continued.begin(2, {}, first));
  CHECK(continued.walk(kNoLimit, nodes) == WalkStep::Found);
  CHECK(continued.path() == std::vector<int>{0, 1});
}

TEST_CASE("stack walk: the node limit, resumed, and a count already past it") {
  SumWalk<GoalDepth::Bound> whole(9);
  std::uint64_t wholeNodes = 0;
  REQUIRE(whole.begin(5, {}));
  REQUIRE(whole.walk(kNoLimit, wholeNodes) == WalkStep::Found);
  SumWalk<GoalDepth::Bound> sliced(9);
  std::uint64_t nodes = 0;
  REQUIRE(sliced.begin(5, {}));
  int slices = 0;
  WalkStep step = WalkStep::Budget;
  while (step == WalkStep::Budget) {
    step = sliced.walk(nodes + 1, nodes);
    ++slices;
  }
  CHECK(step == WalkStep::Found);
  CHECK(sliced.path() == whole.path());
  CHECK(nodes == wholeNodes);
  CHECK(slices == static_cast<int>(wholeNodes));  // the last one finds it
  // Nodes counted by someone else past the limit (a walk nested in atGoal): it stops at once.
  REQUIRE(sliced.begin(5, {}));
  std::uint64_t counted = 10;
  CHECK(sliced.walk(5, counted) == WalkStep::Budget);
  CHECK(counted == 10);
}
