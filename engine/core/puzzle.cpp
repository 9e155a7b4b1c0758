#include "core/puzzle.hpp"

#include <algorithm>
#include <bitset>
#include <cstdlib>
#include <map>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <tuple>

#include "core/permutation_group.hpp"
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

// encodeState's values: one digit below 36, else 'A'.. followed by a digit.
void appendValue(std::string& text, int value) {
  if (value < 36) {
    text += kDigits[value];
    return;
  }
  text += static_cast<char>('A' + (value - 36) / 36);
  text += kDigits[(value - 36) % 36];
}

// The value at text[at] (advancing `at`), or -1 when there is none or it exceeds 255.
int readValue(std::string_view text, std::size_t& at) {
  if (at >= text.size()) return -1;
  const char c = text[at++];
  if (c >= 'A' && c <= 'Z') {
    if (at >= text.size()) return -1;
    const int low = digitValue(text[at++]);
    if (low < 0) return -1;
    const int value = 36 + (c - 'A') * 36 + low;
    return value <= 255 ? value : -1;
  }
  return digitValue(c);
}

const char kBeyondRules[] =
    "this position cannot be reached by turns of the puzzle (a constraint beyond orientation sums "
    "and permutation parity)";

}  // namespace

// The moves' group and what follows from it, built on first use (Puzzle::groupData).
struct Puzzle::GroupData {
  std::once_flag once;
  std::unique_ptr<PermutationGroup> group;
  BigCount positions;  // reachablePositions()
  bool exact = true;   // rulesAreExact()
  std::string error;   // why identical pieces could not be analysed ("" when they could)
  // The unmarked rotations (solved states) that are no element of the group.
  std::vector<State> rotationsOutside;

  // Identical pieces. Per position, its orbit under the moves (its smallest position); the pieces
  // of each class whose home lies in each such orbit ((orbit, class, position orbit) -> pieces).
  std::vector<int> positionOrbit;
  std::map<std::tuple<int, int, int>, std::vector<int>> subclasses;
  // The parity method (orbits of one orientation whose position orbits T the moves 3-cycle
  // freely; see buildGroupData): the base starts with every slot of the other orbits, the
  // stabilizer G_D of those is {g on the T : parities ε(g) in U}, kept as an echelon basis over
  // the columns `twins` (the T), those without two identical pieces first.
  bool parityMethod = false;
  int distinctLevels = 0;
  std::vector<std::vector<int>> twins;        // per T, its positions
  std::vector<int> columnOf;                  // per T, its column
  std::vector<bool> hasTwins;                 // per column: its T holds two identical pieces
  std::vector<std::pair<int, int>> twinSwap;  // per column with twins: two such pieces' homes
  std::vector<std::vector<std::uint8_t>> basis;
  std::vector<int> pivot;
  // Otherwise: relabellings, one per coset of those the moves make among all relabellings.
  std::vector<State> relabellings;
};

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
    if (orbit.size == 0 || orbit.size > 255) fail(spec_.id, orbit.name + ": 1 to 255 pieces");
    if (orbit.orientations < 1 || orbit.orientations > 255) {
      fail(spec_.id, orbit.name + ": 1 to 255 orientations");
    }
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
    orbit.identicalClass.resize(orbit.size);
    std::iota(orbit.identicalClass.begin(), orbit.identicalClass.end(), 0);
    if (!orbitSpec.identical.empty()) {
      if (static_cast<int>(orbitSpec.identical.size()) != orbit.size) {
        fail(spec_.id, orbit.name + ": one identical class per piece");
      }
      for (int q = 0; q < orbit.size; ++q) {
        for (int first = 0; first < q; ++first) {
          if (orbitSpec.identical[first] != orbitSpec.identical[q]) continue;
          orbit.identicalClass[q] = first;
          orbit.hasIdentical = true;
          for (int k = 0; k < orbit.stickersPerPiece; ++k) {
            if (faceletFace_[orbit.facelets[q][k]] != faceletFace_[orbit.facelets[first][k]]) {
              fail(spec_.id, orbit.name + " '" + orbitSpec.pieces[q] +
                                 "': identical pieces must show the same faces in one order");
            }
          }
          break;
        }
      }
    }
    hasIdentical_ = hasIdentical_ || orbit.hasIdentical;
    orbit.slotOffset = slotCount_;
    for (int i = 0; i < orbit.size; ++i) slotBase_.push_back(slotCount_ + i * orbit.orientations);
    slotCount_ += orbit.size * orbit.orientations;
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
      moves_.push_back({moveSpec.name + power.suffix, base, power.power, std::move(effect)});
    }
  }
  if (spec_.deriveRules) deriveRules();
  for (const Move& move : moves_) {
    if (auto broken = checkRules(move.effect)) {
      fail(spec_.id, move.name + " breaks the declared rules: " + *broken);
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
  group_ = std::make_shared<GroupData>();
}

void Puzzle::deriveRules() {
  const auto parity = [&](const State& s, const Orbit& orbit) {
    return permutationParity(std::span(s.pieces.data() + orbit.offset, orbit.size));
  };
  for (int o = 0; o < static_cast<int>(orbits_.size()); ++o) {
    Orbit& orbit = orbits_[o];
    OrbitSpec& orbitSpec = spec_.orbits[o];
    bool moved = false, even = true, sumKept = orbit.orientations > 1;
    for (const Move& move : moves_) {
      int sum = 0;
      for (int i = 0; i < orbit.size; ++i) {
        moved = moved || move.effect.pieces[orbit.offset + i] != i;
        sum += move.effect.ori[orbit.offset + i];
      }
      even = even && parity(move.effect, orbit) == 0;
      sumKept = sumKept && sum % orbit.orientations == 0;
    }
    orbit.permutation = !moved ? PermutationRule::Fixed
                        : even ? PermutationRule::Even
                               : PermutationRule::Any;
    orbit.parityOrbit = -1;
    orbitSpec.parityOrbit.clear();
    for (int j = 0; j < o && orbit.permutation == PermutationRule::Any; ++j) {
      const bool same = std::all_of(moves_.begin(), moves_.end(), [&](const Move& move) {
        return parity(move.effect, orbit) == parity(move.effect, orbits_[j]);
      });
      if (!same) continue;
      orbit.permutation = PermutationRule::SameParityAs;
      orbit.parityOrbit = j;
      orbitSpec.parityOrbit = orbits_[j].name;
    }
    orbit.orientationSumZero = sumKept;
    orbitSpec.permutation = orbit.permutation;
    orbitSpec.orientationSumZero = sumKept;
  }
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
  // compose(a, b) == c, position by position, stopping at the first that differs: most pairs
  // differ at once, and a big cube compares thousands (half of the catalogue's build time when
  // each compose allocated a state).
  const auto composesTo = [&](const State& a, const State& b, const State& c) {
    for (const Orbit& orbit : orbits_) {
      for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
        const int source = orbit.offset + b.pieces[i];
        if (a.pieces[source] != c.pieces[i] ||
            (a.ori[source] + b.ori[i]) % orbit.orientations != c.ori[i]) {
          return false;
        }
      }
    }
    return true;
  };
  for (int m = 0; m < static_cast<int>(moves_.size()); ++m) {
    for (int earlier = 0; earlier < m && searchMove_[m]; ++earlier) {
      for (const State& rotation : solvedStates_) {
        if (composesTo(moves_[earlier].effect, rotation, moves_[m].effect)) searchMove_[m] = false;
      }
    }
  }
}

bool Puzzle::isSolved(const State& s) const {
  if (!hasIdentical_) {
    return std::find(solvedStates_.begin(), solvedStates_.end(), s) != solvedStates_.end();
  }
  return std::any_of(solvedStates_.begin(), solvedStates_.end(),
                     [&](const State& rotation) { return sameLook(s, rotation); });
}

bool Puzzle::samePosition(const State& a, const State& b) const {
  return std::any_of(solvedStates_.begin(), solvedStates_.end(),
                     [&](const State& rotation) { return sameLook(compose(a, rotation), b); });
}

bool Puzzle::sameLook(const State& a, const State& b) const {
  if (!hasIdentical_) return a == b;
  if (a.ori != b.ori || a.pieces.size() != b.pieces.size()) return false;
  for (const Orbit& orbit : orbits_) {
    for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
      if (a.pieces[i] == b.pieces[i]) continue;
      if (!orbit.hasIdentical || a.pieces[i] >= orbit.size || b.pieces[i] >= orbit.size ||
          orbit.identicalClass[a.pieces[i]] != orbit.identicalClass[b.pieces[i]]) {
        return false;
      }
    }
  }
  return true;
}

void Puzzle::relabelIdenticalForRules(State& s) const {
  if (!hasIdentical_) return;
  const int orbitCount = static_cast<int>(orbits_.size());
  std::vector<int> parity(orbitCount, 0);
  for (int o = 0; o < orbitCount; ++o) {
    const Orbit& orbit = orbits_[o];
    std::uint8_t* pieces = s.pieces.data() + orbit.offset;
    if (orbit.hasIdentical && orbit.permutation == PermutationRule::Fixed) {
      bool alike = true;
      for (int i = 0; i < orbit.size && alike; ++i) {
        alike = orbit.identicalClass[pieces[i]] == orbit.identicalClass[i];
      }
      if (alike) std::iota(pieces, pieces + orbit.size, std::uint8_t{0});
    }
    parity[o] = permutationParity(std::span<const std::uint8_t>(pieces, orbit.size));
  }
  // Orbits linked by SameParityAs form trees; in each, every parity must be equal, and 0 when
  // one of them is Even or Fixed. Orbits with identical pieces take the parity the others have.
  const auto rootOf = [&](int o) {
    while (orbits_[o].permutation == PermutationRule::SameParityAs) o = orbits_[o].parityOrbit;
    return o;
  };
  const auto isFree = [&](int o) {
    return orbits_[o].hasIdentical && orbits_[o].permutation != PermutationRule::Fixed;
  };
  for (int root = 0; root < orbitCount; ++root) {
    if (rootOf(root) != root) continue;
    int target = -1;
    for (int o = 0; o < orbitCount; ++o) {
      if (rootOf(o) != root) continue;
      const PermutationRule rule = orbits_[o].permutation;
      if (rule == PermutationRule::Even || rule == PermutationRule::Fixed) target = 0;
    }
    for (int o = 0; o < orbitCount && target < 0; ++o) {
      if (rootOf(o) == root && !isFree(o)) target = parity[o];
    }
    if (target < 0) target = parity[root];  // all free: any parity, the same for all
    for (int o = 0; o < orbitCount && target >= 0; ++o) {
      if (rootOf(o) != root || !isFree(o) || parity[o] == target) continue;
      // Interchange the first two identical pieces found.
      const Orbit& orbit = orbits_[o];
      std::vector<int> placeOfClass(orbit.size, -1);
      for (int i = 0; i < orbit.size; ++i) {
        int& other = placeOfClass[orbit.identicalClass[s.pieces[orbit.offset + i]]];
        if (other < 0) {
          other = i;
          continue;
        }
        std::swap(s.pieces[orbit.offset + i], s.pieces[orbit.offset + other]);
        break;
      }
    }
  }
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
  return (spec_.deriveRules ? reachablePositions() : ruleCount()).toString();
}

BigCount Puzzle::ruleCount() const {
  BigCount count(1);
  for (const Orbit& orbit : orbits_) {
    if (orbit.permutation != PermutationRule::Fixed) {
      count *= BigCount::factorial(orbit.size);
      std::vector<int> classSize(orbit.size, 0);
      for (int q = 0; q < orbit.size; ++q) ++classSize[orbit.identicalClass[q]];
      for (int size : classSize) {
        for (int k = 2; k <= size; ++k) count /= static_cast<std::uint32_t>(k);
      }
    }
    const int free = orbit.orientationSumZero ? orbit.size - 1 : orbit.size;
    for (int i = 0; i < free; ++i) count *= static_cast<std::uint32_t>(orbit.orientations);
  }
  // Parity rules: orbits linked by SameParityAs form trees whose orbits have one parity, 0 when
  // one of them is Even or Fixed (or has a single piece). Of the orbits whose parity varies
  // (two or more pieces, none identical: identical pieces make any parity), all but one are
  // determined by the others, and that one too when the tree's parity must be 0.
  const int orbitCount = static_cast<int>(orbits_.size());
  const auto rootOf = [&](int o) {
    while (orbits_[o].permutation == PermutationRule::SameParityAs) o = orbits_[o].parityOrbit;
    return o;
  };
  for (int root = 0; root < orbitCount; ++root) {
    if (rootOf(root) != root) continue;
    int varying = 0;
    bool even = false;
    for (int o = 0; o < orbitCount; ++o) {
      const Orbit& orbit = orbits_[o];
      if (rootOf(o) != root) continue;
      if (orbit.permutation == PermutationRule::Even ||
          orbit.permutation == PermutationRule::Fixed || (orbit.size < 2 && !orbit.hasIdentical)) {
        even = true;
      }
      if (orbit.permutation != PermutationRule::Fixed && orbit.size >= 2 && !orbit.hasIdentical) {
        ++varying;
      }
    }
    for (int i = even ? 0 : 1; i < varying; ++i) count /= 2;
  }
  count /= static_cast<std::uint32_t>(solvedStates_.size());
  return count;
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
  // With identical pieces, the rules apply to the best relabelling of a well-formed state.
  const auto wellFormed = [&] {
    if (static_cast<int>(s.pieces.size()) != positionCount_ ||
        static_cast<int>(s.ori.size()) != positionCount_) {
      return false;
    }
    for (const Orbit& orbit : orbits_) {
      std::bitset<256> seen;
      for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
        if (s.pieces[i] >= orbit.size || seen[s.pieces[i]] || s.ori[i] >= orbit.orientations) {
          return false;
        }
        seen[s.pieces[i]] = true;
      }
    }
    return true;
  };
  if (hasIdentical_ && wellFormed()) {
    State relabelled = s;
    relabelIdenticalForRules(relabelled);
    if (auto broken = checkRules(relabelled)) return broken;
  } else if (auto broken = checkRules(s)) {
    return broken;
  }
  if (spec_.deriveRules && !rulesAreExact() && !siftPosition(s).state) return kBeyondRules;
  return std::nullopt;
}

std::optional<std::string> Puzzle::checkRules(const State& s) const {
  if (static_cast<int>(s.pieces.size()) != positionCount_ ||
      static_cast<int>(s.ori.size()) != positionCount_) {
    return "the state has the wrong number of pieces";
  }
  std::vector<int> parities;
  for (const Orbit& orbit : orbits_) {
    const std::span<const std::uint8_t> pieces(s.pieces.data() + orbit.offset, orbit.size);
    std::bitset<256> seen;
    int orientationSum = 0;
    for (int i = 0; i < orbit.size; ++i) {
      if (pieces[i] >= orbit.size || seen[pieces[i]]) {
        return "the " + orbit.name + "s are not a permutation";
      }
      seen[pieces[i]] = true;
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

std::vector<int> Puzzle::randomMoves(std::mt19937_64& rng, int length, RandomMoveRule rule,
                                     std::span<const int> among) const {
  // Whether two moves commute, found when first asked: 0 not yet known, 1 they do, 2 they don't.
  const std::size_t count = moves_.size();
  std::vector<std::uint8_t> commuting(rule == RandomMoveRule::NoBaseTwiceInARow ? 0
                                                                                : count * count);
  const auto commute = [&](int a, int b) {
    std::uint8_t& known = commuting[a * count + b];
    if (known == 0) {
      known =
          compose(moves_[a].effect, moves_[b].effect) == compose(moves_[b].effect, moves_[a].effect)
              ? 1
              : 2;
      commuting[b * count + a] = known;
    }
    return known == 1;
  };
  const auto refused = [&](const std::vector<int>& before, int move) {
    if (rule == RandomMoveRule::NoBaseTwiceInARow) {
      return !before.empty() && moves_[move].base == moves_[before.back()].base;
    }
    for (auto it = before.rbegin(); it != before.rend() && commute(*it, move); ++it) {
      if (moves_[*it].base == moves_[move].base) return true;
    }
    return false;
  };
  std::vector<int> moves;
  while (static_cast<int>(moves.size()) < length) {
    const int move = among.empty() ? static_cast<int>(uniformBelow(rng, count))
                                   : among[uniformBelow(rng, among.size())];
    if (!refused(moves, move)) moves.push_back(move);
  }
  return moves;
}

State Puzzle::randomState(std::mt19937_64& rng) const {
  if (spec_.deriveRules && !rulesAreExact()) return *stateOfSlotPermutation(group().random(rng));
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
    for (int i = 0; i < orbit.size; ++i) appendValue(text, s.pieces[orbit.offset + i]);
    text += '.';
    for (int i = 0; i < orbit.size; ++i) appendValue(text, s.ori[orbit.offset + i]);
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
        const int value = readValue(text, at);
        if (value < 0) return std::nullopt;
        (part == 0 ? s.pieces : s.ori)[orbit.offset + i] = static_cast<std::uint8_t>(value);
      }
    }
  }
  if (at != text.size()) return std::nullopt;
  return s;
}

std::pair<int, int> Puzzle::slotPosition(int slot) const {
  const auto after = std::upper_bound(slotBase_.begin(), slotBase_.end(), slot);
  const int position = static_cast<int>(after - slotBase_.begin()) - 1;
  return {position, slot - slotBase_[position]};
}

std::vector<int> Puzzle::slotPermutation(const State& s) const {
  std::vector<int> perm(slotCount_);
  for (const Orbit& orbit : orbits_) {
    const int n = orbit.orientations;
    for (int i = 0; i < orbit.size; ++i) {
      const int from = orbit.slotOffset + i * n;
      const int to = orbit.slotOffset + s.pieces[orbit.offset + i] * n;
      for (int o = 0; o < n; ++o) perm[from + o] = to + (o + s.ori[orbit.offset + i]) % n;
    }
  }
  return perm;
}

std::optional<State> Puzzle::stateOfSlotPermutation(const std::vector<int>& perm) const {
  if (static_cast<int>(perm.size()) != slotCount_) return std::nullopt;
  State s = solved();
  for (const Orbit& orbit : orbits_) {
    const int n = orbit.orientations;
    std::bitset<256> seen;
    for (int i = 0; i < orbit.size; ++i) {
      const int image = perm[orbit.slotOffset + i * n] - orbit.slotOffset;
      if (image < 0 || image >= orbit.size * n || seen[image / n]) return std::nullopt;
      seen[image / n] = true;
      s.pieces[orbit.offset + i] = static_cast<std::uint8_t>(image / n);
      s.ori[orbit.offset + i] = static_cast<std::uint8_t>(image % n);
      for (int o = 0; o < n; ++o) {
        if (perm[orbit.slotOffset + i * n + o] !=
            orbit.slotOffset + (image / n) * n + (image % n + o) % n) {
          return std::nullopt;
        }
      }
    }
  }
  return s;
}

const Puzzle::GroupData& Puzzle::groupData() const {
  std::call_once(group_->once, [&] { buildGroupData(*group_); });
  return *group_;
}

const PermutationGroup& Puzzle::group() const { return *groupData().group; }

BigCount Puzzle::reachablePositions() const {
  const GroupData& data = groupData();
  if (!data.error.empty()) throw std::invalid_argument(data.error);
  return data.positions;
}

bool Puzzle::rulesAreExact() const {
  if (!spec_.deriveRules) return true;
  const GroupData& data = groupData();
  if (!data.error.empty()) throw std::invalid_argument(data.error);
  return data.exact;
}

// Parities of a slot permutation on each position orbit T (parity method), by column.
std::vector<std::uint8_t> Puzzle::twinParities(const GroupData& data,
                                               const std::vector<int>& perm) const {
  std::vector<std::uint8_t> parities(data.twins.size(), 0);
  for (std::size_t t = 0; t < data.twins.size(); ++t) {
    const std::vector<int>& positions = data.twins[t];
    int cycles = 0;
    std::map<int, bool> seen;
    for (int start : positions) {
      if (seen[start]) continue;
      ++cycles;
      for (int p = start; !seen[p]; p = slotPosition(perm[slotOf(p, 0)]).first) seen[p] = true;
    }
    parities[data.columnOf[t]] = static_cast<std::uint8_t>((positions.size() - cycles) & 1);
  }
  return parities;
}

void Puzzle::buildGroupData(GroupData& data) const {
  std::vector<std::vector<int>> generators;
  for (const Move& move : moves_) generators.push_back(slotPermutation(move.effect));

  // Identical pieces: the orbits of positions under the moves, and the subclasses.
  bool singleOrientation = true;
  if (hasIdentical_) {
    std::vector<int> parent(positionCount_);
    std::iota(parent.begin(), parent.end(), 0);
    const auto find = [&](int x) {
      while (parent[x] != x) x = parent[x] = parent[parent[x]];
      return x;
    };
    for (const Move& move : moves_) {
      for (const Orbit& orbit : orbits_) {
        for (int p = orbit.offset; p < orbit.offset + orbit.size; ++p) {
          const int a = find(p), b = find(orbit.offset + move.effect.pieces[p]);
          parent[std::max(a, b)] = std::min(a, b);
        }
      }
    }
    data.positionOrbit.resize(positionCount_);
    for (int p = 0; p < positionCount_; ++p) data.positionOrbit[p] = find(p);
    for (int o = 0; o < static_cast<int>(orbits_.size()); ++o) {
      const Orbit& orbit = orbits_[o];
      if (!orbit.hasIdentical) continue;
      singleOrientation = singleOrientation && orbit.orientations == 1;
      for (int q = 0; q < orbit.size; ++q) {
        data.subclasses[{o, orbit.identicalClass[q], data.positionOrbit[orbit.offset + q]}]
            .push_back(q);
      }
    }
  }
  PermutationGroup::Options options;
  if (hasIdentical_ && singleOrientation) {
    for (const Orbit& orbit : orbits_) {
      if (orbit.hasIdentical) continue;
      for (int slot = orbit.slotOffset; slot < orbit.slotOffset + orbit.size * orbit.orientations;
           ++slot) {
        options.initialBase.push_back(slot);
      }
    }
  }
  data.distinctLevels = static_cast<int>(options.initialBase.size());
  data.group = std::make_unique<PermutationGroup>(slotCount_, generators, options);
  const PermutationGroup& group = *data.group;
  BigCount positions = group.order();

  std::uint32_t rotationsInGroup = 0;
  for (const State& rotation : solvedStates_) {
    if (group.contains(slotPermutation(rotation))) {
      ++rotationsInGroup;
    } else {
      data.rotationsOutside.push_back(rotation);
    }
  }

  if (hasIdentical_) {
    // The positions count once per relabelling the moves make: |G| / |K| for K = G ∩ H, where H
    // holds the relabellings of identical pieces. K lies in H' ≤ H, the relabellings within the
    // subclasses (an element of G keeps each piece in the orbit of positions of its home).
    const State identity = solved();
    const auto cycleState = [&](const std::vector<int>& positionCycle) {
      State h = identity;
      for (std::size_t i = 0; i < positionCycle.size(); ++i) {
        h.pieces[positionCycle[i]] = identity.pieces[positionCycle[(i + 1) % positionCycle.size()]];
      }
      return h;
    };
    // The parity method. When every orbit with identical pieces has one orientation and the
    // moves 3-cycle the positions of each of its orbits T freely (fixing all else), G_D, the
    // elements of G that fix the other orbits' slots, is {g permuting each T : ε(g) ∈ U}, ε the
    // vector of g's parities on the T and U = ε(G_D), spanned by the parities of the strong
    // generators of G_D (the chain's level after the other orbits' slots). Then K =
    // {h ∈ H' : ε(h) ∈ U}, and H'/K has 2^(|Q| - dim(U ∩ Q)) elements, Q spanned by the T
    // holding two identical pieces (whose swap makes any parity there).
    data.parityMethod = singleOrientation;
    std::map<int, int> twinOf;
    for (int o = 0; o < static_cast<int>(orbits_.size()) && data.parityMethod; ++o) {
      const Orbit& orbit = orbits_[o];
      if (!orbit.hasIdentical) continue;
      for (int p = orbit.offset; p < orbit.offset + orbit.size; ++p) {
        const auto [at, added] =
            twinOf.try_emplace(data.positionOrbit[p], static_cast<int>(data.twins.size()));
        if (added) data.twins.emplace_back();
        data.twins[at->second].push_back(p);
      }
    }
    for (const std::vector<int>& twin : data.twins) {
      for (std::size_t j = 2; j < twin.size() && data.parityMethod; ++j) {
        data.parityMethod =
            group.contains(slotPermutation(cycleState({twin[0], twin[1], twin[j]})));
      }
    }
    if (data.parityMethod) {
      const int columns = static_cast<int>(data.twins.size());
      data.twinSwap.assign(columns, {-1, -1});
      std::vector<int> order;  // twins without two identical pieces first
      std::vector<std::pair<int, int>> swapOf(columns, {-1, -1});
      for (const auto& [key, members] : data.subclasses) {
        if (members.size() < 2) continue;
        const int offset = orbits_[std::get<0>(key)].offset;
        swapOf[twinOf.at(std::get<2>(key))] = {offset + members[0], offset + members[1]};
      }
      for (int pass = 0; pass < 2; ++pass) {
        for (int t = 0; t < columns; ++t) {
          if ((swapOf[t].first >= 0) == (pass == 1)) order.push_back(t);
        }
      }
      data.columnOf.assign(columns, 0);
      data.hasTwins.assign(columns, false);
      for (int c = 0; c < columns; ++c) {
        data.columnOf[order[c]] = c;
        data.hasTwins[c] = swapOf[order[c]].first >= 0;
        data.twinSwap[c] = swapOf[order[c]];
      }
      int twinDimensions = 0, twinRank = 0;
      for (int c = 0; c < columns; ++c) twinDimensions += data.hasTwins[c];
      for (const auto& generator : group.stabilizerGenerators(data.distinctLevels)) {
        std::vector<std::uint8_t> row = twinParities(data, generator);
        for (std::size_t r = 0; r < data.basis.size(); ++r) {
          if (row[data.pivot[r]]) {
            for (int c = 0; c < columns; ++c) row[c] ^= data.basis[r][c];
          }
        }
        const auto lead = std::find(row.begin(), row.end(), 1);
        if (lead == row.end()) continue;
        data.pivot.push_back(static_cast<int>(lead - row.begin()));
        data.basis.push_back(std::move(row));
        twinRank += data.hasTwins[data.pivot.back()];
      }
      for (int i = twinRank; i < twinDimensions; ++i) positions *= 2u;
    } else {
      // Otherwise, one subclass at a time when the moves 3-cycle each subclass freely: K then
      // holds H's even part, is normal in H', and H'/K is a product of Z2s, found by trying
      // each subclass's transposition against the cosets found so far (data.relabellings).
      const auto relabelling = [&](int o, const std::vector<int>& cycle) {
        std::vector<int> positionCycle;
        for (int q : cycle) positionCycle.push_back(orbits_[o].offset + q);
        return cycleState(positionCycle);
      };
      data.relabellings = {solved()};
      for (const auto& [key, members] : data.subclasses) {
        const int o = std::get<0>(key);
        for (std::size_t j = 2; j < members.size() && data.error.empty(); ++j) {
          if (!group.contains(
                  slotPermutation(relabelling(o, {members[0], members[1], members[j]})))) {
            data.error = "puzzle '" + spec_.id + "': no sequence of moves cycles three identical " +
                         orbits_[o].name + "s alone (identical pieces need that)";
          }
        }
        if (members.size() < 2 || !data.error.empty()) continue;
        const State swap = relabelling(o, {members[0], members[1]});
        const bool known = std::any_of(
            data.relabellings.begin(), data.relabellings.end(),
            [&](const State& r) { return group.contains(slotPermutation(compose(r, swap))); });
        if (known) continue;
        const std::size_t count = data.relabellings.size();
        if (count >= 256) {
          data.error =
              "puzzle '" + spec_.id + "': too many independent parities of identical pieces";
          break;
        }
        for (std::size_t r = 0; r < count; ++r) {
          data.relabellings.push_back(compose(data.relabellings[r], swap));
        }
      }
      positions *= static_cast<std::uint32_t>(data.relabellings.size());
    }
    // |G|·[H':K] / |H'|, the divisions last: each step stays whole.
    for (const auto& [key, members] : data.subclasses) {
      for (int k = 2; k <= static_cast<int>(members.size()); ++k) {
        positions /= static_cast<std::uint32_t>(k);
      }
    }
  }
  // A derived puzzle's unmarked rotations are those whose colouring the moves reach, some only
  // with identical pieces interchanged (a Helicopter cube's; geometry/described.cpp): each is one
  // position held another way.
  positions /= spec_.deriveRules && hasIdentical_ ? static_cast<std::uint32_t>(solvedStates_.size())
                                                  : rotationsInGroup;
  data.positions = positions;
  data.exact = data.error.empty() && positions == ruleCount();
}

Puzzle::GroupSift Puzzle::siftPosition(const State& s) const {
  const GroupData& data = groupData();
  if (!data.error.empty()) throw std::invalid_argument(data.error);
  const PermutationGroup& group = *data.group;
  GroupSift result;
  int furthest = -2;
  const auto blame = [&](int level, int position) {
    if (level <= furthest) return;
    furthest = level;
    result.position = position;
  };
  std::vector<const State*> rotations = {nullptr};
  for (const State& rotation : data.rotationsOutside) rotations.push_back(&rotation);
  for (const State* rotation : rotations) {
    // `turned` shows at position i what s shows at position original(i).
    const State turned = rotation ? compose(s, *rotation) : s;
    const auto original = [&](int position) {
      if (!rotation) return position;
      for (const Orbit& orbit : orbits_) {
        if (position < orbit.offset + orbit.size) return orbit.offset + rotation->pieces[position];
      }
      return position;
    };
    if (!hasIdentical_) {
      const PermutationGroup::Sift sift = group.sift(slotPermutation(turned));
      if (sift.member) {
        result.state = turned;
        result.position = -1;
        return result;
      }
      blame(sift.level, original(slotPosition(sift.point).first));
      continue;
    }
    // Identical pieces relabelled so that each lies in the orbit of positions of its home.
    State u = turned;
    bool fits = true;
    std::map<std::tuple<int, int, int>, std::size_t> used;
    for (int o = 0; o < static_cast<int>(orbits_.size()) && fits; ++o) {
      const Orbit& orbit = orbits_[o];
      if (!orbit.hasIdentical) continue;
      for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
        const std::tuple<int, int, int> key{o, orbit.identicalClass[turned.pieces[i]],
                                            data.positionOrbit[i]};
        const auto members = data.subclasses.find(key);
        std::size_t& next = used[key];
        if (members == data.subclasses.end() || next >= members->second.size()) {
          fits = false;
          blame(-1, original(i));
          break;
        }
        u.pieces[i] = static_cast<std::uint8_t>(members->second[next++]);
      }
    }
    if (!fits) continue;
    if (!data.parityMethod) {
      for (const State& relabelling : data.relabellings) {
        State candidate = compose(relabelling, u);
        const PermutationGroup::Sift sift = group.sift(slotPermutation(candidate));
        if (sift.member) {
          result.state = std::move(candidate);
          result.position = -1;
          return result;
        }
        blame(sift.level, original(slotPosition(sift.point).first));
      }
      continue;
    }
    // The parity method: u⁻¹ sifted through the other orbits' levels leaves w in G_D·(u's
    // relabelling) terms; u relabelled by h is in G when ε(w) + ε(h) ∈ U, for h swapping
    // identical pieces where the reduced ε(w) has a 1.
    const std::vector<int> forward = slotPermutation(u);
    std::vector<int> w(forward.size());
    for (std::size_t x = 0; x < forward.size(); ++x) w[forward[x]] = static_cast<int>(x);
    const std::vector<int> inverse = w;
    const PermutationGroup::Sift sift = group.siftThrough(w, data.distinctLevels);
    if (!sift.member) {
      blame(sift.level, original(slotPosition(inverse[sift.point]).first));
      continue;
    }
    std::vector<std::uint8_t> parities = twinParities(data, w);
    for (std::size_t r = 0; r < data.basis.size(); ++r) {
      if (!parities[data.pivot[r]]) continue;
      for (std::size_t c = 0; c < parities.size(); ++c) parities[c] ^= data.basis[r][c];
    }
    State candidate = u;
    bool reachable = true;
    for (std::size_t c = 0; c < parities.size() && reachable; ++c) {
      if (!parities[c]) continue;
      if (!data.hasTwins[c]) {
        reachable = false;
        break;
      }
      const auto [a, b] = data.twinSwap[c];
      State swap = solved();
      std::swap(swap.pieces[a], swap.pieces[b]);
      candidate = compose(swap, candidate);
    }
    if (!reachable) {
      // An odd permutation where no two identical pieces can absorb it: blame the first
      // position of that orbit holding a piece not its own.
      int column = 0;
      while (!parities[column] || data.hasTwins[column]) ++column;
      const std::vector<int>* twin = nullptr;
      for (std::size_t t = 0; t < data.twins.size(); ++t) {
        if (data.columnOf[t] == column) twin = &data.twins[t];
      }
      const State identity = solved();
      int position = twin->front();
      for (int p : *twin) {
        if (u.pieces[p] != identity.pieces[p]) {
          position = p;
          break;
        }
      }
      blame(data.distinctLevels, original(position));
      continue;
    }
    if (group.contains(slotPermutation(candidate))) {
      result.state = std::move(candidate);
      result.position = -1;
      return result;
    }
  }
  return result;
}

}  // namespace polytwist
