// Counts heap allocations made by the calling thread: every operator new and every malloc, calloc and
// realloc (RapidJSON's CrtAllocator grows its buffers with realloc), and on request the peak of heap bytes held.
// The replacements live in alloc_count.cpp.
#pragma once

#include <cstddef>

namespace bench {

/// Allocations made by this thread so far.
std::size_t allocations() noexcept;

/// Bytes this thread has asked the allocator for so far (every request's size, freed or not).
std::size_t allocated_bytes() noexcept;

/// Allocations and bytes allocated by this thread since the meter was made.
struct alloc_meter {
  std::size_t allocs0 = allocations(), bytes0 = allocated_bytes();
  std::size_t allocs() const noexcept { return allocations() - allocs0; }
  std::size_t bytes() const noexcept { return allocated_bytes() - bytes0; }
};

/// The most heap bytes this thread held at once since the window opened, beyond what it held before (blocks as
/// malloc_usable_size counts them). One window at a time.
class heap_window {
 public:
  heap_window() noexcept;
  ~heap_window();
  heap_window(const heap_window&) = delete;
  heap_window& operator=(const heap_window&) = delete;
  std::size_t peak() const noexcept;
};

/// Checks that the counter sees operator new, malloc, calloc, realloc and a std::string growing; aborts
/// with a message otherwise, so an "allocs/doc" of 0 can be trusted.
void check_allocation_counter();

}  // namespace bench
