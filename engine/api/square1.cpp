// The Square-1's operations (puzzles/square1/square1.hpp), a model of its own (OwnModel): its
// positions, moves in WCA notation, random-state scrambles and the two-phase solver's answers.
#include "puzzles/square1/square1.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "api/service_internal.hpp"
#include "puzzles/square1/square1_solid.hpp"
#include "render/square1_picture.hpp"

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

// Six decimals: enough for a view, and an answer a few kilobytes long.
Json solidNumber(double value) { return std::round(value * 1e6) / 1e6; }

Json solidPoint(const square1::Point3& p) {
  return Json::Array{solidNumber(p.x), solidNumber(p.y), solidNumber(p.z)};
}

// The pieces as puzzleInfo describes them for a 3D view: each piece's faces where the solved
// puzzle holds it, a sticker's with the face of the puzzle it colours and that colour.
Json solidPiecesJson() {
  Json::Array pieces;
  for (const square1::SolidPiece& piece : square1::solidPieces()) {
    Json::Array faces;
    for (const square1::SolidFace& face : piece.faces) {
      Json::Array points;
      for (const square1::Point3& p : face.points) points.push_back(solidPoint(p));
      Json described = Json(Json::Object{}).set("points", points);
      if (face.side != 0) {
        described.set("side", std::string(1, face.side))
            .set("colour", square1FaceColour(face.side));
      }
      faces.push_back(described);
    }
    pieces.push_back(Json(Json::Object{}).set("name", piece.name).set("faces", faces));
  }
  return pieces;
}

// What the player's editor offers to tap instead of typing (each token's text, what it means,
// a piece's colours): every piece as the entry writes it, in the solved entry's order (the top
// layer's, then the bottom's), the parts' separator, the mark of a corner across the cut and
// the middle's two ways.
Json square1EntryPalette() {
  Json::Array tokens;
  std::vector<int> order;
  for (int piece : square1::solved().slots) {
    if (std::find(order.begin(), order.end(), piece) == order.end()) order.push_back(piece);
  }
  for (int piece : order) {
    const std::string text = square1::pieceColours(piece);
    Json::Array colours;
    for (char face : text) colours.push_back(square1FaceColour(face));
    tokens.push_back(Json(Json::Object{})
                         .set("text", text)
                         .set("label", "the " + square1::pieceName(piece) +
                                           (square1::isCorner(piece) ? " corner" : " edge"))
                         .set("colours", colours));
  }
  const auto token = [](const char* text, const char* label) {
    return Json(Json::Object{}).set("text", text).set("label", label);
  };
  tokens.push_back(token("*", "the layer's first corner lies across the cut"));
  tokens.push_back(token("/", "the next part: the bottom layer, then the middle"));
  tokens.push_back(token("F", "the middle: its right half green at the front, as solved"));
  tokens.push_back(token("B", "the middle: its right half blue at the front, turned over"));
  return tokens;
}

// Every piece's rotation from where the solved puzzle holds it, as [x, y, z, w].
Json placementsJson(const square1::State& state) {
  Json::Array placed;
  for (const square1::Rotation& r : square1::placements(state)) {
    placed.push_back(
        Json::Array{solidNumber(r.x), solidNumber(r.y), solidNumber(r.z), solidNumber(r.w)});
  }
  return placed;
}

// The turns of the moves, step by step: [[{axis, angle, pieces}, ...], ...].
Json motionJson(const square1::State& start, const std::vector<square1::Move>& moves) {
  Json::Array steps;
  for (const std::vector<square1::SolidTurn>& step : square1::motion(start, moves)) {
    Json::Array turns;
    for (const square1::SolidTurn& turn : step) {
      Json::Array pieces(turn.pieces.begin(), turn.pieces.end());
      turns.push_back(Json(Json::Object{})
                          .set("axis", solidPoint(turn.axis))
                          .set("angle", solidNumber(turn.angle))
                          .set("pieces", pieces));
    }
    steps.push_back(turns);
  }
  return steps;
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
      .set("picture", Json(Json::Object{}).set("state", square1::encode(state)))
      // Where each of puzzleInfo's `pieces` lies, for a 3D view.
      .set("placements", placementsJson(state))
      // The position as a person enters it (validate reads it back; puzzleInfo's `entry_help`).
      .set("entry_text", square1::writePieces(state));
}

Json keyBinding(const char* keys, const char* move) {
  return Json(Json::Object{}).set("keys", keys).set("move", move);
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
                      "least 11 slashes from solved by its two-phase solution")
      // Its 3D view's solid pieces: each position places them (`placements`) and applyMoves
      // says how its moves turn them (`motion`).
      .set("pieces", solidPiecesJson())
      // The player's keys (matched on the physical key, as every puzzle's): a twelfth of a turn
      // of either layer each way, and the slice.
      .set("keys", Json::Array{keyBinding("U", "(1,0)"), keyBinding("Shift+U", "(-1,0)"),
                               keyBinding("D", "(0,1)"), keyBinding("Shift+D", "(0,-1)"),
                               keyBinding("/", "/"), keyBinding("S", "/")})
      .set("key_hint",
           "U and D turn the top and bottom layer a twelfth, Shift+U and Shift+D back; / or S "
           "slices (refused, with the reason, while a corner blocks the cut).")
      // How a person enters a position (validate, each position's `entry`).
      .set("entry_help",
           "Each piece by its colours: U white, D yellow, F green, R red, B blue, L orange. The "
           "top layer clockwise seen from above, from the piece right of the cut at the back; '/'; "
           "the bottom layer clockwise seen from below, from the piece right of the cut at the "
           "front; '/'; the middle: F when its right half shows green at the front, B when blue. "
           "A piece: its top or bottom colour, then its sides clockwise (an edge 2 letters, a "
           "corner 3); '*' before a layer's first corner when it lies across the cut. Solved: " +
               square1::writePieces(square1::solved()))
      .set("entry_palette", square1EntryPalette());
}

Json square1Apply(const std::string& stateText, const std::string& moves) {
  Json error;
  const std::optional<square1::State> start = readSquare1State(stateText, error);
  if (!start) return error;
  const square1::ParsedMoves parsed = square1::parseMoves(moves);
  const square1::Applied applied = square1::applyMoves(*start, moves);
  if (!applied.error.empty()) return failure(applied.error).set("column", applied.errorColumn);
  return square1Position(applied.state)
      .set("moves", square1::formatMoves(parsed.moves))
      .set("motion", motionJson(*start, parsed.moves));
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
      .set("slashes", square1::slashCount(moves))
      .set("phases", 2);  // shape, then pieces
}

// The pieces a person entered by their colours (square1::readPieces).
Json square1Validate(const std::string& entry) {
  const square1::PiecesReading reading = square1::readPieces(entry);
  if (!reading.state) return failure(reading.error).set("column", reading.column);
  return square1Position(*reading.state);
}

}  // namespace

const OwnModel& square1Model() {
  static const OwnModel model{"square1",
                              "Square-1",
                              "WCA's",
                              "pieces",
                              square1Info,
                              square1Apply,
                              square1Scramble,
                              square1Solve,
                              square1Validate,
                              "square1 has no optimal solver: this is its two-phase solution "
                              "(shape, then pieces), short but not proven optimal"};
  return model;
}

}  // namespace polytwist::service::detail
