#include "core/stickering.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace polytwist {

namespace {

// Colour letters of fc, sch and bg (docs/images.md), VisualCube's where it has one.
const std::map<char, std::string>& colourLetters() {
  static const std::map<char, std::string> letters = {
      {'w', "#ffffff"}, {'y', "#ffd500"}, {'r', "#d0021b"}, {'o', "#ff7a00"}, {'b', "#1a62d6"},
      {'g', "#1a9e3a"}, {'p', "#7b3fb5"}, {'k', "#ff8fc8"}, {'c', "#7fd3ff"}, {'l', "#9be15d"},
      {'e', "#f2dfb0"}, {'s', "#9aa0a6"}, {'d', "#404040"}, {'n', "#7f7f7f"}, {'t', "none"}};
  return letters;
}

// Presets: each of the puzzles' usual colours replaced; a colour not listed stays.
struct Preset {
  const char* name;
  std::vector<std::pair<const char*, const char*>> replace;  // {the usual colour, its own}
};
const std::vector<Preset>& presets() {
  static const std::vector<Preset> all = {
      // Saturated colours far apart in lightness and hue, for low vision and bright rooms.
      {"high-contrast",
       {{"#ffffff", "#ffffff"},
        {"#ffd500", "#ffff00"},
        {"#d0021b", "#cc0000"},
        {"#ff7a00", "#ff9900"},
        {"#1a62d6", "#0033ff"},
        {"#1a9e3a", "#00cc00"},
        {"#7b3fb5", "#9900ff"},
        {"#ff8fc8", "#ff66cc"},
        {"#7fd3ff", "#00e5ff"},
        {"#9be15d", "#ccff00"},
        {"#9aa0a6", "#c0c0c0"}}},
      // Okabe and Ito's palette, told apart with every common colour vision deficiency.
      {"colour-blind",
       {{"#ffffff", "#ffffff"},
        {"#ffd500", "#f0e442"},
        {"#d0021b", "#d55e00"},
        {"#ff7a00", "#e69f00"},
        {"#1a62d6", "#0072b2"},
        {"#1a9e3a", "#009e73"},
        {"#7b3fb5", "#cc79a7"},
        {"#7fd3ff", "#56b4e9"}}},
  };
  return all;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string clip(std::string_view text, std::size_t length = 40) {
  std::string out(text.substr(0, length));
  if (text.size() > length) out += "…";
  return out;
}

// A token of a mask with its 1-based column.
struct Token {
  std::string text;
  int column;
};

// The parts of `text` between `separator`s, with their columns, spaces around them dropped.
std::vector<Token> split(std::string_view text, char separator, int column) {
  std::vector<Token> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(separator, start), text.size());
    std::size_t first = start, last = end;
    while (first < last && std::isspace(static_cast<unsigned char>(text[first]))) ++first;
    while (last > first && std::isspace(static_cast<unsigned char>(text[last - 1]))) --last;
    parts.push_back({std::string(text.substr(first, last - first)),
                     column + static_cast<int>(first == last ? start : first)});
    start = end + 1;
  }
  return parts;
}

// Reads one mask into `looks` (rules applied in order over what is already there).
class MaskReader {
 public:
  explicit MaskReader(const Puzzle& puzzle) : puzzle_(puzzle) {}

  // Applies `text` (column: where it starts in the whole text) to `looks`; false with error_ set.
  bool apply(std::string_view text, int column, std::string& looks, int depth = 0) {
    for (const Token& rule : split(text, ';', column)) {
      if (rule.text.empty()) continue;
      const std::size_t colon = rule.text.find(':');
      if (colon == std::string::npos) {
        if (!applyNamed(rule, looks, depth)) return false;
        continue;
      }
      const std::string action = lower(trimmed(rule.text.substr(0, colon)));
      char look;
      if (action == "show")
        look = 's';
      else if (action == "grey" || action == "gray")
        look = 'g';
      else if (action == "hide")
        look = 'h';
      else
        return fail("'" + clip(action) + "' is no action (use show, grey or hide)", rule.column);
      const std::vector<char> chosen =
          select(rule.text.substr(colon + 1), rule.column + static_cast<int>(colon) + 1);
      if (!error_.empty()) return false;
      for (std::size_t i = 0; i < chosen.size(); ++i)
        if (chosen[i]) looks[i] = look;
    }
    return true;
  }

  std::string error_;
  int column_ = 0;

 private:
  static std::string trimmed(std::string_view text) {
    return split(text, '\0', 0).front().text;  // no '\0' in text: the whole, trimmed
  }

  bool fail(const std::string& message, int column) {
    error_ = message + " at column " + std::to_string(column);
    column_ = column;
    return false;
  }

  // A named set of the puzzle, applied as its own rules.
  bool applyNamed(const Token& name, std::string& looks, int depth) {
    for (const auto& [setName, mask] : puzzle_.spec().stickerings) {
      if (lower(setName) != lower(name.text)) continue;
      if (depth > 0) return fail("a named set refers to another ('" + setName + "')", name.column);
      MaskReader inner(puzzle_);
      if (!inner.apply(mask, 1, looks, depth + 1)) {
        // A programming error in a puzzle's definition (the unit tests read every set).
        return fail("the set " + setName + " is wrong: " + inner.error_, name.column);
      }
      return true;
    }
    std::string known;
    for (const auto& set : puzzle_.spec().stickerings)
      known += (known.empty() ? "" : ", ") + set.first;
    return fail("'" + clip(name.text) + "' is no named set of " + puzzle_.id() +
                    (known.empty() ? " (it has none; write rules such as 'grey: all; show: U')"
                                   : " (it has " + known + "; or write rules such as 'grey: U')"),
                name.column);
  }

  // The stickers a list of groups (separated by commas or spaces) names; each group is terms
  // joined by '&', all of which a sticker must meet.
  std::vector<char> select(std::string_view text, int column) {
    const int count = puzzle_.faceletCount();
    std::vector<char> chosen(count, false);
    // Spaces around '&' bind; other spaces and commas separate groups.
    std::string normal(text);
    for (std::size_t i = 0; i < normal.size(); ++i) {
      if (normal[i] != '&') continue;
      std::size_t a = i;
      while (a > 0 && normal[a - 1] == ' ') normal[--a] = '\x01';
      std::size_t b = i + 1;
      while (b < normal.size() && normal[b] == ' ') normal[b++] = '\x01';
    }
    for (char& c : normal)
      if (c == ',') c = ' ';
    std::vector<Token> groups;
    for (const Token& word : split(normal, ' ', column))
      if (!word.text.empty()) groups.push_back(word);
    if (groups.empty()) {
      fail("no stickers named after ':'", column + static_cast<int>(text.size()));
      return chosen;
    }
    for (const Token& group : groups) {
      std::vector<char> all(count, true);
      for (Token term : split(group.text, '&', group.column)) {
        // The spaces that bound it to '&' (marked above) are no part of the term.
        const std::size_t leading = term.text.find_first_not_of('\x01');
        term.column += static_cast<int>(std::min(leading, term.text.size()));
        term.text.erase(std::remove(term.text.begin(), term.text.end(), '\x01'), term.text.end());
        if (term.text.empty()) {
          fail("a term is missing beside '&'", term.column);
          return chosen;
        }
        const std::optional<std::vector<char>> stickers = termStickers(term);
        if (!stickers) return chosen;
        for (int i = 0; i < count; ++i) all[i] = all[i] && (*stickers)[i];
      }
      for (int i = 0; i < count; ++i) chosen[i] = chosen[i] || all[i];
    }
    return chosen;
  }

  int faceIndex(std::string_view name) const {
    const auto& faces = puzzle_.spec().faces;
    for (std::size_t f = 0; f < faces.size(); ++f)
      if (faces[f].name == name) return static_cast<int>(f);
    return -1;
  }

  // The stickers of the piece at a solved sticker's position (or that sticker alone, if fixed).
  std::vector<int> pieceOf(int facelet) const {
    const int position = puzzle_.faceletOwner(facelet).first;
    if (position < 0) return {facelet};
    for (const Orbit& orbit : puzzle_.orbits())
      if (position >= orbit.offset && position < orbit.offset + orbit.size)
        return orbit.facelets[position - orbit.offset];
    return {facelet};
  }

  std::optional<std::vector<char>> termStickers(const Token& term) {
    const int count = puzzle_.faceletCount();
    std::vector<char> out(count, false);
    const std::string& t = term.text;
    // layer(F): every sticker of the pieces with a sticker on face F, and F's fixed stickers;
    // piece(S): every sticker of the piece that sticker S is on.
    for (const char* function : {"layer(", "piece("}) {
      const std::string prefix = function;
      if (lower(t).rfind(prefix, 0) != 0) continue;
      if (t.back() != ')') {
        fail("')' expected after '" + clip(t) + "'", term.column + static_cast<int>(t.size()));
        return std::nullopt;
      }
      const std::string inside = trimmed(t.substr(prefix.size(), t.size() - prefix.size() - 1));
      const int insideColumn = term.column + static_cast<int>(prefix.size());
      if (prefix == "layer(") {
        const int face = faceIndex(inside);
        if (face < 0) {
          fail("'" + clip(inside) + "' is no face of " + puzzle_.id() + " (" + faceList() + ")",
               insideColumn);
          return std::nullopt;
        }
        for (int i = 0; i < count; ++i)
          if (puzzle_.faceOfFacelet(i) == face)
            for (int s : pieceOf(i)) out[s] = true;
      } else {
        const int sticker = stickerNamed(inside);
        if (sticker < 0) {
          fail("'" + clip(inside) + "' is no sticker of " + puzzle_.id() + " (e.g. " +
                   puzzle_.faceletName(0) + ")",
               insideColumn);
          return std::nullopt;
        }
        for (int s : pieceOf(sticker)) out[s] = true;
      }
      return out;
    }
    const std::string word = lower(t);
    if (word == "all") return std::vector<char>(count, true);
    const std::string fixed = lower(puzzle_.spec().fixedStickerNoun);
    if (word == "fixed" || word == fixed || word == fixed + "s") {
      for (int i = 0; i < count; ++i) out[i] = puzzle_.faceletOwner(i).first < 0;
      return out;
    }
    if (const int face = faceIndex(t); face >= 0) {
      for (int i = 0; i < count; ++i) out[i] = puzzle_.faceOfFacelet(i) == face;
      return out;
    }
    if (const int sticker = stickerNamed(t); sticker >= 0) {
      out[sticker] = true;
      return out;
    }
    for (const Orbit& orbit : puzzle_.orbits()) {
      if (word != lower(orbit.name) && word != lower(orbit.name) + "s") continue;
      for (const auto& piece : orbit.facelets)
        for (int s : piece) out[s] = true;
      return out;
    }
    std::string orbits;
    for (const Orbit& orbit : puzzle_.orbits()) orbits += (orbits.empty() ? "" : ", ") + orbit.name;
    fail("'" + clip(t) + "' names no stickers of " + puzzle_.id() + " (use all, " +
             puzzle_.spec().fixedStickerNoun + "s, a face (" + faceList() + "), a sticker (" +
             puzzle_.faceletName(0) + "), pieces (" + orbits + "), layer(F) or piece(S))",
         term.column);
    return std::nullopt;
  }

  std::string faceList() const {
    std::string list;
    for (const FaceSpec& face : puzzle_.spec().faces) list += (list.empty() ? "" : " ") + face.name;
    return list;
  }

  // The sticker called `name` ("U4"), or -1.
  int stickerNamed(std::string_view name) const {
    for (int i = 0; i < puzzle_.faceletCount(); ++i)
      if (puzzle_.faceletName(i) == name) return i;
    return -1;
  }

  const Puzzle& puzzle_;
};

}  // namespace

std::string colourOfLetterOrHex(std::string_view text) {
  if (text.size() == 1) {
    const auto it = colourLetters().find(static_cast<char>(std::tolower(text[0])));
    return it != colourLetters().end() ? it->second : std::string();
  }
  if ((text.size() == 4 || text.size() == 7) && text[0] == '#' &&
      std::all_of(text.begin() + 1, text.end(), [](char c) { return std::isxdigit(c) != 0; })) {
    return std::string(text);
  }
  return {};
}

StickerLooks readStickering(const Puzzle& puzzle, std::string_view text) {
  StickerLooks answer;
  std::string looks(puzzle.faceletCount(), 's');
  // VisualCube's stage as polytwist always read it: orbits shown, every other piece grey.
  if (text.find(':') == std::string_view::npos && text.find(';') == std::string_view::npos) {
    const std::vector<Token> names = split(text, ',', 1);
    const bool orbits = std::all_of(names.begin(), names.end(), [&](const Token& name) {
      return puzzle.orbitIndex(name.text) >= 0;
    });
    if (orbits && !names.empty()) {
      for (int i = 0; i < puzzle.faceletCount(); ++i) {
        const int position = puzzle.faceletOwner(i).first;
        if (position < 0) continue;
        const bool shown = std::any_of(names.begin(), names.end(), [&](const Token& name) {
          const Orbit& orbit = puzzle.orbits()[puzzle.orbitIndex(name.text)];
          return position >= orbit.offset && position < orbit.offset + orbit.size;
        });
        if (!shown) looks[i] = 'g';
      }
      answer.looks = std::move(looks);
      return answer;
    }
    const bool named =
        names.size() == 1 &&
        std::any_of(puzzle.spec().stickerings.begin(), puzzle.spec().stickerings.end(),
                    [&](const auto& set) { return lower(set.first) == lower(text); });
    for (const Token& name : names) {
      if (named || puzzle.orbitIndex(name.text) >= 0) continue;
      std::string sets, orbits;
      for (const auto& set : puzzle.spec().stickerings)
        sets += (sets.empty() ? "" : ", ") + set.first;
      for (const Orbit& orbit : puzzle.orbits())
        orbits += (orbits.empty() ? "" : ", ") + orbit.name;
      answer.error = "'" + clip(name.text) + "' at column " + std::to_string(name.column) +
                     " is no named set of " + puzzle.id() + " (" +
                     (sets.empty() ? "it has none" : sets) + ") nor its pieces (" + orbits +
                     "); rules look like 'grey: all; show: U'";
      answer.column = name.column;
      return answer;
    }
  }
  MaskReader reader(puzzle);
  if (!reader.apply(text, 1, looks)) {
    answer.error = reader.error_;
    answer.column = reader.column_;
    return answer;
  }
  answer.looks = std::move(looks);
  return answer;
}

std::vector<std::string> schemePresets() {
  std::vector<std::string> names;
  for (const Preset& preset : presets()) names.emplace_back(preset.name);
  return names;
}

FaceColours readScheme(const Puzzle& puzzle, std::string_view text) {
  FaceColours answer;
  const auto& faces = puzzle.spec().faces;
  std::vector<std::string> colours;
  for (const FaceSpec& face : faces) colours.push_back(face.colour);
  // One letter per face ("yrgwob") unless the text is a preset, faces by name or a list.
  std::string name = lower(text);
  if (name == "color-blind") name = "colour-blind";
  const std::vector<std::string> names = schemePresets();
  const bool preset = std::find(names.begin(), names.end(), name) != names.end();
  std::vector<Token> parts;
  if (!preset && text.find(',') == std::string_view::npos &&
      text.find(':') == std::string_view::npos && !text.empty() && text[0] != '#') {
    for (std::size_t i = 0; i < text.size(); ++i)
      parts.push_back({std::string(1, text[i]), static_cast<int>(i) + 1});
  } else {
    parts = split(text, ',', 1);
  }
  auto fail = [&](const std::string& message) {
    answer.error = message;
    return answer;
  };
  // A preset first, then faces by name; or every face in order.
  std::size_t next = 0;
  if (!parts.empty()) {
    std::string name = lower(parts[0].text);
    if (name == "color-blind") name = "colour-blind";
    for (const Preset& preset : presets()) {
      if (name != preset.name) continue;
      for (std::string& colour : colours) {
        for (const auto& [usual, own] : preset.replace)
          if (lower(colour) == usual) colour = own;
      }
      next = 1;
    }
  }
  const bool byName = next == 1 || text.find(':') != std::string_view::npos;
  if (!byName && parts.size() != faces.size()) {
    std::string names;
    for (const std::string& preset : schemePresets()) names += (names.empty() ? "" : ", ") + preset;
    return fail(std::to_string(parts.size()) + " colours for " + std::to_string(faces.size()) +
                " faces (" + puzzle.id() + "; or a preset: " + names +
                ", or faces by name, U:#fff)");
  }
  for (std::size_t i = next; i < parts.size(); ++i) {
    const Token& part = parts[i];
    std::size_t face = i;
    std::string value = part.text;
    if (byName) {
      const std::size_t colon = part.text.find(':');
      if (colon == std::string::npos)
        return fail("'" + clip(part.text) + "' at column " + std::to_string(part.column) +
                    " is not FACE:COLOUR");
      const std::string faceName = split(part.text.substr(0, colon), '\0', 0).front().text;
      value = split(part.text.substr(colon + 1), '\0', 0).front().text;
      face = 0;
      while (face < faces.size() && faces[face].name != faceName &&
             std::string(1, faces[face].letter) != faceName)
        ++face;
      if (face == faces.size()) {
        std::string names;
        for (const FaceSpec& f : faces) names += (names.empty() ? "" : " ") + f.name;
        return fail("'" + clip(faceName) + "' at column " + std::to_string(part.column) +
                    " is no face of " + puzzle.id() + " (" + names + ")");
      }
    }
    const std::string colour = colourOfLetterOrHex(value);
    if (colour.empty() || colour == "none")
      return fail("colour '" + clip(value) + "' at column " + std::to_string(part.column) +
                  " is not a colour letter or #rrggbb");
    colours[face] = colour;
  }
  answer.colours = std::move(colours);
  return answer;
}

}  // namespace polytwist
