// The 4x4x4's reduction solver: each phase checked from the stickers it leaves (not from the
// solver's own coordinates), every solution replayed, the limits and cancellation.
#include "puzzles/cube4/cube4_solver.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/facelets.hpp"
#include "core/json.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;

namespace {

const Puzzle& fourCube() { return *findPuzzle("cube4"); }
const Puzzle& threeCube() { return *findPuzzle("cube3"); }

cube4::ReductionSolver& solver() {
  static TwoPhaseSolver finish(threeCube());
  static cube4::ReductionSolver instance(fourCube(), threeCube(), finish);
  REQUIRE(instance.prepare());
  return instance;
}

// The stickers, face by face (U R F D L B), four rows of four.
constexpr std::string_view kFaces = "URFDLB";
char sticker(const std::string& facelets, int face, int row, int column) {
  return facelets[face * 16 + row * 4 + column];
}
int faceIndex(char face) { return static_cast<int>(kFaces.find(face)); }
std::string centresOf(const std::string& facelets, char face) {
  const int f = faceIndex(face);
  return {sticker(facelets, f, 1, 1), sticker(facelets, f, 1, 2), sticker(facelets, f, 2, 1),
          sticker(facelets, f, 2, 2)};
}
bool centresAmong(const std::string& facelets, std::string_view faces, std::string_view colours) {
  for (char face : faces) {
    for (char c : centresOf(facelets, face)) {
      if (colours.find(c) == std::string_view::npos) return false;
    }
  }
  return true;
}
// Every edge of every face shows its two wing stickers alike: each dedge paired.
bool everyDedgePaired(const std::string& facelets) {
  for (int f = 0; f < 6; ++f) {
    const auto same = [&](int r1, int c1, int r2, int c2) {
      return sticker(facelets, f, r1, c1) == sticker(facelets, f, r2, c2);
    };
    if (!same(0, 1, 0, 2) || !same(3, 1, 3, 2) || !same(1, 0, 2, 0) || !same(1, 3, 2, 3)) {
      return false;
    }
  }
  return true;
}
// The colour pairs of the wings in the middle layer (edges FR, FL, BR, BL): four whole dedges,
// each pair twice.
bool middleHoldsWholeDedges(const std::string& facelets) {
  const int front = faceIndex('F'), back = faceIndex('B'), right = faceIndex('R'),
            left = faceIndex('L');
  std::map<std::string, int> pairs;
  for (int row : {1, 2}) {
    // Seen from outside, F's right column meets R's left one; R's right meets B's left; B's right
    // meets L's left; L's right meets F's left.
    const std::pair<int, int> sides[] = {
        {front, right}, {right, back}, {back, left}, {left, front}};
    for (const auto& [a, b] : sides) {
      std::string colours = {sticker(facelets, a, row, 3), sticker(facelets, b, row, 0)};
      std::sort(colours.begin(), colours.end());
      ++pairs[colours];
    }
  }
  if (pairs.size() != 4) return false;
  for (const auto& [colours, count] : pairs) {
    if (count != 2) return false;
  }
  return true;
}
// The 3x3x3 that a reduced 4x4x4's corner, outer edge and inner centre stickers show.
std::string asCube3(const std::string& facelets) {
  std::string out;
  for (int f = 0; f < 6; ++f) {
    for (int r : {0, 1, 3}) {
      for (int c : {0, 1, 3}) out += sticker(facelets, f, r, c);
    }
  }
  return out;
}

// Any length: the fast solve's target for the 4x4x4 (its spec's fastTarget).
TwoPhaseOptions anyLength() {
  TwoPhaseOptions options;
  options.maxLength = fourCube().spec().fastTarget;
  return options;
}

const std::set<std::string>& phaseMoves(std::size_t phase) {
  static const std::vector<std::set<std::string>> moves = [] {
    const auto turns = [](std::initializer_list<const char*> quarters,
                          std::initializer_list<const char*> halves) {
      std::set<std::string> names;
      for (const char* base : quarters) {
        for (const char* suffix : {"", "2", "'"}) names.insert(std::string(base) + suffix);
      }
      for (const char* base : halves) names.insert(std::string(base) + "2");
      return names;
    };
    return std::vector<std::set<std::string>>{
        turns({"U", "D", "F", "B", "R", "L", "Uw", "Rw", "Fw"}, {}),
        turns({"U", "D", "F", "B", "R", "L", "Rw"}, {"Uw", "Fw"}),
        turns({"U", "D", "R", "L"}, {"F", "B", "Uw", "Rw", "Fw"}),
        turns({"U", "D"}, {"F", "B", "R", "L", "Uw", "Rw", "Fw"}),
        turns({"U", "D", "F", "B", "R", "L"}, {})};
  }();
  return moves[phase];
}

// Replays a solution phase by phase, checking each phase's moves and the stickers it leaves.
void checkPhases(const State& start, const TwoPhaseResult& result) {
  const Puzzle& puzzle = fourCube();
  REQUIRE(result.phaseLengths.size() == cube4::ReductionSolver::kPhases);
  State at = start;
  std::size_t done = 0;
  for (std::size_t phase = 0; phase < result.phaseLengths.size(); ++phase) {
    CAPTURE(phase);
    for (int m = 0; m < result.phaseLengths[phase]; ++m) {
      REQUIRE(done < result.searchedMoves.size());
      const std::string& name = puzzle.moves()[result.searchedMoves[done]].name;
      CAPTURE(name);
      CHECK(phaseMoves(phase).count(name) == 1);
      puzzle.applyMove(at, result.searchedMoves[done++]);
    }
    const std::string stickers = puzzle.facelets(at);
    CAPTURE(stickers);
    CHECK(centresAmong(stickers, "RL", "RL"));
    if (phase >= 1) CHECK(centresAmong(stickers, "UD", "UD"));
    if (phase >= 2) CHECK(middleHoldsWholeDedges(stickers));
    if (phase == 3) {
      for (char face : kFaces) CHECK(centresOf(stickers, face) == std::string(4, face));
      CHECK(everyDedgePaired(stickers));
      CHECK(stateFromFacelets(threeCube(), asCube3(stickers)).state.has_value());
    }
  }
  CHECK(done == result.searchedMoves.size());
  CHECK(puzzle.isSolved(at));
  CHECK(puzzle.isSolved(puzzle.applySequence(start, result.moves)));
  CHECK(result.moves.size() <= result.searchedMoves.size());
}

}  // namespace

TEST_CASE("cube4 reduction: random states solved phase by phase, as the stickers show") {
  std::mt19937_64 rng(44);
  std::size_t longest = 0, total = 0;
  constexpr int kStates = 12;
  for (int i = 0; i < kStates; ++i) {
    const State start = fourCube().randomState(rng);
    const TwoPhaseResult result = solver().solve(start, anyLength());
    CAPTURE(i);
    REQUIRE_MESSAGE(result.status == TwoPhaseResult::Status::Solved, result.error);
    checkPhases(start, result);
    longest = std::max(longest, result.moves.size());
    total += result.moves.size();
  }
  CHECK(longest <= TwoPhaseSolver::kMaxLength);
  MESSAGE("4x4x4 reduction: ", kStates, " random states, ", static_cast<double>(total) / kStates,
          " moves on average, ", longest, " at most");
}

TEST_CASE("cube4 reduction: the solved cube and positions near it") {
  const Puzzle& puzzle = fourCube();
  const TwoPhaseResult solved = solver().solve(puzzle.solved(), anyLength());
  REQUIRE(solved.status == TwoPhaseResult::Status::Solved);
  CHECK(solved.moves.empty());
  // A rotation of the whole cube is the solved position: the wide turns that make it, undone.
  for (const char* scramble : {"R", "Uw2 Rw'", "Fw R' D2 Uw L"}) {
    CAPTURE(scramble);
    const Json applied = service::applyMoves("cube4", "", scramble);
    REQUIRE(applied.find("ok")->boolean());
    const State start = *puzzle.decodeState(applied.find("state")->string());
    const TwoPhaseResult result = solver().solve(start, anyLength());
    REQUIRE_MESSAGE(result.status == TwoPhaseResult::Status::Solved, result.error);
    checkPhases(start, result);
  }
}

TEST_CASE("cube4 reduction: a target it cannot meet, a target out of range, cancellation") {
  std::mt19937_64 rng(7);
  const State start = fourCube().randomState(rng);
  TwoPhaseOptions tight;
  tight.maxLength = 20;
  const TwoPhaseResult short20 = solver().solve(start, tight);
  CHECK(short20.status == TwoPhaseResult::Status::NotFound);
  CHECK(short20.error.find("more than the 20 asked for") != std::string::npos);
  TwoPhaseOptions far;
  far.maxLength = TwoPhaseSolver::kMaxLength + 1;
  const TwoPhaseResult refused = solver().solve(start, far);
  CHECK(refused.status == TwoPhaseResult::Status::Failed);
  CHECK(refused.error == "the target length must be from 0 to 80");
  const std::atomic<bool> cancelled = true;
  TwoPhaseOptions cancelling = anyLength();
  cancelling.cancel = Cancellation{&cancelled};
  const TwoPhaseResult stopped = solver().solve(start, cancelling);
  CHECK(stopped.status == TwoPhaseResult::Status::Cancelled);
  CHECK(stopped.moves.empty());
}

TEST_CASE("cube4 through the service: fast solutions and random-state scrambles") {
  const Json info = service::puzzleInfo("cube4");
  REQUIRE(info.find("ok")->boolean());
  const Json* solvers = info.find("solvers");
  REQUIRE(solvers != nullptr);
  CHECK(solvers->dump().find("fast") != std::string::npos);
  const Json solved = service::solveWith(
      "cube4", service::applyMoves("cube4", "", "Rw U2 Fw' L").find("state")->string(),
      R"({"method":"fast"})");
  REQUIRE_MESSAGE(solved.find("ok")->boolean(), solved.dump());
  CHECK(solved.find("method")->string() == "fast");
  CHECK(solved.find("phases")->number() == cube4::ReductionSolver::kPhases);
  for (int seed : {1, 2}) {
    const Json scramble = service::scramble("444", seed);
    REQUIRE_MESSAGE(scramble.find("ok")->boolean(), scramble.dump());
    CHECK(scramble.find("random_state")->boolean());
    // WCA notation: outer turns and the wide turns of U, R and F only.
    const std::string moves = scramble.find("scramble")->string();
    CAPTURE(moves);
    CHECK(moves.find("Dw") == std::string::npos);
    CHECK(moves.find("Lw") == std::string::npos);
    CHECK(moves.find("Bw") == std::string::npos);
    CHECK(moves.find("3") == std::string::npos);
  }
}
