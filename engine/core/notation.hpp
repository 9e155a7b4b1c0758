// Move notation: a puzzle-independent parser, printer and expander for move sequences.
//
// The parser is pure syntax. It knows no puzzle: each move token's text (e.g. "R2'", "BL2'", "u",
// "x") is handed back verbatim, and a puzzle later resolves it against its own move names.
//
// Grammar (ASCII only outside comments; positions are 1-based lines and byte columns):
//
//   sequence   := { whitespace | item }
//   item       := move | group | commutator | conjugate | comment
//   move       := [digits] letter { letter | '_' } [digits] ["++" | "--"] ["'"]
//                   e.g. R  R'  R2  R2'  R3  BL2'  u  x  2R  3Rw2'  R++  D--
//   group      := '(' sequence ')' [count] ["'"]
//   commutator := '[' sequence ',' sequence ']' [count] ["'"]    [A, B] = A B A' B'
//   conjugate  := '[' sequence ':' sequence ']' [count] ["'"]    [A: B] = A B A'
//   count      := digits, value 1..999              ((R U)3, [R, U]2', [[R: U], D]3)
//   comment    := '//' any bytes up to the end of the line (kept in the tree, leading and
//                 trailing whitespace trimmed)
//   whitespace := ' ' '\t' '\n' '\r' '\f' '\v'
//
// A square bracket always holds two parts: `[R U]` is an error (a plain group is `(R U)`), and so
// are a ',' or ':' outside one and a third part. Either part may be empty (`[, U]` is nothing),
// as a group may (`()`). The inverse of [A, B] is [B, A]; of [A: B], [A: B'].
//
// Items are separated by whitespace, brackets, ',' and ':'. A move may be followed directly by
// one of those or a comment; anything else glued to it is an error (`R'U`, `R2a`). Letters glued
// together are one token: `RU` is the move named "RU", which a puzzle will reject as unknown. The
// digits after a move are its power, read by the puzzle (core/sequence.hpp: `R3` is `R'` on a
// cube). After a bracket that has a count or an apostrophe, a separator is required too, since
// `(R)2R` would be ambiguous.
//
// Limits, so bad input never hangs or crashes: input longer than 1,000,000 bytes, nesting deeper
// than 32 brackets, and sequences whose expansion exceeds 100,000 moves are errors. The expansion
// size is computed with saturating arithmetic, never by expanding. The input limit leaves room for
// any 100,000 moves written out (formatMoves: at most 10 bytes a move, tests/unit/limits_test.cpp),
// so every sequence the engine answers reads back.
//
// Errors are values: `Error{message, line, column}`, the message naming the position too, e.g.
// "unexpected ')' at column 7", "unclosed '[' opened at line 2, column 3" or
// "',' outside a commutator at column 5 (a commutator is written [A, B])".
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace polytwist::notation {

inline constexpr std::size_t kMaxInputLength = 1000000;
inline constexpr int kMaxDepth = 32;
inline constexpr std::size_t kMaxExpandedMoves = 100000;
inline constexpr int kMinRepeat = 1;
inline constexpr int kMaxRepeat = 999;

struct Node;  // a move token, a group, a commutator, a conjugate or a comment

struct Sequence {
  std::vector<Node> nodes;
};

struct Node {
  enum class Kind { Move, Group, Commutator, Conjugate, Comment } kind = Kind::Move;
  std::string text;  // Move: the token as written ("R2'"); Comment: the trimmed text after "//"
  Sequence body;     // Group: its items; Commutator, Conjugate: A, the first part
  Sequence second;   // Commutator, Conjugate: B, the second part
  int repeat = 1;    // Group, Commutator, Conjugate (a bracket): 1..999
  bool inverted = false;  // a bracket: a trailing apostrophe inverts the whole of it
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

// Canonical text: single spaces between items, brackets as `(R U)3'`, `[R, U]2` and `[R: U]'`
// (count left out when 1), comments as `// text` followed by a newline. parse(print(s)) gives
// back s, columns aside.
std::string print(const Sequence& sequence);

// print(sequence) in pieces: each move token alone (`token`: its index among the move tokens, in
// the order they are printed), and the text between two of them in one piece (`token` -1:
// brackets, separators, counts, spaces, comments). The pieces' texts joined are print(sequence).
struct PrintedPiece {
  std::string text;
  int token = -1;
};
std::vector<PrintedPiece> printPieces(const Sequence& sequence);

// One move of the expansion. `inverted` is true when the token is undone there (inside an odd
// number of inverted brackets, counting the A' and B' of a commutator and the A' of a conjugate):
// the puzzle must then apply the inverse of the move named `text`. `token` says which move token
// of the sequence it is (PrintedPiece::token).
struct FlatMove {
  std::string text;
  bool inverted = false;
  int token = 0;
  int column = 0;
  int line = 0;
};

struct ExpandResult {
  std::vector<FlatMove> moves;
  std::optional<Error> error;
  bool ok() const { return !error.has_value(); }
};

// Unrolls repetitions, commutators ([A, B] as A B A' B') and conjugates ([A: B] as A B A'); an
// inverted part's items come out in reverse order with `inverted` toggled. Comments are dropped.
// Errors (nothing expanded) when the result would be longer than `maxMoves` or a hand-built
// bracket has a repeat outside 1..999.
ExpandResult expand(const Sequence& sequence, std::size_t maxMoves = kMaxExpandedMoves);

// Number of moves `sequence` expands to, saturating at `cap` (never larger than `cap`).
std::size_t expandedLength(const Sequence& sequence, std::size_t cap);

// Structural equality: kinds, texts, parts, repeats, inversions and nesting; positions ignored.
bool sameStructure(const Sequence& a, const Sequence& b);
bool sameStructure(const Node& a, const Node& b);

}  // namespace polytwist::notation
