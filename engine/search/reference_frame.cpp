#include "search/reference_frame.hpp"

#include <algorithm>
#include <stdexcept>

namespace polytwist {

namespace {

// The reference piece's orbit and number within it.
std::pair<int, int> findReference(const Puzzle& puzzle) {
  const std::string& name = puzzle.spec().referencePiece;
  if (puzzle.spec().unmarkedRotation.empty() || name.empty()) {
    throw std::invalid_argument(puzzle.id() + ": a reference frame needs unmarked rotations and " +
                                "a reference piece");
  }
  for (int o = 0; o < static_cast<int>(puzzle.orbits().size()); ++o) {
    const auto& names = puzzle.orbits()[o].pieceNames;
    for (int p = 0; p < static_cast<int>(names.size()); ++p) {
      if (names[p] == name) return {o, p};
    }
  }
  throw std::invalid_argument(puzzle.id() + ": no piece named " + name);
}

int referencePosition(const Puzzle& puzzle) {
  const auto [orbit, piece] = findReference(puzzle);
  return puzzle.orbits()[orbit].offset + piece;
}

// The unmarked rotation after which the piece at home in `position` is back there, untwisted.
const State& homingRotation(const Puzzle& puzzle, int position, int piece, const State& state) {
  for (const State& rotation : puzzle.solvedStates()) {
    const State turned = puzzle.compose(state, rotation);
    if (turned.pieces[position] == piece && turned.ori[position] == 0) return rotation;
  }
  throw std::invalid_argument(puzzle.id() + ": no unmarked rotation brings the reference back");
}

// A state's sticker permutation as cycles of sticker names ("U0 F1 L2"), as specs write them.
std::vector<std::string> stickerCycles(const Puzzle& puzzle, const State& state) {
  const std::vector<int> sources = puzzle.faceletSources(state);
  std::vector<int> to(sources.size());
  for (std::size_t p = 0; p < sources.size(); ++p) to[sources[p]] = static_cast<int>(p);
  std::vector<std::string> cycles;
  std::vector<bool> done(to.size(), false);
  for (std::size_t start = 0; start < to.size(); ++start) {
    if (done[start] || to[start] == static_cast<int>(start)) continue;
    std::string cycle;
    for (int f = static_cast<int>(start); !done[f]; f = to[f]) {
      done[f] = true;
      if (!cycle.empty()) cycle += ' ';
      cycle += puzzle.faceletName(f);
    }
    cycles.push_back(std::move(cycle));
  }
  return cycles;
}

}  // namespace

PuzzleSpec ReferenceFrame::fixedSpec(const Puzzle& puzzle) {
  const auto [orbitIndex, piece] = findReference(puzzle);
  const int position = puzzle.orbits()[orbitIndex].offset + piece;
  PuzzleSpec spec = puzzle.spec();
  spec.unmarkedRotation.clear();
  spec.referencePiece.clear();
  spec.derivedMoves.clear();
  spec.phases.clear();
  OrbitSpec& orbit = spec.orbits[orbitIndex];
  orbit.pieces.erase(orbit.pieces.begin() + piece);
  if (!orbit.names.empty()) orbit.names.erase(orbit.names.begin() + piece);
  // Each base turn followed by the rotation that brings the reference piece home.
  for (std::size_t base = 0; base < spec.moves.size(); ++base) {
    const Move* turn = nullptr;
    for (const Move& move : puzzle.moves()) {
      if (move.base == static_cast<int>(base) && move.power == 1) turn = &move;
    }
    if (!turn) throw std::invalid_argument(puzzle.id() + ": a reference frame needs power 1");
    spec.moves[base].cycles = stickerCycles(
        puzzle,
        puzzle.compose(turn->effect, homingRotation(puzzle, position, piece, turn->effect)));
  }
  // The symmetries that keep the reference piece's place (they may turn it).
  spec.symmetries.clear();
  for (std::size_t s = 0; s < puzzle.symmetries().size(); ++s) {
    if (puzzle.symmetries()[s].effect.pieces[position] == piece) {
      spec.symmetries.push_back(puzzle.spec().symmetries[s]);
    }
  }
  std::vector<std::string> ownStickers;
  for (int f : puzzle.orbits()[orbitIndex].facelets[piece]) {
    ownStickers.push_back(puzzle.faceletName(f));
  }
  const auto isOwn = [&](const std::string& name) {
    return std::find(ownStickers.begin(), ownStickers.end(), name) != ownStickers.end();
  };
  std::erase_if(spec.reflections, [&](const auto& reflection) {
    for (const std::string& cycle : reflection.second) {
      std::size_t own = 0, words = 0;
      std::size_t begin = 0;
      while (begin < cycle.size()) {
        std::size_t end = cycle.find(' ', begin);
        if (end == std::string::npos) end = cycle.size();
        if (end > begin) {
          ++words;
          own += isOwn(cycle.substr(begin, end - begin));
        }
        begin = end + 1;
      }
      if (own > 0 && own != words) return true;
    }
    return false;
  });
  return spec;
}

ReferenceFrame::ReferenceFrame(const Puzzle& puzzle)
    : puzzle_(puzzle),
      orbit_(findReference(puzzle).first),
      position_(referencePosition(puzzle)),
      piece_(findReference(puzzle).second),
      fixed_(fixedSpec(puzzle)) {
  // For each piece, a rotation whose conjugation takes a state with that piece home to one with
  // the reference home; tried on several mixed states, so that no other piece that happens to
  // be home can pass the test for a rotation that does not take the piece's place to the
  // reference's.
  std::mt19937_64 rng(1);  // fixed: the same rotations on every run
  std::vector<State> mixed;
  for (int round = 0; round < 4; ++round) {
    mixed.push_back(puzzle_.applySequence(puzzle_.solved(), puzzle_.randomMoves(rng, 40)));
  }
  const int offset = puzzle_.orbits()[orbit_].offset;
  for (int piece = 0; piece < orbitSize(); ++piece) {
    const State* found = nullptr;
    for (const State& rotation : puzzle_.solvedStates()) {
      const bool relabels = std::all_of(mixed.begin(), mixed.end(), [&](const State& state) {
        const State home =
            puzzle_.compose(state, homingRotation(puzzle_, offset + piece, piece, state));
        const State seen =
            puzzle_.compose(puzzle_.compose(puzzle_.inverse(rotation), home), rotation);
        return seen.pieces[position_] == piece_ && seen.ori[position_] == 0;
      });
      if (!found && relabels) found = &rotation;
    }
    if (!found) throw std::invalid_argument(puzzle_.id() + ": no rotation relabels a piece");
    relabelling_.push_back(*found);
  }
}

State ReferenceFrame::toPuzzle(const State& fixedState) const {
  State state;
  std::size_t next = 0;
  for (int o = 0; o < static_cast<int>(puzzle_.orbits().size()); ++o) {
    const Orbit& orbit = puzzle_.orbits()[o];
    for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
      if (i == position_) {
        state.pieces.push_back(static_cast<std::uint8_t>(piece_));
        state.ori.push_back(0);
        continue;
      }
      int piece = fixedState.pieces[next];
      if (o == orbit_ && piece >= piece_) ++piece;
      state.pieces.push_back(static_cast<std::uint8_t>(piece));
      state.ori.push_back(fixedState.ori[next++]);
    }
  }
  return state;
}

State ReferenceFrame::seenFrom(int piece, const State& fixedState) const {
  const State state = toPuzzle(fixedState);
  const int place = puzzle_.orbits()[orbit_].offset + piece;
  const State home = puzzle_.compose(state, homingRotation(puzzle_, place, piece, state));
  const State& rotation = relabelling_[piece];
  return toFixed(puzzle_.compose(puzzle_.compose(puzzle_.inverse(rotation), home), rotation));
}

const State& ReferenceFrame::homing(const State& state) const {
  return homingRotation(puzzle_, position_, piece_, state);
}

std::vector<int> ReferenceFrame::toFixedMoves(const State& start,
                                              const std::vector<int>& moves) const {
  std::vector<int> result;
  State frame = homing(start);
  for (int move : moves) {
    const int fixedMove = puzzle_.moveInFrame(puzzle_.inverse(frame), move);
    result.push_back(fixedMove);
    frame = puzzle_.compose(frame, homing(puzzle_.moves()[fixedMove].effect));
  }
  return result;
}

State ReferenceFrame::toFixed(const State& state) const {
  const State turned = puzzle_.compose(state, homing(state));
  const int orbitIndex = orbit_;
  State result;
  for (int o = 0; o < static_cast<int>(puzzle_.orbits().size()); ++o) {
    const Orbit& orbit = puzzle_.orbits()[o];
    for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
      if (i == position_) continue;
      int piece = turned.pieces[i];
      if (o == orbitIndex && piece > piece_) --piece;
      result.pieces.push_back(static_cast<std::uint8_t>(piece));
      result.ori.push_back(turned.ori[i]);
    }
  }
  return result;
}

std::vector<int> ReferenceFrame::toPuzzleMoves(const State& start,
                                               const std::vector<int>& moves) const {
  std::vector<int> result;
  State frame = homing(start);
  for (int move : moves) {
    result.push_back(puzzle_.moveInFrame(frame, move));
    const State& effect = puzzle_.moves()[move].effect;
    frame = puzzle_.compose(frame, homing(effect));
  }
  return result;
}

}  // namespace polytwist
