// The multi-phase ("fast") solvers, the 3x3x3's two-phase and the Kilominx's and FTO's four
// phases, and their random-state scrambles.
#include "search/two_phase.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/ranking.hpp"
#include "core/sequence.hpp"
#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;

namespace {

const Puzzle& cube3() { return *findPuzzle("cube3"); }

TwoPhaseSolver& solver() {
  static TwoPhaseSolver instance(cube3());
  REQUIRE(instance.prepare());
  return instance;
}

// Plays a multi-phase solution as searched (from the variant's position `reached`) phase by
// phase: each phase turns only the last facesOfPhase[phase] of `faces` and reaches its goal.
// Returns the position at the end.
State replayPhases(const Puzzle& puzzle, const TwoPhaseSolver& solver, const TwoPhaseResult& result,
                   State reached, const std::vector<std::string>& faces,
                   const std::vector<std::size_t>& facesOfPhase) {
  REQUIRE(result.phaseLengths.size() == facesOfPhase.size());
  std::size_t done = 0;
  for (std::size_t phase = 0; phase < facesOfPhase.size(); ++phase) {
    for (int m = 0; m < result.phaseLengths[phase]; ++m) {
      const std::string& face =
          puzzle.spec().moves[puzzle.moves()[result.searchedMoves[done]].base].name;
      const auto at = std::find(faces.begin(), faces.end(), face);
      CHECK(at - faces.begin() >= static_cast<long>(faces.size() - facesOfPhase[phase]));
      puzzle.applyMove(reached, result.searchedMoves[done++]);
    }
    CAPTURE(phase);
    CHECK(solver.reachedGoal(static_cast<int>(phase), reached));
  }
  CHECK(done == result.searchedMoves.size());
  return reached;
}

}  // namespace

TEST_CASE("cube3 two-phase: the derived coordinates and tables are Kociemba's") {
  const std::vector<TwoPhaseSolver::TableInfo> tables = solver().tableInfo();
  REQUIRE(tables.size() == 5);
  // Phase 1: twist (3^7) and flip (2^11) each with the places of the 4 slice edges (C(12,4)),
  // and (natively; over WebAssembly's size limit) twist x flip. Smallest first.
  CHECK(tables[0].entries == 2048u * 495u);
  CHECK(tables[1].entries == 2187u * 495u);
  CHECK(tables[2].entries == 2187u * 2048u);
  // Phase 2: the blocks <U, D, R2, L2, F2, B2> keeps: corners 8!, U/D edges 8!, slice edges 4!
  // (corners x U/D edges, 1.6 billion entries, is left out).
  CHECK(tables[3].entries == 40320u * 24u);
  CHECK(tables[4].entries == 40320u * 24u);
  // Published maximum distances of the phase-1 tables.
  CHECK(tables[0].maxDistance == 9);
  CHECK(tables[1].maxDistance == 9);
  CHECK(tables[2].maxDistance == 9);
  // Three axes, each for the position and its inverse.
  CHECK(solver().variantCount() == 6);
}

TEST_CASE("cube3 two-phase: 1,000 random states in at most 21 moves, phase 1 into the subgroup") {
  const Puzzle& puzzle = cube3();
  std::mt19937_64 rng(20261123);
  int longest = 0;
  std::vector<int> wins(solver().variantCount(), 0);
  for (int i = 0; i < 1000; ++i) {
    const State start = puzzle.randomState(rng);
    const TwoPhaseResult result = solver().solve(start);
    REQUIRE_MESSAGE(result.status == TwoPhaseResult::Status::Solved, result.error);
    CHECK(result.moves.size() <= 21);
    CHECK(puzzle.isSolved(puzzle.applySequence(start, result.moves)));
    // Phase 1 reaches the subgroup, phase 2 stays in it (in the frame of the variant that won:
    // the position or its inverse, seen along one of the three axes).
    const std::vector<int>& searched = result.searchedMoves;
    const std::vector<int> phase1(searched.begin(), searched.begin() + result.phase1Length);
    const State seen = solver().variantPosition(result.variant, start);
    CHECK(solver().reachedGoal(0, puzzle.applySequence(seen, phase1)));
    CHECK(puzzle.isSolved(puzzle.applySequence(seen, searched)));
    for (std::size_t m = result.phase1Length; m < searched.size(); ++m) {
      const Move& move = puzzle.moves()[searched[m]];
      CHECK((move.name[0] == 'U' || move.name[0] == 'D' || move.power == 2));
    }
    ++wins[result.variant];
    longest = std::max(longest, static_cast<int>(result.moves.size()));
  }
  MESSAGE("longest solution: " << longest);
  // Every variant finds some of the solutions first.
  for (int count : wins) CHECK(count > 0);
}

TEST_CASE("cube3 two-phase: short positions, a tighter target, and the solved cube") {
  const Puzzle& puzzle = cube3();
  CHECK(solver().solve(puzzle.solved()).moves.empty());
  // Eight random moves: a target of 8 is always met, often by another solution.
  std::mt19937_64 rng(5);
  TwoPhaseOptions options;
  options.maxLength = 8;
  for (int i = 0; i < 20; ++i) {
    const State start =
        puzzle.applySequence(puzzle.solved(), fixtures::randomMoves(puzzle, rng, 8));
    const TwoPhaseResult result = solver().solve(start, options);
    REQUIRE(result.status == TwoPhaseResult::Status::Solved);
    CHECK(result.moves.size() <= 8);
    CHECK(puzzle.isSolved(puzzle.applySequence(start, result.moves)));
  }
  // Two moves from solved: found at once, in two moves.
  const ResolvedSequence two = resolveSequence(puzzle, "R U");
  const State near = puzzle.applySequence(puzzle.solved(), two.moves);
  options.maxLength = 2;
  const TwoPhaseResult shortResult = solver().solve(near, options);
  REQUIRE(shortResult.status == TwoPhaseResult::Status::Solved);
  CHECK(shortResult.moves.size() == 2);
  // A target below the distance: no solution, said so.
  options.maxLength = 1;
  CHECK(solver().solve(near, options).status == TwoPhaseResult::Status::NotFound);
}

TEST_CASE("cube3 two-phase: a cancellation is seen at the first check, after 4,096 nodes") {
  // Each variant counts its nodes (both phases together) and checks every 4,096: the first
  // variant to reach 4,096 stops the solve, the others have fewer.
  const Puzzle& puzzle = cube3();
  std::mt19937_64 rng(7);
  std::atomic<bool> cancel{true};
  TwoPhaseOptions options;
  options.maxLength = 18;  // far more nodes than that for a random state
  options.cancel = {&cancel};
  const TwoPhaseResult result = solver().solve(puzzle.randomState(rng), options);
  CHECK(result.status == TwoPhaseResult::Status::Cancelled);
  CHECK(result.nodes >= 4096);
  CHECK(result.nodes < 4096 * static_cast<std::uint64_t>(solver().variantCount()));
}

TEST_CASE("cube3 two-phase: with time_ms, the shortest found, no longer than the scramble") {
  const Puzzle& puzzle = cube3();
  std::mt19937_64 rng(11);
  for (int i = 0; i < 6; ++i) {
    const int scrambleLength = 8 + i % 3;
    const std::string scramble =
        formatMoves(puzzle, fixtures::randomMoves(puzzle, rng, scrambleLength));
    const std::string state = service::applyMoves("cube3", "", scramble).find("state")->string();
    const Json first = service::solveWith("cube3", state, R"({"method":"fast"})");
    const Json timed = service::solveWith("cube3", state, R"({"method":"fast","time_ms":300})");
    INFO(scramble);
    REQUIRE_MESSAGE(timed.find("ok")->boolean(), timed.dump());
    CHECK(timed.find("time_ms")->number() == 300);
    CHECK(timed.find("length")->number() <= scrambleLength);
    CHECK(timed.find("length")->number() <= first.find("length")->number());
    CHECK(service::applyMoves("cube3", state, timed.find("solution")->string())
              .find("solved")
              ->boolean());
  }
  const std::string state = service::applyMoves("cube3", "", "R U F").find("state")->string();
  for (const std::string options :
       {R"({"method":"fast","time_ms":-1})", R"({"method":"fast","time_ms":"300"})",
        R"({"method":"fast","time_ms":1e9})", R"({"method":"fast","time_ms":true})"}) {
    INFO(options);
    const Json answer = service::solveWith("cube3", state, options);
    CHECK_FALSE(answer.find("ok")->boolean());
    CHECK(fixtures::contains(answer.find("error")->string(),
                             "\"time_ms\" must be a number of milliseconds from 0 to 60000"));
  }
  TwoPhaseOptions negative;
  negative.timeMs = -5;
  const TwoPhaseResult refused = solver().solve(puzzle.solved(), negative);
  CHECK(refused.status == TwoPhaseResult::Status::Failed);
  CHECK(fixtures::contains(refused.error, "time limit"));
}

TEST_CASE("cube3 random states: uniform orientation and parity, linked corner/edge parity") {
  const Puzzle& puzzle = cube3();
  std::mt19937_64 rng(7);
  const int samples = 30000;
  std::array<int, 3> cornerTwist{};  // orientation of the corner at URF
  std::array<int, 2> parity{};
  std::array<int, 8> cornerAtUrf{};
  for (int i = 0; i < samples; ++i) {
    const State s = puzzle.randomState(rng);
    REQUIRE_FALSE(puzzle.checkReachable(s));
    ++cornerTwist[s.ori[0]];
    ++cornerAtUrf[s.pieces[0]];
    const int cornerParity = permutationParity(std::span<const std::uint8_t>(s.pieces.data(), 8));
    const int edgeParity =
        permutationParity(std::span<const std::uint8_t>(s.pieces.data() + 8, 12));
    CHECK(cornerParity == edgeParity);
    ++parity[cornerParity];
  }
  // Each frequency within 5 standard deviations of its expectation.
  auto near = [&](int count, double p) {
    const double expected = samples * p;
    return std::abs(count - expected) < 5 * std::sqrt(expected * (1 - p));
  };
  for (int count : cornerTwist) CHECK(near(count, 1.0 / 3));
  for (int count : parity) CHECK(near(count, 0.5));
  for (int count : cornerAtUrf) CHECK(near(count, 1.0 / 8));
}

TEST_CASE("cube3 scrambles: reproducible by seed, reach their state, at least 2 moves away") {
  for (double seed : {0.0, 1.0, 42.0, 9007199254740991.0}) {
    const Json first = service::scramble("cube3", seed);
    REQUIRE_MESSAGE(first.find("ok")->boolean(), first.dump());
    const Json again = service::scramble("cube3", seed);
    CHECK(first.find("scramble")->string() == again.find("scramble")->string());
    const Json replay = service::applyMoves("cube3", "", first.find("scramble")->string());
    CHECK(replay.find("state")->string() == first.find("state")->string());
    CHECK(!replay.find("solved")->boolean());
    const auto moves = resolveSequence(cube3(), first.find("scramble")->string()).moves;
    CHECK(moves.size() >= 2);
    CHECK(moves.size() <= 21);
  }
  CHECK(service::scramble("cube3", 1).find("scramble")->string() !=
        service::scramble("cube3", 2).find("scramble")->string());
}

TEST_CASE("service: solveWith reads its options and answers the method it used") {
  const Json position = service::applyMoves("cube3", "", "R U F' L2 D B");
  const std::string state = position.find("state")->string();
  const Json fast = service::solveWith("cube3", state, R"({"method":"fast","max_length":21})");
  REQUIRE_MESSAGE(fast.find("ok")->boolean(), fast.dump());
  CHECK(fast.find("method")->string() == "fast");
  CHECK_FALSE(fast.find("optimal")->boolean());
  const Json after = service::applyMoves("cube3", state, fast.find("solution")->string());
  CHECK(after.find("solved")->boolean());
  // "optimal" goes to the optimal-search kernel (its small tables, cached as the kernel's tests
  // cache them); other puzzles answer "fast" with their optimal one.
  setenv("POLYTWIST_TABLE_DIR", (std::filesystem::current_path() / "test-tables").c_str(), 1);
  const Json optimal =
      service::solveWith("cube3", state, R"({"method":"optimal","tables":"small","threads":1})");
  REQUIRE_MESSAGE(optimal.find("ok")->boolean(), optimal.dump());
  CHECK(optimal.find("method")->string() == "optimal");
  CHECK(optimal.find("tables")->string() == "small");
  CHECK(optimal.find("length")->number() == 6);
  CHECK(service::applyMoves("cube3", state, optimal.find("solution")->string())
            .find("solved")
            ->boolean());
  const Json cube2 = service::solveWith("cube2", "", " { \"method\" : \"fast\" } ");
  REQUIRE(cube2.find("ok")->boolean());
  CHECK(cube2.find("method")->string() == "optimal");
  CHECK(cube2.find("optimal")->boolean());
  // Bad options: what is wrong, and where.
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"{method:\"fast\"}", "expected a key in double quotes (at character 2)"},
      {R"({"method":"quick"})", "\"method\" must be \"optimal\" or \"fast\""},
      {R"({"method":"fast"} x)", "unexpected text after the object"},
      {R"({"max_length":21.5})", "\"max_length\" must be a whole number from 0 to 60"},
      {R"({"max_length":1e300})", "\"max_length\" must be a whole number from 0 to 60"},
      {R"({"threads":-1})", "\"threads\" must be a whole number"},
      {R"({"speed":2})", "unknown key \"speed\""},
      {"[]", "expected a JSON object"},
  };
  for (const auto& [options, message] : bad) {
    const Json answer = service::solveWith("cube3", state, options);
    const std::string& shown = options;  // clang 14 cannot capture a structured binding
    INFO(shown);
    CHECK_FALSE(answer.find("ok")->boolean());
    CHECK(fixtures::contains(answer.find("error")->string(), message));
  }
}

TEST_CASE("multi-phase: three phases, a goal as a coset and a parity goal") {
  // The 3x3x3 in three phases (Thistlethwaite's first steps): edges oriented; then corners
  // oriented, the middle-layer edges in their layer, the U-face edges anywhere in the U and D
  // layers and an even corner permutation, with U D R L F2 B2; then solved in
  // <U, D, R2, L2, F2, B2>. The U-face edges' goal is every place the last phase's moves take
  // them to (C(8, 4) = 70 values), and the parity goal holds where phase 2 ends although the
  // last phase's quarter turns could fix either parity.
  PuzzleSpec spec = puzzles::cube3();
  spec.id = "cube3-three-phases";
  const std::vector<int> uEdges = {0, 1, 2, 3}, middleEdges = {8, 9, 10, 11};
  const auto places = [](const std::vector<int>& pieces) {
    return PhaseGoalSpec{
        .kind = PhaseGoalSpec::Kind::Coordinate,
        .orbit = "edge",
        .coordinate = {
            .orbit = "edge", .pieces = pieces, .orientations = false, .unordered = true}};
  };
  spec.phases = {
      {.name = "edges oriented", .goal = {{PhaseGoalSpec::Kind::Oriented, "edge"}}},
      {.name = "into <U, D, R2, L2, F2, B2>, corners even",
       .moves = {"U", "U2", "U'", "D", "D2", "D'", "R", "R2", "R'", "L", "L2", "L'", "F2", "B2"},
       .goal = {{PhaseGoalSpec::Kind::Oriented, "corner"}, places(middleEdges), places(uEdges)},
       .tables = {{0, 1}, {2}},
       .evenParity = {{"corner"}}},
      spec.phases[1]};
  const Puzzle puzzle(spec);
  TwoPhaseSolver solver(puzzle);
  REQUIRE(solver.prepare());
  REQUIRE(solver.phaseCount() == 3);
  const std::vector<TwoPhaseSolver::TableInfo> tables = solver.tableInfo();
  REQUIRE(tables.size() == 5);
  CHECK(tables[0].entries == 2048u);  // edge orientations
  CHECK(tables[0].goals == 1u);
  CHECK(tables[1].entries == 495u);  // U-face edges: the 70 places within the U and D layers
  CHECK(tables[1].goals == 70u);
  CHECK(tables[2].entries == 2187u * 495u);
  CHECK(tables[2].goals == 1u);

  std::mt19937_64 rng(26);
  const Orbit& corners = puzzle.orbits()[puzzle.orbitIndex("corner")];
  for (int i = 0; i < 20; ++i) {
    const State start = puzzle.randomState(rng);
    TwoPhaseOptions options;
    options.maxLength = 40;
    const TwoPhaseResult result = solver.solve(start, options);
    REQUIRE_MESSAGE(result.status == TwoPhaseResult::Status::Solved, result.error);
    CHECK(puzzle.isSolved(puzzle.applySequence(start, result.moves)));
    REQUIRE(result.phaseLengths.size() == 3);
    // Phase by phase in the frame of the variant that won (the position or its inverse, seen
    // along one of the three axes).
    State reached = solver.variantPosition(result.variant, start);
    std::size_t done = 0;
    for (int phase = 0; phase < 3; ++phase) {
      for (int m = 0; m < result.phaseLengths[phase]; ++m) {
        const Move& move = puzzle.moves()[result.searchedMoves[done]];
        const bool quarterFB = (move.name[0] == 'F' || move.name[0] == 'B') && move.power != 2;
        if (phase > 0) CHECK_FALSE(quarterFB);
        puzzle.applyMove(reached, result.searchedMoves[done++]);
      }
      CAPTURE(phase);
      CHECK(solver.reachedGoal(phase, reached));
      if (phase == 1) {
        CHECK(permutationParity(std::span<const std::uint8_t>(
                  reached.pieces.data() + corners.offset, corners.size)) == 0);
      }
    }
  }
}

TEST_CASE("kilominx fast: 200 random states, phase by phase, held by U-F-L, in at most 40 moves") {
  const Puzzle& puzzle = *findPuzzle("kilominx");
  static TwoPhaseSolver solver(puzzle);
  REQUIRE(solver.prepare());
  REQUIRE(solver.phaseCount() == 4);
  // Each phase turns only faces without U-F-L, the ones the next phase keeps among them.
  const std::vector<std::string> faces = {"BL", "BR", "R", "DL", "DR", "DBL", "DBR", "DB", "D"};
  const std::vector<std::size_t> facesOfPhase = {9, 6, 4, 2};
  const int reference = puzzle.orbits()[0].offset;  // U-F-L, corner 0
  std::mt19937_64 rng(20261128);
  int homeAlready = 0;
  for (int i = 0; i < 200; ++i) {
    const State start = puzzle.randomState(rng);
    homeAlready += start.pieces[reference] == 0 && start.ori[reference] == 0;
    TwoPhaseOptions options;
    options.maxLength = puzzle.spec().fastTarget;
    const TwoPhaseResult result = solver.solve(start, options);
    REQUIRE_MESSAGE(result.status == TwoPhaseResult::Status::Solved, result.error);
    CHECK(result.moves.size() <= 40);
    CHECK(puzzle.isSolved(puzzle.applySequence(start, result.moves)));
    REQUIRE(result.phaseLengths.size() == 4);
    State reached = solver.variantPosition(result.variant, start);
    CHECK(reached.pieces[reference] == 0);
    CHECK(reached.ori[reference] == 0);
    CHECK(replayPhases(puzzle, solver, result, reached, faces, facesOfPhase) == puzzle.solved());
  }
  // The random states hold U-F-L anywhere: the solver turns them (1 in 60 is home already).
  CHECK(homeAlready < 20);
  // A turned solved state needs no moves.
  const TwoPhaseResult turned = solver.solve(puzzle.solvedStates().back());
  REQUIRE(turned.status == TwoPhaseResult::Status::Solved);
  CHECK(turned.moves.empty());
}

TEST_CASE("fast scrambles: the random state drawn for the seed, reached by its scramble") {
  // Each puzzle scrambled by its multi-phase solver, with its default length cap.
  for (const auto& puzzleAndCap :
       {std::pair{"kilominx", std::size_t{40}}, {"fto", std::size_t{44}}}) {
    const std::string id = puzzleAndCap.first;
    const std::size_t cap = puzzleAndCap.second;
    CAPTURE(id);
    const Puzzle& puzzle = *findPuzzle(id);
    for (double seed : {0.0, 7.0, 9007199254740991.0}) {
      const Json scramble = service::scramble(id, seed);
      REQUIRE_MESSAGE(scramble.find("ok")->boolean(), scramble.dump());
      CHECK(scramble.find("random_state")->boolean());
      CHECK(service::scramble(id, seed).find("scramble")->string() ==
            scramble.find("scramble")->string());
      const std::vector<int> moves =
          resolveSequence(puzzle, scramble.find("scramble")->string()).moves;
      CHECK(moves.size() >= 2);
      CHECK(moves.size() <= cap);
      // The scramble service draws with this generator (positions.cpp): its first state.
      std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
      const State drawn = puzzle.randomState(rng);
      const State reached = puzzle.applySequence(puzzle.solved(), moves);
      CHECK(puzzle.samePosition(reached, drawn));
      CHECK(service::applyMoves(id, "", scramble.find("scramble")->string())
                .find("state")
                ->string() == scramble.find("state")->string());
    }
  }
}

namespace {

TwoPhaseSolver& ftoSolver() {
  static TwoPhaseSolver instance(*findPuzzle("fto"));
  REQUIRE(instance.prepare());
  return instance;
}

// Whether two states show the same in every orbit but the centres, which must be the same look.
State withIdenticalInterchanged(const Puzzle& puzzle, State state, std::mt19937_64& rng) {
  for (const Orbit& orbit : puzzle.orbits()) {
    if (!orbit.hasIdentical) continue;
    // Renumber each kind's pieces by a random permutation of the kind.
    for (int first = 0; first < orbit.size; ++first) {
      if (orbit.identicalClass[first] != first) continue;
      std::vector<std::uint8_t> kind;
      for (int piece = 0; piece < orbit.size; ++piece) {
        if (orbit.identicalClass[piece] == first) kind.push_back(static_cast<std::uint8_t>(piece));
      }
      std::vector<std::uint8_t> shuffled = kind;
      std::shuffle(shuffled.begin(), shuffled.end(), rng);
      for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
        const auto at = std::find(kind.begin(), kind.end(), state.pieces[i]);
        if (at != kind.end()) state.pieces[i] = shuffled[at - kind.begin()];
      }
    }
  }
  return state;
}

}  // namespace

TEST_CASE("fto fast: 60 random states, phase by phase, held by edge BR-D, in at most 44 moves") {
  const Puzzle& puzzle = *findPuzzle("fto");
  TwoPhaseSolver& solver = ftoSolver();
  REQUIRE(solver.phaseCount() == 3);
  // Each phase turns only faces without BR-D, the ones the next phase keeps among them.
  const std::vector<std::string> faces = {"L", "BL", "B", "U", "F", "R"};
  const std::vector<std::size_t> facesOfPhase = {6, 3, 2};
  const int reference = puzzle.orbits()[1].offset + 11;  // edge BR-D
  REQUIRE(puzzle.orbits()[1].pieceNames[11] == "BRD");
  std::mt19937_64 rng(20261128);
  int homeAlready = 0;
  for (int i = 0; i < 60; ++i) {
    const State start = puzzle.randomState(rng);
    homeAlready += start.pieces[reference] == 11;
    const TwoPhaseResult result = solver.solve(start, {.maxLength = puzzle.spec().fastTarget});
    REQUIRE_MESSAGE(result.status == TwoPhaseResult::Status::Solved, result.error);
    CHECK(result.moves.size() <= 44);
    CHECK(puzzle.isSolved(puzzle.applySequence(start, result.moves)));
    REQUIRE(result.phaseLengths.size() == 3);
    State reached = solver.variantPosition(result.variant, start);
    CHECK(reached.pieces[reference] == 11);
    reached = replayPhases(puzzle, solver, result, reached, faces, facesOfPhase);
    // Solved as held: the identical centres may stand in each other's places.
    CHECK(puzzle.sameLook(reached, puzzle.solved()));
    // Identical centres renumbered are the same position: the same solution.
    const State renumbered = withIdenticalInterchanged(puzzle, start, rng);
    REQUIRE(renumbered != start);
    CHECK(solver.solve(renumbered, {.maxLength = puzzle.spec().fastTarget}).moves == result.moves);
  }
  // The random states hold BR-D anywhere: the solver turns them (1 in 12 is home already).
  CHECK(homeAlready < 20);
  // A turned solved state, with its centres renumbered, needs no moves.
  const State turned = withIdenticalInterchanged(puzzle, puzzle.solvedStates().back(), rng);
  const TwoPhaseResult none = solver.solve(turned);
  REQUIRE(none.status == TwoPhaseResult::Status::Solved);
  CHECK(none.moves.empty());
}

TEST_CASE("fast solvers give up after their node budget") {
  const Puzzle& puzzle = *findPuzzle("fto");
  std::mt19937_64 rng(5);
  const State start = puzzle.randomState(rng);
  // No solution of the phases is this short; the budget ends the search at once.
  const TwoPhaseResult result = ftoSolver().solve(start, {.maxLength = 20, .maxNodes = 100000});
  CHECK(result.status == TwoPhaseResult::Status::NotFound);
  CHECK(result.nodes >= 100000);
  CHECK(result.nodes < 100000 + 3 * 4096);
  CHECK(result.error.find("gave up after") == 0);
}
