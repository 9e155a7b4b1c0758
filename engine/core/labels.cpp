#include "core/labels.hpp"

#include <algorithm>
#include <map>

#include "core/text.hpp"

namespace polytwist {
namespace {

LabellingReading reject(std::string message, LabellingProblem problem,
                        std::vector<int> stickers = {}) {
  return {std::nullopt, {std::move(message), std::move(stickers), std::move(problem)}};
}

// A sticker's name and face, as a problem names them.
LabellingProblem aboutSticker(const Puzzle& puzzle, std::string kind, int sticker) {
  return {.kind = std::move(kind),
          .sticker = puzzle.faceletName(sticker),
          .face = puzzle.spec().faces[puzzle.faceOfFacelet(sticker)].name};
}

std::string symbolName(const Puzzle& puzzle, int label) {
  return std::string(1, puzzle.spec().labelSymbols[label]);
}

std::optional<int> stickerNamed(const Puzzle& puzzle, std::string_view name) {
  for (int s = 0; s < puzzle.faceletCount(); ++s) {
    if (puzzle.faceletName(s) == name) return s;
  }
  return std::nullopt;
}

// The faces, then the extra groups; nullopt with `error` set when a group is malformed.
std::optional<std::vector<std::vector<int>>> readGroups(const Puzzle& puzzle,
                                                        std::string_view extra,
                                                        std::vector<std::string>& names,
                                                        LabellingReading& error) {
  std::vector<std::vector<int>> groups;
  int first = 0;
  for (const FaceSpec& face : puzzle.spec().faces) {
    std::vector<int> group;
    for (int i = 0; i < face.stickers; ++i) group.push_back(first + i);
    first += face.stickers;
    groups.push_back(group);
    names.push_back("face " + face.name);
  }
  const std::size_t symbols = puzzle.spec().labelSymbols.size();
  int extraCount = 0;
  for (std::size_t start = 0; start <= extra.size();) {
    const std::size_t end = std::min(extra.find_first_of(";\n", start), extra.size());
    const std::string_view text = extra.substr(start, end - start);
    start = end + 1;
    const int number = extraCount + 1;
    const std::string which = "group " + std::to_string(number);
    std::vector<int> group;
    for (std::size_t at = 0; at < text.size();) {
      if (std::string_view(" \t\r,").find(text[at]) != std::string_view::npos) {
        ++at;
        continue;
      }
      const std::size_t stop = std::min(text.find_first_of(" \t\r,", at), text.size());
      const std::string_view name = text.substr(at, stop - at);
      at = stop;
      const std::optional<int> sticker = stickerNamed(puzzle, name);
      if (!sticker) {
        const std::string given(name.substr(0, 16));
        error = reject(which + ": no sticker named '" + given +
                           "' (a sticker is named by its face and number, e.g. F0)",
                       {.kind = "unknown-sticker", .sticker = given, .group = number});
        return std::nullopt;
      }
      if (std::find(group.begin(), group.end(), *sticker) != group.end()) {
        LabellingProblem twice = aboutSticker(puzzle, "sticker-twice", *sticker);
        twice.group = number;
        error = reject(which + " names " + std::string(name) + " twice", twice, {*sticker});
        return std::nullopt;
      }
      group.push_back(*sticker);
    }
    if (group.empty()) continue;
    if (group.size() > symbols) {
      const int size = static_cast<int>(group.size());
      error = reject(which + " has " + std::to_string(size) + " stickers, but there are only " +
                         std::to_string(symbols) + " different symbols",
                     {.kind = "group-too-large",
                      .group = number,
                      .count = size,
                      .expected = static_cast<int>(symbols)},
                     group);
      return std::nullopt;
    }
    groups.push_back(group);
    names.push_back(which);
    ++extraCount;
  }
  return groups;
}

}  // namespace

LabellingReading readLabelling(const Puzzle& puzzle, std::string_view text,
                               std::string_view extraGroups, bool allowUnknown) {
  const std::string& symbols = puzzle.spec().labelSymbols;
  if (symbols.empty()) {
    return reject(puzzle.id() + " has no numbered stickers", {.kind = "no-symbols"});
  }
  Labelling labelling;
  bool comment = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') comment = false;
    if (comment || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',') continue;
    if (c == '#') {
      comment = true;
      continue;
    }
    // A face label such as "F:" or "BL:" before its stickers.
    const std::size_t colon = text.find(':', i);
    if (colon != std::string_view::npos && colon - i <= 3 && colon > i &&
        std::all_of(text.begin() + i, text.begin() + colon,
                    [](char l) { return std::isalpha(static_cast<unsigned char>(l)); })) {
      i = colon;
      continue;
    }
    const std::size_t symbol = symbols.find(c);
    const int sticker = static_cast<int>(labelling.label.size());
    if (sticker >= puzzle.faceletCount()) {
      // Read no further (a text may be long): `count` is the first symbol past the stickers.
      return reject(
          "more than " + std::to_string(puzzle.faceletCount()) + " symbols (one per sticker)",
          {.kind = "symbol-count", .count = sticker + 1, .expected = sticker});
    }
    if (c == '?' && allowUnknown) {
      labelling.label.push_back(-1);
    } else if (symbol == std::string::npos) {
      const bool printable = c >= 0x20 && c < 0x7f;  // else a byte of a longer character
      const std::string shown = printable
                                    ? "'" + std::string(1, c) + "'"
                                    : "a byte " + std::to_string(static_cast<unsigned char>(c));
      LabellingProblem unknown = aboutSticker(puzzle, "unknown-symbol", sticker);
      if (printable) unknown.shown = std::string(1, c);
      unknown.symbols = symbols;
      return reject("sticker " + puzzle.faceletName(sticker) + " (character " +
                        std::to_string(i + 1) + ") is " + shown + ", not one of " + symbols +
                        (allowUnknown ? " or ? (to be chosen)" : ""),
                    unknown, {sticker});
    } else {
      labelling.label.push_back(static_cast<int>(symbol));
    }
  }
  const int given = static_cast<int>(labelling.label.size());
  if (given != puzzle.faceletCount()) {
    return reject("expected " + std::to_string(puzzle.faceletCount()) +
                      " symbols (one per sticker), got " + std::to_string(given),
                  {.kind = "symbol-count", .count = given, .expected = puzzle.faceletCount()});
  }

  // When every face has one sticker per symbol, each face must end up showing each symbol once,
  // so each symbol appears once per face in all.
  const auto& faces = puzzle.spec().faces;
  const bool onePerFace = std::all_of(faces.begin(), faces.end(), [&](const FaceSpec& face) {
    return face.stickers == static_cast<int>(symbols.size());
  });
  const bool complete =
      std::find(labelling.label.begin(), labelling.label.end(), -1) == labelling.label.end();
  if (onePerFace) {
    std::vector<std::vector<int>> stickersOf(symbols.size());
    for (int s = 0; s < puzzle.faceletCount(); ++s) {
      if (labelling.label[s] >= 0) stickersOf[labelling.label[s]].push_back(s);
    }
    std::vector<std::string> wrong;
    std::vector<SymbolCount> counts;
    std::vector<int> blamed;
    const int wanted = static_cast<int>(faces.size());
    for (std::size_t l = 0; l < symbols.size(); ++l) {
      const int have = static_cast<int>(stickersOf[l].size());
      if (have == wanted || (!complete && have < wanted)) continue;
      wrong.push_back(symbolName(puzzle, static_cast<int>(l)) + " appears " + std::to_string(have) +
                      (have == 1 ? " time" : " times"));
      counts.push_back({symbols[l], have});
      if (have > wanted) blamed.insert(blamed.end(), stickersOf[l].begin(), stickersOf[l].end());
    }
    if (!wrong.empty()) {
      std::sort(blamed.begin(), blamed.end());
      return reject(join(wrong, ", ") + ": each symbol must appear " + std::to_string(wanted) +
                        " times, once for each face",
                    {.kind = "symbol-counts", .counts = std::move(counts), .expected = wanted},
                    blamed);
    }
  }
  LabellingReading groupError;
  auto groups = readGroups(puzzle, extraGroups, labelling.groupNames, groupError);
  if (!groups) return groupError;
  labelling.groups = std::move(*groups);
  return {std::move(labelling), {}};
}

std::string labelsShown(const Puzzle& puzzle, const Labelling& labelling, const State& state) {
  std::string shown;
  for (int source : puzzle.faceletSources(state)) {
    const int label = labelling.label[source];
    shown += label < 0 ? '?' : puzzle.spec().labelSymbols[label];
  }
  return shown;
}

bool showsDistinctGroups(const Puzzle& puzzle, const Labelling& labelling, const State& state) {
  const std::vector<int> sources = puzzle.faceletSources(state);
  for (const std::vector<int>& group : labelling.groups) {
    unsigned seen = 0;
    for (int sticker : group) {
      const int label = labelling.label[sources[sticker]];
      if (label < 0 || (seen & (1u << label))) return false;
      seen |= 1u << label;
    }
  }
  return true;
}

std::string labellingText(const Puzzle& puzzle, const Labelling& labelling) {
  std::string text;
  int sticker = 0;
  for (const FaceSpec& face : puzzle.spec().faces) {
    text += face.name + ":";
    for (int i = 0; i < face.stickers; ++i, ++sticker) {
      text += ' ';
      const int label = labelling.label[sticker];
      text += label < 0 ? '?' : puzzle.spec().labelSymbols[label];
    }
    text += '\n';
  }
  return text;
}

}  // namespace polytwist
