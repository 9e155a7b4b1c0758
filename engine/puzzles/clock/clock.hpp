// The Rubik's Clock, a model of its own beside PuzzleSpec's (engine/README.md says why): 14
// dials, each an hour 0-11 (0 = 12 o'clock), that never move; a move adds one amount to the
// dials its pins connect, so states are vectors over Z12 and moves are vectors too. The four pins
// belong to the moves, as in WCA scrambles: a state is the 14 hours alone.
//
// WCA notation (Regulation 12a; TNoodle and cubing.js print it so): `UR3+ DR2- … ALL2+ y2 U1+ …`.
// A move `PINSn+` (n hours clockwise) or `PINSn-` (anticlockwise) puts up the pins it names on
// the side facing (UR, DR, DL, UL: one pin; U, R, D, L: the two on that edge; ALL: four), the
// others down, and turns a wheel by n hours: every dial on the facing side in the quarter round
// an up pin turns, and so does the corner dial behind each such quarter's corner (one axle).
// `y2` turns the clock over (left and right swap); names after it are read on the side then
// facing. Pin names with no amount at the end (`UR DL`) say which pins are left up, seen from the
// side facing.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace polytwist::clock {

inline constexpr const char* kId = "clock";
inline constexpr const char* kName = "Rubik's Clock";
inline constexpr int kHours = 12;
inline constexpr int kDials = 14;
// 12^14 positions.
inline constexpr const char* kStateCount = "1283918464548864";

// dials[0..8]: the front's UL U UR L C R DL D DR as seen from the front; dials[9..13]: the back's
// U L C R D as seen from the back. A back corner is its front corner's axle, seen from behind: it
// shows the negated hour of the front corner on the other side (the back's UL is the front's UR).
using Dials = std::array<std::uint8_t, kDials>;

// A side's nine dials as seen from that side, UL U UR L C R DL D DR: the hours a picture shows.
struct Faces {
  std::array<int, 9> front{};
  std::array<int, 9> back{};
};
Faces facesOf(const Dials& dials);

// Pins as seen from the front, one bit each (UL, UR, DL, DR); a set bit is up on the front, so
// down on the back.
enum Pin : std::uint8_t { kUL = 1, kUR = 2, kDL = 4, kDR = 8 };

struct Move {
  bool back = false;      // turned with the back facing (after an odd number of y2)
  std::uint8_t pins = 0;  // the pins up, seen from the side facing
  int amount = 0;         // hours clockwise seen from the side facing, 0-11
};

// A sequence as read: its moves, in order, and the pins left up at its end (front's view): those
// the notation names after its last move, else those the last move left, else none.
struct Sequence {
  std::vector<Move> moves;
  std::uint8_t pinsUp = 0;
};

struct ReadError {
  std::string message;
  int column = 0;  // 1-based
};

struct ReadResult {
  std::optional<Sequence> sequence;
  ReadError error;
};

// Reads WCA clock notation; an error names the token and its column.
ReadResult readSequence(std::string_view text);

Dials solved();
bool isSolved(const Dials& dials);
// Call as clock::apply: on a std::array, argument-dependent lookup also finds std::apply.
Dials apply(Dials dials, const Move& move);
Dials apply(Dials dials, const Sequence& sequence);

// A state as text: one character 0-9, a or b per dial, in Dials' order ("" reads as solved).
std::string encode(const Dials& dials);
std::optional<Dials> decode(std::string_view text, std::string& error);

// The fourteen moves of a WCA scramble, UR DR DL UL U R D L ALL y2 U R D L ALL, with their
// amounts: these moves' vectors are a basis of Z12^14, so any state is reached by exactly one
// choice of amounts.
std::array<Move, kDials> scrambleMoves(const std::array<int, kDials>& amounts);
// The amounts of the scramble moves that reach `dials` from solved (the inverse basis).
std::array<int, kDials> amountsReaching(const Dials& dials);
// A move as WCA writes it: `UR3+`, `ALL5-`, amounts 7-11 as 5- to 1-, 0 as 0+. Its pins must
// be ones WCA names (every move read or solved has them).
std::string moveText(const Move& move);
// A sequence written with a `y2` before its first back move; zero-amount moves are kept
// (scrambles print all fourteen), unless `skipZero`.
std::string sequenceText(const std::vector<Move>& moves, bool skipZero = false);
// Pin names up (front's view), "UR DL", as the picture's caption and the answers say them.
std::string pinsText(std::uint8_t pinsUp);

// Whether one move (or none) solves `dials`: WCA scrambles need at least two moves to solve.
bool withinOneMove(const Dials& dials);

// A random state as TNoodle draws it: fourteen uniform amounts of the scramble moves (so the
// state is uniform over all 12^14), drawn again while the state is within one move of solved.
std::array<int, kDials> randomScrambleAmounts(std::mt19937_64& rng);

// A short solution (not optimal): the scramble moves with the amounts that undo the state,
// moves of amount 0 left out.
std::vector<Move> solution(const Dials& dials);

}  // namespace polytwist::clock
