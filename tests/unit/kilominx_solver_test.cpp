// The Kilominx's optimal solver checked against independent computations: the reference frame
// against the puzzle's own symmetry group, optimal lengths against a breadth-first search of
// positions modulo rotation (exact to 6 moves), the "small" table's symmetry-reduced coordinates
// against brute force, and the colouring reader on turned and broken colourings.
// (tests/unit/kilominx_test.cpp covers the model, its notations and shorter searches.)
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "api/service.hpp"
#include "core/facelets.hpp"
#include "puzzles/catalogue.hpp"
#include "search/reference_frame.hpp"
#include "search/solver.hpp"
#include "search/symmetric_table.hpp"
#include "search/symmetry.hpp"

using namespace polytwist;

namespace {

const Puzzle& kilominx() { return *findPuzzle("kilominx"); }

const ReferenceFrame& frame() {
  static const ReferenceFrame reference(kilominx());
  return reference;
}

Solver& solver() {
  static Solver* instance = [] {
    setenv("POLYTWIST_TABLE_DIR", (std::filesystem::current_path() / "test-tables").c_str(), 1);
    auto* made = new Solver(kilominx());
    std::string error;
    REQUIRE(made->optimalTables().prepare("small", {}, {}, &error));
    return made;
  }();
  return *instance;
}

const SearchHeuristic& smallHeuristic() { return *solver().optimalTables().heuristic("small"); }

// 18 places from `first` in 126 bits: piece (5 bits) and twist (2 bits) at each. Enough for a
// companion state (19 places) or a puzzle state with U-F-L home (20): the last piece and twist
// follow from the others.
using Key = unsigned __int128;
Key keyOf(const State& s, int first) {
  Key key = 0;
  for (int i = first; i < first + 18; ++i) key = key << 7 | Key(s.pieces[i]) << 2 | s.ori[i];
  return key;
}

// The position turned so that the U-F-L corner is home and untwisted: exactly one of the 60
// turns does it (20 places times 3 twists). Written from the puzzle's rotations alone, so the
// breadth-first search below does not depend on ReferenceFrame.
State homed(const State& s) {
  const Puzzle& puzzle = kilominx();
  for (const State& rotation : puzzle.solvedStates()) {
    // compose(s, rotation) has at place 0 the piece s has at place rotation.pieces[0].
    const int source = rotation.pieces[0];
    if (s.pieces[source] == 0 && (s.ori[source] + rotation.ori[0]) % 3 == 0) {
      return puzzle.compose(s, rotation);
    }
  }
  FAIL("no turn brings U-F-L home");
  return s;
}

// Positions modulo rotation (puzzle states homed) at each distance 0..4 from solved, by a plain
// breadth-first search over explicit states with the puzzle's moves: no coordinates, tables,
// companion puzzle or pruning.
struct Layers {
  std::vector<std::vector<Key>> keys;  // sorted, per distance

  int distance(const State& s) const {
    const Key key = keyOf(homed(s), 1);
    for (std::size_t d = 0; d < keys.size(); ++d) {
      if (std::binary_search(keys[d].begin(), keys[d].end(), key)) return static_cast<int>(d);
    }
    return -1;
  }

  // The exact distance of a position at most 6 moves from solved: an optimal path of length
  // D > 4 passes a position at distance 4 after D - 4 moves from its end.
  int distanceUpTo6(const State& s) const {
    const int known = distance(s);
    if (known >= 0) return known;
    const Puzzle& puzzle = kilominx();
    std::vector<State> frontier = {s};
    for (int back = 1; back <= 2; ++back) {
      std::vector<State> next;
      for (const State& from : frontier) {
        for (const Move& move : puzzle.moves()) {
          State t = homed(puzzle.compose(from, move.effect));
          if (std::binary_search(keys[4].begin(), keys[4].end(), keyOf(t, 1))) return 4 + back;
          next.push_back(std::move(t));
        }
      }
      frontier = std::move(next);
    }
    return -1;
  }
};

const Layers& layers() {
  static const Layers computed = [] {
    const Puzzle& puzzle = kilominx();
    Layers result;
    std::vector<State> layer = {puzzle.solved()};
    result.keys.push_back({keyOf(layer[0], 1)});
    for (int d = 1; d <= 4; ++d) {
      std::vector<std::pair<Key, State>> reached;
      for (const State& s : layer) {
        for (const Move& move : puzzle.moves()) {
          State t = homed(puzzle.compose(s, move.effect));
          const Key key = keyOf(t, 1);
          // Moves undo moves, also modulo rotation (a turned move is a move): a neighbour is one
          // layer back, in this one, or new.
          const bool old =
              std::binary_search(result.keys[d - 1].begin(), result.keys[d - 1].end(), key) ||
              (d >= 2 &&
               std::binary_search(result.keys[d - 2].begin(), result.keys[d - 2].end(), key));
          if (!old) reached.emplace_back(key, d < 4 ? std::move(t) : State{});
        }
      }
      std::sort(reached.begin(), reached.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      std::vector<Key> keys;
      std::vector<State> next;
      for (auto& [key, state] : reached) {
        if (!keys.empty() && keys.back() == key) continue;
        keys.push_back(key);
        if (d < 4) next.push_back(std::move(state));
      }
      result.keys.push_back(std::move(keys));
      layer = std::move(next);
    }
    return result;
  }();
  return computed;
}

SearchOptions smallTables(unsigned threads) {
  SearchOptions options;
  options.tables = "small";
  options.threads = threads;
  return options;
}

// A position `length` random moves from a random turn of the solved puzzle.
State scrambled(std::mt19937_64& rng, int length) {
  const Puzzle& puzzle = kilominx();
  const State& rotation = puzzle.solvedStates()[rng() % puzzle.solvedStates().size()];
  return puzzle.applySequence(rotation, puzzle.randomMoves(rng, length));
}

// The one corner at place `position` twisted by one step, nothing else moved (not a reachable
// state: it marks where a symmetry takes that place).
State markedPlace(const Puzzle& puzzle, int position) {
  State s = puzzle.solved();
  s.ori[position] = 1;
  return s;
}

std::vector<int> sortedStickers(const Json& answer) {
  std::vector<int> stickers;
  if (const Json* list = answer.find("stickers")) {
    for (const Json& s : list->array()) stickers.push_back(static_cast<int>(s.number()));
  }
  std::sort(stickers.begin(), stickers.end());
  return stickers;
}

std::vector<int> stickersOf(std::initializer_list<int> positions) {
  std::vector<int> stickers;
  for (int p : positions) {
    const auto& own = kilominx().orbits()[0].facelets[p];
    stickers.insert(stickers.end(), own.begin(), own.end());
  }
  std::sort(stickers.begin(), stickers.end());
  return stickers;
}

// The validate answer of a colouring that must be refused.
Json refused(const std::string& facelets) {
  const Json answer = service::validate("kilominx", facelets);
  REQUIRE_FALSE(answer.find("ok")->boolean());
  REQUIRE(answer.find("error") != nullptr);
  return answer;
}

bool contains(const Json& answer, const std::string& part) {
  return answer.find("error")->string().find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("kilominx solver: the reference frame against the puzzle's symmetry group") {
  const Puzzle& puzzle = kilominx();
  const Puzzle& companion = frame().fixed();
  CHECK(companion.stateCountText() == puzzle.stateCountText());
  REQUIRE(companion.orbits().size() == 1);
  REQUIRE(companion.orbits()[0].size == 19);

  // The puzzle's whole group (60 rotations, each with and without the mirror); those that keep
  // the U-F-L corner's place, found by where they take a mark on it, are the companion's.
  const SymmetryGroup whole(puzzle);
  CHECK(whole.size() == 120);
  const SymmetryGroup held(companion);
  std::vector<int> keeping;
  for (int g = 0; g < whole.size(); ++g) {
    if (whole.conjugate(g, markedPlace(puzzle, 0)).ori[0] != 0) keeping.push_back(g);
  }
  CHECK(keeping.size() == 6);
  CHECK(held.size() == 6);
  int mirrors = 0, heldMirrors = 0;
  for (int g : keeping) mirrors += whole.isMirror(g);
  for (int k = 0; k < held.size(); ++k) heldMirrors += held.isMirror(k);
  CHECK(mirrors == 3);
  CHECK(heldMirrors == 3);
  // Seen through them, a position is, as the companion holds it, the companion's conjugates.
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 50; ++trial) {
    const State s = scrambled(rng, 15);
    std::set<Key> viaPuzzle, viaCompanion;
    for (int g : keeping) viaPuzzle.insert(keyOf(frame().toFixed(whole.conjugate(g, s)), 0));
    for (int k = 0; k < held.size(); ++k) {
      viaCompanion.insert(keyOf(held.conjugate(k, frame().toFixed(s)), 0));
    }
    CHECK(viaPuzzle == viaCompanion);
    CHECK(viaPuzzle.size() == 6);  // six different views: these positions have no symmetry
  }
}

TEST_CASE("kilominx solver: held the same whichever way it is turned, solutions map back") {
  const Puzzle& puzzle = kilominx();
  const Puzzle& companion = frame().fixed();
  std::mt19937_64 rng(43);
  for (int trial = 0; trial < 200; ++trial) {
    const std::vector<int> moves = puzzle.randomMoves(rng, 1 + trial % 20);
    const State s = puzzle.applySequence(puzzle.solved(), moves);
    const State fixed = frame().toFixed(s);
    CHECK(fixed.pieces.size() == 19);
    CHECK_FALSE(companion.checkReachable(fixed).has_value());
    for (const State& rotation : puzzle.solvedStates()) {
      CHECK(frame().toFixed(puzzle.compose(s, rotation)) == fixed);
    }
    // The scramble read in the companion and undone there: those moves, read back in the puzzle
    // from the scrambled position (turned any way), solve it.
    const std::vector<int> held = frame().toFixedMoves(puzzle.solved(), moves);
    CHECK(companion.applySequence(companion.solved(), held) == fixed);
    std::vector<int> undo;
    for (auto m = held.rbegin(); m != held.rend(); ++m) undo.push_back(companion.inverseMove(*m));
    CHECK(companion.isSolved(companion.applySequence(fixed, undo)));
    const State turned = puzzle.compose(s, puzzle.solvedStates()[rng() % 60]);
    const std::vector<int> solution = frame().toPuzzleMoves(turned, undo);
    CHECK(solution.size() == undo.size());
    CHECK(puzzle.isSolved(puzzle.applySequence(turned, solution)));
  }
}

// One test case, so one process builds (or reads) the small table and the BFS layers for both.
TEST_CASE("kilominx solver: the small table") {
  SUBCASE("optimal lengths equal a breadth-first search to 6 moves") {
    const Puzzle& puzzle = kilominx();
    const Layers& bfs = layers();
    // The first layers by hand: 48 turns; two turns of one face are one turn, and of the 12·11
    // ordered pairs of faces (16 pairs of turns each) the 12·6 commuting ones give each position
    // twice: 16·12·11 - 16·12·6/2 = 1536.
    REQUIRE(bfs.keys.size() == 5);
    CHECK(bfs.keys[0].size() == 1);
    CHECK(bfs.keys[1].size() == 48);
    CHECK(bfs.keys[2].size() == 16 * 12 * 11 - 16 * 12 * 6 / 2);
    MESSAGE("positions modulo rotation at distance 0..4: ", bfs.keys[1].size(), " ",
            bfs.keys[2].size(), " ", bfs.keys[3].size(), " ", bfs.keys[4].size());

    Solver& optimal = solver();
    const SearchHeuristic& heuristic = smallHeuristic();
    std::mt19937_64 rng(47);
    std::map<int, int> solvedAt;  // positions checked per BFS distance
    // Positions at distance 0..4 (mostly 4), and 5..6 moves out, each turned at random.
    for (int trial = 0; trial < 4000; ++trial) {
      const int length = trial < 3000 ? trial % 5 : 5 + trial % 2;
      const State s = scrambled(rng, length);
      const State fixed = frame().toFixed(s);
      const int expected = bfs.distanceUpTo6(s);
      REQUIRE(expected >= 0);
      CHECK(expected <= length);
      const int bound = heuristic.estimate(fixed);
      CHECK(bound >= 0);
      CHECK(bound <= expected);
      const SolveOutcome outcome = optimal.solve(s, smallTables(trial % 3 == 0 ? 2 : 1));
      REQUIRE(outcome.status == SolveOutcome::Status::Solved);
      CHECK(outcome.tables == "small");
      CAPTURE(puzzle.facelets(s));
      CHECK(static_cast<int>(outcome.moves.size()) == expected);
      CHECK(puzzle.isSolved(puzzle.applySequence(s, outcome.moves)));
      ++solvedAt[expected];
    }
    for (int d = 0; d <= 6; ++d) CHECK(solvedAt[d] > 0);
    MESSAGE("positions solved per distance: 4: ", solvedAt[4], ", 5: ", solvedAt[5],
            ", 6: ", solvedAt[6]);
  }
  SUBCASE("its symmetry classes agree with brute force") {
    // Every value of the reduced coordinate (three corners next to U-F-L, placed and twisted) with
    // a plain value (the far corners' places): each conjugate of the state by the table's
    // symmetries has the same class, and the same entry unless a symmetry fixes the reduced value;
    // the classes are the orbits of the reduced values. And the built table's bound for a position
    // at a known BFS distance is no more than that distance.
    const Puzzle& companion = frame().fixed();
    const SymmetryGroup group(companion);
    const TableSetSpec& set = kilominx().spec().tableSets.front();
    REQUIRE(set.name == "small");
    REQUIRE(set.tables.size() == 1);
    SymmetricTable table(companion, group, set.tables[0]);
    REQUIRE(table.partCount() == 2);
    REQUIRE(table.reducedCount() == 1);
    CHECK(table.symmetries().size() == 6);
    const Coordinate& reduced = table.part(0);
    const Coordinate& plain = table.part(1);
    std::mt19937_64 rng(53);
    std::vector<std::uint32_t> orbitOf(reduced.size(), ~0u);
    std::uint64_t orbits = 0;
    for (std::uint32_t r = 0; r < reduced.size(); ++r) {
      State s = companion.solved();
      plain.place(static_cast<std::uint32_t>(rng() % plain.size()), s);
      reduced.place(r, s);
      std::uint32_t values[2];
      table.rank(s, values);
      REQUIRE(values[0] == r);
      const std::uint64_t entry = table.index(values);
      REQUIRE(entry < table.size());
      const bool firstOfOrbit = orbitOf[r] == ~0u;
      orbits += firstOfOrbit;
      std::set<std::uint32_t> images;
      std::set<std::uint64_t> entries;
      for (int k : table.symmetries()) {
        std::uint32_t image[2];
        table.rank(group.conjugate(k, s), image);
        images.insert(image[0]);
        entries.insert(table.index(image));
        if (table.index(image) / table.plainSize() != entry / table.plainSize()) {
          FAIL("a conjugate in another class");
        }
        if (firstOfOrbit) {
          orbitOf[image[0]] = r;
        } else if (orbitOf[image[0]] != orbitOf[r]) {
          FAIL("conjugate reduced values in different orbits");
        }
      }
      // Conjugates differ in their entry only through symmetries that fix the reduced value (the
      // table's BFS gives those entries one distance): at most as many as those symmetries.
      const std::size_t fixing = table.symmetries().size() / images.size();
      if (entries.size() > fixing) FAIL("more entries than symmetries fixing the reduced value");
      // The entry's class is the reduced value's: plain values never change it.
      State other = companion.solved();
      plain.place(static_cast<std::uint32_t>(rng() % plain.size()), other);
      reduced.place(r, other);
      std::uint32_t otherValues[2];
      table.rank(other, otherValues);
      CHECK(table.index(otherValues) / table.plainSize() == entry / table.plainSize());
    }
    CHECK(orbits == table.classCount());
    MESSAGE("reduced values ", reduced.size(), ", classes ", table.classCount());

    // Distances, from the solver's built copy of the same table (one lookup per corner's view).
    const Layers& bfs = layers();
    const SearchHeuristic& heuristic = smallHeuristic();
    for (int trial = 0; trial < 300; ++trial) {
      const State s = scrambled(rng, trial % 5);
      const State fixed = frame().toFixed(s);
      const int d = bfs.distance(s);
      REQUIRE(d >= 0);
      const int estimate = heuristic.estimate(fixed);
      CHECK(estimate <= d);
      if (d == 0) CHECK(estimate == 0);
    }
  }
}

TEST_CASE("kilominx solver: colourings of turned puzzles are read as their positions") {
  const Puzzle& puzzle = kilominx();
  std::mt19937_64 rng(59);
  const State scramble = scrambled(rng, 25);
  for (const State& rotation : puzzle.solvedStates()) {
    for (const State& s : {rotation, puzzle.compose(scramble, rotation)}) {
      const FaceletReading reading = stateFromFacelets(puzzle, puzzle.facelets(s));
      REQUIRE(reading.state.has_value());
      CHECK(*reading.state == s);
      CHECK(service::validate("kilominx", puzzle.facelets(s)).find("ok")->boolean());
    }
  }
}

TEST_CASE("kilominx solver: broken colourings say what is wrong and name the stickers") {
  const Puzzle& puzzle = kilominx();
  const Orbit& corners = puzzle.orbits()[0];
  std::mt19937_64 rng(61);
  // Broken from the solved puzzle, from the solved puzzle turned, and from a scrambled one. On a
  // solved one, turned or not, the reader can tell which pieces are at fault.
  const State turned = puzzle.solvedStates()[1 + rng() % 59];
  const State scramble = scrambled(rng, 25);
  // On a scrambled one it cannot: it names some whole corners.
  const auto wholeCorners = [&](const std::vector<int>& stickers) {
    std::set<int> places;
    for (int s : stickers) places.insert(puzzle.faceletOwner(s).first);
    std::vector<int> whole;
    for (int p : places) {
      const std::vector<int> own = stickersOf({p});
      whole.insert(whole.end(), own.begin(), own.end());
    }
    std::sort(whole.begin(), whole.end());
    return !stickers.empty() && whole == stickers;
  };
  for (const State& base : {puzzle.solved(), turned, scramble}) {
    const std::string colours = puzzle.facelets(base);
    const bool solved = puzzle.isSolved(base);
    CAPTURE(colours);
    {
      INFO("a twisted corner");
      for (int p : {0, 7, 19}) {
        std::string text = colours;
        const auto& at = corners.facelets[p];
        text[at[0]] = colours[at[2]];
        text[at[1]] = colours[at[0]];
        text[at[2]] = colours[at[1]];
        const Json answer = refused(text);
        CHECK(contains(answer, "twisted in place"));
        CHECK(contains(answer, "add up to"));
        const std::vector<int> stickers = sortedStickers(answer);
        const std::vector<int> own = stickersOf({p});
        if (solved) {
          CHECK(stickers == own);
        } else {
          CHECK(wholeCorners(stickers));
        }
      }
    }
    {
      INFO("two corners swapped");
      std::string text = colours;
      for (int k = 0; k < 3; ++k)
        std::swap(text[corners.facelets[3][k]], text[corners.facelets[12][k]]);
      const Json answer = refused(text);
      CHECK(contains(answer, "odd permutation"));
      const std::vector<int> stickers = sortedStickers(answer);
      const std::vector<int> both = stickersOf({3, 12});
      if (solved) {
        CHECK(stickers == both);
      } else {
        CHECK(wholeCorners(stickers));
      }
    }
    {
      INFO("colours that never meet on one corner");
      // One sticker of the corner at place 0 exchanged with the sticker of another corner whose
      // colour is on the opposite face: the counts stay right, the corner cannot exist.
      const auto& at = corners.facelets[0];
      std::string text = colours;
      const char opposite = [&] {
        const std::map<char, char> oppositeOf = {{'W', 'S'}, {'S', 'W'}, {'G', 'O'}, {'O', 'G'},
                                                 {'P', 'M'}, {'M', 'P'}, {'Y', 'E'}, {'E', 'Y'},
                                                 {'B', 'C'}, {'C', 'B'}, {'R', 'K'}, {'K', 'R'}};
        return oppositeOf.at(colours[at[0]]);
      }();
      const int from = static_cast<int>(colours.find(opposite));
      std::swap(text[at[0]], text[from]);
      const Json answer = refused(text);
      CHECK(contains(answer, "no corner has these colours"));
      const std::vector<int> stickers = sortedStickers(answer);
      CHECK(stickers == stickersOf({0}));
      for (int s : at) CHECK(contains(answer, puzzle.faceletName(s)));
    }
    {
      INFO("a corner shown twice");
      // Place 9 shows the corner of an earlier place as well; stickers of later places take place
      // 9's colours, so that the counts stay right (the reader reports the first place in error).
      const int twice = 9;
      std::string text;
      int source = -1;
      for (int p = 0; p < twice && source < 0; ++p) {
        text = colours;
        bool balanced = true;
        std::set<int> used;
        for (int k = 0; k < 3 && balanced; ++k) {
          const char shown = colours[corners.facelets[p][k]];
          const char replaced = colours[corners.facelets[twice][k]];
          text[corners.facelets[twice][k]] = shown;
          if (shown == replaced) continue;
          balanced = false;
          for (int later = twice + 1; later < corners.size && !balanced; ++later) {
            for (int sticker : corners.facelets[later]) {
              if (text[sticker] == shown && used.insert(sticker).second) {
                text[sticker] = replaced;
                balanced = true;
                break;
              }
            }
          }
        }
        if (balanced) source = p;
      }
      REQUIRE(source >= 0);
      const Json answer = refused(text);
      const std::string pieceName = corners.pieceNames[base.pieces[source]];
      CHECK(contains(answer, "the " + pieceName + " corner appears twice"));
      const std::vector<int> stickers = sortedStickers(answer);
      CHECK(stickers == stickersOf({source, twice}));
    }
    {
      INFO("a corner copied over another");
      // The counts are wrong too; the corner seen twice says more.
      std::string text = colours;
      for (int k = 0; k < 3; ++k) text[corners.facelets[14][k]] = colours[corners.facelets[5][k]];
      const Json answer = refused(text);
      const std::string pieceName = corners.pieceNames[base.pieces[5]];
      CHECK(contains(answer, "the " + pieceName + " corner appears twice"));
      CHECK(contains(answer, "wrong colour counts"));
      CHECK(sortedStickers(answer) == stickersOf({5, 14}));
    }
    {
      INFO("a colour six times");
      std::string text = colours;
      const char other = colours[0] == 'G' ? 'P' : 'G';
      text[0] = other;
      const Json answer = refused(text);
      CHECK(contains(answer, "wrong colour counts"));
      CHECK(contains(answer, std::string("4 ") + colours[0]));
      CHECK(contains(answer, std::string("6 ") + other));
      std::vector<int> sixes;
      for (int s = 0; s < puzzle.faceletCount(); ++s) {
        if (text[s] == other) sixes.push_back(s);
      }
      CHECK(sortedStickers(answer) == sixes);
    }
  }
}
