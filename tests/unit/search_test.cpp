#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"
#include "search/optimal_search.hpp"
#include "search/solver.hpp"
#include "search/table_search.hpp"

using namespace polytwist;

namespace {

// The kernel's driver over distance tables (TableHeuristic), as one call per start, on one
// thread: solved, cancelled, beyond the depth limit, or unsolvable (a table reaches no goal).
struct SearchResult {
  enum class Status { Solved, Unsolvable, Cancelled, DepthLimit } status;
  std::vector<int> moves;
};
class TableSearch {
 public:
  TableSearch(const Puzzle& puzzle, std::vector<TableLookup> lookups, std::vector<State> goals)
      : heuristic_(puzzle, std::move(lookups), std::move(goals)) {}
  SearchResult solve(const State& start, const SearchOptions& options) const {
    if (heuristic_.estimate(start) < 0) return {SearchResult::Status::Unsolvable, {}};
    OptimalSearch search(heuristic_, start, options.maxDepth);
    std::function<void(const SearchProgress&)> progress;
    if (options.progress) {
      progress = [&](const SearchProgress& p) { options.progress(p.depth, p.nodes); };
    }
    switch (search.runParallel(1, options.cancel.flag, progress)) {
      case OptimalSearch::Status::Solved:
        return {SearchResult::Status::Solved, search.solution()};
      case OptimalSearch::Status::Cancelled:
        return {SearchResult::Status::Cancelled, {}};
      default:
        return {SearchResult::Status::DepthLimit, {}};
    }
  }

 private:
  TableHeuristic heuristic_;
};

// Canonical form of a search's answer: never two turns of one base in a row, and of two commuting
// bases the lower first (the order the kernel's searches follow, SearchHeuristic::followers).
bool canonical(const Puzzle& puzzle, const std::vector<int>& moves) {
  for (std::size_t i = 1; i < moves.size(); ++i) {
    const int a = puzzle.moves()[moves[i - 1]].base;
    const int b = puzzle.moves()[moves[i]].base;
    if (a == b) return false;
    if (b < a && puzzle.basesCommute(a, b)) return false;
  }
  return true;
}

// The catalogue's cube2 with the UFR120 turn's square added as a second symmetry: each 3-cycle of
// the turn reversed.
PuzzleSpec cube2WithBothTurns() {
  PuzzleSpec spec = puzzles::cube2();
  std::vector<std::string> reversed;
  for (const std::string& cycle : spec.symmetries[0].second) {
    std::vector<std::string> words;
    std::string word;
    for (char c : cycle + ' ') {
      if (c == ' ') {
        if (!word.empty()) words.push_back(word);
        word.clear();
      } else {
        word += c;
      }
    }
    std::reverse(words.begin(), words.end());
    std::string text;
    for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
    reversed.push_back(text);
  }
  spec.symmetries.push_back({"UFR240", reversed});
  return spec;
}

// The state a conjugated lookup sees: the sequence reaching `s`, each move replaced by its image
// under the symmetry, applied to solved. Computed from moveMap alone, not from compose.
State seenThrough(const Puzzle& puzzle, int symmetry, const std::vector<int>& scramble) {
  std::vector<int> mapped;
  for (int m : scramble) mapped.push_back(puzzle.symmetries()[symmetry].moveMap[m]);
  return puzzle.applySequence(puzzle.solved(), mapped);
}

State cube2StateAtDistance(int distance, std::mt19937_64& rng) {
  for (;;) {
    const State s = fixtures::cube2().randomState(rng);
    if (fixtures::cube2Distance(s) == distance) return s;
  }
}

}  // namespace

TEST_CASE("search: IDA* is optimal on every state of the fixtures") {
  struct Case {
    const Puzzle* puzzle;
    const fixtures::BruteForce* reference;
    std::vector<TableSpec> tables;
  };
  const std::vector<Case> cases = {
      {&fixtures::gear(), &fixtures::gearStates(), fixtures::gearSpec().tables},
      {&fixtures::gear(),
       &fixtures::gearStates(),
       {{"edges 0 1", {{"edge", {0, 1}, true, true}}, 4, {}},
        {"edges 2 3", {{"edge", {2, 3}, true, false}}, 2, {}},
        {"tips", {{"tip", {}, false, true}}, 4, {}}}},
      {&fixtures::linked(),
       &fixtures::linkedStates(),
       {{"a", {{"a", {}, true, false}}, 2, {}}, {"b", {{"b", {}, true, true}}, 4, {}}}},
  };
  for (const Case& c : cases) {
    const Puzzle& puzzle = *c.puzzle;
    CAPTURE(puzzle.id());
    CAPTURE(c.tables.size());
    std::vector<DistanceTable> tables;
    for (const TableSpec& spec : c.tables)
      tables.push_back(fixtures::buildTable(puzzle, spec, {puzzle.solved()}));
    std::vector<TableLookup> lookups;
    for (const DistanceTable& table : tables) lookups.push_back({&table, -1});
    const TableSearch search(puzzle, lookups, {puzzle.solved()});
    int bad = 0;
    for (const State& s : c.reference->states) {
      const SearchResult result = search.solve(s, {});
      if (result.status != SearchResult::Status::Solved ||
          static_cast<int>(result.moves.size()) != c.reference->of(puzzle, s) ||
          puzzle.applySequence(s, result.moves) != puzzle.solved() ||
          !canonical(puzzle, result.moves)) {
        ++bad;
      }
    }
    CHECK(bad == 0);
  }
}

TEST_CASE("search: IDA* with pattern tables is optimal on random cube2 states") {
  const Puzzle& cube = fixtures::cube2();
  // Corner permutation (5040, mod 3) and corner orientation (729, exact), their maximum.
  const DistanceTable permutation = fixtures::buildTable(
      cube, {"corner permutation", {{"corner", {}, true, false}}, 2, {}}, {cube.solved()});
  const DistanceTable orientation = fixtures::buildTable(
      cube, {"corner orientation", {{"corner", {}, false, true}}, 4, {}}, {cube.solved()});
  const TableSearch search(cube, {{&permutation, -1}, {&orientation, -1}}, {cube.solved()});
  std::mt19937_64 rng(1234);
  int bad = 0;
  std::vector<int> lengths(12, 0);
  for (int trial = 0; trial < 3000; ++trial) {
    const State s = cube.randomState(rng);
    const SearchResult result = search.solve(s, {});
    const int d = fixtures::cube2Distance(s);
    if (result.status != SearchResult::Status::Solved ||
        static_cast<int>(result.moves.size()) != d ||
        cube.applySequence(s, result.moves) != cube.solved() || !canonical(cube, result.moves)) {
      ++bad;
    }
    ++lengths[d];
  }
  CHECK(bad == 0);
  CHECK(lengths[9] > lengths[8]);  // random states: mostly 9 and 10 moves away (A079761)
  // Short scrambles too, including the solved state itself.
  for (int length = 0; length <= 6; ++length) {
    for (int trial = 0; trial < 20; ++trial) {
      const State s = cube.applySequence(cube.solved(), fixtures::randomMoves(cube, rng, length));
      const SearchResult result = search.solve(s, {});
      REQUIRE(result.status == SearchResult::Status::Solved);
      CHECK(static_cast<int>(result.moves.size()) == fixtures::cube2Distance(s));
      CHECK(cube.applySequence(s, result.moves) == cube.solved());
    }
  }
}

TEST_CASE("search: symmetric lookups are admissible and keep solutions optimal") {
  const Puzzle cube(cube2WithBothTurns());
  REQUIRE(cube.symmetries().size() == 2);
  // The turn's square maps each move as the turn does twice.
  for (int m = 0; m < static_cast<int>(cube.moves().size()); ++m) {
    CHECK(cube.symmetries()[1].moveMap[m] ==
          cube.symmetries()[0].moveMap[cube.symmetries()[0].moveMap[m]]);
  }
  // Four corners, positions and orientations (7·6·5·4 · 3^4 = 68040 entries), and a weak table
  // of two corners (7·6 · 3^2 = 378), each looked up in the three frames.
  std::mt19937_64 rng(99);
  for (const std::vector<int>& pieces : {std::vector<int>{0, 1, 2, 3}, std::vector<int>{1, 2}}) {
    CAPTURE(pieces.size());
    const DistanceTable corners = fixtures::buildTable(
        cube, {"corners", {{"corner", pieces, true, true}}, 2, {}}, {cube.solved()});
    const std::vector<TableLookup> lookups = {{&corners, -1}, {&corners, 0}, {&corners, 1}};
    const TableSearch search(cube, lookups, {cube.solved()});
    int tighter = 0;
    for (int trial = 0; trial < 500; ++trial) {
      const std::vector<int> scramble = fixtures::randomMoves(cube, rng, 20);
      const State s = cube.applySequence(cube.solved(), scramble);
      const int d = fixtures::cube2Distance(s);
      const int own = corners.distance(corners.space().index(s));
      CHECK(own <= d);
      int best = own;
      for (int sym = 0; sym < 2; ++sym) {
        const State seen = seenThrough(cube, sym, scramble);
        // The conjugated state, as the engine computes it for its lookups.
        const State& turn = cube.symmetries()[sym].effect;
        REQUIRE(cube.compose(cube.compose(cube.inverse(turn), s), turn) == seen);
        // A symmetry is an automorphism of the move graph: distances are kept.
        CHECK(fixtures::cube2Distance(seen) == d);
        // So the table looked up in that frame never overestimates.
        const int framed = corners.distance(corners.space().index(seen));
        CHECK(framed <= d);
        best = std::max(best, framed);
      }
      tighter += best > own;
      const SearchResult result = search.solve(s, {});
      REQUIRE(result.status == SearchResult::Status::Solved);
      CHECK(static_cast<int>(result.moves.size()) == d);
      CHECK(cube.applySequence(s, result.moves) == cube.solved());
      CHECK(canonical(cube, result.moves));
    }
    CHECK(tighter > 0);  // the symmetric frames do add information
  }
  // A Solver whose TableSpec asks for the symmetric lookups finds the same optimal lengths.
  PuzzleSpec spec = cube2WithBothTurns();
  spec.solver = SolverKind::IdaStar;
  spec.tables = {{"corners 0-3", {{"corner", {0, 1, 2, 3}, true, true}}, 2, {"UFR120", "UFR240"}}};
  const Puzzle withTables(spec);
  Solver solver(withTables);
  REQUIRE(solver.prepare());
  CHECK(solver.patternTables().size() == 1);
  for (int trial = 0; trial < 200; ++trial) {
    const State s = withTables.randomState(rng);
    const SolveOutcome outcome = solver.solve(s);
    REQUIRE(outcome.status == SolveOutcome::Status::Solved);
    CHECK(static_cast<int>(outcome.moves.size()) == fixtures::cube2Distance(s));
    CHECK(withTables.applySequence(s, outcome.moves) == withTables.solved());
  }
  // A symmetry name the puzzle does not have is refused.
  spec.tables[0].symmetries = {"UFR90"};
  const Puzzle misnamed(spec);
  Solver broken(misnamed);
  CHECK_THROWS_AS(broken.prepare(), std::invalid_argument);
}

TEST_CASE("search: multi-goal IDA* reaches the nearest goal") {
  // gear, exhaustively: goals solved and a state 5 moves away.
  const Puzzle& gear = fixtures::gear();
  const fixtures::BruteForce& fromSolved = fixtures::gearStates();
  const State other = *std::find_if(fromSolved.states.begin(), fromSolved.states.end(),
                                    [&](const State& s) { return fromSolved.of(gear, s) == 5; });
  const fixtures::BruteForce fromOther = fixtures::bruteForce(gear, {other});
  const std::vector<State> goals = {gear.solved(), other};
  std::vector<DistanceTable> tables;
  for (const TableSpec& spec : fixtures::gearSpec().tables)
    tables.push_back(fixtures::buildTable(gear, spec, goals));
  const TableSearch search(gear, {{&tables[0], -1}, {&tables[1], -1}}, goals);
  int bad = 0, toOther = 0;
  for (const State& s : fromSolved.states) {
    const SearchResult result = search.solve(s, {});
    const int nearest = std::min(fromSolved.of(gear, s), fromOther.of(gear, s));
    const State end = gear.applySequence(s, result.moves);
    if (result.status != SearchResult::Status::Solved ||
        static_cast<int>(result.moves.size()) != nearest ||
        (end != gear.solved() && end != other)) {
      ++bad;
    }
    toOther += end == other;
  }
  CHECK(bad == 0);
  CHECK(toOther > 0);

  // cube2, random states: the distance from s to g is that of the state s⁻¹·g.
  const Puzzle& cube = fixtures::cube2();
  std::mt19937_64 rng(5);
  const State g = cube2StateAtDistance(6, rng);
  const std::vector<State> cubeGoals = {cube.solved(), g};
  const DistanceTable corners = fixtures::buildTable(
      cube, {"corners", {{"corner", {0, 1, 2, 3}, true, true}}, 2, {}}, cubeGoals);
  const DistanceTable orientation =
      fixtures::buildTable(cube, {"twist", {{"corner", {}, false, true}}, 2, {}}, cubeGoals);
  const TableSearch cubeSearch(cube, {{&corners, -1}, {&orientation, -1}}, cubeGoals);
  for (int trial = 0; trial < 100; ++trial) {
    const State s = cube.randomState(rng);
    const int nearest = std::min(fixtures::cube2Distance(s),
                                 fixtures::cube2Distance(cube.compose(cube.inverse(s), g)));
    const SearchResult result = cubeSearch.solve(s, {});
    REQUIRE(result.status == SearchResult::Status::Solved);
    CHECK(static_cast<int>(result.moves.size()) == nearest);
    const State end = cube.applySequence(s, result.moves);
    CHECK((end == cube.solved() || end == g));
  }
}

TEST_CASE("search: cancellation, depth limit and unsolvable starts") {
  const Puzzle& cube = fixtures::cube2();
  std::mt19937_64 rng(8);
  const State far = cube2StateAtDistance(10, rng);
  // A deliberately weak heuristic (where one corner is) so that the search takes many nodes.
  const DistanceTable weak = fixtures::buildTable(
      cube, {"corner 0", {{"corner", {0}, true, false}}, 2, {}}, {cube.solved()});
  const TableSearch search(cube, {{&weak, -1}}, {cube.solved()});

  std::atomic<bool> cancel{true};
  SearchOptions preset;
  preset.cancel = {&cancel};
  const SearchResult cancelled = search.solve(far, preset);
  CHECK(cancelled.status == SearchResult::Status::Cancelled);
  CHECK(cancelled.moves.empty());

  std::atomic<bool> later{false};
  SearchOptions fromProgress;
  fromProgress.cancel = {&later};
  std::vector<int> bounds;
  fromProgress.progress = [&](int depth, std::uint64_t) {
    if (bounds.empty() || bounds.back() != depth) bounds.push_back(depth);
    if (depth >= 7) later = true;
  };
  CHECK(search.solve(far, fromProgress).status == SearchResult::Status::Cancelled);
  CHECK(std::is_sorted(bounds.begin(), bounds.end()));
  CHECK(bounds.back() >= 7);

  SearchOptions shallow;
  shallow.maxDepth = 4;
  const SearchResult limited = search.solve(far, shallow);
  CHECK(limited.status == SearchResult::Status::DepthLimit);
  CHECK(limited.moves.empty());

  // Exactly deep enough.
  const DistanceTable& exact = fixtures::cube2Exact();
  const TableSearch perfect(cube, {{&exact, -1}}, {cube.solved()});
  SearchOptions tight;
  tight.maxDepth = 10;
  const SearchResult justEnough = perfect.solve(far, tight);
  CHECK(justEnough.status == SearchResult::Status::Solved);
  CHECK(justEnough.moves.size() == 10);
  tight.maxDepth = 9;
  CHECK(perfect.solve(far, tight).status == SearchResult::Status::DepthLimit);

  // linked: a state breaking the parity link has no entry in the whole table: unsolvable at once.
  const Puzzle& linked = fixtures::linked();
  const DistanceTable whole =
      fixtures::buildTable(linked, fixtures::wholeSpec(linked, 2), {linked.solved()});
  const TableSearch linkedSearch(linked, {{&whole, -1}}, {linked.solved()});
  State odd = linked.solved();
  std::swap(odd.pieces[0], odd.pieces[1]);
  const SearchResult unsolvable = linkedSearch.solve(odd, {});
  CHECK(unsolvable.status == SearchResult::Status::Unsolvable);
  CHECK(unsolvable.moves.empty());
  CHECK(linkedSearch.solve(linked.solved(), {}).status == SearchResult::Status::Solved);
}

TEST_CASE("search: Solver with table descent is optimal") {
  // The 2x2x2 solves by IDA* (its own tables) unless asked to descend its whole table.
  const Puzzle& cube = fixtures::cube2();
  Solver solver(cube, {}, SolverKind::TableDescent);
  std::vector<int> layers;
  REQUIRE(solver.prepare([&](const BuildProgress& p) {
    if (p.finished()) layers.push_back(p.depth);
  }));
  CHECK(layers.size() == fixtures::kA079761.size());
  const DistanceTable* whole = solver.wholeTable();
  REQUIRE(whole != nullptr);
  CHECK(whole->counts() == fixtures::kA079761);
  CHECK(solver.wholeTable() == whole);  // built once
  std::mt19937_64 rng(77);
  int bad = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const State s = cube.randomState(rng);
    const SolveOutcome outcome = solver.solve(s);
    if (outcome.status != SolveOutcome::Status::Solved ||
        static_cast<int>(outcome.moves.size()) != fixtures::cube2Distance(s) ||
        cube.applySequence(s, outcome.moves) != cube.solved()) {
      ++bad;
    }
  }
  CHECK(bad == 0);
  CHECK(solver.solve(cube.solved()).moves.empty());
  // A start that is no position of the puzzle fails with the reason.
  State twisted = cube.solved();
  twisted.ori[0] = 1;
  const SolveOutcome failed = solver.solve(twisted);
  CHECK(failed.status == SolveOutcome::Status::Failed);
  CHECK(!failed.error.empty());

  // Other goals: the solver reaches the nearest.
  const State g = cube2StateAtDistance(5, rng);
  Solver toGoals(cube, {cube.solved(), g}, SolverKind::TableDescent);
  for (int trial = 0; trial < 200; ++trial) {
    const State s = cube.randomState(rng);
    const SolveOutcome outcome = toGoals.solve(s);
    REQUIRE(outcome.status == SolveOutcome::Status::Solved);
    const int nearest = std::min(fixtures::cube2Distance(s),
                                 fixtures::cube2Distance(cube.compose(cube.inverse(s), g)));
    CHECK(static_cast<int>(outcome.moves.size()) == nearest);
    const State end = cube.applySequence(s, outcome.moves);
    CHECK((end == cube.solved() || end == g));
  }

  // The fixtures through Solver: gear by IDA* over its own tables, linked by table descent.
  Solver gearSolver(fixtures::gear());
  Solver linkedSolver(fixtures::linked());
  for (const auto& [puzzle, reference, solverOf] :
       {std::tuple{&fixtures::gear(), &fixtures::gearStates(), &gearSolver},
        std::tuple{&fixtures::linked(), &fixtures::linkedStates(), &linkedSolver}}) {
    const std::string id = puzzle->id();  // clang 14 cannot capture a structured binding
    CAPTURE(id);
    int wrong = 0;
    for (const State& s : reference->states) {
      const SolveOutcome outcome = solverOf->solve(s);
      if (outcome.status != SolveOutcome::Status::Solved ||
          static_cast<int>(outcome.moves.size()) != reference->of(*puzzle, s) ||
          puzzle->applySequence(s, outcome.moves) != puzzle->solved()) {
        ++wrong;
      }
    }
    CHECK(wrong == 0);
  }
  CHECK(gearSolver.patternTables().size() == 2);

  // Cancelled preparation; puzzles without a whole table refuse to build one.
  std::atomic<bool> stop{true};
  Solver cancelled(fixtures::gear());
  CHECK_FALSE(cancelled.prepare({}, {&stop}));
  SearchOptions options;
  options.cancel = {&stop};
  CHECK(cancelled.solve(fixtures::gear().solved(), options).status ==
        SolveOutcome::Status::Cancelled);
  PuzzleSpec noTable = fixtures::gearSpec();
  noTable.hasDistanceTable = false;
  const Puzzle big(noTable);
  Solver refuses(big);
  CHECK_THROWS_AS(refuses.wholeTable(), std::logic_error);
}
