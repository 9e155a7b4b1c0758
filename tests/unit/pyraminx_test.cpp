// The Pyraminx against published numbers (OEIS A079744 and the with-tips table of PRODUCT.md) and
// against an independent BFS of all 75,582,720 positions that knows nothing of separable tips.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
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

const std::vector<std::uint64_t> kWithoutTips = {1,     8,      48,     288,    1728, 9896,
                                                 51808, 220111, 480467, 166276, 2457, 32};
const std::vector<std::uint64_t> kWithTips = {
    1,       16,       136,      896,      5456,     32296,   182432, 931983,
    3829067, 11108868, 20736353, 22907032, 13067528, 2739808, 40336,  512};
const std::string kSolved = "FFFFFFFFFLLLLLLLLLRRRRRRRRRDDDDDDDDD";

const Puzzle& pyraminx() { return *findPuzzle("pyraminx"); }

// The BFS over every position with tips and all 16 moves, built once for the cases below.
const DistanceTable& fullTable() {
  static const DistanceTable table = fixtures::buildTable(
      pyraminx(), {"pyraminx with tips", wholePuzzleCoordinates(pyraminx(), true), 2},
      {pyraminx().solved()});
  return table;
}

}  // namespace

TEST_CASE("pyraminx: 933,120 positions without tips, distances as OEIS A079744") {
  Solver solver(pyraminx());
  const DistanceTable* table = solver.wholeTable();
  REQUIRE(table != nullptr);
  CHECK(table->space().size() == 933120);  // the perfect hash covers exactly the positions
  CHECK(table->counts() == kWithoutTips);
  CHECK(table->maxDistance() == 11);
  CHECK(solver.countsWithSeparable(table->counts()) == kWithTips);
}

TEST_CASE("pyraminx: a BFS of all 75,582,720 positions with tips gives the published table") {
  CHECK(pyraminx().stateCountText() == "75582720");
  CHECK(fullTable().space().size() == 75582720);
  CHECK(fullTable().counts() == kWithTips);
  CHECK(fullTable().maxDistance() == 15);
}

TEST_CASE("pyraminx: optimal solutions equal the full table's distance on 10,000 random states") {
  Solver solver(pyraminx());
  fixtures::checkSolvesAgainstTable(pyraminx(), solver, fullTable(), 10000, 2026,
                                    [](const State& s) { return s == pyraminx().solved(); });
}

TEST_CASE("pyraminx: random states are uniform (distances follow the table)") {
  // Chi-square of the distances of random states against the exact distribution; depths expecting
  // fewer than 20 are pooled with the next: 9 bins remain, and for 8 degrees of freedom the
  // p = 0.001 critical value is 26.12.
  Solver solver(pyraminx());
  const std::vector<std::uint64_t>& counts = kWithTips;
  std::mt19937_64 rng(7);
  const int samples = 20000;
  std::vector<int> seen(counts.size(), 0);
  for (int i = 0; i < samples; ++i) {
    seen[solver.solve(pyraminx().randomState(rng)).moves.size()]++;
  }
  double chiSquare = 0, pooledExpected = 0, pooledSeen = 0;
  for (std::size_t d = 0; d < counts.size(); ++d) {
    pooledExpected += samples * static_cast<double>(counts[d]) / 75582720.0;
    pooledSeen += seen[d];
    if (pooledExpected < 20 && d + 1 < counts.size()) continue;
    chiSquare += (pooledSeen - pooledExpected) * (pooledSeen - pooledExpected) / pooledExpected;
    pooledExpected = pooledSeen = 0;
  }
  CHECK(chiSquare < 26.12);
}

TEST_CASE("pyraminx: turns have order 3, tip turns touch only their tip") {
  const Puzzle& p = pyraminx();
  for (const std::string name : {"U", "L", "R", "B", "u", "l", "r", "b"}) {
    CAPTURE(name);
    const int move = *p.findMove(name);
    CHECK(p.applySequence(p.solved(), {move, move, move}) == p.solved());
    CHECK(p.applySequence(p.solved(), {move, *p.findMove(name + "'")}) == p.solved());
    const std::string after = p.facelets(p.applySequence(p.solved(), {move}));
    int changed = 0;
    for (std::size_t i = 0; i < after.size(); ++i) changed += after[i] != kSolved[i];
    CHECK(changed == (std::islower(name[0]) ? 3 : 12));  // a tip, or tip + centre + 3 edges
  }
  // Turning U clockwise seen from above carries the right face's top onto the front face.
  const std::string afterU = p.facelets(p.applySequence(p.solved(), {*p.findMove("U")}));
  for (const char* sticker : {"F0", "F1", "F2", "F3"})
    CHECK(afterU[fixtures::stickerIndex(pyraminx(), sticker)] == 'R');
  CHECK(afterU[fixtures::stickerIndex(pyraminx(), "F4")] == 'F');
}

TEST_CASE("pyraminx: each twisted tip costs exactly one move") {
  const Puzzle& p = pyraminx();
  Solver solver(p);
  std::mt19937_64 rng(11);
  for (int i = 0; i < 200; ++i) {
    const State state = p.randomState(rng);
    const SolveOutcome outcome = solver.solve(state);
    REQUIRE(outcome.status == SolveOutcome::Status::Solved);
    int tipMoves = 0;
    for (int m : outcome.moves) tipMoves += p.isSeparableMove(m);
    int twistedTips = 0;
    for (int tip = 0; tip < 4; ++tip) twistedTips += p.relativeOrientation(state, tip) != 0;
    CHECK(tipMoves == twistedTips);  // each twisted tip costs exactly one move
  }
}

TEST_CASE("pyraminx: scrambles are reproducible and at least 6 moves from solved without tips") {
  const Puzzle& p = pyraminx();
  Solver solver(p);
  for (int seed = 0; seed < 100; ++seed) {
    const Json answer = service::scramble("pyraminx", seed);
    REQUIRE(answer.find("ok")->boolean());
    CHECK(answer.dump() == service::scramble("pyraminx", seed).dump());
    const ResolvedSequence scramble = resolveSequence(p, answer.find("scramble")->string());
    REQUIRE_FALSE(scramble.error.has_value());
    const State state = p.applySequence(p.solved(), scramble.moves);
    CHECK(p.facelets(state) == answer.find("facelets")->string());
    const SolveOutcome outcome = solver.solve(state);
    int bigMoves = 0;
    for (int m : outcome.moves) bigMoves += !p.isSeparableMove(m);
    CHECK(bigMoves >= 6);
    CHECK(outcome.moves.size() == scramble.moves.size());  // the scramble is itself optimal
  }
}

TEST_CASE("pyraminx: every invalid colouring is named") {
  const Puzzle& p = pyraminx();

  auto errorOf = [&](const std::string& facelets) { return fixtures::faceletError(p, facelets); };
  SUBCASE("wrong colour counts") {
    const FaceletError error = errorOf(fixtures::recoloured(pyraminx(), {{"D4", 'F'}}));
    CHECK(error.message.find("wrong colour counts") != std::string::npos);
    CHECK(error.message.find("10 F") != std::string::npos);
  }
  SUBCASE("a sticker set that is no real piece") {
    // The UL edge shows F twice; the U centre gets its L sticker: counts stay right.
    const FaceletError error =
        errorOf(fixtures::recoloured(pyraminx(), {{"L3", 'F'}, {"F2", 'L'}}));
    CHECK(error.message.find("no centre has these colours") != std::string::npos);
    CHECK(fixtures::sorted(error.stickers) ==
          fixtures::stickerIndices(pyraminx(), {"F2", "L2", "R2"}));
  }
  SUBCASE("a piece used twice") {
    // The UR edge shows the UL edge's colours; UB takes the R that UR gave up.
    const FaceletError error =
        errorOf(fixtures::recoloured(pyraminx(), {{"R1", 'L'}, {"L1", 'R'}}));
    CHECK(error.message.find("the UL edge appears twice") != std::string::npos);
    CHECK(fixtures::sorted(error.stickers) ==
          fixtures::stickerIndices(pyraminx(), {"F1", "L3", "F3", "R1"}));
  }
  SUBCASE("a mirrored tip and a mirrored centre") {
    FaceletError error = errorOf(fixtures::recoloured(pyraminx(), {{"F0", 'L'}, {"L0", 'F'}}));
    CHECK(error.message.find("the U tip in mirror image") != std::string::npos);
    CHECK(fixtures::sorted(error.stickers) ==
          fixtures::stickerIndices(pyraminx(), {"F0", "L0", "R0"}));
    error = errorOf(fixtures::recoloured(pyraminx(), {{"F5", 'D'}, {"D7", 'F'}}));
    CHECK(error.message.find("the L centre in mirror image") != std::string::npos);
  }
  SUBCASE("a tip at another corner") {
    // The U and L tips exchanged (each shows the other's colours in the right turn).
    const FaceletError error = errorOf(fixtures::recoloured(
        pyraminx(),
        {{"F0", 'F'}, {"L0", 'D'}, {"R0", 'L'}, {"F4", 'F'}, {"D8", 'L'}, {"L8", 'R'}}));
    CHECK(error.message.find("a tip is out of its place") != std::string::npos);
    CHECK(fixtures::sorted(error.stickers) ==
          fixtures::stickerIndices(pyraminx(), {"F0", "L0", "R0", "F4", "D8", "L8"}));
  }
  SUBCASE("a flipped edge") {
    const FaceletError error =
        errorOf(fixtures::recoloured(pyraminx(), {{"F1", 'L'}, {"L3", 'F'}}));
    CHECK(error.message.find("an edge has been flipped") != std::string::npos);
    CHECK(fixtures::sorted(error.stickers) == fixtures::stickerIndices(pyraminx(), {"F1", "L3"}));
  }
  SUBCASE("two edges swapped") {
    const FaceletError error = errorOf(
        fixtures::recoloured(pyraminx(), {{"F1", 'F'}, {"L3", 'R'}, {"F3", 'F'}, {"R1", 'L'}}));
    CHECK(error.message.find("odd permutation") != std::string::npos);
    CHECK(fixtures::sorted(error.stickers) ==
          fixtures::stickerIndices(pyraminx(), {"F1", "L3", "F3", "R1"}));
  }
  SUBCASE("twisted tips and centres are legal positions") {
    const FaceletReading tip = stateFromFacelets(
        p, fixtures::recoloured(pyraminx(), {{"F0", 'L'}, {"L0", 'R'}, {"R0", 'F'}}));
    CHECK(tip.state.has_value());
    const FaceletReading centre = stateFromFacelets(
        p, fixtures::recoloured(pyraminx(), {{"F2", 'R'}, {"L2", 'F'}, {"R2", 'L'}}));
    CHECK(centre.state.has_value());
  }
}
