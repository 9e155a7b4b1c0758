// The replaced allocation functions and the injection loop (allocation_faults.hpp). The hooks
// allocate nothing themselves: the counting run's call stacks go to fixed arrays, symbolized
// (by the sanitizer runtime) only after the run.
#include "allocation_faults.hpp"

#include <execinfo.h>
#include <sanitizer/common_interface_defs.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <set>

// The real allocators under the link-time wraps (-Wl,--wrap=malloc,--wrap=aligned_alloc):
// engine code's malloc and aligned_alloc come to __wrap_*, these reach the C library's (here
// AddressSanitizer's, so LeakSanitizer sees every block).
extern "C" void* __real_malloc(std::size_t size);
extern "C" void* __real_aligned_alloc(std::size_t alignment, std::size_t size);

namespace faults {
namespace {

constexpr int kFrames = 14;  // the hook's own two, then 12 of the caller's
constexpr std::size_t kStackSlots = 1 << 16;

struct Stack {
  std::uint64_t hash = 0;   // 0: a free slot
  std::uint64_t first = 0;  // the index of its first allocation in the counting run
  int depth = 0;
  void* pcs[kFrames] = {};
};

std::atomic<bool> windowOpen{false};
std::atomic<std::uint64_t> counter{0};
std::atomic<std::uint64_t> failAt{0};  // 0: nothing fails
std::atomic<bool> fired{false};
std::atomic<std::uint64_t> firedHash{0};
Stack firedStack;  // the failing allocation's, for the messages
std::atomic<bool> recording{false};
std::atomic_flag recordLock = ATOMIC_FLAG_INIT;
bool stacksOverflowed = false;
Stack stacks[kStackSlots];
thread_local bool inHook = false;  // backtrace() may allocate on its first call in a thread

std::uint64_t hashOf(void* const* pcs, int depth) {
  std::uint64_t hash = 1469598103934665603ULL;
  for (int i = 0; i < depth; ++i) {
    hash = (hash ^ reinterpret_cast<std::uintptr_t>(pcs[i])) * 1099511628211ULL;
  }
  return hash == 0 ? 1 : hash;
}

void record(std::uint64_t index, void* const* pcs, int depth, std::uint64_t hash) {
  while (recordLock.test_and_set(std::memory_order_acquire)) {
  }
  std::size_t slot = hash % kStackSlots;
  std::size_t probes = 0;
  while (stacks[slot].hash != 0 && stacks[slot].hash != hash && probes < kStackSlots) {
    slot = (slot + 1) % kStackSlots;
    ++probes;
  }
  if (probes == kStackSlots) {
    stacksOverflowed = true;
  } else if (stacks[slot].hash == 0) {
    stacks[slot].hash = hash;
    stacks[slot].first = index;
    stacks[slot].depth = depth;
    std::copy(pcs, pcs + depth, stacks[slot].pcs);
  } else {
    stacks[slot].first = std::min(stacks[slot].first, index);
  }
  recordLock.clear(std::memory_order_release);
}

// Counts one allocation; true when it is the one to fail.
bool failNow() {
  if (!windowOpen.load(std::memory_order_relaxed) || inHook) return false;
  const std::uint64_t index = counter.fetch_add(1) + 1;
  const bool fail = index == failAt.load(std::memory_order_relaxed);
  if (fail || recording.load(std::memory_order_relaxed)) {
    inHook = true;
    void* pcs[kFrames];
    const int depth = backtrace(pcs, kFrames);
    const std::uint64_t hash = hashOf(pcs, depth);
    if (recording) record(index, pcs, depth, hash);
    if (fail) {
      firedStack.depth = depth;
      std::copy(pcs, pcs + depth, firedStack.pcs);
      firedHash = hash;
      fired = true;
    }
    inHook = false;
  }
  return fail;
}

void* allocate(std::size_t size, std::size_t alignment, bool throws) {
  if (failNow()) {
    if (throws) throw std::bad_alloc();
    return nullptr;
  }
  if (size == 0) size = 1;
  void* block =
      alignment <= alignof(std::max_align_t)
          ? __real_malloc(size)
          : __real_aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
  if (block == nullptr && throws) throw std::bad_alloc();
  return block;
}

// The engine source line a call stack comes from: its innermost frame in engine/ (frames inlined
// into one another each count), else its innermost frame outside this harness.
std::string siteOf(const Stack& stack) {
  std::string fallback;
  for (int i = 0; i < stack.depth; ++i) {
    char frames[4096] = {};
    // A return address: the call is the instruction before it.
    const auto pc = reinterpret_cast<std::uintptr_t>(stack.pcs[i]) - (i > 0 ? 1 : 0);
    __sanitizer_symbolize_pc(reinterpret_cast<void*>(pc), "%s:%l", frames, sizeof frames);
    for (const char* frame = frames; *frame != 0 && frame < frames + sizeof frames;
         frame += std::strlen(frame) + 1) {
      const std::string text = frame;
      if (text.find("/tests/faults/") != std::string::npos) continue;
      if (const std::size_t engine = text.find("/engine/"); engine != std::string::npos) {
        return text.substr(engine + 1);
      }
      if (fallback.empty()) fallback = text;
    }
  }
  return fallback.empty() ? "?" : fallback;
}

void resetStacks() {
  for (Stack& stack : stacks) stack = Stack{};
  stacksOverflowed = false;
}

}  // namespace

Window::Window() {
  counter = 0;
  windowOpen = true;
}

Window::~Window() { windowOpen = false; }

Coverage inject(const std::string& name, const std::function<Outcome()>& operation,
                const std::function<Outcome()>& usable, Strategy strategy) {
  const auto start = std::chrono::steady_clock::now();
  Coverage coverage;
  auto problem = [&](const std::string& what) {
    if (coverage.problems.size() < 20) coverage.problems.push_back(name + ": " + what);
  };
  // glibc's backtrace loads its unwinder on the first call, allocating: before any window.
  void* warm[2];
  backtrace(warm, 2);

  // Once unarmed first, so that what the first call makes once (caches, lazily built parts of
  // the puzzles) is made; then the counting run, unarmed.
  const Outcome first = operation();
  if (first.kind != Outcome::Kind::Success) {
    problem("the run without a failing allocation did not succeed: " + first.wrong);
    return coverage;
  }
  resetStacks();
  failAt = 0;
  recording = true;
  const Outcome counted = operation();
  recording = false;
  coverage.allocations = counter;
  if (counted.kind != Outcome::Kind::Success) {
    problem("the run without a failing allocation did not succeed: " + counted.wrong);
    return coverage;
  }
  if (stacksOverflowed) problem("more call stacks than the harness records");
  std::map<std::string, std::uint64_t> firstOfSite;
  std::map<std::uint64_t, std::uint64_t> hashAt;  // first allocation index -> its stack
  std::set<std::uint64_t> expected;
  for (const Stack& stack : stacks) {
    if (stack.hash == 0) continue;
    ++coverage.stacks;
    hashAt[stack.first] = stack.hash;
    const std::string site = siteOf(stack);
    auto [entry, added] = firstOfSite.emplace(site, stack.first);
    if (!added) entry->second = std::min(entry->second, stack.first);
  }
  coverage.sites = firstOfSite.size();

  std::vector<std::uint64_t> targets;
  if (strategy == Strategy::Every) {
    for (std::uint64_t n = 1; n <= coverage.allocations; ++n) targets.push_back(n);
  } else {
    for (const auto& [site, first] : firstOfSite) targets.push_back(first);
    std::sort(targets.begin(), targets.end());
  }

  for (const std::uint64_t n : targets) {
    fired = false;
    failAt = n;
    Outcome outcome;
    try {
      outcome = operation();
    } catch (const std::exception& error) {
      outcome = wrong(std::string("exception escaped: ") + error.what());
    }
    failAt = 0;
    ++coverage.runs;
    const std::string at = "allocation " + std::to_string(n) + " failing" +
                           (fired ? " (at " + siteOf(firedStack) + ")" : "");
    if (fired) {
      ++coverage.failedAllocations;
      if (strategy == Strategy::FirstOfSite && firedHash != hashAt[n]) ++coverage.targetsMissed;
    }
    if (outcome.kind == Outcome::Kind::Wrong) problem(at + ": " + outcome.wrong);
    Outcome after;
    try {
      after = usable();
    } catch (const std::exception& error) {
      after = wrong(std::string("exception escaped: ") + error.what());
    }
    if (after.kind != Outcome::Kind::Success) {
      problem("after " + at + ", the next call: " +
              (after.kind == Outcome::Kind::OutOfMemory ? "out of memory" : after.wrong));
    }
  }
  coverage.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return coverage;
}

std::string summary(const std::string& name, const Coverage& coverage) {
  char line[512];
  std::snprintf(line, sizeof line,
                "%s: %llu allocations, %zu call stacks, %zu engine sites; %llu runs with one "
                "failing (%llu failed as planned, %llu off target), %.1f s",
                name.c_str(), static_cast<unsigned long long>(coverage.allocations),
                coverage.stacks, coverage.sites, static_cast<unsigned long long>(coverage.runs),
                static_cast<unsigned long long>(coverage.failedAllocations),
                static_cast<unsigned long long>(coverage.targetsMissed), coverage.seconds);
  return line;
}

}  // namespace faults

// ---- The replaced allocation functions (every form C++17 declares)

void* operator new(std::size_t size) { return faults::allocate(size, 0, true); }
void* operator new[](std::size_t size) { return faults::allocate(size, 0, true); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return faults::allocate(size, 0, false);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return faults::allocate(size, 0, false);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return faults::allocate(size, static_cast<std::size_t>(alignment), true);
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return faults::allocate(size, static_cast<std::size_t>(alignment), true);
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return faults::allocate(size, static_cast<std::size_t>(alignment), false);
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return faults::allocate(size, static_cast<std::size_t>(alignment), false);
}
void operator delete(void* block) noexcept { std::free(block); }
void operator delete[](void* block) noexcept { std::free(block); }
void operator delete(void* block, std::size_t) noexcept { std::free(block); }
void operator delete[](void* block, std::size_t) noexcept { std::free(block); }
void operator delete(void* block, const std::nothrow_t&) noexcept { std::free(block); }
void operator delete[](void* block, const std::nothrow_t&) noexcept { std::free(block); }
void operator delete(void* block, std::align_val_t) noexcept { std::free(block); }
void operator delete[](void* block, std::align_val_t) noexcept { std::free(block); }
void operator delete(void* block, std::size_t, std::align_val_t) noexcept { std::free(block); }
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept { std::free(block); }
void operator delete(void* block, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(block);
}
void operator delete[](void* block, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(block);
}

// Engine code's malloc and aligned_alloc (the kernel's table memory), failable like new.
extern "C" void* __wrap_malloc(std::size_t size) {
  return faults::failNow() ? nullptr : __real_malloc(size);
}
extern "C" void* __wrap_aligned_alloc(std::size_t alignment, std::size_t size) {
  return faults::failNow() ? nullptr : __real_aligned_alloc(alignment, size);
}
