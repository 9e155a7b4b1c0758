// The Rubik's Clock's operations (puzzles/clock/clock.hpp): its own model, so puzzleInfo,
// applyMoves, scramble and solve answer it here, in the same fields as the catalogue's puzzles
// where the fields mean the same; the other operations say what it offers.
#include "puzzles/clock/clock.hpp"

#include <chrono>
#include <cmath>

#include "api/service_internal.hpp"

namespace polytwist::service::detail {

namespace {

Json hoursJson(const std::array<int, 9>& side) {
  Json::Array out;
  for (int hour : side) out.emplace_back(hour);
  return out;
}

std::optional<clock::Dials> readClockState(const std::string& text, Json& error) {
  std::string why;
  std::optional<clock::Dials> dials = clock::decode(text, why);
  if (!dials) error = failure(why);
  return dials;
}

Json clockPosition(const clock::Dials& dials, std::uint8_t pinsUp) {
  const clock::Faces faces = clock::facesOf(dials);
  return success()
      .set("puzzle", clock::kId)
      .set("state", clock::isSolved(dials) ? std::string() : clock::encode(dials))
      .set("solved", clock::isSolved(dials))
      .set("dials", Json(Json::Object{})
                        .set("front", hoursJson(faces.front))
                        .set("back", hoursJson(faces.back)))
      .set("pins_up", clock::pinsText(pinsUp));
}

}  // namespace

bool isClock(const std::string& id) { return id == clock::kId; }

std::string clockOffers() {
  return std::string(clock::kId) +
         " (the Rubik's Clock, a model of its own) answers puzzleInfo, applyMoves, scramble, "
         "solve and image only";
}

Json clockInfo() {
  Json::Array moves;
  for (const char* name : {"UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL", "y2"}) {
    moves.push_back(name);
  }
  return success()
      .set("id", clock::kId)
      .set("name", clock::kName)
      .set("model", "clock")
      .set("moves", moves)
      .set("state_count", clock::kStateCount)
      .set("solvers", Json(Json::Object{})
                          .set("solve", Json::Array{Json(Json::Object{})
                                                        .set("method", "fast")
                                                        .set("search", "linear")
                                                        .set("goal", "solved")
                                                        .set("optimal", false)})
                          .set("unsolvable", "")
                          .set("scramble", Json(Json::Object{})
                                               .set("method", "random-state")
                                               .set("search", "linear")
                                               .set("min_distance", 2))
                          .set("gods_number", false))
      .set("geometry", false);
}

Json clockApply(const std::string& stateText, const std::string& moves,
                const std::string& notation) {
  if (!notation.empty()) return failure("clock has one notation, WCA's: no '" + notation + "'");
  Json error;
  const std::optional<clock::Dials> dials = readClockState(stateText, error);
  if (!dials) return error;
  const clock::ReadResult read = clock::readSequence(moves);
  if (!read.sequence) return failure(read.error.message).set("column", read.error.column);
  return clockPosition(clock::apply(*dials, *read.sequence), read.sequence->pinsUp)
      .set("moves", clock::sequenceText(read.sequence->moves));
}

Json clockScramble(double seed, int moves) {
  if (!(seed >= 0 && seed < 9007199254740992.0 && seed == std::floor(seed))) {
    return failure("seed must be a whole number from 0 to 2^53-1");
  }
  if (moves != 0) {
    return failure("clock scrambles are random states (WCA's fourteen moves), never random moves");
  }
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  const std::array<clock::Move, clock::kDials> sequence =
      clock::scrambleMoves(clock::randomScrambleAmounts(rng));
  const std::string text = clock::sequenceText({sequence.begin(), sequence.end()});
  // The position as the text reads, pins as its last move (ALL, on the back) leaves them.
  const clock::ReadResult read = clock::readSequence(text);
  return clockPosition(clock::apply(clock::solved(), *read.sequence), read.sequence->pinsUp)
      .set("scramble", text)
      .set("random_state", true);
}

Json clockSolve(const std::string& stateText, const SolveOptions& options) {
  if (!options.notation.empty()) {
    return failure("clock has one notation, WCA's: no '" + options.notation + "'");
  }
  Json error;
  const std::optional<clock::Dials> dials = readClockState(stateText, error);
  if (!dials) return error;
  const auto start = std::chrono::steady_clock::now();
  const std::vector<clock::Move> moves = clock::solution(*dials);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  Json answer = success()
                    .set("puzzle", clock::kId)
                    .set("solution", clock::sequenceText(moves))
                    .set("length", static_cast<int>(moves.size()))
                    .set("nodes", 0)
                    .set("ms", std::round(ms * 1000) / 1000)
                    .set("method", "fast")
                    .set("optimal", false);
  if (options.method == SolveOptions::Method::Optimal) {
    answer.set("note", "clock has no optimal solver: this is its fast solution (at most 14 moves)");
  }
  return answer;
}

}  // namespace polytwist::service::detail
