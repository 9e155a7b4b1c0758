// Allocation-failure injection (docs/faults.md): this executable replaces the global operator
// new/delete, and wraps malloc and aligned_alloc (the kernel's table memory) at link time, so that
// every allocation the engine makes inside a window is counted and any one of them can be made
// to fail: new throws std::bad_alloc, the nothrow forms and malloc return null. SQLite's
// test harness fails each allocation in turn the same way.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace faults {

// What one run of an operation answered: success, the documented out-of-memory answer, or
// anything else (described in `wrong`).
struct Outcome {
  enum class Kind { Success, OutOfMemory, Wrong } kind;
  std::string wrong;
};
inline Outcome success() { return {Outcome::Kind::Success, {}}; }
inline Outcome outOfMemory() { return {Outcome::Kind::OutOfMemory, {}}; }
inline Outcome wrong(std::string what) { return {Outcome::Kind::Wrong, std::move(what)}; }

// Allocations are counted (and may fail) only inside a window: the test's own work around the
// engine call (building inputs, reading answers) is left out. Windows do not nest.
class Window {
 public:
  Window();
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
};

// Which allocations of an operation are failed, one per run.
enum class Strategy {
  Every,       // each allocation in turn (SQLite's way)
  FirstOfSite  // the first allocation of each site only, for operations too slow to run
               // once per allocation (each site still fails once)
};

struct Coverage {
  std::uint64_t allocations = 0;        // in the counting run (unarmed)
  std::size_t stacks = 0;               // distinct call stacks, 12 frames deep
  std::size_t sites = 0;                // distinct engine source lines the allocations come from
  std::uint64_t runs = 0;               // runs with one allocation failing
  std::uint64_t failedAllocations = 0;  // runs in which the armed allocation came and failed
  std::uint64_t targetsMissed = 0;      // FirstOfSite: runs whose failing allocation had another
                                        // call stack than in the counting run (nondeterminism)
  std::vector<std::string> problems;    // each wrong outcome, with the allocation that failed
  double seconds = 0;
};

// Runs `operation` once to count its allocations, then once per chosen allocation with that one
// failing, each followed by `usable` (unarmed: the engine must answer correctly after the
// failure; for operations on a fresh object, the same object retried). `operation` must open a
// Window around the engine call it tests.
Coverage inject(const std::string& name, const std::function<Outcome()>& operation,
                const std::function<Outcome()>& usable, Strategy strategy = Strategy::Every);

// One line for the report: name, allocations, sites, runs, seconds.
std::string summary(const std::string& name, const Coverage& coverage);

}  // namespace faults
