// Distance surveys (docs/survey.md): optimally solve N uniformly random positions and record how
// far each was from solved, in a JSON record that merges with others. Position i of a survey
// depends only on the puzzle, the seed and i, and shard I of K solves the positions i ≡ I mod K,
// so K machines together solve exactly the positions one would. Merging adds records, refuses
// mixed puzzles, engine versions or surveys, and reports shards that are missing or given twice.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "search/solver.hpp"

namespace polytwist::survey {

using Record = nlohmann::ordered_json;

struct Shard {
  std::uint64_t index = 0;
  std::uint64_t of = 1;
};

struct Options {
  std::uint64_t count = 0;
  std::uint64_t seed = 0;
  Shard shard;
  std::string tables;    // the solver's table set ("": the puzzle's default)
  unsigned threads = 0;  // per solve; 0: every core
  // After each solved position: how many of the shard's are done, of how many.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
  Cancellation cancel;
};

// Position `index` of the survey with `seed`: a uniformly random state drawn from a generator
// seeded by both.
State positionOf(const Puzzle& puzzle, std::uint64_t seed, std::uint64_t index);

// Parses "I/K" (0 ≤ I < K ≤ 1,000,000); false when malformed.
bool parseShard(const std::string& text, Shard& shard);

// Solves the shard's positions; the record, or an error (a failed solve says which position).
bool run(const Puzzle& puzzle, Solver& solver, const Options& options, Record& record,
         std::string* error);

struct MergeOutcome {
  Record record;                        // the sum of the inputs (when no error)
  std::vector<std::uint64_t> missing;   // shards no input holds
  std::vector<std::string> duplicates;  // "shard 2 in a.json and b.json", counted once
  std::string error;                    // why the inputs cannot be merged
};

// `inputs`: each record's file name (for messages) and text.
MergeOutcome merge(const std::vector<std::pair<std::string, std::string>>& inputs);

// The record's checksum: of its text without the "checksum" field.
std::string checksumOf(const Record& record);

// Lines summing a record up: positions per distance with 95% intervals, and what the deepest
// positions found say about God's number.
std::string summary(const Record& record);

}  // namespace polytwist::survey
