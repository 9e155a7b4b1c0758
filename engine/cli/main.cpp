// polytwist: the command-line face of the engine (contract in PRODUCT.md and docs/cli.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/sequence.hpp"
#include "puzzles/catalogue.hpp"
#include "search/solver.hpp"

namespace {

using polytwist::Json;

constexpr const char* kHelp = R"(polytwist - optimal solver for twisty puzzles

Usage:
  polytwist puzzles                              list the puzzles
  polytwist solve PUZZLE "MOVES"                 optimal solution of the position MOVES reach
  polytwist scramble PUZZLE [--seed N]           random-state scramble
  polytwist validate PUZZLE FACELETS             check a sticker colouring (one face letter each)
  polytwist godsnumber PUZZLE [--tips]           distance of every position (BFS), God's number;
                                                 for the Pyraminx without tips (OEIS A079744)
                                                 unless --tips
  polytwist bench PUZZLE --length K --count N --seed S [--solver descent|ida]
                                                 solve N random K-move scrambles; CSV rows
                                                 scramble,solution,length,nodes,ms
Options:
  --json      print one JSON object on stdout (errors too)
  --help      this text

Errors go to stderr with exit code 2. Puzzles: see `polytwist puzzles`; notation and sticker
numbering of each in docs/puzzles/.
)";

struct Arguments {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  // --name value, or --name ""
  bool json = false;
  bool help = false;
  bool tips = false;
};

Arguments parseArguments(int argc, char** argv) {
  Arguments args;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") {
      args.json = true;
    } else if (arg == "--help" || arg == "-h") {
      args.help = true;
    } else if (arg == "--tips") {
      args.tips = true;
    } else if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
      args.options[arg.substr(2)] = (i + 1 < argc) ? argv[++i] : "";
    } else {
      args.positional.push_back(arg);
    }
  }
  return args;
}

int usageError(const Arguments& args, const std::string& message) {
  if (args.json) {
    std::cout << Json(Json::Object{}).set("ok", false).set("error", message).dump() << "\n";
  }
  std::cerr << "polytwist: " << message << "\n(see polytwist --help)\n";
  return 2;
}

// Prints an answer: JSON as is, or the plain-text lines; errors to stderr, exit code 2.
template <typename PlainText>
int report(const Arguments& args, const Json& answer, PlainText plainText) {
  const bool ok = answer.find("ok")->boolean();
  if (args.json) std::cout << answer.dump() << "\n";
  if (!ok) {
    std::cerr << "polytwist: " << answer.find("error")->string() << "\n";
    return 2;
  }
  if (!args.json) plainText(answer);
  return 0;
}

bool readWholeNumber(const std::string& text, std::uint64_t limit, std::uint64_t& value) {
  if (text.empty() || text.size() > 19 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return false;
  }
  value = std::stoull(text);
  return value <= limit;
}

int bench(const Arguments& args) {
  const polytwist::Puzzle* puzzle = polytwist::findPuzzle(args.positional[1]);
  if (!puzzle) return usageError(args, "unknown puzzle '" + args.positional[1] + "'");
  std::uint64_t length = 0, count = 0, seed = 0;
  auto option = [&](const char* name, std::uint64_t limit, std::uint64_t& value) {
    auto found = args.options.find(name);
    return found != args.options.end() && readWholeNumber(found->second, limit, value);
  };
  if (!option("length", 200, length) || !option("count", 1000000, count) ||
      !option("seed", 9007199254740991ull, seed)) {
    return usageError(args, "bench needs --length K (0-200) --count N (1-1000000) --seed S");
  }
  std::optional<polytwist::SolverKind> kind;
  if (auto found = args.options.find("solver"); found != args.options.end()) {
    if (found->second == "ida") {
      kind = polytwist::SolverKind::IdaStar;
    } else if (found->second == "descent" && puzzle->spec().hasDistanceTable) {
      kind = polytwist::SolverKind::TableDescent;
    } else {
      return usageError(args, "--solver takes 'ida' or (for puzzles with a whole table) 'descent'");
    }
  }
  polytwist::Solver solver(*puzzle, {}, kind);
  const auto buildStart = std::chrono::steady_clock::now();
  try {
    solver.prepare();
  } catch (const std::exception& error) {
    return usageError(args, error.what());
  }
  const double buildMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - buildStart)
          .count();

  std::mt19937_64 rng(seed);
  std::vector<double> times;
  Json::Array rows;
  if (!args.json) std::cout << "scramble,solution,length,nodes,ms\n";
  for (std::uint64_t i = 0; i < count; ++i) {
    // A random canonical sequence: no two turns of one base in a row.
    std::vector<int> scramble;
    while (scramble.size() < length) {
      const int move =
          std::uniform_int_distribution<int>(0, static_cast<int>(puzzle->moves().size()) - 1)(rng);
      if (!scramble.empty() && puzzle->moves()[move].base == puzzle->moves()[scramble.back()].base)
        continue;
      scramble.push_back(move);
    }
    const polytwist::SolveOutcome outcome =
        solver.solve(puzzle->applySequence(puzzle->solved(), scramble));
    if (outcome.status != polytwist::SolveOutcome::Status::Solved) {
      return usageError(args, "solve failed: " + outcome.error);
    }
    times.push_back(outcome.milliseconds);
    const std::string scrambleText = polytwist::formatMoves(*puzzle, scramble);
    const std::string solutionText = polytwist::formatMoves(*puzzle, outcome.moves);
    if (args.json) {
      rows.push_back(Json(Json::Object{})
                         .set("scramble", scrambleText)
                         .set("solution", solutionText)
                         .set("length", static_cast<int>(outcome.moves.size()))
                         .set("nodes", outcome.nodes)
                         .set("ms", outcome.milliseconds));
    } else {
      std::printf("%s,%s,%zu,%llu,%.4f\n", scrambleText.c_str(), solutionText.c_str(),
                  outcome.moves.size(), static_cast<unsigned long long>(outcome.nodes),
                  outcome.milliseconds);
    }
  }
  std::sort(times.begin(), times.end());
  auto percentile = [&](double p) {
    return times.empty()
               ? 0.0
               : times[std::min(times.size() - 1, static_cast<std::size_t>(p * times.size()))];
  };
  if (args.json) {
    std::cout << Json(Json::Object{})
                     .set("ok", true)
                     .set("puzzle", puzzle->id())
                     .set("length", length)
                     .set("count", count)
                     .set("seed", seed)
                     .set("table_build_ms", buildMs)
                     .set("median_ms", percentile(0.5))
                     .set("p99_ms", percentile(0.99))
                     .set("rows", rows)
                     .dump()
              << "\n";
  }
  std::fprintf(stderr, "%s: tables %.1f ms; %llu solves, median %.4f ms, p99 %.4f ms\n",
               puzzle->id().c_str(), buildMs, static_cast<unsigned long long>(count),
               percentile(0.5), percentile(0.99));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  namespace service = polytwist::service;
  const Arguments args = parseArguments(argc, argv);
  if (args.help || args.positional.empty()) {
    std::cout << kHelp;
    return args.help ? 0 : 2;
  }
  const std::string& command = args.positional[0];
  auto need = [&](std::size_t n) { return args.positional.size() == n; };

  if (command == "puzzles" && need(1)) {
    return report(args, service::listPuzzles(), [](const Json& answer) {
      for (const Json& p : answer.find("puzzles")->array()) {
        std::cout << p.find("id")->string() << "\t" << p.find("name")->string() << "\n";
      }
    });
  }
  if (command == "solve" && need(3)) {
    const Json position = service::applyMoves(args.positional[1], "", args.positional[2]);
    if (!position.find("ok")->boolean()) return report(args, position, [](const Json&) {});
    return report(args, service::solve(args.positional[1], position.find("state")->string()),
                  [](const Json& answer) {
                    std::cout << answer.find("solution")->string() << "\n";
                    std::cerr << answer.find("length")->number() << " moves, "
                              << answer.find("nodes")->number() << " nodes, "
                              << answer.find("ms")->number() << " ms\n";
                  });
  }
  if (command == "scramble" && need(2)) {
    std::uint64_t seed = std::random_device{}();
    if (auto found = args.options.find("seed");
        found != args.options.end() && !readWholeNumber(found->second, 9007199254740991ull, seed)) {
      return usageError(args, "--seed needs a whole number from 0 to 2^53-1");
    }
    return report(
        args, service::scramble(args.positional[1], static_cast<double>(seed)),
        [](const Json& answer) { std::cout << answer.find("scramble")->string() << "\n"; });
  }
  if (command == "validate" && need(3)) {
    return report(args, service::validate(args.positional[1], args.positional[2]),
                  [](const Json&) { std::cout << "ok\n"; });
  }
  if (command == "godsnumber" && need(2)) {
    const auto progress = [](const polytwist::BuildProgress& p) {
      std::fprintf(stderr, "depth %d: %llu of %llu positions reached\n", p.depth,
                   static_cast<unsigned long long>(p.visited),
                   static_cast<unsigned long long>(p.total));
    };
    Json answer = service::distanceTable(args.positional[1], progress);
    // Puzzles with separable pieces (Pyraminx tips) report without them unless --tips.
    if (const Json* without = answer.find("without"); without && !args.tips) {
      const Json pieces = *without->find("pieces");
      answer.set("counts", *without->find("counts"));
      answer.set("gods_number", *without->find("gods_number"));
      answer.set("without", pieces);
    } else {
      answer.erase("without");
    }
    return report(args, answer, [](const Json& answer) {
      int depth = 0;
      for (const Json& count : answer.find("counts")->array()) {
        std::printf("%2d %.0f\n", depth++, count.number());
      }
      std::printf("God's number: %.0f\n", answer.find("gods_number")->number());
    });
  }
  if (command == "bench" && need(2)) return bench(args);
  return usageError(args, "unknown command or wrong number of arguments: '" + command + "'");
}
