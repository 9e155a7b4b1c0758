#include "cli/geometry_command.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <variant>

#include "geometry/described.hpp"
#include "puzzles/catalogue.hpp"

namespace polytwist::cli {
namespace {

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

// One CSV row per puzzle id or description: what the geometry gives and how long each step took
// (derive: parse, cut, name, find reachable rotations; model: compile the puzzle; count: its
// positions, by the moves' group where the rules do not say).
int geometryCommand(const Arguments& args) {
  std::cout << "puzzle,stickers,orbits,moves,derive_ms,model_ms,count_ms,positions\n";
  for (std::size_t i = 1; i < args.positional.size(); ++i) {
    std::string description = args.positional[i];
    std::string id = "described";
    if (const Puzzle* known = findPuzzle(description)) {
      id = known->id();
      // A hand-declared puzzle's description (the one it is drawn from) derives it anew.
      description =
          known->spec().geometry.empty() ? known->spec().description : known->spec().geometry;
      if (description.empty()) {
        std::cerr << id << " is declared sticker by sticker and names no description\n";
        return 2;
      }
    }
    const auto start = std::chrono::steady_clock::now();
    auto spec = geometry::describedPuzzle(id, id, description);
    const double deriveMs = msSince(start);
    if (const auto* error = std::get_if<std::string>(&spec)) {
      std::cerr << "'" << description << "': " << *error << "\n";
      return 2;
    }
    const auto modelStart = std::chrono::steady_clock::now();
    const Puzzle puzzle(std::get<PuzzleSpec>(std::move(spec)));
    const double modelMs = msSince(modelStart);
    const auto countStart = std::chrono::steady_clock::now();
    const std::string positions = puzzle.stateCountText();
    const double countMs = msSince(countStart);
    std::printf("\"%s\",%d,%zu,%zu,%.3f,%.3f,%.3f,%s\n", description.c_str(), puzzle.faceletCount(),
                puzzle.orbits().size(), puzzle.moves().size(), deriveMs, modelMs, countMs,
                positions.c_str());
  }
  return 0;
}

}  // namespace polytwist::cli
