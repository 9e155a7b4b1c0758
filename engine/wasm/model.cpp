// The small model-only module (docs/images.md): puzzles, notation and pictures, no tables or
// search, so that a page paints players before it loads the engine. Plain C exports instead of
// Embind keep it small; strings cross as UTF-8 in the module's memory.
#include <emscripten/emscripten.h>

#include <string>

#include "core/json.hpp"
#include "render/image.hpp"

namespace {
std::string lastAnswer;  // the answer stays valid until the next call
}

// {ok, svg} or {ok: false, error, svg}: `query` is VisualCube-style ("pzl=cube3&alg=R%20U").
extern "C" EMSCRIPTEN_KEEPALIVE const char* image(const char* query) {
  const polytwist::ImageAnswer answer = polytwist::imageFromQuery(query ? query : "");
  polytwist::Json result = polytwist::Json::Object{};
  result.set("ok", answer.status == 200);
  if (answer.status != 200) result.set("error", answer.error);
  if (answer.column > 0) result.set("column", answer.column);
  result.set("view", answer.view);
  result.set("svg", answer.svg);
  lastAnswer = result.dump();
  return lastAnswer.c_str();
}
