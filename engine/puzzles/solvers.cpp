#include "puzzles/solvers.hpp"

#include <algorithm>

#include "core/sequence.hpp"
#include "puzzles/random_moves.hpp"

namespace polytwist {
namespace {

constexpr SolveMethod Optimal = SolveMethod::Optimal;
constexpr SolveMethod Fast = SolveMethod::Fast;
constexpr SolveMethod Numbering = SolveMethod::Numbering;

ScrambleSpec randomMoves(int moves, RandomMoveRule rule = RandomMoveRule::NoBaseTwiceInARow) {
  return {.method = ScrambleSpec::Method::RandomMoves, .moves = moves, .rule = rule};
}
// As TNoodle scrambles the WCA's odd big cubes: U R F D L B and their wide turns to half the
// depth (the geometry's turns, the middle slab held: docs/geometry.md), no cut turned twice in
// one axis's run.
ScrambleSpec bigCubeMoves(int moves, std::vector<std::string> turns = {}) {
  ScrambleSpec spec = randomMoves(moves, RandomMoveRule::NoBaseTwiceAmongCommuting);
  spec.turns = std::move(turns);
  return spec;
}
ScrambleSpec pochmannRows(int rows) {
  return {.method = ScrambleSpec::Method::PochmannRows, .moves = rows * kPochmannRowMoves};
}
ScrambleSpec randomState(int minDistance) {
  return {.method = ScrambleSpec::Method::RandomState, .minDistance = minDistance};
}
ScrambleSpec randomStateFast(int minDistance) {
  return {.method = ScrambleSpec::Method::RandomStateFast, .minDistance = minDistance};
}

// A puzzle with no solver at all (say a 7x7x7) is listed as
//   {"cube7", {}, randomMoves(100), "no solver of polytwist can solve the 7x7x7 yet"}:
// Solve is not offered and the page shows the reason.
struct Entry {
  const char* puzzle;
  std::vector<SolveMethod> methods;
  ScrambleSpec scramble;
  const char* unsolvable = "";
};

// The registry, in the catalogue's order.
const std::vector<Entry>& registry() {
  static const std::vector<Entry> entries = {
      // As WCA scramblers: at least 6 moves without the tips.
      {"pyraminx", {Optimal}, randomState(6)},
      {"cube2", {Optimal}, randomState(4)},  // as WCA 2x2x2 scrambles
      {"domino", {Optimal}, randomState(8)},
      // Solved to the nearest solved state of the numbering given with each request; scrambled
      // as the Pyraminx.
      {"numbered_pyraminx", {Numbering}, randomState(6)},
      // Random states are too far for the optimal solver to scramble at once: solved by
      // two-phase, as WCA scramblers do; none solvable in fewer than 2 moves.
      {"cube3", {Optimal, Fast}, randomStateFast(2)},
      // Random states lie ~17 moves away, minutes for the optimal solver: scrambled by the fast
      // multi-phase one (~32 moves, well under a millisecond), at least 2 moves from solved.
      {"kilominx", {Optimal, Fast}, randomStateFast(2)},
      // Random states solved by the optimal-search kernel with its default table set (the page
      // prepares it first, from its cache or the site).
      {"master_pyraminx", {Optimal}, randomState(0)},
      // Puzzles from descriptions (docs/geometry.md): random moves as the WCA scrambles the big
      // cubes (60/80/100, TNoodle's rule) and the Megaminx (seven Pochmann rows), and about as
      // many as a position's distance elsewhere, until each has a solver (issue 26); the solver
      // data of those with one are in catalogue.cpp.
      // Random states solved by its own reduction to a 3x3x3 (~56 moves, a fraction of a second).
      {"cube4", {Fast}, randomStateFast(2)},
      {"cube5", {}, bigCubeMoves(60), "no solver of polytwist handles the 5x5x5 yet"},
      // An even cube's model turns every block from each end (5Rw, 3Lw); TNoodle turns the outer
      // two from every face and the half cube only from U, R and F.
      {"cube6",
       {},
       bigCubeMoves(80, {"U", "Uw", "3Uw", "D", "Dw", "L", "Lw", "R", "Rw", "3Rw", "F", "Fw", "3Fw",
                         "B", "Bw"}),
       "no solver of polytwist handles the 6x6x6 yet"},
      {"cube7", {}, bigCubeMoves(100), "no solver of polytwist handles the 7x7x7 yet"},
      {"megaminx", {}, pochmannRows(7), "no solver of polytwist handles the Megaminx yet"},
      {"gigaminx", {}, randomMoves(120), "no solver of polytwist handles the Gigaminx yet"},
      {"pyraminx_crystal",
       {},
       randomMoves(60),
       "no solver of polytwist handles the Pyraminx Crystal yet"},
      // As TNoodle (the WCA's scrambler) draws Skewb states: at least 7 moves from solved.
      {"skewb", {Optimal}, randomState(7)},
      // The Dino cube, Baby FTO and 2x2x3 are no WCA events: random states at least 2 moves
      // away, the WCA's general minimum.
      {"dino", {Optimal}, randomState(2)},
      {"helicopter", {}, randomMoves(30), "no solver of polytwist handles the Helicopter Cube yet"},
      {"fto", {Fast}, randomStateFast(2)},
      {"baby_fto", {Optimal}, randomState(2)},
      {"cube223", {Optimal}, randomState(2)},
  };
  return entries;
}

// Scrambles of a puzzle the registry does not list.
constexpr int kUnlistedScrambleMoves = 30;

const Entry* entryOf(const Puzzle& puzzle) {
  for (const Entry& entry : registry()) {
    if (puzzle.id() == entry.puzzle) return &entry;
  }
  return nullptr;
}

}  // namespace

std::string describeScramble(const ScrambleSpec& scramble) {
  const std::string moves = std::to_string(scramble.moves);
  const std::string minimum =
      scramble.minDistance > 1
          ? ", at least " + std::to_string(scramble.minDistance) + " moves from solved"
          : "";
  switch (scramble.method) {
    case ScrambleSpec::Method::RandomMoves: {
      std::string text = moves + " random moves";
      if (!scramble.turns.empty()) {
        text += " of";
        for (const std::string& turn : scramble.turns) text += " " + turn;
      }
      text += scramble.rule == RandomMoveRule::NoBaseTwiceInARow
                  ? ", never one face twice in a row"
                  : ", no block (R, Rw, 3Rw, ...) turned twice among consecutive turns about one "
                    "axis (TNoodle's rule)";
      return text;
    }
    case ScrambleSpec::Method::RandomState:
      return "a uniformly random state" + minimum + ", solved optimally";
    case ScrambleSpec::Method::RandomStateFast:
      return "a uniformly random state" + minimum + ", solved by the fast multi-phase solver";
    case ScrambleSpec::Method::PochmannRows:
      return std::to_string(scramble.moves / kPochmannRowMoves) +
             " rows of R++/R-- and D++/D-- alternating (a fair coin each), each row ending with U "
             "if its last D was D++, else U' (WCA's Megaminx notation)";
  }
  return "";
}

bool SolverDescription::offers(SolveMethod method) const {
  return std::find(methods.begin(), methods.end(), method) != methods.end();
}

bool hasSolverEntry(const Puzzle& puzzle) { return entryOf(puzzle) != nullptr; }

SolverDescription describeSolvers(const Puzzle& puzzle) {
  SolverDescription solvers;
  if (const Entry* entry = entryOf(puzzle)) {
    solvers.methods = entry->methods;
    solvers.scramble = entry->scramble;
    solvers.unsolvable = entry->unsolvable;
  } else {
    solvers.scramble = randomMoves(kUnlistedScrambleMoves);
    solvers.unsolvable = "polytwist has no solver for the " + puzzle.spec().name + " yet";
  }
  if (solvers.offers(Optimal) || solvers.offers(Numbering) ||
      solvers.scramble.method == ScrambleSpec::Method::RandomState) {
    solvers.search = puzzle.spec().solver;
  }
  solvers.wholeTable = puzzle.spec().hasDistanceTable;
  return solvers;
}

std::optional<std::string> checkSolvers(const Puzzle& puzzle, const SolverDescription& solvers) {
  const PuzzleSpec& spec = puzzle.spec();
  const std::string& id = puzzle.id();
  if (solvers.methods.empty() == solvers.unsolvable.empty()) {
    return id + ": a puzzle without solve methods says why (unsolvable), one with some does not";
  }
  if (solvers.offers(Fast) && spec.phases.empty() && spec.fastSolver == FastSolverKind::Phases) {
    return id + ": the Fast method needs phases of a multi-phase solver, or a solver of its own";
  }
  if (solvers.offers(Numbering) && spec.labelSymbols.empty()) {
    return id + ": the Numbering method needs numbered stickers (labelSymbols)";
  }
  if (solvers.offers(Optimal) && !spec.labelSymbols.empty()) {
    return id + ": a numbered puzzle is solved by its numbering, not to its home colours";
  }
  if (solvers.kernel() && spec.tableSets.empty()) {
    return id + ": the optimal-search kernel needs table sets";
  }
  switch (solvers.scramble.method) {
    case ScrambleSpec::Method::RandomMoves:
      if (solvers.scramble.moves < 1) return id + ": a random-move scramble needs its move count";
      for (const std::string& turn : solvers.scramble.turns) {
        if (!baseOfTurn(puzzle, turn)) {
          return id + ": the scramble's turn " + turn + " is no quarter turn of the puzzle";
        }
      }
      break;
    case ScrambleSpec::Method::RandomState:
      if (!solvers.offers(Optimal) && !solvers.offers(Numbering)) {
        return id + ": a random-state scramble needs the puzzle's own solver";
      }
      break;
    case ScrambleSpec::Method::RandomStateFast:
      if (!solvers.offers(Fast)) return id + ": a fast random-state scramble needs the Fast method";
      break;
    case ScrambleSpec::Method::PochmannRows:
      if (solvers.scramble.moves < 1 || solvers.scramble.moves % kPochmannRowMoves != 0) {
        return id + ": Pochmann rows are " + std::to_string(kPochmannRowMoves) + " moves each";
      }
      if (resolveSequence(puzzle, "R++ R-- D++ D-- U U'").error) {
        return id + ": Pochmann rows need the moves R++ R-- D++ D-- U U'";
      }
      break;
  }
  if (spec.scrambleMoves != 0 || spec.scrambleMinDistance != 0) {
    return id +
           ": scrambles are described in engine/puzzles/solvers.cpp, not by the spec's "
           "scrambleMoves or scrambleMinDistance";
  }
  return std::nullopt;
}

}  // namespace polytwist
