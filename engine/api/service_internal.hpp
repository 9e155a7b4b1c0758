// What the files of the service (engine/api/*.cpp) share: answers, reading states and notations,
// the caches of solvers, the whole table's and the table sets' names, and the operations whose
// answers depend on a puzzle's solver description (puzzles/solvers.hpp), which take it as a
// parameter: service.hpp's operations pass the registry's, tests pass others. Not part of the API
// (service.hpp is).
#pragma once

#include <cstdint>
#include <exception>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/sequence.hpp"
#include "puzzles/catalogue.hpp"
#include "puzzles/fast_solver.hpp"
#include "puzzles/solvers.hpp"
#include "search/solver.hpp"
#include "search/two_phase.hpp"

namespace polytwist::service::detail {

// ---- Answers (service.cpp)
Json failure(const std::string& message);
Json success();
Json numbers(const std::vector<std::uint64_t>& values);
std::string knownPuzzles();

// ---- Puzzles with a model of their own, beside the catalogue's Puzzles (own_models.cpp): the
// Rubik's Clock (clock.cpp) and the Square-1 (square1.cpp). Each has one notation, random-state
// scrambles and a fast solver. The service checks what they share (input size, notation, seed,
// timing) and hands them the rest.
struct OwnModel {
  const char* id;
  const char* name;
  const char* notation;  // its one notation, named when another is asked for
  // How a player shows it: "picture" (the engine's picture of each position) or "pieces" (a 3D
  // view of the solid pieces puzzleInfo describes, placed as each position says).
  const char* view;
  Json (*info)();  // puzzleInfo's answer
  // The position after `moves` from `state` ("" = solved), with "moves" as read; or an error.
  Json (*apply)(const std::string& state, const std::string& moves);
  // A random state's position, with "scramble" (the moves that reach it) and "random_state".
  Json (*scramble)(std::mt19937_64& rng);
  // {solution, length, …} of `state`, or an error.
  Json (*solve)(const std::string& state);
  // validate's answer: the position a person's entry of the pieces describes, or an error with
  // its column; nullptr when the model reads no such entry.
  Json (*validate)(const std::string& entry);
  const char* optimalNote;  // answered with the fast solution when an optimal one is asked
};
const OwnModel& clockModel();
const OwnModel& square1Model();
// The model of that id, or nullptr for the catalogue's puzzles.
const OwnModel* findOwnModel(const std::string& id);
const std::vector<const OwnModel*>& ownModels();
// What it answers, for the operations it does not.
std::string ownModelOffers(const OwnModel& model);
// puzzleInfo's common part: id, name, model, moves, state_count, solvers, geometry.
Json ownModelInfo(const OwnModel& model, const Json::Array& moves, const std::string& stateCount,
                  const std::string& solveSearch, int minScrambleDistance,
                  const std::string& scrambleDescription);
Json applyOwn(const OwnModel& model, const std::string& state, const std::string& moves,
              const std::string& notation);
Json scrambleOwn(const OwnModel& model, double seed, int moves, const std::string& notation);
Json solveOwn(const OwnModel& model, const std::string& state, const SolveOptions& options);
// For a model with a validate: its answer to a person's entry.
Json validateOwn(const OwnModel& model, const std::string& entry);
// Every move's motion from `state` (service.hpp, moveMotions), for a model shown as pieces.
Json motionsOwn(const OwnModel& model, const std::string& state);

// Why `seed` is refused (a scramble's seed is a whole number below 2^53), or nullopt.
std::optional<std::string> seedProblem(double seed);

// Runs an operation, any exception becoming an error answer: nothing throws out of the service.
template <typename Operation>
Json guarded(Operation operation) {
  try {
    return operation();
  } catch (const std::bad_alloc&) {
    // Native builds only: in WebAssembly a failing `new` aborts, so tables ask first
    // (search/memory.hpp).
    return failure("out of memory: this call needs more memory than the system gives");
  } catch (const std::exception& error) {
    return failure(std::string("internal error: ") + error.what());
  }
}

// onPuzzle's lookups and checks, and the operation.
template <typename Operation>
Json onKnownPuzzle(const std::string& id, std::size_t inputBytes, Operation& operation) {
  if (inputBytes > kMaxInputBytes) {
    return failure("input of " + std::to_string(inputBytes) + " bytes is too long (limit " +
                   std::to_string(kMaxInputBytes) + ")");
  }
  if (const OwnModel* own = findOwnModel(id)) return failure(ownModelOffers(*own));
  const Puzzle* puzzle = findPuzzle(id);
  if (!puzzle && looksLikeDescription(id)) {
    const PuzzleLookup lookup = lookUpPuzzle(id);
    if (!lookup.puzzle) return failure("puzzle description: " + lookup.error);
    puzzle = lookup.puzzle;
  }
  if (!puzzle) {
    return failure("unknown puzzle '" + id.substr(0, 64) + "' (known: " + knownPuzzles() + ")");
  }
  return operation(*puzzle);
}

// Runs an operation on a known puzzle; unknown names, oversized inputs and any exception become
// error answers.
template <typename Operation>
Json onPuzzle(const std::string& id, std::size_t inputBytes, Operation operation) {
  return guarded([&] { return onKnownPuzzle(id, inputBytes, operation); });
}

// ---- The solvers of the catalogue's puzzles, made on first use (service.cpp)
// The puzzle's own solver (PuzzleSpec::solver); its tables are built on first use.
Solver& solverFor(const Puzzle& puzzle);
// That solver if it was made already, else nullptr (making one takes memory).
Solver* existingSolver(const Puzzle& puzzle);
// The fast solver of a puzzle that has one (puzzles/fast_solver.hpp); tables are built on first
// use.
FastSolver& fastSolverFor(const Puzzle& puzzle);

// ---- Searches in slices (sliced_search.cpp)
// Closes the open searches on a puzzle's table set, whose tables are about to be replaced; a
// later step of one says why.
void closeSearchesOn(const Puzzle& puzzle, const std::string& set);

// ---- Positions and notations (service.cpp)
// A state from the API: "" is solved; otherwise a state string from an earlier answer.
std::optional<State> readState(const Puzzle& puzzle, const std::string& text, Json& error);
// The notation `name` names ("" = the puzzle's own: nullptr), or an error saying which exist.
std::optional<const NotationSpec*> notationFor(const Puzzle& puzzle, const std::string& name,
                                               Json& error);
// Moves from `start` in a notation: faces by its names, and seed 001's moving frame resolved
// into the puzzle's own moves.
ResolvedSequence readMoves(const Puzzle& puzzle, const State& start, const std::string& text,
                           const NotationSpec* notation);
std::string writeMoves(const Puzzle& puzzle, const State& start, const std::vector<int>& moves,
                       const NotationSpec* notation);
// {ok, state, facelets, solved}.
Json positionAnswer(const Puzzle& puzzle, const State& state);

// ---- Tables (tables.cpp)
// The cache key of the whole-puzzle table ("" without one).
std::string tableKey(const Puzzle& puzzle, const SolverDescription& solvers);
// Bytes of the whole-puzzle table's entries (0 without one).
std::uint64_t wholeTableBytes(const Puzzle& puzzle, const SolverDescription& solvers);
// Refuses, before it is built, a whole table the memory cannot hold.
std::optional<std::string> wholeTableShortfall(const Puzzle& puzzle,
                                               const SolverDescription& solvers);
// The optimal-search kernel's table sets, each {name, key} (empty without the kernel).
Json::Array tableSets(const Puzzle& puzzle, const SolverDescription& solvers);

// ---- The operations that follow a solver description
// puzzleInfo (positions.cpp): the description as "solvers", and the older fields made from it.
Json puzzleInfoOf(const Puzzle& puzzle, const SolverDescription& solvers);
// scramble (positions.cpp).
Json scrambleOf(const Puzzle& puzzle, const SolverDescription& solvers, double seed, int moves,
                const std::string& notation);
// solve (solving.cpp).
Json solveOf(const Puzzle& puzzle, const SolverDescription& solvers, const std::string& state,
             const SolveOptions& options, const SolveProgressFn& progress, Cancellation cancel);

}  // namespace polytwist::service::detail
