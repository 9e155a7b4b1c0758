#include "render/image.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "core/sequence.hpp"
#include "core/stickering.hpp"
#include "puzzles/catalogue.hpp"
#include "puzzles/clock/clock.hpp"
#include "puzzles/square1/square1.hpp"
#include "render/clock_picture.hpp"
#include "render/picture.hpp"
#include "render/square1_picture.hpp"

namespace polytwist {

namespace {

constexpr const char* kMasked = "#7f7f7f";
constexpr const char* kBody = "#1b1b1b";

// The first `length` bytes, never cutting a UTF-8 character in two.
std::string clip(std::string_view text, std::size_t length = 40) {
  if (text.size() <= length) return std::string(text);
  while (length > 0 && (static_cast<unsigned char>(text[length]) & 0xC0) == 0x80) --length;
  return std::string(text.substr(0, length)) + "…";
}

// A colour: a colour letter, or #rgb / #rrggbb (core/stickering.hpp). nullopt when neither.
std::optional<std::string> readColour(std::string_view text) {
  std::string colour = colourOfLetterOrHex(text);
  if (colour.empty()) return std::nullopt;
  return colour;
}

// The length of the well-formed UTF-8 character at text[at], or 0 (a stray or cut byte, an
// overlong form, a surrogate, beyond U+10FFFF, or U+FFFE/U+FFFF, which XML does not allow).
std::size_t utf8CharacterLength(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  std::uint32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, code = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, code = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, code = lead & 0x07;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    const auto next = static_cast<unsigned char>(text[at + k]);
    if ((next & 0xC0) != 0x80) return 0;
    code = code << 6 | (next & 0x3F);
  }
  const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
  if (overlong || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF) || code == 0xFFFE ||
      code == 0xFFFF) {
    return 0;
  }
  return length;
}

// Text for an SVG element or attribute: markup escaped; control characters and bytes that are
// not UTF-8 (parameters are any bytes) shown as U+FFFD, so the picture always parses as XML.
std::string escapeXml(std::string_view text) {
  constexpr const char* kReplacement = "\xEF\xBF\xBD";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const std::size_t length = utf8CharacterLength(text, i);
    if (length == 0) {
      out += kReplacement;
      ++i;
      continue;
    }
    if (length > 1) {
      out.append(text.substr(i, length));
      i += length;
      continue;
    }
    ++i;
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        // Control characters are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
          out += kReplacement;
        else
          out += c;
    }
  }
  return out;
}

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", std::abs(value) < 0.05 ? 0.0 : value);
  std::string text = buffer;
  if (text.size() > 2 && text.ends_with(".0")) text.resize(text.size() - 2);
  return text;
}

ImageAnswer refuse(const std::string& message, int size = 256) {
  ImageAnswer answer;
  answer.status = 400;
  answer.error = message;
  answer.svg = errorImage(message, size);
  return answer;
}

// A rotation of the view: 3×3, rows.
using Matrix = std::array<std::array<double, 3>, 3>;

Matrix multiply(const Matrix& a, const Matrix& b) {
  Matrix m{};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) m[i][j] += a[i][k] * b[k][j];
  return m;
}

Matrix rotation(char axis, double degrees) {
  const double a = degrees * 3.14159265358979323846 / 180, c = std::cos(a), s = std::sin(a);
  if (axis == 'x') return {{{1, 0, 0}, {0, c, -s}, {0, s, c}}};
  if (axis == 'y') return {{{c, 0, s}, {0, 1, 0}, {-s, 0, c}}};
  return {{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}};
}

Point3 rotate(const Matrix& m, Point3 p) {
  return {m[0][0] * p.x + m[0][1] * p.y + m[0][2] * p.z,
          m[1][0] * p.x + m[1][1] * p.y + m[1][2] * p.z,
          m[2][0] * p.x + m[2][1] * p.y + m[2][2] * p.z};
}

// VisualCube's `r`: rotations such as "y45x-34", applied in order to the puzzle seen from the
// front (its default view is the puzzle's own, PictureSpec's azimuth and elevation).
std::optional<Matrix> readRotation(std::string_view text, std::string& error) {
  Matrix m = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  std::size_t i = 0;
  int count = 0;
  while (i < text.size()) {
    const char axis = static_cast<char>(std::tolower(text[i]));
    if (axis != 'x' && axis != 'y' && axis != 'z') {
      error = "r: expected x, y or z at character " + std::to_string(i + 1) + " of '" + clip(text) +
              "'";
      return std::nullopt;
    }
    ++i;
    const std::size_t start = i;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    int degrees = 0;
    const auto parsed =
        std::from_chars(text.data() + start + (text[start] == '+'), text.data() + i, degrees);
    if (parsed.ec != std::errc() || i - start > 5) {
      error = "r: expected an angle in degrees at character " + std::to_string(start + 1) +
              " of '" + clip(text) + "'";
      return std::nullopt;
    }
    if (++count > 8) {
      error = "r: at most 8 rotations";
      return std::nullopt;
    }
    // VisualCube's sense: y45 turns the front face towards the left, x-34 tilts the top towards the
    // viewer.
    m = multiply(rotation(axis, -degrees), m);
  }
  return m;
}

// bg: "none" for t (or nothing), else the colour; nullopt when it is neither.
std::optional<std::string> readBackground(const std::string& text) {
  if (text == "t" || text.empty()) return "none";
  return readColour(text);
}

// The pictures of puzzles with models of their own have no stickers, so the parameters about
// stickers and views are refused; both views draw the same picture.
std::optional<ImageAnswer> refuseStickerParameters(const ImageRequest& request, const char* id) {
  for (const auto& [name, value] :
       {std::pair<const char*, const std::string&>{"sch", request.scheme},
        {"fd", request.faceletDefinition},
        {"fc", request.faceletColours},
        {"stage", request.stage},
        {"r", request.rotation},
        {"notation", request.notation}}) {
    if (!value.empty())
      return refuse(std::string(name) + ": the " + id + "'s picture has no stickers to set",
                    request.size);
  }
  if (request.view != "iso" && request.view != "net")
    return refuse("view: '" + clip(request.view) + "' is not iso or net (the " + id +
                      " has one picture either way)",
                  request.size);
  return std::nullopt;
}

// The Clock's picture (render/clock_picture.hpp): from `state` (solved without one) the inverse
// of `case`, then `alg`, its pins as `alg` leaves them (all down on the front without one).
ImageAnswer clockImage(const ImageRequest& request, const std::string& background) {
  std::string stateError;
  const std::optional<clock::Dials> start = clock::decode(request.state, stateError);
  if (!start) return refuse("state: " + stateError, request.size);
  clock::Dials dials = *start;
  std::uint8_t pinsUp = 0;
  for (const auto& [name, text, invert] :
       {std::tuple<const char*, const std::string&, bool>{"case", request.caseAlg, true},
        std::tuple<const char*, const std::string&, bool>{"alg", request.alg, false}}) {
    if (text.empty()) continue;
    const clock::ReadResult read = clock::readSequence(text);
    if (!read.sequence) {
      ImageAnswer answer = refuse(std::string(name) + ": " + read.error.message, request.size);
      answer.column = read.error.column;
      return answer;
    }
    const clock::Dials turned = clock::apply(clock::solved(), *read.sequence);
    for (int i = 0; i < clock::kDials; ++i) {
      dials[i] = static_cast<std::uint8_t>(
          (dials[i] + (invert ? clock::kHours - turned[i] : turned[i])) % clock::kHours);
    }
    if (!invert) pinsUp = read.sequence->pinsUp;
  }
  ImageAnswer answer;
  answer.svg = clockSvg(dials, pinsUp, request.size, background,
                        escapeXml(std::string(clock::kName) +
                                  (request.alg.empty() ? "" : " " + clip(request.alg, 200))));
  return answer;
}

// The Square-1's picture (render/square1_picture.hpp): from `state` (solved without one) the
// inverse of `case`, then `alg`; a slice the shape does not allow is refused with its column.
ImageAnswer square1Image(const ImageRequest& request, const std::string& background) {
  std::string stateError;
  const std::optional<square1::State> start = square1::decode(request.state, stateError);
  if (!start) return refuse("state: " + stateError, request.size);
  square1::State state = *start;
  if (!request.caseAlg.empty()) {
    // The moves undone from solved, last first: each slice must be able to turn there.
    const square1::ParsedMoves parsed = square1::parseMoves(request.caseAlg);
    if (!parsed.error.empty()) {
      ImageAnswer answer = refuse("case: " + parsed.error, request.size);
      answer.column = parsed.errorColumn;
      return answer;
    }
    for (std::size_t i = parsed.moves.size(); i-- > 0;) {
      const square1::Move& move = parsed.moves[i];
      if (move.slash) {
        if (square1::sliceBlocker(state) >= 0) {
          ImageAnswer answer = refuse("case: column " + std::to_string(parsed.columns[i]) +
                                          ": no position is solved by these moves (undone from "
                                          "solved, this slice would cut a corner)",
                                      request.size);
          answer.column = parsed.columns[i];
          return answer;
        }
        state = square1::slashed(state);
      }
      state = square1::turned(state, -move.top, -move.bottom);
    }
  }
  if (!request.alg.empty()) {
    const square1::Applied applied = square1::applyMoves(state, request.alg);
    if (!applied.error.empty()) {
      ImageAnswer answer = refuse("alg: " + applied.error, request.size);
      answer.column = applied.errorColumn;
      return answer;
    }
    state = applied.state;
  }
  ImageAnswer answer;
  answer.svg = square1Svg(state, request.size, background,
                          escapeXml(std::string("Square-1") +
                                    (request.alg.empty() ? "" : " " + clip(request.alg, 200))));
  return answer;
}

// Puzzles with models of their own (api/service_internal.hpp's OwnModel) and their pictures.
struct OwnPicture {
  const char* id;
  ImageAnswer (*draw)(const ImageRequest& request, const std::string& background);
  const char* view;  // ImageAnswer::view, as its OwnModel's (a unit test holds them equal)
};
constexpr OwnPicture kOwnPictures[] = {{clock::kId, clockImage, "picture"},
                                       {"square1", square1Image, "pieces"}};

ImageAnswer ownPicture(const OwnPicture& own, const ImageRequest& request) {
  if (auto refusal = refuseStickerParameters(request, own.id)) return *refusal;
  const std::optional<std::string> background = readBackground(request.background);
  if (!background)
    return refuse("bg: '" + clip(request.background) + "' is not t, a colour letter or #rrggbb",
                  request.size);
  ImageAnswer answer = own.draw(request, *background);
  if (answer.status == 200) answer.format = request.format;
  answer.view = own.view;
  return answer;
}

}  // namespace

std::string errorImage(std::string_view message, int size) {
  size = std::clamp(size, kImageMinSize, kImageMaxSize);
  // Words wrapped to the width; long words cut.
  const double fontSize = std::max(8.0, size / 16.0);
  const std::size_t perLine =
      std::max<std::size_t>(8, static_cast<std::size_t>(size / (fontSize * 0.6)) - 2);
  std::vector<std::string> lines(1);
  std::string word;
  auto flush = [&] {
    while (word.size() > perLine) {
      if (!lines.back().empty()) lines.emplace_back();
      lines.back() = word.substr(0, perLine);
      lines.emplace_back();
      word = word.substr(perLine);
    }
    if (word.empty()) return;
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > perLine)
      lines.emplace_back();
    if (!lines.back().empty()) lines.back() += ' ';
    lines.back() += word;
    word.clear();
  };
  for (char c : message.substr(0, 600)) {
    if (c == ' ' || c == '\n')
      flush();
    else
      word += c;
  }
  flush();
  const std::size_t maxLines = static_cast<std::size_t>((size - fontSize) / (fontSize * 1.25));
  if (lines.size() > maxLines) lines.resize(std::max<std::size_t>(1, maxLines));
  std::string svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(size) + "\" height=\"" +
      std::to_string(size) + "\" viewBox=\"0 0 " + std::to_string(size) + " " +
      std::to_string(size) + "\" role=\"img\"><title>" + escapeXml(message.substr(0, 600)) +
      "</title><rect x=\"1\" y=\"1\" width=\"" + std::to_string(size - 2) + "\" height=\"" +
      std::to_string(size - 2) +
      "\" fill=\"#fff4f4\" stroke=\"#c00\" stroke-width=\"2\"/><text font-family=\"sans-serif\" "
      "font-size=\"" +
      number(fontSize) + "\" fill=\"#900\">";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    svg += "<tspan x=\"" + number(fontSize * 0.6) + "\" y=\"" +
           number(fontSize * (1.5 + 1.25 * i)) + "\">" + escapeXml(lines[i]) + "</tspan>";
  }
  return svg + "</text></svg>";
}

ImageAnswer imageFromParameters(const std::vector<std::pair<std::string, std::string>>& params) {
  if (params.size() > kImageMaxParameters) {
    return refuse("too many parameters: " + std::to_string(params.size()) + " (at most " +
                  std::to_string(kImageMaxParameters) + ")");
  }
  ImageRequest request;
  std::set<std::string> seen;
  for (const auto& [name, value] : params) {
    if (!seen.insert(name).second) return refuse("parameter '" + clip(name) + "' is given twice");
    const bool isAlg = name == "alg" || name == "case";
    const std::size_t limit = isAlg ? kImageMaxAlgLength : kImageMaxParameterLength;
    if (value.size() > limit) {
      return refuse("parameter '" + clip(name) + "' is " + std::to_string(value.size()) +
                    " characters long (at most " + std::to_string(limit) + ")");
    }
    if (name == "pzl")
      request.puzzle = value;
    else if (name == "alg")
      request.alg = value;
    else if (name == "case")
      request.caseAlg = value;
    else if (name == "state")
      request.state = value;
    else if (name == "notation")
      request.notation = value;
    else if (name == "view")
      request.view = value;
    else if (name == "fmt")
      request.format = value;
    else if (name == "bg")
      request.background = value;
    else if (name == "sch")
      request.scheme = value;
    else if (name == "fd")
      request.faceletDefinition = value;
    else if (name == "fc")
      request.faceletColours = value;
    else if (name == "stage")
      request.stage = value;
    else if (name == "r")
      request.rotation = value;
    else if (name == "size") {
      int size = 0;
      const auto parsed = std::from_chars(value.data(), value.data() + value.size(), size);
      if (parsed.ec != std::errc() || parsed.ptr != value.data() + value.size() ||
          value.size() > 5) {
        return refuse("size: '" + clip(value) + "' is not a whole number of pixels");
      }
      request.size = size;
    } else {
      return refuse(
          "unknown parameter '" + clip(name) +
          "' (known: pzl, alg, case, state, notation, view, r, fmt, size, bg, sch, fd, fc, stage)");
    }
  }
  return renderImage(request);
}

ImageAnswer imageFromQuery(std::string_view query) {
  if (query.size() > kImageMaxQueryLength) {
    return refuse("the query is " + std::to_string(query.size()) + " bytes long (at most " +
                  std::to_string(kImageMaxQueryLength) + ")");
  }
  auto decode = [](std::string_view text, std::string& out) {
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '+') {
        out += ' ';
      } else if (text[i] == '%') {
        int value = 0;
        if (i + 2 >= text.size() || !std::isxdigit(static_cast<unsigned char>(text[i + 1])) ||
            !std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
          return false;
        }
        std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16);
        out += static_cast<char>(value);
        i += 2;
      } else {
        out += text[i];
      }
    }
    return true;
  };
  std::vector<std::pair<std::string, std::string>> params;
  std::size_t start = 0;
  while (start < query.size()) {
    const std::size_t end = std::min(query.find('&', start), query.size());
    const std::string_view pair = query.substr(start, end - start);
    start = end + 1;
    if (pair.empty()) continue;
    const std::size_t equals = std::min(pair.find('='), pair.size());
    std::string name, value;
    if (!decode(pair.substr(0, equals), name) ||
        !decode(equals < pair.size() ? pair.substr(equals + 1) : std::string_view(), value)) {
      return refuse("bad %-escape in '" + clip(pair) + "'");
    }
    params.emplace_back(std::move(name), std::move(value));
    if (params.size() > kImageMaxParameters) break;  // imageFromParameters says too many
  }
  return imageFromParameters(params);
}

ImageAnswer renderImage(const ImageRequest& request) {
  if (request.size < kImageMinSize || request.size > kImageMaxSize) {
    return refuse("size: " + std::to_string(request.size) + " is outside " +
                  std::to_string(kImageMinSize) + "–" + std::to_string(kImageMaxSize) + " pixels");
  }
  const int size = request.size;
  if (request.format != "svg" && request.format != "png") {
    return refuse("fmt: '" + clip(request.format) + "' is not svg or png", size);
  }
  for (const OwnPicture& own : kOwnPictures) {
    if (request.puzzle == own.id) return ownPicture(own, request);
  }
  const Puzzle* puzzle = findPuzzle(request.puzzle);
  if (!puzzle && looksLikeDescription(request.puzzle)) {
    const PuzzleLookup lookup = lookUpPuzzle(request.puzzle);
    if (!lookup.puzzle) return refuse("pzl: puzzle description: " + lookup.error, size);
    puzzle = lookup.puzzle;
  }
  if (!puzzle) {
    std::string known;
    for (const Puzzle& p : allPuzzles()) known += (known.empty() ? "" : ", ") + p.id();
    for (const OwnPicture& own : kOwnPictures) known += std::string(", ") + own.id;
    return refuse("pzl: unknown puzzle '" + clip(request.puzzle) + "' (known: " + known + ")",
                  size);
  }
  const PictureGeometry* geometry = pictureGeometry(*puzzle);
  if (!geometry) return refuse("pzl: " + puzzle->id() + " has no picture", size);
  if (!request.state.empty()) {
    return refuse("state: the " + puzzle->id() +
                      "'s picture is set by alg, case, fd or fc (state is for the puzzles with "
                      "models of their own)",
                  size);
  }
  const std::string& view = request.view;
  if (view == "plan" || view == "trans") {
    return refuse(
        "view: VisualCube's '" + view + "' view is not drawn by polytwist: use iso or net", size);
  }
  if (view != "iso" && view != "net")
    return refuse("view: '" + clip(view) + "' is not iso or net", size);
  const NotationSpec* notation = nullptr;
  if (!request.notation.empty()) {
    notation = findNotation(*puzzle, request.notation);
    if (!notation)
      return refuse(
          "notation: " + puzzle->id() + " has no notation '" + clip(request.notation) + "'", size);
    if (notation->referenceFrame) {
      return refuse(
          "notation: '" + notation->name +
              "' needs the solver's moving frame; pictures read the puzzle's own notation",
          size);
    }
  }

  // The position: the inverse of `case`, then `alg`.
  State state = puzzle->solved();
  for (const auto& [name, text, invert] :
       {std::tuple<const char*, const std::string&, bool>{"case", request.caseAlg, true},
        std::tuple<const char*, const std::string&, bool>{"alg", request.alg, false}}) {
    if (text.empty()) continue;
    ResolvedSequence sequence = resolveSequence(*puzzle, text, notation);
    if (sequence.error) {
      ImageAnswer answer = refuse(std::string(name) + ": " + sequence.error->message, size);
      answer.column = sequence.error->column;
      return answer;
    }
    state = puzzle->applySequence(state,
                                  invert ? invertMoves(*puzzle, sequence.moves) : sequence.moves);
  }

  // Sticker colours: the faces' colours (or the scheme's), then fd, fc and the stage's mask.
  const auto& faces = puzzle->spec().faces;
  std::vector<std::string> faceColours;
  for (const FaceSpec& face : faces) faceColours.push_back(face.colour);
  if (!request.scheme.empty()) {
    FaceColours scheme = readScheme(*puzzle, request.scheme);
    if (!scheme.colours.empty())
      faceColours = std::move(scheme.colours);
    else
      return refuse("sch: " + scheme.error, size);
  }
  const int count = puzzle->faceletCount();
  std::vector<std::string> fill(count);
  const std::vector<int> sources = puzzle->faceletSources(state);
  for (int i = 0; i < count; ++i) fill[i] = faceColours[puzzle->faceOfFacelet(sources[i])];
  // fd and fc give one letter per sticker.
  auto wrongLength = [&](const char* name, const std::string& letters) {
    return refuse(std::string(name) + ": " + std::to_string(letters.size()) + " letters for " +
                      std::to_string(count) + " stickers",
                  size);
  };
  if (!request.faceletDefinition.empty()) {
    const std::string& fd = request.faceletDefinition;
    if (static_cast<int>(fd.size()) != count) return wrongLength("fd", fd);
    for (int i = 0; i < count; ++i) {
      if (fd[i] == 'n')
        fill[i] = kMasked;
      else if (fd[i] == 't')
        fill[i] = "none";
      else {
        std::size_t f = 0;
        while (f < faces.size() && std::toupper(static_cast<unsigned char>(faces[f].letter)) !=
                                       std::toupper(static_cast<unsigned char>(fd[i])))
          ++f;
        if (f == faces.size()) {
          return refuse("fd: letter " + std::to_string(i + 1) + " '" + std::string(1, fd[i]) +
                            "' is no face of " + puzzle->id() + " (nor n or t)",
                        size);
        }
        fill[i] = faceColours[f];
      }
    }
  }
  if (!request.faceletColours.empty()) {
    const std::string& fc = request.faceletColours;
    if (static_cast<int>(fc.size()) != count) return wrongLength("fc", fc);
    for (int i = 0; i < count; ++i) {
      const std::optional<std::string> colour = readColour(std::string_view(&fc[i], 1));
      if (!colour)
        return refuse("fc: letter " + std::to_string(i + 1) + " is not a colour letter", size);
      fill[i] = *colour;
    }
  }
  if (!request.stage.empty()) {
    // The mask's looks belong to the solved puzzle's stickers and follow them.
    const StickerLooks mask = readStickering(*puzzle, request.stage);
    if (mask.looks.empty()) {
      ImageAnswer answer = refuse("stage: " + mask.error, size);
      answer.column = mask.column;
      return answer;
    }
    for (int i = 0; i < count; ++i) {
      const char look = mask.looks[sources[i]];
      if (look == 'g') fill[i] = kMasked;
      if (look == 'h') fill[i] = "none";
    }
  }
  const std::optional<std::string> readBack = readBackground(request.background);
  if (!readBack)
    return refuse("bg: '" + clip(request.background) + "' is not t, a colour letter or #rrggbb",
                  size);
  const std::string background = *readBack;

  // Project: polygons in picture units, then scaled to `size` pixels wide with a margin.
  struct Shape {
    std::vector<Point2> points;
    std::string fill;
    int sticker;  // -1 for a face's body
    double depth;
  };
  std::vector<Shape> shapes;
  double minX = 1e9, minY = 1e9, maxX = -1e9, maxY = -1e9;
  auto extend = [&](const std::vector<Point2>& points) {
    for (const Point2& p : points) {
      minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
      minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
    }
  };
  // Stickers drawn a little inside their cell, so the body shows between them.
  auto inset = [](std::vector<Point2> points, double keep) {
    Point2 centre;
    for (const Point2& p : points) centre.x += p.x / points.size(), centre.y += p.y / points.size();
    for (Point2& p : points)
      p = {centre.x + keep * (p.x - centre.x), centre.y + keep * (p.y - centre.y)};
    return points;
  };
  if (view == "net") {
    for (std::size_t f = 0; f < geometry->netFaces.size(); ++f) {
      shapes.push_back({geometry->netFaces[f], kBody, -1, 0});
      extend(geometry->netFaces[f]);
    }
    for (int i = 0; i < count; ++i)
      shapes.push_back({inset(geometry->netStickers[i], 0.86), fill[i], i, 0});
  } else {
    Matrix m;
    if (!request.rotation.empty()) {
      std::string error;
      const std::optional<Matrix> r = readRotation(request.rotation, error);
      if (!r) return refuse(error, size);
      m = *r;
    } else {
      const PictureSpec& spec = puzzle->spec().picture;
      m = multiply(rotation('x', spec.elevation), rotation('y', -spec.azimuth));
    }
    auto project = [&](const std::vector<Point3>& polygon, double& depth) {
      std::vector<Point2> out;
      depth = 0;
      for (const Point3& p : polygon) {
        const Point3 q = rotate(m, p);
        out.push_back({q.x, -q.y});
        depth += q.z / polygon.size();
      }
      return out;
    };
    std::vector<bool> visible(geometry->faces.size());
    for (std::size_t f = 0; f < geometry->faces.size(); ++f) {
      visible[f] = rotate(m, geometry->faceNormals[f]).z > 1e-6;
      double depth = 0;
      std::vector<Point2> outline = project(geometry->faces[f], depth);
      extend(outline);  // the whole solid's outline, visible or not, keeps every view the same size
      if (visible[f]) shapes.push_back({outline, kBody, -1, depth});
    }
    for (int i = 0; i < count; ++i) {
      if (!visible[geometry->stickerFace[i]]) continue;
      double depth = 0;
      std::vector<Point2> polygon = project(geometry->stickers[i], depth);
      shapes.push_back({inset(polygon, 0.86), fill[i], i, depth});
    }
  }
  const double margin = 0.03 * std::max(maxX - minX, maxY - minY);
  minX -= margin, minY -= margin, maxX += margin, maxY += margin;
  const double scale = size / std::max(maxX - minX, maxY - minY);
  const double width = size;
  const double height = view == "net" ? std::ceil((maxY - minY) * scale) : size;
  const double offsetX = (width - (maxX - minX) * scale) / 2,
               offsetY = (height - (maxY - minY) * scale) / 2;

  std::string svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) + "\" height=\"" +
      number(height) + "\" viewBox=\"0 0 " + number(width) + " " + number(height) + "\"><title>" +
      escapeXml(puzzle->spec().name) +
      (request.alg.empty() ? std::string() : " " + escapeXml(clip(request.alg, 200))) + "</title>";
  if (background != "none") {
    svg += "<rect width=\"100%\" height=\"100%\" fill=\"" + background + "\"/>";
  }
  svg += "<g stroke-linejoin=\"round\">";
  for (const Shape& shape : shapes) {
    svg += "<path d=\"M";
    for (std::size_t k = 0; k < shape.points.size(); ++k) {
      if (k) svg += 'L';
      svg += number(offsetX + (shape.points[k].x - minX) * scale) + ' ' +
             number(offsetY + (shape.points[k].y - minY) * scale);
    }
    svg += "Z\" fill=\"" + shape.fill + "\"";
    if (shape.sticker < 0)
      svg += " stroke=\"" + std::string(kBody) + "\" stroke-width=\"" +
             number(std::max(1.0, size / 64.0)) + "\"";
    else
      svg += " data-f=\"" + std::to_string(shape.sticker) + "\"";
    svg += "/>";
  }
  svg += "</g></svg>";
  ImageAnswer answer;
  answer.svg = std::move(svg);
  answer.format = request.format;
  return answer;
}

}  // namespace polytwist
