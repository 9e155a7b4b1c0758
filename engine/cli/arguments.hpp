// Command-line arguments and answers shared by the commands of the `polytwist` CLI.
#pragma once

#include <algorithm>
#include <iostream>
#include <map>
#include <string>
#include <vector>

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

}  // namespace polytwist::cli
