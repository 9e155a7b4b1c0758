#include "core/facelets.hpp"

#include <algorithm>
#include <map>

#include "core/ranking.hpp"
#include "core/text.hpp"

namespace polytwist {
namespace {

std::string printable(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
  const char* hex = "0123456789abcdef";
  const auto byte = static_cast<unsigned char>(c);
  return std::string("byte 0x") + hex[byte >> 4] + hex[byte & 15];
}

// How far a reading got: the check that refused it, or Read.
enum class Stage { Letters, FixedStickers, Pieces, Rules, Group, Read };

// Reads the colouring as seen with the puzzle held turned by `turn` (sticker i of the puzzle
// shows at place turn[i] of the colouring; nullptr: as given). Stickers are named in errors by
// their places in the colouring, where the user sees them.
class Reader {
 public:
  Reader(const Puzzle& puzzle, std::string_view facelets, const std::vector<int>* turn,
         bool turnsTried)
      : puzzle_(puzzle), text_(facelets), turn_(turn), turnsTried_(turnsTried) {}

  FaceletReading read() {
    if (!checkLettersAndCounts() || !advance(Stage::FixedStickers) || !checkFixedStickers() ||
        !advance(Stage::Pieces) || !identifyPieces() || !advance(Stage::Rules) || !checkRules() ||
        !advance(Stage::Group) || !checkGroup()) {
      return {std::nullopt, error_};
    }
    stage_ = Stage::Read;
    return {state_, {}};
  }

  Stage stage() const { return stage_; }
  // From Stage::Rules on: how many pieces are out of place or turned, seen in the frame that
  // leaves the fewest so (chooseBlameFrame).
  int piecesAway() const { return piecesAway_; }

 private:
  bool advance(Stage stage) {
    stage_ = stage;
    return true;
  }

  int place(int sticker) const { return turn_ ? (*turn_)[sticker] : sticker; }
  char shown(int sticker) const { return text_[place(sticker)]; }

  bool reject(std::string message, std::vector<int> stickers, FaceletProblem problem) {
    for (int& s : stickers) s = place(s);
    error_ = {std::move(message), std::move(stickers), std::move(problem)};
    return false;
  }

  // Letters in the puzzle's face order: a piece's name by its colours, whatever its turn.
  std::string inFaceOrder(std::string letters) const {
    std::sort(letters.begin(), letters.end(),
              [this](char a, char b) { return faceOfLetter(a) < faceOfLetter(b); });
    return letters;
  }

  // The piece at `position` at home, by its colours.
  std::string coloursOf(const Orbit& orbit, int position) const {
    std::string letters;
    for (int s : orbit.facelets[position])
      letters += puzzle_.spec().faces[puzzle_.faceOfFacelet(s)].letter;
    return inFaceOrder(letters);
  }

  // The pieces whose stickers (a whole number of pieces of `orbit`, as stickersWhere gives them)
  // show, by the colours shown.
  std::vector<std::string> piecesShown(const Orbit& orbit, const std::vector<int>& stickers) const {
    std::vector<std::string> pieces;
    const auto n = static_cast<std::size_t>(orbit.stickersPerPiece);
    for (std::size_t i = 0; i + n <= stickers.size(); i += n) {
      std::string letters;
      for (std::size_t k = i; k < i + n; ++k) letters += shown(stickers[k]);
      pieces.push_back(inFaceOrder(letters));
    }
    return pieces;
  }

  std::string stickerList(const std::vector<int>& stickers) const {
    std::vector<std::string> names;
    for (int s : stickers) names.push_back(puzzle_.faceletName(place(s)));
    return join(names, " ");
  }

  int faceOfLetter(char letter) const {
    const auto& faces = puzzle_.spec().faces;
    for (int f = 0; f < static_cast<int>(faces.size()); ++f) {
      if (faces[f].letter == letter) return f;
    }
    return -1;
  }

  bool checkLettersAndCounts() {
    const int count = puzzle_.faceletCount();
    if (static_cast<int>(text_.size()) != count) {
      return reject(
          "expected " + std::to_string(count) + " stickers, got " + std::to_string(text_.size()),
          {},
          {.kind = "sticker-count", .count = static_cast<int>(text_.size()), .expected = count});
    }
    const auto& faces = puzzle_.spec().faces;
    std::vector<std::string> letterList;
    for (const FaceSpec& face : faces) letterList.push_back(std::string(1, face.letter));
    const std::string letters = join(letterList, " ");
    std::vector<std::vector<int>> stickersOfFace(faces.size());
    for (int s = 0; s < count; ++s) {
      const int face = faceOfLetter(shown(s));
      if (face < 0) {
        return reject("sticker " + std::to_string(place(s)) + " (" + puzzle_.faceletName(place(s)) +
                          ") is " + printable(shown(s)) + ", which is no face's letter (use " +
                          letters + ")",
                      {s}, {.kind = "unknown-letter", .shown = {std::string(1, shown(s))}});
      }
      stickersOfFace[face].push_back(s);
    }
    std::vector<std::string> wrongCounts;
    std::vector<ColourCount> counted;
    std::vector<int> blamed;
    for (std::size_t f = 0; f < faces.size(); ++f) {
      const int have = static_cast<int>(stickersOfFace[f].size());
      if (have == faces[f].stickers) continue;
      wrongCounts.push_back(std::to_string(have) + " " + std::string(1, faces[f].letter));
      counted.push_back({faces[f].letter, have, faces[f].stickers});
      if (have > faces[f].stickers)
        blamed.insert(blamed.end(), stickersOfFace[f].begin(), stickersOfFace[f].end());
    }
    if (!wrongCounts.empty()) {
      const std::string counts = "wrong colour counts: " + join(wrongCounts, ", ");
      if (std::optional<FaceletError> twice = pieceShownTwice()) {
        twice->problem.counts = counted;
        return reject(twice->message + " (" + counts + ")", twice->stickers, twice->problem);
      }
      return reject(counts + " (each face's colour must appear as often as that face has stickers)",
                    blamed, {.kind = "colour-counts", .counts = counted});
    }
    return true;
  }

  // Stickers of no piece never move, so each must show its own face. When the wrong ones show
  // each other's colours the puzzle is most likely held in another orientation: say so, unless
  // every way of holding it has been tried.
  bool checkFixedStickers() {
    std::vector<int> wrong;
    std::string seen, expected;
    FaceletProblem problem{.kind = "fixed-stickers", .orbit = puzzle_.spec().fixedStickerNoun};
    for (int s = 0; s < puzzle_.faceletCount(); ++s) {
      const char own = puzzle_.spec().faces[puzzle_.faceOfFacelet(s)].letter;
      if (puzzle_.faceletOwner(s).first < 0 && shown(s) != own) {
        wrong.push_back(s);
        seen += shown(s);
        expected += own;
        problem.pieces.push_back(std::string(1, own));
        problem.shown.push_back(std::string(1, shown(s)));
      }
    }
    if (wrong.empty()) return true;
    const std::string& noun = puzzle_.spec().fixedStickerNoun;
    const bool one = wrong.size() == 1;
    std::string message = (one ? noun + " " : noun + "s ") + stickerList(wrong) +
                          (one ? " shows " : " show ") + spaced(seen) + " but must show " +
                          spaced(expected) +
                          (one ? " (no move turns it)" : " (no move turns them)");
    std::string seenSorted = seen, expectedSorted = expected;
    std::sort(seenSorted.begin(), seenSorted.end());
    std::sort(expectedSorted.begin(), expectedSorted.end());
    if (!one && seenSorted == expectedSorted) {
      message +=
          turnsTried_
              ? ", and no way of holding the puzzle shows each " + noun + " on its own face"
              : ": the puzzle seems to be held in another orientation; turn it so that each " +
                    noun + " shows its own face's letter";
    }
    return reject(message, wrong, std::move(problem));
  }

  static std::string spaced(const std::string& letters) {
    std::string out;
    for (char c : letters) {
      if (!out.empty()) out += ' ';
      out += c;
    }
    return out;
  }

  // The piece the stickers at `position` show: piece and turn, or only `lockedTurn` when they
  // show a piece turned in a way its orientations never allow (both -1: no piece).
  struct Match {
    int piece = -1, turn = -1, lockedTurn = -1;
  };
  Match matchPiece(const Orbit& orbit, int position) const {
    const int n = orbit.stickersPerPiece;
    const int step = n / orbit.orientations;
    std::vector<int> seen;
    for (int s : orbit.facelets[position]) seen.push_back(faceOfLetter(shown(s)));
    Match found;
    for (int q = 0; q < orbit.size; ++q) {
      for (int r = 0; r < n; ++r) {
        bool match = true;
        for (int k = 0; k < n && match; ++k) {
          match = seen[k] == puzzle_.faceOfFacelet(orbit.facelets[q][((k - r) % n + n) % n]);
        }
        if (!match) continue;
        if (r % step == 0) return {q, r / step, -1};
        found.lockedTurn = q;
      }
    }
    return found;
  }

  FaceletError twiceError(const Orbit& orbit, int piece, int first, int second) const {
    std::vector<int> both = orbit.facelets[first];
    both.insert(both.end(), orbit.facelets[second].begin(), orbit.facelets[second].end());
    return {"the " + orbit.pieceNames[piece] + " " + orbit.name + " appears twice: at " +
                stickerList(orbit.facelets[first]) + " and at " +
                stickerList(orbit.facelets[second]),
            both,
            {.kind = "piece-twice", .orbit = orbit.name, .pieces = {coloursOf(orbit, piece)}}};
  }

  static int classSize(const Orbit& orbit, int piece) {
    return static_cast<int>(std::count(orbit.identicalClass.begin(), orbit.identicalClass.end(),
                                       orbit.identicalClass[piece]));
  }

  // Identical pieces (OrbitSpec::identical) shown more often than the puzzle has them: the
  // message and the stickers of every place that shows one.
  FaceletError tooManyIdentical(const Orbit& orbit, int piece,
                                const std::vector<int>& positions) const {
    std::vector<std::string> places;
    std::vector<int> stickers;
    for (int position : positions) {
      places.push_back(stickerList(orbit.facelets[position]));
      stickers.insert(stickers.end(), orbit.facelets[position].begin(),
                      orbit.facelets[position].end());
    }
    return {"the " + orbit.pieceNames[piece] + " " + orbit.name + " appears " +
                std::to_string(positions.size()) + " times, but the puzzle has " +
                std::to_string(classSize(orbit, piece)) + ": at " + join(places, ", "),
            stickers,
            {.kind = "too-many-identical",
             .orbit = orbit.name,
             .pieces = {coloursOf(orbit, piece)},
             .count = static_cast<int>(positions.size()),
             .expected = classSize(orbit, piece)}};
  }

  // A piece copied over another changes the colour counts; when some piece shows up at two
  // places, that says more than the counts: its first such pair of places, as reject's message
  // and stickers (nullopt when every piece appears at most once).
  std::optional<FaceletError> pieceShownTwice() const {
    for (const Orbit& orbit : puzzle_.orbits()) {
      std::map<int, int> foundAt;               // piece -> position
      std::map<int, std::vector<int>> classAt;  // identical pieces: class -> positions
      for (int position = 0; position < orbit.size; ++position) {
        const Match match = matchPiece(orbit, position);
        const int piece = match.piece >= 0 ? match.piece : match.lockedTurn;
        if (piece < 0) continue;
        if (orbit.hasIdentical && classSize(orbit, piece) > 1) {
          std::vector<int>& at = classAt[orbit.identicalClass[piece]];
          at.push_back(position);
          if (static_cast<int>(at.size()) > classSize(orbit, piece)) {
            for (int later = position + 1; later < orbit.size; ++later) {
              const Match more = matchPiece(orbit, later);
              const int other = more.piece >= 0 ? more.piece : more.lockedTurn;
              if (other >= 0 && orbit.identicalClass[other] == orbit.identicalClass[piece]) {
                at.push_back(later);
              }
            }
            return tooManyIdentical(orbit, piece, at);
          }
          continue;
        }
        if (auto twin = foundAt.find(piece); twin != foundAt.end()) {
          return twiceError(orbit, piece, twin->second, position);
        }
        foundAt[piece] = position;
      }
    }
    return std::nullopt;
  }

  bool identifyPieces() {
    state_ = puzzle_.solved();
    for (const Orbit& orbit : puzzle_.orbits()) {
      const int n = orbit.stickersPerPiece;
      std::map<int, int> foundAt;               // piece -> position
      std::map<int, std::vector<int>> classAt;  // identical pieces: class -> positions
      for (int position = 0; position < orbit.size; ++position) {
        const std::vector<int>& stickers = orbit.facelets[position];
        auto [piece, turn, lockedTurn] = matchPiece(orbit, position);
        const std::string where = "stickers " + stickerList(stickers);
        if (piece < 0 && lockedTurn >= 0) {
          return reject(where + " show the " + orbit.pieceNames[lockedTurn] + " " + orbit.name +
                            (n == 2 ? " flipped" : " twisted") +
                            ": this puzzle's moves never turn it that way",
                        stickers,
                        {.kind = "piece-turned",
                         .orbit = orbit.name,
                         .pieces = {coloursOf(orbit, lockedTurn)},
                         .orientations = n});
        }
        if (piece < 0) {
          std::string colours;
          for (int s : stickers) colours += shown(s);
          bool mirrored = false;
          for (int q = 0; q < orbit.size && !mirrored; ++q) {
            std::string home;
            for (int s : orbit.facelets[q])
              home += puzzle_.spec().faces[puzzle_.faceOfFacelet(s)].letter;
            std::string a = colours, b = home;
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            if (a == b) {
              mirrored = true;
              return reject(
                  where + " show " + colours + ": the " + orbit.pieceNames[q] + " " + orbit.name +
                      " in mirror image, which no real piece can show",
                  stickers,
                  {.kind = "mirror-image", .orbit = orbit.name, .pieces = {coloursOf(orbit, q)}});
            }
          }
          FaceletProblem problem{.kind = "no-such-piece", .orbit = orbit.name};
          for (char c : colours) problem.shown.push_back(std::string(1, c));
          return reject(where + " show " + colours + ": no " + orbit.name + " has these colours",
                        stickers, std::move(problem));
        }
        if (orbit.hasIdentical && classSize(orbit, piece) > 1) {
          // Identical pieces: the next one of the class not yet placed (any order will do;
          // relabelIdenticalForRules and the group's sift choose among them later).
          std::vector<int>& at = classAt[orbit.identicalClass[piece]];
          at.push_back(position);
          int taken = 0;
          for (int q = 0; q < orbit.size; ++q) {
            if (orbit.identicalClass[q] == orbit.identicalClass[piece] &&
                taken++ == static_cast<int>(at.size()) - 1) {
              piece = q;
              taken = -1;
              break;
            }
          }
          if (taken >= 0) {
            const FaceletError error = tooManyIdentical(orbit, piece, at);
            return reject(error.message, error.stickers, error.problem);
          }
        }
        if (auto twin = foundAt.find(piece); twin != foundAt.end()) {
          const FaceletError error = twiceError(orbit, piece, twin->second, position);
          return reject(error.message, error.stickers, error.problem);
        }
        foundAt[piece] = position;
        state_.pieces[orbit.offset + position] = static_cast<std::uint8_t>(piece);
        state_.ori[orbit.offset + position] = static_cast<std::uint8_t>(turn);
      }
    }
    return true;
  }

  // A puzzle without fixed centres may be held turned any way (PuzzleSpec::unmarkedRotation), so
  // pieces are blamed as displaced or twisted as seen after the turn of the whole puzzle that
  // leaves the fewest of them so: a turned puzzle with one corner twisted blames that corner, not
  // the others. Sets blameFrame_ to that turn (the identity for other puzzles).
  void chooseBlameFrame() {
    int fewest = -1;
    for (const State& rotation : puzzle_.solvedStates()) {
      const State turned = puzzle_.compose(state_, rotation);
      int away = 0;
      for (const Orbit& orbit : puzzle_.orbits()) {
        for (int p = 0; p < orbit.size; ++p) {
          away += turned.pieces[orbit.offset + p] != p || turned.ori[orbit.offset + p] != 0;
        }
      }
      if (fewest < 0 || away < fewest) {
        fewest = away;
        blameFrame_ = rotation;
      }
    }
    piecesAway_ = fewest;
  }

  // The stickers of the pieces `test` picks as seen after turn `frame` (one of the solved
  // states), at their places in the colouring.
  std::vector<int> stickersWhere(const Orbit& orbit, bool (*test)(const State&, int, int),
                                 const State& frame) const {
    const State seen = puzzle_.compose(state_, frame);
    std::vector<int> stickers;
    for (int p = 0; p < orbit.size; ++p) {
      if (test(seen, orbit.offset + p, p)) {
        // compose takes the piece seen at place p from the colouring's place frame.pieces[p].
        const auto& own = orbit.facelets[frame.pieces[orbit.offset + p]];
        stickers.insert(stickers.end(), own.begin(), own.end());
      }
    }
    return stickers;
  }

  bool checkRules() {
    puzzle_.relabelIdenticalForRules(state_);
    chooseBlameFrame();
    const auto twisted = [](const State& s, int global, int) { return s.ori[global] != 0; };
    const auto displaced = [](const State& s, int global, int local) {
      return s.pieces[global] != local;
    };
    std::vector<int> parities;
    for (const Orbit& orbit : puzzle_.orbits()) {
      const std::span<const std::uint8_t> pieces(state_.pieces.data() + orbit.offset, orbit.size);
      parities.push_back(permutationParity(pieces));
      int sum = 0;
      for (int p = 0; p < orbit.size; ++p) sum += state_.ori[orbit.offset + p];
      if (orbit.orientationSumZero && sum % orbit.orientations != 0) {
        const std::vector<int> stickers = stickersWhere(orbit, twisted, blameFrame_);
        return reject("the " + orbit.name + " orientations add up to " +
                          std::to_string(sum % orbit.orientations) + " (mod " +
                          std::to_string(orbit.orientations) +
                          "), not 0: " + withArticle(orbit.name) + " has been " +
                          (orbit.orientations == 2 ? "flipped" : "twisted") + " in place",
                      stickers,
                      {.kind = "orientation-sum",
                       .orbit = orbit.name,
                       .pieces = piecesShown(orbit, stickers),
                       .orientations = orbit.orientations,
                       .twist = sum % orbit.orientations});
      }
      const bool odd = parities.back() != 0;
      if (orbit.permutation == PermutationRule::Even && odd) {
        const std::vector<int> stickers = stickersWhere(orbit, displaced, blameFrame_);
        return reject("the " + orbit.name + "s form an odd permutation: two " + orbit.name +
                          "s have been swapped",
                      stickers,
                      {.kind = "odd-permutation",
                       .orbit = orbit.name,
                       .pieces = piecesShown(orbit, stickers)});
      }
      if (orbit.permutation == PermutationRule::Fixed) {
        // Pieces no move displaces: out of place as the colouring shows them, not turned.
        if (auto stickers = stickersWhere(orbit, displaced, puzzle_.solved()); !stickers.empty()) {
          return reject(withArticle(orbit.name) + " is out of its place, where no move can take it",
                        stickers,
                        {.kind = "piece-out-of-place",
                         .orbit = orbit.name,
                         .pieces = piecesShown(orbit, stickers)});
        }
      }
      if (orbit.permutation == PermutationRule::SameParityAs &&
          parities.back() != parities[orbit.parityOrbit]) {
        // The swap may be in either orbit: name the displaced pieces of both.
        const Orbit& other = puzzle_.orbits()[orbit.parityOrbit];
        std::vector<int> stickers = stickersWhere(other, displaced, blameFrame_);
        const std::vector<int> own = stickersWhere(orbit, displaced, blameFrame_);
        FaceletProblem problem{
            .kind = "parity-mismatch", .orbit = orbit.name, .pieces = piecesShown(other, stickers)};
        for (std::string& piece : piecesShown(orbit, own)) problem.pieces.push_back(piece);
        stickers.insert(stickers.end(), own.begin(), own.end());
        return reject("the " + orbit.name + " and " + other.name +
                          " permutations have different parities: two pieces have been swapped",
                      stickers, std::move(problem));
      }
    }
    return true;
  }

  // With PuzzleSpec::deriveRules, rules that allow more than the moves reach (a Skewb): the state
  // must be an element of the moves' group, up to the unmarked rotation and identical pieces.
  bool checkGroup() {
    if (!puzzle_.spec().deriveRules || puzzle_.rulesAreExact()) return true;
    Puzzle::GroupSift sift = puzzle_.siftPosition(state_);
    if (sift.state) {
      state_ = std::move(*sift.state);
      return true;
    }
    std::vector<int> stickers;
    FaceletProblem problem{.kind = "unreachable"};
    for (const Orbit& orbit : puzzle_.orbits()) {
      if (sift.position >= orbit.offset && sift.position < orbit.offset + orbit.size) {
        stickers = orbit.facelets[sift.position - orbit.offset];
        problem.orbit = orbit.name;
        problem.pieces = piecesShown(orbit, stickers);
      }
    }
    return reject(
        "this position cannot be reached by turns of the puzzle (a constraint beyond "
        "orientation sums and permutation parity" +
            (stickers.empty() ? std::string(")")
                              : "): the first piece at fault is at " + stickerList(stickers)),
        stickers, std::move(problem));
  }

  const Puzzle& puzzle_;
  std::string_view text_;
  const std::vector<int>* turn_;
  bool turnsTried_;
  Stage stage_ = Stage::Letters;
  int piecesAway_ = 0;
  State state_;
  State blameFrame_;
  FaceletError error_;
};

}  // namespace

FaceletReading stateFromFacelets(const Puzzle& puzzle, std::string_view facelets,
                                 std::span<const std::vector<int>> wholeTurns) {
  Reader asGiven(puzzle, facelets, nullptr, !wholeTurns.empty());
  FaceletReading best = asGiven.read();
  // Wrong letters or counts are wrong however the puzzle is held. Pieces are not: a turn may
  // take one orbit's places to another's (a Skewb's two sets of corners under a quarter turn).
  if (best.state || asGiven.stage() == Stage::Letters) return best;
  Stage bestStage = asGiven.stage();
  int bestAway = asGiven.piecesAway();
  bool bestAsGiven = true;
  // Of the ways that read (a Skewb held turned a quarter reads in twelve, which differ by the
  // turns its moves make), the one whose position, drawn, shows the most stickers as given.
  std::optional<State> read;
  int mostAlike = -1;
  for (const std::vector<int>& turn : wholeTurns) {
    Reader turned(puzzle, facelets, &turn, true);
    FaceletReading reading = turned.read();
    if (reading.state) {
      const std::string drawn = puzzle.facelets(*reading.state);
      int alike = 0;
      for (std::size_t s = 0; s < drawn.size(); ++s) alike += drawn[s] == facelets[s];
      if (alike > mostAlike) {
        mostAlike = alike;
        read = std::move(reading.state);
      }
      continue;
    }
    // The error of the way of holding that gets furthest (a turned puzzle with one corner
    // twisted blames that corner, not its centres), then of the turned ways the one with the
    // fewest pieces out of place. As held, the colouring keeps its own error against turned
    // ways that get as far: a scrambled Pyraminx with a flipped edge says so, not that its tips
    // are out of place as it would be seen turned.
    const bool further = turned.stage() > bestStage;
    const bool closer = turned.stage() == bestStage && bestStage >= Stage::Rules && !bestAsGiven &&
                        turned.piecesAway() < bestAway;
    if (further || closer) {
      best = std::move(reading);
      bestStage = turned.stage();
      bestAway = turned.piecesAway();
      bestAsGiven = false;
    }
  }
  if (read) return {std::move(read), {}};
  return best;
}

}  // namespace polytwist
