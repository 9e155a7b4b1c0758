#include "core/permutation_group.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "core/random.hpp"

namespace polytwist {

PermutationGroup::PermutationGroup(int degree, const std::vector<Permutation>& generators)
    : PermutationGroup(degree, generators, Options{}) {}

PermutationGroup::PermutationGroup(int degree, const std::vector<Permutation>& generators,
                                   Options options)
    : degree_(degree), options_(std::move(options)) {
  if (degree < 1 || degree > 65535) {
    throw std::invalid_argument("permutation group: degree " + std::to_string(degree) +
                                " is not in 1..65535");
  }
  const int n = degree_;
  preferenceRank_.assign(n, n);
  for (std::size_t i = 0; i < options_.basePreference.size(); ++i) {
    const int point = options_.basePreference[i];
    if (point >= 0 && point < n && preferenceRank_[point] == n) {
      preferenceRank_[point] = static_cast<int>(i);
    }
  }
  for (int point : options_.initialBase) {
    if (point < 0 || point >= n) {
      throw std::invalid_argument("permutation group: a base point out of range");
    }
    if (std::any_of(levels_.begin(), levels_.end(),
                    [&](const Level& level) { return level.point == point; })) {
      continue;
    }
    levels_.push_back(newLevel(point));
  }
  std::vector<std::vector<Point>> gens;
  for (const Permutation& perm : generators) {
    std::vector<bool> seen(n, false);
    if (static_cast<int>(perm.size()) != n) {
      throw std::invalid_argument("permutation group: a generator of the wrong size");
    }
    std::vector<Point> g(n);
    for (int i = 0; i < n; ++i) {
      if (perm[i] < 0 || perm[i] >= n || seen[perm[i]]) {
        throw std::invalid_argument("permutation group: a generator is no permutation");
      }
      seen[perm[i]] = true;
      g[i] = static_cast<Point>(perm[i]);
    }
    if (!isIdentity(g)) gens.push_back(std::move(g));
  }
  if (gens.empty()) return;

  for (const std::vector<Point>& g : gens) siftAndAdd(g);

  // Product replacement (Celler, Leedham-Green, Murray, Niemeyer, O'Brien): a pool of products of
  // the generators, each step multiplying one by another (or its inverse) and the accumulator by
  // the result; its elements soon look uniformly random.
  std::mt19937_64 rng(options_.seed);
  const std::size_t poolSize = std::max<std::size_t>(10, gens.size() + 1);
  std::vector<std::vector<Point>> pool;
  for (std::size_t i = 0; i < poolSize; ++i) pool.push_back(gens[i % gens.size()]);
  std::vector<Point> accumulator(n), scratch(n), bInverse(n);
  std::iota(accumulator.begin(), accumulator.end(), Point{0});
  auto step = [&] {
    const std::size_t i = uniformBelow(rng, poolSize);
    std::size_t j = uniformBelow(rng, poolSize - 1);
    if (j >= i) ++j;
    std::vector<Point>& a = pool[i];
    const std::vector<Point>& b = pool[j];
    if (uniformBelow(rng, 2) == 0) {
      for (int x = 0; x < n; ++x) scratch[x] = b[a[x]];  // a then b
    } else {
      for (int x = 0; x < n; ++x) bInverse[b[x]] = static_cast<Point>(x);
      for (int x = 0; x < n; ++x) scratch[x] = bInverse[a[x]];  // a then b⁻¹
    }
    a.swap(scratch);
    for (int x = 0; x < n; ++x) scratch[x] = a[accumulator[x]];  // accumulator then a
    accumulator.swap(scratch);
    return accumulator;
  };
  for (int warmUp = 0; warmUp < 60; ++warmUp) step();
  for (int sifted = 0; sifted < options_.confidence;) {
    sifted = siftAndAdd(step()) ? 0 : sifted + 1;
  }
}

bool PermutationGroup::isIdentity(const std::vector<Point>& g) const {
  for (int i = 0; i < degree_; ++i) {
    if (g[i] != i) return false;
  }
  return true;
}

int PermutationGroup::siftFrom(std::vector<Point>& g, int from) const {
  const int n = degree_;
  for (int i = from; i < static_cast<int>(levels_.size()); ++i) {
    const Level& level = levels_[i];
    const int index = level.orbitIndex[g[level.point]];
    if (index < 0) return i;
    if (index == 0) continue;
    const Point* inverse = level.inverseReps.data() + static_cast<std::size_t>(index) * n;
    for (int x = 0; x < n; ++x) g[x] = inverse[g[x]];  // g then u⁻¹
  }
  return static_cast<int>(levels_.size());
}

int PermutationGroup::choosePoint(const std::vector<Point>& g) const {
  int best = -1;
  for (int x = 0; x < degree_; ++x) {
    if (g[x] == x) continue;
    if (best < 0 || preferenceRank_[x] < preferenceRank_[best]) best = x;
  }
  return best;
}

PermutationGroup::Level PermutationGroup::newLevel(int point) const {
  Level fresh;
  fresh.point = point;
  fresh.orbitIndex.assign(degree_, -1);
  fresh.orbitIndex[point] = 0;
  fresh.orbit.push_back(static_cast<Point>(point));
  fresh.inverseReps.resize(degree_);
  std::iota(fresh.inverseReps.begin(), fresh.inverseReps.end(), Point{0});
  return fresh;
}

bool PermutationGroup::siftAndAdd(std::vector<Point> g) {
  const int level = siftFrom(g, 0);
  return addGenerator(g, level);
}

bool PermutationGroup::addGenerator(const std::vector<Point>& g, int level) {
  const int n = degree_;
  if (level == static_cast<int>(levels_.size())) {
    const int point = choosePoint(g);
    if (point < 0) return false;  // sifted to the identity: a member already
    levels_.push_back(newLevel(point));
  }
  std::vector<Point> inverse(n);
  for (int x = 0; x < n; ++x) inverse[g[x]] = static_cast<Point>(x);
  const int id = static_cast<int>(strong_.size());
  strong_.push_back(g);
  strongInverse_.push_back(std::move(inverse));
  for (int k = 0; k <= level; ++k) {
    levels_[k].generators.push_back(id);
    extendOrbit(levels_[k], id);
  }
  return true;
}

void PermutationGroup::extendOrbit(Level& level, int generator) {
  const std::size_t n = static_cast<std::size_t>(degree_);
  // Point y = s(x) joins with u_y = s ∘ u_x, stored inverted: u_y⁻¹ = u_x⁻¹ ∘ s⁻¹.
  const auto tryAdd = [&](std::size_t j, int s) {
    const Point y = strong_[s][level.orbit[j]];
    if (level.orbitIndex[y] >= 0) return;
    level.orbitIndex[y] = static_cast<int>(level.orbit.size());
    level.orbit.push_back(y);
    level.inverseReps.resize(level.orbit.size() * n);
    const Point* ux = level.inverseReps.data() + j * n;
    Point* uy = level.inverseReps.data() + (level.orbit.size() - 1) * n;
    const std::vector<Point>& sInverse = strongInverse_[s];
    for (std::size_t z = 0; z < n; ++z) uy[z] = ux[sInverse[z]];
  };
  const std::size_t oldSize = level.orbit.size();
  for (std::size_t j = 0; j < oldSize; ++j) tryAdd(j, generator);
  for (std::size_t j = oldSize; j < level.orbit.size(); ++j) {
    for (int s : level.generators) tryAdd(j, s);
  }
}

BigCount PermutationGroup::order() const {
  BigCount order(1);
  for (const Level& level : levels_) order *= static_cast<std::uint32_t>(level.orbit.size());
  return order;
}

std::vector<int> PermutationGroup::base() const {
  std::vector<int> points;
  for (const Level& level : levels_) points.push_back(level.point);
  return points;
}

std::vector<int> PermutationGroup::basicOrbitLengths() const {
  std::vector<int> lengths;
  for (const Level& level : levels_) lengths.push_back(static_cast<int>(level.orbit.size()));
  return lengths;
}

PermutationGroup::Sift PermutationGroup::sift(const Permutation& perm) const {
  const int n = degree_;
  if (static_cast<int>(perm.size()) != n) return {};
  std::vector<Point> g(n);
  std::vector<bool> seen(n, false);
  for (int i = 0; i < n; ++i) {
    if (perm[i] < 0 || perm[i] >= n || seen[perm[i]]) return {};
    seen[perm[i]] = true;
    g[i] = static_cast<Point>(perm[i]);
  }
  const int level = siftFrom(g, 0);
  Sift result;
  if (level < static_cast<int>(levels_.size())) {
    result.level = level;
    result.point = levels_[level].point;
    result.image = g[result.point];
    return result;
  }
  result.point = choosePoint(g);
  if (result.point < 0) {
    result.member = true;
    return result;
  }
  result.level = level;
  result.image = g[result.point];
  return result;
}

PermutationGroup::Sift PermutationGroup::siftThrough(Permutation& perm, int levels) const {
  const int n = degree_;
  levels = std::clamp(levels, 0, static_cast<int>(levels_.size()));
  Sift result;
  if (static_cast<int>(perm.size()) != n) return result;
  for (int i = 0; i < levels; ++i) {
    const Level& level = levels_[i];
    const int image = perm[level.point];
    const int index = image >= 0 && image < n ? level.orbitIndex[image] : -1;
    if (index < 0) {
      result.level = i;
      result.point = level.point;
      result.image = image;
      return result;
    }
    if (index == 0) continue;
    const Point* inverse = level.inverseReps.data() + static_cast<std::size_t>(index) * n;
    for (int x = 0; x < n; ++x) perm[x] = inverse[perm[x]];
  }
  result.member = true;
  return result;
}

std::vector<PermutationGroup::Permutation> PermutationGroup::stabilizerGenerators(int level) const {
  std::vector<Permutation> generators;
  if (level < 0 || level >= static_cast<int>(levels_.size())) return generators;
  for (int s : levels_[level].generators) {
    generators.emplace_back(strong_[s].begin(), strong_[s].end());
  }
  return generators;
}

PermutationGroup::Permutation PermutationGroup::random(std::mt19937_64& rng) const {
  // Every element is u_0 ∘ u_1 ∘ … ∘ u_last in one way, one coset representative per level; its
  // inverse u_last⁻¹ ∘ … ∘ u_0⁻¹ is as uniformly random, and is built from the stored inverses.
  const std::size_t n = static_cast<std::size_t>(degree_);
  Permutation result(n);
  std::iota(result.begin(), result.end(), 0);
  for (const Level& level : levels_) {
    const std::size_t index = uniformBelow(rng, level.orbit.size());
    const Point* inverse = level.inverseReps.data() + index * n;
    for (std::size_t x = 0; x < n; ++x) result[x] = inverse[result[x]];
  }
  return result;
}

bool PermutationGroup::verify() const {
  const std::size_t n = static_cast<std::size_t>(degree_);
  std::vector<Point> ux(n), g(n);
  for (std::size_t i = 0; i < levels_.size(); ++i) {
    const Level& level = levels_[i];
    for (std::size_t j = 0; j < level.orbit.size(); ++j) {
      const Point* uxInverse = level.inverseReps.data() + j * n;
      for (std::size_t z = 0; z < n; ++z) ux[uxInverse[z]] = static_cast<Point>(z);
      for (int s : level.generators) {
        // u_{s(x)}⁻¹ ∘ s ∘ u_x fixes the base point; it must sift through the levels below.
        const Point y = strong_[s][level.orbit[j]];
        const Point* uyInverse =
            level.inverseReps.data() + static_cast<std::size_t>(level.orbitIndex[y]) * n;
        for (std::size_t z = 0; z < n; ++z) g[z] = uyInverse[strong_[s][ux[z]]];
        if (siftFrom(g, static_cast<int>(i) + 1) != static_cast<int>(levels_.size()) ||
            !isIdentity(g)) {
          return false;
        }
      }
    }
  }
  return true;
}

}  // namespace polytwist
