// Contracts every puzzle of the catalogue keeps, one test each over all of them (a new puzzle is
// covered by its catalogue line): colourings read back as the positions they show, a mirrored
// piece is refused with its stickers named, and moves keep every sticker on a piece.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/facelets.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;

namespace {

// Random positions to read back per puzzle: fewer for big puzzles, so each takes about as long.
int samplesFor(const Puzzle& puzzle) { return std::max(40, 40'000 / puzzle.faceletCount()); }

// Two stickers of one piece that no position shows the other way round, or {-1, -1}: two of a
// piece of three or more stickers (swapped, the piece is its mirror image), or the two of a
// piece whose orbit never flips a piece alone (no orientations, or a zero orientation sum).
std::pair<int, int> unswappableStickers(const Orbit& orbit, const std::string& solved) {
  if (orbit.stickersPerPiece < 2) return {-1, -1};
  if (orbit.stickersPerPiece == 2 && orbit.orientations == 2 && !orbit.orientationSumZero) {
    return {-1, -1};
  }
  for (const std::vector<int>& stickers : orbit.facelets) {
    for (std::size_t i = 1; i < stickers.size(); ++i) {
      if (solved[stickers[0]] != solved[stickers[i]]) return {stickers[0], stickers[i]};
    }
  }
  return {-1, -1};
}

}  // namespace

TEST_CASE("every puzzle: the colouring of a position reads back as that position") {
  for (const Puzzle& puzzle : allPuzzles()) {
    const std::string id = puzzle.id();
    CAPTURE(id);
    std::mt19937_64 rng(23);
    int wrong = 0;
    for (int i = 0, n = samplesFor(puzzle); i < n; ++i) {
      const State state = puzzle.randomState(rng);
      const FaceletReading reading = stateFromFacelets(puzzle, puzzle.facelets(state));
      wrong += !reading.state || !puzzle.samePosition(*reading.state, state);
    }
    CHECK(wrong == 0);
  }
}

TEST_CASE("every puzzle: a piece shown in mirror image is refused, its stickers named") {
  for (const Puzzle& puzzle : allPuzzles()) {
    const std::string id = puzzle.id();
    CAPTURE(id);
    const std::string solved = puzzle.facelets(puzzle.solved());
    int checked = 0;
    for (const Orbit& orbit : puzzle.orbits()) {
      const auto [a, b] = unswappableStickers(orbit, solved);
      if (a < 0) continue;
      const std::string orbitName = orbit.name;
      CAPTURE(orbitName);
      std::string painted = solved;
      std::swap(painted[a], painted[b]);
      const FaceletReading reading = stateFromFacelets(puzzle, painted);
      REQUIRE(!reading.state);
      CHECK(!reading.error.message.empty());
      const std::vector<int>& named = reading.error.stickers;
      CHECK(std::count(named.begin(), named.end(), a) == 1);
      CHECK(std::count(named.begin(), named.end(), b) == 1);
      ++checked;
    }
    CHECK(checked > 0);
  }
}

TEST_CASE("every puzzle: each move takes the stickers of a piece to the stickers of a piece") {
  for (const Puzzle& puzzle : allPuzzles()) {
    const std::string id = puzzle.id();
    CAPTURE(id);
    // Stickers of one piece, by sticker: the set they form, sorted.
    std::vector<std::vector<int>> pieceOf(puzzle.faceletCount());
    for (const Orbit& orbit : puzzle.orbits()) {
      for (std::vector<int> stickers : orbit.facelets) {
        std::sort(stickers.begin(), stickers.end());
        for (int s : stickers) pieceOf[s] = stickers;
      }
    }
    int broken = 0;
    for (const Move& move : puzzle.moves()) {
      const std::vector<int> from = puzzle.faceletSources(move.effect);
      for (const std::vector<int>& piece : pieceOf) {
        if (piece.empty()) continue;
        std::vector<int> sources;
        for (int s : piece) sources.push_back(from[s]);
        std::sort(sources.begin(), sources.end());
        broken += sources != pieceOf[sources[0]];
      }
    }
    CHECK(broken == 0);
  }
}
