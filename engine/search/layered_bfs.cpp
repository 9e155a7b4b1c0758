#include "search/layered_bfs.hpp"

namespace polytwist {
namespace {
unsigned buildThreads = 0;  // 0: one per core
}  // namespace

void setBuildThreads(unsigned threads) { buildThreads = threads; }

unsigned buildThreadsFor(std::uint64_t entries) {
#if defined(__EMSCRIPTEN__) && !defined(POLYTWIST_WASM_THREADS)
  (void)entries;
  return 1;  // built without pthreads: the page runs the build in a worker instead
#else
  if (entries < 2 * kBuildBlockEntries) return 1;
  return std::max(1u, buildThreads != 0 ? buildThreads : std::thread::hardware_concurrency());
#endif
}

}  // namespace polytwist
