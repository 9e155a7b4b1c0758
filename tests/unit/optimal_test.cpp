// The optimal-search kernel: symmetry group, symmetry-reduced coordinates and tables, IDA* over
// them (single-threaded, on several threads and resumed in slices), table files and memory limits,
// and the cube3 optimal solver on short scrambles.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <sstream>
#include <unordered_set>

#include "api/service.hpp"
#include "puzzles/catalogue.hpp"
#include "search/optimal_search.hpp"
#include "search/optimal_tables.hpp"
#include "search/projected_search.hpp"
#include "search/projected_table.hpp"
#include "search/solver.hpp"

using namespace polytwist;

namespace {

// The catalogue's cube2 with its mirror in the plane through the UFR-DBL diagonal and the F-B
// axis (U and R swap, L and D swap), which keeps the fixed DBL corner in place.
PuzzleSpec mirroredCube2() {
  PuzzleSpec spec = puzzles::cube2();
  spec.reflections = {
      {"mirrorUR",
       {"U0 R3", "U1 R1", "U2 R2", "U3 R0", "L0 D3", "L1 D1", "L2 D2", "L3 D0", "F0 F3", "B1 B2"}}};
  return spec;
}

const Puzzle& cube2() {
  static const Puzzle puzzle(mirroredCube2());
  return puzzle;
}

const Puzzle& cube3() { return *findPuzzle("cube3"); }

State scrambled(const Puzzle& puzzle, std::mt19937_64& rng, int length) {
  State s = puzzle.solved();
  for (int i = 0; i < length; ++i) {
    s = puzzle.compose(s, puzzle.moves()[rng() % puzzle.moves().size()].effect);
  }
  return s;
}

// The kernel's answer for one start, with the search run as asked: 0 threads = in slices.
// `threads` 0: in slices of `slice` nodes on `sliceThreads` threads; else runParallel.
std::vector<int> search(const SearchHeuristic& heuristic, const State& start, unsigned threads,
                        std::uint64_t slice = 1000, unsigned sliceThreads = 1) {
  OptimalSearch search(heuristic, start);
  OptimalSearch::Status status;
  if (threads == 0) {
    int slices = 0;
    do {
      status = search.run(slice, sliceThreads);
      ++slices;
    } while (status == OptimalSearch::Status::Running && slices < 10'000'000);
  } else {
    status = search.runParallel(threads, nullptr);
  }
  REQUIRE(status == OptimalSearch::Status::Solved);
  return search.solution();
}

const CoordinateSpec kCornerPositions = {.orbit = "corner", .orientations = false};
const CoordinateSpec kCornerTwists = {.orbit = "corner", .positions = false};
// The H48 coordinates' parts: which places hold the tetrad URF ULB DLF DRB, and which slice each
// edge stands in (three labelled groups).
const CoordinateSpec kTetrad = {
    .orbit = "corner", .pieces = {0, 2, 5, 7}, .orientations = false, .unordered = true};
const CoordinateSpec kSlices = {.orbit = "edge",
                                .pieces = {8, 9, 10, 11, 1, 3, 5, 7},
                                .orientations = false,
                                .unordered = true,
                                .groupSizes = {4, 4}};

}  // namespace

TEST_CASE("symmetry groups close and map moves") {
  const SymmetryGroup cube3Group(cube3());
  CHECK(cube3Group.size() == 48);
  int mirrors = 0;
  for (int s = 0; s < cube3Group.size(); ++s) mirrors += cube3Group.isMirror(s);
  CHECK(mirrors == 24);
  const int mirror = *cube3Group.find("mirrorLR");
  auto name = [&](int s, const char* move) {
    return cube3().moves()[cube3Group.mapMove(s, *cube3().findMove(move))].name;
  };
  // A mirror turns clockwise into anticlockwise; the L-R mirror also swaps R and L.
  CHECK(name(mirror, "U") == "U'");
  CHECK(name(mirror, "R") == "L'");
  CHECK(name(mirror, "F2") == "F2");
  CHECK(name(*cube3Group.find("y"), "F") != "F");
  // Conjugation is a homomorphism and inverse symmetries undo each other.
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    const State a = cube3().randomState(rng), b = cube3().randomState(rng);
    const int s = static_cast<int>(rng() % cube3Group.size());
    CHECK(cube3Group.conjugate(s, cube3().compose(a, b)) ==
          cube3().compose(cube3Group.conjugate(s, a), cube3Group.conjugate(s, b)));
    CHECK(cube3Group.conjugate(cube3Group.inverse(s), cube3Group.conjugate(s, a)) == a);
    CHECK(!cube3().checkReachable(cube3Group.conjugate(s, a)));
  }
  const std::vector<int> upDown =
      cube3Group.subgroup({*cube3Group.find("y"), *cube3Group.find("x2"), mirror});
  CHECK(upDown.size() == 16);
  CHECK(cube3Group.cosetRepresentatives(upDown).size() == 3);
  const SymmetryGroup cube2Group(cube2());
  CHECK(cube2Group.size() == 6);  // the diagonal's three turns, each with and without the mirror
}

TEST_CASE("symmetry-reduced coordinates agree with brute force on every cube2 state") {
  // The whole cube2 state reduced by all 6 symmetries: every state and each of its conjugates
  // must land in one class, and classes must be the orbits.
  const SymmetryGroup group(cube2());
  SymmetricTable table(cube2(), group,
                       {"whole", {kCornerPositions, kCornerTwists}, {}, {"UFR120", "mirrorUR"}});
  CHECK(table.symmetries().size() == 6);
  std::vector<std::uint32_t> classOf(table.part(0).size() * table.part(1).size(), ~0u);
  std::uint64_t orbits = 0;
  State s = cube2().solved();
  for (std::uint32_t p = 0; p < table.part(0).size(); ++p) {
    for (std::uint32_t o = 0; o < table.part(1).size(); ++o) {
      table.part(0).place(p, s);
      table.part(1).place(o, s);
      std::uint32_t values[2];
      table.rank(s, values);
      REQUIRE(values[0] == p);
      REQUIRE(values[1] == o);
      const std::uint64_t entry = table.index(values);
      const std::uint64_t raw = std::uint64_t(p) * table.part(1).size() + o;
      if (classOf[raw] == ~0u) {
        ++orbits;
        for (int k : table.symmetries()) {
          std::uint32_t image[2];
          table.rank(group.conjugate(k, s), image);
          classOf[std::uint64_t(image[0]) * table.part(1).size() + image[1]] =
              static_cast<std::uint32_t>(entry);
          if (table.index(image) != entry) FAIL("conjugates in different classes");
        }
      } else if (classOf[raw] != entry) {
        FAIL("a state's class is not its orbit's");
      }
    }
  }
  CHECK(orbits == table.classCount());
}

TEST_CASE("cube3 corners fall into 3,393 classes under the 48 symmetries, slices are plain") {
  // Corner twist × which places hold the tetrad URF ULB DLF DRB: the classes the H48 solvers
  // count (nissy-core's doc/h48.md, cube48opt's log). The symmetries change the axis a twist is
  // read along, so the twist alone is no coordinate of them; with the tetrads it is. The edges'
  // slices, three labelled groups, map onto themselves under every symmetry.
  const SymmetryGroup group(cube3());
  const SymmetricTable table(
      cube3(), group,
      {"corners-slices", {kCornerTwists, kTetrad}, {kSlices}, {"x", "y", "mirrorLR"}});
  CHECK(table.symmetries().size() == 48);
  CHECK(table.frames().size() == 1);
  CHECK(table.part(1).size() == 70);
  CHECK(table.classCount() == 3393);
  CHECK(table.plainSize() == 34650);
  CHECK_THROWS_WITH_AS(
      SymmetricTable(cube3(), group, {"twist", {kCornerTwists}, {}, {"x", "y", "mirrorLR"}}),
      "cube3 table twist: symmetry 'x' does not map the reduced coordinates onto themselves",
      std::invalid_argument);
}

TEST_CASE(
    "projected tables hold, per entry, the least distance of its states (cube2, brute force)") {
  // Every cube2 state's distance from the whole table; per entry the least over the states it
  // stands for. The corner places are reduced by the 6 symmetries, the twists of the first
  // positions refine the entries: not a coordinate the moves follow, so only enumeration fills it.
  Solver reference(cube2(), {}, SolverKind::TableDescent);
  const DistanceTable& whole = *reference.wholeTable();
  const SymmetryGroup group(cube2());
  const CoordinateSpec places = {.orbit = "corner", .orientations = false};
  const CoordinateSpec twists = {.orbit = "corner", .positions = false};
  const Coordinate placeCoordinate(cube2(), places), twistCoordinate(cube2(), twists);
  struct Case {
    int positions, base, shortDepth;
  };
  for (const Case c : {Case{3, 4, 3}, Case{2, 7, 6}}) {
    CAPTURE(c.positions);
    CAPTURE(c.base);
    ProjectedTable table(cube2(), group,
                         {{"places", {places}, {}, {"UFR120", "mirrorUR"}},
                          "corner",
                          c.positions,
                          c.base,
                          c.shortDepth});
    std::string error;
    REQUIRE(table.build({}, {}, &error));
    std::vector<int> least(table.size(), 255);
    State s = cube2().solved();
    for (std::uint32_t p = 0; p < placeCoordinate.size(); ++p) {
      for (std::uint32_t o = 0; o < twistCoordinate.size(); ++o) {
        placeCoordinate.place(p, s);
        twistCoordinate.place(o, s);
        const std::uint64_t i = table.index(table.node(s));
        least[i] = std::min(least[i], whole.distance(whole.space().index(s)));
      }
    }
    std::vector<int> lineLeast((table.size() + 255) / 256, 255);
    for (std::uint64_t i = 0; i < table.size(); ++i) {
      lineLeast[i / 256] = std::min(lineLeast[i / 256], least[i]);
    }
    std::uint64_t wrong = 0, entries = 0;
    for (std::uint64_t i = 0; i < table.size(); ++i) {
      if (least[i] == 255) continue;  // no state shows this entry
      ++entries;
      const int expected = least[i] <= c.base ? lineLeast[i / 256] : std::min(least[i], c.base + 3);
      wrong += table.bound(i) != expected;
    }
    CHECK(entries > 0);
    CHECK(wrong == 0);
  }
}

TEST_CASE("projected cube3 tables never overestimate, seen through any symmetry") {
  // The flips of the first edges are seen from the class representative through symmetries that
  // change the axis flips are read along; a flip turned wrongly shows as a bound above a
  // scramble's length for the position or one of its conjugates (which may see other flips, so
  // their bounds may differ, each a lower bound).
  const SymmetryGroup group(cube3());
  ProjectedTable table(
      cube3(), group,
      {{"flips", {kCornerTwists, kTetrad}, {kSlices}, {"x", "y", "mirrorLR"}}, "edge", 2, 5, 5});
  std::string error;
  REQUIRE(table.build({}, {}, &error));
  std::mt19937_64 rng(48);
  std::uint64_t over = 0, exact = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int length = 1 + trial % 8;
    const State s = scrambled(cube3(), rng, length);
    for (int g = 0; g < group.size(); ++g) {
      const int bound = table.bound(group.conjugate(g, s));
      over += bound > length;
      exact += bound == length;
    }
  }
  CHECK(over == 0);
  CHECK(exact > 400 * 48 / 4);  // the bound is the scramble's length often
}

TEST_CASE("the kernel's IDA* over a projected table: cube2 lengths equal the whole table's") {
  // Every length against the whole table, on one thread, two and in slices; the twists alone as
  // the fallback where an entry only says "at most base".
  const SymmetryGroup group2(cube2());
  Solver reference(cube2(), {}, SolverKind::TableDescent);
  const DistanceTable& whole = *reference.wholeTable();
  const CoordinateSpec places = {.orbit = "corner", .orientations = false};
  const CoordinateSpec twists = {.orbit = "corner", .positions = false};
  ProjectedTable table2(cube2(), group2,
                        {{"places", {places}, {}, {"UFR120", "mirrorUR"}}, "corner", 3, 6, 5});
  std::string error;
  REQUIRE(table2.build({}, {}, &error));
  const auto twistTable =
      DistanceTable::build(cube2(), {"twists", {twists}, 4}, cube2().solvedStates());
  REQUIRE(twistTable);
  const ProjectedHeuristic heuristic2(cube2(), table2, {&*twistTable});
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 600; ++trial) {
    const State s = cube2().randomState(rng);
    const int optimal = whole.distance(whole.space().index(s));
    CHECK(heuristic2.estimate(s) <= optimal);
    const unsigned threads = trial % 3;
    const std::vector<int> moves = search(heuristic2, s, threads, 1 + rng() % 5000);
    CHECK(static_cast<int>(moves.size()) == optimal);
    CHECK(cube2().isSolved(cube2().applySequence(s, moves)));
  }
}

// H48's coordinates with no flips (built in a few seconds) and the corners as the fallback,
// shared by the tests that search with them.
const ProjectedHeuristic& h48NoFlips() {
  static const SymmetryGroup group3(cube3());
  static const std::unique_ptr<ProjectedTable> table3 = [] {
    auto table = std::make_unique<ProjectedTable>(
        cube3(), group3,
        ProjectedTableSpec{{"h48-0", {kCornerTwists, kTetrad}, {kSlices}, {"x", "y", "mirrorLR"}},
                           "edge",
                           0,
                           6,
                           6});
    std::string error;
    REQUIRE(table->build({}, {}, &error));
    return table;
  }();
  static const auto cornerTable = DistanceTable::build(
      cube3(), {"corners", {kCornerTwists, kTetrad}, 4}, cube3().solvedStates());
  REQUIRE(cornerTable);
  static const ProjectedHeuristic heuristic3(cube3(), *table3, {&*cornerTable});
  return heuristic3;
}

TEST_CASE("cube3 optimal solutions from a projected table equal the symmetric tables' lengths") {
  // H48's coordinates with no flips: the half turns keep its target, and lengths equal those of
  // the symmetric-table kernel (the small set, cached with the next test's).
  std::mt19937_64 rng(6);
  setenv("POLYTWIST_TABLE_DIR", (std::filesystem::current_path() / "test-tables").c_str(), 1);
  const ProjectedHeuristic& heuristic3 = h48NoFlips();
  std::vector<std::string> keeping;
  for (int m = 0; m < static_cast<int>(cube3().moves().size()); ++m) {
    if (heuristic3.keepsTarget(m)) keeping.push_back(cube3().moves()[m].name);
  }
  std::sort(keeping.begin(), keeping.end());
  CHECK(keeping == std::vector<std::string>{"B2", "D2", "F2", "L2", "R2", "U2"});
  Solver solver(cube3());
  SearchOptions small;
  small.tables = "small";
  small.threads = 2;
  for (int trial = 0; trial < 12; ++trial) {
    const State s = scrambled(cube3(), rng, 8 + trial % 3);
    const SolveOutcome expected = solver.solve(s, small);
    REQUIRE(expected.status == SolveOutcome::Status::Solved);
    const std::vector<int> moves = search(heuristic3, s, trial % 3, 100'000);
    CHECK(moves.size() == expected.moves.size());
    CHECK(cube3().isSolved(cube3().applySequence(s, moves)));
  }
}

// The same search without the start's symmetries: a reference for the tasks they skip.
class WithoutStartSymmetries final : public SearchHeuristic {
 public:
  explicit WithoutStartSymmetries(const SearchHeuristic& inner)
      : SearchHeuristic(inner.puzzle(), nullptr), inner_(inner) {}
  const Puzzle& puzzle() const override { return inner_.puzzle(); }
  int estimate(const State& s) const override { return inner_.estimate(s); }
  std::unique_ptr<SearchWorker> worker(const State& start, int maxDepth) const override {
    return inner_.worker(start, maxDepth);
  }
  std::size_t taskCount() const override { return inner_.taskCount(); }

 private:
  const SearchHeuristic& inner_;
};

TEST_CASE("a start with symmetries skips the tasks that are images of others, and stays optimal") {
  // Positions that y2 leaves as they are: products of U, D and the pairs R L, F B turned alike
  // (y2 swaps R with L and F with B), with every pass split into tasks. Each is solved with and
  // without skipping images; lengths are equal, and the skipping searches visit fewer nodes.
  const ProjectedHeuristic& heuristic = h48NoFlips();
  const WithoutStartSymmetries reference(heuristic);
  const SymmetryGroup group(cube3());
  const int y2 = *group.find("y2");
  const std::vector<std::string> blocks = {"U",   "U'",    "U2",    "D",   "D'",    "D2",
                                           "R L", "R' L'", "R2 L2", "F B", "F' B'", "F2 B2"};
  std::mt19937_64 rng(24);
  std::uint64_t skippingNodes = 0, allNodes = 0;
  for (int trial = 0; trial < 12; ++trial) {
    std::vector<int> moves;
    for (int b = 0; b < 9; ++b) {
      std::istringstream block(blocks[rng() % blocks.size()]);
      for (std::string name; block >> name;) moves.push_back(*cube3().findMove(name));
    }
    const State start = cube3().applySequence(cube3().solved(), moves);
    REQUIRE(group.conjugate(y2, start) == start);
    OptimalSearch skipping(heuristic, start), all(reference, start);
    skipping.splitPassesAfter(0);
    all.splitPassesAfter(0);
    REQUIRE(skipping.runParallel(2, nullptr) == OptimalSearch::Status::Solved);
    REQUIRE(all.runParallel(2, nullptr) == OptimalSearch::Status::Solved);
    CHECK(skipping.solution().size() == all.solution().size());
    CHECK(cube3().isSolved(cube3().applySequence(start, skipping.solution())));
    // The last pass's prefixes (four moves from a bound of 5), about half of them kept.
    if (skipping.solution().size() >= 5) CHECK(skipping.passTasks() < all.passTasks() * 6 / 10);
    skippingNodes += skipping.nodes();
    allNodes += all.nodes();
  }
  CHECK(skippingNodes < allNodes);
  // The superflip: all 48 symmetries keep it, so about one prefix in 48 is kept (more where a
  // prefix is its own image).
  std::vector<int> superflipMoves;
  std::istringstream text("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
  for (std::string name; text >> name;) superflipMoves.push_back(*cube3().findMove(name));
  const State superflip = cube3().applySequence(cube3().solved(), superflipMoves);
  for (int s = 0; s < group.size(); ++s) REQUIRE(group.conjugate(s, superflip) == superflip);
  OptimalSearch search(heuristic, superflip);
  search.splitPassesAfter(0);
  search.run(1);
  const std::size_t prefixes = 43'254;
  CHECK(search.passTasks() >= prefixes / 48);
  CHECK(search.passTasks() < prefixes / 40);
}

TEST_CASE("symmetric tables hold exact distances on cube2, with plain coordinates too") {
  const SymmetryGroup group(cube2());
  Solver reference(cube2(), {}, SolverKind::TableDescent);
  const DistanceTable& whole = *reference.wholeTable();
  // The whole state reduced by every symmetry: exact distances (the twists alone are no plain
  // coordinate here, as the diagonal's turns change a twist by where the corner sits).
  SymmetricTable table(cube2(), group,
                       {"whole", {kCornerPositions, kCornerTwists}, {}, {"UFR120", "mirrorUR"}});
  std::string error;
  REQUIRE(table.build({}, {}, &error));
  CHECK(table.maxDistance() == 11);
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 3000; ++trial) {
    const State s = cube2().randomState(rng);
    std::uint32_t values[2];
    table.rank(s, values);
    CHECK(table.distance(values) == whole.distance(whole.space().index(s)));
  }
}

TEST_CASE("the kernel's IDA* finds optimal cube2 lengths: one thread, two, and in slices") {
  const SymmetryGroup group(cube2());
  Solver reference(cube2(), {}, SolverKind::TableDescent);
  const DistanceTable& whole = *reference.wholeTable();
  // Positions reduced by all symmetries (one frame), twists with none (looked up in 6 frames).
  SymmetricTable positions(cube2(), group,
                           {"positions", {kCornerPositions}, {}, {"UFR120", "mirrorUR"}});
  SymmetricTable twists(cube2(), group, {"twists", {kCornerTwists}, {}, {}});
  std::string error;
  REQUIRE(positions.build({}, {}, &error));
  REQUIRE(twists.build({}, {}, &error));
  CHECK(positions.frames().size() == 1);
  CHECK(twists.frames().size() == 6);
  const OptimalHeuristic heuristic(cube2(), group, {&positions, &twists});
  CHECK(heuristic.lookupCount() == 7);
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const State s = cube2().randomState(rng);
    const int optimal = whole.distance(whole.space().index(s));
    const unsigned threads = trial % 3 == 0 ? 0 : trial % 3 == 1 ? 1 : 2;
    const std::vector<int> moves = search(heuristic, s, threads, 1 + rng() % 5000);
    CHECK(static_cast<int>(moves.size()) == optimal);
    CHECK(cube2().isSolved(cube2().applySequence(s, moves)));
  }
}

TEST_CASE("the kernel's IDA* matches the domino's own optimal solver") {
  const Puzzle& domino = *findPuzzle("domino");
  const SymmetryGroup group(domino);
  CHECK(group.size() == 8);
  SymmetricTable corners(domino, group, {"corners", {{.orbit = "corner"}}, {}, {"y", "x2"}});
  SymmetricTable edges(domino, group, {"edges", {{.orbit = "edge"}}, {}, {"y", "x2"}});
  std::string error;
  REQUIRE(corners.build({}, {}, &error));
  REQUIRE(edges.build({}, {}, &error));
  const OptimalHeuristic heuristic(domino, group, {&corners, &edges});
  Solver reference(domino);
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 2000; ++trial) {
    const State s = scrambled(domino, rng, 1 + static_cast<int>(rng() % 12));
    const SolveOutcome expected = reference.solve(s);
    REQUIRE(expected.status == SolveOutcome::Status::Solved);
    const std::vector<int> moves = search(heuristic, s, trial % 2 == 0 ? 0 : 2, 777);
    CHECK(moves.size() == expected.moves.size());
    CHECK(domino.isSolved(domino.applySequence(s, moves)));
  }
}

TEST_CASE("table files: loaded when made for the same definition, refused otherwise") {
  const SymmetryGroup group(cube2());
  const std::string path =
      (std::filesystem::temp_directory_path() / "polytwist-kernel-test.ptt").string();
  SymmetricTable table(cube2(), group, {"twists", {kCornerTwists}, {}, {}});
  std::string error;
  REQUIRE(table.build({}, {}, &error));
  REQUIRE(table.save(path, &error));

  SymmetricTable same(cube2(), group, {"twists", {kCornerTwists}, {}, {}});
  REQUIRE(same.load(path, &error));
  CHECK(same.counts() == table.counts());
  for (std::uint64_t i = 0; i < table.size(); ++i) {
    if (same.stored(i) != table.stored(i)) FAIL("entry differs after loading");
  }
  SymmetricTable fromBytes(cube2(), group, {"twists", {kCornerTwists}, {}, {}});
  REQUIRE(fromBytes.deserialize(table.serialize(), &error));

  // A table of the same name defined otherwise must refuse the file.
  SymmetricTable other(cube2(), group, {"twists", {kCornerPositions}, {}, {}});
  CHECK_FALSE(other.load(path, &error));
  CHECK(error.find("another definition") != std::string::npos);

  // One flipped byte among the entries: damaged.
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(100);
    char byte = 0;
    file.read(&byte, 1);
    file.seekp(100);
    byte = static_cast<char>(byte ^ 0x10);
    file.write(&byte, 1);
  }
  SymmetricTable damaged(cube2(), group, {"twists", {kCornerTwists}, {}, {}});
  CHECK_FALSE(damaged.load(path, &error));
  CHECK(error.find("damaged") != std::string::npos);
  std::filesystem::remove(path);
}

TEST_CASE("projected table files and bytes: the same definition only, whole and undamaged") {
  const SymmetryGroup group(cube2());
  const CoordinateSpec places = {.orbit = "corner", .orientations = false};
  const ProjectedTableSpec spec = {
      {"places", {places}, {}, {"UFR120", "mirrorUR"}}, "corner", 3, 6, 5};
  ProjectedTable table(cube2(), group, spec);
  std::string error;
  REQUIRE(table.build({}, {}, &error));
  const std::string path =
      (std::filesystem::temp_directory_path() / "polytwist-projected-test.ptt").string();
  REQUIRE(table.save(path, &error));
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(path);

  ProjectedTable fromBytes(cube2(), group, spec);
  REQUIRE(fromBytes.deserialize(bytes.data(), bytes.size(), &error));
  CHECK(fromBytes.valueCounts() == table.valueCounts());
  for (std::uint64_t i = 0; i < table.size(); ++i) {
    if (fromBytes.bound(i) != table.bound(i)) FAIL("entry differs after reading");
  }

  ProjectedTable other(cube2(), group, {spec.classes, "corner", 2, 6, 5});
  CHECK_FALSE(other.deserialize(bytes.data(), bytes.size(), &error));
  CHECK(error.find("bytes") != std::string::npos);
  ProjectedTable rebased(cube2(), group, {spec.classes, "corner", 3, 5, 5});
  CHECK_FALSE(rebased.deserialize(bytes.data(), bytes.size(), &error));
  CHECK(error.find("not this table") != std::string::npos);

  ProjectedTable cut(cube2(), group, spec);
  CHECK_FALSE(cut.deserialize(bytes.data(), bytes.size() - 1, &error));
  CHECK(error.find("takes " + std::to_string(bytes.size()) + " bytes") != std::string::npos);
  CHECK_FALSE(cut.ok());

  // One bit of one entry changed: its value counts no longer match the header's.
  std::string damaged = bytes;
  damaged[100] = static_cast<char>(damaged[100] ^ 0x10);
  ProjectedTable broken(cube2(), group, spec);
  CHECK_FALSE(broken.deserialize(damaged.data(), damaged.size(), &error));
  CHECK(error.find("damaged") != std::string::npos);
  CHECK_FALSE(broken.ok());

  // In parts cut anywhere (inside the head, an entry word, the line minima): the same table.
  ProjectedTable inParts(cube2(), group, spec);
  ProjectedTable::Incoming incoming = inParts.incoming();
  const std::size_t cuts[] = {0, 1, 57, 61, 3001, bytes.size() - 5, bytes.size()};
  for (std::size_t c = 0; c + 1 < std::size(cuts); ++c) {
    REQUIRE(inParts.receive(incoming, bytes.data() + cuts[c], cuts[c + 1] - cuts[c], &error));
  }
  CHECK_FALSE(inParts.receive(incoming, bytes.data(), 1, &error));
  CHECK(error.find("more came") != std::string::npos);
  REQUIRE(inParts.adopt(std::move(incoming), "the parts", &error));
  for (std::uint64_t i = 0; i < table.size(); ++i) {
    if (inParts.bound(i) != table.bound(i)) FAIL("entry differs after reading in parts");
  }
  ProjectedTable half(cube2(), group, spec);
  ProjectedTable::Incoming started = half.incoming();
  REQUIRE(half.receive(started, bytes.data(), bytes.size() / 2, &error));
  CHECK_FALSE(half.adopt(std::move(started), "half the bytes", &error));
  CHECK(error == "half the bytes are cut short");
  CHECK_FALSE(half.ok());
}

TEST_CASE("a projected table set imported in parts, in order only") {
  // A 2x2x2 with a projected set of its own, so that the set is built in a moment.
  PuzzleSpec spec = cube2().spec();
  const CoordinateSpec places = {.orbit = "corner", .orientations = false};
  spec.tableSets = {
      {"parts",
       {},
       ProjectedTableSpec{{"places", {places}, {}, {"UFR120", "mirrorUR"}}, "corner", 3, 6, 5},
       {{"twists", {kCornerTwists}, 4}}}};
  const Puzzle puzzle(spec);
  OptimalTables built(puzzle);
  std::string error;
  REQUIRE(built.prepare("parts", {}, {}, &error));
  const std::string bytes = built.exportBytes("parts", &error);
  REQUIRE(bytes.size() > 100);

  OptimalTables tables(puzzle);
  using Status = OptimalTables::ImportStatus;
  const std::size_t third = bytes.size() / 3;
  // A part that does not start the import, or that skips bytes, is refused.
  CHECK(tables.importPart("parts", 5, bytes.size(), bytes.data() + 5, 10, &error) ==
        Status::Failed);
  CHECK(error.find("does not follow") != std::string::npos);
  CHECK(tables.importPart("parts", 0, bytes.size() + 1, bytes.data(), 3, &error) == Status::Failed);
  CHECK(error.find("takes " + std::to_string(bytes.size()) + " bytes") != std::string::npos);
  CHECK(tables.importPart("parts", 0, bytes.size(), bytes.data(), 3, &error) == Status::Partial);
  CHECK(tables.importPart("parts", 4, bytes.size(), bytes.data() + 4, 3, &error) == Status::Failed);
  CHECK(tables.heuristic("parts") == nullptr);
  // Whole, in three parts (the first one cuts the length before the table).
  CHECK(tables.importPart("parts", 0, bytes.size(), bytes.data(), 5, &error) == Status::Partial);
  CHECK(tables.importPart("parts", 5, bytes.size(), bytes.data() + 5, third, &error) ==
        Status::Partial);
  CHECK(tables.importPart("parts", 5 + third, bytes.size(), bytes.data() + 5 + third,
                          bytes.size() - 5 - third, &error) == Status::Complete);
  REQUIRE(tables.heuristic("parts") != nullptr);
  CHECK(tables.exportBytes("parts", &error) == bytes);
  // Imported again over itself: the old entries are let go at the first part (one copy at a
  // time), so the set is unprepared until the last.
  CHECK(tables.importPart("parts", 0, bytes.size(), bytes.data(), 5, &error) == Status::Partial);
  CHECK(tables.heuristic("parts") == nullptr);
  CHECK(tables.importPart("parts", 5, bytes.size(), bytes.data() + 5, bytes.size() - 5, &error) ==
        Status::Complete);
  REQUIRE(tables.heuristic("parts") != nullptr);
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const State s = scrambled(puzzle, rng, 8);
    CHECK(tables.heuristic("parts")->estimate(s) == built.heuristic("parts")->estimate(s));
  }
}

TEST_CASE("a table that cannot get its memory fails with a message") {
  const SymmetryGroup group(cube2());
  SymmetricTable table(cube2(), group, {"twists", {kCornerTwists}, {}, {}});
  setTableMemoryLimit(64);
  std::string error;
  const bool built = table.build({}, {}, &error);
  setTableMemoryLimit(0);
  CHECK_FALSE(built);
  CHECK_FALSE(table.ok());
  CHECK(error.find("needs") != std::string::npos);
  CHECK(error.find("limit") != std::string::npos);
}

TEST_CASE("cube3 optimal solutions of short scrambles") {
  // The small set is built once (about a minute of BFS) and cached under the build directory.
  setenv("POLYTWIST_TABLE_DIR", (std::filesystem::current_path() / "test-tables").c_str(), 1);
  Solver solver(cube3());
  // Lengths checked independently by meeting in the middle: every position within 3 moves of
  // solved, and every position within 3 moves of the start.
  std::vector<std::vector<State>> layers = {{cube3().solved()}};
  for (int depth = 1; depth <= 3; ++depth) {
    std::vector<State> next;
    for (const State& s : layers.back()) {
      for (const Move& move : cube3().moves()) next.push_back(cube3().compose(s, move.effect));
    }
    layers.push_back(std::move(next));
  }
  auto distanceWithin6 = [&](const State& start) {
    std::vector<std::unordered_set<std::string>> around(4);
    for (int d = 0; d <= 3; ++d) {
      for (const State& s : layers[d]) around[d].insert(cube3().encodeState(s));
    }
    // Positions d moves from the start meet positions e moves from solved: length d + e.
    std::vector<std::vector<State>> fromStart = {{start}};
    for (int d = 1; d <= 3; ++d) {
      std::vector<State> next;
      for (const State& s : fromStart.back()) {
        for (const Move& move : cube3().moves()) next.push_back(cube3().compose(s, move.effect));
      }
      fromStart.push_back(std::move(next));
    }
    for (int length = 0; length <= 6; ++length) {
      for (int d = std::max(0, length - 3); d <= std::min(3, length); ++d) {
        for (const State& s : fromStart[d]) {
          if (around[length - d].count(cube3().encodeState(s))) return length;
        }
      }
    }
    return -1;
  };
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 12; ++trial) {
    const int length = 2 + trial % 5;
    const State s = scrambled(cube3(), rng, length);
    SearchOptions options;
    options.threads = trial % 2 + 1;
    const SolveOutcome outcome = solver.solve(s, options);
    REQUIRE(outcome.status == SolveOutcome::Status::Solved);
    CHECK(outcome.tables == "small");
    CHECK(static_cast<int>(outcome.moves.size()) == distanceWithin6(s));
  }
  // Longer scrambles: no longer than the scramble, the same length in slices and on two threads.
  const OptimalTables& tables = solver.optimalTables();
  const auto& heuristic = dynamic_cast<const OptimalHeuristic&>(*tables.heuristic("small"));
  CHECK(heuristic.lookupCount() == 3);
  for (int trial = 0; trial < 4; ++trial) {
    const State s = scrambled(cube3(), rng, 9);
    const std::vector<int> sliced = search(heuristic, s, 0, 100'000);
    // Slices on three threads, each keeping its task from one slice to the next.
    const std::vector<int> slicedThreads = search(heuristic, s, 0, 20'000, 3);
    CHECK(slicedThreads.size() == sliced.size());
    CHECK(cube3().isSolved(cube3().applySequence(s, slicedThreads)));
    const std::vector<int> parallel = search(heuristic, s, 2);
    CHECK(sliced.size() <= 9);
    CHECK(sliced.size() == parallel.size());
    CHECK(cube3().isSolved(cube3().applySequence(s, sliced)));
    CHECK(cube3().isSolved(cube3().applySequence(s, parallel)));
  }
}

TEST_CASE("service: cube3 tables prepared, exported, imported, a search in slices") {
  setenv("POLYTWIST_TABLE_DIR", (std::filesystem::current_path() / "test-tables").c_str(), 1);
  const Json prepared = service::prepareTables("cube3", "small");
  REQUIRE(prepared.find("ok")->boolean());
  CHECK(prepared.find("tables")->string() == "small");
  CHECK_FALSE(service::prepareTables("cube3", "huge").find("ok")->boolean());
  CHECK_FALSE(service::prepareTables("cube2", "").find("ok")->boolean());

  const service::TableBytes exported = service::exportTables("cube3", "small");
  REQUIRE(exported.answer.find("ok")->boolean());
  CHECK(service::importTables("cube3", "small", exported.bytes).find("ok")->boolean());
  std::string damaged = exported.bytes;
  damaged[damaged.size() / 2] ^= 1;
  const Json refused = service::importTables("cube3", "small", damaged);
  CHECK_FALSE(refused.find("ok")->boolean());
  CHECK(refused.find("error")->string().find("damaged") != std::string::npos);
  // The refused bytes left the set unusable until good ones come back.
  REQUIRE(service::importTables("cube3", "small", exported.bytes).find("ok")->boolean());
  // In parts (the page's chunks): each answers what came; the last one prepares the set.
  const double total = static_cast<double>(exported.bytes.size());
  const std::size_t half = exported.bytes.size() / 2;
  const Json first =
      service::importTablesPart("cube3", "small", 0, total, exported.bytes.substr(0, half));
  REQUIRE(first.find("ok")->boolean());
  CHECK_FALSE(first.find("complete")->boolean());
  CHECK(first.find("received")->number() == static_cast<double>(half));
  CHECK(service::searchStart("cube3", "", R"({"tables":"small"})").find("ok")->boolean() == false);
  const Json last =
      service::importTablesPart("cube3", "small", half, total, exported.bytes.substr(half));
  REQUIRE(last.find("ok")->boolean());
  CHECK(last.find("complete")->boolean());
  CHECK_FALSE(service::importTablesPart("cube3", "small", -1, total, "").find("ok")->boolean());
  CHECK_FALSE(service::importTablesPart("cube3", "small", 0, 2, "abc").find("ok")->boolean());

  const Json position = service::applyMoves("cube3", "", "R U2 F' L D B2 R'");
  const Json started =
      service::searchStart("cube3", position.find("state")->string(), R"({"tables":"small"})");
  REQUIRE(started.find("ok")->boolean());
  const int handle = static_cast<int>(started.find("handle")->number());
  Json step;
  int slices = 0;
  do {
    step = service::searchStep(handle, 5);
    REQUIRE(step.find("ok")->boolean());
    ++slices;
  } while (step.find("status")->string() == "running");
  CHECK(slices > 1);
  CHECK(step.find("status")->string() == "solved");
  CHECK(step.find("method")->string() == "optimal");
  CHECK(step.find("tables")->string() == "small");
  CHECK(step.find("length")->number() <= 7);
  const Json after = service::applyMoves("cube3", position.find("state")->string(),
                                         step.find("solution")->string());
  CHECK(after.find("solved")->boolean());
  CHECK_FALSE(service::searchStep(handle, 50).find("ok")->boolean());  // closed when done

  const Json second = service::searchStart("cube3", position.find("state")->string(), "");
  REQUIRE(second.find("ok")->boolean());
  const int other = static_cast<int>(second.find("handle")->number());
  CHECK(service::searchStop(other).find("ok")->boolean());
  CHECK_FALSE(service::searchStop(other).find("ok")->boolean());

  // An import replaces the tables an open search reads: it closes the search, which says why.
  const Json open =
      service::searchStart("cube3", position.find("state")->string(), R"({"tables":"small"})");
  const int closed = static_cast<int>(open.find("handle")->number());
  REQUIRE(service::searchStep(closed, 5).find("status")->string() == "running");
  // Bytes framed as no table set is (the first length past the end) are refused first: the
  // search and the prepared set are left as they were.
  const Json unframed = service::importTables("cube3", "small", std::string(64, '\xff'));
  CHECK_FALSE(unframed.find("ok")->boolean());
  CHECK(unframed.find("error")->string().find("no table set's bytes") != std::string::npos);
  CHECK(service::searchStep(closed, 5).find("status")->string() == "running");
  REQUIRE(service::importTables("cube3", "small", exported.bytes).find("ok")->boolean());
  const Json afterImport = service::searchStep(closed, 5);
  CHECK_FALSE(afterImport.find("ok")->boolean());
  CHECK(afterImport.find("error")->string() ==
        "search " + std::to_string(closed) + " was closed: its tables (small) were imported again");
  CHECK_FALSE(service::searchStep(closed, 5).find("ok")->boolean());
}
