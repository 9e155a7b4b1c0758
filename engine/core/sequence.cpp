#include "core/sequence.hpp"

#include "core/notation.hpp"
#include "core/text.hpp"

namespace polytwist {

ResolvedSequence resolveSequence(const Puzzle& puzzle, std::string_view text) {
  ResolvedSequence result;
  const notation::ParseResult parsed = notation::parse(text);
  if (parsed.error) {
    result.error = SequenceError{parsed.error->message, parsed.error->column};
    return result;
  }
  const notation::ExpandResult expanded = notation::expand(parsed.sequence);
  if (expanded.error) {
    result.error = SequenceError{expanded.error->message, expanded.error->column};
    return result;
  }
  for (const notation::FlatMove& flat : expanded.moves) {
    const std::optional<int> move = puzzle.findMove(flat.text);
    if (!move) {
      std::vector<std::string> known;
      for (const Move& m : puzzle.moves()) known.push_back(m.name);
      const std::string where = "'" + flat.text + "' at column " + std::to_string(flat.column);
      std::string message =
          "unknown move " + where + " (" + puzzle.id() + " moves: " + join(known, " ") + ")";
      for (const auto& [name, why] : puzzle.spec().rejectedMoves) {
        if (name == flat.text)
          message = where + " is not a move of the " + puzzle.id() + ": " + why;
      }
      result.error = SequenceError{message, flat.column};
      return result;
    }
    result.moves.push_back(flat.inverted ? puzzle.inverseMove(*move) : *move);
  }
  result.normalized = notation::print(parsed.sequence);
  return result;
}

std::string formatMoves(const Puzzle& puzzle, const std::vector<int>& moves) {
  std::vector<std::string> names;
  for (int m : moves) names.push_back(puzzle.moves()[m].name);
  return join(names, " ");
}

std::vector<int> invertMoves(const Puzzle& puzzle, const std::vector<int>& moves) {
  std::vector<int> inverse;
  for (auto m = moves.rbegin(); m != moves.rend(); ++m) inverse.push_back(puzzle.inverseMove(*m));
  return inverse;
}

}  // namespace polytwist
