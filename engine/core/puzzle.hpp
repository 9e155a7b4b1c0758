// The generic puzzle model. A puzzle is declared as data (PuzzleSpec: faces, pieces named by their
// stickers, moves as sticker cycles) and compiled into a Puzzle: orbits of pieces with
// orientations, and each move as "position i receives the piece from position from[i], whose
// orientation grows by twist[i]". Nothing here knows any particular puzzle.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/big_count.hpp"

namespace polytwist {

class PermutationGroup;

// Which permutations of an orbit's pieces are reachable.
enum class PermutationRule {
  Any,           // every permutation
  Even,          // even permutations only
  Fixed,         // the pieces never leave their places (e.g. Pyraminx tips and axial centres)
  SameParityAs,  // parity equals the parity of another orbit (cube corners and edges)
};

struct FaceSpec {
  std::string name;    // "U", "BL": used in sticker names such as "BL3"
  char letter;         // the face's one character in facelet strings
  int stickers;        // stickers on this face; numbering is face by face, in declaration order
  std::string colour;  // CSS colour of the solved face
};

struct OrbitSpec {
  std::string name;                 // singular noun for messages: "corner", "edge"
  std::vector<std::string> pieces;  // each piece as its stickers in orientation order: "U3 R0 F1"
  int orientations = 1;             // divides the number of stickers of each piece
  PermutationRule permutation = PermutationRule::Any;
  bool orientationSumZero = false;  // orientations sum to 0 modulo `orientations`
  std::string parityOrbit = {};     // with SameParityAs: the other orbit's name (declared earlier)
  std::vector<std::string> names = {};  // piece names for messages (default: their faces, "URF")
  // Indistinguishable pieces (a 4x4x4's centres of one colour): per piece a class number, pieces
  // with the same number look alike; they must show the same faces in the same order. Empty: all
  // pieces differ. States that differ only by which of them is where (with the same orientations)
  // are one position: the count divides by the factorial of each class size, isSolved and
  // samePosition compare classes, a colouring may show them in any order, and permutation parity
  // rules stop restricting such an orbit (swapping two of them changes its parity for free).
  std::vector<int> identical = {};
};

struct PowerSpec {
  int power;           // how many times the base turn is applied
  std::string suffix;  // "", "2", "'", "2'"
};

struct MoveSpec {
  std::string name;                 // base name: "U"
  std::vector<std::string> cycles;  // sticker cycles of the base turn: "U0 U1 U3 U2"
  std::vector<PowerSpec> powers;    // which powers are moves of the puzzle, each counting one
};

// A move written with the puzzle's own moves and whole-puzzle rotations, accepted on input and
// resolved into those moves (a cube's wide turns, slices and rotations around fixed centres):
// `turns` are applied, then the whole puzzle turns by `rotation`, so that the moves written after
// it are seen in the new frame (after x on a cube, U means the face that was F).
struct DerivedMoveSpec {
  std::string name;               // base name: "M", "Rw", "x"
  std::string turns;              // the puzzle's move names, space separated: "R L'"; may be empty
  std::string rotation;           // symmetry names with optional suffix 2, ' or 2': "x'", "y' x y"
  std::vector<PowerSpec> powers;  // negative powers apply the inverse: {-1, "'"}
};

// A distance table over a product of coordinates, used as an IDA* heuristic or, when it covers the
// whole puzzle, for table descent and God's number.
struct CoordinateSpec {
  std::string orbit;
  std::vector<int> pieces =
      {};                    // tracked pieces (empty = all); orientation-only coordinates need all
  bool positions = true;     // track where the pieces are
  bool orientations = true;  // track their orientations
  // With positions: only which positions the pieces occupy, not which piece is where (C(n,k)
  // values, e.g. the 495 places of the cube's four middle-layer edges); needs orientations off.
  bool unordered = false;
  // Unordered, in labelled groups: which group's piece stands in each position. `pieces` lists
  // the groups one after the other and these are their sizes (empty: one group). The cube's
  // edges by slice, {4, 4, 4}, have 12!/(4!·4!·4!) = 34,650 values.
  std::vector<int> groupSizes = {};
  // Confined: the positions (of the orbit) the pieces stay among. With as many positions as
  // pieces, the value says which piece each of them holds (k! values: the order of a block's own
  // pieces in the block); with more, where each piece is among them (m!/(m-k)! values for m
  // positions), or unordered, which of them each group holds (C(m, k) for one group: a 4x4x4's
  // four centres of a colour among the eight of an axis, 70 values). A state with a tracked piece
  // elsewhere is outside: it ranks as the coordinate's size. Every move of a move table must keep
  // these positions among themselves. Empty: the whole orbit.
  std::vector<int> confinedTo = {};
};

struct TableSpec {
  std::string name;
  std::vector<CoordinateSpec> coordinates;
  int bitsPerEntry = 2;                      // 2 (distance mod 3) or 4 (exact distance, < 15)
  std::vector<std::string> symmetries = {};  // also look the table up in these frames
  std::vector<std::string> moves = {};       // base moves the BFS uses (empty: all)
  // Above 0 (4 bits per entry, at most 13): a partial table, whose BFS stops at this depth. An
  // entry beyond it reads as maxDepth + 1, still a lower bound: a search's heuristic built in a
  // fraction of the whole table's time (the Pyraminx's first scramble waits for it).
  int maxDepth = 0;
};

// Pieces whose orientation relative to a partner orbit only their own moves change, each of those
// moves touching one piece (Pyraminx tips against the axial centres). Distances then split: the
// rest of the puzzle without these moves, plus each piece's own distance. Checked when compiled.
struct SeparableSpec {
  std::string orbit;               // "tip"
  std::string relativeTo;          // "centre": same size; every other move turns both alike
  std::vector<std::string> moves;  // base names of the moves that turn these pieces alone
  std::string label;               // plural for messages and answers: "tips"
};

// A pattern database for the optimal-search kernel (search/symmetric_table.hpp): the `reduced`
// coordinates by the symmetries `symmetries` generate (words over the names of the puzzle's
// rotations and reflections: "y", "x2", "mirrorLR"), times the `plain` coordinates, which each
// symmetry must map onto themselves alone. Looked up in every frame the table's symmetries do not
// already cover.
struct SymmetricTableSpec {
  std::string name;
  std::vector<CoordinateSpec> reduced;
  std::vector<CoordinateSpec> plain;
  std::vector<std::string> symmetries;
};

// A pattern database in the H48 style (search/projected_table.hpp): the classes of a symmetric
// table's coordinates, each entry refined by the orientations at the first `positions` positions
// of `orbit` as the class representative sees them, stored in 2 bits relative to `base`.
struct ProjectedTableSpec {
  SymmetricTableSpec classes;  // reduced and plain coordinates, and the symmetries
  std::string orbit;           // whose orientations refine the entries
  int positions = 0;           // how many of its first positions
  int base = 0;
  int shortDepth = 0;  // the build's BFS depth over the exact coordinate before going depth-first
};

// A named set of tables for the optimal-search kernel: symmetric tables (followed along moves,
// mod 3), or one projected table looked up for the position and its inverse, with small exact
// tables (`fallback`, 4 bits) for the entries that only say "at most base".
struct TableSetSpec {
  std::string name;
  std::vector<SymmetricTableSpec> tables = {};
  std::optional<ProjectedTableSpec> projected = {};
  std::vector<TableSpec> fallback = {};
};

// TableDescent: one whole-puzzle table. IdaStar: IDA* over `tables`. SymmetricIdaStar: the
// optimal-search kernel (search/optimal_search.hpp) over one of `tableSets`.
enum class SolverKind { TableDescent, IdaStar, SymmetricIdaStar };

// The fast (multi-phase) solver of a puzzle that has one: the generic one over its declared
// phases (search/two_phase.hpp), or one of its own where phases over coordinates do not fit
// (puzzles/fast_solver.hpp).
enum class FastSolverKind { Phases, Cube4Reduction };

// One goal of a phase of a multi-phase ("fast", not optimal) solver (search/two_phase.hpp). Its
// coordinate is at a goal at every value the next phase's moves (those this phase has too) reach
// from the solved state's: a coset the later phases can solve, found by breadth-first search.
struct PhaseGoalSpec {
  enum class Kind {
    Oriented,    // every piece of the orbit has orientation 0
    InPlaces,    // the listed pieces occupy their own positions, in any order
    Coordinate,  // `coordinate` (search/coordinate.hpp) at a goal value
  } kind;
  std::string orbit;
  std::vector<int> pieces = {};  // with InPlaces: the pieces (numbers within the orbit)
  CoordinateSpec coordinate = {};
};

// Permutation parities that must add up to even at a phase's goal (a 4x4x4's wing parity before
// its wings are paired): per term, the pieces at `positions` of the orbit (empty: all) read as a
// permutation of those positions' own pieces. A phase's goal is not met while one of those pieces
// is elsewhere.
struct ParityTerm {
  std::string orbit;
  std::vector<int> positions = {};
};

// A phase: reach its goal using only its moves. The last phase's goal is the solved puzzle: with
// no goal declared, its coordinates are the order of the pieces in each block of positions its
// moves keep (checked when the solver is built); declared, they must decide the solved state.
struct PhaseSpec {
  std::string name;
  std::vector<std::string> moves = {};   // move names ("U", "R2"); empty: every move
  std::vector<PhaseGoalSpec> goal = {};  // empty: solved
  // Pattern tables, each one goal or a pair (indices into `goal`); empty: every pair of goals
  // whose table is small enough, and each goal in no such pair alone.
  std::vector<std::vector<int>> tables = {};
  std::vector<ParityTerm> evenParity = {};
  // The most moves this phase may take (0: no limit; the last phase of two: 12).
  int maxMoves = 0;
};

// Another notation of the same moves, chosen by name where moves are read or written (docs/api.md):
// other names for some faces (megaminx-style "FL" for the Kilominx's DL), or, for a puzzle with a
// reference piece, seed 001's moving frame: after each move that moves the reference piece the
// whole puzzle is turned back, and later names mean the faces where they are after that turn.
struct NotationSpec {
  std::string name;
  std::string description;
  std::vector<std::pair<std::string, std::string>> faceNames = {};  // {its name, the puzzle's}
  bool referenceFrame = false;
};

// How pictures draw the puzzle (render/picture.hpp): the solid its stickers lie on, in the
// puzzle's own sticker numbering. Space: +y up, +z towards the viewer, +x to the right.
struct PictureSpec {
  // Derived: the stickers and net of the puzzle's geometry (PuzzleSpec::geometry).
  enum class Solid { None, Tetrahedron, Cuboid, Dodecahedron, Derived };
  Solid solid = Solid::None;
  // Tetrahedron (corners U on top, L front left, R front right, B at the back): per face, its
  // corners as it is read (apex, bottom left, bottom right), e.g. "ULR"; each face has rows of
  // 1, 3, 5, … triangles from the apex.
  std::vector<std::string> tetrahedronFaces = {};
  // Cuboid: stickers along x, y and z. Faces are named U D F B L R and read row by row as they
  // lie in the usual cross net (U's last row meets F's first).
  std::array<int, 3> cuboid = {0, 0, 0};
  // Cuboid nets: each face's top-left cell, in face order (empty: the cross, U above F).
  std::vector<std::pair<int, int>> netCells = {};
  // Dodecahedron: per face, its outward direction (azimuth from +z towards −x, elevation) in
  // degrees, and its neighbours clockwise seen from outside; sticker i is the corner it shares
  // with neighbours i and i+1. The net draws the first and last faces' flowers.
  std::vector<std::pair<double, double>> faceDirections = {};
  std::vector<std::array<std::string, 5>> rings = {};
  // The isometric view: where the eye is (azimuth, elevation in degrees).
  double azimuth = 30;
  double elevation = 30;
};

struct PuzzleSpec {
  std::string id;
  std::string name;
  std::vector<FaceSpec> faces;
  std::vector<OrbitSpec> orbits;
  std::vector<MoveSpec> moves;
  // Whole-puzzle symmetries (rotations) as sticker cycles, for conjugated table lookups.
  std::vector<std::pair<std::string, std::vector<std::string>>> symmetries;
  // Mirror images as sticker cycles. A reflection reverses the order of each piece's stickers, so
  // it is no State; with the rotations it generates the group of search/symmetry.hpp.
  std::vector<std::pair<std::string, std::vector<std::string>>> reflections = {};
  // For SymmetricIdaStar: the table sets, the first being the default.
  std::vector<TableSetSpec> tableSets = {};
  SolverKind solver = SolverKind::IdaStar;
  std::vector<TableSpec> tables;  // TableDescent uses the first, which must cover the puzzle
  std::optional<SeparableSpec> separable;
  // Moves accepted on input besides `moves`, never searched (see DerivedMoveSpec).
  std::vector<DerivedMoveSpec> derivedMoves = {};
  // What a sticker of no piece is called in colouring errors ("centre" on a 3x3x3).
  std::string fixedStickerNoun = "fixed sticker";
  // Move names the puzzle refuses, with the reason shown to the user (e.g. a jamming turn).
  std::vector<std::pair<std::string, std::string>> rejectedMoves;
  bool hasDistanceTable = false;  // the whole state space is small enough for `godsnumber`
  // Random states closer to solved than this (not counting separable pieces) are drawn again.
  int scrambleMinDistance = 0;
  // When > 0, scrambles are this many random moves instead of a random state: for puzzles whose
  // random states no solver of polytwist yet turns into a sequence quickly (the Kilominx).
  int scrambleMoves = 0;
  // Whole-puzzle rotations (names of `symmetries`, space separated) that nothing on the puzzle
  // marks, so positions that differ by the rotations they generate are one position (the Domino
  // turned about its U-D axis; the Kilominx, which has no fixed centres, turned any way): every
  // rotation of the solved state counts as solved. Whole-puzzle tables (one generator only) hold
  // each position once.
  std::string unmarkedRotation = {};
  // With unmarked rotations: the piece (a name from its orbit's `names`) that optimal searches
  // keep in place, turning the whole puzzle back after each move that moves it
  // (search/reference_frame.hpp). `tableSets` then describe the puzzle without that piece.
  std::string referencePiece = {};
  // Non-empty for puzzles whose stickers carry these symbols (given per request, see
  // core/labels.hpp) and are solved when each face shows distinct ones (the Numbered Pyraminx).
  std::string labelSymbols = {};
  // Non-empty for puzzles with a fast multi-phase solver (Kociemba's two-phase for the 3x3x3).
  std::vector<PhaseSpec> phases = {};
  FastSolverKind fastSolver = FastSolverKind::Phases;
  // Its target when a request names none (TwoPhaseOptions::maxLength): the first solution of at
  // most this many moves.
  int fastTarget = 21;
  std::vector<NotationSpec> notations = {};
  // Named stickering masks, {name, mask} (core/stickering.hpp): the sets speedcubers use, the
  // 3x3x3's {"OLL", "grey: all; show: U"}, …; none for most puzzles.
  std::vector<std::pair<std::string, std::string>> stickerings = {};
  PictureSpec picture = {};
  // For puzzles derived from geometry: the orbits' `permutation`, `parityOrbit` and
  // `orientationSumZero` are computed from the moves instead of read (Fixed when no move moves
  // the orbit's pieces, Even when every move is even on it, SameParityAs the first earlier orbit
  // on which every move has the same parity, else Any; the orientation sum rule when every move
  // keeps the sum). Then the moves' permutation group (Puzzle::group()) is compared with these
  // rules, and when they allow more positions than the moves reach (a Skewb, a Helicopter),
  // checkReachable and the colouring reader also sift through the group and randomState draws
  // from it; stateCountText is the group's count.
  bool deriveRules = false;
  // The description the puzzle is derived from (geometry/description.hpp, docs/geometry.md), or
  // "" for a puzzle declared sticker by sticker.
  std::string geometry = {};
  // For a puzzle declared sticker by sticker: the description whose derived puzzle it is under
  // one relabelling of the stickers (moves of the same names; geometry/relabel.hpp), so the 3D
  // player draws it from that geometry in this puzzle's numbering; "" when none describes it.
  std::string description = {};
  // The notation (one of `notations`) whose face names are the description's, when they are not
  // this puzzle's (the Kilominx's faces named as on a Megaminx): its faceNames pair the
  // description's turns of one face with this puzzle's. "" when the names are the same.
  std::string descriptionNotation = {};
};

// A position: pieces[i] is the piece at position i (orbits concatenated, piece numbers local to
// their orbit); ori[i] its orientation. Moves and symmetries are States too; the solved state is
// the identity, and applying move m to s is compose(s, m).
struct State {
  std::vector<std::uint8_t> pieces;
  std::vector<std::uint8_t> ori;
  bool operator==(const State&) const = default;
};

struct Orbit {
  std::string name;
  int size = 0;
  int orientations = 1;
  int stickersPerPiece = 1;
  int offset = 0;  // first position of this orbit in a State
  PermutationRule permutation = PermutationRule::Any;
  bool orientationSumZero = false;
  int parityOrbit = -1;
  std::vector<std::vector<int>> facelets;  // per position, its stickers in orientation order
  std::vector<std::string> pieceNames;     // "URF": the faces of the piece's stickers
  // Per piece, the first piece it is identical to (itself for a piece like no other), and
  // whether any two pieces of the orbit are identical (OrbitSpec::identical).
  std::vector<int> identicalClass;
  bool hasIdentical = false;
  int slotOffset = 0;  // first (position, orientation) slot of this orbit (Puzzle::slotOf)
};

struct Move {
  std::string name;  // "U2'"
  int base = 0;      // index of the base turn; moves of one base form a group (never repeated)
  int power = 1;
  State effect;
};

// A derived move compiled: its turns (indices into moves()) and the rotation that follows them.
struct DerivedMove {
  std::string name;  // base name
  std::vector<int> turns;
  State rotation;
};

// Which random moves a random-move scramble refuses (Puzzle::randomMoves).
enum class RandomMoveRule {
  NoBaseTwiceInARow,  // a turn of the base just turned
  // Also a turn of a base turned among the moves before it that commute with it, walking back
  // from the last: on a cube, within the run of turns about one axis, no cut turned twice
  // (TNoodle's rule for the WCA's big cubes: R L R' and R Rw R are refused, R Rw L is not).
  NoBaseTwiceAmongCommuting,
};

struct Symmetry {
  std::string name;
  State effect;
  std::vector<int> moveMap;  // move m, seen in the symmetric frame, is move moveMap[m]
};

class Puzzle {
 public:
  // Throws std::invalid_argument with a description when the spec is inconsistent (a programming
  // error in a puzzle definition, caught by the unit tests of every puzzle).
  explicit Puzzle(PuzzleSpec spec);

  const PuzzleSpec& spec() const { return spec_; }
  const std::string& id() const { return spec_.id; }
  const std::vector<Orbit>& orbits() const { return orbits_; }
  const std::vector<Move>& moves() const { return moves_; }
  const std::vector<Symmetry>& symmetries() const { return symmetries_; }
  int baseCount() const { return static_cast<int>(spec_.moves.size()); }
  bool basesCommute(int a, int b) const { return commute_[a * baseCount() + b]; }
  int inverseMove(int move) const { return inverse_[move]; }
  // The separable orbit (or -1), and whether a move is one of its own.
  int separableOrbit() const { return separableOrbit_; }
  bool isSeparableMove(int move) const { return separableMove_[move]; }
  // Orientation of separable piece i relative to its partner.
  int relativeOrientation(const State& s, int piece) const;
  int orbitIndex(std::string_view name) const;  // -1 when absent
  int positionCount() const { return positionCount_; }
  int faceletCount() const { return static_cast<int>(faceletFace_.size()); }
  int faceOfFacelet(int facelet) const { return faceletFace_[facelet]; }
  std::string faceletName(int facelet) const;
  // The position and slot that owns a sticker; position -1 for stickers of no piece (fixed).
  std::pair<int, int> faceletOwner(int facelet) const { return faceletOwner_[facelet]; }
  std::optional<int> findMove(std::string_view name) const;
  const std::vector<DerivedMove>& derivedMoves() const { return derived_; }
  // A derived move's token ("M2'"): which derived move and its signed power; nullopt if none.
  std::optional<std::pair<int, int>> findDerivedMove(std::string_view name) const;
  // The move `move` names when the puzzle has been turned by `frame` (a product of symmetries):
  // the move of the place where that face now is. -1 when it is no move (a frame that is no
  // symmetry of the moves).
  int moveInFrame(const State& frame, int move) const;
  // Exact count of reachable positions (modulo the unmarked rotation and identical pieces), in
  // decimal: ruleCount(), or with PuzzleSpec::deriveRules reachableCount() (which builds the
  // moves' group on first use).
  std::string stateCountText() const;
  // The positions the orbits' rules allow (orientation sums, permutation parities, identical
  // pieces), modulo the unmarked rotation.
  BigCount ruleCount() const;
  // The positions the moves reach, from the order of their group: |G| / (|G ∩ H| · |G ∩ R|) for
  // the relabellings H of identical pieces and the unmarked rotations R (assuming, as on real
  // puzzles, that no non-trivial relabelling equals a state turned by a rotation). Builds the
  // group on first use; throws std::invalid_argument for identical pieces whose analysis fails
  // (three identical pieces of one class that no sequence of moves cycles alone).
  BigCount reachablePositions() const;
  std::string reachableCount() const { return reachablePositions().toString(); }

  // The index of the (first) unmarked rotation in symmetries(), or -1.
  int unmarkedRotation() const { return unmarkedRotation_; }
  // The solved state and its turns by the unmarked rotations: the positions that count as solved.
  const std::vector<State>& solvedStates() const { return solvedStates_; }
  bool isSolved(const State& s) const;
  // Whether two states are one position held differently (equal up to the unmarked rotation)
  // or with identical pieces interchanged.
  bool samePosition(const State& a, const State& b) const;
  // Whether two states show the same: equal but for which identical piece is where.
  bool sameLook(const State& a, const State& b) const;
  bool hasIdenticalPieces() const { return hasIdentical_; }
  // Interchanges identical pieces of `s` (a permutation in each orbit) so that it meets the
  // orbits' permutation rules when some interchange does: Fixed orbits' pieces back to their own
  // numbers, and the parities of orbits with identical pieces made to agree with Even and
  // SameParityAs. The position is unchanged. Nothing to do without identical pieces.
  void relabelIdenticalForRules(State& s) const;
  // The moves searches follow: all but those that equal an earlier move followed by a turn of
  // the whole puzzle (the Domino's D is U and a turn), which reach no other position.
  bool isSearchMove(int move) const { return searchMove_[move]; }

  State solved() const;
  State compose(const State& a, const State& b) const;
  State inverse(const State& s) const;
  void applyMove(State& s, int move) const { s = compose(s, moves_[move].effect); }
  State applySequence(State s, const std::vector<int>& moves) const;

  std::string facelets(const State& s) const;  // one face letter per sticker
  // Per sticker position, the sticker (numbered as in the solved state) that shows there.
  std::vector<int> faceletSources(const State& s) const;
  // Empty when the state is a reachable position, else what is wrong.
  std::optional<std::string> checkReachable(const State& s) const;
  // Random draws go through uniformBelow (core/random.hpp): one generator, one result, on every
  // build. A uniformly random reachable state (from the rules, or with deriveRules and rules
  // that allow more, a uniformly random element of the moves' group).
  State randomState(std::mt19937_64& rng) const;
  // `length` random moves, each drawn uniformly from `among` (indices into moves(); empty: every
  // move) and drawn again while `rule` refuses it (seed 001's scrambles: never two of one base in
  // a row).
  std::vector<int> randomMoves(std::mt19937_64& rng, int length,
                               RandomMoveRule rule = RandomMoveRule::NoBaseTwiceInARow,
                               std::span<const int> among = {}) const;

  // Text for the JS API: per orbit its pieces, '.', their orientations; orbits joined by '-'
  // ("0123456.0000000"). One character per value below 36 ("0"-"9", "a"-"z"); a value v from 36
  // to 255 takes two, 'A' + (v-36)/36 and the digit of (v-36) mod 36 ("A0" = 36, "G3" = 255), so
  // the text of small orbits is as it always was. Parse returns nullopt on any malformed input.
  std::string encodeState(const State& s) const;
  std::optional<State> decodeState(std::string_view text) const;

  // The moves' permutation group on (position, orientation) slots: position p of an orbit with
  // n orientations has the slots slotOf(p, 0..n-1), and a state maps slot (p, o) to
  // (s.pieces[p], o + s.ori[p]): slotPermutation(compose(a, b)) = a's perm ∘ b's perm.
  int slotCount() const { return slotCount_; }
  int slotOf(int position, int orientation) const { return slotBase_[position] + orientation; }
  std::pair<int, int> slotPosition(int slot) const;  // (position, orientation)
  std::vector<int> slotPermutation(const State& s) const;
  // The state of a slot permutation; nullopt when it moves slots in a way no state does.
  std::optional<State> stateOfSlotPermutation(const std::vector<int>& perm) const;
  // The group the moves generate, built once on first use (thread-safe): about 10 ms for a
  // 7x7x7 or a Gigaminx, 0.2 s for an 11x11x11 (native).
  const PermutationGroup& group() const;
  // Whether the rules describe exactly the positions the moves reach: true unless deriveRules
  // and ruleCount() exceeds reachablePositions() (which this then builds).
  bool rulesAreExact() const;
  // A state that shows the position of `s` (turned by an unmarked rotation, identical pieces
  // interchanged) and is an element of group(); else nullopt and the position at which the
  // sift that got furthest failed.
  struct GroupSift {
    std::optional<State> state;
    int position = -1;
  };
  GroupSift siftPosition(const State& s) const;

 private:
  struct GroupData;
  const GroupData& groupData() const;
  void buildGroupData(GroupData& data) const;
  std::vector<std::uint8_t> twinParities(const GroupData& data, const std::vector<int>& perm) const;
  void deriveRules();
  std::optional<std::string> checkRules(const State& s) const;
  State effectOfCycles(const std::vector<std::string>& cycles, bool allowFixedStickersToMove,
                       const std::string& what) const;
  int faceletByName(std::string_view name, const std::string& what) const;
  void compileSeparable();
  void compileUnmarkedRotation();
  void compileDerivedMoves();

  PuzzleSpec spec_;
  std::vector<Orbit> orbits_;
  std::vector<Move> moves_;
  std::vector<Symmetry> symmetries_;
  std::vector<DerivedMove> derived_;
  std::vector<std::pair<std::string, std::pair<int, int>>> derivedTokens_;  // "M2" -> (M, 2)
  std::vector<bool> commute_;
  std::vector<int> inverse_;
  int separableOrbit_ = -1;
  int separablePartner_ = -1;
  std::vector<bool> separableMove_;
  int unmarkedRotation_ = -1;
  std::vector<State> solvedStates_;
  std::vector<bool> searchMove_;
  std::vector<int> faceletFace_;
  std::vector<std::pair<int, int>> faceletOwner_;
  int positionCount_ = 0;
  bool hasIdentical_ = false;
  std::vector<int> slotBase_;  // per position, its first slot
  int slotCount_ = 0;
  // Built on first use; shared by copies of the puzzle (the spec is the same).
  std::shared_ptr<GroupData> group_;
};

}  // namespace polytwist
