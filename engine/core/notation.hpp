// Move notation: a puzzle-independent parser, printer and expander for move sequences.
//
// The parser is pure syntax. It knows no puzzle: each move token's text (e.g. "R2'", "BL2'", "u",
// "x") is handed back verbatim, and a puzzle later resolves it against its own move names.
//
// Grammar (ASCII only outside comments; positions are 1-based lines and byte columns):
//
//   sequence  := { whitespace | item }
//   item      := move | group | comment
//   move      := [digits] letter { letter | '_' } [digits] ["++" | "--"] ["'"]
//                  e.g. R  R'  R2  R2'  BL2'  u  x  2R  3Rw2'  R++  D--
//   group     := '(' sequence ')' [count] ["'"]
//              | '[' sequence ']' [count] ["'"]        (a plain group, no commutator meaning)
//   count     := digits, value 1..999                   ((R U)3, (R U R' U')2', ((R U)2 F)3)
//   comment   := '//' any bytes up to the end of the line (kept in the tree, leading and
//                trailing whitespace trimmed)
//   whitespace:= ' ' '\t' '\n' '\r' '\f' '\v'
//
// Items are separated by whitespace or brackets. A move may be followed directly by a bracket or
// a comment; anything else glued to it is an error (`R'U`, `R2a`). Letters glued together are one
// token: `RU` is the move named "RU", which a puzzle will reject as unknown. After a group that
// has a count or an apostrophe, a separator is required too, since `(R)2R` would be ambiguous.
//
// Limits, so bad input never hangs or crashes: input longer than 100,000 bytes, nesting deeper
// than 32 groups, and sequences whose expansion exceeds 100,000 moves are errors. The expansion
// size is computed with saturating arithmetic, never by expanding.
//
// Errors are values: `Error{message, line, column}`, the message naming the position too, e.g.
// "unexpected ')' at column 7" or "unclosed '(' opened at line 2, column 3".
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace polytwist::notation {

inline constexpr std::size_t kMaxInputLength = 100000;
inline constexpr int kMaxDepth = 32;
inline constexpr std::size_t kMaxExpandedMoves = 100000;
inline constexpr int kMinRepeat = 1;
inline constexpr int kMaxRepeat = 999;

struct Node;  // a move token, a group, or a comment

struct Sequence {
  std::vector<Node> nodes;
};

struct Node {
  enum class Kind { Move, Group, Comment } kind = Kind::Move;
  std::string text;    // Move: the token as written ("R2'"); Comment: the trimmed text after "//"
  Sequence body;       // Group: its items
  char bracket = '(';  // Group: '(' or '['
  int repeat = 1;      // Group: 1..999
  bool inverted = false;  // Group: a trailing apostrophe inverts the whole group
  int column = 0;         // 1-based byte column of the first character (0 when built by hand)
  int line = 0;           // 1-based line of the first character (0 when built by hand)
};

struct Error {
  std::string message;  // includes the position, e.g. "unexpected ')' at column 7"
  int column = 0;       // 1-based byte column within `line`
  int line = 0;         // 1-based line
};

struct ParseResult {
  Sequence sequence;
  std::optional<Error> error;
  bool ok() const { return !error.has_value(); }
};

struct Limits {
  std::size_t maxInputLength = kMaxInputLength;
  int maxDepth = kMaxDepth;
  std::size_t maxMoves = kMaxExpandedMoves;
};

// Parses `text`. On error, `sequence` holds whatever was parsed before the error and should not be
// used.
ParseResult parse(std::string_view text, const Limits& limits = {});

// Canonical text: single spaces between items, groups as `(R U)3'` (count left out when 1),
// comments as `// text` followed by a newline. parse(print(s)) gives back s, columns aside.
std::string print(const Sequence& sequence);

// One move of the expansion. `inverted` is true when the token sits inside an odd number of
// inverted groups: the puzzle must then apply the inverse of the move named `text`.
struct FlatMove {
  std::string text;
  bool inverted = false;
  int column = 0;
  int line = 0;
};

struct ExpandResult {
  std::vector<FlatMove> moves;
  std::optional<Error> error;
  bool ok() const { return !error.has_value(); }
};

// Unrolls repetitions; an inverted group's items come out in reverse order with `inverted`
// toggled. Comments are dropped. Errors (nothing expanded) when the result would be longer than
// `maxMoves` or a hand-built group has a repeat outside 1..999.
ExpandResult expand(const Sequence& sequence, std::size_t maxMoves = kMaxExpandedMoves);

// Number of moves `sequence` expands to, saturating at `cap` (never larger than `cap`).
std::size_t expandedLength(const Sequence& sequence, std::size_t cap);

// Structural equality: kinds, texts, brackets, repeats, inversions and nesting; positions ignored.
bool sameStructure(const Sequence& a, const Sequence& b);
bool sameStructure(const Node& a, const Node& b);

}  // namespace polytwist::notation
