#pragma once
// Whether a table's memory can be had, asked before the table is allocated. The WebAssembly
// module is built without exception catching, so there a failing `new` aborts the module
// instead of throwing std::bad_alloc: every large table asks here first and refuses with a
// message (docs/api.md, "Limits"). Natively `new` throws std::bad_alloc, which the service turns
// into the same kind of answer, and the check always passes.
#include <cstdint>
#include <optional>
#include <string>

namespace polytwist {

// Empty when `bytes` can be allocated now; else a message naming `what`, the megabytes it needs
// and the most the engine can use.
std::optional<std::string> tableMemoryShortfall(std::uint64_t bytes, const std::string& what);

// "N MB", rounded up.
std::string megabytesText(std::uint64_t bytes);

}  // namespace polytwist
