// Embind bindings: the service layer, one JSON string per call (docs/api.md). Progress callbacks
// are plain JS functions (or null); cancellation is the worker being terminated by the page.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "api/service.hpp"

namespace {

using emscripten::val;
namespace service = polytwist::service;

bool isFunction(const val& callback) { return callback.typeOf().as<std::string>() == "function"; }

std::string version() { return service::version().dump(); }
std::string listPuzzles() { return service::listPuzzles().dump(); }
std::string puzzleInfo(const std::string& id) { return service::puzzleInfo(id).dump(); }
std::string applyMoves(const std::string& id, const std::string& state, const std::string& moves) {
  return service::applyMoves(id, state, moves).dump();
}
std::string scramble(const std::string& id, double seed) {
  return service::scramble(id, seed).dump();
}
std::string validate(const std::string& id, const std::string& facelets) {
  return service::validate(id, facelets).dump();
}

std::string solve(const std::string& id, const std::string& state, val onProgress) {
  service::SolveProgressFn progress;
  if (isFunction(onProgress)) {
    progress = [&onProgress](int depth, std::uint64_t nodes) {
      val report = val::object();
      report.set("depth", depth);
      report.set("nodes", static_cast<double>(nodes));
      onProgress(report);
    };
  }
  return service::solve(id, state, progress).dump();
}

std::string distanceTable(const std::string& id, val onProgress) {
  polytwist::BuildProgressFn progress;
  if (isFunction(onProgress)) {
    progress = [&onProgress](const polytwist::BuildProgress& p) {
      val report = val::object();
      report.set("depth", p.depth);
      report.set("visited", static_cast<double>(p.visited));
      report.set("total", static_cast<double>(p.total));
      onProgress(report);
    };
  }
  return service::distanceTable(id, progress).dump();
}

}  // namespace

EMSCRIPTEN_BINDINGS(polytwist) {
  emscripten::function("version", &version);
  emscripten::function("listPuzzles", &listPuzzles);
  emscripten::function("puzzleInfo", &puzzleInfo);
  emscripten::function("applyMoves", &applyMoves);
  emscripten::function("scramble", &scramble);
  emscripten::function("validate", &validate);
  emscripten::function("solve", &solve);
  emscripten::function("distanceTable", &distanceTable);
}
