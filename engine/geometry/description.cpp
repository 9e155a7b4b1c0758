#include "geometry/description.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace polytwist::geometry {
namespace {

struct Token {
  std::string_view text;
  int column;  // 1-based
};

std::vector<Token> tokens(std::string_view text) {
  std::vector<Token> list;
  std::size_t at = 0;
  while (at < text.size()) {
    if (text[at] == ' ' || text[at] == '\t') {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    list.push_back({text.substr(at, end - at), static_cast<int>(at) + 1});
    at = end;
  }
  return list;
}

std::string quoted(std::string_view token) {
  std::string shown;
  for (char c : token.substr(0, 24)) {
    shown += (c >= 0x20 && c < 0x7f) ? c : '?';
  }
  if (token.size() > 24) shown += "...";
  return "'" + shown + "'";
}

ParsedDescription failure(std::string message) { return {std::nullopt, {std::move(message)}}; }

std::string at(const Token& token) {
  return quoted(token.text) + " at column " + std::to_string(token.column);
}

// A plain decimal number: digits with at most one point, no sign, exponent or spaces.
std::optional<double> number(std::string_view text) {
  if (text.empty() || text.size() > 32) return std::nullopt;
  int digits = 0, points = 0;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (c == '.') {
      ++points;
    } else {
      return std::nullopt;
    }
  }
  if (digits == 0 || points > 1) return std::nullopt;
  return std::strtod(std::string(text).c_str(), nullptr);
}

ParsedDescription parseCuboid(const Token& token) {
  Description description;
  description.shape = Shape::Cuboid;
  std::size_t start = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const std::size_t end = axis < 2 ? token.text.find('x', start) : token.text.size();
    if (end == std::string_view::npos) break;
    const std::string_view part = token.text.substr(start, end - start);
    if (part.size() != 1 || part[0] < '1' || part[0] > '9') {
      return failure("cuboid " + at(token) +
                     ": each of the three sizes is a whole number from 1 to " +
                     std::to_string(kMaxCuboidLayers));
    }
    description.layers[axis] = part[0] - '0';
    start = end + 1;
  }
  for (int layers : description.layers) {
    if (layers < 1 || layers > kMaxCuboidLayers) {
      return failure("cuboid " + at(token) +
                     ": each of the three sizes is a whole number from 1 to " +
                     std::to_string(kMaxCuboidLayers));
    }
  }
  if (description.layers == std::array<int, 3>{1, 1, 1}) {
    return failure("cuboid " + at(token) + " has no layers to turn");
  }
  return {description, {}};
}

// The kinds of pieces after "without" (list[from..]) into `description`; an error message or "".
std::string parseWithout(const std::vector<Token>& list, std::size_t from,
                         Description& description) {
  if (from + 1 >= list.size()) {
    return at(list[from]) +
           " needs the kinds of pieces to leave out after it: centres, edges or corners";
  }
  for (std::size_t i = from + 1; i < list.size(); ++i) {
    const Token& token = list[i];
    PieceKind kind;
    if (token.text == "centres" || token.text == "centers") {
      kind = PieceKind::Centre;
    } else if (token.text == "edges") {
      kind = PieceKind::Edge;
    } else if (token.text == "corners") {
      kind = PieceKind::Corner;
    } else {
      return "unknown piece kind " + at(token) +
             ": expected centres, edges or corners after 'without'";
    }
    if (std::find(description.without.begin(), description.without.end(), kind) !=
        description.without.end()) {
      return "piece kind " + at(token) + " is left out twice";
    }
    description.without.push_back(kind);
  }
  std::sort(description.without.begin(), description.without.end());
  return "";
}

ParsedDescription parseShape(const std::vector<Token>& list) {
  const Token& first = list[0];
  if (first.text.find('x') != std::string_view::npos && first.text.size() > 1) {
    if (list.size() > 1) return failure("a cuboid takes no cuts: unexpected " + at(list[1]));
    return parseCuboid(first);
  }
  Description description;
  if (first.text == "t") {
    description.shape = Shape::Tetrahedron;
  } else if (first.text == "c") {
    description.shape = Shape::Cube;
  } else if (first.text == "o") {
    description.shape = Shape::Octahedron;
  } else if (first.text == "d") {
    description.shape = Shape::Dodecahedron;
  } else if (first.text == "i") {
    description.shape = Shape::Icosahedron;
  } else {
    return failure("unknown shape " + at(first) +
                   ": expected t (tetrahedron), c (cube), o (octahedron), d (dodecahedron), i "
                   "(icosahedron) or a cuboid such as 3x3x2");
  }
  for (std::size_t i = 1; i < list.size(); i += 2) {
    const Token& kind = list[i];
    Cut cut{CutKind::Face, 0};
    if (kind.text == "f") {
      cut.kind = CutKind::Face;
    } else if (kind.text == "v") {
      cut.kind = CutKind::Vertex;
    } else if (kind.text == "e") {
      cut.kind = CutKind::Edge;
    } else {
      return failure("unknown cut kind " + at(kind) +
                     ": expected f (face), v (vertex) or e (edge) followed by a distance, or "
                     "'without' and the kinds of pieces to leave out");
    }
    if (i + 1 >= list.size()) {
      return failure("cut " + at(kind) + " needs a distance from the centre after it");
    }
    const Token& distance = list[i + 1];
    const std::optional<double> value = number(distance.text);
    if (!value) {
      return failure(
          "distance " + at(distance) +
          " is not a number: write digits with an optional point, e.g. 0.333333333333333");
    }
    if (*value >= kMaxDistance) {
      return failure("distance " + at(distance) + " is too far: every solid ends within " +
                     std::to_string(static_cast<int>(kMaxDistance)) + " of its centre");
    }
    cut.distance = *value;
    description.cuts.push_back(cut);
    if (static_cast<int>(description.cuts.size()) > kMaxCuts) {
      return failure("too many cuts: at most " + std::to_string(kMaxCuts) + " (" + at(kind) + ")");
    }
  }
  return {description, {}};
}

}  // namespace

ParsedDescription parseDescription(std::string_view text) {
  if (text.size() > 1000) return failure("a description has at most 1000 characters");
  const std::vector<Token> list = tokens(text);
  if (list.empty()) {
    return failure(
        "empty description: expected a shape (t c o d i) and cuts, e.g. 'c f 0.333333333333333', "
        "or a cuboid such as '3x3x2'");
  }
  // The shape and cuts, then the options.
  const auto without = std::find_if(list.begin() + 1, list.end(),
                                    [](const Token& token) { return token.text == "without"; });
  const std::size_t options = static_cast<std::size_t>(without - list.begin());
  ParsedDescription parsed =
      parseShape(std::vector<Token>(list.begin(), list.begin() + static_cast<long>(options)));
  if (parsed.description && options < list.size()) {
    std::string error = parseWithout(list, options, *parsed.description);
    if (!error.empty()) return failure(std::move(error));
  }
  return parsed;
}

std::string describe(const Description& description) {
  std::string without;
  if (!description.without.empty()) without = " without";
  for (PieceKind kind : description.without) {
    without += kind == PieceKind::Centre ? " centres"
               : kind == PieceKind::Edge ? " edges"
                                         : " corners";
  }
  if (description.shape == Shape::Cuboid) {
    return std::to_string(description.layers[0]) + "x" + std::to_string(description.layers[1]) +
           "x" + std::to_string(description.layers[2]) + without;
  }
  const char* shapes = "tcodi";
  std::string text(1, shapes[static_cast<int>(description.shape)]);
  for (const Cut& cut : description.cuts) {
    text += cut.kind == CutKind::Face ? " f " : cut.kind == CutKind::Vertex ? " v " : " e ";
    // Fixed-point (the language has no exponents), trailing zeros dropped.
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.15f", cut.distance);
    std::string number = buffer;
    while (number.back() == '0') number.pop_back();
    if (number.back() == '.') number.pop_back();
    text += number;
  }
  return text + without;
}

}  // namespace polytwist::geometry
