#include "core/puzzle.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <stdexcept>

#include "core/random.hpp"
#include "core/ranking.hpp"
#include "core/text.hpp"

namespace polytwist {
namespace {

std::vector<std::string> splitWords(std::string_view text) {
  std::vector<std::string> words;
  std::size_t start = 0;
  while (start < text.size()) {
    if (text[start] == ' ') {
      ++start;
      continue;
    }
    const std::size_t end = std::min(text.find(' ', start), text.size());
    words.emplace_back(text.substr(start, end - start));
    start = end;
  }
  return words;
}

[[noreturn]] void fail(const std::string& puzzleId, const std::string& message) {
  throw std::invalid_argument("puzzle '" + puzzleId + "': " + message);
}

const char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return -1;
}

}  // namespace

Puzzle::Puzzle(PuzzleSpec spec) : spec_(std::move(spec)) {
  for (int face = 0; face < static_cast<int>(spec_.faces.size()); ++face) {
    for (int other = 0; other < face; ++other) {
      if (spec_.faces[other].letter == spec_.faces[face].letter)
        fail(spec_.id, "two faces share a letter");
    }
    for (int i = 0; i < spec_.faces[face].stickers; ++i) faceletFace_.push_back(face);
  }
  faceletOwner_.assign(faceletFace_.size(), {-1, 0});

  for (const OrbitSpec& orbitSpec : spec_.orbits) {
    Orbit orbit;
    orbit.name = orbitSpec.name;
    orbit.size = static_cast<int>(orbitSpec.pieces.size());
    orbit.orientations = orbitSpec.orientations;
    orbit.offset = positionCount_;
    orbit.permutation = orbitSpec.permutation;
    orbit.orientationSumZero = orbitSpec.orientationSumZero;
    if (orbit.size == 0 || orbit.size > 32) fail(spec_.id, orbit.name + ": 1 to 32 pieces");
    if (orbitSpec.permutation == PermutationRule::SameParityAs) {
      orbit.parityOrbit = orbitIndex(orbitSpec.parityOrbit);
      if (orbit.parityOrbit < 0) fail(spec_.id, orbit.name + ": unknown parity orbit");
    }
    for (const std::string& piece : orbitSpec.pieces) {
      std::vector<int> stickers;
      std::string pieceName;
      for (const std::string& stickerName : splitWords(piece)) {
        const int facelet = faceletByName(stickerName, orbit.name);
        if (faceletOwner_[facelet].first >= 0) fail(spec_.id, stickerName + " is in two pieces");
        faceletOwner_[facelet] = {positionCount_ + static_cast<int>(orbit.facelets.size()),
                                  static_cast<int>(stickers.size())};
        stickers.push_back(facelet);
        pieceName += spec_.faces[faceletFace_[facelet]].name;
      }
      if (orbit.facelets.empty()) orbit.stickersPerPiece = static_cast<int>(stickers.size());
      if (static_cast<int>(stickers.size()) != orbit.stickersPerPiece || stickers.empty() ||
          orbit.stickersPerPiece % orbit.orientations != 0) {
        fail(spec_.id, orbit.name + " '" + piece + "': sticker count does not fit the orbit");
      }
      const std::size_t index = orbit.facelets.size();
      orbit.facelets.push_back(stickers);
      orbit.pieceNames.push_back(index < orbitSpec.names.size() ? orbitSpec.names[index]
                                                                : pieceName);
    }
    positionCount_ += orbit.size;
    orbits_.push_back(std::move(orbit));
  }

  std::vector<State> baseEffects;
  for (int base = 0; base < static_cast<int>(spec_.moves.size()); ++base) {
    const MoveSpec& moveSpec = spec_.moves[base];
    const State& baseEffect =
        baseEffects.emplace_back(effectOfCycles(moveSpec.cycles, false, "move " + moveSpec.name));
    for (const PowerSpec& power : moveSpec.powers) {
      State effect = solved();
      for (int i = 0; i < power.power; ++i) effect = compose(effect, baseEffect);
      if (effect == solved()) fail(spec_.id, moveSpec.name + power.suffix + " does nothing");
      if (auto broken = checkReachable(effect)) {
        fail(spec_.id, moveSpec.name + power.suffix + " breaks the declared rules: " + *broken);
      }
      moves_.push_back({moveSpec.name + power.suffix, base, power.power, std::move(effect)});
    }
  }

  const int bases = baseCount();
  commute_.assign(static_cast<std::size_t>(bases * bases), false);
  for (int a = 0; a < bases; ++a) {
    for (int b = 0; b < bases; ++b) {
      const State& ea = baseEffects[a];
      const State& eb = baseEffects[b];
      commute_[a * bases + b] = compose(ea, eb) == compose(eb, ea);
    }
  }

  auto findEffect = [&](const State& effect) {
    for (int m = 0; m < static_cast<int>(moves_.size()); ++m) {
      if (moves_[m].effect == effect) return m;
    }
    return -1;
  };
  for (const Move& move : moves_) {
    inverse_.push_back(findEffect(inverse(move.effect)));
    if (inverse_.back() < 0) fail(spec_.id, "the inverse of " + move.name + " is not a move");
  }

  for (const auto& [name, cycles] : spec_.symmetries) {
    Symmetry symmetry{name, effectOfCycles(cycles, true, "symmetry " + name), {}};
    const State undo = inverse(symmetry.effect);
    for (const Move& move : moves_) {
      symmetry.moveMap.push_back(findEffect(compose(compose(undo, move.effect), symmetry.effect)));
      if (symmetry.moveMap.back() < 0) fail(spec_.id, name + " does not map " + move.name);
    }
    symmetries_.push_back(std::move(symmetry));
  }
  compileSeparable();
  compileUnmarkedRotation();
  compileDerivedMoves();
}

void Puzzle::compileDerivedMoves() {
  const auto symmetryPower = [&](const std::string& token, const std::string& what) {
    for (const Symmetry& symmetry : symmetries_) {
      if (token.substr(0, symmetry.name.size()) != symmetry.name) continue;
      const std::string suffix = token.substr(symmetry.name.size());
      const int power = suffix == ""     ? 1
                        : suffix == "2"  ? 2
                        : suffix == "'"  ? -1
                        : suffix == "2'" ? -2
                                         : 0;
      if (power == 0) continue;
      const State step = power > 0 ? symmetry.effect : inverse(symmetry.effect);
      State effect = solved();
      for (int i = 0; i < std::abs(power); ++i) effect = compose(effect, step);
      return effect;
    }
    fail(spec_.id, what + ": no symmetry '" + token + "'");
  };
  for (const DerivedMoveSpec& derivedSpec : spec_.derivedMoves) {
    const std::string what = "derived move " + derivedSpec.name;
    DerivedMove derived{derivedSpec.name, {}, solved()};
    for (const std::string& name : splitWords(derivedSpec.turns)) {
      const std::optional<int> move = findMove(name);
      if (!move) fail(spec_.id, what + ": no move '" + name + "'");
      derived.turns.push_back(*move);
    }
    for (const std::string& token : splitWords(derivedSpec.rotation)) {
      derived.rotation = compose(derived.rotation, symmetryPower(token, what));
    }
    for (const PowerSpec& power : derivedSpec.powers) {
      const std::string token = derivedSpec.name + power.suffix;
      if (power.power == 0 || findMove(token) || findDerivedMove(token)) {
        fail(spec_.id, what + ": '" + token + "' is no power or names another move");
      }
      derivedTokens_.push_back({token, {static_cast<int>(derived_.size()), power.power}});
    }
    derived_.push_back(std::move(derived));
  }
}

std::optional<std::pair<int, int>> Puzzle::findDerivedMove(std::string_view name) const {
  for (const auto& [token, derived] : derivedTokens_) {
    if (token == name) return derived;
  }
  return std::nullopt;
}

int Puzzle::moveInFrame(const State& frame, int move) const {
  const State seen = compose(compose(frame, moves_[move].effect), inverse(frame));
  for (int m = 0; m < static_cast<int>(moves_.size()); ++m) {
    if (moves_[m].effect == seen) return m;
  }
  return -1;
}

void Puzzle::compileUnmarkedRotation() {
  solvedStates_ = {solved()};
  searchMove_.assign(moves_.size(), true);
  if (spec_.unmarkedRotation.empty()) return;
  std::vector<const State*> generators;
  for (const std::string& name : splitWords(spec_.unmarkedRotation)) {
    const auto found = std::find_if(symmetries_.begin(), symmetries_.end(),
                                    [&](const Symmetry& s) { return s.name == name; });
    if (found == symmetries_.end()) fail(spec_.id, "unmarked rotation: no symmetry " + name);
    if (unmarkedRotation_ < 0) unmarkedRotation_ = static_cast<int>(found - symmetries_.begin());
    generators.push_back(&found->effect);
  }
  // The group they generate, breadth first (a single generator's powers in order).
  for (std::size_t i = 0; i < solvedStates_.size(); ++i) {
    for (const State* generator : generators) {
      State product = compose(solvedStates_[i], *generator);
      if (std::find(solvedStates_.begin(), solvedStates_.end(), product) == solvedStates_.end()) {
        solvedStates_.push_back(std::move(product));
      }
    }
  }
  for (int m = 0; m < static_cast<int>(moves_.size()); ++m) {
    for (int earlier = 0; earlier < m && searchMove_[m]; ++earlier) {
      for (const State& rotation : solvedStates_) {
        if (compose(moves_[earlier].effect, rotation) == moves_[m].effect) searchMove_[m] = false;
      }
    }
  }
}

bool Puzzle::isSolved(const State& s) const {
  return std::find(solvedStates_.begin(), solvedStates_.end(), s) != solvedStates_.end();
}

bool Puzzle::samePosition(const State& a, const State& b) const {
  return std::any_of(solvedStates_.begin(), solvedStates_.end(),
                     [&](const State& rotation) { return compose(a, rotation) == b; });
}

void Puzzle::compileSeparable() {
  separableMove_.assign(moves_.size(), false);
  if (!spec_.separable) return;
  const SeparableSpec& separable = *spec_.separable;
  separableOrbit_ = orbitIndex(separable.orbit);
  separablePartner_ = orbitIndex(separable.relativeTo);
  if (separableOrbit_ < 0 || separablePartner_ < 0) fail(spec_.id, "separable: unknown orbit");
  const Orbit& own = orbits_[separableOrbit_];
  const Orbit& partner = orbits_[separablePartner_];
  if (own.size != partner.size || own.orientations != partner.orientations ||
      own.permutation != PermutationRule::Fixed || partner.permutation != PermutationRule::Fixed) {
    fail(spec_.id, "separable: both orbits must be fixed in place and alike");
  }
  for (int m = 0; m < static_cast<int>(moves_.size()); ++m) {
    const std::string& base = spec_.moves[moves_[m].base].name;
    separableMove_[m] =
        std::find(separable.moves.begin(), separable.moves.end(), base) != separable.moves.end();
    const State& effect = moves_[m].effect;
    int turnedPieces = 0;
    for (int p = 0; p < positionCount_; ++p) {
      const bool ownPiece = p >= own.offset && p < own.offset + own.size;
      if (separableMove_[m] && !ownPiece && effect.ori[p] != 0) {
        fail(spec_.id, "separable: " + moves_[m].name + " turns other pieces");
      }
      if (separableMove_[m] && ownPiece && effect.ori[p] != 0) ++turnedPieces;
    }
    for (int i = 0; i < own.size && !separableMove_[m]; ++i) {
      if (effect.ori[own.offset + i] != effect.ori[partner.offset + i]) {
        fail(spec_.id, "separable: " + moves_[m].name + " turns a " + own.name + " apart");
      }
    }
    if (separableMove_[m] && turnedPieces != 1) {
      fail(spec_.id, "separable: " + moves_[m].name + " must turn exactly one " + own.name);
    }
  }
}

int Puzzle::relativeOrientation(const State& s, int piece) const {
  const Orbit& own = orbits_[separableOrbit_];
  const Orbit& partner = orbits_[separablePartner_];
  return (s.ori[own.offset + piece] - s.ori[partner.offset + piece] + own.orientations) %
         own.orientations;
}

int Puzzle::orbitIndex(std::string_view name) const {
  for (int i = 0; i < static_cast<int>(orbits_.size()); ++i) {
    if (orbits_[i].name == name) return i;
  }
  return -1;
}

int Puzzle::faceletByName(std::string_view name, const std::string& what) const {
  int first = 0;
  for (const FaceSpec& face : spec_.faces) {
    if (name.size() > face.name.size() && name.substr(0, face.name.size()) == face.name) {
      const std::string_view digits = name.substr(face.name.size());
      if (digits.size() <= 6 &&
          std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        const int index = std::stoi(std::string(digits));
        if (index < face.stickers) return first + index;
      }
    }
    first += face.stickers;
  }
  fail(spec_.id, what + ": no sticker named '" + std::string(name) + "'");
}

std::string Puzzle::faceletName(int facelet) const {
  int first = 0;
  for (const FaceSpec& face : spec_.faces) {
    if (facelet < first + face.stickers) return face.name + std::to_string(facelet - first);
    first += face.stickers;
  }
  return "?";
}

State Puzzle::effectOfCycles(const std::vector<std::string>& cycles, bool allowFixedStickersToMove,
                             const std::string& what) const {
  // Stickers move along each cycle; pieces follow their first sticker, and where that sticker
  // lands (which slot of the target position) is the change of orientation.
  std::vector<int> destination(faceletFace_.size());
  std::iota(destination.begin(), destination.end(), 0);
  std::vector<bool> moved(faceletFace_.size(), false);
  for (const std::string& cycle : cycles) {
    std::vector<int> stickers;
    for (const std::string& name : splitWords(cycle)) stickers.push_back(faceletByName(name, what));
    for (std::size_t i = 0; i < stickers.size(); ++i) {
      if (moved[stickers[i]]) fail(spec_.id, what + ": sticker in two cycles");
      moved[stickers[i]] = true;
      destination[stickers[i]] = stickers[(i + 1) % stickers.size()];
    }
  }
  State effect = solved();
  for (const Orbit& orbit : orbits_) {
    const int step = orbit.stickersPerPiece / orbit.orientations;
    for (int from = 0; from < orbit.size; ++from) {
      const auto [to, slot] = faceletOwner_[destination[orbit.facelets[from][0]]];
      if (to < orbit.offset || to >= orbit.offset + orbit.size || slot % step != 0) {
        fail(spec_.id, what + " breaks a " + orbit.name);
      }
      const int toLocal = to - orbit.offset;
      for (int k = 0; k < orbit.stickersPerPiece; ++k) {
        if (destination[orbit.facelets[from][k]] !=
            orbit.facelets[toLocal][(k + slot) % orbit.stickersPerPiece]) {
          fail(spec_.id, what + " breaks a " + orbit.name);
        }
      }
      effect.pieces[to] = static_cast<std::uint8_t>(from);
      effect.ori[to] = static_cast<std::uint8_t>(slot / step);
    }
  }
  for (std::size_t f = 0; f < faceletFace_.size(); ++f) {
    if (faceletOwner_[f].first < 0 && destination[f] != static_cast<int>(f) &&
        !allowFixedStickersToMove) {
      fail(spec_.id, what + " moves the fixed sticker " + faceletName(static_cast<int>(f)));
    }
  }
  return effect;
}

std::optional<int> Puzzle::findMove(std::string_view name) const {
  for (int m = 0; m < static_cast<int>(moves_.size()); ++m) {
    if (moves_[m].name == name) return m;
  }
  return std::nullopt;
}

std::string Puzzle::stateCountText() const {
  unsigned __int128 count = 1;
  for (const Orbit& orbit : orbits_) {
    unsigned __int128 permutations = 1;
    for (int i = 2; i <= orbit.size; ++i) permutations *= static_cast<unsigned>(i);
    switch (orbit.permutation) {
      case PermutationRule::Any:
        break;
      case PermutationRule::Even:
      case PermutationRule::SameParityAs:
        permutations /= 2;
        break;
      case PermutationRule::Fixed:
        permutations = 1;
        break;
    }
    count *=
        permutations * orientationCount(orbit.size, orbit.orientations, orbit.orientationSumZero);
  }
  count /= solvedStates_.size();
  std::string text;
  do {
    text.insert(text.begin(), static_cast<char>('0' + static_cast<int>(count % 10)));
    count /= 10;
  } while (count > 0);
  return text;
}

State Puzzle::solved() const {
  State s;
  s.pieces.resize(positionCount_);
  s.ori.assign(positionCount_, 0);
  for (const Orbit& orbit : orbits_) {
    for (int i = 0; i < orbit.size; ++i) s.pieces[orbit.offset + i] = static_cast<std::uint8_t>(i);
  }
  return s;
}

State Puzzle::compose(const State& a, const State& b) const {
  State result = b;
  for (const Orbit& orbit : orbits_) {
    for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
      const int source = orbit.offset + b.pieces[i];
      result.pieces[i] = a.pieces[source];
      result.ori[i] = static_cast<std::uint8_t>((a.ori[source] + b.ori[i]) % orbit.orientations);
    }
  }
  return result;
}

State Puzzle::inverse(const State& s) const {
  State result = s;
  for (const Orbit& orbit : orbits_) {
    for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
      const int target = orbit.offset + s.pieces[i];
      result.pieces[target] = static_cast<std::uint8_t>(i - orbit.offset);
      result.ori[target] =
          static_cast<std::uint8_t>((orbit.orientations - s.ori[i]) % orbit.orientations);
    }
  }
  return result;
}

State Puzzle::applySequence(State s, const std::vector<int>& moves) const {
  for (int move : moves) applyMove(s, move);
  return s;
}

std::vector<int> Puzzle::faceletSources(const State& s) const {
  std::vector<int> sources(faceletFace_.size());
  for (std::size_t f = 0; f < faceletFace_.size(); ++f) {
    sources[f] = static_cast<int>(f);
    const int position = faceletOwner_[f].first;
    const int slot = faceletOwner_[f].second;
    if (position < 0) continue;
    const Orbit& orbit = *std::find_if(orbits_.begin(), orbits_.end(), [&](const Orbit& o) {
      return position < o.offset + o.size;
    });
    const int n = orbit.stickersPerPiece;
    const int shift = s.ori[position] * (n / orbit.orientations);
    sources[f] = orbit.facelets[s.pieces[position]][((slot - shift) % n + n) % n];
  }
  return sources;
}

std::string Puzzle::facelets(const State& s) const {
  const std::vector<int> sources = faceletSources(s);
  std::string text(sources.size(), '?');
  for (std::size_t f = 0; f < sources.size(); ++f) {
    text[f] = spec_.faces[faceletFace_[sources[f]]].letter;
  }
  return text;
}

std::optional<std::string> Puzzle::checkReachable(const State& s) const {
  if (static_cast<int>(s.pieces.size()) != positionCount_ ||
      static_cast<int>(s.ori.size()) != positionCount_) {
    return "the state has the wrong number of pieces";
  }
  std::vector<int> parities;
  for (const Orbit& orbit : orbits_) {
    const std::span<const std::uint8_t> pieces(s.pieces.data() + orbit.offset, orbit.size);
    std::uint32_t seen = 0;
    int orientationSum = 0;
    for (int i = 0; i < orbit.size; ++i) {
      if (pieces[i] >= orbit.size || (seen & (1u << pieces[i]))) {
        return "the " + orbit.name + "s are not a permutation";
      }
      seen |= 1u << pieces[i];
      if (s.ori[orbit.offset + i] >= orbit.orientations) {
        return withArticle(orbit.name) + " has an orientation out of range";
      }
      orientationSum += s.ori[orbit.offset + i];
    }
    parities.push_back(permutationParity(pieces));
    if (orbit.orientationSumZero && orientationSum % orbit.orientations != 0) {
      return "the " + orbit.name + " orientations do not add up to 0 mod " +
             std::to_string(orbit.orientations);
    }
    switch (orbit.permutation) {
      case PermutationRule::Any:
        break;
      case PermutationRule::Even:
        if (parities.back() != 0) return "the " + orbit.name + " permutation is odd";
        break;
      case PermutationRule::Fixed:
        for (int i = 0; i < orbit.size; ++i) {
          if (pieces[i] != i) return withArticle(orbit.name) + " has left its place";
        }
        break;
      case PermutationRule::SameParityAs:
        if (parities.back() != parities[orbit.parityOrbit]) {
          return "the " + orbit.name + " and " + orbits_[orbit.parityOrbit].name +
                 " permutations have different parities";
        }
        break;
    }
  }
  return std::nullopt;
}

std::vector<int> Puzzle::randomMoves(std::mt19937_64& rng, int length) const {
  std::vector<int> moves;
  while (static_cast<int>(moves.size()) < length) {
    const int move = static_cast<int>(uniformBelow(rng, moves_.size()));
    if (!moves.empty() && moves_[move].base == moves_[moves.back()].base) continue;
    moves.push_back(move);
  }
  return moves;
}

State Puzzle::randomState(std::mt19937_64& rng) const {
  State s = solved();
  std::vector<int> parities;
  for (const Orbit& orbit : orbits_) {
    std::uint8_t* pieces = s.pieces.data() + orbit.offset;
    std::uint8_t* ori = s.ori.data() + orbit.offset;
    if (orbit.permutation != PermutationRule::Fixed) {
      for (int i = orbit.size - 1; i > 0; --i) {
        std::swap(pieces[i], pieces[uniformBelow(rng, static_cast<std::uint64_t>(i) + 1)]);
      }
    }
    // Forcing the parity by one swap maps the permutations onto those of the wanted parity two
    // to one, so the result stays uniform.
    int wantedParity = -1;
    if (orbit.permutation == PermutationRule::Even) wantedParity = 0;
    if (orbit.permutation == PermutationRule::SameParityAs)
      wantedParity = parities[orbit.parityOrbit];
    const std::span<const std::uint8_t> view(pieces, orbit.size);
    if (wantedParity >= 0 && orbit.size >= 2 && permutationParity(view) != wantedParity) {
      std::swap(pieces[0], pieces[1]);
    }
    parities.push_back(permutationParity(view));
    int sum = 0;
    for (int i = 0; i < orbit.size; ++i) {
      sum += ori[i] = static_cast<std::uint8_t>(
          uniformBelow(rng, static_cast<std::uint64_t>(orbit.orientations)));
    }
    if (orbit.orientationSumZero) {
      sum -= ori[orbit.size - 1];
      ori[orbit.size - 1] = static_cast<std::uint8_t>(
          (orbit.orientations - sum % orbit.orientations) % orbit.orientations);
    }
  }
  return s;
}

std::string Puzzle::encodeState(const State& s) const {
  std::string text;
  for (const Orbit& orbit : orbits_) {
    if (!text.empty()) text += '-';
    for (int i = 0; i < orbit.size; ++i) text += kDigits[s.pieces[orbit.offset + i]];
    text += '.';
    for (int i = 0; i < orbit.size; ++i) text += kDigits[s.ori[orbit.offset + i]];
  }
  return text;
}

std::optional<State> Puzzle::decodeState(std::string_view text) const {
  State s = solved();
  std::size_t at = 0;
  for (std::size_t o = 0; o < orbits_.size(); ++o) {
    const Orbit& orbit = orbits_[o];
    if (o > 0 && (at >= text.size() || text[at++] != '-')) return std::nullopt;
    for (int part = 0; part < 2; ++part) {
      if (part == 1 && (at >= text.size() || text[at++] != '.')) return std::nullopt;
      for (int i = 0; i < orbit.size; ++i) {
        if (at >= text.size()) return std::nullopt;
        const int value = digitValue(text[at++]);
        if (value < 0) return std::nullopt;
        (part == 0 ? s.pieces : s.ori)[orbit.offset + i] = static_cast<std::uint8_t>(value);
      }
    }
  }
  if (at != text.size()) return std::nullopt;
  return s;
}

}  // namespace polytwist
