#include "core/notation.hpp"

#include <cstdint>
#include <limits>
#include <utility>

namespace polytwist::notation {

namespace {

constexpr std::size_t kSizeMax = std::numeric_limits<std::size_t>::max();

std::size_t saturatingAdd(std::size_t a, std::size_t b) {
  return a > kSizeMax - b ? kSizeMax : a + b;
}

std::size_t saturatingMul(std::size_t a, std::size_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kSizeMax / b ? kSizeMax : a * b;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isLetter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isBracket(char c) { return c == '(' || c == ')' || c == '[' || c == ']'; }
char closingFor(char open) { return open == '[' ? ']' : ')'; }

std::string hexByte(unsigned char b) {
  const char* digits = "0123456789ABCDEF";
  std::string s = "0x";
  s += digits[b >> 4];
  s += digits[b & 15];
  return s;
}

// "character 'x'", "non-ASCII byte 0xC3", "control character 0x01".
std::string describeChar(char c) {
  const auto b = static_cast<unsigned char>(c);
  if (b >= 0x80) return "non-ASCII byte " + hexByte(b);
  if (b < 0x20 || b == 0x7f) return "control character " + hexByte(b);
  return std::string("character '") + c + "'";
}

// Digit strings can be as long as the input; keep messages short.
std::string shortened(std::string_view s) {
  constexpr std::size_t kShown = 12;
  if (s.size() <= kShown) return std::string(s);
  return std::string(s.substr(0, kShown)) + "...";
}

struct Position {
  int line = 1;
  int column = 1;
};

std::string where(Position p) {
  if (p.line <= 1) return "column " + std::to_string(p.column);
  return "line " + std::to_string(p.line) + ", column " + std::to_string(p.column);
}

std::string where(const Node& n) { return where(Position{n.line, n.column}); }

std::string tooLongMessage(std::size_t maxMoves, Position p) {
  return "sequence expands to more than " + std::to_string(maxMoves) + " moves at " + where(p);
}

std::string trim(std::string_view s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && isSpace(s[b])) ++b;
  while (e > b && isSpace(s[e - 1])) --e;
  return std::string(s.substr(b, e - b));
}

class Parser {
 public:
  Parser(std::string_view text, const Limits& limits) : text_(text), limits_(limits) {}

  ParseResult run() {
    ParseResult result;
    if (text_.size() > limits_.maxInputLength) {
      // Point at the first byte beyond the limit.
      while (pos_ < limits_.maxInputLength) advance();
      const Position p = here();
      result.error = Error{"input is longer than " + std::to_string(limits_.maxInputLength) +
                               " characters (the excess starts at " + where(p) + ")",
                           p.column, p.line};
      return result;
    }
    std::size_t count = 0;
    parseSequence(result.sequence, 0, nullptr, count);
    result.error = std::move(error_);
    return result;
  }

 private:
  struct Open {
    char bracket;
    Position position;
  };

  std::string_view text_;
  Limits limits_;
  std::size_t pos_ = 0;
  int line_ = 1;
  std::size_t lineStart_ = 0;
  std::optional<Error> error_;

  bool atEnd() const { return pos_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      lineStart_ = pos_ + 1;
    }
    ++pos_;
  }
  Position here() const { return Position{line_, static_cast<int>(pos_ - lineStart_ + 1)}; }

  bool fail(Position p, std::string message) {
    if (!error_) error_ = Error{std::move(message), p.column, p.line};
    return false;
  }

  bool atSeparator() const {
    if (atEnd()) return true;
    const char c = peek();
    return isSpace(c) || isBracket(c) || (c == '/' && peek(1) == '/');
  }

  bool requireSeparator() {
    if (atSeparator()) return true;
    const char c = peek();
    std::string message = "unexpected " + describeChar(c) + " at " + where(here());
    if (isLetter(c) || isDigit(c) || c == '_') message += " (separate moves with spaces)";
    return fail(here(), std::move(message));
  }

  // Parses items until the end of input (open == nullptr) or the bracket closing `open`, which it
  // consumes. `count` receives the saturated expansion length.
  bool parseSequence(Sequence& out, int depth, const Open* open, std::size_t& count) {
    count = 0;
    while (true) {
      while (!atEnd() && isSpace(peek())) advance();
      if (atEnd()) {
        if (open != nullptr) {
          return fail(open->position, std::string("unclosed '") + open->bracket + "' opened at " +
                                          where(open->position));
        }
        return true;
      }
      const Position p = here();
      const char c = peek();
      if (c == ')' || c == ']') {
        if (open == nullptr) return fail(p, std::string("unexpected '") + c + "' at " + where(p));
        const char expected = closingFor(open->bracket);
        if (c != expected) {
          return fail(p, std::string("unexpected '") + c + "' at " + where(p) + " (expected '" +
                             expected + "' to close '" + open->bracket + "' opened at " +
                             where(open->position) + ")");
        }
        advance();
        return true;
      }
      std::size_t itemCount = 0;
      Position countPosition = p;
      if (c == '(' || c == '[') {
        if (!parseGroup(out, depth, itemCount, countPosition)) return false;
      } else if (c == '/' && peek(1) == '/') {
        parseComment(out);
      } else if (isDigit(c) || isLetter(c)) {
        if (!parseMove(out)) return false;
        itemCount = 1;
      } else {
        return fail(p, "unexpected " + describeChar(c) + " at " + where(p));
      }
      if (itemCount > limits_.maxMoves) {
        return fail(countPosition, tooLongMessage(limits_.maxMoves, countPosition));
      }
      count = saturatingAdd(count, itemCount);
      if (count > limits_.maxMoves) return fail(p, tooLongMessage(limits_.maxMoves, p));
    }
  }

  bool parseGroup(Sequence& out, int depth, std::size_t& itemCount, Position& countPosition) {
    const Position p = here();
    const char bracket = peek();
    if (depth >= limits_.maxDepth) {
      return fail(
          p, "nesting deeper than " + std::to_string(limits_.maxDepth) + " levels at " + where(p));
    }
    advance();
    Node group;
    group.kind = Node::Kind::Group;
    group.bracket = bracket;
    group.line = p.line;
    group.column = p.column;
    const Open open{bracket, p};
    std::size_t bodyCount = 0;
    if (!parseSequence(group.body, depth + 1, &open, bodyCount)) return false;

    bool hasSuffix = false;
    if (isDigit(peek())) {
      countPosition = here();
      const std::size_t start = pos_;
      int value = 0;
      while (isDigit(peek())) {
        value = value > kMaxRepeat ? value : value * 10 + (peek() - '0');
        advance();
      }
      if (value < kMinRepeat || value > kMaxRepeat) {
        return fail(countPosition,
                    "repetition count " + shortened(text_.substr(start, pos_ - start)) + " at " +
                        where(countPosition) + " must be between " + std::to_string(kMinRepeat) +
                        " and " + std::to_string(kMaxRepeat));
      }
      group.repeat = value;
      hasSuffix = true;
    }
    if (peek() == '\'') {
      group.inverted = true;
      advance();
      hasSuffix = true;
    }
    if (hasSuffix && !requireSeparator()) return false;
    itemCount = saturatingMul(bodyCount, static_cast<std::size_t>(group.repeat));
    out.nodes.push_back(std::move(group));
    return true;
  }

  void parseComment(Sequence& out) {
    Node comment;
    comment.kind = Node::Kind::Comment;
    const Position p = here();
    comment.line = p.line;
    comment.column = p.column;
    advance();
    advance();
    const std::size_t start = pos_;
    while (!atEnd() && peek() != '\n') advance();
    comment.text = trim(text_.substr(start, pos_ - start));
    out.nodes.push_back(std::move(comment));
  }

  bool parseMove(Sequence& out) {
    const Position p = here();
    const std::size_t start = pos_;
    while (isDigit(peek())) advance();
    if (!isLetter(peek())) {
      return fail(p, "expected a move after number '" +
                         shortened(text_.substr(start, pos_ - start)) + "' at " + where(p));
    }
    while (isLetter(peek()) || peek() == '_') advance();
    while (isDigit(peek())) advance();
    // WCA Megaminx scrambles' R++ and D-- (two fifths either way).
    if ((peek() == '+' || peek() == '-') && peek(1) == peek()) {
      advance();
      advance();
    }
    if (peek() == '\'') advance();
    Node move;
    move.kind = Node::Kind::Move;
    move.text = std::string(text_.substr(start, pos_ - start));
    move.line = p.line;
    move.column = p.column;
    out.nodes.push_back(std::move(move));
    return requireSeparator();
  }
};

void printSequence(const Sequence& sequence, std::string& out) {
  bool needSpace = false;
  for (const Node& node : sequence.nodes) {
    if (needSpace) out += ' ';
    switch (node.kind) {
      case Node::Kind::Move:
        out += node.text;
        needSpace = true;
        break;
      case Node::Kind::Group: {
        const char open = node.bracket == '[' ? '[' : '(';
        out += open;
        printSequence(node.body, out);
        out += closingFor(open);
        if (node.repeat != 1) out += std::to_string(node.repeat);
        if (node.inverted) out += '\'';
        needSpace = true;
        break;
      }
      case Node::Kind::Comment: {
        std::string text = trim(node.text);
        for (char& c : text) {
          if (c == '\n') c = ' ';
        }
        out += "//";
        if (!text.empty()) {
          out += ' ';
          out += text;
        }
        out += '\n';
        needSpace = false;
        break;
      }
    }
  }
}

// Validates repeats and computes the saturated length; reports the first problem.
bool checkExpansion(const Sequence& sequence, std::size_t maxMoves, std::size_t& count,
                    std::optional<Error>& error) {
  count = 0;
  for (const Node& node : sequence.nodes) {
    std::size_t itemCount = 0;
    if (node.kind == Node::Kind::Move) {
      itemCount = 1;
    } else if (node.kind == Node::Kind::Group) {
      if (node.repeat < kMinRepeat || node.repeat > kMaxRepeat) {
        error = Error{"repetition count " + std::to_string(node.repeat) + " of the group at " +
                          where(node) + " must be between " + std::to_string(kMinRepeat) + " and " +
                          std::to_string(kMaxRepeat),
                      node.column, node.line};
        return false;
      }
      std::size_t bodyCount = 0;
      if (!checkExpansion(node.body, maxMoves, bodyCount, error)) return false;
      itemCount = saturatingMul(bodyCount, static_cast<std::size_t>(node.repeat));
    }
    count = saturatingAdd(count, itemCount);
    if (count > maxMoves) {
      error =
          Error{tooLongMessage(maxMoves, Position{node.line, node.column}), node.column, node.line};
      return false;
    }
  }
  return true;
}

void emit(const Sequence& sequence, bool inverted, std::vector<FlatMove>& out) {
  const std::size_t n = sequence.nodes.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Node& node = sequence.nodes[inverted ? n - 1 - i : i];
    if (node.kind == Node::Kind::Move) {
      out.push_back(FlatMove{node.text, inverted, node.column, node.line});
    } else if (node.kind == Node::Kind::Group) {
      for (int r = 0; r < node.repeat; ++r) emit(node.body, inverted != node.inverted, out);
    }
  }
}

}  // namespace

ParseResult parse(std::string_view text, const Limits& limits) {
  return Parser(text, limits).run();
}

std::string print(const Sequence& sequence) {
  std::string out;
  printSequence(sequence, out);
  return out;
}

ExpandResult expand(const Sequence& sequence, std::size_t maxMoves) {
  ExpandResult result;
  std::size_t count = 0;
  if (!checkExpansion(sequence, maxMoves, count, result.error)) return result;
  result.moves.reserve(count);
  emit(sequence, false, result.moves);
  return result;
}

std::size_t expandedLength(const Sequence& sequence, std::size_t cap) {
  std::size_t count = 0;
  for (const Node& node : sequence.nodes) {
    if (count >= cap) return cap;
    if (node.kind == Node::Kind::Move) {
      count = saturatingAdd(count, 1);
    } else if (node.kind == Node::Kind::Group) {
      const auto repeat = static_cast<std::size_t>(node.repeat > 0 ? node.repeat : 0);
      count = saturatingAdd(count, saturatingMul(expandedLength(node.body, cap), repeat));
    }
  }
  return count < cap ? count : cap;
}

bool sameStructure(const Node& a, const Node& b) {
  return a.kind == b.kind && a.text == b.text && a.bracket == b.bracket && a.repeat == b.repeat &&
         a.inverted == b.inverted && sameStructure(a.body, b.body);
}

bool sameStructure(const Sequence& a, const Sequence& b) {
  if (a.nodes.size() != b.nodes.size()) return false;
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    if (!sameStructure(a.nodes[i], b.nodes[i])) return false;
  }
  return true;
}

}  // namespace polytwist::notation
