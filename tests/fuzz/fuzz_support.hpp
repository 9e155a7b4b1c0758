// Shared by the fuzz targets: splitting an input into arguments and checking service answers.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.hpp"
#include "puzzles/catalogue.hpp"

namespace polytwist::fuzz {

// The arguments of an input: its bytes split at NUL ('\0'), so any other byte can be in an
// argument; missing arguments are empty.
inline std::vector<std::string> splitArguments(std::string_view input, std::size_t count) {
  std::vector<std::string> arguments(count);
  std::size_t start = 0;
  for (std::size_t i = 0; i < count && start <= input.size(); ++i) {
    const std::size_t end = i + 1 == count ? input.size() : input.find('\0', start);
    const std::size_t stop = end == std::string_view::npos ? input.size() : end;
    arguments[i] = std::string(input.substr(start, stop - start));
    start = stop + 1;
  }
  return arguments;
}

[[noreturn]] inline void fail(const std::string& what, std::string_view input) {
  std::fprintf(stderr, "property broken: %s\ninput (%zu bytes): %.*s\n", what.c_str(), input.size(),
               int(input.size()), input.data());
  std::abort();
}

// A service answer is an object with "ok"; a refusal has an error message and never comes from an
// exception the engine did not expect (the service turns those into "internal error: ...").
inline void checkAnswer(const Json& answer, std::string_view input) {
  const Json* ok = answer.find("ok");
  if (!ok) fail("answer without \"ok\": " + answer.dump(), input);
  if (ok->boolean()) return;
  const Json* error = answer.find("error");
  if (!error || !error->isString() || error->string().empty()) {
    fail("refusal without an error message: " + answer.dump(), input);
  }
  if (error->string().rfind("internal error", 0) == 0) fail(error->string(), input);
}

// Whether importTables(id, set, ...) is cheap enough to run for every input. Taking bytes back
// first sets the set's tables up (their symmetry classes: 8 to 30 s each for the small sets under
// the sanitizers), once per process; a fuzz run affords one, the Kilominx's small set (the
// cheapest; the code that reads the bytes is the same for every puzzle), set up by
// warmUpTableSets before the inputs run. Unknown puzzles, puzzles without the optimal kernel and
// unknown set names are refused before any set-up, so they always run.
inline bool cheapTableSet(const std::string& id, const std::string& set) {
  const Puzzle* puzzle = findPuzzle(id);
  if (!puzzle || puzzle->spec().tableSets.empty()) return true;
  if (id == "kilominx" && (set.empty() || set == "small")) return true;
  if (set.empty()) return false;
  for (const TableSetSpec& spec : puzzle->spec().tableSets) {
    if (spec.name == set) return false;
  }
  return true;
}

}  // namespace polytwist::fuzz
