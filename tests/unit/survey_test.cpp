// Distance surveys (engine/cli/survey.hpp): shards of a survey merge to exactly the record of one
// process; missing, repeated, mixed and damaged records are reported; and on the Pyraminx, whose
// whole distance table is known, the survey's histogram agrees with it.
#include "cli/survey.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <memory>

#include "puzzles/catalogue.hpp"

using namespace polytwist;

namespace {

survey::Record surveyed(const char* id, std::uint64_t count, std::uint64_t seed,
                        survey::Shard shard = {}) {
  const Puzzle& puzzle = *findPuzzle(id);
  // Owned, so that LeakSanitizer (tests/fuzz/run unit) sees them freed at exit.
  static std::map<std::string, std::unique_ptr<Solver>> solvers;
  std::unique_ptr<Solver>& solver = solvers[id];
  if (!solver) solver = std::make_unique<Solver>(puzzle);
  survey::Options options;
  options.count = count;
  options.seed = seed;
  options.shard = shard;
  survey::Record record;
  std::string error;
  REQUIRE_MESSAGE(survey::run(puzzle, *solver, options, record, &error), error);
  return record;
}

std::vector<std::pair<std::string, std::string>> inputs(const std::vector<survey::Record>& list) {
  std::vector<std::pair<std::string, std::string>> result;
  for (std::size_t i = 0; i < list.size(); ++i) {
    result.emplace_back("shard" + std::to_string(i) + ".json", list[i].dump());
  }
  return result;
}

}  // namespace

TEST_CASE("survey: four shards merge to the record of one process") {
  const survey::Record whole = surveyed("pyraminx", 400, 7);
  std::vector<survey::Record> shards;
  for (std::uint64_t i = 0; i < 4; ++i) shards.push_back(surveyed("pyraminx", 400, 7, {i, 4}));
  const survey::MergeOutcome merged = survey::merge(inputs(shards));
  REQUIRE(merged.error.empty());
  CHECK(merged.missing.empty());
  CHECK(merged.record["complete"] == true);
  for (const char* key : {"solved", "histogram", "histogram_without_tips", "deepest",
                          "deepest_without_tips", "positions_hash"}) {
    CHECK_MESSAGE(merged.record[key] == whole[key], key);
  }
  CHECK(whole["solved"] == 400);
  // Another seed is another survey.
  CHECK(surveyed("pyraminx", 400, 8)["positions_hash"] != whole["positions_hash"]);
}

TEST_CASE("survey: missing, repeated, mixed and damaged records are reported") {
  std::vector<survey::Record> shards;
  for (std::uint64_t i = 0; i < 3; ++i) shards.push_back(surveyed("pyraminx", 90, 3, {i, 3}));
  const survey::MergeOutcome partial = survey::merge(inputs({shards[0], shards[2], shards[2]}));
  REQUIRE(partial.error.empty());
  CHECK(partial.missing == std::vector<std::uint64_t>{1});
  CHECK(partial.duplicates.size() == 1);
  CHECK(partial.record["complete"] == false);
  CHECK(partial.record["solved"] == 60);
  // Re-running the missing shard completes the survey.
  const survey::MergeOutcome rerun =
      survey::merge(inputs({partial.record, surveyed("pyraminx", 90, 3, {1, 3})}));
  REQUIRE(rerun.error.empty());
  CHECK(rerun.missing.empty());
  CHECK(rerun.record["positions_hash"] == survey::merge(inputs(shards)).record["positions_hash"]);

  const survey::MergeOutcome mixed =
      survey::merge(inputs({shards[0], surveyed("pyraminx", 90, 4, {1, 3})}));
  CHECK(mixed.error.find("mixed surveys") != std::string::npos);
  CHECK(mixed.error.find("seed") != std::string::npos);
  survey::Record otherVersion = shards[1];
  otherVersion["engine_version"] = "0.0.9";
  otherVersion["checksum"] = survey::checksumOf(otherVersion);
  CHECK(survey::merge(inputs({shards[0], otherVersion})).error.find("engine_version") !=
        std::string::npos);
  survey::Record edited = shards[1];
  edited["histogram"][8] = 1000;
  CHECK(survey::merge(inputs({shards[0], edited})).error.find("checksum") != std::string::npos);
  auto cut = inputs({shards[0], shards[1]});
  cut[1].second.resize(cut[1].second.size() / 2);
  CHECK(survey::merge(cut).error.find("shard1.json: not a JSON survey record") !=
        std::string::npos);
  survey::Shard shard;
  CHECK(survey::parseShard("3/4", shard));
  CHECK((shard.index == 3 && shard.of == 4));
  for (const char* bad : {"4/4", "1/0", "1", "/4", "a/4", "1/4x", "-1/4", "1/99999999"}) {
    CHECK_MESSAGE(!survey::parseShard(bad, shard), bad);
  }
}

TEST_CASE("survey: the Pyraminx histogram agrees with its exact distance table") {
  // OEIS A079744: positions without tips at each distance (PRODUCT.md).
  const double exact[] = {1, 8, 48, 288, 1728, 9896, 51808, 220111, 480467, 166276, 2457, 32};
  const survey::Record record = surveyed("pyraminx", 3000, 1);
  const survey::Record& histogram = record["histogram_without_tips"];
  for (std::size_t d = 0; d < histogram.size(); ++d) {
    const double p = exact[d] / 933120, n = 3000;
    const double expected = n * p, sigma = std::sqrt(n * p * (1 - p));
    CHECK_MESSAGE(std::abs(histogram[d].get<double>() - expected) <= 5 * sigma + 1,
                  "distance " << d);
  }
}
