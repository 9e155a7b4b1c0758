// The options of a solve request (docs/api.md), read from a flat JSON object such as
// {"method":"fast","max_length":21}. Reading never throws: a bad text gives a message instead.
#pragma once

#include <optional>
#include <string>

namespace polytwist::service {

struct SolveOptions {
  enum class Method {
    Optimal,  // a proven-optimal solution (the puzzle's own solver)
    Fast,     // a short solution quickly (two-phase for puzzles that declare phases)
  } method = Method::Optimal;
  int maxLength = 21;  // fast: stop at the first solution of at most this many moves
};

// nullopt with `error` set when the text is not such an object or holds an unknown key or value.
// An empty text means the defaults.
std::optional<SolveOptions> readSolveOptions(const std::string& text, std::string& error);

}  // namespace polytwist::service
