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
// What separates the two parts of a commutator (',') or a conjugate (':').
bool isPartSeparator(char c) { return c == ',' || c == ':'; }
char closingFor(char open) { return open == '[' ? ']' : ')'; }
bool isBracketNode(const Node& n) {
  return n.kind == Node::Kind::Group || n.kind == Node::Kind::Commutator ||
         n.kind == Node::Kind::Conjugate;
}

// Moves in one pass of a bracket whose parts expand to a and b moves: (A) a, [A, B] A B A' B',
// [A: B] A B A'.
std::size_t onePassLength(Node::Kind kind, std::size_t a, std::size_t b) {
  switch (kind) {
    case Node::Kind::Commutator:
      return saturatingMul(saturatingAdd(a, b), 2);
    case Node::Kind::Conjugate:
      return saturatingAdd(saturatingMul(a, 2), b);
    default:
      return a;
  }
}

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
    char end = 0;
    parseSequence(result.sequence, 0, nullptr, count, end);
    result.error = std::move(error_);
    return result;
  }

 private:
  // An open bracket: which, where, and for '[' which of its two parts is being read (1 or 2).
  struct Open {
    char bracket;
    Position position;
    int part = 0;
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
    return isSpace(c) || isBracket(c) || isPartSeparator(c) || (c == '/' && peek(1) == '/');
  }

  bool requireSeparator() {
    if (atSeparator()) return true;
    const char c = peek();
    std::string message = "unexpected " + describeChar(c) + " at " + where(here());
    if (isLetter(c) || isDigit(c) || c == '_') message += " (separate moves with spaces)";
    return fail(here(), std::move(message));
  }

  // Parses items until the end of input (open == nullptr), the bracket closing `open` or, in the
  // first part of a '[', the ',' or ':' after it, which it consumes and returns in `end`.
  // `count` receives the saturated expansion length.
  bool parseSequence(Sequence& out, int depth, const Open* open, std::size_t& count, char& end) {
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
        if (open->part == 1) {
          return fail(p, "commutator needs two parts: '[' opened at " + where(open->position) +
                             " closes at " + where(p) +
                             " with no ',' or ':' ([A, B] is a commutator, [A: B] a conjugate, "
                             "(A) a group)");
        }
        advance();
        end = c;
        return true;
      }
      if (isPartSeparator(c)) {
        if (open != nullptr && open->part == 1) {
          advance();
          end = c;
          return true;
        }
        if (open != nullptr && open->part == 2) {
          return fail(p, std::string("a second '") + c + "' at " + where(p) +
                             " in the '[' opened at " + where(open->position) +
                             " ([A, B] and [A: B] have two parts)");
        }
        return fail(
            p, c == ','
                   ? "',' outside a commutator at " + where(p) + " (a commutator is written [A, B])"
                   : "':' outside a conjugate at " + where(p) + " (a conjugate is written [A: B])");
      }
      std::size_t itemCount = 0;
      Position countPosition = p;
      if (c == '(' || c == '[') {
        if (!parseBracket(out, depth, itemCount, countPosition)) return false;
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

  // A group `(A)`, or a commutator `[A, B]` or conjugate `[A: B]`, with its count and apostrophe.
  bool parseBracket(Sequence& out, int depth, std::size_t& itemCount, Position& countPosition) {
    const Position p = here();
    const char bracket = peek();
    if (depth >= limits_.maxDepth) {
      return fail(
          p, "nesting deeper than " + std::to_string(limits_.maxDepth) + " levels at " + where(p));
    }
    advance();
    Node node;
    node.kind = Node::Kind::Group;
    node.line = p.line;
    node.column = p.column;
    std::size_t firstCount = 0;
    std::size_t secondCount = 0;
    char end = 0;
    if (bracket == '(') {
      const Open open{bracket, p};
      if (!parseSequence(node.body, depth + 1, &open, firstCount, end)) return false;
    } else {
      const Open first{bracket, p, 1};
      if (!parseSequence(node.body, depth + 1, &first, firstCount, end)) return false;
      node.kind = end == ',' ? Node::Kind::Commutator : Node::Kind::Conjugate;
      const Open second{bracket, p, 2};
      if (!parseSequence(node.second, depth + 1, &second, secondCount, end)) return false;
    }

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
      node.repeat = value;
      hasSuffix = true;
    }
    if (peek() == '\'') {
      node.inverted = true;
      advance();
      hasSuffix = true;
    }
    if (hasSuffix && !requireSeparator()) return false;
    itemCount = saturatingMul(onePassLength(node.kind, firstCount, secondCount),
                              static_cast<std::size_t>(node.repeat));
    out.nodes.push_back(std::move(node));
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

// Appends text between move tokens to the last piece when that is such text too.
void appendText(std::vector<PrintedPiece>& out, std::string_view text) {
  if (text.empty()) return;
  if (out.empty() || out.back().token >= 0) out.push_back(PrintedPiece{});
  out.back().text += text;
}

void printSequence(const Sequence& sequence, std::vector<PrintedPiece>& out, int& tokens) {
  bool needSpace = false;
  for (const Node& node : sequence.nodes) {
    if (needSpace) appendText(out, " ");
    switch (node.kind) {
      case Node::Kind::Move:
        out.push_back(PrintedPiece{node.text, tokens++});
        needSpace = true;
        break;
      case Node::Kind::Group:
      case Node::Kind::Commutator:
      case Node::Kind::Conjugate: {
        const bool square = node.kind != Node::Kind::Group;
        appendText(out, square ? "[" : "(");
        printSequence(node.body, out, tokens);
        if (square) {
          appendText(out, node.kind == Node::Kind::Commutator ? "," : ":");
          if (!node.second.nodes.empty()) appendText(out, " ");
          printSequence(node.second, out, tokens);
        }
        std::string close = square ? "]" : ")";
        if (node.repeat != 1) close += std::to_string(node.repeat);
        if (node.inverted) close += '\'';
        appendText(out, close);
        needSpace = true;
        break;
      }
      case Node::Kind::Comment: {
        std::string text = trim(node.text);
        for (char& c : text) {
          if (c == '\n') c = ' ';
        }
        appendText(out, text.empty() ? "//\n" : "// " + text + "\n");
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
    } else if (isBracketNode(node)) {
      if (node.repeat < kMinRepeat || node.repeat > kMaxRepeat) {
        error = Error{"repetition count " + std::to_string(node.repeat) + " of the bracket at " +
                          where(node) + " must be between " + std::to_string(kMinRepeat) + " and " +
                          std::to_string(kMaxRepeat),
                      node.column, node.line};
        return false;
      }
      std::size_t first = 0;
      std::size_t second = 0;
      if (!checkExpansion(node.body, maxMoves, first, error)) return false;
      if (!checkExpansion(node.second, maxMoves, second, error)) return false;
      itemCount = saturatingMul(onePassLength(node.kind, first, second),
                                static_cast<std::size_t>(node.repeat));
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

// Move tokens written in a sequence or node. A bracket with none expands to nothing: it is
// skipped, however often it repeats.
int tokenCount(const Sequence& sequence);
int tokenCount(const Node& node) {
  if (node.kind == Node::Kind::Move) return 1;
  return tokenCount(node.body) + tokenCount(node.second);
}
int tokenCount(const Sequence& sequence) {
  int count = 0;
  for (const Node& node : sequence.nodes) count += tokenCount(node);
  return count;
}

// Emits `sequence`, whose first move token is number `firstToken` (in print order), forwards or
// undone. One pass of a bracket plays its parts forwards or undone: (A), [A, B] as A B A' B',
// [A: B] as A B A'; undone as a whole, the pass runs backwards with each part toggled.
void emit(const Sequence& sequence, int firstToken, bool inverted, std::vector<FlatMove>& out) {
  const std::size_t n = sequence.nodes.size();
  std::vector<int> first(n);
  for (std::size_t i = 0; i < n; ++i) {
    first[i] = firstToken;
    firstToken += tokenCount(sequence.nodes[i]);
  }
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = inverted ? n - 1 - k : k;
    const Node& node = sequence.nodes[i];
    if (node.kind == Node::Kind::Move) {
      out.push_back(FlatMove{node.text, inverted, first[i], node.column, node.line});
      continue;
    }
    if (!isBracketNode(node) || tokenCount(node) == 0) continue;
    const int secondToken = first[i] + tokenCount(node.body);
    const bool undone = inverted != node.inverted;
    const int parts = node.kind == Node::Kind::Commutator  ? 4
                      : node.kind == Node::Kind::Conjugate ? 3
                                                           : 1;
    for (int r = 0; r < node.repeat; ++r) {
      for (int p = 0; p < parts; ++p) {
        const int part = undone ? parts - 1 - p : p;  // A, B, A', B'
        const bool isA = part % 2 == 0;
        emit(isA ? node.body : node.second, isA ? first[i] : secondToken, undone != (part >= 2),
             out);
      }
    }
  }
}

std::size_t lengthOf(const Sequence& sequence, std::size_t cap);

std::size_t lengthOf(const Node& node, std::size_t cap) {
  if (node.kind == Node::Kind::Move) return 1;
  if (!isBracketNode(node)) return 0;
  const auto repeat = static_cast<std::size_t>(node.repeat > 0 ? node.repeat : 0);
  const std::size_t second = node.kind == Node::Kind::Group ? 0 : lengthOf(node.second, cap);
  return saturatingMul(onePassLength(node.kind, lengthOf(node.body, cap), second), repeat);
}

std::size_t lengthOf(const Sequence& sequence, std::size_t cap) {
  std::size_t count = 0;
  for (const Node& node : sequence.nodes) {
    if (count >= cap) return cap;
    count = saturatingAdd(count, lengthOf(node, cap));
  }
  return count < cap ? count : cap;
}

}  // namespace

ParseResult parse(std::string_view text, const Limits& limits) {
  return Parser(text, limits).run();
}

std::string print(const Sequence& sequence) {
  std::string out;
  for (const PrintedPiece& piece : printPieces(sequence)) out += piece.text;
  return out;
}

std::vector<PrintedPiece> printPieces(const Sequence& sequence) {
  std::vector<PrintedPiece> out;
  int tokens = 0;
  printSequence(sequence, out, tokens);
  return out;
}

ExpandResult expand(const Sequence& sequence, std::size_t maxMoves) {
  ExpandResult result;
  std::size_t count = 0;
  if (!checkExpansion(sequence, maxMoves, count, result.error)) return result;
  result.moves.reserve(count);
  emit(sequence, 0, false, result.moves);
  return result;
}

std::size_t expandedLength(const Sequence& sequence, std::size_t cap) {
  return lengthOf(sequence, cap);
}

bool sameStructure(const Node& a, const Node& b) {
  return a.kind == b.kind && a.text == b.text && a.repeat == b.repeat && a.inverted == b.inverted &&
         sameStructure(a.body, b.body) && sameStructure(a.second, b.second);
}

bool sameStructure(const Sequence& a, const Sequence& b) {
  if (a.nodes.size() != b.nodes.size()) return false;
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    if (!sameStructure(a.nodes[i], b.nodes[i])) return false;
  }
  return true;
}

}  // namespace polytwist::notation
