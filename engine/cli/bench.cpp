#include "cli/bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include "core/labels.hpp"
#include "core/sequence.hpp"
#include "puzzles/catalogue.hpp"
#include "puzzles/fast_solver.hpp"
#include "puzzles/solvers.hpp"
#include "puzzles/square1/square1.hpp"
#include "search/breadth_first.hpp"
#include "search/label_goals.hpp"
#include "search/solver.hpp"
#include "search/two_phase.hpp"

namespace polytwist::cli {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The positions to solve: random canonical K-move sequences, or uniformly random states.
struct Position {
  State state;
  std::string scramble;  // the sequence, or for random states the state string
};

// Position i of a run with seed S is drawn from its own generator, seeded S+i, as `polytwist
// scramble P --seed S+i [--moves K]` and the WASM module's scramble draw theirs: the native and the
// WASM benchmarks (engine/wasm/bench.mjs) time the same positions.
Position randomPosition(const Puzzle& puzzle, bool randomState, std::uint64_t length,
                        std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  if (randomState) {
    const State state = puzzle.randomState(rng);
    return {state, puzzle.encodeState(state)};
  }
  const std::vector<int> moves = puzzle.randomMoves(rng, static_cast<int>(length));
  return {puzzle.applySequence(puzzle.solved(), moves), formatMoves(puzzle, moves)};
}

// Seed 000's method: BFS from the position over explicit states until the pieces other than the
// separable ones are solved, then one move for each twisted separable piece (tip).
std::optional<std::vector<int>> naiveSolve(const Puzzle& puzzle, const CoordinateSpace& key,
                                           const std::vector<int>& moves, const State& start) {
  std::optional<std::vector<int>> path =
      breadthFirstSolve(puzzle, key, start, key.index(puzzle.solved()), moves);
  if (!path || puzzle.separableOrbit() < 0) return path;
  const Orbit& orbit = puzzle.orbits()[puzzle.separableOrbit()];
  for (int piece = 0; piece < orbit.size; ++piece) {
    const int twist = puzzle.relativeOrientation(start, piece);
    for (int m = 0; m < static_cast<int>(puzzle.moves().size()) && twist != 0; ++m) {
      const int turn = puzzle.moves()[m].effect.ori[orbit.offset + piece];
      if (puzzle.isSeparableMove(m) && (twist + turn) % orbit.orientations == 0) {
        path->push_back(m);
        break;
      }
    }
  }
  return path;
}

// This thread's processor time: on a loaded machine it leaves out the time other processes took.
double threadCpuMilliseconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// --solver fast: the puzzle's fast solver (its phases, or its own: the 4x4x4's reduction), with
// the distribution of lengths and times on stderr (and in the JSON answer).
int benchFast(const Arguments& args, const Puzzle& puzzle, bool randomStates, std::uint64_t length,
              std::uint64_t count, std::uint64_t seed) {
  if (!describeSolvers(puzzle).offers(SolveMethod::Fast)) {
    return usageError(args, "--solver fast needs a puzzle with a fast solver (cube3, cube4, ...)");
  }
  TwoPhaseOptions options;
  options.maxLength = puzzle.spec().fastTarget;
  if (auto found = args.options.find("max-length"); found != args.options.end()) {
    std::uint64_t target = 0;
    if (!readWholeNumber(found->second, 60, target)) {
      return usageError(args, "--max-length needs a whole number from 0 to 60");
    }
    options.maxLength = static_cast<int>(target);
  }
  if (auto found = args.options.find("time-ms"); found != args.options.end()) {
    std::uint64_t milliseconds = 0;
    if (!readWholeNumber(found->second, 60000, milliseconds)) {
      return usageError(args, "--time-ms needs a whole number from 0 to 60000");
    }
    options.timeMs = static_cast<double>(milliseconds);
  }
  std::map<std::string, std::unique_ptr<TwoPhaseSolver>> twoPhases;
  const std::unique_ptr<FastSolver> fast =
      makeFastSolver(puzzle, [&](const Puzzle& of) -> TwoPhaseSolver& {
        auto& solver = twoPhases[of.id()];
        if (!solver) solver = std::make_unique<TwoPhaseSolver>(of);
        return *solver;
      });
  FastSolver& solver = *fast;
  const Clock::time_point buildStart = Clock::now();
  const double buildCpuStart = threadCpuMilliseconds();
  if (!solver.prepare()) return usageError(args, "out of memory for the fast solver's tables");
  const double buildMs = millisecondsSince(buildStart);
  const double buildCpuMs = threadCpuMilliseconds() - buildCpuStart;
  Json::Array tables;
  for (const TwoPhaseSolver::TableInfo& table : solver.tableInfo()) {
    std::fprintf(stderr, "table %s: %u entries, max distance %d\n", table.name.c_str(),
                 table.entries, table.maxDistance);
    tables.push_back(Json(Json::Object{})
                         .set("name", table.name)
                         .set("entries", static_cast<std::uint64_t>(table.entries))
                         .set("max_distance", table.maxDistance));
  }
  std::vector<double> times, cpuTimes;
  std::vector<std::uint64_t> lengths(TwoPhaseSolver::kMaxLength + 1, 0);
  std::vector<double> phaseMoves;  // summed over the solves, phase by phase
  Json::Array rows;
  if (!args.json) std::cout << "scramble,solution,length,nodes,ms\n";
  for (std::uint64_t i = 0; i < count; ++i) {
    const Position position = randomPosition(puzzle, randomStates, length, seed + i);
    const std::string& scramble = position.scramble;
    const double cpuStart = threadCpuMilliseconds();
    const TwoPhaseResult outcome = solver.solve(position.state, options);
    cpuTimes.push_back(threadCpuMilliseconds() - cpuStart);
    if (outcome.status != TwoPhaseResult::Status::Solved ||
        !puzzle.isSolved(puzzle.applySequence(position.state, outcome.moves))) {
      return usageError(args, scramble + ": " + outcome.error);
    }
    times.push_back(outcome.milliseconds);
    ++lengths[outcome.moves.size()];
    if (phaseMoves.size() < outcome.phaseLengths.size())
      phaseMoves.resize(outcome.phaseLengths.size());
    for (std::size_t p = 0; p < outcome.phaseLengths.size(); ++p)
      phaseMoves[p] += outcome.phaseLengths[p];
    const std::string solution = formatMoves(puzzle, outcome.moves);
    if (args.json) {
      rows.push_back(Json(Json::Object{})
                         .set("scramble", scramble)
                         .set("solution", solution)
                         .set("length", static_cast<int>(outcome.moves.size()))
                         .set("nodes", outcome.nodes)
                         .set("ms", outcome.milliseconds));
    } else {
      std::printf("%s,%s,%zu,%llu,%.4f\n", scramble.c_str(), solution.c_str(), outcome.moves.size(),
                  static_cast<unsigned long long>(outcome.nodes), outcome.milliseconds);
    }
  }
  std::sort(times.begin(), times.end());
  std::sort(cpuTimes.begin(), cpuTimes.end());
  auto percentileOf = [](const std::vector<double>& sorted, double p) {
    return sorted.empty()
               ? 0.0
               : sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(p * sorted.size()))];
  };
  auto percentile = [&](double p) { return percentileOf(times, p); };
  std::string distribution;
  Json::Object lengthCounts;
  double total = 0;
  for (std::size_t l = 0; l < lengths.size(); ++l) {
    total += static_cast<double>(l * lengths[l]);
    if (lengths[l] == 0) continue;
    distribution.append(1, ' ').append(std::to_string(l)).append(1, ':');
    distribution.append(std::to_string(lengths[l]));
    lengthCounts.emplace_back(std::to_string(l), Json(lengths[l]));
  }
  const double mean = count ? total / static_cast<double>(count) : 0.0;
  Json::Array phaseMeans;
  std::string phaseText;
  for (double sum : phaseMoves) {
    const double phaseMean = count ? sum / static_cast<double>(count) : 0.0;
    phaseMeans.push_back(Json(phaseMean));
    phaseText += (phaseText.empty() ? "" : " ") + std::to_string(phaseMean).substr(0, 5);
  }
  if (args.json) {
    std::cout << Json(Json::Object{})
                     .set("ok", true)
                     .set("puzzle", puzzle.id())
                     .set("solver", "fast")
                     .set("max_length", options.maxLength)
                     .set("time_ms", options.timeMs)
                     .set("length", randomStates ? Json("random") : Json(length))
                     .set("count", count)
                     .set("seed", seed)
                     .set("table_build_ms", buildMs)
                     .set("tables", Json(std::move(tables)))
                     .set("median_ms", percentile(0.5))
                     .set("p90_ms", percentile(0.9))
                     .set("p99_ms", percentile(0.99))
                     .set("max_ms", times.empty() ? 0.0 : times.back())
                     .set("table_build_cpu_ms", buildCpuMs)
                     .set("median_cpu_ms", percentileOf(cpuTimes, 0.5))
                     .set("p90_cpu_ms", percentileOf(cpuTimes, 0.9))
                     .set("max_cpu_ms", cpuTimes.empty() ? 0.0 : cpuTimes.back())
                     .set("mean_length", mean)
                     .set("mean_phase_lengths", Json(std::move(phaseMeans)))
                     .set("lengths", Json(std::move(lengthCounts)))
                     .set("rows", rows)
                     .dump()
              << "\n";
  }
  std::fprintf(stderr,
               "%s fast (target %d): tables %.1f ms; %llu solves, median %.4f ms, p90 %.4f ms, "
               "p99 %.4f ms, max %.4f ms; mean length %.2f (phases as searched: %s); lengths%s\n"
               "processor time of this thread: tables %.1f ms; solves median %.4f ms, p90 %.4f ms, "
               "max %.4f ms\n",
               puzzle.id().c_str(), options.maxLength, buildMs,
               static_cast<unsigned long long>(count), percentile(0.5), percentile(0.9),
               percentile(0.99), times.empty() ? 0.0 : times.back(), mean, phaseText.c_str(),
               distribution.c_str(), buildCpuMs, percentileOf(cpuTimes, 0.5),
               percentileOf(cpuTimes, 0.9), cpuTimes.empty() ? 0.0 : cpuTimes.back());
  return 0;
}

// `bench sq1`: the Square-1's random-state scrambles (seed S+i for the i-th, as `polytwist
// scramble sq1 --seed S+i`), each timed with its solve; the tables' size and build time first.
int benchSquare1(const Arguments& args, std::uint64_t count, std::uint64_t seed) {
  const Clock::time_point buildStart = Clock::now();
  const square1::SolverTableInfo tables = square1::solverTables();
  const double buildMs = millisecondsSince(buildStart);
  std::vector<double> times, cpuTimes;
  std::vector<int> slashes;
  for (std::uint64_t i = 0; i < count; ++i) {
    std::mt19937_64 rng(seed + i);
    const Clock::time_point start = Clock::now();
    const double cpuStart = threadCpuMilliseconds();
    const std::vector<square1::Move> moves = square1::scramble(rng);
    cpuTimes.push_back(threadCpuMilliseconds() - cpuStart);
    times.push_back(millisecondsSince(start));
    slashes.push_back(square1::slashCount(moves));
    if (!args.json) {
      std::printf("%s,%d,%.4f\n", square1::formatMoves(moves).c_str(), slashes.back(),
                  times.back());
    }
  }
  double totalMs = 0, totalCpuMs = 0, totalSlashes = 0;
  for (std::size_t i = 0; i < times.size(); ++i) {
    totalMs += times[i];
    totalCpuMs += cpuTimes[i];
    totalSlashes += slashes[i];
  }
  std::sort(times.begin(), times.end());
  std::sort(cpuTimes.begin(), cpuTimes.end());
  const double n = static_cast<double>(std::max<std::uint64_t>(count, 1));
  const auto p99Of = [](const std::vector<double>& sorted) {
    return sorted.empty() ? 0.0 : sorted[std::min(sorted.size() - 1, sorted.size() * 99 / 100)];
  };
  const double p99 = p99Of(times), cpuP99 = p99Of(cpuTimes);
  const double maxMs = times.empty() ? 0.0 : times.back();
  const double cpuMaxMs = cpuTimes.empty() ? 0.0 : cpuTimes.back();
  const int maxSlashes = slashes.empty() ? 0 : *std::max_element(slashes.begin(), slashes.end());
  if (args.json) {
    std::cout << Json(Json::Object{})
                     .set("ok", true)
                     .set("puzzle", "sq1")
                     .set("count", count)
                     .set("seed", seed)
                     .set("table_bytes", tables.bytes)
                     .set("table_build_ms", buildMs)
                     .set("mean_ms", totalMs / n)
                     .set("p99_ms", p99)
                     .set("max_ms", maxMs)
                     .set("mean_cpu_ms", totalCpuMs / n)
                     .set("p99_cpu_ms", cpuP99)
                     .set("max_cpu_ms", cpuMaxMs)
                     .set("mean_slashes", totalSlashes / n)
                     .set("max_slashes", maxSlashes)
                     .dump()
              << "\n";
  }
  std::fprintf(
      stderr,
      "sq1: tables %.2f MB built in %.0f ms; %llu scrambles, mean %.3f ms, p99 %.3f ms, "
      "max %.3f ms (this thread's processor time: mean %.3f ms, p99 %.3f ms, max %.3f ms); "
      "slashes mean %.2f, max %d\n",
      static_cast<double>(tables.bytes) / 1e6, buildMs, static_cast<unsigned long long>(count),
      totalMs / n, p99, maxMs, totalCpuMs / n, cpuP99, cpuMaxMs, totalSlashes / n, maxSlashes);
  return 0;
}

}  // namespace

int bench(const Arguments& args) {
  std::uint64_t length = 0, count = 0, seed = 0;
  auto option = [&](const char* name, std::uint64_t limit, std::uint64_t& value) {
    auto found = args.options.find(name);
    return found != args.options.end() && readWholeNumber(found->second, limit, value);
  };
  if (args.positional[1] == "sq1") {
    if (!option("count", 1000000, count) || !option("seed", 9007199254740991ull, seed)) {
      return usageError(args, "bench sq1 needs --count N (1-1000000) --seed S");
    }
    return benchSquare1(args, count, seed);
  }
  const Puzzle* puzzle = findPuzzle(args.positional[1]);
  if (!puzzle) return usageError(args, "unknown puzzle '" + args.positional[1] + "'");
  const bool randomStates = args.options.count("length") && args.options.at("length") == "random";
  // --scrambles FILE: the positions one move sequence per line reaches (the same positions as a
  // peer's benchmark), instead of drawn ones.
  std::vector<Position> given;
  if (auto found = args.options.find("scrambles"); found != args.options.end()) {
    const InputFile input = readInputFile(found->second);
    if (!input.error.empty()) return usageError(args, "--scrambles: " + input.error);
    std::istringstream lines(input.text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
      if (line.empty()) continue;
      const ResolvedSequence sequence = resolveSequence(*puzzle, line);
      if (sequence.error) {
        return usageError(args, found->second + " line " + std::to_string(number) + ": " +
                                    sequence.error->message);
      }
      given.push_back({puzzle->applySequence(puzzle->solved(), sequence.moves), line});
    }
    count = given.size();
  }
  if (given.empty() &&
      ((!randomStates && !option("length", 200, length)) || !option("count", 1000000, count) ||
       !option("seed", 9007199254740991ull, seed))) {
    return usageError(args,
                      "bench needs --length K (0-200, or 'random' for random states) --count N "
                      "(1-1000000) --seed S");
  }
  const std::string method = args.options.count("solver") ? args.options.at("solver") : "";
  if (method == "fast") return benchFast(args, *puzzle, randomStates, length, count, seed);
  std::optional<SolverKind> kind;
  if (method == "ida") kind = SolverKind::IdaStar;
  if (method == "descent" && puzzle->spec().hasDistanceTable) kind = SolverKind::TableDescent;
  if (!method.empty() && !kind && method != "naive") {
    return usageError(
        args, "--solver takes 'ida', 'naive' or (for puzzles with a whole table) 'descent'");
  }

  // --numbering FILE (numbered puzzles): the goals are that numbering's solved states.
  std::optional<Labelling> labelling;
  std::vector<State> goals;
  if (auto found = args.options.find("numbering"); found != args.options.end()) {
    const InputFile numbering = fileOrText(found->second);
    if (!numbering.error.empty()) return usageError(args, "--numbering: " + numbering.error);
    LabellingReading reading = readLabelling(*puzzle, numbering.text);
    if (!reading.labelling) return usageError(args, "numbering: " + reading.error.message);
    labelling = std::move(reading.labelling);
    goals = statesShowingDistinctGroups(*puzzle, *labelling, 200000, 200001, false).states;
    if (goals.empty() || goals.size() > 200000) {
      return usageError(args, "numbering: no solved state, or too many to search");
    }
  }
  const auto solvedHere = [&](const State& state) {
    return labelling ? showsDistinctGroups(*puzzle, *labelling, state) : puzzle->isSolved(state);
  };

  Solver solver(*puzzle, goals, kind);
  // The optimal-search kernel (cube3): --tables small|large, --threads N.
  const bool kernel = solver.kind() == SolverKind::SymmetricIdaStar;
  SearchOptions searchOptions;
  if (auto found = args.options.find("tables"); found != args.options.end()) {
    searchOptions.tables = found->second;
  }
  if (std::uint64_t threads = 0; option("threads", 256, threads)) {
    searchOptions.threads = static_cast<unsigned>(threads);
  }
  const Clock::time_point buildStart = Clock::now();
  try {
    if (kernel) {
      std::string error;
      OptimalTables& tables = solver.optimalTables();
      const std::string set = tables.resolve(searchOptions.tables);
      if (set.empty()) return usageError(args, "no table set '" + searchOptions.tables + "'");
      if (!tables.prepare(set, {}, {}, &error)) return usageError(args, error);
    } else if (method != "naive") {
      solver.prepare();
    }
  } catch (const std::exception& error) {
    return usageError(args, error.what());
  }
  const double buildMs = millisecondsSince(buildStart);
  // --against-table: each solution's length is checked against the whole-puzzle distance table.
  Solver referenceSolver(*puzzle, {}, SolverKind::TableDescent);
  const DistanceTable* reference = nullptr;
  if (args.againstTable) {
    if (!puzzle->spec().hasDistanceTable) {
      return usageError(args, "--against-table needs a puzzle with a whole distance table");
    }
    reference = referenceSolver.wholeTable();
  }
  // The naive search keys states by everything but the separable pieces, with their moves left out.
  // (Only built for --solver naive: larger puzzles have no whole-state coordinates.)
  std::optional<CoordinateSpace> naiveKey;
  if (method == "naive") naiveKey.emplace(*puzzle, wholePuzzleCoordinates(*puzzle, false));
  std::vector<int> naiveMoves;
  for (int m = 0; m < static_cast<int>(puzzle->moves().size()); ++m) {
    if (!puzzle->isSeparableMove(m)) naiveMoves.push_back(m);
  }

  std::vector<double> times;
  std::vector<std::uint64_t> nodes;
  Json::Array rows;
  if (!args.json) {
    std::cout << (kernel ? "scramble,solution,length,nodes,ms,nodes_per_s,tables,threads\n"
                         : "scramble,solution,length,nodes,ms\n");
  }
  for (std::uint64_t i = 0; i < count; ++i) {
    const Position position =
        !given.empty() ? given[i] : randomPosition(*puzzle, randomStates, length, seed + i);
    const std::string& scramble = position.scramble;
    SolveOutcome outcome{SolveOutcome::Status::Solved, {}, 0, 0, {}, {}};
    if (method == "naive") {
      const Clock::time_point start = Clock::now();
      const std::optional<std::vector<int>> path =
          naiveSolve(*puzzle, *naiveKey, naiveMoves, position.state);
      outcome.milliseconds = millisecondsSince(start);
      if (!path) return usageError(args, "naive search found no solution");
      outcome.moves = *path;
    } else {
      outcome = solver.solve(position.state, searchOptions);
    }
    if (outcome.status != SolveOutcome::Status::Solved ||
        !solvedHere(puzzle->applySequence(position.state, outcome.moves))) {
      return usageError(args, "solve failed: " + outcome.error);
    }
    if (reference) {
      const int distance = reference->distance(reference->space().index(position.state));
      const auto coreLength = std::count_if(outcome.moves.begin(), outcome.moves.end(),
                                            [&](int m) { return !puzzle->isSeparableMove(m); });
      if (distance != coreLength) {
        return usageError(args, "not optimal: " + scramble + " solved in " +
                                    std::to_string(coreLength) + " moves, the table says " +
                                    std::to_string(distance));
      }
    }
    times.push_back(outcome.milliseconds);
    nodes.push_back(outcome.nodes);
    const std::string solution = formatMoves(*puzzle, outcome.moves);
    if (args.json) {
      rows.push_back(Json(Json::Object{})
                         .set("scramble", scramble)
                         .set("solution", solution)
                         .set("length", static_cast<int>(outcome.moves.size()))
                         .set("nodes", outcome.nodes)
                         .set("ms", outcome.milliseconds));
    } else {
      std::printf("%s,%s,%zu,%llu,%.4f", scramble.c_str(), solution.c_str(), outcome.moves.size(),
                  static_cast<unsigned long long>(outcome.nodes), outcome.milliseconds);
      if (kernel) {
        std::printf(",%.0f,%s,%u", outcome.nodes / std::max(outcome.milliseconds, 1e-3) * 1000,
                    outcome.tables.c_str(), searchOptions.threads);
      }
      std::printf("\n");
      std::fflush(stdout);
    }
  }
  std::sort(times.begin(), times.end());
  std::sort(nodes.begin(), nodes.end());
  auto at = [](const auto& sorted, double p) {
    return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(p * sorted.size()))];
  };
  auto percentile = [&](double p) { return times.empty() ? 0.0 : at(times, p); };
  auto nodePercentile = [&](double p) { return nodes.empty() ? std::uint64_t{0} : at(nodes, p); };
  if (args.json) {
    std::cout << Json(Json::Object{})
                     .set("ok", true)
                     .set("puzzle", puzzle->id())
                     .set("solver", method.empty() ? "default" : method)
                     .set("length", randomStates ? Json("random") : Json(length))
                     .set("count", count)
                     .set("seed", seed)
                     .set("table_build_ms", buildMs)
                     .set("median_ms", percentile(0.5))
                     .set("p99_ms", percentile(0.99))
                     .set("median_nodes", nodePercentile(0.5))
                     .set("p99_nodes", nodePercentile(0.99))
                     .set("checked_against_table", reference != nullptr)
                     .set("rows", rows)
                     .dump()
              << "\n";
  }
  std::fprintf(stderr,
               "%s: tables %.1f ms; %llu solves, median %.4f ms, p99 %.4f ms, nodes median %llu "
               "p99 %llu%s\n",
               puzzle->id().c_str(), buildMs, static_cast<unsigned long long>(count),
               percentile(0.5), percentile(0.99),
               static_cast<unsigned long long>(nodePercentile(0.5)),
               static_cast<unsigned long long>(nodePercentile(0.99)),
               reference ? "; every length equals the whole table's distance" : "");
  return 0;
}

}  // namespace polytwist::cli
