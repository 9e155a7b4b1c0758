#include "puzzles/clock/clock.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <utility>

#include "core/random.hpp"
#include "core/text.hpp"

namespace polytwist::clock {

namespace {

// Grid cells of a side as seen from that side: UL U UR L C R DL D DR.
constexpr bool isCorner(int cell) { return cell == 0 || cell == 2 || cell == 6 || cell == 8; }
// The same axle's corner seen from the other side: left and right swap.
constexpr int behind(int corner) { return corner == 0 ? 2 : corner == 2 ? 0 : corner == 6 ? 8 : 6; }
// The back's edges and centre in Dials: its U L C R D.
constexpr int backDial(int cell) {
  return cell == 1 ? 9 : cell == 3 ? 10 : cell == 4 ? 11 : cell == 5 ? 12 : 13;
}
// The cells an up pin connects: the quarter round it.
constexpr std::array<std::array<int, 4>, 4> kQuarters{{{0, 1, 3, 4},    // UL
                                                       {1, 2, 4, 5},    // UR
                                                       {3, 4, 6, 7},    // DL
                                                       {4, 5, 7, 8}}};  // DR
// Pins seen from the other side.
std::uint8_t mirrored(std::uint8_t pins) {
  return static_cast<std::uint8_t>(((pins & kUL) ? kUR : 0) | ((pins & kUR) ? kUL : 0) |
                                   ((pins & kDL) ? kDR : 0) | ((pins & kDR) ? kDL : 0));
}
// The front's up pins when `pins` are up on the side facing.
std::uint8_t frontPins(std::uint8_t pins, bool back) {
  return back ? static_cast<std::uint8_t>(~mirrored(pins) & 15) : pins;
}

struct PinName {
  const char* name;
  std::uint8_t pins;
};
// In the order TNoodle's scrambles turn them.
constexpr std::array<PinName, 9> kPinNames{{{"UR", kUR},
                                            {"DR", kDR},
                                            {"DL", kDL},
                                            {"UL", kUL},
                                            {"U", kUL | kUR},
                                            {"R", kUR | kDR},
                                            {"D", kDL | kDR},
                                            {"L", kUL | kDL},
                                            {"ALL", 15}}};

std::optional<std::uint8_t> pinsNamed(std::string_view name) {
  for (const PinName& pin : kPinNames) {
    if (name == pin.name) return pin.pins;
  }
  return std::nullopt;
}

std::string nameOf(std::uint8_t pins) {
  for (const PinName& pin : kPinNames) {
    if (pin.pins == pins) return pin.name;
  }
  // Every move read or solved has named pins; UR and DL up together has no WCA name.
  throw std::logic_error("clock: no WCA name for these pins");
}

int mod12(int value) { return ((value % kHours) + kHours) % kHours; }

using Matrix = std::array<std::array<int, kDials>, kDials>;

// The inverse of `m` modulo 3 or 4, by Gauss-Jordan elimination: both are local rings (an
// element is a unit unless the prime divides it), so an invertible matrix has a unit pivot in
// every column. Over Z12 itself a column may have none.
Matrix inverseModulo(Matrix m, int modulus) {
  Matrix inverse{};
  for (int i = 0; i < kDials; ++i) inverse[i][i] = 1;
  const int prime = modulus == 4 ? 2 : 3;
  for (int column = 0; column < kDials; ++column) {
    int pivot = column;
    while (pivot < kDials && m[pivot][column] % prime == 0) ++pivot;
    if (pivot == kDials) throw std::logic_error("clock: scramble moves are not a basis");
    std::swap(m[pivot], m[column]);
    std::swap(inverse[pivot], inverse[column]);
    int unitInverse = 1;
    while (m[column][column] * unitInverse % modulus != 1) ++unitInverse;
    for (int k = 0; k < kDials; ++k) {
      m[column][k] = m[column][k] * unitInverse % modulus;
      inverse[column][k] = inverse[column][k] * unitInverse % modulus;
    }
    for (int row = 0; row < kDials; ++row) {
      const int factor = m[row][column];
      if (row == column || factor == 0) continue;
      for (int k = 0; k < kDials; ++k) {
        m[row][k] = ((m[row][k] - factor * m[column][k]) % modulus + modulus) % modulus;
        inverse[row][k] =
            ((inverse[row][k] - factor * inverse[column][k]) % modulus + modulus) % modulus;
      }
    }
  }
  return inverse;
}

// amounts = inverseBasis() · dials: the scramble moves' matrix inverted modulo 3 and 4, joined by
// the Chinese remainder theorem (x = 4a + 9b mod 12 is a mod 3 and b mod 4).
const Matrix& inverseBasis() {
  static const Matrix inverse = [] {
    Matrix basis{};
    std::array<int, kDials> unit{};
    for (int j = 0; j < kDials; ++j) {
      unit.fill(0);
      unit[j] = 1;
      Dials dials = solved();
      for (const Move& move : scrambleMoves(unit)) dials = clock::apply(dials, move);
      for (int i = 0; i < kDials; ++i) basis[i][j] = dials[i];
    }
    const Matrix three = inverseModulo(basis, 3), four = inverseModulo(basis, 4);
    Matrix joined{};
    for (int i = 0; i < kDials; ++i) {
      for (int j = 0; j < kDials; ++j) joined[i][j] = mod12(4 * three[i][j] + 9 * four[i][j]);
    }
    return joined;
  }();
  return inverse;
}

}  // namespace

Faces facesOf(const Dials& dials) {
  Faces faces;
  for (int cell = 0; cell < 9; ++cell) {
    faces.front[cell] = dials[cell];
    faces.back[cell] = isCorner(cell) ? mod12(-dials[behind(cell)]) : dials[backDial(cell)];
  }
  return faces;
}

Dials solved() { return Dials{}; }

bool isSolved(const Dials& dials) { return dials == solved(); }

Dials apply(Dials dials, const Move& move) {
  bool turned[9] = {};
  for (int pin = 0; pin < 4; ++pin) {
    if (!(move.pins & (1 << pin))) continue;
    for (int cell : kQuarters[pin]) turned[cell] = true;
  }
  for (int cell = 0; cell < 9; ++cell) {
    if (!turned[cell]) continue;
    if (!move.back) {
      dials[cell] = static_cast<std::uint8_t>(mod12(dials[cell] + move.amount));
    } else if (isCorner(cell)) {
      dials[behind(cell)] = static_cast<std::uint8_t>(mod12(dials[behind(cell)] - move.amount));
    } else {
      dials[backDial(cell)] = static_cast<std::uint8_t>(mod12(dials[backDial(cell)] + move.amount));
    }
  }
  return dials;
}

Dials apply(Dials dials, const Sequence& sequence) {
  for (const Move& move : sequence.moves) dials = clock::apply(dials, move);
  return dials;
}

ReadResult readSequence(std::string_view text) {
  ReadResult result;
  Sequence sequence;
  bool back = false;
  bool pinsNamedAtEnd = false;
  std::uint8_t endPins = 0;
  auto fail = [&](std::string_view token, std::size_t at, const std::string& why) {
    std::string message = "'";
    message.append(token.substr(0, 40)).append(token.size() > 40 ? "…" : "");
    message.append("' at column ").append(std::to_string(at + 1));
    result.error = {message.append(": ").append(why), static_cast<int>(at + 1)};
    return result;
  };
  std::size_t at = 0;
  while (at < text.size()) {
    if (std::isspace(static_cast<unsigned char>(text[at]))) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    const std::string_view token = text.substr(at, end - at);
    if (token == "y2") {
      if (pinsNamedAtEnd) return fail(token, at, "pin names with no amount come last");
      back = !back;
      at = end;
      continue;
    }
    std::size_t letters = 0;
    while (letters < token.size() && std::isupper(static_cast<unsigned char>(token[letters])))
      ++letters;
    const std::optional<std::uint8_t> pins = pinsNamed(token.substr(0, letters));
    if (!pins) {
      return fail(token, at,
                  "not a clock move (UR, DR, DL, UL, U, R, D, L or ALL with an amount such as 3+ "
                  "or 2-, y2, or pin names at the end)");
    }
    if (letters == token.size()) {
      endPins |= *pins;
      pinsNamedAtEnd = true;
      at = end;
      continue;
    }
    if (pinsNamedAtEnd) return fail(token, at, "pin names with no amount come last");
    std::size_t digits = letters;
    int amount = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) {
      amount = std::min(amount * 10 + (token[digits] - '0'), 100);
      ++digits;
    }
    if (digits == letters) return fail(token, at, "an amount of hours follows the pins, e.g. 3+");
    if (amount >= kHours) return fail(token, at, "an amount is 0 to 11 hours");
    if (digits + 1 != token.size() || (token[digits] != '+' && token[digits] != '-')) {
      return fail(token, at, "the amount ends with + (clockwise) or - (anticlockwise)");
    }
    sequence.moves.push_back({back, *pins, token[digits] == '+' ? amount : mod12(-amount)});
    at = end;
  }
  if (pinsNamedAtEnd) {
    sequence.pinsUp = frontPins(endPins, back);
  } else if (!sequence.moves.empty()) {
    sequence.pinsUp = frontPins(sequence.moves.back().pins, sequence.moves.back().back);
  }
  result.sequence = std::move(sequence);
  return result;
}

std::string encode(const Dials& dials) {
  std::string text;
  for (std::uint8_t hour : dials) text += "0123456789ab"[hour];
  return text;
}

std::optional<Dials> decode(std::string_view text, std::string& error) {
  if (text.empty()) return solved();
  if (text.size() != kDials) {
    error = "a clock state is 14 hours, one character 0-9, a or b each (" +
            std::to_string(text.size()) + " given)";
    return std::nullopt;
  }
  Dials dials{};
  for (int i = 0; i < kDials; ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      dials[i] = static_cast<std::uint8_t>(c - '0');
    } else if (c == 'a' || c == 'b') {
      dials[i] = static_cast<std::uint8_t>(10 + (c - 'a'));
    } else {
      error = "a clock state's character " + std::to_string(i + 1) + " ('" + std::string(1, c) +
              "') is not an hour 0-9, a or b";
      return std::nullopt;
    }
  }
  return dials;
}

std::array<Move, kDials> scrambleMoves(const std::array<int, kDials>& amounts) {
  std::array<Move, kDials> moves;
  for (int i = 0; i < kDials; ++i) {
    const bool back = i >= 9;
    moves[i] = {back, kPinNames[back ? i - 5 : i].pins, mod12(amounts[i])};
  }
  return moves;
}

std::array<int, kDials> amountsReaching(const Dials& dials) {
  const Matrix& inverse = inverseBasis();
  std::array<int, kDials> amounts{};
  for (int i = 0; i < kDials; ++i) {
    int sum = 0;
    for (int j = 0; j < kDials; ++j) sum += inverse[i][j] * dials[j];
    amounts[i] = mod12(sum);
  }
  return amounts;
}

std::string moveText(const Move& move) {
  const int amount = mod12(move.amount);
  std::string text = nameOf(move.pins);
  text.append(std::to_string(amount <= 6 ? amount : kHours - amount));
  return text.append(amount <= 6 ? "+" : "-");
}

std::string sequenceText(const std::vector<Move>& moves, bool skipZero) {
  std::vector<std::string> tokens;
  bool back = false;
  for (const Move& move : moves) {
    if (skipZero && mod12(move.amount) == 0) continue;
    if (move.back != back) {
      tokens.emplace_back("y2");
      back = move.back;
    }
    tokens.push_back(moveText(move));
  }
  return join(tokens, " ");
}

std::string pinsText(std::uint8_t pinsUp) {
  std::vector<std::string> names;
  for (int i = 0; i < 4; ++i) {
    if (pinsUp & kPinNames[i].pins) names.emplace_back(kPinNames[i].name);
  }
  return join(names, " ");
}

bool withinOneMove(const Dials& dials) {
  if (isSolved(dials)) return true;
  // A move turns at most nine of the fourteen dials (ALL: a side's nine, or on the back its five
  // and the four corners): almost every random state is refused here.
  if (std::count(dials.begin(), dials.end(), 0) < kDials - 9) return false;
  // Every move of one hour: 15 pin settings on either side.
  static const std::vector<Dials> kOneHour = [] {
    std::vector<Dials> moves;
    for (bool back : {false, true}) {
      for (std::uint8_t pins = 1; pins < 16; ++pins) {
        moves.push_back(clock::apply(solved(), Move{back, pins, 1}));
      }
    }
    return moves;
  }();
  for (const Dials& one : kOneHour) {
    // dials = k · one for some k: k is read off any dial `one` turns.
    int k = 0;
    for (int i = 0; i < kDials; ++i) {
      if (one[i] != 0) k = mod12(dials[i] * one[i]);  // one[i] is 1 or 11, its own inverse
    }
    Dials multiple{};
    for (int i = 0; i < kDials; ++i) multiple[i] = static_cast<std::uint8_t>(mod12(k * one[i]));
    if (multiple == dials) return true;
  }
  return false;
}

std::array<int, kDials> randomScrambleAmounts(std::mt19937_64& rng) {
  for (;;) {
    std::array<int, kDials> amounts{};
    for (int& amount : amounts) amount = static_cast<int>(uniformBelow(rng, kHours));
    Dials dials = solved();
    for (const Move& move : scrambleMoves(amounts)) dials = clock::apply(dials, move);
    if (!withinOneMove(dials)) return amounts;
  }
}

std::vector<Move> solution(const Dials& dials) {
  std::array<int, kDials> amounts = amountsReaching(dials);
  for (int& amount : amounts) amount = mod12(-amount);
  std::vector<Move> moves;
  for (const Move& move : scrambleMoves(amounts)) {
    if (move.amount != 0) moves.push_back(move);
  }
  return moves;
}

}  // namespace polytwist::clock
