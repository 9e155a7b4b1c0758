// The operations polytwist offers, as JSON answers: the CLI prints them and the WASM module hands
// them to JS unchanged, so both speak the same contract (docs/api.md). No function here throws or
// crashes on bad input; every error is {"ok":false,"error":"..."} saying what is wrong and where.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/json.hpp"
#include "search/distance_table.hpp"

namespace polytwist::service {

using SolveProgressFn = std::function<void(int depth, std::uint64_t nodes)>;

inline constexpr const char* kVersion = "0.1.0";
inline constexpr std::size_t kMaxInputBytes = 1 << 20;  // longer inputs are refused unread

Json version();
Json listPuzzles();
Json puzzleInfo(const std::string& id);
Json applyMoves(const std::string& id, const std::string& state, const std::string& moves);
Json scramble(const std::string& id, double seed);
Json validate(const std::string& id, const std::string& facelets);
Json solve(const std::string& id, const std::string& state, const SolveProgressFn& progress = {},
           Cancellation cancel = {});
Json distanceTable(const std::string& id, const BuildProgressFn& progress = {},
                   Cancellation cancel = {});

// The whole-puzzle table in its binary form (built first if needed), so a page can cache it and
// skip the BFS next time; `bytes` is empty when `answer` is an error.
struct TableBytes {
  Json answer;
  std::string bytes;
};
TableBytes exportTable(const std::string& id, const BuildProgressFn& progress = {},
                       Cancellation cancel = {});
// Takes such bytes back; a damaged file or one made for another layout is refused with a message.
Json importTable(const std::string& id, const std::string& bytes);

}  // namespace polytwist::service
