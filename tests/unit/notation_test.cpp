#include "core/notation.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nt = polytwist::notation;
using Kind = nt::Node::Kind;

namespace {

nt::Sequence parseOk(std::string_view text) {
  nt::ParseResult r = nt::parse(text);
  INFO("input: ", std::string(text));
  INFO("error: ", r.error ? r.error->message : std::string("none"));
  REQUIRE(r.ok());
  return std::move(r.sequence);
}

// "R inv(U) ...": the expansion in a compact form for comparisons.
std::string flat(const nt::ExpandResult& r) {
  std::string out;
  for (const nt::FlatMove& m : r.moves) {
    if (!out.empty()) out += ' ';
    out += m.inverted ? "inv(" + m.text + ")" : m.text;
  }
  return out;
}

std::string expandText(std::string_view text) {
  const nt::Sequence s = parseOk(text);
  const nt::ExpandResult r = nt::expand(s);
  REQUIRE(r.ok());
  return flat(r);
}

// Byte offset of a 1-based (line, column) in `text`, or npos when it lies outside the text.
std::size_t offsetOf(std::string_view text, int line, int column) {
  if (line < 1 || column < 1) return std::string_view::npos;
  std::size_t lineStart = 0;
  for (int l = 1; l < line; ++l) {
    const std::size_t nl = text.find('\n', lineStart);
    if (nl == std::string_view::npos) return std::string_view::npos;
    lineStart = nl + 1;
  }
  std::size_t lineEnd = text.find('\n', lineStart);
  if (lineEnd == std::string_view::npos) lineEnd = text.size();
  const std::size_t offset = lineStart + static_cast<std::size_t>(column - 1);
  return offset < lineEnd ? offset : std::string_view::npos;
}

// Every move and comment of a parsed tree points at where it was written.
void checkPositions(const nt::Sequence& s, std::string_view text) {
  for (const nt::Node& n : s.nodes) {
    const std::size_t off = offsetOf(text, n.line, n.column);
    REQUIRE(off != std::string_view::npos);
    switch (n.kind) {
      case Kind::Move:
        CHECK(text.substr(off, n.text.size()) == n.text);
        break;
      case Kind::Comment:
        CHECK(text.substr(off, 2) == "//");
        break;
      case Kind::Group:
        CHECK(text[off] == '(');
        checkPositions(n.body, text);
        break;
      case Kind::Commutator:
      case Kind::Conjugate:
        CHECK(text[off] == '[');
        checkPositions(n.body, text);
        checkPositions(n.second, text);
        break;
    }
  }
}

void checkRoundTrip(const nt::Sequence& s) {
  const std::string printed = nt::print(s);
  const nt::ParseResult again = nt::parse(printed);
  INFO("printed: ", printed);
  REQUIRE(again.ok());
  CHECK(nt::sameStructure(again.sequence, s));
  CHECK(nt::print(again.sequence) == printed);
}

struct ExpectedError {
  std::string input;
  std::string message;
  int line;
  int column;
};

// Deterministic across standard libraries, unlike std::uniform_int_distribution.
struct Rng {
  std::mt19937 engine;
  explicit Rng(std::uint32_t seed) : engine(seed) {}
  int below(int n) { return static_cast<int>(engine() % static_cast<std::uint32_t>(n)); }
  bool chance(int percent) { return below(100) < percent; }
};

std::string randomMoveText(Rng& rng) {
  static const std::string letters = "RUFLDBrufldbxyzMESw";
  std::string t;
  if (rng.chance(20)) {
    const int n = 1 + rng.below(2);
    for (int i = 0; i < n; ++i) t += static_cast<char>('0' + rng.below(10));
  }
  t += letters[static_cast<std::size_t>(rng.below(static_cast<int>(letters.size())))];
  const int more = rng.chance(70) ? 0 : 1 + rng.below(3);
  for (int i = 0; i < more; ++i) {
    t += rng.chance(15) ? '_' : letters[static_cast<std::size_t>(rng.below(19))];
  }
  if (rng.chance(40)) {
    const int n = 1 + rng.below(2);
    for (int i = 0; i < n; ++i) t += static_cast<char>('0' + rng.below(10));
  }
  if (rng.chance(40)) t += '\'';
  return t;
}

std::string randomCommentText(Rng& rng) {
  static const std::vector<std::string> pieces = {"a", "Z", "9",  " ", "/", "(",  ")",
                                                  "'", "#", "\t", "é", "→", "//", "sexy move"};
  std::string t;
  const int n = rng.below(6);
  for (int i = 0; i < n; ++i) t += pieces[static_cast<std::size_t>(rng.below(14))];
  // Comments are stored trimmed.
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.erase(t.begin());
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.pop_back();
  return t;
}

nt::Sequence randomSequence(Rng& rng, int depth) {
  nt::Sequence s;
  const int items = rng.below(depth == 0 ? 9 : 5);
  for (int i = 0; i < items; ++i) {
    nt::Node n;
    const int roll = rng.below(100);
    if (roll < 25 && depth < 5) {
      const int kind = rng.below(4);
      n.kind = kind < 2 ? Kind::Group : kind == 2 ? Kind::Commutator : Kind::Conjugate;
      n.repeat = rng.chance(50) ? 1 : (rng.chance(80) ? 2 + rng.below(9) : 1 + rng.below(999));
      n.inverted = rng.chance(50);
      n.body = randomSequence(rng, depth + 1);
      if (n.kind != Kind::Group) n.second = randomSequence(rng, depth + 1);
    } else if (roll < 37) {
      n.kind = Kind::Comment;
      n.text = randomCommentText(rng);
    } else {
      n.kind = Kind::Move;
      n.text = randomMoveText(rng);
    }
    s.nodes.push_back(std::move(n));
  }
  return s;
}

std::string randomSpace(Rng& rng, bool required) {
  static const std::vector<std::string> spaces = {" ", "  ", "\t", "\n", "\r\n", " \n\t"};
  std::string w;
  if (required || rng.chance(40)) w += spaces[static_cast<std::size_t>(rng.below(6))];
  return w;
}

// Prints with random whitespace, leaving it out wherever the grammar allows.
void noisyPrint(const nt::Sequence& s, Rng& rng, std::string& out) {
  enum class Prev { None, Move, GroupPlain, GroupSuffix, Comment } prev = Prev::None;
  for (const nt::Node& n : s.nodes) {
    bool required = false;
    if (n.kind == Kind::Move) {
      required = prev == Prev::Move || prev == Prev::GroupSuffix ||
                 (prev == Prev::GroupPlain && n.text[0] >= '0' && n.text[0] <= '9');
    }
    out += randomSpace(rng, required);
    switch (n.kind) {
      case Kind::Move:
        out += n.text;
        prev = Prev::Move;
        break;
      case Kind::Comment:
        out += "//";
        if (rng.chance(50)) out += ' ';
        out += n.text;
        if (rng.chance(30)) out += " \t";
        out += rng.chance(20) ? "\r\n" : "\n";
        prev = Prev::Comment;
        break;
      case Kind::Group:
      case Kind::Commutator:
      case Kind::Conjugate:
        out += n.kind == Kind::Group ? '(' : '[';
        noisyPrint(n.body, rng, out);
        if (n.kind != Kind::Group) {
          out += randomSpace(rng, false);
          out += n.kind == Kind::Commutator ? ',' : ':';
          noisyPrint(n.second, rng, out);
        }
        out += randomSpace(rng, false);
        out += n.kind == Kind::Group ? ')' : ']';
        if (n.repeat != 1) out += std::to_string(n.repeat);
        if (n.inverted) out += '\'';
        prev = (n.repeat != 1 || n.inverted) ? Prev::GroupSuffix : Prev::GroupPlain;
        break;
    }
  }
  out += randomSpace(rng, false);
}

using Moves = std::vector<std::pair<std::string, bool>>;

Moves inverseOf(const Moves& moves) {
  Moves inverse(moves.rbegin(), moves.rend());
  for (auto& m : inverse) m.second = !m.second;
  return inverse;
}

// An independent expansion: build each bracket's moves (A B A' B' for [A, B], A B A' for
// [A: B]), then reverse and toggle when inverted.
Moves referenceExpand(const nt::Sequence& s) {
  Moves out;
  for (const nt::Node& n : s.nodes) {
    if (n.kind == Kind::Move) {
      out.emplace_back(n.text, false);
    } else if (n.kind != Kind::Comment) {
      const Moves a = referenceExpand(n.body);
      const Moves b = referenceExpand(n.second);
      Moves body = a;
      if (n.kind != Kind::Group) {
        body.insert(body.end(), b.begin(), b.end());
        const Moves undoA = inverseOf(a);
        body.insert(body.end(), undoA.begin(), undoA.end());
      }
      if (n.kind == Kind::Commutator) {
        const Moves undoB = inverseOf(b);
        body.insert(body.end(), undoB.begin(), undoB.end());
      }
      if (n.inverted) body = inverseOf(body);
      for (int r = 0; r < n.repeat; ++r) out.insert(out.end(), body.begin(), body.end());
    }
  }
  return out;
}

nt::Sequence nestedRepeats(int depth, int repeat) {
  nt::Sequence s;
  nt::Node move;
  move.text = "R";
  s.nodes.push_back(move);
  for (int i = 0; i < depth; ++i) {
    nt::Node g;
    g.kind = Kind::Group;
    g.repeat = repeat;
    g.body = std::move(s);
    s = nt::Sequence{};
    s.nodes.push_back(std::move(g));
  }
  return s;
}

}  // namespace

TEST_CASE("notation: move tokens of every shape") {
  for (const char* token : {"R", "R'", "R2", "R2'", "BL2'", "u", "x", "2R", "3Rw2'", "Rw", "R_w",
                            "DBL", "RU", "10R", "r_2'", "M2", "R++", "D--", "BL++"}) {
    const nt::Sequence s = parseOk(token);
    REQUIRE(s.nodes.size() == 1);
    const nt::Node& n = s.nodes[0];
    CHECK(n.kind == Kind::Move);
    CHECK(n.text == token);
    CHECK(n.line == 1);
    CHECK(n.column == 1);
    CHECK(nt::print(s) == token);
    const nt::ExpandResult e = nt::expand(s);
    REQUIRE(e.ok());
    REQUIRE(e.moves.size() == 1);
    CHECK(e.moves[0].text == token);
    CHECK_FALSE(e.moves[0].inverted);
  }
}

TEST_CASE("notation: tokens are separated by whitespace, brackets and comments") {
  const std::string text = "R U'\tF2\n  BL2' x\r\n2R";
  const nt::Sequence s = parseOk(text);
  REQUIRE(s.nodes.size() == 6);
  const std::vector<std::string> texts = {"R", "U'", "F2", "BL2'", "x", "2R"};
  const std::vector<int> lines = {1, 1, 1, 2, 2, 3};
  const std::vector<int> columns = {1, 3, 6, 3, 8, 1};
  for (std::size_t i = 0; i < texts.size(); ++i) {
    CHECK(s.nodes[i].kind == Kind::Move);
    CHECK(s.nodes[i].text == texts[i]);
    CHECK(s.nodes[i].line == lines[i]);
    CHECK(s.nodes[i].column == columns[i]);
  }
  checkPositions(s, text);

  const nt::Sequence glued = parseOk("R(U)F[D,R]' x//note");
  REQUIRE(glued.nodes.size() == 6);
  CHECK(glued.nodes[0].text == "R");
  CHECK(glued.nodes[1].kind == Kind::Group);
  CHECK(glued.nodes[2].text == "F");
  CHECK(glued.nodes[3].kind == Kind::Commutator);
  CHECK(glued.nodes[3].inverted);
  CHECK(glued.nodes[4].text == "x");
  CHECK(glued.nodes[5].kind == Kind::Comment);
  CHECK(glued.nodes[5].text == "note");
  CHECK(nt::print(glued) == "R (U) F [D, R]' x // note\n");

  CHECK(parseOk("(R)x[U:F]2(F)").nodes.size() == 4);  // a bare closing bracket separates too
  CHECK(parseOk("[R2,U3']").nodes[0].second.nodes[0].text == "U3'");  // and so do ',' and ':'
  CHECK(parseOk("").nodes.empty());
  CHECK(parseOk(" \t\r\n\f\v ").nodes.empty());
}

TEST_CASE("notation: groups, repetition counts and inverse groups") {
  const nt::Sequence s = parseOk("(R U)3 (R U R' U')2' (F)' ((R U)2 F)3 () (x)01");
  REQUIRE(s.nodes.size() == 6);

  const nt::Node& a = s.nodes[0];
  CHECK(a.kind == Kind::Group);
  CHECK(a.repeat == 3);
  CHECK_FALSE(a.inverted);
  REQUIRE(a.body.nodes.size() == 2);
  CHECK(a.body.nodes[1].text == "U");
  CHECK(a.body.nodes[1].column == 4);

  const nt::Node& b = s.nodes[1];
  CHECK(b.repeat == 2);
  CHECK(b.inverted);
  CHECK(b.body.nodes.size() == 4);
  CHECK(b.column == 8);

  const nt::Node& c = s.nodes[2];
  CHECK(c.kind == Kind::Group);
  CHECK(c.repeat == 1);
  CHECK(c.inverted);

  const nt::Node& d = s.nodes[3];
  CHECK(d.repeat == 3);
  REQUIRE(d.body.nodes.size() == 2);
  CHECK(d.body.nodes[0].kind == Kind::Group);
  CHECK(d.body.nodes[0].repeat == 2);
  CHECK(d.body.nodes[1].text == "F");

  CHECK(s.nodes[4].kind == Kind::Group);
  CHECK(s.nodes[4].body.nodes.empty());
  CHECK(s.nodes[5].repeat == 1);  // leading zeros are allowed; "01" is 1

  CHECK(nt::print(s) == "(R U)3 (R U R' U')2' (F)' ((R U)2 F)3 () (x)");
}

TEST_CASE("notation: expansion of groups, move by move") {
  CHECK(expandText("R U R' U'") == "R U R' U'");
  CHECK(expandText("(R U)2'") == "inv(U) inv(R) inv(U) inv(R)");
  CHECK(expandText("(R U)3") == "R U R U R U");
  CHECK(expandText("((R U)2 F)3") == "R U R U F R U R U F R U R U F");
  CHECK(expandText("((R U)' F)'") == "inv(F) R U");
  CHECK(expandText("((R U)2' F')2") ==
        "inv(U) inv(R) inv(U) inv(R) F' inv(U) inv(R) inv(U) inv(R) F'");
  CHECK(expandText("(R' U2)'") == "inv(U2) inv(R')");
  CHECK(expandText("((R)' U)'") == "inv(U) R");
  CHECK(expandText("R // comment\n(U // inside\n)2") == "R U U");
  CHECK(expandText("() ()3' (//only a comment\n)") == "");

  // Expanded moves keep the position of the token they came from.
  const nt::ExpandResult e = nt::expand(parseOk("F\n (R U)2'"));
  REQUIRE(e.moves.size() == 5);
  CHECK(e.moves[0].line == 1);
  CHECK(e.moves[0].column == 1);
  CHECK(e.moves[1].text == "U");
  CHECK(e.moves[1].line == 2);
  CHECK(e.moves[1].column == 5);
  CHECK(e.moves[2].text == "R");
  CHECK(e.moves[2].column == 3);
}

TEST_CASE("notation: commutators and conjugates, nested, repeated and inverted") {
  const nt::Sequence s = parseOk("[R U R', D] [R: U]2' [[R: U], D]");
  REQUIRE(s.nodes.size() == 3);
  CHECK(s.nodes[0].kind == Kind::Commutator);
  CHECK(s.nodes[0].body.nodes.size() == 3);
  REQUIRE(s.nodes[0].second.nodes.size() == 1);
  CHECK(s.nodes[0].second.nodes[0].column == 10);
  CHECK(s.nodes[1].kind == Kind::Conjugate);
  CHECK(s.nodes[1].repeat == 2);
  CHECK(s.nodes[1].inverted);
  CHECK(s.nodes[2].body.nodes[0].kind == Kind::Conjugate);
  checkRoundTrip(s);

  // [A, B] = A B A' B'; [A: B] = A B A'.
  CHECK(expandText("[R, U]") == "R U inv(R) inv(U)");
  CHECK(expandText("[R U R', D]") == "R U R' D inv(R') inv(U) inv(R) inv(D)");
  CHECK(expandText("[R: U]") == "R U inv(R)");
  CHECK(expandText("[R U: F]") == "R U F inv(U) inv(R)");
  // Inverses: [A, B]' = [B, A] and [A: B]' = [A: B'].
  CHECK(expandText("[R, U]'") == expandText("[U, R]"));
  CHECK(expandText("[R: U]'") == "R inv(U) inv(R)");
  // Repeats, and repeats inside the parts.
  CHECK(expandText("[R, U]2") == "R U inv(R) inv(U) R U inv(R) inv(U)");
  CHECK(expandText("[(R U)2: F]") == "R U R U F inv(U) inv(R) inv(U) inv(R)");
  CHECK(expandText("[R: U]2'") == "R inv(U) inv(R) R inv(U) inv(R)");
  // Nested: [[R: U], D] = R U R' D R U' R' D'.
  CHECK(expandText("[[R: U], D]") == "R U inv(R) D R inv(U) inv(R) inv(D)");
  CHECK(expandText("[F: [R, U]]") == "F R U inv(R) inv(U) inv(F)");
  CHECK(expandText("([R, U] F)'") == "inv(F) U R inv(U) inv(R)");
  // Empty parts are nothing.
  CHECK(expandText("[, U]") == "U inv(U)");
  CHECK(expandText("[R:]") == "R inv(R)");
  CHECK(expandText("[ : ]3") == "");

  // Each expanded move says which token it was: tokens in the order print() writes them.
  const nt::ExpandResult e = nt::expand(parseOk("F [R U, D]'"));
  REQUIRE(e.moves.size() == 7);
  std::vector<int> tokens;
  for (const nt::FlatMove& m : e.moves) tokens.push_back(m.token);
  // [R U, D]' = [D, R U] = D R U D' U' R'.
  CHECK(tokens == std::vector<int>{0, 3, 1, 2, 3, 2, 1});
  CHECK(flat(e) == "F D R U inv(D) inv(U) inv(R)");
}

TEST_CASE("notation: printed pieces, move tokens apart") {
  const nt::Sequence s = parseOk("[R  U R',D]2 (F)' // c\nx");
  const std::vector<nt::PrintedPiece> pieces = nt::printPieces(s);
  std::vector<std::string> texts;
  std::vector<int> tokens;
  std::string joined;
  for (const nt::PrintedPiece& piece : pieces) {
    texts.push_back(piece.text);
    tokens.push_back(piece.token);
    joined += piece.text;
  }
  CHECK(joined == nt::print(s));
  CHECK(texts == std::vector<std::string>{"[", "R", " ", "U", " ", "R'", ", ", "D", "]2 (", "F",
                                          ")' // c\n", "x"});
  CHECK(tokens == std::vector<int>{-1, 0, -1, 1, -1, 2, -1, 3, -1, 4, -1, 5});
  CHECK(nt::printPieces(parseOk("")).empty());
}

TEST_CASE("notation: canonical printing") {
  CHECK(nt::print(parseOk("  R\tU'\n\n( R  U )3'  [ F ,U ]  [R:U]2 x // hello  \n  D")) ==
        "R U' (R U)3' [F, U] [R: U]2 x // hello\nD");
  CHECK(nt::print(parseOk("(R)1")) == "(R)");
  CHECK(nt::print(parseOk("R //c")) == "R // c\n");
  CHECK(nt::print(parseOk("//")) == "//\n");
  CHECK(nt::print(parseOk("( )")) == "()");
  CHECK(nt::print(parseOk("((R))")) == "((R))");

  // Hand-built trees print sensibly too.
  nt::Sequence s;
  nt::Node g;
  g.kind = Kind::Group;
  g.repeat = 4;
  g.inverted = true;
  g.body.nodes.push_back(nt::Node{Kind::Move, "R", {}, {}, 1, false, 0, 0});
  g.body.nodes.push_back(nt::Node{Kind::Comment, "  two\nlines ", {}, {}, 1, false, 0, 0});
  s.nodes.push_back(g);
  CHECK(nt::print(s) == "(R // two lines\n)4'");
  const nt::Sequence back = parseOk(nt::print(s));
  CHECK(back.nodes[0].body.nodes[1].text == "two lines");
}

TEST_CASE("notation: comments are kept and round trip") {
  const std::string text =
      "// Sune, then its inverse\n"
      "R U R' U R U2 R'   // the sune\t\r\n"
      "(R U2 R' U' R U' R' //inside a group\n"
      ")  // é → non-ASCII is fine in comments (and /slashes/)\n"
      "//\n"
      "[x // trailing ]\n"
      ": U]";
  const nt::Sequence s = parseOk(text);
  checkPositions(s, text);
  REQUIRE(s.nodes.size() == 13);
  CHECK(s.nodes[12].kind == Kind::Conjugate);
  CHECK(s.nodes[0].kind == Kind::Comment);
  CHECK(s.nodes[0].text == "Sune, then its inverse");
  CHECK(s.nodes[8].text == "the sune");
  CHECK(s.nodes[9].body.nodes.back().kind == Kind::Comment);
  CHECK(s.nodes[9].body.nodes.back().text == "inside a group");
  CHECK(s.nodes[10].text == "é → non-ASCII is fine in comments (and /slashes/)");
  CHECK(s.nodes[11].text.empty());
  CHECK(s.nodes[12].body.nodes.size() == 2);
  CHECK(s.nodes[12].body.nodes[1].text == "trailing ]");

  const std::string printed = nt::print(s);
  CHECK(printed ==
        "// Sune, then its inverse\n"
        "R U R' U R U2 R' // the sune\n"
        "(R U2 R' U' R U' R' // inside a group\n"
        ") // é → non-ASCII is fine in comments (and /slashes/)\n"
        "//\n"
        "[x // trailing ]\n"
        ": U]");
  checkRoundTrip(s);
  CHECK(nt::expand(s).moves.size() == 17);
}

TEST_CASE("notation: every error kind with its exact position") {
  const std::vector<ExpectedError> cases = {
      {"R U )", "unexpected ')' at column 5", 1, 5},
      {"R U ]", "unexpected ']' at column 5", 1, 5},
      {"R (U", "unclosed '(' opened at column 3", 1, 3},
      {"[R (U)", "unclosed '[' opened at column 1", 1, 1},
      {"[R, (U)", "unclosed '[' opened at column 1", 1, 1},
      {"R [U: F", "unclosed '[' opened at column 3", 1, 3},
      {"((R U)", "unclosed '(' opened at column 1", 1, 1},
      {"(R U]", "unexpected ']' at column 5 (expected ')' to close '(' opened at column 1)", 1, 5},
      {"[R U)", "unexpected ')' at column 5 (expected ']' to close '[' opened at column 1)", 1, 5},
      {"[R, U)", "unexpected ')' at column 6 (expected ']' to close '[' opened at column 1)", 1, 6},
      {"R U, F", "',' outside a commutator at column 4 (a commutator is written [A, B])", 1, 4},
      {"(R, U)", "',' outside a commutator at column 3 (a commutator is written [A, B])", 1, 3},
      {"[(R, U), F]", "',' outside a commutator at column 4 (a commutator is written [A, B])", 1,
       4},
      {"R: U", "':' outside a conjugate at column 2 (a conjugate is written [A: B])", 1, 2},
      {"[R U]",
       "commutator needs two parts: '[' opened at column 1 closes at column 5 with no ',' or ':' "
       "([A, B] is a commutator, [A: B] a conjugate, (A) a group)",
       1, 5},
      {"R\n [[R, U]]2",
       "commutator needs two parts: '[' opened at line 2, column 2 closes at line 2, column 9 "
       "with no ',' or ':' ([A, B] is a commutator, [A: B] a conjugate, (A) a group)",
       2, 9},
      {"[R, U, F]",
       "a second ',' at column 6 in the '[' opened at column 1 ([A, B] and [A: B] "
       "have two parts)",
       1, 6},
      {"[R: U, F]",
       "a second ',' at column 6 in the '[' opened at column 1 ([A, B] and [A: B] "
       "have two parts)",
       1, 6},
      {"[R, U]0", "repetition count 0 at column 7 must be between 1 and 999", 1, 7},
      {"[R, U]2R", "unexpected character 'R' at column 8 (separate moves with spaces)", 1, 8},
      {"[R: U]'x", "unexpected character 'x' at column 8 (separate moves with spaces)", 1, 8},
      {"R (R U)0", "repetition count 0 at column 8 must be between 1 and 999", 1, 8},
      {"(R U)1000", "repetition count 1000 at column 6 must be between 1 and 999", 1, 6},
      {"(R)000", "repetition count 000 at column 4 must be between 1 and 999", 1, 4},
      {"(R)12345678901234567890",
       "repetition count 123456789012... at column 4 must be between 1 and 999", 1, 4},
      {"R U #", "unexpected character '#' at column 5", 1, 5},
      {"R#", "unexpected character '#' at column 2", 1, 2},
      {"R U'U", "unexpected character 'U' at column 5 (separate moves with spaces)", 1, 5},
      {"R2a", "unexpected character 'a' at column 3 (separate moves with spaces)", 1, 3},
      {"R''", "unexpected character ''' at column 3", 1, 3},
      {"R+", "unexpected character '+' at column 2", 1, 2},
      {"R+-", "unexpected character '+' at column 2", 1, 2},
      {"R+++", "unexpected character '+' at column 4", 1, 4},
      {"++", "unexpected character '+' at column 1", 1, 1},
      {"'", "unexpected character ''' at column 1", 1, 1},
      {"_R", "unexpected character '_' at column 1", 1, 1},
      {"R / U", "unexpected character '/' at column 3", 1, 3},
      {"R/", "unexpected character '/' at column 2", 1, 2},
      {"(R)2R", "unexpected character 'R' at column 5 (separate moves with spaces)", 1, 5},
      {"(R)'2", "unexpected character '2' at column 5 (separate moves with spaces)", 1, 5},
      {"(R)2''", "unexpected character ''' at column 6", 1, 6},
      {"2 R", "expected a move after number '2' at column 1", 1, 1},
      {"R U 33", "expected a move after number '33' at column 5", 1, 5},
      {"(R U) 3", "expected a move after number '3' at column 7", 1, 7},
      {"R \xC3\xA9", "unexpected non-ASCII byte 0xC3 at column 3", 1, 3},
      {"R\xC3\xA9", "unexpected non-ASCII byte 0xC3 at column 2", 1, 2},
      {"\xFFR", "unexpected non-ASCII byte 0xFF at column 1", 1, 1},
      {"R\x01", "unexpected control character 0x01 at column 2", 1, 2},
      {std::string("R ") + '\0', "unexpected control character 0x00 at column 3", 1, 3},
      {"R\nU )", "unexpected ')' at line 2, column 3", 2, 3},
      {"R U // ok (\n  (R", "unclosed '(' opened at line 2, column 3", 2, 3},
      {"R\n\n  (R)0", "repetition count 0 at line 3, column 6 must be between 1 and 999", 3, 6},
      {"(R\n]", "unexpected ']' at line 2, column 1 (expected ')' to close '(' opened at column 1)",
       2, 1},
  };
  for (const ExpectedError& e : cases) {
    INFO("input: ", e.input);
    const nt::ParseResult r = nt::parse(e.input);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error->message == e.message);
    CHECK(r.error->line == e.line);
    CHECK(r.error->column == e.column);
    CHECK(offsetOf(e.input, r.error->line, r.error->column) != std::string_view::npos);
  }
}

TEST_CASE("notation: nesting depth limit") {
  const std::string ok = std::string(32, '(') + "R" + std::string(32, ')');
  const nt::ParseResult good = nt::parse(ok);
  REQUIRE(good.ok());
  CHECK(nt::expand(good.sequence).moves.size() == 1);
  checkRoundTrip(good.sequence);

  const std::string deep = std::string(33, '(') + "R" + std::string(33, ')');
  nt::ParseResult r = nt::parse(deep);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "nesting deeper than 32 levels at column 33");
  CHECK(r.error->column == 33);

  // Far deeper input is refused at the same place, without recursing further.
  const std::string veryDeep(50000, '[');
  r = nt::parse(veryDeep);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "nesting deeper than 32 levels at column 33");

  r = nt::parse("R\n" + std::string(16, '(') + std::string(16, '[') + " (R)");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "nesting deeper than 32 levels at line 2, column 34");

  nt::Limits limits;
  limits.maxDepth = 2;
  CHECK(nt::parse("((R))", limits).ok());
  CHECK(nt::parse("(((R)))", limits).error->column == 3);
}

TEST_CASE("notation: expansion limit is checked without expanding") {
  const auto start = std::chrono::steady_clock::now();
  nt::ParseResult r = nt::parse("((((R)999)999)999)999");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "sequence expands to more than 100000 moves at column 11");
  CHECK(r.error->column == 11);

  // 32 levels of 999: 999^32 overflows 64 bits; the count saturates instead of wrapping.
  std::string huge = std::string(32, '(') + "R";
  for (int i = 0; i < 32; ++i) huge += ")999";
  r = nt::parse(huge);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "sequence expands to more than 100000 moves at column 39");

  const nt::Sequence built = nestedRepeats(32, 999);
  CHECK(nt::expandedLength(built, 100001) == 100001);
  const nt::ExpandResult e = nt::expand(built);
  REQUIRE_FALSE(e.ok());
  CHECK(e.moves.empty());
  CHECK(e.error->message.find("sequence expands to more than 100000 moves") == 0);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(elapsed < std::chrono::seconds(1));

  // Exactly at the limit is fine; one group more is not.
  const std::string ten = "(R U R U R U R U R U)100";
  r = nt::parse("(" + ten + ")100");
  REQUIRE(r.ok());
  CHECK(nt::expandedLength(r.sequence, 1000000) == 100000);
  CHECK(nt::expand(r.sequence).moves.size() == 100000);
  r = nt::parse("(" + ten + ")100 R");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "sequence expands to more than 100000 moves at column 31");

  // A sum of many groups, each within the limit.
  std::string many;
  for (int i = 0; i < 101; ++i) many += "(R)999 ";
  r = nt::parse(many);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "sequence expands to more than 100000 moves at column 701");
  CHECK(r.error->column == 701);

  // Custom limits, in parse and in expand.
  nt::Limits limits;
  limits.maxMoves = 4;
  CHECK(nt::parse("R U R U", limits).ok());
  r = nt::parse("(R U)2 F", limits);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "sequence expands to more than 4 moves at column 8");
  const nt::ExpandResult small = nt::expand(parseOk("R U (R U)2"), 3);
  REQUIRE_FALSE(small.ok());
  CHECK(small.error->message == "sequence expands to more than 3 moves at column 5");
  CHECK(nt::expand(parseOk("R U (R U)2"), 6).moves.size() == 6);
}

TEST_CASE("notation: the limits hold for commutators and conjugates") {
  // [A, B] plays A and B twice, [A: B] A twice: counted so, saturating, before expanding.
  nt::ParseResult r = nt::parse("[(R U R U R U R U R U)100, (R)100]45");
  REQUIRE(r.ok());
  CHECK(nt::expandedLength(r.sequence, 1000000) == 99000);
  CHECK(nt::expand(r.sequence).moves.size() == 99000);
  r = nt::parse("[(R U R U R U R U R U)100, (R)100]46");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "sequence expands to more than 100000 moves at column 35");
  r = nt::parse("[(R U R U R U R U R U)100: (R)100]999");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "sequence expands to more than 100000 moves at column 35");

  // 32 levels of commutators: 4^32 saturates instead of wrapping, and nothing is expanded.
  std::string nested = "R";
  for (int i = 0; i < 31; ++i) nested = "[" + nested + ", U]999";
  const auto start = std::chrono::steady_clock::now();
  r = nt::parse(nested);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message.find("sequence expands to more than 100000 moves") == 0);
  nested = "[" + nested + ", U]";
  r = nt::parse("[" + nested + ", U]");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message == "nesting deeper than 32 levels at column 33");

  // Brackets that expand to nothing are not walked through once per repeat.
  r = nt::parse("R ([(((( )999)999)999)999, //\n]999)999");
  REQUIRE(r.ok());
  CHECK(flat(nt::expand(r.sequence)) == "R");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
}

TEST_CASE("notation: input length limit") {
  std::string longInput;
  while (longInput.size() < 2000000) longInput += "R ";
  const nt::ParseResult r = nt::parse(longInput);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->message ==
        "input is longer than 1000000 characters (the excess starts at column 1000001)");
  CHECK(r.error->column == 1000001);
  CHECK(r.error->line == 1);

  // Multi-line: the position is the line and column of byte 1000001.
  std::string lines;
  while (lines.size() < 2000000) lines += "R U\n";
  const nt::ParseResult r2 = nt::parse(lines);
  REQUIRE_FALSE(r2.ok());
  CHECK(r2.error->line == 250001);
  CHECK(r2.error->column == 1);

  // Exactly at the limit parses: 50,000 moves padded with spaces.
  const std::string atLimit = longInput.substr(0, 100000) + std::string(900000, ' ');
  REQUIRE(atLimit.size() == nt::kMaxInputLength);
  const nt::ParseResult ok = nt::parse(atLimit);
  REQUIRE(ok.ok());
  CHECK(ok.sequence.nodes.size() == 50000);
  CHECK(nt::expand(ok.sequence).moves.size() == 50000);

  nt::Limits limits;
  limits.maxInputLength = 3;
  CHECK(nt::parse("R U", limits).ok());
  CHECK(nt::parse("R U ", limits).error->column == 4);
}

TEST_CASE("notation: expand rejects hand-built groups with bad repeats") {
  for (int repeat : {0, -3, 1000}) {
    nt::Sequence s;
    nt::Node g;
    g.kind = Kind::Group;
    g.repeat = repeat;
    g.body.nodes.push_back(nt::Node{Kind::Move, "R", {}, {}, 1, false, 0, 0});
    s.nodes.push_back(g);
    const nt::ExpandResult e = nt::expand(s);
    REQUIRE_FALSE(e.ok());
    CHECK(e.error->message.find("repetition count " + std::to_string(repeat)) == 0);
    CHECK(e.moves.empty());
  }
}

TEST_CASE("notation: sameStructure ignores positions only") {
  const nt::Sequence a = parseOk("R (U F)2' // c");
  const nt::Sequence b = parseOk("\n\n   R(U\tF)2'//c");
  CHECK(nt::sameStructure(a, b));
  CHECK_FALSE(nt::sameStructure(a, parseOk("R (U F)2 // c")));
  CHECK_FALSE(nt::sameStructure(a, parseOk("R (U F)3' // c")));
  CHECK_FALSE(nt::sameStructure(a, parseOk("R [U, F]2' // c")));
  CHECK_FALSE(nt::sameStructure(parseOk("[U, F]"), parseOk("[U: F]")));
  CHECK_FALSE(nt::sameStructure(parseOk("[U, F]"), parseOk("[U F,]")));
  CHECK_FALSE(nt::sameStructure(parseOk("[U, F]"), parseOk("[U, F R]")));
  CHECK_FALSE(nt::sameStructure(a, parseOk("R (U F')2' // c")));
  CHECK_FALSE(nt::sameStructure(a, parseOk("R (U F)2' // d")));
  CHECK_FALSE(nt::sameStructure(a, parseOk("R (U F)2'")));
  CHECK_FALSE(nt::sameStructure(a, parseOk("R (U F R)2' // c")));
}

TEST_CASE("notation: randomized round trip") {
  Rng rng(20240601);
  int parsed = 0;
  int tooLong = 0;
  for (int iteration = 0; iteration < 3000; ++iteration) {
    const nt::Sequence generated = randomSequence(rng, 0);
    const std::string printed = nt::print(generated);
    INFO("printed: ", printed);
    const nt::ParseResult r = nt::parse(printed);
    if (nt::expandedLength(generated, 100001) > 100000) {
      REQUIRE_FALSE(r.ok());
      CHECK(r.error->message.find("sequence expands to more than 100000 moves") == 0);
      ++tooLong;
      continue;
    }
    REQUIRE(r.ok());
    ++parsed;
    CHECK(nt::sameStructure(r.sequence, generated));
    CHECK(nt::print(r.sequence) == printed);
    checkPositions(r.sequence, printed);

    // The same tree written with arbitrary whitespace parses to the same structure.
    std::string noisy;
    noisyPrint(generated, rng, noisy);
    INFO("noisy: ", noisy);
    const nt::ParseResult rn = nt::parse(noisy);
    REQUIRE(rn.ok());
    CHECK(nt::sameStructure(rn.sequence, generated));
    CHECK(nt::print(rn.sequence) == printed);
    checkPositions(rn.sequence, noisy);

    // The expansion matches an independent implementation.
    const nt::ExpandResult e = nt::expand(r.sequence);
    REQUIRE(e.ok());
    REQUIRE(e.moves.size() == nt::expandedLength(generated, 100001));
    if (e.moves.size() <= 5000) {
      const auto reference = referenceExpand(generated);
      REQUIRE(reference.size() == e.moves.size());
      for (std::size_t i = 0; i < reference.size(); ++i) {
        CHECK(e.moves[i].text == reference[i].first);
        CHECK(e.moves[i].inverted == reference[i].second);
      }
    }
  }
  CHECK(parsed > 2500);
  CHECK(tooLong > 0);
}

TEST_CASE("notation: randomized garbage never crashes") {
  Rng rng(7);
  const std::string syntax = "()[],:'/ \n\t\rRUFx2_0#\xC3\xA9\x80";
  int ok = 0;
  int failed = 0;
  for (int iteration = 0; iteration < 20000; ++iteration) {
    std::string text;
    const int length = rng.below(120);
    const bool anyByte = iteration % 3 == 0;
    for (int i = 0; i < length; ++i) {
      text += anyByte
                  ? static_cast<char>(rng.below(256))
                  : syntax[static_cast<std::size_t>(rng.below(static_cast<int>(syntax.size())))];
    }
    const nt::ParseResult r = nt::parse(text);
    if (r.ok()) {
      ++ok;
      checkRoundTrip(r.sequence);
      checkPositions(r.sequence, text);
      CHECK(nt::expand(r.sequence).ok());
    } else {
      ++failed;
      INFO("input: ", text);
      INFO("error: ", r.error->message);
      REQUIRE(offsetOf(text, r.error->line, r.error->column) != std::string_view::npos);
      CHECK(r.error->message.find("column " + std::to_string(r.error->column)) !=
            std::string::npos);
    }
  }
  CHECK(ok > 100);
  CHECK(failed > 100);
}
