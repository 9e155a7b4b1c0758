// polytwist: the command-line face of the engine (contract in PRODUCT.md and docs/cli.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "cli/arguments.hpp"
#include "cli/bench.hpp"
#include "cli/geometry_command.hpp"
#include "cli/image_command.hpp"
#include "cli/serve.hpp"
#include "cli/survey_command.hpp"
#include "core/sequence.hpp"
#include "puzzles/catalogue.hpp"
#include "search/solver.hpp"

namespace {

using polytwist::Json;
using namespace polytwist::cli;

constexpr const char* kHelp =
    R"(polytwist - optimal (and, for the 3x3x3, fast two-phase) solver for twisty puzzles

Usage:
  polytwist puzzles                              list the puzzles
  polytwist solve PUZZLE "MOVES"                 optimal solution of the position MOVES reach
  polytwist solve PUZZLE "MOVES" [--tables SET] [--threads N]
                                                 cube3, kilominx: symmetric pattern databases,
                                                 built once and cached in $POLYTWIST_TABLE_DIR
                                                 (default ~/.cache/polytwist). cube3: small (the
                                                 default, 35 MB, 10-60 s), medium (H48,
                                                 478 MB, ~70 s) or large (H48, 1.9 GB, ~90 s,
                                                 the fastest); kilominx: small (the default, 38 MB,
                                                 ~14 s), medium (363 MB) or large (3.1 GB,
                                                 ~28 min); threads: one per core unless --threads
  polytwist solve PUZZLE "MOVES" --notation NAME  MOVES and the solution in another notation
                                                 (kilominx: megaminx, seed001)
  polytwist solve PUZZLE "MOVES" --fast [--max-length N] [--time-ms T]
                                                 a short solution at once: two-phase for cube3
                                                 (at most N moves, default 21, not proven
                                                 optimal), four phases for kilominx (default
                                                 40), three for fto (default 44), cube4's
                                                 reduction (four phases, then the 3x3x3's
                                                 two-phase; default 80); other puzzles answer
                                                 their optimal one;
                                                 --time-ms T: then shorter ones until T ms have
                                                 passed, the shortest found
  polytwist events                               list the WCA events, their puzzles and how each
                                                 is scrambled
  polytwist scramble PUZZLE|EVENT [--seed N] [--moves K] [--count C]
                                                 a WCA event's id (333, 222, 444, minx, pyram,
                                                 skewb, clock, ...: see events) scrambles its
                                                 puzzle;
                                                 random-state scramble (cube3: the inverse of a
                                                 two-phase solution, at most 21 moves;
                                                 kilominx: of its four-phase one, at most 40;
                                                 fto: of its three-phase one, at most 44;
                                                 cube4: of its reduction, about 57 moves);
                                                 with
                                                 --moves K, K random moves, never one face twice
                                                 in a row (always for puzzles without a
                                                 random-state scramble, e.g. helicopter, 30 by
                                                 default); cube5, cube7: 60/100
                                                 moves as TNoodle draws them (no block turned
                                                 twice in one axis's run of turns, also with
                                                 --moves); megaminx: seven Pochmann rows
                                                 (R++ D-- ... U', as TNoodle); one
                                                 seed, one scramble, on every build and platform
                                                 and in the WASM module; --count C: the seeds N
                                                 to N+C-1, one line each
  polytwist validate PUZZLE FACELETS             check a sticker colouring (one face letter each);
                                                 square1: its pieces by their colours ("UB UBR
                                                 ... / DFR ... / F", docs/puzzles/square1.md)
  polytwist godsnumber PUZZLE [--tips] [--threads N]
                                                 distance of every position (BFS), God's number
                                                 (pyraminx, cube2, domino, skewb, baby_fto,
                                                 cube223); for the Pyraminx without tips
                                                 (OEIS A079744) unless --tips; progress on
                                                 stderr. BFS layers use every core unless
                                                 --threads. The domino's
                                                 406,425,600 positions: ~9 s on 2 cores, 107 MB
  polytwist bench PUZZLE --length K --count N --seed S [--solver descent|ida|naive|fast]
                [--against-table]                solve N random K-move scrambles (K = random:
                                                 random states) and time them; CSV rows
                                                 scramble,solution,length,nodes,ms; --solver fast
                                                 (cube3, kilominx, fto; --max-length N,
                                                 --time-ms T)
                                                 adds the distributions of lengths and times on
                                                 stderr;
                                                 --against-table also builds the whole table and
                                                 checks every length against it; --numbering FILE
                                                 solves to that numbering's solved states;
                                                 --scrambles FILE solves the positions its lines
                                                 (move sequences) reach instead
  polytwist bench sq1 --count N --seed S          the Square-1's random-state scrambles of seeds
                                                 S.., timed: CSV scramble,slashes,ms; table size,
                                                 build time, mean/p99/max ms on stderr
  polytwist geometry PUZZLE|DESCRIPTION...       derive puzzles from descriptions (docs/
                                                 geometry.md), e.g. "c f 0.5 f 0" or megaminx;
                                                 CSV rows puzzle,stickers,orbits,moves,
                                                 derive_ms,model_ms,count_ms,positions
  polytwist ksolve PUZZLE                        the puzzle's pieces and moves in ksolve's
                                                 format (twsearch reads it)
  polytwist tables PUZZLE [--tables SET] [--export-dir DIR]
                                                 build (or load) a table set of the optimal
                                                 solver; DIR/KEY.bin: its bytes as the page
                                                 imports them (KEY: puzzleInfo's key)
  polytwist survey PUZZLE --count N --seed S [--shard I/K] [--tables SET] [--threads T]
                [--out FILE]                     optimally solve N uniformly random positions
                                                 (shard I of K: those with index = I mod K) and
                                                 write a mergeable JSON record: distances,
                                                 deepest positions, checksum; progress on stderr
  polytwist merge FILE... [--out FILE]           add survey records up; refuses mixed puzzles,
                                                 engines or surveys; exit code 3 and the list
                                                 when shards are missing; a summary with 95%
                                                 intervals on stderr (docs/survey.md)
  polytwist image PUZZLE [--alg A] [--case A] [--view iso|net] [--size N] [--scheme S]
                [--bg C] [--stage S | --mask ORBITS] [--fd F] [--fc C] [--rotate R]
                [--notation NAME] [--format svg|png] [--state S] [--out FILE]
                                                 a picture of the position as SVG or PNG (stdout
                                                 or FILE), VisualCube's parameters by other names:
                                                 sch, bg, stage, fd, fc, r, fmt (docs/images.md);
                                                 --stage: a named set (oll, f2l, cross…), mask
                                                 rules ("grey: all; show: U") or orbits;
                                                 --scheme: also high-contrast, colour-blind;
                                                 --state: clock and square1, the state text
                                                 where --case and --alg start
  polytwist pictures                             every puzzle's picture template as JSON (the
                                                 site build ships it: docs/images.md)
  polytwist solutions PUZZLE NUMBERING [--groups G]
                                                 every solved state of a numbered puzzle's
                                                 numbering (a file, or the digits themselves)
  polytwist solve PUZZLE "MOVES" --numbering NUMBERING [--groups G]
                                                 optimal solution to the nearest solved state
  polytwist design PUZZLE PARTIAL [--groups G]   the completions of a numbering with '?' stickers
                                                 that have exactly one solved state
  polytwist serve [--port P] [--host H] [--site DIR] [--threads N] [--log]
                                                 HTTP server: pictures (/image.svg?pzl=…&alg=…,
                                                 /image.png) and the static site (default
                                                 build/site), precompressed files, caching
                                                 headers (polytwist serve --help, docs/server.md)
Numbered puzzles (numbered_pyraminx): NUMBERING is one digit per sticker in sticker order; spaces,
line breaks, "F:" labels and # comments are ignored (assets/numbered_pyraminx/example.txt). G adds
groups that must show distinct digits besides the faces: sticker names, groups separated by ';'.
NUMBERING, PARTIAL and G are read from the file they name; an argument that names no file is the
text itself, unless it looks like a path (contains '/' or ends in .txt): then "no such file".
MOVES (and --alg, --case, --scrambles lines): move names, groups (R U)3, commutators [A, B]
(A B A' B'), conjugates [A: B] (A B A'), inverses (R U)' [A, B]', comments // to the end of the
line, and counts read by each turn's order (cube R3 = R'; docs/notation.md).
The Rubik's Clock (clock, docs/puzzles/clock.md) reads WCA notation: UR3+ DR2- ... ALL2+ y2 U1+ ...
(the pins put up, then hours + clockwise or - anticlockwise; y2 turns it over; pin names at the
end stay up). scramble clock: a uniformly random state as TNoodle writes it (the fourteen moves
UR DR DL UL U R D L ALL y2 U R D L ALL); solve clock: those moves' amounts by linear algebra over
Z12 (at most 14 moves, not optimal); image clock: both faces, hands at their hours, pins.
The Square-1 (square1, docs/puzzles/square1.md) reads WCA notation: (1,0)/ (-1,3)/ ... (each layer
turned -5..6 twelfths clockwise, / the slice, refused where it would cut a corner). scramble
square1 (event sq1): a uniformly random state as TNoodle draws it (a twistable shape, then the
pieces), at least 11 slashes from solved by our solution; solve square1: two-phase (shape, then
pieces), short but not optimal; image square1: the top from above, the bottom from below, the
middle layer.
Limits: every input, files included, at most 1 MiB; notation 1,000,000 characters, 32 levels of
brackets, repeats 1-999, 100,000 moves once expanded (docs/cli.md, "Limits").

Options:
  --json      print one JSON object on stdout (errors too)
  --help      this text

Errors go to stderr with exit code 2. Puzzles: see `polytwist puzzles`; wherever a command takes
PUZZLE, a description such as "c f 0.25 f 0.75 f 0" or "d f 0.56 without centres edges" (pieces
left out) names a puzzle too (docs/geometry.md); notation and sticker numbering of each in
docs/puzzles/.
)";

// An option's value as given ("" when absent).
std::string optionValue(const Arguments& args, const char* name) {
  const auto found = args.options.find(name);
  return found == args.options.end() ? std::string() : found->second;
}

// A FILE-or-TEXT option (--numbering, --groups): its file's contents or its text ("" when
// absent). The first file that cannot be read is said in `error`.
std::string optionText(const Arguments& args, const char* name, std::string& error) {
  const auto found = args.options.find(name);
  if (found == args.options.end()) return {};
  InputFile input = fileOrText(found->second);
  if (error.empty()) error = std::move(input.error);
  return std::move(input.text);
}

}  // namespace

int main(int argc, char** argv) {
  namespace service = polytwist::service;
  // serve reads its own flags (--log takes no value) and has its own --help.
  if (argc >= 2 && std::string(argv[1]) == "serve") return serveCommand(argc, argv);
  const Arguments args = parseArguments(argc, argv);
  if (args.help || args.positional.empty()) {
    std::cout << kHelp;
    return args.help ? 0 : 2;
  }
  const std::string& command = args.positional[0];
  auto need = [&](std::size_t n) { return args.positional.size() == n; };

  if (command == "events" && need(1)) {
    return report(args, service::listEvents(), [](const Json& answer) {
      for (const Json& event : answer.find("events")->array()) {
        const Json* error = event.find("error");
        const Json* scramble = event.find("scramble");
        const Json* described = scramble ? scramble->find("description") : nullptr;
        std::cout << event.find("id")->string() << "\t" << event.find("name")->string() << "\t"
                  << event.find("puzzle")->string()
                  << (error       ? "\t(" + error->string() + ")"
                      : described ? "\t" + described->string()
                                  : std::string())
                  << "\n";
      }
    });
  }
  if (command == "puzzles" && need(1)) {
    return report(args, service::listPuzzles(), [](const Json& answer) {
      for (const char* list : {"puzzles", "own_models"}) {
        for (const Json& p : answer.find(list)->array()) {
          std::cout << p.find("id")->string() << "\t" << p.find("name")->string() << "\n";
        }
      }
    });
  }
  if (command == "solve" && need(3) && args.options.count("numbering")) {
    const Json position = service::applyMoves(args.positional[1], "", args.positional[2]);
    if (!position.find("ok")->boolean()) return report(args, position, [](const Json&) {});
    std::string fileError;
    const std::string numbering = optionText(args, "numbering", fileError);
    const std::string groups = optionText(args, "groups", fileError);
    if (!fileError.empty()) return usageError(args, fileError);
    return report(args,
                  service::numberingSolve(args.positional[1], position.find("state")->string(),
                                          numbering, groups),
                  [](const Json& answer) {
                    std::cout << answer.find("solution")->string() << "\n";
                    std::cerr << answer.find("length")->number() << " moves to a solved state, "
                              << answer.find("ms")->number() << " ms\n";
                  });
  }
  if (command == "solutions" && need(3)) {
    const InputFile numbering = fileOrText(args.positional[2]);
    std::string fileError = numbering.error;
    const std::string groups = optionText(args, "groups", fileError);
    if (!fileError.empty()) return usageError(args, fileError);
    return report(args, service::numberingSolutions(args.positional[1], numbering.text, groups),
                  [](const Json& answer) {
                    for (const Json& state : answer.find("states")->array()) {
                      std::cout << state.find("digits")->string() << "\n";
                    }
                    std::cerr << answer.find("message")->string() << "\n";
                  });
  }
  if (command == "design" && need(3)) {
    const auto progress = [](std::uint64_t tried, std::uint64_t total) {
      std::fprintf(stderr, "\r%llu of %llu tried", static_cast<unsigned long long>(tried),
                   static_cast<unsigned long long>(total));
    };
    const InputFile partial = fileOrText(args.positional[2]);
    std::string fileError = partial.error;
    const std::string groups = optionText(args, "groups", fileError);
    if (!fileError.empty()) return usageError(args, fileError);
    const Json answer =
        service::numberingDesign(args.positional[1], partial.text, groups, progress);
    std::fprintf(stderr, "\n");
    return report(args, answer, [](const Json& answer) {
      for (const Json& numbering : answer.find("numberings")->array()) {
        std::cout << numbering.string() << "\n";
      }
      std::cerr << answer.find("unique_count")->number() << " of " << answer.find("tried")->number()
                << " completions have exactly one solved state (" << answer.find("ms")->number()
                << " ms)\n";
    });
  }
  if (command == "solve" && need(3)) {
    service::SolveOptions options;
    if (args.fast) options.method = service::SolveOptions::Method::Fast;
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
    options.notation = optionValue(args, "notation");
    const Json position =
        service::applyMovesIn(args.positional[1], "", args.positional[2], options.notation);
    if (!position.find("ok")->boolean()) return report(args, position, [](const Json&) {});
    options.tables = optionValue(args, "tables");
    if (auto found = args.options.find("threads"); found != args.options.end()) {
      std::uint64_t threads = 0;
      if (!readWholeNumber(found->second, 256, threads) || threads == 0) {
        return usageError(args, "--threads needs a whole number from 1 to 256");
      }
      options.threads = static_cast<unsigned>(threads);
    }
    return report(args,
                  service::solve(args.positional[1], position.find("state")->string(), options),
                  [](const Json& answer) {
                    std::cout << answer.find("solution")->string() << "\n";
                    const bool optimal = answer.find("optimal")->boolean();
                    std::cerr << answer.find("length")->number() << " moves ("
                              << (optimal ? "optimal" : "fast, not proven optimal") << "), "
                              << answer.find("nodes")->number() << " nodes, "
                              << answer.find("ms")->number() << " ms\n";
                    if (const Json* note = answer.find("note")) std::cerr << note->string() << "\n";
                  });
  }
  if (command == "scramble" && need(2)) {
    std::uint64_t seed = std::random_device{}();
    if (auto found = args.options.find("seed");
        found != args.options.end() && !readWholeNumber(found->second, 9007199254740991ull, seed)) {
      return usageError(args, "--seed needs a whole number from 0 to 2^53-1");
    }
    std::uint64_t moves = 0;
    if (auto found = args.options.find("moves");
        found != args.options.end() &&
        (!readWholeNumber(found->second, service::kMaxScrambleMoves, moves) || moves == 0)) {
      return usageError(args, "--moves needs a whole number from 1 to " +
                                  std::to_string(service::kMaxScrambleMoves));
    }
    std::uint64_t count = 1;
    if (auto found = args.options.find("count");
        found != args.options.end() &&
        (!readWholeNumber(found->second, 1000, count) || count == 0)) {
      return usageError(args, "--count needs a whole number from 1 to 1000");
    }
    if (seed + count - 1 > 9007199254740991ull) {
      return usageError(args, "--seed plus --count goes past 2^53-1");
    }
    // --count N: the scrambles of seeds S to S+N-1, one line each (JSON: their answers in
    // "scrambles"), from one process, so tables are built once.
    Json::Array answers;
    for (std::uint64_t i = 0; i < count; ++i) {
      Json answer = service::scramble(args.positional[1], static_cast<double>(seed + i),
                                      static_cast<int>(moves), optionValue(args, "notation"));
      if (count == 1 || !answer.find("ok")->boolean()) {
        return report(args, answer, [](const Json& answer) {
          std::cout << answer.find("scramble")->string() << "\n";
        });
      }
      answers.push_back(std::move(answer.set("seed", seed + i)));
    }
    const Json all = Json(Json::Object{}).set("ok", true).set("scrambles", answers);
    return report(args, all, [](const Json& all) {
      for (const Json& answer : all.find("scrambles")->array()) {
        std::cout << answer.find("scramble")->string() << "\n";
      }
    });
  }
  if (command == "validate" && need(3)) {
    return report(args, service::validate(args.positional[1], args.positional[2]),
                  [](const Json&) { std::cout << "ok\n"; });
  }
  if (command == "ksolve" && need(2)) {
    // The puzzle in ksolve's format, which twsearch reads: one set per orbit, each base move as
    // the position it leaves (ksolve's moves: which slot each slot's piece comes from, and the
    // twist by piece). For side-by-side benchmarks (docs/benchmarks.md).
    const polytwist::Puzzle* puzzle = polytwist::findPuzzle(args.positional[1]);
    if (!puzzle) return usageError(args, "unknown puzzle '" + args.positional[1] + "'");
    std::printf("Name %s\n\n", puzzle->id().c_str());
    for (const polytwist::Orbit& orbit : puzzle->orbits()) {
      std::printf("Set %s %d %d\n", orbit.name.c_str(), orbit.size, orbit.orientations);
    }
    const auto block = [&](const polytwist::State& s) {
      for (const polytwist::Orbit& orbit : puzzle->orbits()) {
        std::vector<int> twist(orbit.size);
        std::printf("%s\n", orbit.name.c_str());
        for (int i = 0; i < orbit.size; ++i) {
          const int from = s.pieces[orbit.offset + i];
          std::printf("%d%s", from + 1, i + 1 < orbit.size ? " " : "\n");
          twist[from] = s.ori[orbit.offset + i];
        }
        for (int i = 0; i < orbit.size; ++i) {
          std::printf("%d%s", twist[i], i + 1 < orbit.size ? " " : "\n");
        }
      }
      std::printf("End\n\n");
    };
    std::printf("\nSolved\n");
    block(puzzle->solved());
    for (const polytwist::Move& move : puzzle->moves()) {
      if (move.power != 1) continue;
      std::printf("Move %s\n", move.name.c_str());
      block(move.effect);
    }
    return 0;
  }
  if (command == "tables" && need(2)) {
    // Builds (or loads from the cache) a table set; with --export-dir, also writes its bytes as
    // DIR/KEY.bin in the page's import format, KEY being puzzleInfo's key of the set (the site
    // serves these, so the page downloads them instead of building: docs/web.md).
    const std::string& id = args.positional[1];
    const std::string set = args.options.count("tables") ? args.options.at("tables") : "";
    Json answer = service::prepareTables(id, set, {}, {});
    if (answer.find("ok")->boolean() && args.options.count("export-dir")) {
      const std::string tables = answer.find("tables")->string();
      std::string key;
      const Json info = service::puzzleInfo(id);
      for (const Json& entry : info.find("table_sets")->array()) {
        if (entry.find("name")->string() == tables) key = entry.find("key")->string();
      }
      const service::TableBytes exported = service::exportTables(id, tables);
      if (!exported.answer.find("ok")->boolean()) {
        return usageError(args, exported.answer.find("error")->string());
      }
      const std::string path = args.options.at("export-dir") + "/" + key + ".bin";
      std::ofstream file(path, std::ios::binary | std::ios::trunc);
      file.write(exported.bytes.data(), static_cast<std::streamsize>(exported.bytes.size()));
      if (!file.flush()) return usageError(args, "cannot write " + path);
      answer.set("file", path).set("bytes", static_cast<std::uint64_t>(exported.bytes.size()));
    }
    return report(args, answer, [](const Json& answer) {
      std::printf("%s: tables '%s' ready in %.0f ms%s%s\n", answer.find("puzzle")->string().c_str(),
                  answer.find("tables")->string().c_str(), answer.find("ms")->number(),
                  answer.find("file") ? ", written to " : "",
                  answer.find("file") ? answer.find("file")->string().c_str() : "");
    });
  }
  if (command == "godsnumber" && need(2)) {
    if (auto found = args.options.find("threads"); found != args.options.end()) {
      std::uint64_t threads = 0;
      if (!readWholeNumber(found->second, 256, threads) || threads == 0) {
        return usageError(args, "--threads needs a whole number from 1 to 256");
      }
      polytwist::setBuildThreads(static_cast<unsigned>(threads));
    }
    const auto progress = [](const polytwist::BuildProgress& p) {
      if (!p.finished()) return;  // one line per layer
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
  if (command == "geometry" && args.positional.size() >= 2) return geometryCommand(args);
  if (command == "survey" && need(2)) return surveyCommand(args);
  if (command == "image" && need(2)) return imageCommand(args);
  if (command == "pictures" && need(1)) {
    // Every puzzle's picture template, for the site build (web/vite.config.js).
    Json all = Json::Object{};
    for (const polytwist::Puzzle& puzzle : polytwist::allPuzzles()) {
      all.set(puzzle.id(), service::pictureTemplate(puzzle.id()));
    }
    std::cout << all.dump() << "\n";
    return 0;
  }
  if (command == "merge" && args.positional.size() >= 2) return mergeCommand(args);
  return usageError(args, "unknown command or wrong number of arguments: '" + command + "'");
}
