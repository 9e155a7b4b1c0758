#include "geometry/described.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <numbers>
#include <stdexcept>

#include "core/permutation_group.hpp"
#include "geometry/puzzle_spec.hpp"
#include "geometry/relabel.hpp"

namespace polytwist::geometry {
namespace {

// Turns of the whole puzzle that its moves can make (the Dino cube's twelve, a Pyraminx
// Crystal's sixty) make positions that differ by them one position: they join the unmarked
// rotations, each added as a symmetry of its own unless those already there generate it.
void addReachableRotations(PuzzleSpec& spec, const Geometry& geometry) {
  // Nothing to find when every axis turns whole (all rotations are unmarked already) or when a
  // sticker never moves (a rotation would move it: a 3x3x3's centres).
  const bool allTurnWhole =
      std::all_of(geometry.axes.begin(), geometry.axes.end(),
                  [](const Axis& axis) { return axis.heldSlab < 0 && axis.bothEnds; });
  std::size_t moving = 0;
  for (const OrbitSpec& orbit : spec.orbits) {
    for (const std::string& piece : orbit.pieces)
      moving += std::count(piece.begin(), piece.end(), ' ') + 1;
  }
  if (allTurnWhole || moving < geometry.stickers.size()) return;
  const Puzzle puzzle(spec);
  std::vector<State> rotations = {puzzle.solved()};
  for (std::size_t i = 0; i < rotations.size(); ++i) {
    for (const Symmetry& symmetry : puzzle.symmetries()) {
      State next = puzzle.compose(rotations[i], symmetry.effect);
      if (std::find(rotations.begin(), rotations.end(), next) == rotations.end()) {
        rotations.push_back(std::move(next));
      }
    }
  }
  // A rotation that moves a fixed sticker (a 3x3x3's centre) shows another position.
  std::vector<bool> fixedSticker(puzzle.faceletCount());
  for (int f = 0; f < puzzle.faceletCount(); ++f)
    fixedSticker[f] = puzzle.faceletOwner(f).first < 0;
  const bool anyFixed =
      std::find(fixedSticker.begin(), fixedSticker.end(), true) != fixedSticker.end();
  // With identical pieces, a rotation shows a reachable position when some interchange of
  // identical pieces makes it a move product. Tested in the group of the moves and those
  // interchanges (which holds every such product; docs/geometry.md says what this assumes).
  std::unique_ptr<PermutationGroup> withInterchanges;
  if (puzzle.hasIdenticalPieces()) {
    std::vector<PermutationGroup::Permutation> generators;
    for (const Move& move : puzzle.moves())
      generators.push_back(puzzle.slotPermutation(move.effect));
    for (const Orbit& orbit : puzzle.orbits()) {
      for (int a = 0; a < orbit.size; ++a) {
        for (int b = a + 1; b < orbit.size; ++b) {
          if (orbit.identicalClass.empty() || orbit.identicalClass[a] != orbit.identicalClass[b]) {
            continue;
          }
          State swap = puzzle.solved();
          std::swap(swap.pieces[orbit.offset + a], swap.pieces[orbit.offset + b]);
          generators.push_back(puzzle.slotPermutation(swap));
          break;  // a with its next twin: the transpositions of a chain generate the class
        }
      }
    }
    withInterchanges = std::make_unique<PermutationGroup>(puzzle.slotCount(), generators);
  }
  std::vector<State> generated = puzzle.solvedStates();
  std::vector<State> added;
  for (const State& rotation : rotations) {
    if (anyFixed) break;
    if (std::find(generated.begin(), generated.end(), rotation) != generated.end()) continue;
    // Reachable as a position: with identical pieces interchanged if need be (a Helicopter
    // cube's centres of one colour).
    if (!puzzle.siftPosition(rotation).state &&
        !(withInterchanges && withInterchanges->contains(puzzle.slotPermutation(rotation)))) {
      continue;
    }
    added.push_back(rotation);
    for (std::size_t i = 0; i < generated.size(); ++i) {
      for (const State& generator : added) {
        State next = puzzle.compose(generated[i], generator);
        if (std::find(generated.begin(), generated.end(), next) == generated.end()) {
          generated.push_back(std::move(next));
        }
      }
    }
  }
  for (std::size_t i = 0; i < added.size(); ++i) {
    // As sticker cycles: where each sticker goes.
    const std::vector<int> sources = puzzle.faceletSources(added[i]);
    std::vector<int> to(sources.size());
    std::vector<std::string> names(sources.size());
    for (std::size_t f = 0; f < sources.size(); ++f) {
      to[sources[f]] = static_cast<int>(f);
      names[f] = puzzle.faceletName(static_cast<int>(f));
    }
    const std::vector<std::string> cycles = stickerCycles(to, names);
    const std::string name = "reachableRotation" + std::to_string(i + 1);
    spec.symmetries.push_back({name, cycles});
    spec.unmarkedRotation += (spec.unmarkedRotation.empty() ? "" : " ") + name;
  }
}

}  // namespace

std::variant<PuzzleSpec, std::string> describedPuzzle(const std::string& id,
                                                      const std::string& name,
                                                      const std::string& description) {
  const ParsedDescription parsed = parseDescription(description);
  if (!parsed.description) return parsed.error.message;
  Derivation derivation = derive(*parsed.description);
  if (const auto* error = std::get_if<std::string>(&derivation.result)) return *error;
  auto spec = puzzleSpec(std::get<Geometry>(derivation.result), id, name);
  if (auto* built = std::get_if<PuzzleSpec>(&spec)) {
    built->geometry = description;
    built->picture.solid = PictureSpec::Solid::Derived;
    // Pictures look from where the 3D player's camera starts.
    const Vec3 view = std::get<Geometry>(derivation.result).solid.view.unit();
    built->picture.azimuth = std::atan2(view.x, view.z) * 180 / std::numbers::pi;
    built->picture.elevation = std::asin(view.y) * 180 / std::numbers::pi;
    try {
      addReachableRotations(*built, std::get<Geometry>(derivation.result));
    } catch (const std::invalid_argument& error) {
      return std::string("the description's moves cannot be modelled: ") + error.what();
    }
  }
  return spec;
}

std::vector<std::pair<std::string, std::string>> descriptionNames(const Puzzle& puzzle) {
  const std::string& notation = puzzle.spec().descriptionNotation;
  for (const NotationSpec& spec : puzzle.spec().notations) {
    if (spec.name == notation) return spec.faceNames;
  }
  return {};
}

namespace {

std::unique_ptr<Geometry> derivedGeometry(const std::string& description) {
  const ParsedDescription parsed = parseDescription(description);
  if (!parsed.description) return nullptr;
  Derivation derivation = derive(*parsed.description);
  auto* geometry = std::get_if<Geometry>(&derivation.result);
  if (!geometry) return nullptr;
  return std::make_unique<Geometry>(std::move(*geometry));
}

// `g` in the numbering of `puzzle`, whose sticker i is g's sticker phi[i]: its faces in the
// puzzle's order with the puzzle's names, letters and colours, its stickers, slabs and pieces
// renumbered. The solid's shape and the axes stay.
Geometry relabelled(const Geometry& g, const Puzzle& puzzle, const std::vector<int>& phi) {
  const int n = static_cast<int>(phi.size());
  const int faceCount = static_cast<int>(puzzle.spec().faces.size());
  std::vector<int> faceFrom(faceCount), faceTo(g.solid.faces.size());
  for (int s = 0; s < n; ++s) {
    faceFrom[puzzle.faceOfFacelet(s)] = g.stickers[phi[s]].face;
    faceTo[g.stickers[phi[s]].face] = puzzle.faceOfFacelet(s);
  }
  std::vector<int> inverse(n);
  for (int s = 0; s < n; ++s) inverse[phi[s]] = s;
  Geometry out = g;
  for (int f = 0; f < faceCount; ++f) {
    const FaceSpec& face = puzzle.spec().faces[f];
    out.solid.faces[f] = g.solid.faces[faceFrom[f]];
    out.solid.faces[f].name = face.name;
    out.solid.faces[f].letter = face.letter;
    out.solid.faces[f].colour = face.colour;
  }
  for (SolidVertex& vertex : out.solid.vertices) {
    for (int& face : vertex.faces) face = faceTo[face];
  }
  out.faceFirstSticker.assign(faceCount, n);
  for (int s = n - 1; s >= 0; --s) {
    out.stickers[s] = g.stickers[phi[s]];
    out.stickers[s].face = puzzle.faceOfFacelet(s);
    out.faceFirstSticker[out.stickers[s].face] = s;
    out.pieceOf[s] = g.pieceOf[phi[s]];
    for (std::size_t a = 0; a < g.axes.size(); ++a) out.slabOf[a][s] = g.slabOf[a][phi[s]];
  }
  for (std::vector<int>& piece : out.pieces) {
    for (int& s : piece) s = inverse[s];
  }
  return out;
}

// A hand-declared puzzle's description's geometry in its numbering, or nullptr when the
// description does not derive or its moves are not the puzzle's (a unit test over every puzzle
// rules that out).
std::unique_ptr<Geometry> describedGeometry(const Puzzle& puzzle) {
  const std::unique_ptr<Geometry> geometry = derivedGeometry(puzzle.spec().description);
  if (!geometry) return nullptr;
  const auto spec = describedPuzzle(puzzle.id(), puzzle.spec().name, puzzle.spec().description);
  if (!std::holds_alternative<PuzzleSpec>(spec)) return nullptr;
  const Puzzle derived(std::get<PuzzleSpec>(spec));
  const auto names = descriptionNames(puzzle);
  for (int move = 0; move < static_cast<int>(puzzle.moves().size()); ++move) {
    if (!derived.findMove(moveNameIn(names, puzzle, move))) return nullptr;
  }
  const std::vector<int> phi = relabelling(puzzle, derived, names);
  if (phi.empty()) return nullptr;
  return std::make_unique<Geometry>(relabelled(*geometry, puzzle, phi));
}

}  // namespace

const Geometry* geometryOf(const Puzzle& puzzle) {
  const PuzzleSpec& spec = puzzle.spec();
  if (spec.geometry.empty() && spec.description.empty()) return nullptr;
  static std::mutex mutex;
  // Derived puzzles by their description; hand-declared ones by their id, in their numbering.
  static std::map<std::string, std::unique_ptr<Geometry>> cache;
  const std::lock_guard lock(mutex);
  const std::string key = spec.geometry.empty() ? "id " + spec.id : spec.geometry;
  auto& entry = cache[key];
  if (!entry) {
    entry = spec.geometry.empty() ? describedGeometry(puzzle) : derivedGeometry(spec.geometry);
  }
  return entry.get();
}

}  // namespace polytwist::geometry
