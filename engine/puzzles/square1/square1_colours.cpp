// The Square-1's pieces read by their colours (square1.hpp, readPieces and writePieces): what a
// person enters from the puzzle in hand, checked against the shape rules with an error naming
// the piece, where it is and what is wrong.
#include <array>
#include <map>

#include "puzzles/square1/square1.hpp"
#include "puzzles/square1/square1_solid.hpp"

namespace polytwist::square1 {

namespace {

constexpr std::string_view kFaceLetters = "UDFRBL";
constexpr std::array<const char*, 2> kLayerNames = {"the top layer", "the bottom layer"};

std::string pieceKind(int piece) { return isCorner(piece) ? "corner" : "edge"; }

// A word of the text and its column (1-based).
struct Word {
  std::string text;
  int column;
};

std::vector<Word> wordsOf(std::string_view text, int firstColumn) {
  std::vector<Word> words;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    const std::size_t end = std::min(text.find(' ', i), text.size());
    words.push_back({std::string(text.substr(i, end - i)), firstColumn + static_cast<int>(i)});
    i = end;
  }
  return words;
}

// The piece whose colours `colours` are, or the reason there is none.
struct Identified {
  int piece = -1;
  std::string why;
  int offset = 0;  // where in the colours the problem is
};

Identified identify(const std::string& colours) {
  for (std::size_t i = 0; i < colours.size(); ++i) {
    if (kFaceLetters.find(colours[i]) == std::string_view::npos) {
      return {-1, std::string("'") + colours[i] + "' is no face (U D F R B L)",
              static_cast<int>(i)};
    }
  }
  if (colours.size() != 2 && colours.size() != 3) {
    return {-1, "'" + colours + "' has " + std::to_string(colours.size()) +
                    " colours: an edge has 2 (its top or bottom, then its side), a corner 3 (its "
                    "top or bottom, then its sides clockwise)"};
  }
  for (int piece = 0; piece < kPieces; ++piece) {
    if (pieceColours(piece) == colours) return {piece, ""};
  }
  if (colours[0] != 'U' && colours[0] != 'D') {
    return {-1, "'" + colours + "' starts with " + colours[0] +
                    ": a piece's first colour is its top or bottom sticker's, U or D"};
  }
  for (int piece = 0; piece < kPieces; ++piece) {
    const std::string own = pieceColours(piece);
    if (own.size() == 3 && colours.size() == 3 && own[0] == colours[0] && own[1] == colours[2] &&
        own[2] == colours[1]) {
      return {-1, "'" + colours + "' is the " + pieceName(piece) +
                      " corner mirrored: its sides go " + own[1] + " then " + own[2] +
                      " clockwise, no piece has them the other way"};
    }
  }
  std::string listed;
  for (std::size_t i = 0; i < colours.size(); ++i) {
    if (i > 0) listed += i + 1 == colours.size() ? " and " : ", ";
    listed += colours[i];
  }
  return {-1, "'" + colours + "': no " + (colours.size() == 3 ? "corner" : "edge") +
                  " has the colours " + listed};
}

}  // namespace

// A piece's colours: its top or bottom face, then its sides.
std::string pieceColours(int piece) {
  const std::array<char, 2> sides = sideFaces(piece);
  std::string colours(1, pieceName(piece)[0]);
  colours += sides[0];
  if (isCorner(piece)) colours += sides[1];
  return colours;
}

std::string writePieces(const State& state) {
  std::string text;
  for (int layer = 0; layer < 2; ++layer) {
    const int base = layer * kLayerSlots;
    const bool across = state.slots[base] == state.slots[base + kLayerSlots - 1];
    int slot = across ? kLayerSlots - 1 : 0;
    std::string pieces;
    for (int filled = 0; filled < kLayerSlots;) {
      const int piece = state.slots[base + slot % kLayerSlots];
      if (!pieces.empty()) pieces += ' ';
      if (filled == 0 && across) pieces += '*';
      pieces += pieceColours(piece);
      const int width = isCorner(piece) ? 2 : 1;
      slot += width;
      filled += width;
    }
    text += pieces + " / ";
  }
  return text + (state.middleFlipped ? "B" : "F");
}

PiecesReading readPieces(std::string_view text) {
  const auto fail = [](int column, std::string why) {
    return PiecesReading{std::nullopt, std::move(why), column};
  };
  const std::size_t firstBar = text.find('/');
  const std::size_t secondBar =
      firstBar == std::string_view::npos ? firstBar : text.find('/', firstBar + 1);
  if (secondBar == std::string_view::npos ||
      text.find('/', secondBar + 1) != std::string_view::npos) {
    return fail(0,
                "the Square-1's pieces are the top layer, '/', the bottom layer, '/', and the "
                "middle (solved: " +
                    writePieces(solved()) + ")");
  }
  const std::array<std::string_view, 2> layers = {
      text.substr(0, firstBar), text.substr(firstBar + 1, secondBar - firstBar - 1)};
  const std::array<int, 2> layerColumns = {1, static_cast<int>(firstBar) + 2};

  // Every piece identified, each once, before the shape is checked.
  struct Placed {
    int piece;
    int column;
    bool across;
  };
  std::array<std::vector<Placed>, 2> placed;
  std::map<int, int> seenAt;  // piece -> column
  for (int layer = 0; layer < 2; ++layer) {
    const std::vector<Word> words = wordsOf(layers[layer], layerColumns[layer]);
    for (std::size_t i = 0; i < words.size(); ++i) {
      std::string colours = words[i].text;
      const bool across = colours[0] == '*';
      int column = words[i].column;
      if (across) {
        if (i > 0)
          return fail(column, "'*' marks a layer's first piece only (a corner across the cut)");
        colours.erase(0, 1);
        ++column;
      }
      const Identified found = identify(colours);
      if (found.piece < 0) return fail(column + found.offset, found.why);
      const std::string name = "the " + pieceName(found.piece) + " " + pieceKind(found.piece);
      if (across && !isCorner(found.piece)) {
        return fail(column - 1, "'*' marks a corner across the cut, and " + name + " is an edge");
      }
      if (auto [at, fresh] = seenAt.emplace(found.piece, column); !fresh) {
        return fail(column, name + " is there twice: also at column " + std::to_string(at->second));
      }
      placed[layer].push_back({found.piece, column, across});
    }
  }
  State state;
  for (int layer = 0; layer < 2; ++layer) {
    int slots = 0;
    for (const Placed& p : placed[layer]) slots += isCorner(p.piece) ? 2 : 1;
    if (slots != kLayerSlots) {
      std::string missing;
      for (int piece = 0; piece < kPieces; ++piece) {
        if (seenAt.count(piece) == 0) missing += (missing.empty() ? "" : ", ") + pieceName(piece);
      }
      const int end = layerColumns[layer] + static_cast<int>(layers[layer].size());
      return fail(slots > kLayerSlots ? placed[layer].back().column : end,
                  std::string(kLayerNames[layer]) + "'s pieces fill " + std::to_string(slots) +
                      " slots, not 12 (an edge fills one, a corner two)" +
                      (missing.empty() ? "" : "; in neither layer: " + missing));
    }
    const int base = layer * kLayerSlots;
    int slot = !placed[layer].empty() && placed[layer][0].across ? kLayerSlots - 1 : 0;
    for (const Placed& p : placed[layer]) {
      for (int half = 0; half < (isCorner(p.piece) ? 2 : 1); ++half) {
        state.slots[base + slot++ % kLayerSlots] = static_cast<std::uint8_t>(p.piece);
      }
    }
  }
  std::string_view middle = text.substr(secondBar + 1);
  const std::size_t lead = middle.find_first_not_of(' ');
  const int middleColumn =
      static_cast<int>(secondBar) + 2 + static_cast<int>(lead == std::string_view::npos ? 0 : lead);
  middle = lead == std::string_view::npos ? std::string_view() : middle.substr(lead);
  while (!middle.empty() && middle.back() == ' ') middle.remove_suffix(1);
  if (middle != "F" && middle != "B") {
    return fail(middleColumn,
                "the middle is F (its right half's front as solved) or B (turned "
                "over by a slash), not '" +
                    std::string(middle.substr(0, 8)) + "'");
  }
  state.middleFlipped = middle == "B";
  return {state, "", 0};
}

}  // namespace polytwist::square1
