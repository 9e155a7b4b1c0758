// Cached tables are keyed by their definition (search/table_definition.hpp): a puzzle whose move
// keeps its name but does something else, whose pieces turn another number of ways, or a table
// with its coordinates laid out otherwise, gets another key, and the bytes or files cached for
// the old definition are refused, never used; the table is rebuilt and equals a brute-force BFS.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "search/optimal_tables.hpp"
#include "search/symmetric_table.hpp"
#include "search/table_definition.hpp"

using namespace polytwist;

namespace {

// The gear with its move Z (flips edges 0 and 3) replaced by one of the same name that flips
// edges 1 and 3.
PuzzleSpec gearWithOtherZ() {
  PuzzleSpec spec = fixtures::gearSpec();
  auto z = std::find_if(spec.moves.begin(), spec.moves.end(),
                        [](const MoveSpec& move) { return move.name == "Z"; });
  REQUIRE(z != spec.moves.end());
  z->cycles = {"U1 R0", "D0 F1"};
  return spec;
}

// The bars, whose pieces never flip, declared with two orientations instead of one.
PuzzleSpec barsWithTwoOrientations() {
  PuzzleSpec spec = fixtures::barSpec();
  spec.orbits[0].orientations = 2;
  return spec;
}

// Every reachable state of `puzzle` has the table's distance of a BFS over explicit states.
void checkAgainstBruteForce(const Puzzle& puzzle, const DistanceTable& table) {
  const fixtures::BruteForce reference = fixtures::bruteForce(puzzle, puzzle.solvedStates());
  REQUIRE(!reference.states.empty());
  int wrong = 0;
  for (const State& s : reference.states) {
    wrong += table.distance(table.space().index(s)) != reference.of(puzzle, s);
  }
  CHECK(wrong == 0);
  CHECK(table.counts() == reference.counts);
}

// Bytes of `old` offered for `current`'s definition: refused, saying why.
void checkRefused(const Puzzle& current, const TableSpec& spec, const std::string& old) {
  std::string error;
  CHECK_FALSE(DistanceTable::deserialize(current, spec, old, &error).has_value());
  CHECK(fixtures::contains(error, "another definition"));
  CHECK(fixtures::contains(error, spec.name));
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// A directory of its own for table files, as $POLYTWIST_TABLE_DIR, for one test.
class TableDirectory {
 public:
  TableDirectory() : path_(std::filesystem::current_path() / "table-cache-test") {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
    const char* old = std::getenv("POLYTWIST_TABLE_DIR");
    if (old != nullptr) old_ = old;
    setenv("POLYTWIST_TABLE_DIR", path_.c_str(), 1);
  }
  ~TableDirectory() {
    if (old_.empty()) {
      unsetenv("POLYTWIST_TABLE_DIR");
    } else {
      setenv("POLYTWIST_TABLE_DIR", old_.c_str(), 1);
    }
    std::filesystem::remove_all(path_);
  }
  const std::filesystem::path& path() const { return path_; }
  std::vector<std::filesystem::path> files() const {
    std::vector<std::filesystem::path> found;
    for (const auto& entry : std::filesystem::directory_iterator(path_)) {
      found.push_back(entry.path());
    }
    std::sort(found.begin(), found.end());
    return found;
  }

 private:
  std::filesystem::path path_;
  std::string old_;
};

// A one-table set over the gear's whole state (edges reduced by the identity alone, tips plain).
PuzzleSpec withTableSet(PuzzleSpec spec) {
  spec.tableSets = {
      {"whole", {{"gear whole", {{"edge", {}, true, true}}, {{"tip", {}, false, true}}, {}}}}};
  return spec;
}

const SymmetricTableSpec& onlyTable(const Puzzle& puzzle) {
  return puzzle.spec().tableSets.front().tables.front();
}

// Every reachable state has the symmetric table's distance of a BFS over explicit states.
void checkAgainstBruteForce(const Puzzle& puzzle, const SymmetricTable& table) {
  REQUIRE(table.ok());
  const fixtures::BruteForce reference = fixtures::bruteForce(puzzle, puzzle.solvedStates());
  int wrong = 0;
  for (const State& s : reference.states) {
    std::uint32_t values[kMaxCoordinateParts] = {};
    table.rank(s, values);
    wrong += table.distance(values) != reference.of(puzzle, s);
  }
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("table cache: a move that does something else under its old name changes the key") {
  const Puzzle& gear = fixtures::gear();
  const Puzzle changed(gearWithOtherZ());
  REQUIRE(changed.moves().size() == gear.moves().size());
  REQUIRE(changed.moves().back().name == gear.moves().back().name);
  REQUIRE(changed.moves().back().effect != gear.moves().back().effect);
  for (int bits : {2, 4}) {
    CAPTURE(bits);
    const TableSpec spec = fixtures::wholeSpec(gear, bits);
    const std::uint64_t before = DistanceTable::definitionFingerprint(gear, spec, {gear.solved()});
    const std::uint64_t after =
        DistanceTable::definitionFingerprint(changed, spec, {changed.solved()});
    CHECK(before != after);
    // The names and the coordinates are the same: only the effect tells them apart.
    CHECK(CoordinateSpace(gear, spec.coordinates).size() ==
          CoordinateSpace(changed, spec.coordinates).size());

    const DistanceTable old = fixtures::buildTable(gear, spec, {gear.solved()});
    CHECK(old.definition() == before);
    checkRefused(changed, spec, old.serialize());
    const DistanceTable rebuilt = fixtures::buildTable(changed, spec, {changed.solved()});
    CHECK(rebuilt.definition() == after);
    checkAgainstBruteForce(changed, rebuilt);
    // The old definition's bytes still serve the old definition.
    std::string error;
    CHECK(DistanceTable::deserialize(gear, spec, old.serialize(), &error).has_value());
  }
}

TEST_CASE("table cache: another orientation count or coordinate layout changes the key") {
  // Pieces that turn two ways instead of one.
  const Puzzle bars(fixtures::barSpec());
  const Puzzle turning(barsWithTwoOrientations());
  const TableSpec barSpec = fixtures::wholeSpec(bars, 2);
  const TableSpec turningSpec = fixtures::wholeSpec(turning, 2);
  CHECK(DistanceTable::definitionFingerprint(bars, barSpec, {bars.solved()}) !=
        DistanceTable::definitionFingerprint(turning, turningSpec, {turning.solved()}));
  checkRefused(turning, turningSpec,
               fixtures::buildTable(bars, barSpec, {bars.solved()}).serialize());
  checkAgainstBruteForce(turning, fixtures::buildTable(turning, turningSpec, {turning.solved()}));

  // The gear's coordinates in the other order: the same size, entries at other indices.
  const Puzzle& gear = fixtures::gear();
  const TableSpec spec = fixtures::wholeSpec(gear, 2);
  TableSpec reordered = spec;
  std::reverse(reordered.coordinates.begin(), reordered.coordinates.end());
  CHECK(DistanceTable::definitionFingerprint(gear, spec, {gear.solved()}) !=
        DistanceTable::definitionFingerprint(gear, reordered, {gear.solved()}));
  checkRefused(gear, reordered, fixtures::buildTable(gear, spec, {gear.solved()}).serialize());
  checkAgainstBruteForce(gear, fixtures::buildTable(gear, reordered, {gear.solved()}));

  // Other goals, other bits per entry.
  const State other = gear.applySequence(gear.solved(), {0});
  CHECK(DistanceTable::definitionFingerprint(gear, spec, {gear.solved()}) !=
        DistanceTable::definitionFingerprint(gear, spec, {gear.solved(), other}));
  CHECK(DistanceTable::definitionFingerprint(gear, spec, {gear.solved()}) !=
        DistanceTable::definitionFingerprint(gear, fixtures::wholeSpec(gear, 4), {gear.solved()}));
  // Goals are a set: their order does not matter.
  CHECK(DistanceTable::definitionFingerprint(gear, spec, {gear.solved(), other}) ==
        DistanceTable::definitionFingerprint(gear, spec, {other, gear.solved()}));
}

TEST_CASE("table cache: native table files of another definition are missed or refused") {
  const TableDirectory directory;
  const Puzzle gear(withTableSet(fixtures::gearSpec()));
  const Puzzle changed(withTableSet(gearWithOtherZ()));
  std::string error;

  OptimalTables old(gear);
  REQUIRE(old.prepare("whole", {}, {}, &error));
  const std::vector<std::filesystem::path> oldFiles = directory.files();
  REQUIRE(oldFiles.size() == 1);
  const std::uint64_t oldTable =
      SymmetricTable::definitionFingerprint(gear, old.group(), onlyTable(gear));
  CHECK(fixtures::contains(oldFiles[0].filename().string(), fingerprintText(oldTable)));

  // The changed puzzle's key names another file: the old one is not even opened, and the new one
  // is built and written beside it.
  OptimalTables fresh(changed);
  const std::uint64_t newTable =
      SymmetricTable::definitionFingerprint(changed, fresh.group(), onlyTable(changed));
  CHECK(newTable != oldTable);
  CHECK(fresh.setFingerprint("whole") != old.setFingerprint("whole"));
  REQUIRE(fresh.prepare("whole", {}, {}, &error));
  const std::vector<std::filesystem::path> files = directory.files();
  REQUIRE(files.size() == 2);
  const std::filesystem::path newPath = files[0] == oldFiles[0] ? files[1] : files[0];
  CHECK(fixtures::contains(newPath.filename().string(), fingerprintText(newTable)));
  {
    SymmetricTable loaded(changed, fresh.group(), onlyTable(changed));
    REQUIRE(loaded.load(newPath.string(), &error));
    checkAgainstBruteForce(changed, loaded);
  }

  // The old bytes under the new name (a file renamed, or written by a build that keyed them
  // wrongly) are refused when read, and the table is built again and written over them.
  std::filesystem::copy_file(oldFiles[0], newPath,
                             std::filesystem::copy_options::overwrite_existing);
  {
    SymmetricTable stale(changed, fresh.group(), onlyTable(changed));
    CHECK_FALSE(stale.load(newPath.string(), &error));
    CHECK(fixtures::contains(error, "another definition"));
  }
  OptimalTables again(changed);
  REQUIRE(again.prepare("whole", {}, {}, &error));
  CHECK(readFile(newPath) != readFile(oldFiles[0]));
  SymmetricTable rebuilt(changed, again.group(), onlyTable(changed));
  REQUIRE(rebuilt.load(newPath.string(), &error));
  checkAgainstBruteForce(changed, rebuilt);

  // The page's import refuses the old definition's bytes too.
  OptimalTables importer(changed);
  error.clear();
  CHECK_FALSE(importer.importBytes("whole", old.exportBytes("whole", &error), &error));
  CHECK(fixtures::contains(error, "another definition"));
  CHECK(importer.heuristic("whole") == nullptr);
}
