#include "cli/image_command.hpp"

#include <fstream>
#include <iostream>

#include "server/png.hpp"
#include "puzzles/catalogue.hpp"
#include "render/image.hpp"

namespace polytwist::cli {

int imageCommand(const Arguments& args) {
  // The CLI's options are VisualCube's query parameters under readable names.
  static const std::vector<std::pair<std::string, std::string>> names = {
      {"alg", "alg"},   {"case", "case"},   {"state", "state"}, {"view", "view"},
      {"size", "size"}, {"scheme", "sch"},  {"bg", "bg"},       {"fd", "fd"},
      {"fc", "fc"},     {"stage", "stage"}, {"rotate", "r"},    {"notation", "notation"},
      {"format", "fmt"}};
  std::vector<std::pair<std::string, std::string>> params = {{"pzl", args.positional[1]}};
  for (const auto& [option, value] : args.options) {
    if (option == "out" || option == "mask") continue;
    const auto it =
        std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == option; });
    if (it == names.end()) return usageError(args, "image: unknown option --" + option);
    params.emplace_back(it->second, value);
  }
  if (const auto mask = args.options.find("mask"); mask != args.options.end()) {
    // --mask ORBITS greys those pieces: the stage shows every other orbit.
    if (args.options.count("stage"))
      return usageError(args, "image: --mask and --stage exclude each other");
    const Puzzle* puzzle = findPuzzle(args.positional[1]);
    if (puzzle) {
      std::string masked = "," + mask->second + ",", shown;
      for (const Orbit& orbit : puzzle->orbits()) {
        if (masked.find("," + orbit.name + ",") == std::string::npos)
          shown += (shown.empty() ? "" : ",") + orbit.name;
        else
          masked.erase(masked.find("," + orbit.name + ","), orbit.name.size() + 1);
      }
      if (masked != ",")
        return usageError(args, "image: --mask names no pieces of " + puzzle->id() + ": '" +
                                    masked.substr(1, masked.size() - 2) + "'");
      if (shown.empty()) return usageError(args, "image: --mask hides every piece");
      params.emplace_back("stage", shown);
    }
  }
  const ImageAnswer answer = imageFromParameters(params);
  if (answer.status != 200) return usageError(args, "image: " + answer.error);
  // --format png: the SVG rasterised by librsvg, as `polytwist serve` answers /image.png.
  std::string bytes = answer.svg + "\n";
  if (answer.format == "png") {
    std::string error;
    auto png = server::svgToPng(answer.svg, error);
    if (!png) return usageError(args, "image: PNG rendering failed: " + error);
    bytes = std::move(*png);
  }
  const auto out = args.options.find("out");
  if (out == args.options.end()) {
    std::cout << bytes;
    return 0;
  }
  std::ofstream file(out->second, std::ios::binary);
  file << bytes;
  if (!file.flush()) return usageError(args, "image: cannot write " + out->second);
  return 0;
}

}  // namespace polytwist::cli
