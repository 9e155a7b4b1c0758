// Small puzzles and independent reference computations shared by the unit tests.
//
// The fixtures are tiny abstract puzzles declared as data like any catalogue puzzle, small enough
// to enumerate every state with a plain breadth-first search over explicit States (no coordinates,
// no tables), which the tests use as the reference for the engine's tables and searches.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/facelets.hpp"
#include "core/json.hpp"
#include "core/puzzle.hpp"
#include "search/distance_table.hpp"
#include "search/solver.hpp"

namespace fixtures {

// "gear": 864 states = 12 · 2^3 · 3^2. Orbit "edge": 4 two-sticker pieces, 2 orientations
// summing to 0, even permutations only (moves X and Y are 3-cycles, X flipping two of the pieces it
// cycles, Z flips two pieces in place). Orbit "tip": 2 three-sticker pieces that only twist in
// place (Fixed, 3 orientations, no sum rule; moves T and S). Sticker D2 belongs to no piece (a
// fixed sticker).
polytwist::PuzzleSpec gearSpec();
// "linked": 576 states. Orbit "a": 4 one-sticker pieces, any permutation. Orbit "b": 3 two-sticker
// pieces, 2 orientations with no sum rule, permutation parity equal to that of "a" (SameParityAs).
// Moves: M swaps a0 a1 and b0 b1 together, N 3-cycles a1 a2 a3, K 3-cycles the b pieces, L flips
// b2. (4! · 3! / 2) · 2^3 = 576.
polytwist::PuzzleSpec linkedSpec();

// "ring": n two-sticker pieces (faces P and Q, n stickers each; piece i is "Pi Qi") with 2
// orientations and no rules; C moves every piece one place along the ring (C' back), F flips the
// piece at position 0. Piece 0 alone has n places, at distances 0..n/2 around the ring.
polytwist::PuzzleSpec ringSpec(int n);
// "bar": two pieces "A0 B0" and "A1 C0" with 1 orientation for 2 stickers (they never flip); S
// swaps them. 2 states.
polytwist::PuzzleSpec barSpec();

const polytwist::Puzzle& gear();
const polytwist::Puzzle& linked();
const polytwist::Puzzle& cube2();  // the catalogue's

// Every state reachable from `goals`, with its distance to the nearest goal, by BFS over explicit
// States keyed by encodeState. With `maxStates`, the search stops on reaching the first layer by
// which more states are known: `complete` is that layer, `distance` holds every state up to it
// (so a state it lacks is further), `states` and `counts` the layers before it.
struct BruteForce {
  std::vector<polytwist::State> states;  // in BFS order
  std::unordered_map<std::string, int> distance;
  std::vector<std::uint64_t> counts;                                         // states per distance
  int complete = -1;                                                         // see above
  int of(const polytwist::Puzzle& puzzle, const polytwist::State& s) const;  // -1 if unreached
};
BruteForce bruteForce(const polytwist::Puzzle& puzzle, const std::vector<polytwist::State>& goals,
                      std::size_t maxStates = 0);
// Cached single-goal (solved) runs of the fixtures.
const BruteForce& gearStates();
const BruteForce& linkedStates();

// The whole-puzzle spec with the chosen bits per entry.
polytwist::TableSpec wholeSpec(const polytwist::Puzzle& puzzle, int bits);
// cube2's whole table with exact (4-bit) entries, built once.
const polytwist::DistanceTable& cube2Exact();
// cube2's exact distance of a state, from cube2Exact().
int cube2Distance(const polytwist::State& s);

// Random move sequence of the puzzle.
std::vector<int> randomMoves(const polytwist::Puzzle& puzzle, std::mt19937_64& rng, int length);

// The published distance counts of the 2x2x2 in the half-turn metric (OEIS A079761).
inline const std::vector<std::uint64_t> kA079761 = {1,     9,      54,     321,     1847,   9992,
                                                    50136, 227536, 870072, 1887748, 623800, 2644};

// Builds a table that must not be cancelled (REQUIREs success).
polytwist::DistanceTable buildTable(const polytwist::Puzzle& puzzle,
                                    const polytwist::TableSpec& spec,
                                    const std::vector<polytwist::State>& goals);

// Colouring tests by sticker name ("F2"): a sticker's number, the sorted numbers of several, and
// the solved colouring with some stickers given other face letters.
int stickerIndex(const polytwist::Puzzle& puzzle, const std::string& name);
std::vector<int> stickerIndices(const polytwist::Puzzle& puzzle,
                                const std::vector<std::string>& names);
std::string recoloured(const polytwist::Puzzle& puzzle,
                       const std::vector<std::pair<std::string, char>>& changes);
std::vector<int> sorted(std::vector<int> values);
// The error of a colouring that must be refused (checked to be refused, with a message), read as
// validate reads it: turned back by the puzzle's whole turns when it has geometry.
polytwist::FaceletError faceletError(const polytwist::Puzzle& puzzle, const std::string& text);
// Solves `samples` random states (from `seed`): each solution must be as long as `table`'s
// distance of the state and reach a state `isGoal` accepts (both checked).
void checkSolvesAgainstTable(const polytwist::Puzzle& puzzle, polytwist::Solver& solver,
                             const polytwist::DistanceTable& table, int samples, std::uint64_t seed,
                             const std::function<bool(const polytwist::State&)>& isGoal);
bool contains(const std::string& text, const std::string& part);
// An answer's field as text (a string's value, else its JSON); the test stops if it is missing.
std::string field(const polytwist::Json& answer, const char* key);

// Pearson's chi-square statistic of counts that should each be `expected`.
double chiSquare(const std::vector<int>& counts, double expected);
// What a chi-square statistic with `degrees` degrees of freedom exceeds with the probability of
// a normal deviate beyond z (Wilson–Hilferty's approximation): z = 3.09 for p = 0.001,
// kZOneInAMillion for p = 1e-6.
double chiSquareBound(double degrees, double z);
inline constexpr double kZOneInAMillion = 4.753;

// Which of the first `tries` random states drawn from std::mt19937_64(seed) is the position of
// `stateText` (a service answer's "state"), or -1: a random-state scramble of that seed reaches
// the state drawn for it (the first, or a later one when the first was too near solved).
int randomDrawReached(const polytwist::Puzzle& puzzle, std::uint64_t seed,
                      const std::string& stateText, int tries);

}  // namespace fixtures
