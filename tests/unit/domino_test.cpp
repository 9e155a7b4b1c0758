// The Domino cube 2x3x3: the complete table of its 406,425,600 positions (counted modulo turns of
// the whole puzzle about the U-D axis) against an independent explicit-state BFS of the first
// depths, IDA* against that table, scrambles, refused quarter turns and colouring errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/facelets.hpp"
#include "core/sequence.hpp"
#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"
#include "search/solver.hpp"

using namespace polytwist;

namespace {

const std::string kSolved = "UUUUUUUUUDDDDDDDDDFFFFFFRRRRRRBBBBBBLLLLLL";

const Puzzle& domino() { return *findPuzzle("domino"); }

const State& turnY() {
  static const State y = [] {
    for (const Symmetry& symmetry : domino().symmetries()) {
      if (symmetry.name == "y") return symmetry.effect;
    }
    return State{};
  }();
  return y;
}

// A position's key independent of how the domino is held: the smallest encoding of its four turns.
std::string positionKey(const State& s) {
  std::string key = domino().encodeState(s);
  State turned = s;
  for (int k = 1; k < 4; ++k) {
    turned = domino().compose(turned, turnY());
    key = std::min(key, domino().encodeState(turned));
  }
  return key;
}

// Positions at distance 0..depth by BFS over explicit states with all ten moves (D included),
// keyed by positionKey: no coordinates, no tables, no search-move pruning.
std::vector<std::uint64_t> explicitCounts(int depth) {
  std::set<std::string> seen = {positionKey(domino().solved())};
  std::vector<State> frontier = {domino().solved()};
  std::vector<std::uint64_t> counts = {1};
  for (int d = 0; d < depth; ++d) {
    std::vector<State> next;
    for (const State& s : frontier) {
      for (const Move& move : domino().moves()) {
        State t = domino().compose(s, move.effect);
        if (seen.insert(positionKey(t)).second) next.push_back(std::move(t));
      }
    }
    counts.push_back(next.size());
    frontier = std::move(next);
  }
  return counts;
}

// The whole table (all positions, 2 bits each), built once: ~20 s.
const DistanceTable& wholeTable() {
  static Solver solver(domino(), {}, SolverKind::TableDescent);
  static const DistanceTable& table = *solver.wholeTable();
  return table;
}

}  // namespace

TEST_CASE("domino: the model counts positions modulo the turn about U-D") {
  const Puzzle& p = domino();
  CHECK(p.stateCountText() == "406425600");
  CHECK(p.faceletCount() == 42);
  CHECK(p.facelets(p.solved()) == kSolved);
  CHECK(p.solvedStates().size() == 4);
  for (const State& turned : p.solvedStates()) {
    CHECK(p.isSolved(turned));
    CHECK(p.samePosition(turned, p.solved()));
  }
  // D is U followed by a turn of the whole domino, so searches follow 7 of the 10 moves.
  int searchMoves = 0;
  for (int m = 0; m < static_cast<int>(p.moves().size()); ++m) searchMoves += p.isSearchMove(m);
  CHECK(searchMoves == 7);
  for (const std::string name : {"D", "D2", "D'"}) CHECK_FALSE(p.isSearchMove(*p.findMove(name)));
  for (const char* pair : {"D|U", "D2|U2", "D'|U'"}) {
    const std::string text = pair;
    const State d = p.applySequence(p.solved(), {*p.findMove(text.substr(0, text.find('|')))});
    const State u = p.applySequence(p.solved(), {*p.findMove(text.substr(text.find('|') + 1))});
    CHECK(p.samePosition(d, u));
  }
  // U D' turns the whole domino: solved, though no sticker is where it started.
  const State whole = p.applySequence(p.solved(), {*p.findMove("U"), *p.findMove("D'")});
  CHECK(p.isSolved(whole));
  CHECK(whole != p.solved());
  // Half turns are their own inverses; quarter turns of U have order 4.
  for (const std::string name : {"R2", "L2", "F2", "B2"}) {
    const int m = *p.findMove(name);
    CHECK(p.inverseMove(m) == m);
  }
  const int u = *p.findMove("U");
  CHECK(p.applySequence(p.solved(), {u, u, u, u}) == p.solved());
}

TEST_CASE("domino: a coordinate space holds each position exactly once") {
  // Every corner arrangement (edges solved): 40,320 states, 4 to each index, the 4 being turns of
  // each other.
  const CoordinateSpace corners(domino(), {{.orbit = "corner"}});
  CHECK(corners.size() == 10080);
  std::vector<std::vector<State>> byIndex(corners.size());
  std::vector<std::uint8_t> order = {0, 1, 2, 3, 4, 5, 6, 7};
  do {
    State s = domino().solved();
    std::copy(order.begin(), order.end(), s.pieces.begin());
    const std::uint64_t index = corners.index(s);
    REQUIRE(index < corners.size());
    byIndex[index].push_back(s);
  } while (std::next_permutation(order.begin(), order.end()));
  auto sameCorners = [](const State& a, const State& b) {
    return std::equal(a.pieces.begin(), a.pieces.begin() + 8, b.pieces.begin());
  };
  for (const std::vector<State>& states : byIndex) {
    REQUIRE(states.size() == 4);
    for (const State& s : states) {
      bool turned = false;
      for (const State& rotation : domino().solvedStates()) {
        turned = turned || sameCorners(domino().compose(s, rotation), states[0]);
      }
      CHECK(turned);
    }
  }
  // With edges too: a state and its turns share an index. An index's neighbours are taken from
  // its representative, which is held differently, so they are the state's neighbours by other
  // (conjugate) moves: the same set of positions.
  const CoordinateSpace whole(domino(), wholePuzzleCoordinates(domino()));
  CHECK(whole.size() == 406425600);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 2000; ++i) {
    const State s = domino().randomState(rng);
    const std::uint64_t index = whole.index(s);
    CHECK(whole.index(domino().compose(s, turnY())) == index);
    std::multiset<std::uint64_t> fromIndex, fromState;
    for (int m = 0; m < static_cast<int>(domino().moves().size()); ++m) {
      fromIndex.insert(whole.neighbour(index, m));
      fromState.insert(whole.index(domino().compose(s, domino().moves()[m].effect)));
    }
    CHECK(fromIndex == fromState);
  }
}

TEST_CASE("domino: seed 004's depth 3 is 168, not 162") {
  // Canonical 3-move sequences over the 7 search moves: no two turns of one face in a row, and of
  // the commuting pairs R2 L2 and F2 B2 one order only. All reach different positions.
  const Puzzle& p = domino();
  std::vector<int> moves;
  for (int m = 0; m < static_cast<int>(p.moves().size()); ++m) {
    if (p.isSearchMove(m)) moves.push_back(m);
  }
  auto follows = [&](int before, int after) {
    const int a = p.moves()[before].base, b = p.moves()[after].base;
    return a != b && !(b < a && p.basesCommute(a, b));
  };
  std::set<std::string> positions;
  int sequences = 0;
  for (int a : moves) {
    for (int b : moves) {
      for (int c : moves) {
        if (!follows(a, b) || !follows(b, c)) continue;
        ++sequences;
        positions.insert(positionKey(p.applySequence(p.solved(), {a, b, c})));
      }
    }
  }
  CHECK(sequences == 168);
  CHECK(positions.size() == 168);
}

// One test case, so one process builds the whole table (27 s of CPU) for both.
TEST_CASE("domino: the whole table") {
  SUBCASE("its first depths equal an independent BFS, all positions reached") {
    const std::vector<std::uint64_t> reference = explicitCounts(7);
    CHECK(reference == std::vector<std::uint64_t>{1, 7, 34, 168, 807, 3768, 17250, 77696});
    const std::vector<std::uint64_t>& counts = wholeTable().counts();
    REQUIRE(counts.size() > reference.size());
    CHECK(std::vector<std::uint64_t>(counts.begin(), counts.begin() + reference.size()) ==
          reference);
    std::uint64_t total = 0;
    for (std::uint64_t count : counts) total += count;
    CHECK(total == 406425600);  // every index is a reachable position
    CHECK(counts.back() > 0);
    // Table descent walks from states as they are held, to a turned solved state if need be.
    Solver descent(domino(), {}, SolverKind::TableDescent);
    descent.adoptWholeTable(DistanceTable(wholeTable()));
    std::mt19937_64 rng(8);
    for (int i = 0; i < 200; ++i) {
      const State s = domino().randomState(rng);
      const SolveOutcome outcome = descent.solve(s);
      REQUIRE(outcome.status == SolveOutcome::Status::Solved);
      CHECK(domino().isSolved(domino().applySequence(s, outcome.moves)));
      CHECK(static_cast<int>(outcome.moves.size()) ==
            wholeTable().distance(wholeTable().space().index(s)));
    }
  }
  SUBCASE("IDA* lengths equal its distances on 10,000 random states") {
    Solver solver(domino());
    fixtures::checkSolvesAgainstTable(domino(), solver, wholeTable(), 10000, 2026,
                                      [](const State& s) { return domino().isSolved(s); });
  }
}

TEST_CASE("domino: scrambles start from the solved state and are optimal") {
  const Puzzle& p = domino();
  Solver solver(p);
  for (int seed = 0; seed < 100; ++seed) {
    const Json answer = service::scramble("domino", seed);
    REQUIRE(answer.find("ok")->boolean());
    const ResolvedSequence scramble = resolveSequence(p, answer.find("scramble")->string());
    REQUIRE_FALSE(scramble.error.has_value());
    const State state = p.applySequence(p.solved(), scramble.moves);
    CHECK(p.facelets(state) == answer.find("facelets")->string());
    const SolveOutcome outcome = solver.solve(state);
    CHECK(outcome.moves.size() >= 8);
    CHECK(outcome.moves.size() == scramble.moves.size());
  }
  // A turned solved position is reported solved, with its own facelets.
  const Json turned = service::applyMoves("domino", "", "U D'");
  CHECK(turned.find("solved")->boolean());
  CHECK(turned.find("facelets")->string() != kSolved);
}

TEST_CASE("domino: quarter turns of the side faces are refused with the reason") {
  const Puzzle& p = domino();
  for (const std::string name : {"R", "R'", "L", "F'", "B"}) {
    CAPTURE(name);
    const ResolvedSequence sequence = resolveSequence(p, "U " + name);
    REQUIRE(sequence.error.has_value());
    CHECK(sequence.error->column == 3);
    CHECK(fixtures::contains(sequence.error->message, "180 degrees"));
    CHECK(fixtures::contains(sequence.error->message, std::string(1, name[0]) + "2"));
  }
  const ResolvedSequence halfInverse = resolveSequence(p, "R2'");
  REQUIRE(halfInverse.error.has_value());
  CHECK(fixtures::contains(halfInverse.error->message, "same both ways"));
  CHECK_FALSE(resolveSequence(p, "U D2 R2 L2 F2 B2 D' (R2 U)2").error.has_value());
}

TEST_CASE("domino: invalid colourings name their stickers") {
  const Puzzle& p = domino();
  auto errorOf = [&](const std::string& facelets) { return fixtures::faceletError(p, facelets); };
  SUBCASE("wrong colour counts") {
    const FaceletError error = errorOf(fixtures::recoloured(domino(), {{"F4", 'U'}}));
    CHECK(fixtures::contains(error.message, "wrong colour counts"));
    CHECK(fixtures::contains(error.message, "10 U"));
  }
  SUBCASE("a flipped edge") {
    const FaceletError error = errorOf(fixtures::recoloured(domino(), {{"U7", 'F'}, {"F1", 'U'}}));
    CHECK(fixtures::contains(error.message, "UF edge flipped"));
    CHECK(fixtures::sorted(error.stickers) == fixtures::stickerIndices(domino(), {"U7", "F1"}));
  }
  SUBCASE("a twisted corner") {
    const FaceletError error =
        errorOf(fixtures::recoloured(domino(), {{"U8", 'F'}, {"R0", 'U'}, {"F2", 'R'}}));
    CHECK(fixtures::contains(error.message, "UFR corner twisted"));
    CHECK(fixtures::sorted(error.stickers) ==
          fixtures::stickerIndices(domino(), {"U8", "R0", "F2"}));
  }
  SUBCASE("a mirrored corner") {
    const FaceletError error = errorOf(fixtures::recoloured(domino(), {{"R0", 'F'}, {"F2", 'R'}}));
    CHECK(fixtures::contains(error.message, "mirror image"));
    CHECK(fixtures::sorted(error.stickers) ==
          fixtures::stickerIndices(domino(), {"U8", "R0", "F2"}));
  }
  SUBCASE("colours no piece has") {
    // UF shows U and D; DF takes the F it gave up: counts stay right.
    const FaceletError error = errorOf(fixtures::recoloured(domino(), {{"F1", 'D'}, {"D1", 'F'}}));
    CHECK(fixtures::contains(error.message, "no edge has these colours"));
  }
  SUBCASE("a piece twice") {
    // UR shows UF's colours; DF takes the R that UR gave up (and becomes a second DR).
    const FaceletError error = errorOf(fixtures::recoloured(domino(), {{"R1", 'F'}, {"F4", 'R'}}));
    CHECK(fixtures::contains(error.message, "the UF edge appears twice"));
    CHECK(fixtures::sorted(error.stickers) ==
          fixtures::stickerIndices(domino(), {"U7", "F1", "U5", "R1"}));
  }
  SUBCASE("any arrangement of the pieces is a position: no parity rule") {
    const FaceletReading swapped =
        stateFromFacelets(p, fixtures::recoloured(domino(), {{"F1", 'R'}, {"R1", 'F'}}));
    REQUIRE(swapped.state.has_value());
    CHECK(Solver(p).solve(*swapped.state).status == SolveOutcome::Status::Solved);
  }
}
