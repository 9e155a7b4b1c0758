// The Rubik's Clock's operations (puzzles/clock/clock.hpp): its own model, so puzzleInfo,
// applyMoves, scramble and solve answer it here, in the same fields as the catalogue's puzzles
// where the fields mean the same; the other operations say what it offers.
#include "puzzles/clock/clock.hpp"

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
      .set("pins_up", clock::pinsText(pinsUp))
      // The image parameters that draw this position: its dials, and its pins as an alg of pin
      // names alone.
      .set("picture", Json(Json::Object{})
                          .set("state", clock::encode(dials))
                          .set("alg", clock::pinsText(pinsUp)));
}

Json clockInfo() {
  // Every move as answers write it (amounts 0+ to 6+ and 5- to 1-), so a player steps through a
  // sequence move by move.
  Json::Array moves;
  for (const char* pins : {"UR", "DR", "DL", "UL", "U", "R", "D", "L", "ALL"}) {
    for (int amount = 0; amount < clock::kHours; ++amount) {
      std::string move = pins;
      move += amount <= 6 ? std::to_string(amount) + "+" : std::to_string(12 - amount) + "-";
      moves.push_back(move);
    }
  }
  moves.push_back("y2");
  return ownModelInfo(
      clockModel(), moves, clock::kStateCount, "linear", 2,
      "a uniformly random state, at least 2 moves from solved, written as TNoodle's "
      "fourteen moves UR DR DL UL U R D L ALL y2 U R D L ALL");
}

Json clockApply(const std::string& stateText, const std::string& moves) {
  Json error;
  const std::optional<clock::Dials> dials = readClockState(stateText, error);
  if (!dials) return error;
  const clock::ReadResult read = clock::readSequence(moves);
  if (!read.sequence) return failure(read.error.message).set("column", read.error.column);
  return clockPosition(clock::apply(*dials, *read.sequence), read.sequence->pinsUp)
      .set("moves", clock::sequenceText(read.sequence->moves));
}

Json clockScramble(std::mt19937_64& rng) {
  const std::array<clock::Move, clock::kDials> sequence =
      clock::scrambleMoves(clock::randomScrambleAmounts(rng));
  const std::string text = clock::sequenceText({sequence.begin(), sequence.end()});
  // The position as the text reads, pins as its last move (ALL, on the back) leaves them.
  const clock::ReadResult read = clock::readSequence(text);
  return clockPosition(clock::apply(clock::solved(), *read.sequence), read.sequence->pinsUp)
      .set("scramble", text)
      .set("random_state", true);
}

Json clockSolve(const std::string& stateText) {
  Json error;
  const std::optional<clock::Dials> dials = readClockState(stateText, error);
  if (!dials) return error;
  const std::vector<clock::Move> moves = clock::solution(*dials);
  return success()
      .set("solution", clock::sequenceText(moves))
      .set("length", static_cast<int>(moves.size()));
}

}  // namespace

const OwnModel& clockModel() {
  static const OwnModel model{clock::kId,
                              clock::kName,
                              "WCA's",
                              "picture",
                              clockInfo,
                              clockApply,
                              clockScramble,
                              clockSolve,
                              nullptr,
                              "clock has no optimal solver: this is its fast solution (at most 14 "
                              "moves)"};
  return model;
}

}  // namespace polytwist::service::detail
