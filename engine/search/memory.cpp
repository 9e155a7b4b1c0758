#include "search/memory.hpp"

#include <cstdlib>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#endif

namespace polytwist {

std::string megabytesText(std::uint64_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MB";
}

std::optional<std::string> tableMemoryShortfall(std::uint64_t bytes, const std::string& what) {
#ifdef __EMSCRIPTEN__
  // Asking malloc itself is the only exact answer (the heap may be fragmented, or grow): the
  // module links with -sABORTING_MALLOC=0, so a refusal is a null pointer, not an abort. The
  // block is given back at once; the heap keeps the size it grew to, so the table's own
  // allocation that follows succeeds.
  // volatile: a malloc whose block is only freed may be optimised away as if it succeeded.
  void* volatile probe =
      bytes <= SIZE_MAX - 16 ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
  if (probe != nullptr) {
    std::free(probe);
    return std::nullopt;
  }
  return what + " needs " + megabytesText(bytes) + " of memory; the engine can use at most " +
         megabytesText(emscripten_get_heap_max()) + " (the WebAssembly heap limit), " +
         megabytesText(emscripten_get_heap_size()) + " of it already taken";
#else
  (void)bytes;
  (void)what;
  return std::nullopt;
#endif
}

}  // namespace polytwist
