// Fuzz target: taking table bytes back (a page's cached tables, which may be damaged or made by
// another build): DistanceTable::deserialize of every puzzle's whole table, and the service's
// importTable and importTables (the Kilominx's small set, see fuzz::cheapTableSet, and every
// puzzle's refusals), as the WASM module exposes them. Arbitrary bytes must be refused with a
// message, never crash, and never make the engine allocate for a size the bytes only claim (the
// sanitizer's allocation limit, -malloc_limit_mb in docs/fuzzing.md, catches that).
#include <cstdint>
#include <string>

#include "api/service.hpp"
#include "fuzz_support.hpp"
#include "puzzles/catalogue.hpp"
#include "search/distance_table.hpp"
#include "search/solver.hpp"

using namespace polytwist;

// Sets up the Kilominx's small set before the first input, outside libFuzzer's -timeout.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  service::importTables("kilominx", "small", "");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  for (const Puzzle& puzzle : allPuzzles()) {
    if (puzzle.spec().hasDistanceTable) {
      std::string error;
      const std::optional<DistanceTable> table =
          DistanceTable::deserialize(puzzle, Solver::wholeTableSpec(puzzle), bytes, &error);
      if (!table && error.empty()) fuzz::fail(puzzle.id() + ": refused without a message", bytes);
    }
    fuzz::checkAnswer(service::importTable(puzzle.id(), bytes), bytes);
    std::vector<std::string> sets = {"", "none"};
    for (const TableSetSpec& set : puzzle.spec().tableSets) sets.push_back(set.name);
    for (const std::string& set : sets) {
      if (!fuzz::cheapTableSet(puzzle.id(), set)) continue;
      fuzz::checkAnswer(service::importTables(puzzle.id(), set, bytes), bytes);
    }
  }
  return 0;
}
