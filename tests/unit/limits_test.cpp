// Every input limit of the service (docs/api.md, "Limits"), at the limit and one over it, through
// the functions the WASM module and the CLI call (one code path): at the limit the call is
// answered, one over it the error names the limit.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "api/service.hpp"
#include "core/json.hpp"
#include "core/notation.hpp"
#include "core/sequence.hpp"
#include "fixtures.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;
namespace service = polytwist::service;

namespace {

std::string errorOf(const Json& answer) {
  INFO(answer.dump().substr(0, 300));
  REQUIRE(answer.find("ok") != nullptr);
  REQUIRE_FALSE(answer.find("ok")->boolean());
  return answer.find("error")->string();
}

void requireOk(const Json& answer) {
  INFO(answer.dump().substr(0, 300));
  REQUIRE(answer.find("ok")->boolean());
}

std::string repeated(const std::string& part, std::size_t times) {
  std::string text;
  for (std::size_t i = 0; i < times; ++i) text += part;
  return text;
}

}  // namespace

TEST_CASE("limits: any input over 1 MiB is refused unread") {
  // At the limit the input is read (and refused by the notation's own, smaller limit).
  std::string moves(service::kMaxInputBytes, ' ');
  CHECK(fixtures::contains(errorOf(service::applyMoves("cube2", "", moves)),
                           "longer than 1000000 characters"));
  moves += ' ';
  CHECK(errorOf(service::applyMoves("cube2", "", moves)) ==
        "input of 1048577 bytes is too long (limit 1048576)");
  CHECK(errorOf(service::validate("cube2", moves)) ==
        "input of 1048577 bytes is too long (limit 1048576)");
  CHECK(errorOf(service::numberingSolutions("numbered_pyraminx", moves, "", 1)) ==
        "input of 1048577 bytes is too long (limit 1048576)");
}

TEST_CASE("limits: notation of 1,000,000 characters") {
  std::string moves = "R" + std::string(notation::kMaxInputLength - 1, ' ');
  requireOk(service::applyMoves("cube2", "", moves));
  moves += ' ';
  CHECK(fixtures::contains(errorOf(service::applyMoves("cube2", "", moves)),
                           "input is longer than 1000000 characters"));
}

TEST_CASE("limits: any 100,000 moves written out read back") {
  // formatMoves writes a move and a space: every puzzle's longest move name, in every notation it
  // writes, leaves 100,000 of them within the input limit.
  const std::size_t bytesPerMove = notation::kMaxInputLength / notation::kMaxExpandedMoves;
  for (const Puzzle& puzzle : allPuzzles()) {
    std::vector<const NotationSpec*> notations = {nullptr};
    for (const NotationSpec& spec : puzzle.spec().notations) {
      if (!spec.referenceFrame) notations.push_back(&spec);
    }
    for (const NotationSpec* spec : notations) {
      for (int move = 0; move < static_cast<int>(puzzle.moves().size()); ++move) {
        const std::string name = formatMoves(puzzle, {move}, spec);
        CAPTURE(puzzle.id());
        CAPTURE(name);
        CHECK(name.size() + 1 <= bytesPerMove);
      }
    }
  }
  // The longest answer there is, passed back as moves (42,930 moves of over 100,000 bytes were
  // refused before).
  const Json at = service::applyMoves("cube3", "", "((Rw' Uw2)500)100");
  requireOk(at);
  const std::string turns = at.find("turns")->string();
  CHECK(turns.size() > 2 * notation::kMaxExpandedMoves);
  const Json again = service::applyMoves("cube3", "", turns);
  requireOk(again);
  CHECK(again.find("facelets")->string() == at.find("facelets")->string());
}

TEST_CASE("limits: 32 levels of brackets") {
  requireOk(service::applyMoves("cube2", "", repeated("(", 32) + "R" + repeated(")", 32)));
  CHECK(errorOf(service::applyMoves("cube2", "", repeated("(", 33) + "R" + repeated(")", 33))) ==
        "nesting deeper than 32 levels at column 33");
}

TEST_CASE("limits: repetition counts 1 to 999") {
  requireOk(service::applyMoves("cube2", "", "(R U)999"));
  CHECK(errorOf(service::applyMoves("cube2", "", "(R U)1000")) ==
        "repetition count 1000 at column 6 must be between 1 and 999");
}

TEST_CASE("limits: 100,000 moves once expanded") {
  const Json at = service::applyMoves("cube2", "", "((R U)500)100");
  requireOk(at);
  const std::string turns = at.find("turns")->string();
  CHECK(std::count(turns.begin(), turns.end(), ' ') + 1 == 100000);
  CHECK(errorOf(service::applyMoves("cube2", "", "((R U)500)100 R")) ==
        "sequence expands to more than 100000 moves at column 15");
}

TEST_CASE("limits: a colouring has exactly one letter per sticker") {
  const std::string solved = service::applyMoves("cube2", "", "").find("facelets")->string();
  REQUIRE(solved.size() == 24);
  requireOk(service::validate("cube2", solved));
  CHECK(fixtures::contains(errorOf(service::validate("cube2", solved + "U")),
                           "expected 24 stickers, got 25"));
}

TEST_CASE("limits: a numbering has exactly one digit per sticker") {
  const std::string numbering = repeated("123456789", 4);  // each face shows 1-9 once
  requireOk(service::numberingSolutions("numbered_pyraminx", numbering, "", 1));
  CHECK(fixtures::contains(
      errorOf(service::numberingSolutions("numbered_pyraminx", numbering + "1", "", 1)),
      "more than 36"));
  // How many solved states are listed: 0 to 1,000,000.
  requireOk(service::numberingSolutions("numbered_pyraminx", numbering, "", 1e6));
  CHECK(errorOf(service::numberingSolutions("numbered_pyraminx", numbering, "", 1e6 + 1)) ==
        "limit must be from 0 to 1,000,000");
}

TEST_CASE("limits: scrambles of 1 to 1000 moves, seeds 0 to 2^53-1") {
  const Json longest = service::scramble("cube2", 1, service::kMaxScrambleMoves);
  requireOk(longest);
  CHECK(errorOf(service::scramble("cube2", 1, service::kMaxScrambleMoves + 1)) ==
        "a random-move scramble has 1 to 1000 moves");
  requireOk(service::scramble("cube2", std::pow(2.0, 53) - 1, 5));
  CHECK(errorOf(service::scramble("cube2", std::pow(2.0, 53), 5)) ==
        "seed must be a whole number from 0 to 2^53-1");
}

TEST_CASE("limits: solve options of at most 4096 characters, max_length 0-60, threads 0-256") {
  const std::string head = R"({"method":"fast","max_length":60,"threads":256)";
  const std::string options = head + std::string(4096 - head.size() - 1, ' ') + "}";
  requireOk(service::solveWith("cube2", "", options));
  CHECK(errorOf(service::solveWith("cube2", "", " " + options)) ==
        "options: longer than 4096 characters");
  CHECK(errorOf(service::solveWith("cube2", "", R"({"max_length":61})")) ==
        "options: \"max_length\" must be a whole number from 0 to 60");
  CHECK(errorOf(service::solveWith("cube2", "", R"({"threads":257})")) ==
        "options: \"threads\" must be a whole number from 0 (one per core) to 256");
}

TEST_CASE("limits: numberingDesign tries at most 12 open stickers") {
  // Over the limit only: 12 open stickers are 59,875,200 completions, a minute's work.
  const std::string partial = repeated("?", 13) + repeated("123456789", 4).substr(13);
  CHECK(fixtures::contains(errorOf(service::numberingDesign("numbered_pyraminx", partial, "", {})),
                           "at most 12"));
}
