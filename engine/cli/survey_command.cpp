#include "cli/survey_command.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/survey.hpp"
#include "puzzles/catalogue.hpp"

namespace polytwist::cli {

namespace {

constexpr std::uint64_t kMaxCount = 1000000000;

// Writes through a temporary file renamed into place, so a shard killed while writing leaves no
// record (merge reports it missing) rather than half of one.
bool writeAtomically(const std::string& path, const std::string& text, std::string* error) {
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out.flush()) {
      *error = "cannot write " + temporary;
      return false;
    }
  }
  std::error_code failed;
  std::filesystem::rename(temporary, path, failed);
  if (failed) *error = "cannot rename " + temporary + " to " + path + ": " + failed.message();
  return !failed;
}

int emit(const Arguments& args, const survey::Record& record) {
  const std::string text = record.dump(1) + "\n";
  const auto out = args.options.find("out");
  if (out == args.options.end()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  std::string error;
  if (!writeAtomically(out->second, text, &error)) return usageError(args, error);
  return 0;
}

}  // namespace

int surveyCommand(const Arguments& args) {
  const Puzzle* puzzle = findPuzzle(args.positional[1]);
  if (!puzzle) return usageError(args, "unknown puzzle '" + args.positional[1] + "'");
  survey::Options options;
  const auto number = [&](const char* name, std::uint64_t limit, std::uint64_t& value) {
    const auto found = args.options.find(name);
    return found != args.options.end() && readWholeNumber(found->second, limit, value);
  };
  if (!number("count", kMaxCount, options.count) || options.count == 0) {
    return usageError(args, "--count needs a whole number from 1 to " + std::to_string(kMaxCount));
  }
  if (!number("seed", UINT64_MAX, options.seed)) {
    return usageError(args, "--seed needs a whole number (the survey's positions depend on it)");
  }
  if (const auto shard = args.options.find("shard"); shard != args.options.end()) {
    if (!survey::parseShard(shard->second, options.shard)) {
      return usageError(args, "--shard needs I/K with 0 <= I < K <= 1000000, e.g. 0/4; got '" +
                                  shard->second + "'");
    }
  }
  std::uint64_t threads = 0;
  if (args.options.count("threads") && !number("threads", 256, threads)) {
    return usageError(args, "--threads needs a whole number from 0 (every core) to 256");
  }
  options.threads = static_cast<unsigned>(threads);
  if (const auto tables = args.options.find("tables"); tables != args.options.end()) {
    options.tables = tables->second;
  }
  options.progress = [](std::uint64_t done, std::uint64_t total) {
    if (done == total || done % 100 == 0) {
      std::fprintf(stderr, "\rsolved %llu of %llu", static_cast<unsigned long long>(done),
                   static_cast<unsigned long long>(total));
      if (done == total) std::fprintf(stderr, "\n");
    }
  };
  Solver solver(*puzzle);
  survey::Record record;
  std::string error;
  if (!survey::run(*puzzle, solver, options, record, &error)) return usageError(args, error);
  return emit(args, record);
}

int mergeCommand(const Arguments& args) {
  std::vector<std::pair<std::string, std::string>> inputs;
  for (std::size_t i = 1; i < args.positional.size(); ++i) {
    const std::string& path = args.positional[i];
    std::ifstream file(path, std::ios::binary);
    if (!file) return usageError(args, "cannot read " + path + ": no such file or not readable");
    std::ostringstream text;
    text << file.rdbuf();
    inputs.emplace_back(path, text.str());
  }
  const survey::MergeOutcome outcome = survey::merge(inputs);
  if (!outcome.error.empty()) return usageError(args, outcome.error);
  for (const std::string& duplicate : outcome.duplicates) {
    std::fprintf(stderr, "polytwist: %s (same distances, counted once)\n", duplicate.c_str());
  }
  std::fputs(survey::summary(outcome.record).c_str(), stderr);
  const int written = emit(args, outcome.record);
  if (written != 0) return written;
  if (!outcome.missing.empty()) {
    std::string list;
    for (std::uint64_t index : outcome.missing) {
      list += (list.empty() ? "" : ", ") + std::to_string(index);
    }
    const auto of = outcome.record["shards_of"].get<std::uint64_t>();
    std::fprintf(stderr,
                 "polytwist: incomplete survey: shard%s %s of 0..%llu missing; run each with "
                 "--shard I/%llu (same --count and --seed) and merge again\n",
                 outcome.missing.size() > 1 ? "s" : "", list.c_str(),
                 static_cast<unsigned long long>(of - 1), static_cast<unsigned long long>(of));
    return 3;
  }
  return 0;
}

}  // namespace polytwist::cli
