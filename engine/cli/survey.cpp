#include "cli/survey.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "api/service.hpp"
#include "core/sequence.hpp"

namespace polytwist::survey {

namespace {

constexpr const char* kFormat = "polytwist-survey 1";
constexpr std::size_t kDeepestKept = 10;

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// Adds one solved position to the order-independent hash of (index, distance) pairs, so shards'
// hashes add up to the hash of the whole survey.
std::uint64_t positionHash(std::uint64_t index, std::uint64_t distance) {
  return splitmix64(index << 8 | distance);
}

std::uint64_t shardSize(std::uint64_t count, const Shard& shard) {
  return shard.index < count ? (count - shard.index + shard.of - 1) / shard.of : 0;
}

void addAt(Record& histogram, std::size_t distance, std::uint64_t amount) {
  while (histogram.size() <= distance) histogram.push_back(0);
  histogram[distance] = histogram[distance].get<std::uint64_t>() + amount;
}

// The deepest positions first by `distance` (a field of the entries; ties by index), at most
// kDeepestKept.
void keepDeepest(Record& deepest, const std::string& distance) {
  std::vector<Record> list(deepest.begin(), deepest.end());
  std::sort(list.begin(), list.end(), [&](const Record& a, const Record& b) {
    const auto da = a[distance].get<std::uint64_t>(), db = b[distance].get<std::uint64_t>();
    return da != db ? da > db : a["index"].get<std::uint64_t>() < b["index"].get<std::uint64_t>();
  });
  if (list.size() > kDeepestKept) list.resize(kDeepestKept);
  deepest = Record::array();
  for (Record& entry : list) deepest.push_back(std::move(entry));
}

}  // namespace

State positionOf(const Puzzle& puzzle, std::uint64_t seed, std::uint64_t index) {
  std::mt19937_64 rng(splitmix64(seed) ^ splitmix64(~index));
  return puzzle.randomState(rng);
}

bool parseShard(const std::string& text, Shard& shard) {
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == text.size()) return false;
  const auto number = [](const std::string& digits, std::uint64_t& value) {
    if (digits.empty() || digits.size() > 7) return false;
    value = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') return false;
      value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return true;
  };
  Shard parsed;
  if (!number(text.substr(0, slash), parsed.index) || !number(text.substr(slash + 1), parsed.of)) {
    return false;
  }
  if (parsed.of == 0 || parsed.of > 1000000 || parsed.index >= parsed.of) return false;
  shard = parsed;
  return true;
}

std::string checksumOf(const Record& record) {
  Record copy = record;
  copy.erase("checksum");
  const std::string text = copy.dump();
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a, then mixed
  for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3ULL;
  return hex(splitmix64(hash));
}

bool run(const Puzzle& puzzle, Solver& solver, const Options& options, Record& record,
         std::string* error) {
  const auto began = std::chrono::steady_clock::now();
  const bool separable = puzzle.separableOrbit() >= 0;
  Record histogram = Record::array(), withoutSeparable = Record::array(), deepest = Record::array(),
         deepestWithout = Record::array();
  // With separable pieces (tips), the distance without them too, and its own deepest positions.
  const std::string without = separable ? "without_" + puzzle.spec().separable->label : "";
  std::uint64_t hash = 0, nodes = 0, done = 0;
  std::string tables;
  const std::uint64_t total = shardSize(options.count, options.shard);
  SearchOptions search;
  search.tables = options.tables;
  search.threads = options.threads;
  search.cancel = options.cancel;
  for (std::uint64_t index = options.shard.index; index < options.count;
       index += options.shard.of) {
    const State start = positionOf(puzzle, options.seed, index);
    const SolveOutcome outcome = solver.solve(start, search);
    if (outcome.status != SolveOutcome::Status::Solved) {
      *error = outcome.status == SolveOutcome::Status::Cancelled
                   ? "cancelled"
                   : "position " + std::to_string(index) + " (" + puzzle.encodeState(start) +
                         ") was not solved: " + outcome.error;
      return false;
    }
    tables = outcome.tables;
    const std::size_t distance = outcome.moves.size();
    addAt(histogram, distance, 1);
    Record entry = {{"index", index}, {"distance", distance}};
    if (separable) {
      const auto own = std::count_if(outcome.moves.begin(), outcome.moves.end(),
                                     [&](int m) { return puzzle.isSeparableMove(m); });
      addAt(withoutSeparable, distance - static_cast<std::size_t>(own), 1);
      entry["distance_" + without] = distance - static_cast<std::size_t>(own);
    }
    hash += positionHash(index, distance);
    nodes += outcome.nodes;
    entry["state"] = puzzle.encodeState(start);
    entry["solution"] = formatMoves(puzzle, outcome.moves);
    if (separable) deepestWithout.push_back(entry);
    deepest.push_back(std::move(entry));
    if (deepest.size() > 4 * kDeepestKept) keepDeepest(deepest, "distance");
    if (deepestWithout.size() > 4 * kDeepestKept) {
      keepDeepest(deepestWithout, "distance_" + without);
    }
    ++done;
    if (options.progress) options.progress(done, total);
  }
  keepDeepest(deepest, "distance");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  record = Record::object();
  record["format"] = kFormat;
  record["puzzle"] = puzzle.id();
  record["engine_version"] = service::kVersion;
  record["seed"] = options.seed;
  record["count"] = options.count;
  record["shards_of"] = options.shard.of;
  record["shards"] = Record::array({options.shard.index});
  record["tables"] = tables;
  record["solved"] = done;
  record["histogram"] = histogram;
  if (separable) {
    record["histogram_without_" + puzzle.spec().separable->label] = withoutSeparable;
  }
  record["deepest"] = deepest;
  if (separable) {
    keepDeepest(deepestWithout, "distance_" + without);
    record["deepest_" + without] = deepestWithout;
  }
  record["positions_hash"] = hex(hash);
  record["nodes"] = nodes;
  record["seconds"] = std::round(seconds * 1000) / 1000;
  record["checksum"] = checksumOf(record);
  return true;
}

MergeOutcome merge(const std::vector<std::pair<std::string, std::string>>& inputs) {
  MergeOutcome outcome;
  if (inputs.empty()) {
    outcome.error = "nothing to merge";
    return outcome;
  }
  Record merged;
  std::string firstName;
  std::map<std::uint64_t, std::string> holder;     // shard → the file that brought it
  std::map<std::uint64_t, std::string> shardHash;  // single-shard records' positions_hash
  std::uint64_t hash = 0;
  for (const auto& [name, text] : inputs) {
    Record record = Record::parse(text, nullptr, false);
    if (record.is_discarded() || !record.is_object()) {
      outcome.error = name + ": not a JSON survey record (damaged or cut short?)";
      return outcome;
    }
    if (record.value("format", "") != kFormat) {
      outcome.error = name + ": not a survey record of format '" + kFormat + "'";
      return outcome;
    }
    try {
      if (record["checksum"].get<std::string>() != checksumOf(record)) {
        outcome.error = name + ": checksum mismatch: the record was changed or damaged";
        return outcome;
      }
      if (merged.is_null()) {
        merged = record;
        firstName = name;
        merged["shards"] = Record::array();
        merged["solved"] = 0;
        merged["histogram"] = Record::array();
        for (auto& [key, value] : merged.items()) {
          if (key.rfind("histogram_without_", 0) == 0) value = Record::array();
        }
        for (auto& [key, value] : merged.items()) {
          if (key.rfind("deepest", 0) == 0) value = Record::array();
        }
        merged["nodes"] = 0;
        merged["seconds"] = 0.0;
      }
      // One survey: the same puzzle, engine, seed, size and split.
      for (const char* key : {"puzzle", "engine_version", "seed", "count", "shards_of"}) {
        if (record[key] != merged[key]) {
          outcome.error = "mixed surveys: " + firstName + " has " + key + " " + merged[key].dump() +
                          ", " + name + " has " + record[key].dump();
          return outcome;
        }
      }
      bool duplicate = false;
      for (const Record& shard : record["shards"]) {
        const auto index = shard.get<std::uint64_t>();
        if (holder.count(index)) {
          outcome.duplicates.push_back("shard " + std::to_string(index) + " in " + holder[index] +
                                       " and " + name);
          duplicate = true;
        }
      }
      if (duplicate) {
        // The same positions again: counted once if the record holds nothing else and found
        // the same distances.
        const auto index = record["shards"][0].get<std::uint64_t>();
        if (record["shards"].size() == 1 && shardHash[index] == record["positions_hash"]) continue;
        if (record["shards"].size() == 1) {
          outcome.error = "shard " + std::to_string(index) + " in " + holder[index] + " and " +
                          name + " found different distances";
          return outcome;
        }
        outcome.error = name + " repeats shards of another record along with new ones";
        return outcome;
      }
      if (record["shards"].size() == 1) {
        shardHash[record["shards"][0].get<std::uint64_t>()] = record["positions_hash"];
      }
      for (const Record& shard : record["shards"]) {
        holder[shard.get<std::uint64_t>()] = name;
        merged["shards"].push_back(shard);
      }
      merged["solved"] =
          merged["solved"].get<std::uint64_t>() + record["solved"].get<std::uint64_t>();
      for (auto& [key, value] : record.items()) {
        if (key.rfind("histogram", 0) != 0) continue;
        for (std::size_t d = 0; d < value.size(); ++d) addAt(merged[key], d, value[d]);
      }
      for (auto& [key, list] : record.items()) {
        if (key.rfind("deepest", 0) != 0) continue;
        for (const Record& entry : list) merged[key].push_back(entry);
        // "deepest" by "distance", "deepest_without_tips" by "distance_without_tips".
        keepDeepest(merged[key], "distance" + key.substr(7));
      }
      hash += std::stoull(record["positions_hash"].get<std::string>(), nullptr, 16);
      merged["nodes"] = merged["nodes"].get<std::uint64_t>() + record["nodes"].get<std::uint64_t>();
      merged["seconds"] = merged["seconds"].get<double>() + record["seconds"].get<double>();
      if (record["tables"] != merged["tables"]) merged["tables"] = "mixed";
    } catch (const nlohmann::json::exception& e) {
      outcome.error = name + ": a field is missing or of the wrong kind (" + e.what() + ")";
      return outcome;
    }
  }
  std::vector<std::uint64_t> shards;
  for (const auto& [index, ignored] : holder) shards.push_back(index);
  merged["shards"] = shards;
  for (std::uint64_t index = 0; index < merged["shards_of"].get<std::uint64_t>(); ++index) {
    if (!holder.count(index)) outcome.missing.push_back(index);
  }
  merged["positions_hash"] = hex(hash);
  merged["complete"] = outcome.missing.empty();
  merged["checksum"] = checksumOf(merged);
  outcome.record = std::move(merged);
  return outcome;
}

std::string summary(const Record& record) {
  std::ostringstream out;
  const auto solved = record["solved"].get<std::uint64_t>();
  out << record["puzzle"].get<std::string>() << ": " << solved << " random positions solved";
  if (!record.value("complete", true)) out << " (incomplete: shards missing)";
  out << "\n";
  for (auto& [key, histogram] : record.items()) {
    if (key.rfind("histogram", 0) != 0) continue;
    std::string label = key.substr(std::min<std::size_t>(key.size(), 10));  // "without_tips"
    std::replace(label.begin(), label.end(), '_', ' ');
    out << (label.empty() ? "distance" : label + ": distance")
        << "  positions  share  95% interval (Wilson)\n";
    double sum = 0;
    for (std::size_t d = 0; d < histogram.size(); ++d) {
      const auto k = histogram[d].get<std::uint64_t>();
      if (k == 0) continue;
      const double n = static_cast<double>(solved), p = static_cast<double>(k) / n, z = 1.96;
      const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
      const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
      char line[160];
      std::snprintf(line, sizeof line, "%8zu  %9llu  %5.2f%%  %5.2f%% - %5.2f%%\n", d,
                    static_cast<unsigned long long>(k), 100 * p, 100 * std::max(0.0, centre - half),
                    100 * std::min(1.0, centre + half));
      out << line;
      sum += static_cast<double>(d) * static_cast<double>(k);
    }
    char mean[80];
    std::snprintf(mean, sizeof mean, "mean distance %.3f\n", sum / static_cast<double>(solved));
    out << mean;
  }
  for (auto& [key, list] : record.items()) {
    if (key.rfind("deepest", 0) != 0 || list.empty()) continue;
    const std::string distance = "distance" + key.substr(7);
    std::string label = key.substr(std::min<std::size_t>(key.size(), 8));  // "without_tips"
    std::replace(label.begin(), label.end(), '_', ' ');
    out << "deepest found" << (label.empty() ? "" : " " + label) << ": "
        << list[0][distance].get<std::uint64_t>() << " moves (position "
        << list[0]["index"].get<std::uint64_t>() << ", solution "
        << list[0]["solution"].get<std::string>() << "): God's number"
        << (label.empty() ? "" : " " + label) << " is at least that\n";
  }
  out << "positions farther than any found make up less than "
      << 300.0 / static_cast<double>(std::max<std::uint64_t>(solved, 1))
      << "% of all (95%, rule of three)\n";
  return out.str();
}

}  // namespace polytwist::survey
