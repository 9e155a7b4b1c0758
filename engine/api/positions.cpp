// Puzzles, positions and notation: the puzzle list and each puzzle's description (with its solver
// description from the registry), applying moves, scrambles and reading a colouring.
#include <algorithm>
#include <cmath>
#include <random>

#include "api/service_internal.hpp"
#include "core/facelets.hpp"
#include "core/stickering.hpp"
#include "geometry/described.hpp"
#include "geometry/holdings.hpp"
#include "puzzles/events.hpp"
#include "puzzles/random_moves.hpp"

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

// A search's name in answers: the puzzle's own solver by its kind, or the multi-phase one.
const char* searchName(std::optional<SolverKind> search) {
  if (!search) return "none";
  switch (*search) {
    case SolverKind::TableDescent:
      return "descent";
    case SolverKind::IdaStar:
      return "ida";
    case SolverKind::SymmetricIdaStar:
      return "kernel";
  }
  return "none";
}

// The description as puzzleInfo's "solvers" (docs/api.md): how Solve works, in order, or why it
// is not offered; how a scramble is drawn; whether God's number can be computed.
Json solversJson(const SolverDescription& solvers) {
  Json::Array solve;
  for (SolveMethod method : solvers.methods) {
    const bool fast = method == SolveMethod::Fast;
    solve.push_back(Json(Json::Object{})
                        .set("method", fast ? "fast" : "optimal")
                        .set("search", fast ? "two-phase" : searchName(solvers.search))
                        .set("goal", method == SolveMethod::Numbering ? "numbering" : "solved")
                        .set("optimal", !fast));
  }
  Json scramble = Json::Object{};
  if (solvers.scramble.randomMoves()) {
    scramble.set("method", "random-moves").set("moves", solvers.scramble.moves);
  } else {
    const bool fast = solvers.scramble.method == ScrambleSpec::Method::RandomStateFast;
    scramble.set("method", "random-state")
        .set("search", fast ? "two-phase" : searchName(solvers.search))
        .set("min_distance", solvers.scramble.minDistance);
  }
  scramble.set("description", describeScramble(solvers.scramble));
  return Json(Json::Object{})
      .set("solve", solve)
      .set("unsolvable", solvers.unsolvable)
      .set("scramble", scramble)
      .set("gods_number", solvers.wholeTable);
}

// A colouring's problem as data beside the message (facelets.hpp): only the fields it has.
Json problemJson(const FaceletProblem& problem) {
  Json out = Json(Json::Object{}).set("kind", problem.kind);
  const auto strings = [](const std::vector<std::string>& list) {
    Json::Array array;
    for (const std::string& item : list) array.push_back(item);
    return array;
  };
  if (!problem.orbit.empty()) out.set("orbit", problem.orbit);
  if (!problem.pieces.empty()) out.set("pieces", strings(problem.pieces));
  if (!problem.shown.empty()) out.set("shown", strings(problem.shown));
  if (!problem.counts.empty()) {
    Json::Array counts;
    for (const ColourCount& count : problem.counts) {
      counts.push_back(Json(Json::Object{})
                           .set("face", std::string(1, count.face))
                           .set("count", count.count)
                           .set("expected", count.expected));
    }
    out.set("counts", counts);
  }
  if (problem.expected > 0) out.set("count", problem.count).set("expected", problem.expected);
  if (problem.orientations > 0) out.set("orientations", problem.orientations);
  if (problem.twist > 0) out.set("twist", problem.twist);
  return out;
}

}  // namespace

namespace detail {

Json puzzleInfoOf(const Puzzle& puzzle, const SolverDescription& solvers) {
  Json::Array faces, moves;
  for (const FaceSpec& face : puzzle.spec().faces) {
    faces.push_back(Json(Json::Object{})
                        .set("name", std::string(1, face.letter))
                        .set("colour", face.colour)
                        .set("stickers", face.stickers));
  }
  for (const Move& move : puzzle.moves()) moves.push_back(move.name);
  Json::Array stickerings, schemes;
  for (const auto& [name, mask] : puzzle.spec().stickerings)
    stickerings.push_back(Json(Json::Object{}).set("name", name).set("mask", mask));
  for (const std::string& name : schemePresets()) schemes.push_back(name);
  // The fields before "solvers" say what it says in the older words the page and tests read:
  // the methods by solveWith's names (a numbering's solve is its "optimal" one), the solver of
  // the optimal solve ("optimal": the kernel), how scramble draws ("optimal": a random state
  // solved by the kernel with its default table set, which the page prepares first).
  Json::Array methods;
  for (SolveMethod method : solvers.methods) {
    methods.push_back(method == SolveMethod::Fast ? "fast" : "optimal");
  }
  const std::string solver = solvers.kernel() ? "optimal" : searchName(solvers.search);
  const char* scrambleMethod = solvers.scramble.randomMoves() ? "moves"
                               : solvers.scramble.method == ScrambleSpec::Method::RandomStateFast
                                   ? "two-phase"
                               : solvers.kernel() ? "optimal"
                                                  : "table";
  return success()
      .set("id", puzzle.id())
      .set("name", puzzle.spec().name)
      .set("faces", faces)
      .set("facelet_count", puzzle.faceletCount())
      .set("moves", moves)
      .set("state_count", puzzle.stateCountText())
      .set("has_distance_table", solvers.wholeTable)
      .set("table_bytes", wholeTableBytes(puzzle, solvers))
      .set("symbols", puzzle.spec().labelSymbols)
      .set("solver", solver)
      .set("table_key", tableKey(puzzle, solvers))
      .set("table_sets", tableSets(puzzle, solvers))
      .set("scramble_method", scrambleMethod)
      .set("methods", methods)
      .set("solvers", solversJson(solvers))
      .set("stickerings", stickerings)
      .set("schemes", schemes)
      // Derived from a description, or declared by hand and drawn from one (docs/geometry.md):
      // puzzleGeometry answers its geometry.
      .set("geometry", geometry::geometryOf(puzzle) != nullptr)
      .set("description",
           puzzle.spec().geometry.empty() ? puzzle.spec().description : puzzle.spec().geometry);
}

Json scrambleOf(const Puzzle& puzzle, const SolverDescription& solvers, double seed, int moves,
                const std::string& notationName) {
  Json error;
  const std::optional<const NotationSpec*> notation = notationFor(puzzle, notationName, error);
  if (!notation) return error;
  const State start = puzzle.solved();
  if (auto problem = seedProblem(seed)) return failure(*problem);
  if (moves < 0 || moves > kMaxScrambleMoves) {
    return failure("a random-move scramble has 1 to " + std::to_string(kMaxScrambleMoves) +
                   " moves");
  }
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  const ScrambleSpec& how = solvers.scramble;
  if (moves > 0 || how.randomMoves()) {
    const RandomMoveScramble drawn = drawRandomMoves(puzzle, how, moves, rng);
    // As drawn in the puzzle's own notation (Pochmann rows as written), else move by move.
    return positionAnswer(puzzle, puzzle.applySequence(start, drawn.moves))
        .set("scramble", *notation ? writeMoves(puzzle, start, drawn.moves, *notation) : drawn.text)
        .set("random_state", false);
  }
  if (how.method == ScrambleSpec::Method::RandomStateFast) {
    // Random states of a puzzle too large to solve optimally at once: solved by two-phase, as
    // WCA scramblers do; states closer than the minimum distance are drawn again.
    for (;;) {
      const State state = puzzle.randomState(rng);
      if (solvableWithin(puzzle, state, how.minDistance - 1)) continue;
      TwoPhaseOptions target;
      target.maxLength = puzzle.spec().fastTarget;
      const TwoPhaseResult solution = fastSolverFor(puzzle).solve(state, target);
      if (solution.status != TwoPhaseResult::Status::Solved) return failure(solution.error);
      const std::optional<std::vector<int>> moves = scrambleFor(puzzle, state, solution.moves);
      if (!moves) return failure("internal error: no scramble reaches the random position");
      return positionAnswer(puzzle, puzzle.applySequence(puzzle.solved(), *moves))
          .set("scramble", writeMoves(puzzle, start, *moves, *notation))
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
    if (coreMoves < how.minDistance) continue;
    const std::optional<std::vector<int>> moves = scrambleFor(puzzle, state, solution.moves);
    if (!moves) return failure("internal error: no scramble reaches the random position");
    return positionAnswer(puzzle, puzzle.applySequence(puzzle.solved(), *moves))
        .set("scramble", writeMoves(puzzle, start, *moves, *notation))
        .set("random_state", true);
  }
}

}  // namespace detail

Json listPuzzles() {
  Json::Array puzzles;
  for (const Puzzle& puzzle : allPuzzles()) {
    puzzles.push_back(Json(Json::Object{}).set("id", puzzle.id()).set("name", puzzle.spec().name));
  }
  // The puzzles with models of their own have no geometry, so they are listed apart (callers
  // looping over `puzzles` may ask for geometry); players show them as their `view` says.
  Json::Array own;
  for (const OwnModel* model : ownModels()) {
    own.push_back(Json(Json::Object{})
                      .set("id", model->id)
                      .set("name", model->name)
                      .set("view", model->view));
  }
  return success().set("puzzles", puzzles).set("own_models", own);
}

Json puzzleInfo(const std::string& id) {
  if (const OwnModel* own = findOwnModel(id)) return own->info();
  return onPuzzle(id, id.size(), [](const Puzzle& puzzle) {
    return puzzleInfoOf(puzzle, describeSolvers(puzzle));
  });
}

Json applyMoves(const std::string& id, const std::string& stateText, const std::string& moves) {
  return applyMovesIn(id, stateText, moves, "");
}

Json moveMotions(const std::string& id, const std::string& stateText) {
  if (const OwnModel* own = findOwnModel(id)) return motionsOwn(*own, stateText);
  const Json info = puzzleInfo(id);  // an unknown puzzle's error
  if (const Json* ok = info.find("ok"); ok && !ok->boolean()) return info;
  return failure("the " + info.find("name")->string() +
                 " is drawn from its geometry: its moves have no motions (moveMotions is for " +
                 "puzzles shown as solid pieces)");
}

Json applyMovesIn(const std::string& id, const std::string& stateText, const std::string& moves,
                  const std::string& notationName) {
  if (const OwnModel* own = findOwnModel(id)) return applyOwn(*own, stateText, moves, notationName);
  return onPuzzle(id, stateText.size() + moves.size(), [&](const Puzzle& puzzle) {
    Json error;
    std::optional<State> state = readState(puzzle, stateText, error);
    if (!state) return error;
    const std::optional<const NotationSpec*> notation = notationFor(puzzle, notationName, error);
    if (!notation) return error;
    const ResolvedSequence sequence = readMoves(puzzle, *state, moves, *notation);
    if (sequence.error)
      return failure(sequence.error->message).set("column", sequence.error->column);
    // The notation as written, in pieces, and per turn the piece it comes from (a move list
    // shows the brackets and marks the move being played inside them).
    Json::Array written;
    for (const notation::PrintedPiece& piece : sequence.written) {
      written.push_back(Json(Json::Object{}).set("text", piece.text).set("move", piece.token >= 0));
    }
    Json::Array turnWritten;
    for (int piece : sequence.writtenOf) turnWritten.emplace_back(piece);
    Json::Array turnInverted;
    for (bool inverted : sequence.playedInverted) turnInverted.emplace_back(inverted);
    return positionAnswer(puzzle, puzzle.applySequence(*state, sequence.moves))
        .set("moves", sequence.normalized)
        .set("turns", formatMoves(puzzle, sequence.moves))
        .set("written", written)
        .set("turn_written", turnWritten)
        .set("turn_inverted", turnInverted);
  });
}

Json listEvents() {
  Json::Array events;
  for (const WcaEvent& event : wcaEvents()) {
    Json entry = Json(Json::Object{})
                     .set("id", event.id)
                     .set("name", event.name)
                     .set("puzzle", event.puzzle);
    const Json info = puzzleInfo(event.puzzle);
    entry.set("scramble", *info.find("solvers")->find("scramble"));
    events.push_back(entry);
  }
  return success().set("events", events);
}

Json scramble(const std::string& eventOrPuzzle, double seed, int moves,
              const std::string& notationName) {
  // A WCA event's id stands for the puzzle it is scrambled on (puzzles/events.hpp).
  const WcaEvent* event = findWcaEvent(eventOrPuzzle);
  const std::string id = event ? event->puzzle : eventOrPuzzle;
  Json answer = [&] {
    if (const OwnModel* own = findOwnModel(id)) return scrambleOwn(*own, seed, moves, notationName);
    return onPuzzle(id, id.size(), [&](const Puzzle& puzzle) {
      return scrambleOf(puzzle, describeSolvers(puzzle), seed, moves, notationName);
    });
  }();
  if (event && answer.find("ok")->boolean()) answer.set("event", event->id);
  return answer;
}

Json validate(const std::string& id, const std::string& facelets) {
  if (const OwnModel* own = findOwnModel(id); own && own->validate) {
    return validateOwn(*own, facelets);
  }
  return onPuzzle(id, facelets.size(), [&](const Puzzle& puzzle) {
    const FaceletReading reading =
        stateFromFacelets(puzzle, facelets, geometry::wholeTurnsOf(puzzle));
    if (!reading.state) {
      Json::Array stickers;
      for (int s : reading.error.stickers) stickers.push_back(s);
      return failure(reading.error.message)
          .set("stickers", stickers)
          .set("problem", problemJson(reading.error.problem));
    }
    return positionAnswer(puzzle, *reading.state);
  });
}

Json appearance(const std::string& id, const std::string& stage, const std::string& scheme) {
  return onPuzzle(id, stage.size() + scheme.size(), [&](const Puzzle& puzzle) {
    std::string looks(puzzle.faceletCount(), 's');
    if (!stage.empty()) {
      StickerLooks mask = readStickering(puzzle, stage);
      if (mask.looks.empty())
        return failure(mask.error).set("parameter", "stage").set("column", mask.column);
      looks = std::move(mask.looks);
    }
    Json::Array colours;
    if (!scheme.empty()) {
      const FaceColours read = readScheme(puzzle, scheme);
      if (read.colours.empty()) return failure(read.error).set("parameter", "sch");
      for (const std::string& colour : read.colours) colours.push_back(colour);
    } else {
      for (const FaceSpec& face : puzzle.spec().faces) colours.push_back(face.colour);
    }
    return success().set("looks", looks).set("colours", colours);
  });
}

}  // namespace polytwist::service
