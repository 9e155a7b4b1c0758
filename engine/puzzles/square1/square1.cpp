// The Square-1's state, moves, notation, shapes and random states (square1.hpp).
#include "puzzles/square1/square1.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <unordered_set>

#include "core/random.hpp"
#include "core/text.hpp"

namespace polytwist::square1 {

namespace {

// The solved puzzle slot by slot (square1.hpp's slot order): corners 0 UBR, 1 UFR, 2 UFL, 3 UBL,
// 4 DFR, 5 DBR, 6 DBL, 7 DFL; edges 8 UB, 9 UR, 10 UF, 11 UL, 12 DR, 13 DB, 14 DL, 15 DF.
constexpr std::array<std::uint8_t, kSlots> kSolvedSlots = {
    8, 0, 0,  9, 1, 1,  10, 2, 2,  11, 3, 3,    // top, from the back end of the cut
    4, 4, 12, 5, 5, 13, 6,  6, 14, 7,  7, 15};  // bottom, from the front end of the cut
constexpr std::array<const char*, kPieces> kPieceNames = {"UBR", "UFR", "UFL", "UBL", "DFR", "DBR",
                                                          "DBL", "DFL", "UB",  "UR",  "UF",  "UL",
                                                          "DR",  "DB",  "DL",  "DF"};

int wrapTurn(int amount) { return ((amount % 12) + 12 + 5) % 12 - 5; }  // into -5..6

// The two places where the cut meets each layer: slot pairs a corner must not join.
constexpr std::array<std::array<int, 2>, 4> kCutSlots = {{{11, 0}, {5, 6}, {23, 12}, {17, 18}}};

// Turns and slashes as one list, turns merged and cancelling slashes dropped.
struct Token {
  bool slash;
  int top, bottom;
};
std::vector<Move> regroup(const std::vector<Token>& tokens) {
  std::vector<Token> kept;
  for (const Token& token : tokens) {
    if (!kept.empty() && token.slash && kept.back().slash) {
      kept.pop_back();
    } else if (!kept.empty() && !token.slash && !kept.back().slash) {
      kept.back().top = wrapTurn(kept.back().top + token.top);
      kept.back().bottom = wrapTurn(kept.back().bottom + token.bottom);
      if (kept.back().top == 0 && kept.back().bottom == 0) kept.pop_back();
    } else if (token.slash || wrapTurn(token.top) != 0 || wrapTurn(token.bottom) != 0) {
      kept.push_back(token.slash ? token
                                 : Token{false, wrapTurn(token.top), wrapTurn(token.bottom)});
    }
  }
  std::vector<Move> moves;
  for (const Token& token : kept) {
    if (token.slash && !moves.empty() && !moves.back().slash) {
      moves.back().slash = true;
    } else {
      moves.push_back(Move{token.top, token.bottom, token.slash});
    }
  }
  return moves;
}

}  // namespace

bool isCorner(int piece) { return piece < 8; }
std::string pieceName(int piece) { return kPieceNames[piece]; }

State solved() { return State{kSolvedSlots, false}; }

State turned(const State& state, int top, int bottom) {
  State next = state;
  for (int i = 0; i < kLayerSlots; ++i) {
    next.slots[((i + top) % 12 + 12) % 12] = state.slots[i];
    next.slots[kLayerSlots + ((i + bottom) % 12 + 12) % 12] = state.slots[kLayerSlots + i];
  }
  return next;
}

int sliceBlocker(const State& state) {
  for (const auto& [a, b] : kCutSlots) {
    if (state.slots[a] == state.slots[b]) return state.slots[a];
  }
  return -1;
}

State slashed(const State& state) {
  State next = state;
  for (int i = 0; i < 6; ++i) std::swap(next.slots[i], next.slots[kLayerSlots + i]);
  next.middleFlipped = !state.middleFlipped;
  return next;
}

ParsedMoves parseMoves(std::string_view text) {
  ParsedMoves parsed;
  std::size_t at = 0;
  const auto skipSpace = [&] {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
  };
  const auto fail = [&](std::size_t where, const std::string& message) {
    parsed.moves.clear();
    parsed.columns.clear();
    parsed.error = "column " + std::to_string(where + 1) + ": " + message;
    parsed.errorColumn = static_cast<int>(where + 1);
    return parsed;
  };
  const auto describe = [&](std::size_t where) {
    if (where >= text.size()) return std::string("the end");
    std::string quoted = "'";
    quoted += text[where];
    return quoted + "'";
  };
  // One number of a turn, -5..6.
  const auto number = [&](int& value) -> bool {
    skipSpace();
    const std::size_t start = at;
    if (at < text.size() && (text[at] == '-' || text[at] == '+')) ++at;
    const std::size_t digits = at;
    while (at < text.size() && at - digits < 4 &&
           std::isdigit(static_cast<unsigned char>(text[at])))
      ++at;
    if (at == digits) return false;
    value = std::stoi(std::string(text.substr(start, at - start)));
    return true;
  };
  for (skipSpace(); at < text.size(); skipSpace()) {
    const std::size_t start = at;
    if (text[at] == '/') {
      parsed.moves.push_back(Move{0, 0, true});
      parsed.columns.push_back(static_cast<int>(at + 1));
      ++at;
      continue;
    }
    if (text[at] != '(') return fail(at, "expected '(' or '/', found " + describe(at));
    ++at;
    Move move;
    for (int* value : {&move.top, &move.bottom}) {
      skipSpace();
      const std::size_t numberAt = at;
      if (!number(*value)) return fail(at, "expected a number, found " + describe(at));
      if (*value < -5 || *value > 6) {
        return fail(numberAt, "the turn " + std::to_string(*value) +
                                  " is out of range: a layer turns by -5 to 6 twelfths");
      }
      skipSpace();
      const char expected = value == &move.top ? ',' : ')';
      if (at >= text.size() || text[at] != expected) {
        return fail(at, std::string("expected '") + expected + "', found " + describe(at));
      }
      ++at;
    }
    int column = static_cast<int>(start + 1);
    skipSpace();
    if (at < text.size() && text[at] == '/') {
      move.slash = true;
      column = static_cast<int>(at + 1);
      ++at;
    }
    parsed.moves.push_back(move);
    parsed.columns.push_back(column);
  }
  return parsed;
}

std::string formatMoves(const std::vector<Move>& moves) {
  std::vector<std::string> parts;
  for (const Move& move : moves) {
    std::string part;
    if (move.top != 0 || move.bottom != 0 || !move.slash) {
      part += '(';
      part += std::to_string(move.top);
      part += ',';
      part += std::to_string(move.bottom);
      part += ')';
    }
    if (move.slash) part += "/";
    parts.push_back(part);
  }
  return join(parts, " ");
}

std::vector<Move> simplified(const std::vector<Move>& moves) {
  std::vector<Token> tokens;
  for (const Move& move : moves) {
    tokens.push_back(Token{false, move.top, move.bottom});
    if (move.slash) tokens.push_back(Token{true, 0, 0});
  }
  return regroup(tokens);
}

std::vector<Move> invertMoves(const std::vector<Move>& moves) {
  std::vector<Token> tokens;
  for (auto move = moves.rbegin(); move != moves.rend(); ++move) {
    if (move->slash) tokens.push_back(Token{true, 0, 0});
    tokens.push_back(Token{false, -move->top, -move->bottom});
  }
  return regroup(tokens);
}

Applied applyMoves(const State& start, std::string_view text) {
  const ParsedMoves parsed = parseMoves(text);
  if (!parsed.error.empty()) return {start, parsed.error, parsed.errorColumn};
  State state = start;
  for (std::size_t i = 0; i < parsed.moves.size(); ++i) {
    const Move& move = parsed.moves[i];
    state = turned(state, move.top, move.bottom);
    if (!move.slash) continue;
    const int blocker = sliceBlocker(state);
    if (blocker >= 0) {
      const bool top = std::find(state.slots.begin(), state.slots.begin() + kLayerSlots, blocker) !=
                       state.slots.begin() + kLayerSlots;
      return {start,
              "column " + std::to_string(parsed.columns[i]) +
                  ": the slice cannot turn here: it would cut the corner " + pieceName(blocker) +
                  ", which straddles the cut on the " + (top ? "top" : "bottom") + " layer",
              parsed.columns[i]};
    }
    state = slashed(state);
  }
  return {state, ""};
}

State applyMoves(State state, const std::vector<Move>& moves) {
  for (const Move& move : moves) {
    state = turned(state, move.top, move.bottom);
    if (!move.slash) continue;
    if (sliceBlocker(state) >= 0) throw std::logic_error("a Square-1 slice across a corner");
    state = slashed(state);
  }
  return state;
}

Shape shapeOf(const State& state) {
  Shape shape = 0;
  for (int s = 0; s < kSlots; ++s) {
    const int next = s / kLayerSlots * kLayerSlots + (s % kLayerSlots + 1) % kLayerSlots;
    if (isCorner(state.slots[s]) && state.slots[next] == state.slots[s]) shape |= Shape{1} << s;
  }
  return shape;
}

bool twistable(Shape shape) {
  // No corner starting at slot 5 or 11 of either layer.
  constexpr Shape across = (1u << 5) | (1u << 11) | (1u << 17) | (1u << 23);
  return (shape & across) == 0;
}

namespace {
Shape turnShape(Shape shape, int top, int bottom) {
  const auto rotate = [](Shape layer, int by) {
    by = (by % 12 + 12) % 12;
    return ((layer << by) | (layer >> (12 - by))) & 0xfff;
  };
  return rotate(shape & 0xfff, top) | rotate(shape >> 12, bottom) << 12;
}
Shape slashShape(Shape shape) {
  return (shape & ~Shape{0x3f03f}) | (shape & 0x3f) << 12 | (shape >> 12 & 0x3f);
}
}  // namespace

const std::vector<Shape>& twistableShapes() {
  static const std::vector<Shape> shapes = [] {
    // Every shape reached by turns and slices, from the solved one; then the twistable ones.
    std::unordered_set<Shape> seen = {shapeOf(solved())};
    std::vector<Shape> frontier(seen.begin(), seen.end());
    while (!frontier.empty()) {
      std::vector<Shape> next;
      for (Shape shape : frontier) {
        std::vector<Shape> neighbours;
        for (int top = 0; top < 12; ++top) {
          for (int bottom = 0; bottom < 12; ++bottom) {
            const Shape turnedShape = turnShape(shape, top, bottom);
            if (twistable(turnedShape)) neighbours.push_back(slashShape(turnedShape));
          }
        }
        for (Shape neighbour : neighbours) {
          if (seen.insert(neighbour).second) next.push_back(neighbour);
        }
      }
      frontier = std::move(next);
    }
    std::vector<Shape> kept;
    for (Shape shape : seen) {
      for (int top = 0; top < 12; ++top) {
        for (int bottom = 0; bottom < 12; ++bottom) {
          const Shape turnedShape = turnShape(shape, top, bottom);
          if (twistable(turnedShape)) kept.push_back(turnedShape);
        }
      }
    }
    std::sort(kept.begin(), kept.end());
    kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
    return kept;
  }();
  return shapes;
}

State placed(Shape shape, const std::array<std::uint8_t, 8>& corners,
             const std::array<std::uint8_t, 8>& edges) {
  State state;
  int corner = 0;
  int edge = 0;
  for (int s = 0; s < kSlots; ++s) {
    const int layer = s / kLayerSlots * kLayerSlots;
    const int previous = layer + (s - layer + kLayerSlots - 1) % kLayerSlots;
    if (shape >> previous & 1) continue;  // the second slot of a corner, filled with its first
    if (shape >> s & 1) {
      state.slots[s] = corners[corner++];
      state.slots[layer + (s - layer + 1) % kLayerSlots] = state.slots[s];
    } else {
      state.slots[s] = edges[edge++];
    }
  }
  return state;
}

State randomState(std::mt19937_64& rng) {
  const std::vector<Shape>& shapes = twistableShapes();
  const Shape shape = shapes[uniformBelow(rng, shapes.size())];
  std::array<std::uint8_t, 8> corners = {0, 1, 2, 3, 4, 5, 6, 7};
  std::array<std::uint8_t, 8> edges = {8, 9, 10, 11, 12, 13, 14, 15};
  for (auto* pieces : {&corners, &edges}) {
    for (int i = 7; i > 0; --i) std::swap((*pieces)[i], (*pieces)[uniformBelow(rng, i + 1)]);
  }
  State state = placed(shape, corners, edges);
  state.middleFlipped = uniformBelow(rng, 2) == 1;
  return state;
}

int slashCount(const std::vector<Move>& moves) {
  return static_cast<int>(
      std::count_if(moves.begin(), moves.end(), [](const Move& move) { return move.slash; }));
}

namespace {
constexpr std::size_t kTextSize = 2 * kLayerSlots + 3;
char pieceLetter(int piece) {
  return static_cast<char>(isCorner(piece) ? 'A' + piece : '1' + (piece - 8));
}
int letterPiece(char letter) {
  if (letter >= 'A' && letter <= 'H') return letter - 'A';
  if (letter >= '1' && letter <= '8') return 8 + (letter - '1');
  return -1;
}
// The column (1-based) of slot `slot` in the text.
int slotColumn(int slot) { return slot + 1 + (slot >= kLayerSlots ? 1 : 0); }
}  // namespace

std::string encode(const State& state) {
  std::string text;
  for (int slot = 0; slot < kSlots; ++slot) {
    if (slot == kLayerSlots) text += '/';
    text += pieceLetter(state.slots[slot]);
  }
  return text + (state.middleFlipped ? "/f" : "/s");
}

std::optional<State> decode(std::string_view text, std::string& error) {
  if (text.empty()) return solved();
  const auto fail = [&](int column, const std::string& why) -> std::optional<State> {
    error = (column > 0 ? "column " + std::to_string(column) + ": " : std::string()) + why;
    return std::nullopt;
  };
  if (text.size() != kTextSize || text[kLayerSlots] != '/' || text[2 * kLayerSlots + 1] != '/') {
    return fail(0,
                "a Square-1 state is the top's 12 slots, '/', the bottom's 12, '/', and s or f "
                "for the middle layer (26 characters, solved: " +
                    encode(solved()) + "); got " + std::to_string(text.size()) + " characters");
  }
  State state;
  std::array<std::vector<int>, kPieces> slotsOf;
  for (int slot = 0; slot < kSlots; ++slot) {
    const char letter = text[static_cast<std::size_t>(slotColumn(slot) - 1)];
    const int piece = letterPiece(letter);
    if (piece < 0) {
      return fail(slotColumn(slot), std::string("'") + letter +
                                        "' is no piece (corners A-H, edges 1-8, each slot one)");
    }
    state.slots[slot] = static_cast<std::uint8_t>(piece);
    slotsOf[piece].push_back(slot);
  }
  const char middle = text.back();
  if (middle != 's' && middle != 'f') {
    return fail(static_cast<int>(kTextSize), std::string("'") + middle +
                                                 "' is not s (middle layer as solved) or f "
                                                 "(flipped)");
  }
  state.middleFlipped = middle == 'f';
  for (int piece = 0; piece < kPieces; ++piece) {
    const std::vector<int>& at = slotsOf[piece];
    const std::string name = std::string(isCorner(piece) ? "corner " : "edge ") +
                             pieceLetter(piece) + " (" + pieceName(piece) + ")";
    const std::size_t wanted = isCorner(piece) ? 2 : 1;
    if (at.size() != wanted) {
      return fail(at.size() > wanted ? slotColumn(at[wanted])
                  : at.empty()       ? 0
                                     : slotColumn(at[0]),
                  name + (at.empty()           ? " is missing"
                          : at.size() < wanted ? " has one slot: a corner fills two side by side"
                                               : " is in " + std::to_string(at.size()) +
                                                     " slots, not " + std::to_string(wanted)));
    }
    if (wanted == 2) {
      const int first = at[0], second = at[1];
      const bool sameLayer = first / kLayerSlots == second / kLayerSlots;
      const int apart = second - first;
      if (!sameLayer || (apart != 1 && apart != kLayerSlots - 1)) {
        return fail(slotColumn(second), name + "'s two halves are not side by side in one layer");
      }
    }
  }
  return state;
}

}  // namespace polytwist::square1
