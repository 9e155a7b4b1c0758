// Contracts every puzzle of the catalogue keeps, one test each over all of them (a new puzzle is
// covered by its catalogue line): colourings read back as the positions they show, also of the
// puzzle held turned any way, a mirrored piece is refused with its stickers named, and moves keep
// every sticker on a piece.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/facelets.hpp"
#include "fixtures.hpp"
#include "geometry/described.hpp"
#include "geometry/holdings.hpp"
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

// Where each sticker goes by sticker cycles such as "U0 U2 U8 U6".
std::vector<int> stickerMap(const Puzzle& puzzle, const std::vector<std::string>& cycles) {
  std::map<std::string, int> byName;
  for (int s = 0; s < puzzle.faceletCount(); ++s) byName[puzzle.faceletName(s)] = s;
  std::vector<int> to(puzzle.faceletCount());
  std::iota(to.begin(), to.end(), 0);
  for (const std::string& cycle : cycles) {
    std::istringstream words(cycle);
    std::vector<int> stickers;
    for (std::string name; words >> name;) stickers.push_back(byName.at(name));
    for (std::size_t i = 0; i < stickers.size(); ++i) {
      to[stickers[i]] = stickers[(i + 1) % stickers.size()];
    }
  }
  return to;
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

TEST_CASE("every puzzle with geometry: a colouring of it held turned any way reads back") {
  for (const Puzzle& puzzle : allPuzzles()) {
    if (!geometry::geometryOf(puzzle)) continue;
    const std::string id = puzzle.id();
    CAPTURE(id);
    const std::vector<std::vector<int>>& turns = geometry::wholeTurnsOf(puzzle);
    // The puzzle's own rotations (its moves' symmetries, hand-written or derived) are among them.
    int missing = 0;
    for (const auto& [name, cycles] : puzzle.spec().symmetries) {
      missing += std::find(turns.begin(), turns.end(), stickerMap(puzzle, cycles)) == turns.end();
    }
    CHECK(missing == 0);
    std::mt19937_64 rng(23);
    int refused = 0, elsewhere = 0, notBack = 0;
    for (const std::vector<int>& turn : turns) {
      const State state = puzzle.randomState(rng);
      const std::string seen = puzzle.facelets(state);
      std::string held(seen.size(), '?');
      for (std::size_t s = 0; s < seen.size(); ++s) held[turn[s]] = seen[s];
      const FaceletReading reading = stateFromFacelets(puzzle, held, turns);
      if (!reading.state) {
        ++refused;
        continue;
      }
      elsewhere += !puzzle.samePosition(*reading.state, state);
      const FaceletReading again = stateFromFacelets(puzzle, puzzle.facelets(*reading.state));
      notBack += !again.state || !puzzle.samePosition(*again.state, *reading.state);
    }
    CHECK(refused == 0);
    CHECK(elsewhere == 0);
    CHECK(notBack == 0);
  }
}

TEST_CASE("every puzzle: a piece shown in mirror image is refused, its stickers named") {
  // Read as `validate` reads colourings, with every way of holding the puzzle
  // (geometry/holdings.hpp): none may explain the fault away. Solved, the two stickers are
  // named; scrambled (a flipped edge among many pieces away cannot be told from another), the
  // error is the one the colouring has as held, not one of the puzzle seen turned.
  for (const Puzzle& puzzle : allPuzzles()) {
    const std::string id = puzzle.id();
    CAPTURE(id);
    const std::string solved = puzzle.facelets(puzzle.solved());
    std::mt19937_64 rng(29);
    std::vector<std::string> scrambled;
    for (int i = 0; i < 4; ++i) scrambled.push_back(puzzle.facelets(puzzle.randomState(rng)));
    int checked = 0;
    for (const Orbit& orbit : puzzle.orbits()) {
      const auto [a, b] = unswappableStickers(orbit, solved);
      if (a < 0) continue;
      const std::string orbitName = orbit.name;
      CAPTURE(orbitName);
      std::string painted = solved;
      std::swap(painted[a], painted[b]);
      const std::vector<int> named = fixtures::faceletError(puzzle, painted).stickers;
      CHECK(std::count(named.begin(), named.end(), a) == 1);
      CHECK(std::count(named.begin(), named.end(), b) == 1);
      for (const std::string& position : scrambled) {
        if (position[a] == position[b]) continue;
        painted = position;
        std::swap(painted[a], painted[b]);
        CAPTURE(painted);
        CHECK(fixtures::faceletError(puzzle, painted).message ==
              stateFromFacelets(puzzle, painted).error.message);
      }
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
