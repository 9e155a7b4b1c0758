// The Master Pyraminx: its model against the puzzle's known structure (orders, commuting turns,
// parities, the count), its notations, and optimal lengths against a plain breadth-first search
// from solved over explicit states (no coordinates, tables or pruning).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <unordered_map>

#include "api/service.hpp"
#include "core/sequence.hpp"
#include "puzzles/catalogue.hpp"
#include "search/solver.hpp"

using namespace polytwist;

namespace {

const Puzzle& masterPyraminx() { return *findPuzzle("master_pyraminx"); }

int orbitSize(const char* name) {
  return masterPyraminx().orbits()[masterPyraminx().orbitIndex(name)].size;
}

std::vector<int> movesOf(const std::string& text) {
  const ResolvedSequence resolved = resolveSequence(masterPyraminx(), text);
  REQUIRE_MESSAGE(!resolved.error, text);
  return resolved.moves;
}

State reached(const std::string& text) {
  return masterPyraminx().applySequence(masterPyraminx().solved(), movesOf(text));
}

// Everything but the tips, as bytes: the key of the breadth-first search.
std::string keyOf(const State& s) {
  const int first = masterPyraminx().orbits()[masterPyraminx().orbitIndex("corner")].offset;
  std::string key;
  for (std::size_t i = first; i < s.pieces.size(); ++i) {
    key += static_cast<char>(s.pieces[i] << 2 | s.ori[i]);
  }
  return key;
}

// Distances of the positions (tips aside) up to 5 moves from solved, by breadth-first search
// with every move but the tips', and a sample of positions per distance.
struct Layers {
  std::unordered_map<std::string, int> distance;
  std::vector<std::vector<State>> samples;
};

const Layers& layers() {
  static const Layers computed = [] {
    const Puzzle& puzzle = masterPyraminx();
    Layers result;
    std::vector<State> layer = {puzzle.solved()};
    result.distance[keyOf(layer[0])] = 0;
    result.samples.push_back(layer);
    for (int d = 1; d <= 5; ++d) {
      std::vector<State> next;
      for (const State& s : layer) {
        for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
          if (puzzle.isSeparableMove(m)) continue;
          State t = puzzle.compose(s, puzzle.moves()[m].effect);
          if (result.distance.emplace(keyOf(t), d).second) next.push_back(std::move(t));
        }
      }
      std::mt19937_64 rng(d);
      std::vector<State> sample;
      for (int i = 0; i < 500 && !next.empty(); ++i) sample.push_back(next[rng() % next.size()]);
      result.samples.push_back(std::move(sample));
      layer = std::move(next);
    }
    return result;
  }();
  return computed;
}

Solver& solver() {
  static Solver* instance = [] {
    setenv("POLYTWIST_TABLE_DIR", (std::filesystem::current_path() / "test-tables").c_str(), 1);
    return new Solver(masterPyraminx());
  }();
  return *instance;
}

}  // namespace

TEST_CASE("master_pyraminx: pieces, turns and the count") {
  const Puzzle& puzzle = masterPyraminx();
  CHECK(puzzle.faceletCount() == 64);
  CHECK(orbitSize("tip") == 4);
  CHECK(orbitSize("corner") == 4);
  CHECK(orbitSize("midge") == 6);
  CHECK(orbitSize("wing") == 12);
  CHECK(orbitSize("centre") == 4);
  // 81 tip twists × 81 corner twists × 6!/2 · 2^5 midges × 12!/2 wings × 4!/2 centres.
  CHECK(puzzle.stateCountText() == "217225462874112000");
  CHECK(puzzle.moves().size() == 24);
  for (const Move& move : puzzle.moves()) {
    State s = puzzle.solved();
    for (int i = 0; i < 3; ++i) s = puzzle.compose(s, move.effect);
    CHECK_MESSAGE(s == puzzle.solved(), move.name << " has order 3");
  }
  const auto commute = [&](const std::string& a, const std::string& b) {
    return reached(a + " " + b) == reached(b + " " + a);
  };
  // Layers about one axis commute; so do the two-layer turns of different corners (their
  // layers share no piece) and the tips with everything.
  CHECK(commute("U", "Uw"));
  CHECK(commute("U", "L"));
  CHECK(commute("R", "B"));
  CHECK(commute("u", "Lw"));
  CHECK_FALSE(commute("U", "Lw"));
  CHECK_FALSE(commute("Uw", "Rw"));
  // What each turn moves: U a corner (twist) and three wings; Uw also three midges, three
  // centres and the three wings whose far end is at U; u a tip.
  const auto moved = [&](const std::string& move, const char* orbitName) {
    const Orbit& orbit = puzzle.orbits()[puzzle.orbitIndex(orbitName)];
    const State s = reached(move);
    int count = 0;
    for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
      count += s.pieces[i] != i - orbit.offset || s.ori[i] != 0;
    }
    return count;
  };
  CHECK(moved("U", "corner") == 1);
  CHECK(moved("U", "wing") == 3);
  CHECK(moved("U", "midge") == 0);
  CHECK(moved("Uw", "wing") == 6);
  CHECK(moved("Uw", "midge") == 3);
  CHECK(moved("Uw", "centre") == 3);
  CHECK(moved("u", "tip") == 1);
  CHECK(moved("u", "wing") == 0);
}

TEST_CASE("master_pyraminx: random states are reachable, broken ones are refused by name") {
  const Puzzle& puzzle = masterPyraminx();
  std::mt19937_64 rng(3);
  for (int i = 0; i < 200; ++i) CHECK_FALSE(puzzle.checkReachable(puzzle.randomState(rng)));
  const auto swapped = [&](const char* orbitName) {
    const Orbit& orbit = puzzle.orbits()[puzzle.orbitIndex(orbitName)];
    State s = puzzle.solved();
    std::swap(s.pieces[orbit.offset], s.pieces[orbit.offset + 1]);
    return puzzle.checkReachable(s);
  };
  for (const char* name : {"midge", "wing", "centre"}) {
    const auto problem = swapped(name);
    REQUIRE(problem);
    CHECK_MESSAGE(problem->find(name) != std::string::npos, *problem);
  }
  State flipped = puzzle.solved();
  flipped.ori[puzzle.orbits()[puzzle.orbitIndex("midge")].offset] = 1;
  REQUIRE(puzzle.checkReachable(flipped));
  // A sticker colouring with one midge flipped in place names its stickers.
  const std::string solved = puzzle.facelets(puzzle.solved());
  const Orbit& midges = puzzle.orbits()[puzzle.orbitIndex("midge")];
  std::string colouring = solved;
  std::swap(colouring[midges.facelets[0][0]], colouring[midges.facelets[0][1]]);
  const Json answer = service::validate("master_pyraminx", colouring);
  CHECK_FALSE(answer.find("ok")->boolean());
  CHECK_MESSAGE(answer.find("error")->string().find("flip") != std::string::npos,
                answer.find("error")->string());
}

TEST_CASE("master_pyraminx: inner slices and cubing.js notation") {
  CHECK(movesOf("2U") == movesOf("U u'"));
  CHECK(movesOf("3R'") == movesOf("R Rw'"));
  // cubing.js: U is the tip, u two layers, 3u three layers; 2U and 3U are slices in both.
  const NotationSpec* cubing = findNotation(masterPyraminx(), "cubing");
  REQUIRE(cubing != nullptr);
  const ResolvedSequence theirs = resolveSequence(masterPyraminx(), "U u' 3l 2B'", cubing);
  REQUIRE(!theirs.error);
  CHECK(theirs.moves == movesOf("u U' Lw 2B'"));
  CHECK(formatMoves(masterPyraminx(), movesOf("u U' Lw"), cubing) == "U u' 3l");
  const ResolvedSequence ours = resolveSequence(masterPyraminx(), "Uw", cubing);
  REQUIRE(ours.error);
  CHECK(ours.error->message.find("cubing") != std::string::npos);
}

TEST_CASE("master_pyraminx: optimal lengths equal a breadth-first search, every solution solves") {
  const Puzzle& puzzle = masterPyraminx();
  std::mt19937_64 rng(11);
  SearchOptions options;
  options.tables = "small";
  options.threads = 2;
  int solved = 0;
  for (std::size_t d = 0; d < layers().samples.size(); ++d) {
    for (const State& position : layers().samples[d]) {
      // Twist each tip at random: each twisted one costs exactly one more move.
      State start = position;
      int twisted = 0;
      for (const char* tip : {"u", "l", "r", "b"}) {
        const int turns = static_cast<int>(rng() % 3);
        for (int t = 0; t < turns; ++t) start = puzzle.compose(start, reached(tip));
        twisted += turns != 0;
      }
      const SolveOutcome outcome = solver().solve(start, options);
      REQUIRE(outcome.status == SolveOutcome::Status::Solved);
      CHECK(puzzle.isSolved(puzzle.applySequence(start, outcome.moves)));
      CHECK(static_cast<int>(outcome.moves.size()) == static_cast<int>(d) + twisted);
      ++solved;
    }
  }
  CHECK(solved > 2500);
  // Deeper positions: a solution is never longer than the scramble that made it, and at least
  // as long as the breadth-first distance says it cannot be shorter (more than 5 moves).
  for (int i = 0; i < 20; ++i) {
    std::vector<int> scramble;
    for (int m : puzzle.randomMoves(rng, 9)) {
      if (!puzzle.isSeparableMove(m)) scramble.push_back(m);
    }
    const State start = puzzle.applySequence(puzzle.solved(), scramble);
    const SolveOutcome outcome = solver().solve(start, options);
    REQUIRE(outcome.status == SolveOutcome::Status::Solved);
    CHECK(puzzle.isSolved(puzzle.applySequence(start, outcome.moves)));
    CHECK(outcome.moves.size() <= scramble.size());
    if (!layers().distance.count(keyOf(start))) CHECK(outcome.moves.size() > 5);
  }
}
