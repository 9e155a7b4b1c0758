// Fuzz target: the description language and the geometry derived from it (docs/geometry.md).
// Checked properties, besides "no crash, leak or undefined behaviour":
//   - a refusal always says what is wrong (a non-empty message);
//   - a description that parses prints (describe) to a text that parses to the same shape, cuts
//     and sizes, leaving out the same kinds of pieces;
//   - a derived puzzle compiles into the engine's model, has as many stickers as its geometry,
//     within the limit, and every move's inverse is a move.
#include <cmath>
#include <cstdint>
#include <string>
#include <variant>

#include "core/puzzle.hpp"
#include "fuzz_support.hpp"
#include "geometry/described.hpp"
#include "geometry/description.hpp"

namespace {

using namespace polytwist;
using namespace polytwist::geometry;
using fuzz::fail;

bool sameDescription(const Description& a, const Description& b) {
  if (a.shape != b.shape || a.layers != b.layers || a.cuts.size() != b.cuts.size() ||
      a.without != b.without) {
    return false;
  }
  for (std::size_t i = 0; i < a.cuts.size(); ++i) {
    if (a.cuts[i].kind != b.cuts[i].kind) return false;
    if (std::abs(a.cuts[i].distance - b.cuts[i].distance) > 1e-12 * (1 + a.cuts[i].distance)) {
      return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Longer texts only repeat what 200 bytes can say (at most 12 cuts).
  if (size > 200) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const ParsedDescription parsed = parseDescription(text);
  if (!parsed.description) {
    if (parsed.error.message.empty()) fail("a refusal without a message", text);
    return 0;
  }
  const ParsedDescription again = parseDescription(describe(*parsed.description));
  if (!again.description || !sameDescription(*parsed.description, *again.description)) {
    fail("describe(parse(x)) does not parse back to the same description", text);
  }
  auto spec = describedPuzzle("fuzz", "fuzz", text);
  if (const auto* error = std::get_if<std::string>(&spec)) {
    if (error->empty()) fail("a derivation refused without a message", text);
    return 0;
  }
  try {
    const Puzzle puzzle(std::get<PuzzleSpec>(std::move(spec)));
    if (puzzle.faceletCount() > kMaxStickers) fail("more stickers than the limit", text);
    for (int m = 0; m < static_cast<int>(puzzle.moves().size()); ++m) {
      if (puzzle.inverseMove(m) < 0) fail("a move without an inverse", text);
    }
  } catch (const std::exception& error) {
    fail(std::string("a derived puzzle does not compile: ") + error.what(), text);
  }
  return 0;
}
