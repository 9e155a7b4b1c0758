// Embind bindings: the service layer, one JSON string per call (docs/api.md). Progress callbacks
// are plain JS functions (or null); cancellation is the worker being terminated by the page.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>

#include "api/service.hpp"

namespace {

using emscripten::val;
namespace service = polytwist::service;

bool isFunction(const val& callback) { return callback.typeOf().as<std::string>() == "function"; }

std::string version() { return service::version().dump(); }
std::string listPuzzles() { return service::listPuzzles().dump(); }
std::string listEvents() { return service::listEvents().dump(); }
std::string puzzleInfo(const std::string& id) { return service::puzzleInfo(id).dump(); }
std::string puzzleGeometry(const std::string& id) { return service::puzzleGeometry(id).dump(); }
std::string applyMoves(const std::string& id, const std::string& state, const std::string& moves) {
  return service::applyMoves(id, state, moves).dump();
}
std::string moveMotions(const std::string& id, const std::string& state) {
  return service::moveMotions(id, state).dump();
}
std::string applyMovesIn(const std::string& id, const std::string& state, const std::string& moves,
                         const std::string& notation) {
  return service::applyMovesIn(id, state, moves, notation).dump();
}
std::string scramble(const std::string& id, double seed) {
  return service::scramble(id, seed).dump();
}
std::string scrambleByMoves(const std::string& id, double seed, double moves) {
  // Any number from JS: out of range is the service's error, never a cast's undefined value.
  const double count = std::isfinite(moves) ? std::clamp(moves, -1.0, 1e6) : -1.0;
  return service::scramble(id, seed, count == std::floor(count) && count >= 1 ? int(count) : -1)
      .dump();
}
std::string image(const std::string& query) { return service::image(query).dump(); }
std::string appearance(const std::string& id, const std::string& stage, const std::string& scheme) {
  return service::appearance(id, stage, scheme).dump();
}
std::string validate(const std::string& id, const std::string& facelets) {
  return service::validate(id, facelets).dump();
}

// A search progress callback that reports {depth, nodes} to a JS function (if one is given).
service::SolveProgressFn searchProgress(const val& onProgress) {
  if (!isFunction(onProgress)) return {};
  return [onProgress](int depth, std::uint64_t nodes) {
    val report = val::object();
    report.set("depth", depth);
    report.set("nodes", static_cast<double>(nodes));
    onProgress(report);
  };
}

std::string solve(const std::string& id, const std::string& state, val onProgress) {
  return service::solve(id, state, searchProgress(onProgress)).dump();
}

// `optionsJson`: {"method":"optimal"|"fast","max_length":N} (docs/api.md).
std::string solveWith(const std::string& id, const std::string& state,
                      const std::string& optionsJson, val onProgress) {
  return service::solveWith(id, state, optionsJson, searchProgress(onProgress)).dump();
}

// A BFS progress callback that reports {depth, visited, total, scanned} to a JS function (if one
// is given).
polytwist::BuildProgressFn buildProgress(const val& onProgress) {
  if (!isFunction(onProgress)) return {};
  return [onProgress](const polytwist::BuildProgress& p) {
    val report = val::object();
    report.set("depth", p.depth);
    report.set("visited", static_cast<double>(p.visited));
    report.set("total", static_cast<double>(p.total));
    report.set("scanned", static_cast<double>(p.scanned));
    onProgress(report);
  };
}

std::string distanceTable(const std::string& id, val onProgress) {
  return service::distanceTable(id, buildProgress(onProgress)).dump();
}

// Not JSON: {ok:true, table_key, bytes: Uint8Array} or {ok:false, error}.
val exportTable(const std::string& id, val onProgress) {
  const service::TableBytes table = service::exportTable(id, buildProgress(onProgress));
  val answer = val::global("JSON").call<val>("parse", table.answer.dump());
  if (!table.bytes.empty()) {
    const auto* data = reinterpret_cast<const unsigned char*>(table.bytes.data());
    // The view points into WASM memory: copy it out before the string is freed.
    answer.set("bytes",
               val(emscripten::typed_memory_view(table.bytes.size(), data)).call<val>("slice"));
  }
  return answer;
}

// Table bytes from JS: a Uint8Array is copied into the heap with one TypedArray.set (Embind's own
// conversion to std::string copies it a byte at a time, which the threaded build, whose heap
// reads check for growth, makes 6 times slower: 190 ms per 16 MB); anything else converts as an
// std::string argument would (a string's characters, or Embind's error for another type).
std::string bytesOf(const val& bytes) {
  if (!bytes.instanceof (val::global("Uint8Array"))) return bytes.as<std::string>();
  std::string copy(bytes["length"].as<std::size_t>(), '\0');
  val(emscripten::typed_memory_view(copy.size(), reinterpret_cast<std::uint8_t*>(copy.data())))
      .call<void>("set", bytes);
  return copy;
}

// The optimal-search kernel (cube3): tables prepared with BFS progress, their bytes for IndexedDB,
// and the search in slices so the worker can take a Cancel message between them.
std::string prepareTables(const std::string& id, const std::string& tables, val onProgress) {
  return service::prepareTables(id, tables, buildProgress(onProgress)).dump();
}

// Not JSON: {ok:true, puzzle, tables, bytes: Uint8Array} or {ok:false, error}.
val exportTables(const std::string& id, const std::string& tables) {
  const service::TableBytes exported = service::exportTables(id, tables);
  val result = val::global("JSON").call<val>("parse", exported.answer.dump());
  if (!exported.bytes.empty()) {
    const auto* data = reinterpret_cast<const std::uint8_t*>(exported.bytes.data());
    result.set("bytes",
               val(emscripten::typed_memory_view(exported.bytes.size(), data)).call<val>("slice"));
  }
  return result;
}

std::string importTables(const std::string& id, const std::string& tables, const val& bytes) {
  return service::importTables(id, tables, bytesOf(bytes)).dump();
}

std::string importTablesPart(const std::string& id, const std::string& tables, double offset,
                             double total, const val& bytes) {
  return service::importTablesPart(id, tables, offset, total, bytesOf(bytes)).dump();
}

std::string searchStart(const std::string& id, const std::string& state,
                        const std::string& optionsJson) {
  return service::searchStart(id, state, optionsJson).dump();
}
std::string searchStep(int handle, double nodeBudget) {
  return service::searchStep(handle, nodeBudget).dump();
}
std::string searchStop(int handle) { return service::searchStop(handle).dump(); }

std::string importTable(const std::string& id, const val& bytes) {
  return service::importTable(id, bytesOf(bytes)).dump();
}

std::string numberingSolutions(const std::string& id, const std::string& numbering,
                               const std::string& groups, double limit) {
  return service::numberingSolutions(id, numbering, groups, limit).dump();
}
std::string numberingPosition(const std::string& id, const std::string& state,
                              const std::string& numbering, const std::string& groups) {
  return service::numberingPosition(id, state, numbering, groups).dump();
}
std::string numberingSolve(const std::string& id, const std::string& state,
                           const std::string& numbering, const std::string& groups,
                           val onProgress) {
  return service::numberingSolve(id, state, numbering, groups, buildProgress(onProgress)).dump();
}
// Progress as {tried, total}.
std::string numberingDesign(const std::string& id, const std::string& partial,
                            const std::string& groups, val onProgress) {
  service::DesignProgressFn progress;
  if (isFunction(onProgress)) {
    progress = [&onProgress](std::uint64_t tried, std::uint64_t total) {
      val report = val::object();
      report.set("tried", static_cast<double>(tried));
      report.set("total", static_cast<double>(total));
      onProgress(report);
    };
  }
  return service::numberingDesign(id, partial, groups, progress).dump();
}

}  // namespace

EMSCRIPTEN_BINDINGS(polytwist) {
  emscripten::function("version", &version);
  emscripten::function("listPuzzles", &listPuzzles);
  emscripten::function("listEvents", &listEvents);
  emscripten::function("puzzleInfo", &puzzleInfo);
  emscripten::function("puzzleGeometry", &puzzleGeometry);
  emscripten::function("applyMoves", &applyMoves);
  emscripten::function("applyMovesIn", &applyMovesIn);
  emscripten::function("moveMotions", &moveMotions);
  emscripten::function("scramble", &scramble);
  emscripten::function("scrambleByMoves", &scrambleByMoves);
  emscripten::function("validate", &validate);
  emscripten::function("appearance", &appearance);
  emscripten::function("image", &image);
  emscripten::function("solve", &solve);
  emscripten::function("solveWith", &solveWith);
  emscripten::function("distanceTable", &distanceTable);
  emscripten::function("exportTable", &exportTable);
  emscripten::function("importTable", &importTable);
  emscripten::function("prepareTables", &prepareTables);
  emscripten::function("exportTables", &exportTables);
  emscripten::function("importTables", &importTables);
  emscripten::function("importTablesPart", &importTablesPart);
  emscripten::function("searchStart", &searchStart);
  emscripten::function("searchStep", &searchStep);
  emscripten::function("searchStop", &searchStop);
  emscripten::function("numberingSolutions", &numberingSolutions);
  emscripten::function("numberingPosition", &numberingPosition);
  emscripten::function("numberingSolve", &numberingSolve);
  emscripten::function("numberingDesign", &numberingDesign);
}
