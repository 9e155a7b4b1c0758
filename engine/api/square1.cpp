// The Square-1's operations (puzzles/square1/square1.hpp), a model of its own (OwnModel): its
// positions, moves in WCA notation, random-state scrambles and the two-phase solver's answers.
#include "puzzles/square1/square1.hpp"

#include "api/service_internal.hpp"

namespace polytwist::service::detail {

namespace {

// 19,305 shapes (every way to fill both layers' slots, each layer turn apart) × 8! corner
// orders × 8! edge orders × 2 middle layers; tests/unit/square1_test.cpp counts the shapes.
constexpr const char* kSquare1States = "62768369664000";
constexpr int kMinScrambleSlashes = 11;

std::optional<square1::State> readSquare1State(const std::string& text, Json& error) {
  std::string why;
  std::optional<square1::State> state = square1::decode(text, why);
  if (!state) error = failure("impossible state: " + why);
  return state;
}

Json square1Position(const square1::State& state) {
  const bool solved = state == square1::solved();
  return success()
      .set("puzzle", "square1")
      .set("state", solved ? std::string() : square1::encode(state))
      .set("solved", solved)
      // Whether `/` can turn now (no corner across the cut) and the middle layer's half.
      .set("twistable", square1::sliceBlocker(state) < 0)
      .set("middle", state.middleFlipped ? "flipped" : "solved")
      // The image parameters that draw this position.
      .set("picture", Json(Json::Object{}).set("state", square1::encode(state)));
}

Json square1Info() {
  // Every move as answers write it: a turn of each layer (-5..6 twelfths), with or without the
  // slice after it, and the slice alone; so a player steps through a sequence move by move.
  Json::Array moves;
  for (int top = -5; top <= 6; ++top) {
    for (int bottom = -5; bottom <= 6; ++bottom) {
      std::string turn = "(";
      turn += std::to_string(top);
      turn += ",";
      turn += std::to_string(bottom);
      turn += ")";
      if (top != 0 || bottom != 0) moves.push_back(turn);
      moves.push_back(turn + "/");
    }
  }
  moves.push_back("/");
  return ownModelInfo(square1Model(), moves, kSquare1States, "two-phase", kMinScrambleSlashes,
                      "a uniformly random state (a shape the slice can turn, then the pieces), at "
                      "least 11 slashes from solved by its two-phase solution");
}

Json square1Apply(const std::string& stateText, const std::string& moves) {
  Json error;
  const std::optional<square1::State> start = readSquare1State(stateText, error);
  if (!start) return error;
  const square1::ParsedMoves parsed = square1::parseMoves(moves);
  const square1::Applied applied = square1::applyMoves(*start, moves);
  if (!applied.error.empty()) return failure(applied.error).set("column", applied.errorColumn);
  return square1Position(applied.state).set("moves", square1::formatMoves(parsed.moves));
}

Json square1Scramble(std::mt19937_64& rng) {
  // TNoodle's rule: a random state at least 11 slashes from solved, else drawn again. Checked on
  // the solver's solution, which is not proven shortest: a state nearer than that whose solution
  // has 11 slashes or more passes.
  for (;;) {
    const square1::State state = square1::randomState(rng);
    const std::vector<square1::Move> solution = square1::solve(state);
    if (square1::slashCount(solution) < kMinScrambleSlashes) continue;
    const std::vector<square1::Move> moves = square1::invertMoves(solution);
    return square1Position(state)
        .set("scramble", square1::formatMoves(moves))
        .set("slashes", square1::slashCount(moves))
        .set("random_state", true);
  }
}

Json square1Solve(const std::string& stateText) {
  Json error;
  const std::optional<square1::State> state = readSquare1State(stateText, error);
  if (!state) return error;
  const std::vector<square1::Move> moves = square1::solve(*state);
  return success()
      .set("solution", square1::formatMoves(moves))
      .set("length", static_cast<int>(moves.size()))
      .set("slashes", square1::slashCount(moves));
}

}  // namespace

const OwnModel& square1Model() {
  static const OwnModel model{"square1",
                              "Square-1",
                              "WCA's",
                              square1Info,
                              square1Apply,
                              square1Scramble,
                              square1Solve,
                              "square1 has no optimal solver: this is its two-phase solution "
                              "(shape, then pieces), short but not proven optimal"};
  return model;
}

}  // namespace polytwist::service::detail
