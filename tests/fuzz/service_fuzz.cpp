// Fuzz target: the JSON service as the WASM module exposes it (engine/wasm/bindings.cpp calls
// these functions with the strings and numbers JS passes). Input: the operation's name, then its
// arguments, all separated by NUL bytes; a number argument is read with strtod (so "nan", "inf",
// "1e300" and garbage, which reads as 0, all reach the engine). Checked, besides "no crash, leak or
// undefined behaviour": every answer is {"ok":true,...} or a refusal with a message, never an
// internal error.
//
// Per-input cost stays bounded (thousands of inputs a second) by leaving out, only where the work
// is legitimately large, what would build big tables or search for long:
//   - prepareTables, and solve/solveWith on cube3, kilominx and master_pyraminx: the optimal
//     kernel's tables are 27 MB to 3.1 GB and take seconds to minutes to build (searchStart and
//     exportTables without prepared tables are only refusals, so they stay for every puzzle);
//   - importTables of any set but the Kilominx's small one (fuzz::cheapTableSet: taking bytes
//     back sets the set's tables up first, 8 to 30 s a set under the sanitizers);
//   - scramble's random states, which are solved, except on pyraminx, on the Clock (linear
//     algebra) and on kilominx (random moves); WCA event ids count as their puzzles;
//     scrambleByMoves (random moves) stays for every puzzle;
//   - the Square-1's scramble and solve (its two-phase tables, 4.2 MB, and a search that may
//     run to a million nodes; applyMoves reads its states and moves);
//   - solve, solveWith, distanceTable and exportTable on every puzzle but pyraminx, whose whole
//     table (233 KB) is built once before the first input: cube2's takes over 10 s to build
//     under the sanitizers, domino's is 101 MB, domino's IDA* takes up to seconds a position and
//     numbered_pyraminx has a table of 933,120 positions of its own;
//   - numberingSolve (a new 933,120-position table for each new numbering) and numberingDesign
//     (up to 9^12 completions tried, 1.3 s for the documented example).
// searchStep's node budget and numberingSolutions' limit are the API's own bounds on work.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "api/service.hpp"
#include "fuzz_support.hpp"
#include "puzzles/catalogue.hpp"
#include "puzzles/events.hpp"
#include "puzzles/solvers.hpp"

using namespace polytwist;

namespace {

double number(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

// The puzzle an id names: a WCA event's stands for its puzzle's.
std::string puzzleOf(const std::string& id) {
  const WcaEvent* event = findWcaEvent(id);
  return event ? event->puzzle : id;
}

// Whether an operation on `id` is cheap enough: an unknown id is only a refusal, the Clock is
// solved by linear algebra.
bool oneOf(const std::string& id, std::initializer_list<const char*> ids) {
  const std::string puzzle = puzzleOf(id);
  for (const char* candidate : ids) {
    if (puzzle == candidate) return true;
  }
  return !findPuzzle(puzzle) && puzzle != "square1";
}

// bindings.cpp's scrambleByMoves: any JS number becomes a whole count or -1 before the service.
Json scrambleByMoves(const std::string& id, double seed, double moves) {
  const double count = std::isfinite(moves) ? std::clamp(moves, -1.0, 1e6) : -1.0;
  return service::scramble(id, seed, count == std::floor(count) && count >= 1 ? int(count) : -1);
}

using Arguments = std::vector<std::string>;
struct Operation {
  std::size_t arity;
  std::function<std::optional<Json>(const Arguments&)> run;  // nullopt: left out (see above)
};

const std::map<std::string, Operation>& operations() {
  static const std::map<std::string, Operation> table = {
      {"version", {0, [](const Arguments&) { return service::version(); }}},
      {"listPuzzles", {0, [](const Arguments&) { return service::listPuzzles(); }}},
      {"puzzleInfo", {1, [](const Arguments& a) { return service::puzzleInfo(a[0]); }}},
      {"applyMoves", {3, [](const Arguments& a) { return service::applyMoves(a[0], a[1], a[2]); }}},
      {"applyMovesIn",
       {4, [](const Arguments& a) { return service::applyMovesIn(a[0], a[1], a[2], a[3]); }}},
      {"scramble",
       {2,
        [](const Arguments& a) -> std::optional<Json> {
          const Puzzle* puzzle = findPuzzle(puzzleOf(a[0]));
          const bool randomMoves = puzzle && describeSolvers(*puzzle).scramble.method ==
                                                 ScrambleSpec::Method::RandomMoves;
          if (!randomMoves && !oneOf(a[0], {"pyraminx"})) return std::nullopt;
          return service::scramble(a[0], number(a[1]));
        }}},
      {"scrambleByMoves",
       {3, [](const Arguments& a) { return scrambleByMoves(a[0], number(a[1]), number(a[2])); }}},
      {"validate", {2, [](const Arguments& a) { return service::validate(a[0], a[1]); }}},
      {"image", {1, [](const Arguments& a) { return service::image(a[0]); }}},
      {"solve",
       {2,
        [](const Arguments& a) -> std::optional<Json> {
          if (!oneOf(a[0], {"pyraminx"})) return std::nullopt;
          return service::solve(a[0], a[1]);
        }}},
      {"solveWith",
       {3,
        [](const Arguments& a) -> std::optional<Json> {
          if (!oneOf(a[0], {"pyraminx"})) return std::nullopt;
          return service::solveWith(a[0], a[1], a[2]);
        }}},
      {"distanceTable",
       {1,
        [](const Arguments& a) -> std::optional<Json> {
          if (!oneOf(a[0], {"pyraminx"})) return std::nullopt;
          return service::distanceTable(a[0]);
        }}},
      {"exportTable",
       {1,
        [](const Arguments& a) -> std::optional<Json> {
          if (a[0] != "pyraminx") return std::nullopt;
          return service::exportTable(a[0]).answer;
        }}},
      {"importTable", {2, [](const Arguments& a) { return service::importTable(a[0], a[1]); }}},
      {"exportTables",
       {2, [](const Arguments& a) { return service::exportTables(a[0], a[1]).answer; }}},
      {"importTables",
       {3,
        [](const Arguments& a) -> std::optional<Json> {
          if (!fuzz::cheapTableSet(a[0], a[1])) return std::nullopt;
          return service::importTables(a[0], a[1], a[2]);
        }}},
      {"searchStart",
       {3, [](const Arguments& a) { return service::searchStart(a[0], a[1], a[2]); }}},
      {"searchStep",
       {2,
        [](const Arguments& a) {
          // Embind converts a JS number to int for the handle; out-of-range values are JS's
          // ToInt32, here the saturated value, which names no search either way.
          const double handle = number(a[0]);
          const int h = std::isfinite(handle) ? int(std::clamp(handle, -2e9, 2e9)) : 0;
          return service::searchStep(h, number(a[1]));
        }}},
      {"searchStop",
       {1,
        [](const Arguments& a) {
          const double handle = number(a[0]);
          return service::searchStop(std::isfinite(handle) ? int(std::clamp(handle, -2e9, 2e9))
                                                           : 0);
        }}},
      {"numberingSolutions",
       {4,
        [](const Arguments& a) {
          return service::numberingSolutions(a[0], a[1], a[2], number(a[3]));
        }}},
      {"numberingPosition",
       {4, [](const Arguments& a) { return service::numberingPosition(a[0], a[1], a[2], a[3]); }}},
  };
  return table;
}

}  // namespace

// Builds what the first inputs would otherwise build within libFuzzer's -timeout: the Kilominx's
// small set's set-up and the Pyraminx's whole table.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  service::importTables("kilominx", "small", "");
  service::distanceTable("pyraminx");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t nameEnd = std::min(input.find('\0'), input.size());
  const auto found = operations().find(std::string(input.substr(0, nameEnd)));
  if (found == operations().end()) return -1;  // not a WASM entry point: kept out of the corpus
  const Operation& operation = found->second;
  const std::string_view rest = nameEnd < input.size() ? input.substr(nameEnd + 1) : "";
  const std::optional<Json> answer = operation.run(fuzz::splitArguments(rest, operation.arity));
  if (answer) fuzz::checkAnswer(*answer, input);
  return 0;
}
