// The Square-1: a model of its own, beside the generic Puzzle (core/puzzle.hpp), because its
// moves are legal only in some states: the slice turns only when no wedge straddles the cut.
// Sixteen wedges lie in two layers of twelve 30° slots (a corner takes two slots, an edge one);
// the middle layer is two halves, either as solved or flipped.
//
// Slots 0-11 are the top layer, clockwise seen from above, slot 0 starting at the back end of the
// cut; slots 12-23 are the bottom layer, clockwise seen from below, slot 12 starting at the front
// end of the cut. A turn (x,y) moves the top's wedge in slot i to slot i+x and the bottom's in
// 12+j to 12+(j+y) (WCA notation: clockwise looking at each layer); the slice `/` turns the right
// half (slots 0-5 and 12-17) by 180°, which exchanges slots i and 12+i.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace polytwist::square1 {

inline constexpr int kSlots = 24;
inline constexpr int kLayerSlots = 12;
inline constexpr int kPieces = 16;  // corners 0-7, edges 8-15

struct State {
  std::array<std::uint8_t, kSlots> slots{};  // the piece in each slot (a corner in two)
  bool middleFlipped = false;
  bool operator==(const State&) const = default;
};

// A turn of the layers, then the slice when `slash`; a lone `/` is the turn (0,0) with a slash.
struct Move {
  int top = 0;
  int bottom = 0;
  bool slash = false;
  bool operator==(const Move&) const = default;
};

bool isCorner(int piece);
// "UBR", "UF"... the piece's place in the solved puzzle.
std::string pieceName(int piece);

State solved();
State turned(const State& state, int top, int bottom);
// The corner cut by the slice, or -1 when the slice can turn.
int sliceBlocker(const State& state);
State slashed(const State& state);  // only when sliceBlocker(state) < 0

// Moves in WCA notation: `(1,0)/ (-1,3)/ (0,-3)`, each number in -5..6.
struct ParsedMoves {
  std::vector<Move> moves;
  std::vector<int> columns;  // each move's column (1-based) in the text
  std::string error;         // empty when read
  int errorColumn = 0;       // the error's column (1-based)
};
ParsedMoves parseMoves(std::string_view text);
std::string formatMoves(const std::vector<Move>& moves);
// The same moves with turns merged, cancelling slices dropped, turns written in -5..6.
std::vector<Move> simplified(const std::vector<Move>& moves);
// Moves that undo `moves`, turns written in -5..6.
std::vector<Move> invertMoves(const std::vector<Move>& moves);

// The state after the moves, or the error naming the column of the move that cannot be made.
struct Applied {
  State state;
  std::string error;
  int errorColumn = 0;
};
Applied applyMoves(const State& start, std::string_view text);
// The same for moves already read (a slice that cannot turn throws std::logic_error).
State applyMoves(State state, const std::vector<Move>& moves);

// Shapes: which slots start a corner (bit s for slot s), the pieces left out. The twistable
// shapes are those where the slice can turn: 3678 of them, each with 8! · 8! placings of the
// pieces and two of the middle layer.
using Shape = std::uint32_t;
Shape shapeOf(const State& state);
bool twistable(Shape shape);
const std::vector<Shape>& twistableShapes();  // sorted

// The pieces of a shape's slots in reading order (slot 0 up): its corners from `corners`, its
// edges from `edges`, in turn; the middle layer as solved.
State placed(Shape shape, const std::array<std::uint8_t, 8>& corners,
             const std::array<std::uint8_t, 8>& edges);

// A uniformly random state among those where the slice can turn (TNoodle's draw): a twistable
// shape, then the corners and edges each in a random order, then the middle layer, drawn through
// core/random.hpp's uniformBelow so a seed gives one state everywhere.
State randomState(std::mt19937_64& rng);

// The two-phase solver (search/stack_walk.hpp's walk in both phases): phase 1 brings the shape
// to the square with the pieces' parity that phase 2 can solve, phase 2 solves within the
// square-shaped group. Fast, not optimal. The tables are built on first use (solverTables()).
std::vector<Move> solve(const State& state);
struct SolverTableInfo {
  std::uint64_t bytes;
  double buildSeconds;
};
SolverTableInfo solverTables();

// A random-state scramble: the inverse of the solution of randomState(rng).
std::vector<Move> scramble(std::mt19937_64& rng);

int slashCount(const std::vector<Move>& moves);

// A state as text: the top's 12 slots, `/`, the bottom's 12 slots (square1.hpp's slot order), `/`,
// then `s` when the middle layer is as solved or `f` when flipped. Each slot names its piece:
// corners A-H (UBR UFR UFL UBL DFR DBR DBL DFL, twice: one letter per half), edges 1-8 (UB UR
// UF UL DR DB DL DF). Solved: "1AA2BB3CC4DD/EE5FF6GG7HH8/s".
std::string encode(const State& state);
// The state `text` writes ("" reads as solved), or nullopt with `error` naming the column and
// what is wrong: a piece missing or repeated, a corner's halves apart or in two layers.
std::optional<State> decode(std::string_view text, std::string& error);

// A state as a person reads it off the puzzle, piece by piece by their colours: the top layer,
// `/`, the bottom layer, `/`, the middle. A layer is its pieces clockwise from slot 0
// (square1.hpp's order), apart by spaces, each its colours as face letters (U D F R B L): its top
// or bottom sticker's, then its sides' clockwise (an edge one side, a corner two); `*` before a
// layer's first piece puts that corner across the cut, its first half in the slot before slot 0.
// The middle is the face whose colour its right half shows at the front: F as solved, B turned
// over. Solved: "UB UBR UR URF UF UFL UL ULB / DFR DR DRB DB DBL DL DLF DF / F".
std::string writePieces(const State& state);
// One piece as writePieces writes it, wherever it lies: "UBR", "DF".
std::string pieceColours(int piece);
struct PiecesReading {
  std::optional<State> state;  // nullopt when the text names no state
  std::string error;           // what is wrong, naming the piece and why
  int column = 0;              // where (1-based), 0 for the whole text
};
PiecesReading readPieces(std::string_view text);

}  // namespace polytwist::square1
