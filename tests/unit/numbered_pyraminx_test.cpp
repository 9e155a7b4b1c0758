// The Numbered Pyraminx: the seed's example numbering against a brute-force check of all
// 75,582,720 positions, its published stage counts, optimal solves against a multi-source BFS of
// the whole puzzle, numbering errors and the designer.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/labels.hpp"
#include "core/ranking.hpp"
#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"
#include "search/label_goals.hpp"
#include "search/solver.hpp"

using namespace polytwist;

namespace {

const Puzzle& numbered() { return *findPuzzle("numbered_pyraminx"); }

std::string exampleText() {
  std::ifstream file(std::string(POLYTWIST_SOURCE_DIR) + "/assets/numbered_pyraminx/example.txt");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

Labelling read(const std::string& text, const std::string& groups = "") {
  LabellingReading reading = readLabelling(numbered(), text, groups);
  INFO(reading.error.message);
  REQUIRE(reading.labelling.has_value());
  return *reading.labelling;
}

// One arrangement of one orbit, as the test itself enumerates them: what each group shows of it.
struct Arrangement {
  std::vector<std::uint8_t> pieces, ori;
  std::vector<std::uint32_t> shows;  // per group, the labels it shows from this orbit
  bool clash = false;                // a group shows one label twice within this orbit
};

// Every arrangement of orbit `o` allowed by the Pyraminx's rules, enumerated here from scratch:
// tips and centres only turn (3^4); edges are even permutations with an even number of flips.
std::vector<Arrangement> arrangements(const Labelling& labelling, int o) {
  const Puzzle& p = numbered();
  const Orbit& orbit = p.orbits()[o];
  std::vector<std::vector<std::uint8_t>> permutations, orientations;
  std::vector<std::uint8_t> perm(orbit.size);
  for (int i = 0; i < orbit.size; ++i) perm[i] = static_cast<std::uint8_t>(i);
  do {
    if (orbit.permutation == PermutationRule::Fixed || permutationParity(perm) == 0)
      permutations.push_back(perm);
  } while (orbit.permutation != PermutationRule::Fixed &&
           std::next_permutation(perm.begin(), perm.end()));
  std::vector<std::uint8_t> turn(orbit.size, 0);
  for (;;) {
    int sum = 0;
    for (int t : turn) sum += t;
    if (!orbit.orientationSumZero || sum % orbit.orientations == 0) orientations.push_back(turn);
    int i = 0;
    while (i < orbit.size && ++turn[i] == orbit.orientations) turn[i++] = 0;
    if (i == orbit.size) break;
  }
  std::vector<Arrangement> result;
  for (const auto& pieces : permutations) {
    for (const auto& ori : orientations) {
      State s = p.solved();
      std::copy(pieces.begin(), pieces.end(), s.pieces.begin() + orbit.offset);
      std::copy(ori.begin(), ori.end(), s.ori.begin() + orbit.offset);
      const std::vector<int> sources = p.faceletSources(s);
      Arrangement a{pieces, ori, std::vector<std::uint32_t>(labelling.groups.size(), 0)};
      for (std::size_t g = 0; g < labelling.groups.size(); ++g) {
        for (int sticker : labelling.groups[g]) {
          const int owner = p.faceletOwner(sticker).first;
          if (owner < orbit.offset || owner >= orbit.offset + orbit.size) continue;
          const std::uint32_t bit = 1u << labelling.label[sources[sticker]];
          a.clash = a.clash || (a.shows[g] & bit);
          a.shows[g] |= bit;
        }
      }
      result.push_back(std::move(a));
    }
  }
  return result;
}

// Every one of the 81 · 81 · 11,520 positions checked, none skipped: the solved ones, encoded.
std::vector<std::string> bruteForceSolved(const Labelling& labelling) {
  const Puzzle& p = numbered();
  const auto tips = arrangements(labelling, 0), centres = arrangements(labelling, 1),
             edges = arrangements(labelling, 2);
  REQUIRE(tips.size() * centres.size() * edges.size() == 75582720);
  const std::size_t groups = labelling.groups.size();
  std::vector<std::string> solved;
  for (const Arrangement& t : tips) {
    for (const Arrangement& c : centres) {
      for (const Arrangement& e : edges) {
        bool ok = !t.clash && !c.clash && !e.clash;
        for (std::size_t g = 0; g < groups && ok; ++g) {
          ok = !(t.shows[g] & c.shows[g]) && !((t.shows[g] | c.shows[g]) & e.shows[g]);
        }
        if (!ok) continue;
        State s = p.solved();
        for (const auto* a : {&t, &c, &e}) {
          const Orbit& orbit = p.orbits()[a == &t ? 0 : a == &c ? 1 : 2];
          std::copy(a->pieces.begin(), a->pieces.end(), s.pieces.begin() + orbit.offset);
          std::copy(a->ori.begin(), a->ori.end(), s.ori.begin() + orbit.offset);
        }
        solved.push_back(p.encodeState(s));
      }
    }
  }
  std::sort(solved.begin(), solved.end());
  return solved;
}

std::vector<std::string> engineSolved(const Labelling& labelling) {
  const LabelGoals goals = statesShowingDistinctGroups(numbered(), labelling, 1 << 20);
  REQUIRE(goals.count == goals.states.size());
  std::vector<std::string> solved;
  for (const State& s : goals.states) {
    CHECK(showsDistinctGroups(numbered(), labelling, s));
    solved.push_back(numbered().encodeState(s));
  }
  std::sort(solved.begin(), solved.end());
  return solved;
}

}  // namespace

TEST_CASE(
    "numbered pyraminx: the example's solved states equal a brute-force check of every position") {
  const Labelling example = read(exampleText());
  const LabelGoals goals = statesShowingDistinctGroups(numbered(), example, 100);
  // The post's intermediate counts: 19 tip, 9 centre, 12 corner (tips + centres), 4,908 edge
  // arrangements.
  REQUIRE(goals.stages.size() == 4);
  CHECK(goals.stages[0].pieces == "tips");
  CHECK(goals.stages[0].count == 19);
  CHECK(goals.stages[1].count == 9);
  CHECK(goals.stages[2].pieces == "tips + centres");
  CHECK(goals.stages[2].count == 12);
  CHECK(goals.stages[3].pieces == "edges");
  CHECK(goals.stages[3].count == 4908);
  const std::vector<std::string> brute = bruteForceSolved(example);
  CHECK(engineSolved(example) == brute);
  CHECK(goals.count == brute.size());
  CHECK(brute.size() >= 1);  // the numbering as given is solved at home
  // With an extra group (the tips' stickers on F, L and R must differ too), both agree again.
  const Labelling ringed = read(exampleText(), "F0 L0 R0 F4 L8 F8 R4 R8 L4");
  const std::vector<std::string> bruteRinged = bruteForceSolved(ringed);
  CHECK(engineSolved(ringed) == bruteRinged);
  CHECK(bruteRinged.size() <= brute.size());
}

TEST_CASE("numbered pyraminx: solves reach the nearest solved state, as a multi-source BFS says") {
  const Labelling example = read(exampleText());
  const LabelGoals goals = statesShowingDistinctGroups(numbered(), example, 1000);
  // The whole puzzle with tips (75,582,720 positions), from all solved states at once, knowing
  // nothing of separable tips.
  const DistanceTable bfs = fixtures::buildTable(
      numbered(), {"numbered with tips", wholePuzzleCoordinates(numbered(), true), 2},
      goals.states);
  Solver solver(numbered(), goals.states);
  fixtures::checkSolvesAgainstTable(numbered(), solver, bfs, 2000, 17, [&](const State& s) {
    return showsDistinctGroups(numbered(), example, s);
  });
}

TEST_CASE("numbered pyraminx: numbering errors say what is wrong and where") {
  auto errorOf = [](const std::string& text, const std::string& groups = "") {
    const LabellingReading reading = readLabelling(numbered(), text, groups);
    REQUIRE_FALSE(reading.labelling.has_value());
    return reading.error;
  };
  const std::string example = exampleText();
  LabellingError error = errorOf("1 4 8 9 5 2 6 3 7");
  CHECK(fixtures::contains(error.message, "expected 36 symbols"));
  CHECK(fixtures::contains(error.message, "got 9"));
  std::string zero = example;
  zero[zero.find("F: 1") + 3] = '0';
  error = errorOf(zero);
  CHECK(fixtures::contains(error.message, "sticker F0"));
  CHECK(error.stickers == std::vector<int>{0});
  std::string twice = example;
  twice[twice.find("F: 1") + 3] = '4';  // F0: 1 -> 4
  error = errorOf(twice);
  CHECK(fixtures::contains(error.message, "1 appears 3 times, 4 appears 5 times"));
  CHECK(error.stickers.size() == 5);
  error = errorOf(example, "F0 F1 X9");
  CHECK(fixtures::contains(error.message, "group 1: no sticker named 'X9'"));
  error = errorOf(example, "F0 F1 F2 F3 F4 F5 F6 F7 F8 L0");
  CHECK(fixtures::contains(error.message, "10 stickers, but there are only 9"));
}

TEST_CASE("numbered pyraminx: a numbering's problem as data, for a front end's own words") {
  auto problemOf = [](const std::string& text, const std::string& groups = "",
                      bool allowOpen = false) {
    const LabellingReading reading = readLabelling(numbered(), text, groups, allowOpen);
    REQUIRE_FALSE(reading.labelling.has_value());
    return reading.error.problem;
  };
  const std::string example = exampleText();
  const std::size_t f0 = example.find("F: 1") + 3;

  LabellingProblem problem = problemOf("1 4 8 9 5 2 6 3 7");
  CHECK(problem.kind == "symbol-count");
  CHECK(problem.count == 9);
  CHECK(problem.expected == 36);
  problem = problemOf(example + " 1");
  CHECK(problem.kind == "symbol-count");
  CHECK(problem.count > problem.expected);  // too many: read up to the first past the stickers

  // An open sticker where none may be, and a character that is no digit: the sticker and its face.
  for (const char shown : {'?', '0'}) {
    std::string text = example;
    text[example.find("L: ") + 5] = shown;  // L1
    problem = problemOf(text);
    CHECK(problem.kind == "unknown-symbol");
    CHECK(problem.sticker == "L1");
    CHECK(problem.face == "L");
    CHECK(problem.shown == std::string(1, shown));
    CHECK(problem.symbols == "123456789");
  }

  std::string twice = example;
  twice[f0] = '4';  // F0: 1 -> 4
  problem = problemOf(twice);
  CHECK(problem.kind == "symbol-counts");
  REQUIRE(problem.counts.size() == 2);
  CHECK(problem.counts[0].symbol == '1');
  CHECK(problem.counts[0].count == 3);
  CHECK(problem.counts[1].symbol == '4');
  CHECK(problem.counts[1].count == 5);
  CHECK(problem.expected == 4);
  // With stickers left open (the designer's partial numberings) only a digit given too often is
  // wrong: the 1 short of its four is still to come.
  std::string open = twice;
  open[f0 + 2] = '?';  // F1's 4 left open: four 4s, three 1s
  CHECK(readLabelling(numbered(), open, "", true).labelling.has_value());

  problem = problemOf(example, "F0 F1; L0 X9");
  CHECK(problem.kind == "unknown-sticker");
  CHECK(problem.group == 2);
  CHECK(problem.sticker == "X9");
  problem = problemOf(example, "R2 F0 R2");
  CHECK(problem.kind == "sticker-twice");
  CHECK(problem.group == 1);
  CHECK(problem.sticker == "R2");
  CHECK(problem.face == "R");
  problem = problemOf(example, "F0 F1 F2 F3 F4 F5 F6 F7 F8 L0");
  CHECK(problem.kind == "group-too-large");
  CHECK(problem.group == 1);
  CHECK(problem.count == 10);
  CHECK(problem.expected == 9);

  // The service answers it beside the message.
  const Json answer = service::numberingSolutions("numbered_pyraminx", twice, "", 0);
  REQUIRE_FALSE(answer.find("ok")->boolean());
  CHECK(fixtures::contains(answer.find("error")->string(), "1 appears 3 times"));
  const Json* data = answer.find("problem");
  REQUIRE(data != nullptr);
  CHECK(data->find("kind")->string() == "symbol-counts");
  CHECK(data->find("expected")->number() == 4);
  CHECK(data->find("count") == nullptr);
  REQUIRE(data->find("counts")->array().size() == 2);
  CHECK(data->find("counts")->array()[1].find("symbol")->string() == "4");
  CHECK(data->find("counts")->array()[1].find("count")->number() == 5);
}

TEST_CASE("numbered pyraminx: numberingPosition names the home sticker each position shows") {
  const std::string example = exampleText();
  const std::string homeDigits = "148952637423765891915628734517249386";  // the example's F0…D8
  struct Shown {
    std::string state, digits;
    std::vector<int> sources;
  };
  // The engine's answer for the position `moves` reach from `state`.
  auto shownAfter = [&](const std::string& state, const std::string& moves) {
    const Json reached = service::applyMoves("numbered_pyraminx", state, moves);
    REQUIRE(reached.find("ok")->boolean());
    Shown shown{reached.find("state")->string(), "", {}};
    const Json answer = service::numberingPosition("numbered_pyraminx", shown.state, example, "");
    INFO(answer.dump());
    REQUIRE(answer.find("ok")->boolean());
    shown.digits = answer.find("digits")->string();
    for (const Json& source : answer.find("sources")->array()) {
      shown.sources.push_back(static_cast<int>(source.number()));
    }
    return shown;
  };

  std::vector<int> identity(36);
  std::iota(identity.begin(), identity.end(), 0);
  const Shown home = shownAfter("", "");
  CHECK(home.sources == identity);
  CHECK(home.digits == homeDigits);
  // U carries the top of R onto F, of F onto L and of L onto R (stickers 0-3 of each face).
  std::vector<int> afterU = identity;
  for (int k = 0; k < 4; ++k) {
    afterU[k] = 18 + k;
    afterU[9 + k] = k;
    afterU[18 + k] = 9 + k;
  }
  CHECK(shownAfter("", "U").sources == afterU);

  // Along random sequences: a permutation, the digits are the numbering's, and a move m done from
  // s shows at each position p what s showed where m alone takes the sticker at p from.
  std::vector<Shown> moveAlone;
  for (const Move& move : numbered().moves()) moveAlone.push_back(shownAfter("", move.name));
  std::mt19937_64 rng(5);
  Shown shown = home;
  for (int step = 0; step < 200; ++step) {
    const std::size_t m = rng() % moveAlone.size();
    const Shown next = shownAfter(shown.state, numbered().moves()[m].name);
    CAPTURE(step);
    CHECK(fixtures::sorted(next.sources) == identity);
    for (int p = 0; p < 36; ++p) {
      CHECK(next.digits[p] == homeDigits[next.sources[p]]);
      CHECK(next.sources[p] == shown.sources[moveAlone[m].sources[p]]);
    }
    shown = next;
  }
}

TEST_CASE("numbered pyraminx: a numbering with no solved state says so, naming the pieces") {
  // The U tip shows the U centre's digits in the opposite turning order (8 5 3 against 8 3 5):
  // whatever the turns, one face shows one of them twice. Three D stickers keep the counts.
  std::string text = exampleText();
  auto set = [&](const std::string& face, int index, char digit) {
    text[text.find(face + ":") + 3 + 2 * index] = digit;
  };
  set("F", 0, '8');
  set("L", 0, '5');
  set("R", 0, '3');
  set("D", 7, '1');
  set("D", 0, '4');
  set("D", 6, '9');
  const Json answer = service::numberingSolutions("numbered_pyraminx", text, "");
  REQUIRE(answer.find("ok")->boolean());
  CHECK(answer.find("count")->number() == 0);
  CHECK(fixtures::contains(answer.find("message")->string(), "no solved state"));
  CHECK(fixtures::contains(answer.find("message")->string(), "tips + centres"));
  const Json solve = service::numberingSolve("numbered_pyraminx", "", text, "");
  CHECK_FALSE(solve.find("ok")->boolean());
  CHECK(fixtures::contains(solve.find("error")->string(), "no solved state"));
}

TEST_CASE("numbered pyraminx: the designer finds the completions with exactly one solved state") {
  // Three stickers of D left open: 3! completions, each checked here directly.
  std::string partial = exampleText();
  const std::size_t d = partial.find("D:");
  for (int index : {0, 1, 2}) partial[d + 3 + 2 * index] = '?';
  const LabellingReading reading = readLabelling(numbered(), partial, "", true);
  REQUIRE(reading.labelling.has_value());
  const Design design = designUniqueCompletions(numbered(), *reading.labelling, 100);
  CHECK(design.tried == 6);
  std::uint64_t unique = 0;
  std::vector<int> digits = {0, 4, 6};  // the labels of 1, 5, 7: what D0 D1 D2 held
  do {
    Labelling complete = *reading.labelling;
    for (int i = 0; i < 3; ++i) complete.label[9 * 3 + i] = digits[i];
    unique += statesShowingDistinctGroups(numbered(), complete, 0).count == 1;
  } while (std::next_permutation(digits.begin(), digits.end()));
  CHECK(design.uniqueCount == unique);
  for (const Labelling& found : design.unique) {
    CHECK(statesShowingDistinctGroups(numbered(), found, 0).count == 1);
  }
}

TEST_CASE("label goals: the placement search finds what a check of every state finds") {
  // The fixtures bring what the Pyraminx lacks: a parity link between orbits (linked), a sticker
  // of no piece (gear's D2), with random labels and random groups.
  std::mt19937_64 rng(99);
  std::size_t solvedSeen = 0, unsolvedSeen = 0;
  for (const auto& [puzzle, reference] :
       {std::pair{&fixtures::gear(), &fixtures::gearStates()},
        std::pair{&fixtures::linked(), &fixtures::linkedStates()}}) {
    for (int trial = 0; trial < 30; ++trial) {
      Labelling labelling;
      for (int s = 0; s < puzzle->faceletCount(); ++s) {
        labelling.label.push_back(static_cast<int>(rng() % 4));
      }
      for (int g = 0; g < 3; ++g) {
        std::vector<int> group;
        for (int s = 0; s < puzzle->faceletCount(); ++s) {
          if (rng() % 3 == 0) group.push_back(s);
        }
        labelling.groups.push_back(group);
      }
      std::vector<std::string> expected;
      for (const State& s : reference->states) {
        if (showsDistinctGroups(*puzzle, labelling, s)) expected.push_back(puzzle->encodeState(s));
      }
      std::sort(expected.begin(), expected.end());
      const LabelGoals goals = statesShowingDistinctGroups(*puzzle, labelling, 100000);
      std::vector<std::string> found;
      for (const State& s : goals.states) found.push_back(puzzle->encodeState(s));
      std::sort(found.begin(), found.end());
      const std::string id = puzzle->id();  // clang 14 cannot capture a structured binding
      CAPTURE(id);
      CAPTURE(trial);
      CHECK(found == expected);
      CHECK(goals.count == expected.size());
      solvedSeen += expected.size();
      unsolvedSeen += reference->states.size() - expected.size();
    }
  }
  // The random cases were neither all empty nor all full.
  CHECK(solvedSeen > 0);
  CHECK(unsolvedSeen > 0);
}
