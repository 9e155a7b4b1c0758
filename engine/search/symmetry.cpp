#include "search/symmetry.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string_view>
#include <tuple>
#include <vector>

namespace polytwist {
namespace {
constexpr int kMaxGroupSize = 1024;

[[noreturn]] void failSymmetries(const Puzzle& puzzle, const std::string& what) {
  throw std::invalid_argument(puzzle.id() + " symmetries: " + what);
}

// The words of `text` between blanks. Not std::istringstream: streams pull libc++'s locale
// machinery (about 80 KB) into the WebAssembly engine (docs/benchmarks.md, issue 14).
std::vector<std::string> whitespaceWords(std::string_view text) {
  std::vector<std::string> words;
  const auto blank = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
  };
  for (std::size_t at = 0; at < text.size();) {
    while (at < text.size() && blank(text[at])) ++at;
    const std::size_t start = at;
    while (at < text.size() && !blank(text[at])) ++at;
    if (at > start) words.emplace_back(text.substr(start, at - start));
  }
  return words;
}
}  // namespace

SymmetryGroup::SymmetryGroup(const Puzzle& puzzle) : puzzle_(puzzle) {
  const int facelets = puzzle.faceletCount();
  std::map<std::string, int, std::less<>> faceletByName;
  for (int f = 0; f < facelets; ++f) faceletByName[puzzle.faceletName(f)] = f;

  // Generators as sticker permutations: each cycle sends its first sticker to its second, ...
  std::vector<std::vector<int>> generatorFacelets;
  std::vector<bool> generatorMirror;
  auto addGenerators = [&](const auto& list, bool mirror) {
    for (const auto& [name, cycles] : list) {
      std::vector<int> image(facelets);
      for (int f = 0; f < facelets; ++f) image[f] = f;
      for (const std::string& cycle : cycles) {
        std::vector<int> stickers;
        for (const std::string& word : whitespaceWords(cycle)) {
          const auto found = faceletByName.find(word);
          if (found == faceletByName.end()) failSymmetries(puzzle, name + ": no sticker " + word);
          stickers.push_back(found->second);
        }
        for (std::size_t i = 0; i < stickers.size(); ++i) {
          image[stickers[i]] = stickers[(i + 1) % stickers.size()];
        }
      }
      generatorNames_.push_back(name);
      generatorFacelets.push_back(std::move(image));
      generatorMirror.push_back(mirror);
    }
  };
  addGenerators(puzzle.spec().symmetries, false);
  addGenerators(puzzle.spec().reflections, true);

  // Breadth-first closure, so each element's name is a shortest word.
  std::map<std::vector<int>, int> indexOf;
  std::vector<bool> mirror;
  std::vector<int> identity(facelets);
  for (int f = 0; f < facelets; ++f) identity[f] = f;
  elements_.push_back({});
  elements_[0].facelets = identity;
  mirror.push_back(false);
  indexOf[identity] = 0;
  std::vector<std::string> names = {""};
  for (std::size_t next = 0; next < elements_.size(); ++next) {
    for (std::size_t g = 0; g < generatorFacelets.size(); ++g) {
      std::vector<int> product(facelets);
      for (int f = 0; f < facelets; ++f) {
        product[f] = generatorFacelets[g][elements_[next].facelets[f]];
      }
      if (indexOf.count(product)) continue;
      if (static_cast<int>(elements_.size()) >= kMaxGroupSize)
        failSymmetries(puzzle, "group too large");
      indexOf[product] = static_cast<int>(elements_.size());
      elements_.push_back({});
      elements_.back().facelets = std::move(product);
      mirror.push_back(mirror[next] != generatorMirror[g]);
      names.push_back(names[next].empty() ? generatorNames_[g]
                                          : names[next] + " " + generatorNames_[g]);
    }
  }
  for (std::size_t s = 0; s < elements_.size(); ++s) {
    std::vector<int> image = std::move(elements_[s].facelets);
    elements_[s] = derive(names[s], std::move(image), mirror[s]);
  }
  // Words such as "y y" read better as "y2".
  for (Element& element : elements_) {
    std::vector<std::pair<std::string, int>> runs;
    for (const std::string& word : whitespaceWords(element.name)) {
      if (!runs.empty() && runs.back().first == word) {
        ++runs.back().second;
      } else {
        runs.push_back({word, 1});
      }
    }
    element.name.clear();
    for (const auto& [word, count] : runs) {
      if (!element.name.empty()) element.name += ' ';
      element.name += word + (count == 2 ? "2" : count == 3 ? "'" : "");
    }
  }
  const int n = size();
  product_.resize(static_cast<std::size_t>(n) * n);
  inverse_.resize(n);
  for (int s = 0; s < n; ++s) {
    for (int t = 0; t < n; ++t) {
      std::vector<int> product(facelets);
      for (int f = 0; f < facelets; ++f)
        product[f] = elements_[t].facelets[elements_[s].facelets[f]];
      product_[s * n + t] = indexOf.at(product);
      if (product_[s * n + t] == 0) inverse_[s] = t;
    }
  }
  for (std::size_t g = 0; g < generatorFacelets.size(); ++g) {
    generators_.push_back(indexOf.at(generatorFacelets[g]));
  }
}

SymmetryGroup::Element SymmetryGroup::derive(std::string name, std::vector<int> facelets,
                                             bool mirror) const {
  Element element;
  element.name = std::move(name);
  element.sign = mirror ? -1 : 1;
  element.to.resize(puzzle_.positionCount());
  element.shift.resize(puzzle_.positionCount());
  for (const Orbit& orbit : puzzle_.orbits()) {
    const int n = orbit.stickersPerPiece;
    const int step = n / orbit.orientations;
    int firstShift = -1;
    for (int i = 0; i < orbit.size; ++i) {
      const auto [target, slot] = puzzle_.faceletOwner(facelets[orbit.facelets[i][0]]);
      if (target < orbit.offset || target >= orbit.offset + orbit.size) {
        failSymmetries(puzzle_,
                       element.name + " does not map " + orbit.name + "s onto " + orbit.name + "s");
      }
      const std::vector<int>& stickers = orbit.facelets[target - orbit.offset];
      for (int k = 0; k < n; ++k) {
        const int expected = stickers[((slot + element.sign * k) % n + n) % n];
        if (facelets[orbit.facelets[i][k]] != expected) {
          failSymmetries(puzzle_, element.name + " does not map the stickers of each " +
                                      orbit.name + " onto one " + orbit.name +
                                      (mirror ? " in reverse order" : " in order"));
        }
      }
      if (firstShift < 0) firstShift = slot;
      if ((slot - firstShift) % step != 0) {
        failSymmetries(puzzle_,
                       element.name + " turns " + orbit.name + "s by unequal orientation steps");
      }
      element.to[orbit.offset + i] = static_cast<std::uint8_t>(target);
      element.shift[orbit.offset + i] = static_cast<std::uint8_t>(
          (((slot - firstShift) / step) % orbit.orientations + orbit.orientations) %
          orbit.orientations);
    }
  }
  element.facelets = std::move(facelets);
  for (const Move& move : puzzle_.moves()) {
    const State image = act(element, move.effect);
    int mapped = -1;
    for (int m = 0; m < static_cast<int>(puzzle_.moves().size()); ++m) {
      if (puzzle_.moves()[m].effect == image) mapped = m;
    }
    if (mapped < 0)
      failSymmetries(puzzle_, element.name + " does not map " + move.name + " onto a move");
    element.moveMap.push_back(mapped);
  }
  return element;
}

bool mapsGoalsToGoals(const std::vector<State>& goals,
                      const std::function<State(const State&)>& seen) {
  const auto less = [](const State& a, const State& b) {
    return std::tie(a.pieces, a.ori) < std::tie(b.pieces, b.ori);
  };
  std::vector<State> sorted = goals;
  std::sort(sorted.begin(), sorted.end(), less);
  return std::all_of(goals.begin(), goals.end(), [&](const State& goal) {
    return std::binary_search(sorted.begin(), sorted.end(), seen(goal), less);
  });
}

State SymmetryGroup::conjugate(int s, const State& state) const { return act(elements_[s], state); }

// Position i's piece p with orientation o goes to position to[i] as piece to[p], with
// orientation sign·o + shift[i] - shift[p] (the sticker offsets of both positions' images).
State SymmetryGroup::act(const Element& element, const State& state) const {
  State image = state;
  for (const Orbit& orbit : puzzle_.orbits()) {
    const int o = orbit.orientations;
    for (int i = orbit.offset; i < orbit.offset + orbit.size; ++i) {
      const int piece = orbit.offset + state.pieces[i];
      const int to = element.to[i];
      image.pieces[to] = static_cast<std::uint8_t>(element.to[piece] - orbit.offset);
      image.ori[to] = static_cast<std::uint8_t>(
          ((element.sign * state.ori[i] + element.shift[i] - element.shift[piece]) % o + 2 * o) %
          o);
    }
  }
  return image;
}

std::optional<int> SymmetryGroup::find(std::string_view word) const {
  int result = 0;
  auto generatorNamed = [&](const std::string& name) {
    for (std::size_t g = 0; g < generatorNames_.size(); ++g) {
      if (generatorNames_[g] == name) return generators_[g];
    }
    return -1;
  };
  for (std::string token : whitespaceWords(word)) {
    // A generator's own name first ("x2" may name one), then a name with a power.
    int power = 1;
    int generator = generatorNamed(token);
    if (generator < 0 && token.size() > 1 && (token.back() == '\'' || token.back() == '2')) {
      power = token.back() == '2' ? 2 : 3;
      token.pop_back();
      generator = generatorNamed(token);
    }
    if (generator < 0) return std::nullopt;
    for (int p = 0; p < power; ++p) result = compose(result, generator);
  }
  return result;
}

std::vector<int> SymmetryGroup::subgroup(const std::vector<int>& generators) const {
  std::vector<bool> member(size(), false);
  std::vector<int> elements = {0};
  member[0] = true;
  for (std::size_t next = 0; next < elements.size(); ++next) {
    for (int g : generators) {
      const int product = compose(elements[next], g);
      if (!member[product]) {
        member[product] = true;
        elements.push_back(product);
      }
    }
  }
  std::vector<int> sorted;
  for (int s = 0; s < size(); ++s) {
    if (member[s]) sorted.push_back(s);
  }
  return sorted;
}

std::vector<int> SymmetryGroup::cosetRepresentatives(const std::vector<int>& subgroup) const {
  // Frames g and compose(g, h) see the same table value: S_h·x·S_h⁻¹ looks like x to the table.
  std::vector<bool> covered(size(), false);
  std::vector<int> representatives;
  for (int g = 0; g < size(); ++g) {
    if (covered[g]) continue;
    representatives.push_back(g);
    for (int h : subgroup) covered[compose(g, h)] = true;
  }
  return representatives;
}

}  // namespace polytwist
