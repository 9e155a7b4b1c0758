// A multi-phase solver (Kociemba's two-phase method, and its generalisation to more phases such
// as a 4x4x4's reduction) for puzzles that declare their phases as data (PuzzleSpec::phases):
// each phase reaches its goal with its own moves, the last solves the puzzle. Solutions are short
// but not proven optimal; the search stops at the first whose total length is within a target.
//
// Everything puzzle-specific is derived from the spec (docs/solvers/cube3-two-phase.md); the
// coordinates are search/coordinate.hpp's, with move tables over their phase's moves:
// - the coordinates of each phase's declared goals: the orientations of an orbit ("Oriented"),
//   which positions hold a set of pieces, in any order ("InPlaces": C(n, k) values), or any
//   coordinate ("Coordinate"); a goal is every value the next phase's moves (those the phase
//   has too) reach from the solved state's, so the later phases can go on from there;
// - a last phase without declared goals: coordinates from the blocks of positions its moves keep
//   (the orbits of the positions under those moves): the order of each block's own pieces within
//   it (k! values, a coordinate confined to the block);
// - pattern tables: in each phase, every coordinate times the phase's smallest one (or the pairs
//   the phase names), with exact distances (one byte per entry while built) found by breadth-
//   first search under the phase's moves, from every entry the next phase's moves reach;
// - parity goals (PhaseSpec::evenParity), checked at a phase's goals.
// The first phase is deepened; each of its solutions hands over to the next phase, deepened too,
// and the last phase takes the first solution within what the target leaves.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "search/distance_table.hpp"
#include "search/reference_frame.hpp"

namespace polytwist {

struct TwoPhaseOptions {
  int maxLength = 21;  // stop at the first solution of at most this many moves
  // Above 0: after the first solution, search again for one a move shorter, and again, until
  // this many milliseconds have passed since the start (or none is found); the shortest wins.
  // The first solution is returned even if it took longer.
  double timeMs = 0;
  // Each search for a solution gives up (NotFound, saying so) after this many nodes: phases
  // whose goals the next phase cannot finish would otherwise search for ever. Far above what
  // the catalogue's solvers take (the 3x3x3's, the Kilominx's and the FTO's: a few million at
  // most); half a minute to a minute natively.
  std::uint64_t maxNodes = kDefaultMaxNodes;
  Cancellation cancel = {};
  static constexpr std::uint64_t kDefaultMaxNodes = std::uint64_t{1} << 30;
};

struct TwoPhaseResult {
  enum class Status { Solved, NotFound, Unsolvable, Cancelled, Failed } status;
  std::vector<int> moves;
  int phase1Length = 0;  // the first moves that reach the phase-1 goal (of the variant that won)
  int variant = 0;       // which variant found it: 0 is the position itself as declared
  // The solution as searched: of variantPosition(variant, start), in that variant's frame.
  std::vector<int> searchedMoves;
  std::uint64_t nodes = 0;
  double milliseconds = 0;
  std::string error;  // what went wrong, for the statuses other than Solved
  std::vector<int>
      phaseLengths;  // the moves of each phase, in order (they add up to searchedMoves)
};

class TwoPhaseSolver {
 public:
  static constexpr int kMaxCoordinates = 12;   // per phase
  static constexpr int kMaxLength = 80;        // the longest target a solve accepts
  static constexpr double kMaxTimeMs = 60000;  // the longest time_ms a solve accepts

  // Throws std::invalid_argument when the puzzle declares no two phases or they do not fit this
  // method (a programming error in a puzzle definition, caught by its unit tests).
  explicit TwoPhaseSolver(const Puzzle& puzzle);
  ~TwoPhaseSolver();

  // Builds the move and pattern tables (once); false when memory for them cannot be had.
  bool prepare();
  double buildMilliseconds() const { return buildMilliseconds_; }
  TwoPhaseResult solve(const State& start, const TwoPhaseOptions& options = {});
  int variantCount() const { return static_cast<int>(variants_.size()); }
  // The position a variant searches for a start: the start (turned so the puzzle's reference
  // piece, if it has one, is home) or its inverse, seen rotated.
  State variantPosition(int variant, const State& start) const;
  int phaseCount() const;
  // Whether a state has reached the goal of a phase (the last: solved).
  bool reachedGoal(int phase, const State& state) const;

  struct TableInfo {
    std::string name;
    std::uint32_t entries;
    int maxDistance;
    std::uint64_t goals;  // entries at distance 0: the goal's values (its coset)
  };
  std::vector<TableInfo> tableInfo() const;  // after prepare()

  struct PhaseCoordinate;
  struct Table;
  struct Phase;

 private:
  struct Search;
  using Clock = std::chrono::steady_clock;
  // One search for a solution within options.maxLength; with a deadline, it gives up (NotFound)
  // when the deadline passes.
  TwoPhaseResult solveOnce(const State& start, const TwoPhaseOptions& options,
                           const Clock::time_point* deadline);
  void flatMove(int move, const std::uint8_t* pieces, const std::uint8_t* ori,
                std::uint8_t* toPieces, std::uint8_t* toOri) const;
  void addVariants();
  State homed(const State& start) const;  // turned so the reference piece is home
  bool buildPatternTable(const Phase& phase, Table& table);
  bool parityHolds(const Phase& phase, const std::uint8_t* pieces) const;
  // Renumbers identical pieces (the same position): each one at a home of its kind takes that
  // home's number, the others the numbers left, in the order of their positions.
  void numberIdentical(std::uint8_t* pieces) const;

  const Puzzle& puzzle_;
  int positions_ = 0;
  std::vector<std::uint8_t> moveFrom_;        // per move and position: the source position
  std::vector<std::uint8_t> moveTwist_;       // per move and position: the orientation added
  std::vector<std::uint8_t> orientationsAt_;  // per position: its orbit's orientation count
  // Each kind of two or more identical pieces: its orbit's first position and size, and its
  // pieces (a mask; their numbers in the orbit are their homes). numberIdentical() lets a phase's
  // coordinates track by number the pieces of a kind not left at home by the phases before.
  struct IdenticalKind {
    int offset;
    int size;
    std::uint32_t members;
  };
  std::vector<IdenticalKind> identicalKinds_;
  // The searches one solve runs side by side, depth by depth (as fast two-phase solvers do): the
  // position seen through each whole-puzzle rotation that gives phase 2 other moves (for the
  // 3x3x3, the U-D, R-L and F-B axes), and each of those for the inverse position too.
  struct Variant {
    State rotation;      // S: the searched position is S^-1 X S (X the start or its inverse)
    State undoRotation;  // S^-1
    std::vector<int> originalMove;  // per move of the searched frame: the same move of the start
    bool inverse = false;
  };
  std::vector<Variant> variants_;
  std::vector<Phase> phases_;
  // A puzzle without fixed centres (the Kilominx) is searched turned so that its reference piece
  // is home, where phases whose moves leave that piece alone keep it.
  std::unique_ptr<ReferenceFrame> frame_;
  bool prepared_ = false;
  double buildMilliseconds_ = 0;
};

}  // namespace polytwist
