// Command-line arguments and answers shared by the commands of the `polytwist` CLI.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "api/service.hpp"
#include "core/json.hpp"

namespace polytwist::cli {

struct Arguments {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  // --name value, or --name ""
  bool json = false;
  bool help = false;
  bool tips = false;
  bool againstTable = false;
  bool fast = false;
};

inline Arguments parseArguments(int argc, char** argv) {
  Arguments args;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") {
      args.json = true;
    } else if (arg == "--help" || arg == "-h") {
      args.help = true;
    } else if (arg == "--tips") {
      args.tips = true;
    } else if (arg == "--against-table") {
      args.againstTable = true;
    } else if (arg == "--fast") {
      args.fast = true;
    } else if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
      args.options[arg.substr(2)] = (i + 1 < argc) ? argv[++i] : "";
    } else {
      args.positional.push_back(arg);
    }
  }
  return args;
}

inline int usageError(const Arguments& args, const std::string& message) {
  if (args.json) {
    std::cout
        << polytwist::Json(polytwist::Json::Object{}).set("ok", false).set("error", message).dump()
        << "\n";
  }
  std::cerr << "polytwist: " << message << "\n(see polytwist --help)\n";
  return 2;
}

// Prints an answer: JSON as is, or the plain-text lines; errors to stderr, exit code 2.
template <typename PlainText>
int report(const Arguments& args, const polytwist::Json& answer, PlainText plainText) {
  const bool ok = answer.find("ok")->boolean();
  if (args.json) std::cout << answer.dump() << "\n";
  if (!ok) {
    std::cerr << "polytwist: " << answer.find("error")->string() << "\n";
    return 2;
  }
  if (!args.json) plainText(answer);
  return 0;
}

inline bool readWholeNumber(const std::string& text, std::uint64_t limit, std::uint64_t& value) {
  if (text.empty() || text.size() > 19 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return false;
  }
  value = std::stoull(text);
  return value <= limit;
}

// A file the CLI reads as input (a numbering, --scrambles): its whole contents, at most
// service::kMaxInputBytes (the limit of every input, docs/cli.md), else `error` says why not.
struct InputFile {
  std::string text;
  std::string error;  // empty when read
};

inline InputFile readInputFile(const std::string& path) {
  // A directory opens as a stream of no bytes: it would be read as empty text.
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) {
    return {{}, path + " is a directory, not a file"};
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) return {{}, "no such file: " + path + " (or it cannot be read)"};
  std::string text(service::kMaxInputBytes + 1, '\0');
  file.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(file.gcount()));
  if (text.size() > service::kMaxInputBytes) {
    return {
        {},
        path + " is over the input limit of " + std::to_string(service::kMaxInputBytes) + " bytes"};
  }
  return {std::move(text), {}};
}

// A FILE-or-TEXT argument (a numbering, --groups): the contents of the file it names; or, when no
// file has that name, the argument itself, unless it looks like a path (contains '/' or ends in
// ".txt"), which is then an error: a mistyped file name should not be read as digits.
inline InputFile fileOrText(const std::string& argument) {
  const bool looksLikePath =
      argument.find('/') != std::string::npos ||
      (argument.size() >= 4 && argument.compare(argument.size() - 4, 4, ".txt") == 0);
  if (std::ifstream(argument) || looksLikePath) return readInputFile(argument);
  return {argument, {}};
}

}  // namespace polytwist::cli
