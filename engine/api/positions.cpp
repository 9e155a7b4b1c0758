// Puzzles, positions and notation: the puzzle list and each puzzle's description, applying moves,
// scrambles and reading a colouring.
#include <algorithm>
#include <cmath>
#include <random>

#include "api/service_internal.hpp"
#include "core/facelets.hpp"

namespace polytwist::service {
using namespace detail;

namespace {

// Whether some sequence of at most `moves` moves solves the state (cheap for the small distances
// scrambles refuse: at most 1 + 18 states for the 3x3x3).
bool solvableWithin(const Puzzle& puzzle, const State& state, int moves) {
  if (puzzle.isSolved(state)) return true;
  if (moves == 0) return false;
  for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
    if (solvableWithin(puzzle, puzzle.compose(state, puzzle.moves()[m].effect), moves - 1)) {
      return true;
    }
  }
  return false;
}

// The inverse of a solution, as a scramble that turns the solved puzzle into the position solved.
// With unmarked rotations the solution may end at a turned solved state; the scramble is then the
// inverse seen through that turn, so that it starts from the solved state itself.
std::optional<std::vector<int>> scrambleFor(const Puzzle& puzzle, const State& position,
                                            const std::vector<int>& solution) {
  const std::vector<int> inverse = invertMoves(puzzle, solution);
  for (const State& turn : puzzle.solvedStates()) {
    std::vector<int> scramble;
    for (int move : inverse) scramble.push_back(puzzle.moveInFrame(turn, move));
    if (std::find(scramble.begin(), scramble.end(), -1) != scramble.end()) continue;
    if (puzzle.samePosition(puzzle.applySequence(puzzle.solved(), scramble), position)) {
      return scramble;
    }
  }
  return std::nullopt;
}

}  // namespace

Json listPuzzles() {
  Json::Array puzzles;
  for (const Puzzle& puzzle : allPuzzles()) {
    puzzles.push_back(Json(Json::Object{}).set("id", puzzle.id()).set("name", puzzle.spec().name));
  }
  return success().set("puzzles", puzzles);
}

Json puzzleInfo(const std::string& id) {
  return onPuzzle(id, id.size(), [](const Puzzle& puzzle) {
    Json::Array faces, moves;
    for (const FaceSpec& face : puzzle.spec().faces) {
      faces.push_back(Json(Json::Object{})
                          .set("name", std::string(1, face.letter))
                          .set("colour", face.colour)
                          .set("stickers", face.stickers));
    }
    for (const Move& move : puzzle.moves()) moves.push_back(move.name);
    // How the puzzle can be solved: always optimally; "fast" (two-phase) where it declares phases.
    Json::Array methods;
    methods.push_back("optimal");
    if (!puzzle.spec().phases.empty()) methods.push_back("fast");
    return success()
        .set("id", puzzle.id())
        .set("name", puzzle.spec().name)
        .set("faces", faces)
        .set("facelet_count", puzzle.faceletCount())
        .set("moves", moves)
        .set("state_count", puzzle.stateCountText())
        .set("has_distance_table", puzzle.spec().hasDistanceTable)
        .set("table_bytes", wholeTableBytes(puzzle))
        .set("symbols", puzzle.spec().labelSymbols)
        .set("solver", puzzle.spec().solver == SolverKind::TableDescent       ? "descent"
                       : puzzle.spec().solver == SolverKind::SymmetricIdaStar ? "optimal"
                                                                              : "ida")
        .set("table_key", tableKey(puzzle))
        .set("table_sets", tableSets(puzzle))
        // How scramble draws: random moves, a random state solved by two-phase, or a random
        // state solved by the puzzle's own solver ("optimal": with its default table set, which
        // the page prepares first, downloading it when it can).
        .set("scramble_method", puzzle.spec().scrambleMoves > 0                        ? "moves"
                                : !puzzle.spec().phases.empty()                        ? "two-phase"
                                : puzzle.spec().solver == SolverKind::SymmetricIdaStar ? "optimal"
                                                                                       : "table")
        .set("methods", methods);
  });
}

Json applyMoves(const std::string& id, const std::string& stateText, const std::string& moves) {
  return applyMovesIn(id, stateText, moves, "");
}

Json applyMovesIn(const std::string& id, const std::string& stateText, const std::string& moves,
                  const std::string& notationName) {
  return onPuzzle(id, stateText.size() + moves.size(), [&](const Puzzle& puzzle) {
    Json error;
    std::optional<State> state = readState(puzzle, stateText, error);
    if (!state) return error;
    const std::optional<const NotationSpec*> notation = notationFor(puzzle, notationName, error);
    if (!notation) return error;
    const ResolvedSequence sequence = readMoves(puzzle, *state, moves, *notation);
    if (sequence.error)
      return failure(sequence.error->message).set("column", sequence.error->column);
    return positionAnswer(puzzle, puzzle.applySequence(*state, sequence.moves))
        .set("moves", sequence.normalized)
        .set("turns", formatMoves(puzzle, sequence.moves));
  });
}

Json scramble(const std::string& id, double seed, int moves, const std::string& notationName) {
  return onPuzzle(id, id.size(), [&](const Puzzle& puzzle) {
    Json error;
    const std::optional<const NotationSpec*> notation = notationFor(puzzle, notationName, error);
    if (!notation) return error;
    const State start = puzzle.solved();
    if (!(seed >= 0 && seed < 9007199254740992.0 && seed == std::floor(seed))) {
      return failure("seed must be a whole number from 0 to 2^53-1");
    }
    if (moves < 0 || moves > kMaxScrambleMoves) {
      return failure("a random-move scramble has 1 to " + std::to_string(kMaxScrambleMoves) +
                     " moves");
    }
    std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
    if (moves == 0) moves = puzzle.spec().scrambleMoves;
    if (moves > 0) {
      const std::vector<int> sequence = puzzle.randomMoves(rng, moves);
      return positionAnswer(puzzle, puzzle.applySequence(puzzle.solved(), sequence))
          .set("scramble", writeMoves(puzzle, start, sequence, *notation))
          .set("random_state", false);
    }
    if (!puzzle.spec().phases.empty()) {
      // Random states of a puzzle too large to solve optimally at once: solved by two-phase, as
      // WCA scramblers do; states closer than the minimum distance are drawn again.
      for (;;) {
        const State state = puzzle.randomState(rng);
        if (solvableWithin(puzzle, state, puzzle.spec().scrambleMinDistance - 1)) continue;
        const TwoPhaseResult solution = twoPhaseFor(puzzle).solve(state);
        if (solution.status != TwoPhaseResult::Status::Solved) return failure(solution.error);
        const std::vector<int> moves = invertMoves(puzzle, solution.moves);
        return positionAnswer(puzzle, puzzle.applySequence(puzzle.solved(), moves))
            .set("scramble", writeMoves(puzzle, start, moves, *notation))
            .set("random_state", true);
      }
    }
    Solver& solver = solverFor(puzzle);
    // One thread: on several, which of the optimal solutions is found first (and so the scramble
    // written) would depend on timing; WebAssembly always searches on one.
    SearchOptions oneThread;
    oneThread.threads = 1;
    for (;;) {
      const State state = puzzle.randomState(rng);
      const SolveOutcome solution = solver.solve(state, oneThread);
      if (solution.status != SolveOutcome::Status::Solved) return failure(solution.error);
      const auto coreMoves = std::count_if(solution.moves.begin(), solution.moves.end(),
                                           [&](int m) { return !puzzle.isSeparableMove(m); });
      if (coreMoves < puzzle.spec().scrambleMinDistance) continue;
      const std::optional<std::vector<int>> moves = scrambleFor(puzzle, state, solution.moves);
      if (!moves) return failure("internal error: no scramble reaches the random position");
      return positionAnswer(puzzle, puzzle.applySequence(puzzle.solved(), *moves))
          .set("scramble", writeMoves(puzzle, start, *moves, *notation))
          .set("random_state", true);
    }
  });
}

Json validate(const std::string& id, const std::string& facelets) {
  return onPuzzle(id, facelets.size(), [&](const Puzzle& puzzle) {
    const FaceletReading reading = stateFromFacelets(puzzle, facelets);
    if (!reading.state) {
      Json::Array stickers;
      for (int s : reading.error.stickers) stickers.push_back(s);
      return failure(reading.error.message).set("stickers", stickers);
    }
    return positionAnswer(puzzle, *reading.state);
  });
}

}  // namespace polytwist::service
