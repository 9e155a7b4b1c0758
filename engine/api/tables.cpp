// Tables: the whole-puzzle distance table (God's number, and its bytes for the page's cache) of
// puzzles the registry gives one, and the optimal-search kernel's table sets (prepared, exported,
// imported) of puzzles it solves with the kernel (puzzles/solvers.hpp).
#include <chrono>
#include <cmath>

#include "api/service_internal.hpp"
#include "core/text.hpp"
#include "search/memory.hpp"

namespace polytwist::service {
using namespace detail;

namespace detail {

// Names the whole-puzzle table by its definition (DistanceTable::definitionFingerprint), not by the
// engine's version: a release that leaves the table's definition and the table code alone keeps
// the tables browsers cached (docs/web.md, "Caches and updates").
std::string tableKey(const Puzzle& puzzle, const SolverDescription& solvers) {
  if (!solvers.wholeTable) return "";
  return puzzle.id() + "-" +
         fingerprintText(DistanceTable::definitionFingerprint(
             puzzle, Solver::wholeTableSpec(puzzle), puzzle.solvedStates()));
}

// Bytes of the whole-puzzle table's entries (0 without one).
std::uint64_t wholeTableBytes(const Puzzle& puzzle, const SolverDescription& solvers) {
  if (!solvers.wholeTable) return 0;
  const TableSpec spec = Solver::wholeTableSpec(puzzle);
  return (CoordinateSpace::sizeOf(puzzle, spec.coordinates) * spec.bitsPerEntry + 7) / 8;
}

// Refuses, before it is built, a whole table the memory cannot hold (search/memory.hpp).
// Asked before the solver is made: making one also takes memory (its coordinates' move tables).
std::optional<std::string> wholeTableShortfall(const Puzzle& puzzle,
                                               const SolverDescription& solvers) {
  const Solver* solver = existingSolver(puzzle);
  if (solver && solver->hasWholeTable()) return std::nullopt;
  return tableMemoryShortfall(wholeTableBytes(puzzle, solvers),
                              puzzle.id() + "'s whole distance table");
}

// The optimal-search table sets, each with the key the page caches its bytes under: the puzzle,
// the set and the set's definition fingerprint (OptimalTables::setFingerprint), so it changes with
// anything the tables' entries depend on and with nothing else.
Json::Array tableSets(const Puzzle& puzzle, const SolverDescription& solvers) {
  Json::Array sets;
  if (!solvers.kernel()) return sets;
  Solver& solver = solverFor(puzzle);
  for (const TableSetSpec& set : solver.searchPuzzle().spec().tableSets) {
    sets.push_back(
        Json(Json::Object{})
            .set("name", set.name)
            .set("key", puzzle.id() + "-" + set.name + "-" +
                            fingerprintText(solver.optimalTables().setFingerprint(set.name))));
  }
  return sets;
}

}  // namespace detail

namespace {

Json noTableSets(const Puzzle& puzzle) {
  return failure(puzzle.id() + " has no optimal-search tables");
}

}  // namespace

Json distanceTable(const std::string& id, const BuildProgressFn& progress, Cancellation cancel) {
  return onPuzzle(id, id.size(), [&](const Puzzle& puzzle) {
    const SolverDescription solvers = describeSolvers(puzzle);
    if (!solvers.wholeTable) {
      return failure(puzzle.id() + " has " + puzzle.stateCountText() +
                     " positions: too many for a complete distance table");
    }
    if (auto shortfall = wholeTableShortfall(puzzle, solvers)) return failure(*shortfall);
    Solver& solver = solverFor(puzzle);
    const bool builtBefore = solver.hasWholeTable();
    const DistanceTable* table = solver.wholeTable(progress, cancel);
    if (!table) return failure("cancelled");
    if (builtBefore && progress) {
      // A table an earlier call built (or imported) reports its finished layers again, so that
      // every call's progress ends the same way (the page's bar, the CLI's lines).
      std::uint64_t visited = 0;
      for (std::size_t depth = 0; depth < table->counts().size(); ++depth) {
        visited += table->counts()[depth];
        const std::uint64_t total = table->space().size();
        progress({static_cast<int>(depth), visited, total, total});
      }
    }
    const std::vector<std::uint64_t> counts = solver.countsWithSeparable(table->counts());
    Json answer = success()
                      .set("puzzle", puzzle.id())
                      .set("counts", numbers(counts))
                      .set("gods_number", static_cast<int>(counts.size()) - 1)
                      .set("reused", builtBefore);
    if (puzzle.spec().separable) {
      // The moves of the separable pieces alone, so a page can take them out of a solution's
      // length without knowing the puzzle.
      Json::Array ownMoves;
      for (int move = 0; move < static_cast<int>(puzzle.moves().size()); ++move) {
        if (puzzle.isSeparableMove(move)) ownMoves.push_back(puzzle.moves()[move].name);
      }
      answer.set("without", Json(Json::Object{})
                                .set("pieces", puzzle.spec().separable->label)
                                .set("moves", ownMoves)
                                .set("counts", numbers(table->counts()))
                                .set("gods_number", table->maxDistance()));
    }
    return answer;
  });
}

TableBytes exportTable(const std::string& id, const BuildProgressFn& progress,
                       Cancellation cancel) {
  TableBytes result;
  result.answer = onPuzzle(id, id.size(), [&](const Puzzle& puzzle) {
    const SolverDescription solvers = describeSolvers(puzzle);
    if (!solvers.wholeTable) return failure(puzzle.id() + " has no whole table");
    if (auto shortfall = wholeTableShortfall(puzzle, solvers)) return failure(*shortfall);
    const DistanceTable* table = solverFor(puzzle).wholeTable(progress, cancel);
    if (!table) return failure("cancelled");
    // The bytes are a copy of the table (and its header, well under a page).
    if (auto shortfall = tableMemoryShortfall(wholeTableBytes(puzzle, solvers) + 4096,
                                              "the export of " + puzzle.id() + "'s table")) {
      return failure(*shortfall);
    }
    result.bytes = table->serialize();
    return success().set("table_key", tableKey(puzzle, solvers));
  });
  return result;
}

Json importTable(const std::string& id, const std::string& bytes) {
  return onPuzzle(id, 0, [&](const Puzzle& puzzle) {
    const SolverDescription solvers = describeSolvers(puzzle);
    if (!solvers.wholeTable) return failure(puzzle.id() + " has no whole table");
    if (auto shortfall = tableMemoryShortfall(wholeTableBytes(puzzle, solvers),
                                              puzzle.id() + "'s imported distance table")) {
      return failure(*shortfall);
    }
    std::string error;
    std::optional<DistanceTable> table =
        DistanceTable::deserialize(puzzle, Solver::wholeTableSpec(puzzle), bytes, &error);
    if (!table) return failure(error);
    solverFor(puzzle).adoptWholeTable(std::move(*table));
    return success().set("table_key", tableKey(puzzle, solvers));
  });
}

Json prepareTables(const std::string& id, const std::string& tables,
                   const BuildProgressFn& progress, Cancellation cancel) {
  return onPuzzle(id, tables.size(), [&](const Puzzle& puzzle) {
    if (!describeSolvers(puzzle).kernel()) return noTableSets(puzzle);
    Solver& solver = solverFor(puzzle);
    const auto began = std::chrono::steady_clock::now();
    OptimalTables& sets = solver.optimalTables();
    const std::string set = sets.resolve(tables);
    if (set.empty()) return failure(puzzle.id() + " has no table set '" + tables + "'");
    std::string error;
    if (!sets.prepare(set, progress, cancel, &error)) return failure(error);
    return success()
        .set("puzzle", puzzle.id())
        .set("tables", set)
        .set("ms",
             std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
                 .count());
  });
}

TableBytes exportTables(const std::string& id, const std::string& tables) {
  TableBytes result;
  result.answer = onPuzzle(id, tables.size(), [&](const Puzzle& puzzle) {
    if (!describeSolvers(puzzle).kernel()) return noTableSets(puzzle);
    Solver& solver = solverFor(puzzle);
    const std::string set = solver.optimalTables().resolve(tables);
    if (set.empty()) return failure(puzzle.id() + " has no table set '" + tables + "'");
    std::string error;
    result.bytes = solver.optimalTables().exportBytes(set, &error);
    if (result.bytes.empty()) return failure(error);
    return success().set("puzzle", puzzle.id()).set("tables", set);
  });
  return result;
}

Json importTables(const std::string& id, const std::string& tables, const std::string& bytes) {
  return importTablesPart(id, tables, 0, static_cast<double>(bytes.size()), bytes);
}

Json importTablesPart(const std::string& id, const std::string& tables, double offset, double total,
                      const std::string& bytes) {
  return onPuzzle(id, 0, [&](const Puzzle& puzzle) {
    if (!describeSolvers(puzzle).kernel()) return noTableSets(puzzle);
    const auto whole = [](double value) {
      return value >= 0 && value < 9007199254740992.0 && value == std::floor(value);
    };
    if (!whole(offset) || !whole(total) || offset + static_cast<double>(bytes.size()) > total) {
      return failure(
          "a part of the tables needs whole numbers 0 ≤ offset ≤ offset + its bytes ≤ total");
    }
    OptimalTables& sets = solverFor(puzzle).optimalTables();
    const std::string set = sets.resolve(tables);
    if (set.empty()) return failure(puzzle.id() + " has no table set '" + tables + "'");
    if (total == 0) {
      sets.dropImport();
      return success().set("puzzle", puzzle.id()).set("tables", set).set("dropped", true);
    }
    if (offset == 0) {
      // Bytes that are no table set are refused before the searches on it are closed.
      if (auto problem = OptimalTables::framingProblem(static_cast<std::uint64_t>(total),
                                                       bytes.data(), bytes.size())) {
        return failure(*problem);
      }
      closeSearchesOn(puzzle, set);
    }
    std::string error;
    const OptimalTables::ImportStatus status =
        sets.importPart(set, static_cast<std::uint64_t>(offset), static_cast<std::uint64_t>(total),
                        bytes.data(), bytes.size(), &error);
    if (status == OptimalTables::ImportStatus::Failed) return failure(error);
    return success()
        .set("puzzle", puzzle.id())
        .set("tables", set)
        .set("received", offset + static_cast<double>(bytes.size()))
        .set("complete", status == OptimalTables::ImportStatus::Complete);
  });
}

}  // namespace polytwist::service
