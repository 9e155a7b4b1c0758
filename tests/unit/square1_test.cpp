// The Square-1 (engine/puzzles/square1): notation, slices refused across a corner, shapes and
// their count, random states, the two-phase solver and scrambles.
#include "puzzles/square1/square1.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <set>

using namespace polytwist::square1;

TEST_CASE("Square-1 notation: read, printed back, inverted") {
  const ParsedMoves parsed = parseMoves("(1,0)/ (-1, 3) / (0,-3) / (6,6)");
  REQUIRE(parsed.error.empty());
  CHECK(parsed.moves.size() == 4);
  CHECK(parsed.moves[1] == Move{-1, 3, true});
  CHECK(parsed.moves[3] == Move{6, 6, false});
  CHECK(formatMoves(parsed.moves) == "(1,0)/ (-1,3)/ (0,-3)/ (6,6)");
  CHECK(formatMoves(parseMoves("/ (3,0) /").moves) == "/ (3,0)/");
  CHECK(formatMoves(invertMoves(parseMoves("(1,0)/ (-1,3)/ (0,-3)").moves)) ==
        "(0,3)/ (1,-3)/ (-1,0)");
  CHECK(formatMoves(simplified(parseMoves("(1,0) (5,0)/ / (0,6)").moves)) == "(6,6)");
}

TEST_CASE("Square-1 notation: errors name the column") {
  CHECK(parseMoves("(1,0)/ (7,0)").error ==
        "column 9: the turn 7 is out of range: a layer turns by -5 to 6 twelfths");
  CHECK(parseMoves("(1,-6)").error ==
        "column 4: the turn -6 is out of range: a layer turns by -5 to 6 twelfths");
  CHECK(parseMoves("(1 0)").error == "column 4: expected ',', found '0'");
  CHECK(parseMoves("R U").error == "column 1: expected '(' or '/', found 'R'");
  CHECK(parseMoves("(1,").error == "column 4: expected a number, found the end");
  // (1,0) leaves the corner UBL across the cut at the back of the top layer.
  const Applied applied = applyMoves(solved(), "(0,3)/ (1,0)/");
  CHECK(applied.error ==
        "column 13: the slice cannot turn here: it would cut the corner UBL, which straddles "
        "the cut on the top layer");
  CHECK(applyMoves(solved(), "(0,2)/").error.find("the corner DFL") != std::string::npos);
}

TEST_CASE("Square-1 moves: orders and the middle layer") {
  const State start = solved();
  CHECK(applyMoves(start, "(6,0) (6,0)").state == start);
  CHECK(applyMoves(start, "/ /").state == start);
  const State once = applyMoves(start, "/").state;
  CHECK(once.middleFlipped);
  CHECK(once.slots[12] == start.slots[0]);  // the top's slot 0 goes to the bottom's slot 0
  CHECK(shapeOf(once) != shapeOf(start));   // the solved puzzle's slice leaves the square
}

TEST_CASE("Square-1 shapes: 3678 where the slice can turn") {
  const std::vector<Shape>& shapes = twistableShapes();
  CHECK(shapes.size() == 3678);
  // Up to turns of the two layers: 170 shapes (Jaap Scherphuis's count of the Square-1's shapes
  // with the middle layer ignored).
  std::set<Shape> classes;
  for (Shape shape : shapes) {
    Shape least = shape;
    for (int top = 0; top < 12; ++top) {
      for (int bottom = 0; bottom < 12; ++bottom) {
        Shape turnedShape = 0;
        for (int s = 0; s < 24; ++s) {
          if (!(shape >> s & 1)) continue;
          const int layer = s / 12 * 12;
          turnedShape |= Shape{1} << (layer + (s - layer + (layer ? bottom : top)) % 12);
        }
        least = std::min(least, turnedShape);
      }
    }
    classes.insert(least);
  }
  CHECK(classes.size() == 170);
}

TEST_CASE("Square-1 random states: seeded, the slice free, every piece once") {
  std::mt19937_64 rng(26);
  const State first = randomState(rng);
  std::mt19937_64 again(26);
  CHECK(randomState(again) == first);
  CHECK(sliceBlocker(first) < 0);
  // Each layer holds 12 slots of pieces, every piece once.
  std::set<int> pieces(first.slots.begin(), first.slots.end());
  CHECK(pieces.size() == 16);
}

TEST_CASE("Square-1 solver: solves and scrambles within its length") {
  CHECK(solve(solved()).empty());
  CHECK(formatMoves(solve(applyMoves(solved(), "(1,0)").state)) == "(-1,0)");
  CHECK(formatMoves(solve(applyMoves(solved(), "(0,1)/ (3,0)/").state)) == "/ (-3,0)/ (0,-1)");
  std::mt19937_64 rng(1);
  for (int i = 0; i < 3; ++i) {
    const std::vector<Move> moves = scramble(rng);  // checked to reach its state
    CAPTURE(formatMoves(moves));
    CHECK(slashCount(moves) <= 20);
  }
}

TEST_CASE("Square-1 solver: small tables, random states solved in few slices") {
  // The tables go to the browser too: a few MB (23.5 MB before the quarter-turn classes).
  CHECK(solverTables().bytes < 6'000'000);
  // 40 random states, each solution re-applied: 11.6 slices on average here (cubing.js's
  // scrambles 11.87; 12.15 for these states before phase 2's pattern tables).
  std::mt19937_64 rng(26);
  int total = 0, longest = 0;
  for (int i = 0; i < 40; ++i) {
    const State state = randomState(rng);
    const std::vector<Move> moves = solve(state);
    CAPTURE(formatMoves(moves));
    CHECK(applyMoves(state, moves) == solved());
    total += slashCount(moves);
    longest = std::max(longest, slashCount(moves));
  }
  CHECK(total <= 470);
  CHECK(longest <= 15);
}
