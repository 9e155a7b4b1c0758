#include "puzzles/catalogue.hpp"

#include <deque>
#include <mutex>
#include <stdexcept>
#include <variant>

#include "geometry/described.hpp"

namespace polytwist {
namespace {

// What the searches of a described puzzle's solver run on (engine/search reads it from the spec;
// solvers.cpp says which methods and scrambles use it).

// The whole puzzle in one distance table (every orbit's positions and orientations, each position
// once up to the unmarked rotations): solved by descending it; God's number from it.
void wholeTable(PuzzleSpec& spec) {
  spec.solver = SolverKind::TableDescent;
  spec.hasDistanceTable = true;
}

// The Dino cube's 12 edges have 12!/2 positions, too many values for one coordinate's move table:
// IDA* over three tables, each the places of two of the edge quartets 0-3, 4-7, 8-11 (11,880 ×
// 11,880 values / 12 rotations = 11.8 million entries, 2.9 MB each), which leave the third
// quartet's own order open (12 arrangements at most).
void dinoTables(PuzzleSpec& spec) {
  const auto quartet = [](int first) {
    return CoordinateSpec{.orbit = "edge", .pieces = {first, first + 1, first + 2, first + 3}};
  };
  spec.solver = SolverKind::IdaStar;
  spec.tables = {{.name = "edges 0-7", .coordinates = {quartet(0), quartet(4)}},
                 {.name = "edges 4-11", .coordinates = {quartet(4), quartet(8)}},
                 {.name = "edges 0-3 and 8-11", .coordinates = {quartet(0), quartet(8)}}};
}

// The Skewb: IDA* over two tables, each one tetrad of corners (places and twists) with the
// centres (972 × 360 values / 12 rotations = 29,160 entries, 15 KB each at 4 bits), built in a
// few milliseconds where the whole table takes a second in WebAssembly: the first scramble waits
// for these alone. Each is partial, to depth 5: its layers 6-8 (19,593 entries, the widest) read
// as 6, which halves the build (4.9 → 2.5 ms natively) for 15 % more nodes (median 644 a random
// state) and, the entries exact, solves as fast as the whole 2-bit tables did. The whole table
// stays for God's number.
void skewbTables(PuzzleSpec& spec) {
  const auto withCentres = [](const char* tetrad) {
    return std::vector<CoordinateSpec>{{.orbit = "centre", .orientations = false},
                                       {.orbit = tetrad}};
  };
  spec.solver = SolverKind::IdaStar;
  spec.hasDistanceTable = true;
  spec.tables = {{.name = "corners 1 and centres",
                  .coordinates = withCentres("corner 1"),
                  .bitsPerEntry = 4,
                  .maxDepth = 5},
                 {.name = "corners 2 and centres",
                  .coordinates = withCentres("corner 2"),
                  .bitsPerEntry = 4,
                  .maxDepth = 5}};
}

// Puzzles given by their description alone (docs/geometry.md), as cubing.js describes them, with
// what their solver needs (none: no solver yet).
struct Described {
  const char* id;
  const char* name;
  const char* description;
  void (*solverData)(PuzzleSpec&) = nullptr;
};
constexpr Described kDescribed[] = {
    {"cube4", "4x4x4 Cube", "c f 0.5 f 0", puzzles::cube4Reduction},
    {"cube5", "5x5x5 Cube", "c f 0.6 f 0.2"},
    {"cube6", "6x6x6 Cube", "c f 0.666666666666667 f 0.333333333333333 f 0"},
    {"cube7", "7x7x7 Cube", "c f 0.714285714285714 f 0.428571428571429 f 0.142857142857143"},
    {"megaminx", "Megaminx", "d f 0.7"},
    {"gigaminx", "Gigaminx", "d f 0.64 f 0.82"},
    {"pyraminx_crystal", "Pyraminx Crystal", "d f 0.447213595499989"},
    // 3,149,280 positions; its whole table (God's number) has 28.3 million entries (the two
    // tetrads' even permutations and twists and the centres' even permutations, / 12 rotations),
    // 7.1 MB.
    {"skewb", "Skewb", "c v 0", skewbTables},
    {"dino", "Dino Cube", "c v 0.577350269189626", dinoTables},
    {"helicopter", "Helicopter Cube", "c e 0.707106781186547"},
    {"fto", "Face-Turning Octahedron", "o f 0.333333333333333", puzzles::ftoPhases},
    // 138,240 positions, one entry each (34 KB).
    {"baby_fto", "Baby FTO", "o f 0", wholeTable},
    // 241,920 positions in 1.9 million entries (the middle layer's flips, which the rest
    // decides, are counted in), 484 KB.
    {"cube223", "2x2x3 Cuboid", "2x2x3", wholeTable},
};

PuzzleSpec fromDescription(const Described& described) {
  auto spec = geometry::describedPuzzle(described.id, described.name, described.description);
  if (const auto* error = std::get_if<std::string>(&spec)) {
    throw std::invalid_argument(std::string("puzzle '") + described.id + "': " + *error);
  }
  PuzzleSpec built = std::get<PuzzleSpec>(std::move(spec));
  if (described.solverData) described.solverData(built);
  return built;
}

}  // namespace

const std::vector<Puzzle>& allPuzzles() {
  static const std::vector<Puzzle> puzzles = [] {
    std::vector<Puzzle> list;
    list.emplace_back(puzzles::pyraminx());
    list.emplace_back(puzzles::cube2());
    list.emplace_back(puzzles::domino());
    list.emplace_back(puzzles::numberedPyraminx());
    list.emplace_back(puzzles::cube3());
    list.emplace_back(puzzles::kilominx());
    list.emplace_back(puzzles::masterPyraminx());
    for (const Described& described : kDescribed) list.emplace_back(fromDescription(described));
    return list;
  }();
  return puzzles;
}

const Puzzle* findPuzzle(std::string_view id) {
  for (const Puzzle& puzzle : allPuzzles()) {
    if (puzzle.id() == id) return &puzzle;
  }
  return nullptr;
}

bool looksLikeDescription(std::string_view name) {
  // A shape letter, then words; or a cuboid. Anything else is an id (and, unknown, named so).
  if (name.size() >= 3 && name[1] == ' ') return true;
  return name.size() == 5 && name[1] == 'x' && name[3] == 'x';
}

PuzzleLookup lookUpPuzzle(std::string_view idOrDescription) {
  if (const Puzzle* puzzle = findPuzzle(idOrDescription)) return {puzzle, {}};
  for (const Puzzle& puzzle : allPuzzles()) {
    if (puzzle.spec().geometry == idOrDescription) return {&puzzle, {}};
  }
  const std::string text(idOrDescription.substr(0, 1000 + 1));
  const geometry::ParsedDescription parsed = geometry::parseDescription(text);
  if (!parsed.description) return {nullptr, parsed.error.message};
  // Kept for good: answers hand out references to them. A deque never moves its elements.
  static std::mutex mutex;
  static std::deque<Puzzle> described;
  const std::lock_guard lock(mutex);
  for (const Puzzle& puzzle : described) {
    if (puzzle.spec().geometry == text) return {&puzzle, {}};
  }
  if (static_cast<int>(described.size()) >= kMaxDescribedPuzzles) {
    return {nullptr, "too many different descriptions: this engine keeps at most " +
                         std::to_string(kMaxDescribedPuzzles) + "; reload to start afresh"};
  }
  // Any page or link can name one: kept to puzzles that derive, compile and count in tens of
  // milliseconds natively (a 9x9x9 has 486 stickers, the catalogue's Gigaminx 372).
  const geometry::Derivation derivation = geometry::derive(*parsed.description);
  if (const auto* error = std::get_if<std::string>(&derivation.result)) return {nullptr, *error};
  const std::size_t stickers = std::get<geometry::Geometry>(derivation.result).stickers.size();
  if (stickers > kMaxDescribedStickers) {
    return {nullptr,
            "too many stickers for a puzzle named by its description: " + std::to_string(stickers) +
                " (at most " + std::to_string(kMaxDescribedStickers) + ")"};
  }
  auto spec = geometry::describedPuzzle(text, "Puzzle " + text, text);
  if (const auto* error = std::get_if<std::string>(&spec)) return {nullptr, *error};
  try {
    const Puzzle& puzzle = described.emplace_back(std::get<PuzzleSpec>(std::move(spec)));
    try {
      // Counting builds the moves' group and analyses identical pieces, which every answer
      // about positions needs: a puzzle the analysis cannot handle is refused here, once.
      puzzle.stateCountText();
    } catch (const std::invalid_argument&) {
      described.pop_back();
      throw;
    }
    return {&puzzle, {}};
  } catch (const std::invalid_argument& error) {
    return {nullptr, std::string("the description's moves cannot be modelled: ") + error.what()};
  }
}

}  // namespace polytwist
