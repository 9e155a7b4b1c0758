// The Kilominx: its model against seed 001's facts (face turns of order 5, which faces commute,
// even corner permutations, the count modulo rotation), the reference frame its searches use,
// optimal lengths against a breadth-first search of positions modulo rotation, and the reading of
// sticker colourings (a turned puzzle is read as it is; impossible ones are named).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <unordered_map>

#include "api/service.hpp"
#include "core/facelets.hpp"
#include "core/sequence.hpp"
#include "puzzles/catalogue.hpp"
#include "search/reference_frame.hpp"
#include "search/solver.hpp"
#include "search/symmetry.hpp"

using namespace polytwist;

namespace {

const Puzzle& kilominx() { return *findPuzzle("kilominx"); }

const ReferenceFrame& frame() {
  static const ReferenceFrame reference(kilominx());
  return reference;
}

std::string key(const State& s) {
  return std::string(s.pieces.begin(), s.pieces.end()) + std::string(s.ori.begin(), s.ori.end());
}

// Distances of all positions (modulo rotation, as companion states) up to `depth` moves.
const std::unordered_map<std::string, int>& bfs(int depth) {
  static std::unordered_map<std::string, int> distance;
  if (!distance.empty()) return distance;
  const Puzzle& companion = frame().fixed();
  std::vector<State> layer = {companion.solved()};
  distance[key(layer[0])] = 0;
  for (int d = 1; d <= depth; ++d) {
    std::vector<State> next;
    for (const State& s : layer) {
      for (const Move& move : companion.moves()) {
        State t = companion.compose(s, move.effect);
        if (distance.emplace(key(t), d).second) next.push_back(std::move(t));
      }
    }
    layer = std::move(next);
  }
  return distance;
}

Solver& solver() {
  static Solver* instance = [] {
    setenv("POLYTWIST_TABLE_DIR", (std::filesystem::current_path() / "test-tables").c_str(), 1);
    return new Solver(kilominx());
  }();
  return *instance;
}

SearchOptions withThreads(unsigned threads) {
  SearchOptions options;
  options.threads = threads;
  return options;
}

int parity(const State& s) {
  int inversions = 0;
  for (std::size_t i = 0; i < s.pieces.size(); ++i) {
    for (std::size_t j = i + 1; j < s.pieces.size(); ++j) inversions += s.pieces[i] > s.pieces[j];
  }
  return inversions % 2;
}

}  // namespace

TEST_CASE("kilominx: seed 001's facts") {
  const Puzzle& puzzle = kilominx();
  CHECK(puzzle.stateCountText() == "23563902142421896679424000");
  CHECK(puzzle.moves().size() == 48);
  CHECK(puzzle.faceletCount() == 60);
  for (const Move& move : puzzle.moves()) {
    // Every turn has order 5 (or divides it) and moves exactly the face's 5 corners.
    State s = puzzle.solved();
    int order = 0;
    do {
      puzzle.applyMove(s, static_cast<int>(&move - puzzle.moves().data()));
      ++order;
    } while (s != puzzle.solved());
    CHECK(order == 5);
    int moved = 0;
    for (std::size_t i = 0; i < move.effect.pieces.size(); ++i) moved += move.effect.pieces[i] != i;
    CHECK(moved == 5);
  }
  // Each face commutes with exactly the 6 faces it shares no corner with.
  for (int a = 0; a < puzzle.baseCount(); ++a) {
    const State& turn = puzzle.moves()[a * 4].effect;
    int commuting = 0;
    for (int b = 0; b < puzzle.baseCount(); ++b) {
      if (a == b) continue;
      const State& other = puzzle.moves()[b * 4].effect;
      bool shareCorner = false;
      for (std::size_t i = 0; i < turn.pieces.size(); ++i) {
        shareCorner |= turn.pieces[i] != i && other.pieces[i] != i;
      }
      const bool commute = puzzle.compose(turn, other) == puzzle.compose(other, turn);
      CHECK(commute == !shareCorner);
      CHECK(commute == puzzle.basesCommute(a, b));
      commuting += commute;
    }
    CHECK(commuting == 6);
  }
  // Every reachable corner permutation is even; twists sum to 0.
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    const State s = puzzle.applySequence(puzzle.solved(), puzzle.randomMoves(rng, 1 + trial % 40));
    CHECK(parity(s) == 0);
    int twist = 0;
    for (std::uint8_t o : s.ori) twist += o;
    CHECK(twist % 3 == 0);
    CHECK_FALSE(puzzle.checkReachable(s).has_value());
  }
}

TEST_CASE("kilominx: the 60 rotations of solved are solved, and one position") {
  const Puzzle& puzzle = kilominx();
  CHECK(puzzle.solvedStates().size() == 60);
  std::set<std::string> distinct;
  for (const State& rotation : puzzle.solvedStates()) {
    distinct.insert(key(rotation));
    CHECK(puzzle.isSolved(rotation));
    CHECK(puzzle.samePosition(rotation, puzzle.solved()));
    CHECK(frame().toFixed(rotation) == frame().fixed().solved());
  }
  CHECK(distinct.size() == 60);
  CHECK_FALSE(puzzle.isSolved(puzzle.applySequence(puzzle.solved(), {0})));
}

TEST_CASE("kilominx: the reference frame holds U-F-L and maps solutions back move for move") {
  const Puzzle& puzzle = kilominx();
  const Puzzle& companion = frame().fixed();
  CHECK(companion.stateCountText() == puzzle.stateCountText());
  CHECK(companion.solvedStates().size() == 1);
  CHECK(companion.orbits()[0].size == 19);
  // Its symmetries keep U-F-L's place: the turn about it (and the mirror, with reflections).
  CHECK(companion.symmetries().size() == 1);
  CHECK(companion.symmetries()[0].name == "UFL120");
  CHECK(companion.spec().reflections.size() == 1);
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 100; ++trial) {
    const State s = puzzle.applySequence(puzzle.solved(), puzzle.randomMoves(rng, 12));
    const State fixed = frame().toFixed(s);
    // The same position turned any way is held the same way.
    for (const State& rotation : puzzle.solvedStates()) {
      CHECK(frame().toFixed(puzzle.compose(s, rotation)) == fixed);
    }
    // Companion moves that solve it, mapped back, solve the puzzle: the companion's inverse
    // path found by undoing random companion moves.
    const std::vector<int> walk = companion.randomMoves(rng, 10);
    const State start = companion.applySequence(companion.solved(), walk);
    std::vector<int> solution;
    for (auto m = walk.rbegin(); m != walk.rend(); ++m) solution.push_back(puzzle.inverseMove(*m));
    // A puzzle state the companion holds as `start`: the companion's walk, mapped forward.
    const std::vector<int> scramble = frame().toPuzzleMoves(puzzle.solved(), walk);
    const State position = puzzle.applySequence(puzzle.solved(), scramble);
    CHECK(frame().toFixed(position) == start);
    CHECK(
        puzzle.isSolved(puzzle.applySequence(position, frame().toPuzzleMoves(position, solution))));
    // Every corner can hold the reference's place: that view is a companion position too, solved
    // exactly when the position is.
    for (int piece = 0; piece < frame().orbitSize(); ++piece) {
      if (frame().fixedPiece(piece) < 0) continue;
      CHECK(frame().seenFrom(piece, companion.solved()) == companion.solved());
      CHECK(frame().seenFrom(piece, fixed) != companion.solved());
    }
  }
}

TEST_CASE("kilominx: optimal lengths equal a breadth-first search, every solution solves") {
  const Puzzle& puzzle = kilominx();
  const auto& distance = bfs(3);
  // Positions modulo rotation at distance 0..3 (the companion's BFS).
  std::map<int, int> counts;
  for (const auto& [ignored, d] : distance) ++counts[d];
  CHECK(counts[0] == 1);
  CHECK(counts[1] == 48);
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 1500; ++trial) {
    const std::vector<int> moves = puzzle.randomMoves(rng, 1 + trial % 3);
    const State s = puzzle.applySequence(puzzle.solved(), moves);
    const int expected = distance.at(key(frame().toFixed(s)));
    const SolveOutcome outcome = solver().solve(s, withThreads(1));
    REQUIRE(outcome.status == SolveOutcome::Status::Solved);
    CHECK(static_cast<int>(outcome.moves.size()) == expected);
    CHECK(puzzle.isSolved(puzzle.applySequence(s, outcome.moves)));
  }
  // Deeper: no longer than the scramble, never shorter than the tables' bound, and solved.
  const auto& heuristic =
      dynamic_cast<const OptimalHeuristic&>(*solver().optimalTables().heuristic("small"));
  CHECK(heuristic.lookupCount() == 20);  // one table, from each of the 20 corners
  for (int trial = 0; trial < 60; ++trial) {
    const std::vector<int> moves = puzzle.randomMoves(rng, 4 + trial % 4);
    const State s = puzzle.applySequence(puzzle.solved(), moves);
    const SolveOutcome outcome = solver().solve(s, withThreads(2));
    REQUIRE(outcome.status == SolveOutcome::Status::Solved);
    CHECK(outcome.moves.size() <= moves.size());
    CHECK(static_cast<int>(outcome.moves.size()) >= heuristic.estimate(frame().toFixed(s)));
    CHECK(puzzle.isSolved(puzzle.applySequence(s, outcome.moves)));
  }
}

TEST_CASE("kilominx: the heuristic is the same for every symmetric view of a position") {
  // Seen through a symmetry of the companion, or from another corner, a position is as far from
  // solved: the symmetry-reduced table, its frames and the 20 views must agree (a wrong class
  // index, conjugation or viewed move would break this for some positions).
  const Puzzle& puzzle = kilominx();
  const Puzzle& companion = frame().fixed();
  const SearchHeuristic& heuristic = *[] {
    std::string error;
    REQUIRE(solver().optimalTables().prepare("small", {}, {}, &error));
    return solver().optimalTables().heuristic("small");
  }();
  const SymmetryGroup group(companion);
  CHECK(group.size() == 6);
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 300; ++trial) {
    const State s = puzzle.applySequence(puzzle.solved(), puzzle.randomMoves(rng, trial % 14));
    const State t = frame().toFixed(s);
    const int estimate = heuristic.estimate(t);
    CHECK(estimate >= 0);
    CHECK(estimate <= trial % 14);
    for (int k = 0; k < group.size(); ++k) {
      CHECK(heuristic.estimate(group.conjugate(k, t)) == estimate);
    }
    for (int piece = 0; piece < frame().orbitSize(); ++piece) {
      if (frame().fixedPiece(piece) >= 0) {
        CHECK(heuristic.estimate(frame().seenFrom(piece, t)) == estimate);
      }
    }
  }
}

TEST_CASE("kilominx: colourings of a turned puzzle are read, impossible ones name the stickers") {
  const Puzzle& puzzle = kilominx();
  std::mt19937_64 rng(5);
  const State scrambled = puzzle.applySequence(puzzle.solved(), puzzle.randomMoves(rng, 20));
  for (const State& rotation : puzzle.solvedStates()) {
    CHECK(service::validate("kilominx", puzzle.facelets(rotation)).find("ok")->boolean());
    const std::string turned = puzzle.facelets(puzzle.compose(scrambled, rotation));
    CHECK(service::validate("kilominx", turned).find("ok")->boolean());
  }
  const std::string solved = puzzle.facelets(puzzle.solved());
  const auto refused = [](const std::string& facelets) {
    const Json answer = service::validate("kilominx", facelets);
    CHECK_FALSE(answer.find("ok")->boolean());
    std::set<int> stickers;
    if (const Json* list = answer.find("stickers")) {
      for (const Json& s : list->array()) stickers.insert(static_cast<int>(s.number()));
    }
    return std::make_pair(answer.find("error")->string(), stickers);
  };
  // U0 and F4 (two stickers of U-F-L) swapped: a mirrored corner.
  std::string mirrored = solved;
  std::swap(mirrored[0], mirrored[9]);
  const auto [mirrorError, mirrorStickers] = refused(mirrored);
  CHECK(mirrorError.find("corner") != std::string::npos);
  CHECK(mirrorStickers.count(0) == 1);
  CHECK(mirrorStickers.count(9) == 1);
  // U-F-L twisted in place: the twist sum.
  std::string twisted = solved;
  twisted[0] = solved[9];
  twisted[9] = solved[10];
  twisted[10] = solved[0];
  const auto [twistError, twistStickers] = refused(twisted);
  CHECK(twistError.find("twist") != std::string::npos);
  // Two corners swapped: an odd permutation. The U-L-BL and U-BL-BR corners' stickers exchanged.
  const State odd = [&] {
    State s = puzzle.solved();
    std::swap(s.pieces[1], s.pieces[2]);
    return s;
  }();
  const auto [oddError, oddStickers] = refused(puzzle.facelets(odd));
  CHECK(oddError.find("odd permutation") != std::string::npos);
  CHECK(oddStickers.count(1) == 1);
  // A colour six times, another four.
  std::string counts = solved;
  counts[0] = 'G';
  const auto [countError, countStickers] = refused(counts);
  CHECK(countError.find("G") != std::string::npos);
  CHECK_FALSE(countStickers.empty());
}

TEST_CASE("kilominx: megaminx names and seed 001's moving frame, read and written") {
  const Puzzle& puzzle = kilominx();
  const NotationSpec* megaminx = findNotation(puzzle, "megaminx");
  const NotationSpec* seed001 = findNotation(puzzle, "seed001");
  REQUIRE(megaminx != nullptr);
  REQUIRE(seed001 != nullptr);
  // The same faces by either name.
  const std::vector<std::pair<std::string, std::string>> same = {{"FL", "DL"},
                                                                 {"FR2", "DR2"},
                                                                 {"DL2'", "DBL2'"},
                                                                 {"DR'", "DBR'"},
                                                                 {"B", "DB"},
                                                                 {"BL", "BL"},
                                                                 {"U F L R BR D", "U F L R BR D"}};
  for (const auto& [theirs, ours] : same) {
    const std::string& written = theirs;  // clang 14 cannot capture a structured binding
    CAPTURE(written);
    const ResolvedSequence read = resolveSequence(puzzle, theirs, megaminx);
    REQUIRE_FALSE(read.error.has_value());
    CHECK(read.moves == resolveSequence(puzzle, ours).moves);
    CHECK(formatMoves(puzzle, read.moves, megaminx) == theirs);
  }
  // Our names for the faces it calls otherwise are refused, with the notation's faces.
  for (const char* ours : {"DB", "DBL2", "DBR'"}) {
    const ResolvedSequence read = resolveSequence(puzzle, ours, megaminx);
    REQUIRE(read.error.has_value());
    CHECK(read.error->message.find("megaminx notation") != std::string::npos);
  }
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    const std::vector<int> moves = puzzle.randomMoves(rng, 1 + trial % 25);
    const State start =
        puzzle.applySequence(puzzle.solved(), puzzle.randomMoves(rng, trial % 2 ? 15 : 0));
    // Written and read again: the same moves in each notation.
    for (const NotationSpec* notation : {static_cast<const NotationSpec*>(nullptr), megaminx}) {
      const std::string text = formatMoves(puzzle, moves, notation);
      CHECK(resolveSequence(puzzle, text, notation).moves == moves);
    }
    // Seed 001's frame: the same position reached, and back to the same moves.
    const std::vector<int> framed = frame().toFixedMoves(start, moves);
    CHECK(frame().toPuzzleMoves(start, framed) == moves);
    const Puzzle& companion = frame().fixed();
    CHECK(companion.applySequence(frame().toFixed(start), framed) ==
          frame().toFixed(puzzle.applySequence(start, moves)));
    // Moves that leave U-F-L alone read the same in both frames until one moves it.
    if (moves.size() == 1 && puzzle.moves()[moves[0]].effect.pieces[0] == 0 &&
        start == puzzle.solved()) {
      CHECK(framed == moves);
    }
  }
  // Through the service: a scramble written in seed 001's frame and solved in it.
  const Json scramble = service::scramble("kilominx", 5, 9, "seed001");
  REQUIRE(scramble.find("ok")->boolean());
  const Json position =
      service::applyMovesIn("kilominx", "", scramble.find("scramble")->string(), "seed001");
  REQUIRE(position.find("ok")->boolean());
  CHECK(position.find("state")->string() == scramble.find("state")->string());
  CHECK(service::applyMovesIn("kilominx", "", "U", "seed002").find("error")->string() ==
        "kilominx has no notation 'seed002' (its others: megaminx, seed001)");
}
