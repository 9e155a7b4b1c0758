// Fuzz target: the engine's part of opening a share link (web/src/share/open-link.js), the same
// calls in the same order: puzzleInfo; for a numbered puzzle numberingPosition with the numbering
// alone, then with its groups; validate (facelets) or applyMoves from solved (setup); then
// applyMoves of the solution from that state. Also the state strings the page hands back to the
// engine (Puzzle::decodeState), which a page could pass damaged.
// Input: puzzle NUL facelets NUL setup NUL solution NUL numbering NUL groups NUL state.
// Checked, besides "no crash, leak or undefined behaviour": no internal errors; a state the engine
// answers with is accepted back and shows the same facelets; a decoded state re-encodes to a
// string that decodes to the same state.
#include <cstdint>
#include <string>

#include "api/service.hpp"
#include "fuzz_support.hpp"
#include "puzzles/catalogue.hpp"

using namespace polytwist;

namespace {

std::string field(const Json& answer, const char* key) {
  const Json* value = answer.find(key);
  return value && value->isString() ? value->string() : std::string();
}

bool isBlank(const std::string& text) { return text.find_first_not_of(" \t\r\n") == text.npos; }

// The answer's state, passed back as the page does, must give the answer's own position.
void checkStatePassesBack(const std::string& puzzle, const Json& answer, std::string_view input) {
  if (!answer.find("ok")->boolean()) return;
  const Json again = service::applyMoves(puzzle, field(answer, "state"), "");
  fuzz::checkAnswer(again, input);
  if (!again.find("ok")->boolean() || field(again, "facelets") != field(answer, "facelets")) {
    fuzz::fail(puzzle + ": a state the engine answered does not pass back", input);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> a = fuzz::splitArguments(input, 7);
  const std::string &puzzle = a[0], &facelets = a[1], &setup = a[2], &solution = a[3],
                    &numbering = a[4], &groups = a[5], &stateText = a[6];

  const Json info = service::puzzleInfo(puzzle);
  fuzz::checkAnswer(info, input);
  if (!info.find("ok")->boolean()) return 0;

  if ((!isBlank(numbering) || !isBlank(groups)) && !field(info, "symbols").empty()) {
    fuzz::checkAnswer(service::numberingPosition(puzzle, "", numbering, ""), input);
    fuzz::checkAnswer(service::numberingPosition(puzzle, "", numbering, groups), input);
  }

  std::string state;
  if (!facelets.empty()) {
    const Json answer = service::validate(puzzle, facelets);
    fuzz::checkAnswer(answer, input);
    checkStatePassesBack(puzzle, answer, input);
    state = field(answer, "state");
  } else if (!setup.empty()) {
    const Json answer = service::applyMoves(puzzle, "", setup);
    fuzz::checkAnswer(answer, input);
    checkStatePassesBack(puzzle, answer, input);
    state = field(answer, "state");
  }
  const Json played = service::applyMoves(puzzle, state, solution);
  fuzz::checkAnswer(played, input);
  checkStatePassesBack(puzzle, played, input);

  // A state string from the page, as it may arrive damaged.
  // The puzzle may be a description (docs/geometry.md), which the service has derived by now; a
  // model of its own (the Clock, the Square-1: puzzleInfo's "model") is no Puzzle, its state text
  // read by the service alone (below).
  const bool ownModel = info.find("model") != nullptr;
  const Puzzle* model = ownModel ? nullptr : lookUpPuzzle(puzzle).puzzle;
  if (!ownModel && !model)
    fuzz::fail(puzzle + ": puzzleInfo answered, but the puzzle cannot be looked up", input);
  if (const std::optional<State> decoded = model ? model->decodeState(stateText) : std::nullopt) {
    const std::optional<State> again = model->decodeState(model->encodeState(*decoded));
    if (!again || !(*again == *decoded)) {
      fuzz::fail(puzzle + ": encodeState(decodeState(s)) does not decode to the same state", input);
    }
  }
  const Json fromState = service::applyMoves(puzzle, stateText, solution);
  fuzz::checkAnswer(fromState, input);
  checkStatePassesBack(puzzle, fromState, input);
  return 0;
}
