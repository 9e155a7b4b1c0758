// The options of a solve request (docs/api.md), read from a flat JSON object such as
// {"method":"fast","max_length":21,"time_ms":300} or
// {"method":"optimal","tables":"small","threads":2}. Reading never throws: a bad text gives a
// message instead.
#pragma once

#include <optional>
#include <string>

namespace polytwist::service {

struct SolveOptions {
  enum class Method {
    Optimal,  // a proven-optimal solution (the puzzle's own solver)
    Fast,     // a short solution quickly (two-phase for puzzles that declare phases)
  } method = Method::Optimal;
  // Fast: stop at the first solution of at most this many moves (none: the puzzle's fastTarget).
  std::optional<int> maxLength;
  // Fast, above 0: keep searching for shorter solutions until this many milliseconds have passed
  // and answer the shortest found (TwoPhaseOptions::timeMs).
  double timeMs = 0;
  // Optimal, for puzzles with the optimal-search kernel (cube3): the table set ("" = the
  // puzzle's default) and the threads of one search (0 = one per core).
  std::string tables;
  unsigned threads = 0;
  // The notation the solution is written in ("" = the puzzle's own; PuzzleSpec::notations).
  std::string notation;
};

// nullopt with `error` set when the text is not such an object or holds an unknown key or value.
// An empty text means the defaults.
std::optional<SolveOptions> readSolveOptions(const std::string& text, std::string& error);

}  // namespace polytwist::service
