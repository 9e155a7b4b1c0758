#include "core/sequence.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/notation.hpp"
#include "core/text.hpp"

namespace polytwist {

namespace {

// Every way `name` is written on the puzzle: its moves' and derived moves' powers ("R", "R2",
// "R'", and on a Megaminx "R++", "R--").
std::vector<std::string> formsOf(const Puzzle& puzzle, const std::string& name) {
  std::vector<std::string> forms;
  const auto add = [&](const std::vector<PowerSpec>& powers) {
    for (const PowerSpec& power : powers) {
      const std::string form = name + power.suffix;
      if (std::find(forms.begin(), forms.end(), form) == forms.end()) forms.push_back(form);
    }
  };
  for (const MoveSpec& move : puzzle.spec().moves) {
    if (move.name == name) add(move.powers);
  }
  for (const DerivedMoveSpec& derived : puzzle.spec().derivedMoves) {
    if (derived.name == name) add(derived.powers);
  }
  return forms;
}

// What the puzzle accepts, said from its moves and derived moves: a token that is a name of the
// puzzle with a power it does not take gets that name's forms; any other, the moves and then the
// derived moves grouped by the powers they take, each group with the forms of its first name.
std::string unknownMoveMessage(const Puzzle& puzzle, const notation::FlatMove& flat) {
  const std::string where = "'" + flat.text + "' at column " + std::to_string(flat.column);
  for (const auto& [name, why] : puzzle.spec().rejectedMoves) {
    if (name == flat.text) return where + " is not a move of the " + puzzle.id() + ": " + why;
  }
  std::vector<std::string> names;
  for (const MoveSpec& move : puzzle.spec().moves) names.push_back(move.name);
  for (const DerivedMoveSpec& derived : puzzle.spec().derivedMoves) names.push_back(derived.name);
  // The longest name the token starts with, followed only by what powers are made of ("R3",
  // "R+++"; not "2Rw", which is no power of 2R).
  std::string prefix;
  for (const std::string& name : names) {
    if (name.size() > prefix.size() && flat.text.compare(0, name.size(), name) == 0 &&
        flat.text.find_first_not_of("0123456789'+-", name.size()) == std::string::npos) {
      prefix = name;
    }
  }
  if (!prefix.empty()) {
    return "unknown move " + where + ": the " + puzzle.id() + "'s " + prefix + " is written " +
           join(formsOf(puzzle, prefix), " ");
  }
  std::vector<std::string> known;
  for (const Move& m : puzzle.moves()) known.push_back(m.name);
  std::string message =
      "unknown move " + where + " (" + puzzle.id() + " moves: " + join(known, " ");
  // Derived moves by the suffixes of their powers, in order of first appearance.
  std::vector<std::pair<std::vector<PowerSpec>, std::vector<std::string>>> groups;
  for (const DerivedMoveSpec& derived : puzzle.spec().derivedMoves) {
    const auto samePowers = [&](const auto& group) {
      return std::equal(
          group.first.begin(), group.first.end(), derived.powers.begin(), derived.powers.end(),
          [](const PowerSpec& a, const PowerSpec& b) { return a.suffix == b.suffix; });
    };
    auto group = std::find_if(groups.begin(), groups.end(), samePowers);
    if (group == groups.end()) group = groups.insert(groups.end(), {derived.powers, {}});
    if (std::find(group->second.begin(), group->second.end(), derived.name) == group->second.end())
      group->second.push_back(derived.name);
  }
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto& [powers, groupNames] = groups[g];
    std::vector<std::string> example;
    for (const PowerSpec& power : powers) example.push_back(groupNames.front() + power.suffix);
    message += (g == 0 ? "; also " : "; ") + join(groupNames, " ") + " (as " + join(example, " ") +
               (groupNames.size() > 1 ? " for each)" : ")");
  }
  return message + ")";
}

// Appends `move` to the turns of one derived move, merged with an earlier turn of the same base
// when only commuting turns lie between them (M2 gives R2 L2, not R L' R L').
void appendMerged(const Puzzle& puzzle, std::vector<int>& turns, int move) {
  const int base = puzzle.moves()[move].base;
  for (auto earlier = turns.rbegin(); earlier != turns.rend(); ++earlier) {
    const int earlierBase = puzzle.moves()[*earlier].base;
    if (earlierBase == base) {
      const State both =
          puzzle.compose(puzzle.moves()[*earlier].effect, puzzle.moves()[move].effect);
      if (both == puzzle.solved()) {
        turns.erase(std::next(earlier).base());
        return;
      }
      for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
        if (puzzle.moves()[m].base == base && puzzle.moves()[m].effect == both) {
          *earlier = m;
          return;
        }
      }
      break;
    }
    if (!puzzle.basesCommute(earlierBase, base)) break;
  }
  turns.push_back(move);
}

// How many times `effect` is applied before everything is back; 0 when that is more than a
// puzzle's turn could need (it is then no turn of a face).
int turnsToIdentity(const Puzzle& puzzle, const State& effect) {
  constexpr int kLongest = 360;
  State state = effect;
  for (int k = 1; k <= kLongest; ++k) {
    if (state == puzzle.solved()) return k;
    state = puzzle.compose(state, effect);
  }
  return 0;
}

// `count` (decimal digits, of any length) times `sign`, modulo `order`.
int powerModulo(std::string_view count, int sign, int order) {
  int power = 0;
  for (char digit : count) power = (power * 10 + (digit - '0')) % order;
  return ((sign * power) % order + order) % order;
}

// A move written as a name and a count ("R3", "x5'"), read by the order of that name's turn: the
// suffix of the puzzle's own power that does the same ("'" for R3 on a cube), or nullopt in
// `suffix` for a whole number of turns (R4, R0). nullopt when `ours` (the name in the puzzle's
// own notation) names no turn with such powers.
struct PowerReading {
  std::optional<std::string> suffix;
};
std::optional<PowerReading> readCount(const Puzzle& puzzle, const std::string& ours,
                                      std::string_view count, int sign) {
  for (int base = 0; base < puzzle.baseCount(); ++base) {
    if (puzzle.spec().moves[base].name != ours) continue;
    // The base turn is its move of power 1.
    const Move* turn = nullptr;
    for (const Move& move : puzzle.moves()) {
      if (move.base == base && move.power == 1) turn = &move;
    }
    const int order = turn ? turnsToIdentity(puzzle, turn->effect) : 0;
    if (order == 0) return std::nullopt;
    const int power = powerModulo(count, sign, order);
    if (power == 0) return PowerReading{std::nullopt};
    for (const Move& move : puzzle.moves()) {
      if (move.base == base && ((move.power % order) + order) % order == power) {
        return PowerReading{move.name.substr(ours.size())};
      }
    }
    return std::nullopt;
  }
  for (std::size_t d = 0; d < puzzle.spec().derivedMoves.size(); ++d) {
    const DerivedMoveSpec& spec = puzzle.spec().derivedMoves[d];
    if (spec.name != ours) continue;
    // One application: its turns, then the whole puzzle turned by its rotation.
    const DerivedMove& derived = puzzle.derivedMoves()[d];
    State effect = puzzle.solved();
    for (int move : derived.turns) effect = puzzle.compose(effect, puzzle.moves()[move].effect);
    const int order = turnsToIdentity(puzzle, puzzle.compose(effect, derived.rotation));
    if (order == 0) continue;
    const int power = powerModulo(count, sign, order);
    if (power == 0) return PowerReading{std::nullopt};
    for (const PowerSpec& written : spec.powers) {
      if (((written.power % order) + order) % order == power) return PowerReading{written.suffix};
    }
  }
  return std::nullopt;
}

// A move name with its face renamed from one side of `names` to the other ({theirs, ours}); the
// name itself when no face of the list starts it with a power after it.
std::string renamed(const std::vector<std::pair<std::string, std::string>>& names,
                    const std::string& move, bool toOurs) {
  std::string best;
  std::string result = move;
  for (const auto& [theirs, ours] : names) {
    const std::string& from = toOurs ? theirs : ours;
    const std::string suffix = move.substr(std::min(move.size(), from.size()));
    const bool power = suffix.empty() || suffix == "2" || suffix == "'" || suffix == "2'";
    if (move.compare(0, from.size(), from) == 0 && power && from.size() > best.size()) {
      best = from;
      result = (toOurs ? ours : theirs) + suffix;
    }
  }
  return result;
}

// A token that is a name and a count ("R3", "R5'"), written in the puzzle's own form: R3 as R'
// on a cube. The name stays as written (in `notation`'s names, if any). nullopt when the token
// is a move as it is, or no name with a count; nullopt in `suffix` when it turns a whole number
// of times (the token is then left out).
std::optional<PowerReading> normalForm(const Puzzle& puzzle, const std::string& token,
                                       const NotationSpec* notation, std::string& name) {
  std::size_t end = token.size();
  const int sign = end > 0 && token[end - 1] == '\'' ? -1 : 1;
  if (sign < 0) --end;
  std::size_t digits = end;
  while (digits > 0 && token[digits - 1] >= '0' && token[digits - 1] <= '9') --digits;
  // Every digit at the end is the count: a name ending in a digit (the Domino's R2) takes none.
  if (digits == end || digits == 0) return std::nullopt;
  name = token.substr(0, digits);
  std::string ours = name;
  if (notation && !notation->faceNames.empty()) {
    ours = renamed(notation->faceNames, name, true);
    // A face of ours that the notation calls otherwise: resolving says so.
    if (ours == name && renamed(notation->faceNames, name, false) != name) return std::nullopt;
  }
  const std::string asWritten = ours + token.substr(digits);
  if (puzzle.findMove(asWritten) || puzzle.findDerivedMove(asWritten)) return std::nullopt;
  return readCount(puzzle, ours, std::string_view(token).substr(digits, end - digits), sign);
}

// Rewrites each move token with a count in the puzzle's own form (normalForm) and leaves out
// those that turn a whole number of times.
void normalizeCounts(const Puzzle& puzzle, notation::Sequence& sequence,
                     const NotationSpec* notation) {
  auto& nodes = sequence.nodes;
  for (auto node = nodes.begin(); node != nodes.end();) {
    if (node->kind == notation::Node::Kind::Move) {
      std::string name;
      if (const auto reading = normalForm(puzzle, node->text, notation, name)) {
        if (!reading->suffix) {
          node = nodes.erase(node);
          continue;
        }
        node->text = name + *reading->suffix;
      }
    } else {
      normalizeCounts(puzzle, node->body, notation);
      normalizeCounts(puzzle, node->second, notation);
    }
    ++node;
  }
}

}  // namespace

const NotationSpec* findNotation(const Puzzle& puzzle, std::string_view name) {
  for (const NotationSpec& notation : puzzle.spec().notations) {
    if (notation.name == name) return &notation;
  }
  return nullptr;
}

ResolvedSequence resolveSequence(const Puzzle& puzzle, std::string_view text,
                                 const NotationSpec* notation) {
  ResolvedSequence result;
  notation::ParseResult parsed = notation::parse(text);
  if (parsed.error) {
    result.error = SequenceError{parsed.error->message, parsed.error->column};
    return result;
  }
  normalizeCounts(puzzle, parsed.sequence, notation);
  result.written = notation::printPieces(parsed.sequence);
  std::vector<int> pieceOfToken;
  for (std::size_t piece = 0; piece < result.written.size(); ++piece) {
    if (result.written[piece].token >= 0) pieceOfToken.push_back(static_cast<int>(piece));
  }
  const notation::ExpandResult expanded = notation::expand(parsed.sequence);
  if (expanded.error) {
    result.error = SequenceError{expanded.error->message, expanded.error->column};
    return result;
  }
  // The frame: how the whole puzzle has been turned by the rotations so far. A move is read as
  // the move of the place its face has been turned to.
  State frame = puzzle.solved();
  bool turned = false;
  const auto inFrame = [&](int move) { return turned ? puzzle.moveInFrame(frame, move) : move; };
  // The turns of a derived move `power` times (negative: undone), read in the frame, which it
  // turns on.
  const auto derivedTurns = [&](const DerivedMove& base, int power) {
    std::vector<int> turns;
    for (int i = 0; i < std::abs(power); ++i) {
      // The inverse turns the frame back first, then undoes the turns in that frame.
      if (power < 0) frame = puzzle.compose(frame, puzzle.inverse(base.rotation));
      turned = frame != puzzle.solved();
      for (std::size_t t = 0; t < base.turns.size(); ++t) {
        const int move = power > 0 ? base.turns[t] : base.turns[base.turns.size() - 1 - t];
        appendMerged(puzzle, turns, power > 0 ? inFrame(move) : puzzle.inverseMove(inFrame(move)));
      }
      if (power > 0) frame = puzzle.compose(frame, base.rotation);
      turned = frame != puzzle.solved();
    }
    return turns;
  };
  for (notation::FlatMove flat : expanded.moves) {
    if (notation && !notation->faceNames.empty()) {
      const std::string ours = renamed(notation->faceNames, flat.text, true);
      // A face of ours that the notation calls otherwise is not one of its names.
      if (ours == flat.text && renamed(notation->faceNames, flat.text, false) != flat.text) {
        result.error = SequenceError{
            "'" + flat.text + "' at column " + std::to_string(flat.column) + " is no move in " +
                notation->name + " notation (" + notation->description + ")",
            flat.column};
        return result;
      }
      flat.text = ours;
    }
    const int piece = pieceOfToken[static_cast<std::size_t>(flat.token)];
    if (const std::optional<int> move = puzzle.findMove(flat.text)) {
      const int seen = inFrame(*move);
      result.moves.push_back(flat.inverted ? puzzle.inverseMove(seen) : seen);
      result.writtenOf.push_back(piece);
      result.playedInverted.push_back(flat.inverted && puzzle.inverseMove(seen) != seen);
      continue;
    }
    if (const auto derived = puzzle.findDerivedMove(flat.text)) {
      const DerivedMove& base = puzzle.derivedMoves()[derived->first];
      const int power = flat.inverted ? -derived->second : derived->second;
      const State before = frame;
      const std::vector<int> turns = derivedTurns(base, power);
      bool otherwise = false;  // undone, it turns otherwise than as written (M2' does not)
      if (flat.inverted) {
        const State after = frame;
        frame = before;
        otherwise = puzzle.applySequence(puzzle.solved(), turns) !=
                    puzzle.applySequence(puzzle.solved(), derivedTurns(base, -power));
        frame = after;
        turned = frame != puzzle.solved();
      }
      result.moves.insert(result.moves.end(), turns.begin(), turns.end());
      result.writtenOf.insert(result.writtenOf.end(), turns.size(), piece);
      result.playedInverted.insert(result.playedInverted.end(), turns.size(), otherwise);
      continue;
    }
    result.error = SequenceError{unknownMoveMessage(puzzle, flat), flat.column};
    return result;
  }
  for (const notation::PrintedPiece& piece : result.written) result.normalized += piece.text;
  return result;
}

std::string formatMoves(const Puzzle& puzzle, const std::vector<int>& moves,
                        const NotationSpec* notation) {
  std::vector<std::string> names;
  for (int m : moves) {
    names.push_back(notation ? renamed(notation->faceNames, puzzle.moves()[m].name, false)
                             : puzzle.moves()[m].name);
  }
  return join(names, " ");
}

std::vector<int> invertMoves(const Puzzle& puzzle, const std::vector<int>& moves) {
  std::vector<int> inverse;
  for (auto m = moves.rbegin(); m != moves.rend(); ++m) inverse.push_back(puzzle.inverseMove(*m));
  return inverse;
}

}  // namespace polytwist
