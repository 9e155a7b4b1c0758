// Fuzz target: the notation parser, printer and expander (core/notation.hpp), and every puzzle's
// reading and writing of move sequences in each of its notations (core/sequence.hpp).
// Checked properties, besides "no crash, leak or undefined behaviour":
//   - parse(print(s)) succeeds with the same structure, and printing is idempotent;
//   - expand gives the same moves for s and for its reprint, and expandedLength agrees with it;
//   - a sequence a puzzle resolves, written back by formatMoves in that notation, resolves to the
//     same moves (in the puzzle's own notation, and in notations without a moving frame).
#include <cstdint>
#include <string_view>

#include "core/notation.hpp"
#include "core/sequence.hpp"
#include "fuzz_support.hpp"
#include "puzzles/catalogue.hpp"

namespace {

using namespace polytwist;

using fuzz::fail;

bool sameMoves(const notation::ExpandResult& a, const notation::ExpandResult& b) {
  if (a.moves.size() != b.moves.size()) return false;
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    if (a.moves[i].text != b.moves[i].text || a.moves[i].inverted != b.moves[i].inverted) {
      return false;
    }
  }
  return true;
}

void checkSyntax(std::string_view text) {
  const notation::ParseResult parsed = notation::parse(text);
  if (!parsed.ok()) return;
  const std::string printed = notation::print(parsed.sequence);
  const notation::ParseResult reparsed = notation::parse(printed);
  if (!reparsed.ok()) fail("print(parse(x)) does not parse", text);
  if (!notation::sameStructure(parsed.sequence, reparsed.sequence)) {
    fail("print(parse(x)) parses to another structure", text);
  }
  if (notation::print(reparsed.sequence) != printed) fail("printing is not idempotent", text);
  const notation::ExpandResult expanded = notation::expand(parsed.sequence);
  const notation::ExpandResult reexpanded = notation::expand(reparsed.sequence);
  if (expanded.ok() != reexpanded.ok()) fail("expand differs after a reprint", text);
  if (!expanded.ok()) return;
  if (!sameMoves(expanded, reexpanded)) fail("expand differs after a reprint", text);
  const std::size_t cap = notation::kMaxExpandedMoves;
  if (notation::expandedLength(parsed.sequence, cap) != expanded.moves.size()) {
    fail("expandedLength disagrees with expand", text);
  }
}

void checkPuzzles(std::string_view text) {
  for (const Puzzle& puzzle : allPuzzles()) {
    std::vector<const NotationSpec*> notations = {nullptr};
    for (const NotationSpec& spec : puzzle.spec().notations) notations.push_back(&spec);
    for (const NotationSpec* spec : notations) {
      const ResolvedSequence resolved = resolveSequence(puzzle, text, spec);
      if (resolved.error) continue;
      // In a moving frame the names written depend on the position (reference_frame.hpp).
      if (spec && spec->referenceFrame) continue;
      const std::string written = formatMoves(puzzle, resolved.moves, spec);
      // Even 100,000 moves written out fit the input limit (notation.hpp; tests/fuzz/corpus/
      // notation/long-written-form: 23 bytes whose 42,930 moves write out to over 100,000 bytes).
      const ResolvedSequence again = resolveSequence(puzzle, written, spec);
      if (again.error) fail("formatMoves wrote a sequence the puzzle refuses", text);
      if (again.moves != resolved.moves)
        fail("formatMoves does not resolve to the same moves", text);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  checkSyntax(text);
  checkPuzzles(text);
  return 0;
}
