#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"
#include "search/coordinate.hpp"
#include "search/distance_table.hpp"
#include "search/solver.hpp"

using namespace polytwist;

namespace {

// The part of a state a coordinate spec tracks, as text: for each tracked piece its position
// and/or orientation, or for orientation-only specs the orientation at every position.
std::string projection(const Puzzle& puzzle, const CoordinateSpec& spec, const State& s) {
  const Orbit& orbit = puzzle.orbits()[puzzle.orbitIndex(spec.orbit)];
  std::vector<int> pieces = spec.pieces;
  if (pieces.empty()) {
    for (int i = 0; i < orbit.size; ++i) pieces.push_back(i);
  }
  std::string key;
  if (spec.unordered) {  // per position, the group of the piece there ('-': untracked)
    std::vector<int> sizes = spec.groupSizes;
    if (sizes.empty()) sizes = {static_cast<int>(pieces.size())};
    for (int p = 0; p < orbit.size; ++p) {
      char label = '-';
      for (std::size_t g = 0, first = 0; g < sizes.size(); first += sizes[g++]) {
        for (std::size_t j = first; j < first + sizes[g]; ++j) {
          if (pieces[j] == s.pieces[orbit.offset + p]) label = static_cast<char>('A' + g);
        }
      }
      key += label;
    }
    return key;
  }
  if (!spec.positions) {
    for (int p = 0; p < orbit.size; ++p) key += char('0' + s.ori[orbit.offset + p]);
    return key;
  }
  for (int piece : pieces) {
    for (int p = 0; p < orbit.size; ++p) {
      if (s.pieces[orbit.offset + p] != piece) continue;
      key += char('a' + p);
      if (spec.orientations) key += char('0' + s.ori[orbit.offset + p]);
    }
  }
  return key;
}

// BFS over the projections of states (a representative state stands for each projection).
std::map<std::string, int> projectedDistances(const Puzzle& puzzle,
                                              const std::vector<CoordinateSpec>& specs,
                                              std::vector<State>* representatives) {
  const auto key = [&](const State& s) {
    std::string k;
    for (const CoordinateSpec& spec : specs) k += projection(puzzle, spec, s) + "|";
    return k;
  };
  std::map<std::string, int> distance;
  std::deque<State> queue = {puzzle.solved()};
  distance[key(puzzle.solved())] = 0;
  while (!queue.empty()) {
    const State s = queue.front();
    queue.pop_front();
    if (representatives) representatives->push_back(s);
    const int d = distance[key(s)];
    for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
      State next = s;
      puzzle.applyMove(next, m);
      if (distance.emplace(key(next), d + 1).second) queue.push_back(next);
    }
  }
  return distance;
}

// The BFS threads for a test's tables, back to one per core however the test ends.
struct BuildThreads {
  explicit BuildThreads(unsigned threads) { setBuildThreads(threads); }
  ~BuildThreads() { setBuildThreads(0); }
};

std::uint64_t reachedEntries(const DistanceTable& table) {
  std::uint64_t reached = 0;
  for (std::uint64_t i = 0; i < table.entries().size(); ++i) {
    reached += table.stored(i) != table.entries().unknown();
  }
  return reached;
}

}  // namespace

TEST_CASE("table: fixture whole tables equal a brute-force BFS (2-bit and 4-bit)") {
  for (const auto& [puzzle, reference] :
       {std::pair{&fixtures::gear(), &fixtures::gearStates()},
        std::pair{&fixtures::linked(), &fixtures::linkedStates()}}) {
    const std::string id = puzzle->id();  // clang 14 cannot capture a structured binding
    for (int bits : {2, 4}) {
      CAPTURE(id);
      CAPTURE(bits);
      const DistanceTable table =
          fixtures::buildTable(*puzzle, fixtures::wholeSpec(*puzzle, bits), {puzzle->solved()});
      CHECK(table.bitsPerEntry() == bits);
      CHECK(table.exact() == (bits == 4));
      CHECK(table.counts() == reference->counts);
      CHECK(table.maxDistance() == static_cast<int>(reference->counts.size()) - 1);
      std::set<std::uint64_t> indices;
      int bad = 0;
      for (const State& s : reference->states) {
        const std::uint64_t index = table.space().index(s);
        REQUIRE(index < table.space().size());
        indices.insert(index);
        const int d = reference->of(*puzzle, s);
        if (table.stored(index) != (bits == 4 ? d : d % 3)) ++bad;
      }
      CHECK(bad == 0);
      CHECK(indices.size() == reference->states.size());  // distinct states, distinct entries
      CHECK(reachedEntries(table) == reference->states.size());
    }
  }
  // gear's coordinates are a perfect hash; linked's parity link leaves half the product unreached.
  CHECK(CoordinateSpace(fixtures::gear(), fixtures::wholeSpec(fixtures::gear(), 2).coordinates)
            .size() == 864);
  CHECK(CoordinateSpace(fixtures::linked(), fixtures::wholeSpec(fixtures::linked(), 2).coordinates)
            .size() == 2 * 576);
}

TEST_CASE("table: distance, descend and neighbours agree with brute force on every state") {
  for (const auto& [puzzle, reference] :
       {std::pair{&fixtures::gear(), &fixtures::gearStates()},
        std::pair{&fixtures::linked(), &fixtures::linkedStates()}}) {
    const std::string id = puzzle->id();  // clang 14 cannot capture a structured binding
    for (int bits : {2, 4}) {
      CAPTURE(id);
      CAPTURE(bits);
      const DistanceTable table =
          fixtures::buildTable(*puzzle, fixtures::wholeSpec(*puzzle, bits), {puzzle->solved()});
      const CoordinateSpace& space = table.space();
      int bad = 0;
      for (const State& s : reference->states) {
        const std::uint64_t index = space.index(s);
        const int d = reference->of(*puzzle, s);
        if (table.distance(index) != d) ++bad;
        // descend: a path of exactly d moves, each lowering the distance by one, ending solved.
        const std::vector<int> path = table.descend(index);
        if (static_cast<int>(path.size()) != d) ++bad;
        State walk = s;
        for (std::size_t i = 0; i < path.size(); ++i) {
          puzzle->applyMove(walk, path[i]);
          if (reference->of(*puzzle, walk) != d - 1 - static_cast<int>(i)) ++bad;
        }
        if (walk != puzzle->solved()) ++bad;
        // Move tables follow the moves; neighbourDistance recovers the neighbour's exact distance.
        for (int m = 0; m < static_cast<int>(puzzle->moves().size()); ++m) {
          State next = s;
          puzzle->applyMove(next, m);
          const std::uint64_t neighbour = space.neighbour(index, m);
          if (neighbour != space.index(next)) ++bad;
          if (table.neighbourDistance(d, neighbour) != reference->of(*puzzle, next)) ++bad;
        }
      }
      CHECK(bad == 0);
    }
  }
  // linked: a state breaking the parity link is in the coordinate space but never reached.
  const Puzzle& linked = fixtures::linked();
  const DistanceTable table =
      fixtures::buildTable(linked, fixtures::wholeSpec(linked, 2), {linked.solved()});
  State odd = linked.solved();
  std::swap(odd.pieces[0], odd.pieces[1]);
  const std::uint64_t index = table.space().index(odd);
  CHECK(table.stored(index) == table.entries().unknown());
  CHECK(table.distance(index) == -1);
  CHECK(table.descend(index).empty());
  CHECK(table.neighbourDistance(3, index) == -1);
}

TEST_CASE("table: pattern tables equal a brute-force BFS of their projection") {
  struct Case {
    const Puzzle* puzzle;
    std::vector<CoordinateSpec> coordinates;
    bool complete = true;  // every combination of coordinate values is reachable
  };
  const std::vector<Case> cases = {
      {&fixtures::gear(), {{"edge", {}, true, true}}},
      {&fixtures::gear(), {{"edge", {1, 3}, true, true}, {"tip", {}, false, true}}},
      {&fixtures::linked(), {{"b", {}, true, true}}},
      {&fixtures::linked(), {{"a", {2}, true, false}, {"b", {0}, true, true}}},
      {&fixtures::cube2(), {{"corner", {}, true, false}}},
      {&fixtures::cube2(), {{"corner", {}, false, true}}},
      {&fixtures::cube2(), {{"corner", {0, 1, 2}, true, true}}},
      // Unordered, in one group and in labelled groups (which of two, three or neither).
      {&fixtures::cube2(), {{"corner", {3, 5}, true, false, true}}},
      {&fixtures::cube2(), {{"corner", {0, 1, 2, 3, 4}, true, false, true, {2, 3}}}},
      // Two coordinates of one orbit: piece 4 never shares a place with pieces 5 and 2.
      {&fixtures::cube2(), {{"corner", {5, 2}, true, true}, {"corner", {4}, true, false}}, false},
  };
  for (const Case& c : cases) {
    for (int bits : {2, 4}) {
      const Puzzle& puzzle = *c.puzzle;
      CAPTURE(puzzle.id());
      CAPTURE(bits);
      CAPTURE(c.coordinates.size());
      CAPTURE(c.coordinates[0].pieces.size());
      std::vector<State> representatives;
      const std::map<std::string, int> reference =
          projectedDistances(puzzle, c.coordinates, &representatives);
      const DistanceTable table =
          fixtures::buildTable(puzzle, {"pattern", c.coordinates, bits, {}}, {puzzle.solved()});
      // Every value of these coordinates is reachable: the table covers exactly the projections.
      if (c.complete) CHECK(table.space().size() == reference.size());
      CHECK(reachedEntries(table) == reference.size());
      std::vector<std::uint64_t> counts;
      for (const auto& [key, d] : reference) {
        if (static_cast<int>(counts.size()) <= d) counts.resize(d + 1, 0);
        ++counts[d];
      }
      CHECK(table.counts() == counts);
      int bad = 0;
      for (const State& s : representatives) {
        std::string key;
        for (const CoordinateSpec& spec : c.coordinates) key += projection(puzzle, spec, s) + "|";
        if (table.distance(table.space().index(s)) != reference.at(key)) ++bad;
      }
      CHECK(bad == 0);
    }
  }
  // A pattern table never overestimates: on every gear state it is at most the true distance.
  const Puzzle& gear = fixtures::gear();
  const DistanceTable edges =
      fixtures::buildTable(gear, {"edges", {{"edge", {}, true, true}}, 4, {}}, {gear.solved()});
  for (const State& s : fixtures::gearStates().states) {
    REQUIRE(edges.distance(edges.space().index(s)) <= fixtures::gearStates().of(gear, s));
  }
}

TEST_CASE("table: cube2 whole-puzzle counts equal the published A079761") {
  const Puzzle& cube = fixtures::cube2();
  const DistanceTable& exact = fixtures::cube2Exact();
  CHECK(exact.counts() == fixtures::kA079761);
  CHECK(exact.maxDistance() == 11);
  CHECK(exact.space().size() == 3674160);
  const DistanceTable mod3 =
      fixtures::buildTable(cube, Solver::wholeTableSpec(cube), {cube.solved()});
  CHECK(mod3.bitsPerEntry() == 2);
  CHECK(mod3.counts() == fixtures::kA079761);
  CHECK(reachedEntries(mod3) == 3674160);
  // The two encodings agree, and descents are valid shortest paths.
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 2000; ++trial) {
    const State s = cube.randomState(rng);
    const std::uint64_t index = mod3.space().index(s);
    const int d = exact.distance(exact.space().index(s));
    REQUIRE(mod3.distance(index) == d);
    const std::vector<int> path = mod3.descend(index);
    REQUIRE(static_cast<int>(path.size()) == d);
    REQUIRE(cube.applySequence(s, path) == cube.solved());
  }
  // A k-move sequence reaches a state at most k away, and one move changes the distance by <= 1.
  for (int trial = 0; trial < 500; ++trial) {
    const std::vector<int> moves = fixtures::randomMoves(cube, rng, trial % 14);
    const State s = cube.applySequence(cube.solved(), moves);
    const int d = fixtures::cube2Distance(s);
    CHECK(d <= static_cast<int>(moves.size()));
    for (int m = 0; m < 9; ++m) {
      State next = s;
      cube.applyMove(next, m);
      CHECK(std::abs(fixtures::cube2Distance(next) - d) <= 1);
    }
  }
  // The moves themselves are at distance 1.
  for (const Move& move : cube.moves()) CHECK(fixtures::cube2Distance(move.effect) == 1);
}

TEST_CASE("table: serialize and deserialize") {
  const Puzzle& gear = fixtures::gear();
  for (int bits : {2, 4}) {
    CAPTURE(bits);
    const TableSpec spec = fixtures::wholeSpec(gear, bits);
    const DistanceTable table = fixtures::buildTable(gear, spec, {gear.solved()});
    const std::string bytes = table.serialize();
    std::string error;
    const std::optional<DistanceTable> back = DistanceTable::deserialize(gear, spec, bytes, &error);
    REQUIRE(back.has_value());
    CHECK(error.empty());
    CHECK(back->entries().words() == table.entries().words());
    CHECK(back->counts() == table.counts());
    CHECK(back->bitsPerEntry() == bits);
    CHECK(back->name() == table.name());
    for (std::uint64_t i = 0; i < table.entries().size(); ++i)
      REQUIRE(back->stored(i) == table.stored(i));
    CHECK(back->serialize() == bytes);

    const auto rejected = [&](const std::string& damaged, const TableSpec& with) {
      std::string why;
      const bool failed = !DistanceTable::deserialize(gear, with, damaged, &why).has_value();
      CHECK(failed);
      CHECK(!why.empty());
      CHECK(why.find(with.name) != std::string::npos);  // names the table
      return why;
    };
    // One flipped bit anywhere: in the entries, in the counts, in the checksum itself.
    for (std::size_t at : {bytes.size() / 2, std::size_t{40}, bytes.size() - 1, std::size_t{9}}) {
      CAPTURE(at);
      std::string damaged = bytes;
      damaged[at] = static_cast<char>(damaged[at] ^ 0x04);
      CHECK(rejected(damaged, spec).find("checksum") != std::string::npos);
    }
    // Truncated, extended, empty.
    rejected(bytes.substr(0, bytes.size() - 1), spec);
    rejected(bytes.substr(0, bytes.size() / 2), spec);
    rejected(bytes.substr(0, 20), spec);
    rejected(bytes + '\0', spec);
    rejected(std::string(), spec);
    // Cut to its header, with the checksum made right again (as a fuzzer makes it): refused for
    // its length, before the table it claims is allocated (tests/fuzz/corpus/tables/).
    const std::size_t headerBytes = 8 + 32 + 8 * table.counts().size();
    std::string header = bytes.substr(0, headerBytes);
    std::uint64_t hash = 1469598103934665603ull;  // FNV-1a, the file's checksum
    for (unsigned char c : header) hash = (hash ^ c) * 1099511628211ull;
    for (int i = 0; i < 8; ++i) header += static_cast<char>((hash >> (8 * i)) & 0xff);
    CHECK(rejected(header, spec).find("wrong length") != std::string::npos);
    // Wrong magic.
    std::string magic = bytes;
    magic[0] = 'X';
    CHECK(rejected(magic, spec).find("not a polytwist table") != std::string::npos);
    // A sound file for another layout: other bits per entry, another puzzle's coordinates.
    rejected(bytes, fixtures::wholeSpec(gear, bits == 2 ? 4 : 2));
    rejected(bytes, {"edges only", {{"edge", {}, true, true}}, bits, {}});
    // A null error pointer is allowed.
    CHECK_FALSE(DistanceTable::deserialize(gear, spec, magic, nullptr).has_value());
  }
}

TEST_CASE("table: progress after every layer, and within layers of several blocks") {
  // Whole tables, one block (gear, linked) or four (cube2), every entry reached but linked's
  // half; and three blocks of which 29% are reached (five of cube2's corners, as two coordinates
  // that know nothing of each other): its last layer looked for finds nothing, as the Kilominx's.
  const std::pair<const Puzzle*, TableSpec> tables[] = {
      {&fixtures::gear(), fixtures::wholeSpec(fixtures::gear(), 2)},
      {&fixtures::linked(), fixtures::wholeSpec(fixtures::linked(), 2)},
      {&fixtures::cube2(), fixtures::wholeSpec(fixtures::cube2(), 2)},
      {&fixtures::cube2(),
       {"corners 0-2 and 3-4",
        {{.orbit = "corner", .pieces = {0, 1, 2}}, {.orbit = "corner", .pieces = {3, 4}}}}}};
  for (unsigned threads : {1u, 2u}) {
    const BuildThreads use(threads);
    for (const auto& entry : tables) {  // no structured binding: CAPTURE's lambda names spec
      const Puzzle* puzzle = entry.first;
      const TableSpec& spec = entry.second;
      CAPTURE(threads);
      CAPTURE(spec.name);
      std::vector<BuildProgress> calls;
      const std::optional<DistanceTable> table = DistanceTable::build(
          *puzzle, spec, {puzzle->solved()}, [&](const BuildProgress& p) { calls.push_back(p); });
      REQUIRE(table.has_value());
      if (spec.name == "cube2 whole 2") CHECK(table->counts() == fixtures::kA079761);
      const std::uint64_t size = table->space().size();
      // After each layer: the layer's number and the entries reached, as before reports within
      // layers came.
      std::vector<BuildProgress> layers;
      std::copy_if(calls.begin(), calls.end(), std::back_inserter(layers),
                   [](const BuildProgress& p) { return p.finished(); });
      REQUIRE(layers.size() == table->counts().size());
      std::vector<std::uint64_t> reachedBy;  // entries reached after each layer
      for (std::size_t i = 0; i < layers.size(); ++i) {
        CAPTURE(i);
        reachedBy.push_back((i > 0 ? reachedBy.back() : 0) + table->counts()[i]);
        CHECK(layers[i].depth == static_cast<int>(i));
        CHECK(layers[i].visited == reachedBy.back());
      }
      CHECK(layers.back().visited == reachedEntries(*table));

      // Within a layer: between the layers before and after it, monotone, from its first block
      // on; also within the last layer looked for, which finds nothing when some entries are
      // never reached (its scan takes as long as the others').
      const bool emptyLastLayer = layers.back().visited < size;
      const int deepest = table->maxDistance() + (emptyLastLayer ? 1 : 0);
      std::map<int, std::uint64_t> withinLayer;  // depth → reports before the layer finished
      for (std::size_t i = 0; i < calls.size(); ++i) {
        CAPTURE(i);
        const BuildProgress& p = calls[i];
        CHECK(p.total == size);
        REQUIRE(p.depth >= 0);
        REQUIRE(p.depth <= deepest);
        CHECK(p.scanned <= size);
        CHECK(p.visited <= reachedBy[std::min(p.depth, table->maxDistance())]);
        if (i > 0) {
          CHECK(p.visited >= calls[i - 1].visited);
          CHECK(p.depth >= calls[i - 1].depth);
          if (p.depth == calls[i - 1].depth) CHECK(p.scanned > calls[i - 1].scanned);
        }
        if (p.finished()) continue;
        ++withinLayer[p.depth];
        CHECK(p.visited >= reachedBy[p.depth - 1]);
        // Finished blocks: whole ones, and maybe the short last one (another thread's).
        const std::uint64_t lastBlock = size % kBuildBlockEntries;
        CHECK((p.scanned % kBuildBlockEntries == 0 ||
               (p.scanned - lastBlock) % kBuildBlockEntries == 0));
      }
      const std::uint64_t blocks = (size + kBuildBlockEntries - 1) / kBuildBlockEntries;
      if (spec.name == "corners 0-2 and 3-4") {
        CHECK(blocks == 3);                          // 210·27 × 42·9 = 2,143,260 entries
        CHECK(layers.back().visited == 2520 * 243);  // 7·6·5·4·3 places × 3^5 turns
        CHECK(emptyLastLayer);
      }
      if (blocks == 1) {
        CHECK(withinLayer.empty());
      } else if (threads == 1) {
        // One report after each block but the last, in every layer looked for.
        CHECK(withinLayer.size() == static_cast<std::size_t>(deepest));
        for (const auto& [depth, reports] : withinLayer) CHECK(reports == blocks - 1);
      }
    }
  }
}

TEST_CASE("table: a progress callback that throws within a layer ends the build with it") {
  const BuildThreads use(2);  // the helper thread is stopped and joined, not left running
  const Puzzle& cube = fixtures::cube2();
  const auto throwWithin = [](const BuildProgress& p) {
    if (!p.finished()) throw std::runtime_error("stop");
  };
  CHECK_THROWS_WITH_AS(
      DistanceTable::build(cube, fixtures::wholeSpec(cube, 2), {cube.solved()}, throwWithin),
      "stop", std::runtime_error);
}

TEST_CASE("table: cancellation returns nullopt") {
  for (const Puzzle* puzzle : {&fixtures::gear(), &fixtures::cube2()}) {
    CAPTURE(puzzle->id());
    const TableSpec spec = fixtures::wholeSpec(*puzzle, 2);
    std::atomic<bool> cancel{false};
    int callsAfterRequest = 0;
    const auto stopAtThree = [&](const BuildProgress& p) {
      if (cancel) ++callsAfterRequest;
      if (p.depth == 3) cancel = true;
    };
    CHECK_FALSE(DistanceTable::build(*puzzle, spec, {puzzle->solved()}, stopAtThree, {&cancel})
                    .has_value());
    CHECK(cancel);
    CHECK(callsAfterRequest == 0);
    // Already cancelled before the start.
    CHECK_FALSE(DistanceTable::build(*puzzle, spec, {puzzle->solved()}, {}, {&cancel}).has_value());
    // Cancelling after the last layer still counts.
    std::atomic<bool> late{false};
    const auto stopAtEnd = [&](const BuildProgress& p) {
      if (p.visited == p.total && p.finished()) late = true;
    };
    CHECK_FALSE(
        DistanceTable::build(*puzzle, spec, {puzzle->solved()}, stopAtEnd, {&late}).has_value());
    // An unset flag changes nothing.
    std::atomic<bool> never{false};
    CHECK(DistanceTable::build(*puzzle, spec, {puzzle->solved()}, {}, {&never}).has_value());
  }
}

TEST_CASE("table: multi-source BFS gives the distance to the nearest goal") {
  for (const auto& entry : {std::pair{&fixtures::gear(), &fixtures::gearStates()},
                            std::pair{&fixtures::linked(), &fixtures::linkedStates()}}) {
    // Not a structured binding: clang 14 cannot capture one (CAPTURE, the lambda below).
    const Puzzle* puzzle = entry.first;
    const auto* reference = entry.second;
    CAPTURE(puzzle->id());
    // A second goal 4 moves from solved.
    const State other =
        *std::find_if(reference->states.begin(), reference->states.end(),
                      [&](const State& s) { return reference->of(*puzzle, s) == 4; });
    const fixtures::BruteForce fromOther = fixtures::bruteForce(*puzzle, {other});
    const fixtures::BruteForce fromBoth = fixtures::bruteForce(*puzzle, {puzzle->solved(), other});
    for (int bits : {2, 4}) {
      CAPTURE(bits);
      const DistanceTable table = fixtures::buildTable(*puzzle, fixtures::wholeSpec(*puzzle, bits),
                                                       {puzzle->solved(), other});
      CHECK(table.counts() == fromBoth.counts);
      CHECK(table.counts()[0] == 2);
      int bad = 0;
      for (const State& s : reference->states) {
        const int nearest = std::min(reference->of(*puzzle, s), fromOther.of(*puzzle, s));
        const std::uint64_t index = table.space().index(s);
        if (table.distance(index) != nearest || fromBoth.of(*puzzle, s) != nearest) ++bad;
        const State end = puzzle->applySequence(s, table.descend(index));
        if (end != puzzle->solved() && end != other) ++bad;
      }
      CHECK(bad == 0);
    }
    // The same goal twice is one goal.
    const DistanceTable twice = fixtures::buildTable(*puzzle, fixtures::wholeSpec(*puzzle, 4),
                                                     {puzzle->solved(), puzzle->solved()});
    CHECK(twice.counts() == reference->counts);
  }
}

TEST_CASE("table: coordinates refuse bad specs") {
  const Puzzle& cube = fixtures::cube2();
  CHECK_THROWS_AS(Coordinate(cube, {"edge", {}, true, true}), std::invalid_argument);
  CHECK_THROWS_AS(Coordinate(cube, {"corner", {0, 0}, true, true}), std::invalid_argument);
  CHECK_THROWS_AS(Coordinate(cube, {"corner", {7}, true, true}), std::invalid_argument);
  CHECK_THROWS_AS(Coordinate(cube, {"corner", {-1}, true, false}), std::invalid_argument);
  // Orientations without positions must cover the whole orbit.
  CHECK_THROWS_AS(Coordinate(cube, {"corner", {0, 1}, false, true}), std::invalid_argument);
  // Six of 32 pieces: 32·31·30·29·28·27 values, far too many for a move table.
  const Puzzle ring(fixtures::ringSpec(32));
  CHECK_THROWS_AS(Coordinate(ring, {"ring", {0, 1, 2, 3, 4, 5}, true, false}),
                  std::invalid_argument);
  // Sizes: 7!, 3^6, 7·6·5 · 3^3.
  CHECK(Coordinate(cube, {"corner", {}, true, false}).size() == 5040);
  CHECK(Coordinate(cube, {"corner", {}, false, true}).size() == 729);
  CHECK(Coordinate(cube, {"corner", {0, 1, 2}, true, true}).size() == 210 * 27);
  CHECK(Coordinate(ring, {"ring", {0}, true, true}).size() == 64);
  // Groups: unordered, listing every piece, none empty; C(7,2)·C(5,3) values.
  CHECK_THROWS_AS(Coordinate(cube, {"corner", {0, 1, 2}, true, false, false, {1, 2}}),
                  std::invalid_argument);
  CHECK_THROWS_AS(Coordinate(cube, {"corner", {0, 1, 2}, true, false, true, {1, 1}}),
                  std::invalid_argument);
  CHECK_THROWS_AS(Coordinate(cube, {"corner", {0, 1, 2}, true, false, true, {3, 0}}),
                  std::invalid_argument);
  CHECK(Coordinate(cube, {"corner", {0, 1, 2, 3, 4}, true, false, true, {2, 3}}).size() == 210);
  // Sixteen of 32 pieces in two groups: C(32,8)·C(24,8), too many, estimated without overflow.
  std::vector<int> sixteen;
  for (int i = 0; i < 16; ++i) sixteen.push_back(i);
  CHECK_THROWS_AS(Coordinate(ring, {"ring", sixteen, true, false, true, {8, 8}}),
                  std::invalid_argument);
}

TEST_CASE("table: a confined coordinate ranks a block's own pieces within the block") {
  const Puzzle& cube = *findPuzzle("cube3");
  // <U, D, R2, L2, F2, B2> keeps the U/D edges UR UF UL UB DR DF DL DB (positions and pieces
  // 0..7) among themselves; R takes two of them into the middle layer.
  std::vector<const State*> keeping;
  for (const char* name : {"U", "U2", "U'", "D", "D2", "D'", "R2", "L2", "F2", "B2"}) {
    keeping.push_back(&cube.moves()[*cube.findMove(name)].effect);
  }
  const std::vector<int> block = {0, 1, 2, 3, 4, 5, 6, 7};
  const CoordinateSpec order = {
      .orbit = "edge", .pieces = block, .orientations = false, .confinedTo = block};
  const Coordinate c = Coordinate::withoutMoveTable(cube, order);
  REQUIRE(c.size() == 40320);  // 8!
  CHECK(c.rank(cube.solved()) == 0);

  // Every value places the pieces within the block and ranks back to itself.
  const int edges = cube.orbits()[cube.orbitIndex("edge")].offset;
  for (std::uint32_t value = 0; value < c.size(); ++value) {
    State s = cube.solved();
    c.place(value, s);
    for (int p = 0; p < 8; ++p) REQUIRE(s.pieces[edges + p] < 8);
    REQUIRE(c.rank(s) == value);
  }

  // The move table follows the moves, in either entry type.
  std::vector<std::uint16_t> small(static_cast<std::size_t>(c.size()) * keeping.size());
  std::vector<std::uint32_t> large(small.size());
  c.writeMoveTable(keeping, small.data());
  c.writeMoveTable(keeping, large.data());
  std::mt19937_64 rng(3);
  State s = cube.solved();
  for (int step = 0; step < 2000; ++step) {
    const std::size_t column = rng() % keeping.size();
    const std::size_t entry = c.rank(s) * keeping.size() + column;
    s = cube.compose(s, *keeping[column]);
    REQUIRE(small[entry] == c.rank(s));
    REQUIRE(large[entry] == c.rank(s));
  }

  // A state with a tracked piece elsewhere is outside; a move table over such a move is refused.
  const int r = *cube.findMove("R");
  State outside = cube.solved();
  cube.applyMove(outside, r);
  CHECK(c.rank(outside) == c.size());
  std::vector<std::uint32_t> table(c.size());
  const State* turnR = &cube.moves()[r].effect;
  CHECK_THROWS_AS(c.writeMoveTable(std::span<const State* const>(&turnR, 1), table.data()),
                  std::invalid_argument);
  CHECK_THROWS_AS(Coordinate(cube, order), std::invalid_argument);  // a table over every move
}

// Checks a confined coordinate of `size` values on the moves named, which keep its positions:
// every value places its pieces there and ranks back, the move table follows the moves, and a
// state with a tracked piece elsewhere ranks as the size.
namespace {
void checkConfined(const Puzzle& puzzle, const CoordinateSpec& spec, std::uint32_t size,
                   const std::vector<std::string>& keeping, const std::string& leaving) {
  const Coordinate c = Coordinate::withoutMoveTable(puzzle, spec);
  REQUIRE(c.size() == size);
  std::vector<const State*> effects;
  for (const std::string& name : keeping) {
    effects.push_back(&puzzle.moves()[*puzzle.findMove(name)].effect);
  }
  std::vector<std::uint32_t> table(static_cast<std::size_t>(c.size()) * effects.size());
  c.writeMoveTable(effects, table.data());
  const Orbit& orbit = puzzle.orbits()[puzzle.orbitIndex(spec.orbit)];
  for (std::uint32_t value = 0; value < c.size(); ++value) {
    State s = puzzle.solved();
    c.place(value, s);
    for (int p : spec.pieces) {
      int position = 0;
      while (s.pieces[orbit.offset + position] != p) ++position;
      REQUIRE(std::count(spec.confinedTo.begin(), spec.confinedTo.end(), position) == 1);
    }
    REQUIRE(c.rank(s) == value);
    for (std::size_t column = 0; column < effects.size(); ++column) {
      REQUIRE(table[value * effects.size() + column] ==
              c.rank(puzzle.compose(s, *effects[column])));
    }
  }
  State outside = puzzle.solved();
  puzzle.applyMove(outside, *puzzle.findMove(leaving));
  CHECK(c.rank(outside) == c.size());
  std::vector<const State*> withLeaving = effects;
  withLeaving.push_back(&puzzle.moves()[*puzzle.findMove(leaving)].effect);
  std::vector<std::uint32_t> refused(static_cast<std::size_t>(c.size()) * withLeaving.size());
  CHECK_THROWS_AS(c.writeMoveTable(withLeaving, refused.data()), std::invalid_argument);
}
}  // namespace

TEST_CASE("table: confined coordinates with more positions than pieces, ordered or not") {
  // The 3x3x3's edges UR and UF (0, 1) among the eight U and D edges (0-7): 8·7 places.
  const std::vector<std::string> keepUD = {"U", "U'", "D", "D2", "R2", "F2"};
  const std::vector<int> udEdges = {0, 1, 2, 3, 4, 5, 6, 7};
  checkConfined(*findPuzzle("cube3"),
                {.orbit = "edge", .pieces = {0, 1}, .orientations = false, .confinedTo = udEdges},
                56, keepUD, "R");
  // The same with UR, UF and UL unordered, in one group (C(8, 3)) or in two (C(8, 2) · 6).
  checkConfined(*findPuzzle("cube3"),
                {.orbit = "edge",
                 .pieces = {0, 1, 2},
                 .orientations = false,
                 .unordered = true,
                 .confinedTo = udEdges},
                56, keepUD, "F");
  checkConfined(*findPuzzle("cube3"),
                {.orbit = "edge",
                 .pieces = {0, 1, 2},
                 .orientations = false,
                 .unordered = true,
                 .groupSizes = {2, 1},
                 .confinedTo = udEdges},
                28 * 6, keepUD, "L");
  // A 4x4x4's U and D centres (0-3, 12-15, each colour's four identical) among the eight
  // centres of the U and D faces: C(8, 4) values, the D centres filling the rest.
  const std::vector<int> udCentres = {0, 1, 2, 3, 12, 13, 14, 15};
  checkConfined(*findPuzzle("cube4"),
                {.orbit = "centre",
                 .pieces = udCentres,
                 .unordered = true,
                 .groupSizes = {4, 4},
                 .confinedTo = udCentres},
                70, {"U", "D'", "Rw2", "Fw2", "3Rw2", "R"}, "Rw");
}

TEST_CASE("table: a confined coordinate with orientations, and bad confinements") {
  const Puzzle& cube = *findPuzzle("cube3");
  // U keeps the U corners URF UFL ULB UBR (0..3) among themselves: their order and twists.
  const std::vector<int> uCorners = {0, 1, 2, 3};
  const CoordinateSpec spec = {.orbit = "corner", .pieces = uCorners, .confinedTo = uCorners};
  const Coordinate c = Coordinate::withoutMoveTable(cube, spec);
  REQUIRE(c.size() == 24 * 81);
  std::vector<const State*> turns;
  for (const char* name : {"U", "U2", "U'"}) {
    turns.push_back(&cube.moves()[*cube.findMove(name)].effect);
  }
  std::vector<std::uint16_t> table(static_cast<std::size_t>(c.size()) * turns.size());
  c.writeMoveTable(turns, table.data());
  for (std::uint32_t value = 0; value < c.size(); ++value) {
    State s = cube.solved();
    c.place(value, s);
    REQUIRE(c.rank(s) == value);
    for (std::size_t column = 0; column < turns.size(); ++column) {
      REQUIRE(table[value * turns.size() + column] == c.rank(cube.compose(s, *turns[column])));
    }
  }
  // F2 takes URF and UFL out of the U layer: outside.
  State outside = cube.solved();
  cube.applyMove(outside, *cube.findMove("F2"));
  CHECK(c.rank(outside) == c.size());

  // Confinement needs positions, distinct positions of the orbit, at least one for each piece.
  CHECK_THROWS_AS(Coordinate::withoutMoveTable(
                      cube, {.orbit = "corner", .positions = false, .confinedTo = uCorners}),
                  std::invalid_argument);
  CHECK_THROWS_AS(Coordinate::withoutMoveTable(
                      cube, {.orbit = "corner", .pieces = {0, 1}, .confinedTo = {0, 0}}),
                  std::invalid_argument);
  CHECK_THROWS_AS(
      Coordinate::withoutMoveTable(cube, {.orbit = "corner", .pieces = {0}, .confinedTo = {8}}),
      std::invalid_argument);
  CHECK_THROWS_AS(Coordinate::withoutMoveTable(
                      cube, {.orbit = "corner", .pieces = {0, 1, 2}, .confinedTo = {0, 1}}),
                  std::invalid_argument);
  // 16-bit entries hold at most 65,536 values: 12·11·10·9·8 edge places do not fit.
  const Coordinate five = Coordinate::withoutMoveTable(
      cube, {.orbit = "edge", .pieces = {0, 1, 2, 3, 4}, .orientations = false});
  std::vector<std::uint16_t> tooSmall(five.size());
  const State* turnU = turns[0];
  CHECK_THROWS_AS(five.writeMoveTable(std::span<const State* const>(&turnU, 1), tooSmall.data()),
                  std::invalid_argument);
}

TEST_CASE("table: a 2^32-value orientation coordinate is refused") {
  const Puzzle ring(fixtures::ringSpec(32));
  CHECK_THROWS_AS(Coordinate(ring, {"ring", {}, false, true}), std::invalid_argument);
}

TEST_CASE("table: 4-bit tables and deep BFS") {
  // Piece 0 of a ring of n pieces is at distance min(k, n - k) from home at place k.
  for (int n : {27, 32}) {
    CAPTURE(n);
    const Puzzle ring(fixtures::ringSpec(n));
    const TableSpec spec2 = {"piece 0", {{"ring", {0}, true, false}}, 2, {}};
    const DistanceTable table = fixtures::buildTable(ring, spec2, {ring.solved()});
    std::vector<std::uint64_t> expected(n / 2 + 1, 2);
    expected[0] = 1;
    if (n % 2 == 0) expected.back() = 1;
    CHECK(table.counts() == expected);
    State s = ring.solved();
    for (int k = 0; k < n; ++k) {
      CHECK(table.distance(table.space().index(s)) == std::min(k, n - k));
      ring.applyMove(s, *ring.findMove("C"));
    }
    TableSpec spec4 = spec2;
    spec4.bitsPerEntry = 4;
    if (n / 2 < 15) {
      const DistanceTable exact = fixtures::buildTable(ring, spec4, {ring.solved()});
      CHECK(exact.counts() == expected);
    } else {
      // Distance 16 does not fit in 4 bits (15 means unreached).
      CHECK_THROWS_AS(DistanceTable::build(ring, spec4, {ring.solved()}), std::runtime_error);
    }
  }
}

TEST_CASE("table: a 4-bit table may reach distance 14") {
  const Puzzle ring(fixtures::ringSpec(29));  // piece 0: distances 0..14
  std::optional<DistanceTable> table;
  CHECK_NOTHROW(table = DistanceTable::build(ring, {"piece 0", {{"ring", {0}, true, false}}, 4, {}},
                                             {ring.solved()}));
  REQUIRE(table.has_value());
  CHECK(table->maxDistance() == 14);
  CHECK(table->counts() == std::vector<std::uint64_t>{1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2});
}

TEST_CASE("table: a partial table stops at its depth and reads beyond it as one more") {
  // Piece 0 of a ring of 27: distance min(k, 27 - k) at place k.
  const Puzzle ring(fixtures::ringSpec(27));
  TableSpec spec = {"piece 0", {{"ring", {0}, true, false}}, 4, {}};
  spec.maxDepth = 5;
  const DistanceTable partial = fixtures::buildTable(ring, spec, {ring.solved()});
  CHECK(partial.partialDepth() == 5);
  CHECK(partial.counts() == std::vector<std::uint64_t>{1, 2, 2, 2, 2, 2});
  State s = ring.solved();
  for (int k = 0; k < 27; ++k) {
    CAPTURE(k);
    const std::uint64_t index = partial.space().index(s);
    const int distance = std::min(k, 27 - k);
    CHECK(partial.distance(index) == std::min(distance, 6));
    CHECK(partial.descend(index).size() == static_cast<std::size_t>(distance <= 5 ? distance : 0));
    ring.applyMove(s, *ring.findMove("C"));
    CHECK(partial.neighbourDistance(std::min(distance, 6), partial.space().index(s)) ==
          std::min(std::min(k + 1, 26 - k), 6));
  }
  // Not the whole table's bytes: its definition differs, and its bytes come back as partial.
  TableSpec whole = spec;
  whole.maxDepth = 0;
  CHECK(DistanceTable::definitionFingerprint(ring, spec, {ring.solved()}) !=
        DistanceTable::definitionFingerprint(ring, whole, {ring.solved()}));
  std::string error;
  CHECK_FALSE(DistanceTable::deserialize(ring, whole, partial.serialize(), &error).has_value());
  const auto again = DistanceTable::deserialize(ring, spec, partial.serialize(), &error);
  REQUIRE_MESSAGE(again.has_value(), error);
  CHECK(again->distance(again->space().index(ring.solved())) == 0);
  CHECK(again->partialDepth() == 5);
  // Only exact entries, and a depth whose next one 4 bits can hold.
  for (const auto& [bits, depth] : {std::pair{2, 5}, {4, 14}, {4, -1}}) {
    TableSpec bad = spec;
    bad.bitsPerEntry = bits;
    bad.maxDepth = depth;
    CHECK_THROWS_AS(DistanceTable::build(ring, bad, {ring.solved()}), std::invalid_argument);
  }
}

TEST_CASE("table: a table file is refused for another spec of the same size") {
  const Puzzle& gear = fixtures::gear();
  const TableSpec spec = fixtures::wholeSpec(gear, 2);
  TableSpec reordered = spec;
  std::reverse(reordered.coordinates.begin(), reordered.coordinates.end());
  REQUIRE(CoordinateSpace(gear, reordered.coordinates).size() ==
          CoordinateSpace(gear, spec.coordinates).size());
  const std::string bytes = fixtures::buildTable(gear, spec, {gear.solved()}).serialize();
  std::string error;
  CHECK_FALSE(DistanceTable::deserialize(gear, reordered, bytes, &error).has_value());
  CHECK(!error.empty());
}

TEST_CASE("table: a BFS on several threads fills the same table as on one") {
  // cube2's 3,674,160 entries are enough for the layers to be split between threads.
  const Puzzle& cube = fixtures::cube2();
  setBuildThreads(1);
  const auto single = DistanceTable::build(cube, fixtures::wholeSpec(cube, 2), {cube.solved()});
  setBuildThreads(3);
  const auto several = DistanceTable::build(cube, fixtures::wholeSpec(cube, 2), {cube.solved()});
  setBuildThreads(0);
  REQUIRE(single.has_value());
  REQUIRE(several.has_value());
  CHECK(single->counts() == several->counts());
  CHECK(single->entries().words() == several->entries().words());
}

// Move tables of pieces' places with their orientations (written places by places, the
// orientations by their digits): every entry is the rank of the placed value after the move.
TEST_CASE("table: move tables of places with orientations follow every move") {
  struct Case {
    const char* puzzle;
    CoordinateSpec spec;
  };
  const Case cases[] = {
      {"skewb", {.orbit = "corner 1"}},                      // a whole orbit, twists summing to 0
      {"cube3", {.orbit = "corner", .pieces = {0, 1, 2}}},   // some pieces, every twist free
      {"pyraminx", {.orbit = "edge"}},                       // even permutations, flips
      {"kilominx", {.orbit = "corner", .pieces = {5, 11}}},  // another puzzle's moves
  };
  for (const Case& c : cases) {
    CAPTURE(c.puzzle);
    const Puzzle& puzzle = *findPuzzle(c.puzzle);
    const Coordinate coordinate = Coordinate::withoutMoveTable(puzzle, c.spec);
    REQUIRE(coordinate.tracksPositions());
    REQUIRE(coordinate.tracksOrientations());
    std::vector<const State*> effects;
    for (const Move& move : puzzle.moves()) effects.push_back(&move.effect);
    std::vector<std::uint32_t> table(static_cast<std::size_t>(coordinate.size()) * effects.size());
    coordinate.writeMoveTable(effects, table.data());
    for (std::uint32_t value = 0; value < coordinate.size(); ++value) {
      State s = puzzle.solved();
      coordinate.place(value, s);
      REQUIRE(coordinate.rank(s) == value);
      for (std::size_t column = 0; column < effects.size(); ++column) {
        REQUIRE(table[value * effects.size() + column] ==
                coordinate.rank(puzzle.compose(s, *effects[column])));
      }
    }
  }
}
