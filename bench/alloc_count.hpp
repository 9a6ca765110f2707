// Counts heap allocations made by the calling thread: every operator new and every malloc, calloc and
// realloc (RapidJSON's CrtAllocator grows its buffers with realloc). The replacements live in alloc_count.cpp.
#pragma once

#include <cstddef>

namespace bench {

/// Allocations made by this thread so far.
std::size_t allocations() noexcept;

/// Checks that the counter sees operator new, malloc, calloc, realloc and a std::string growing; aborts
/// with a message otherwise, so an "allocs/doc" of 0 can be trusted.
void check_allocation_counter();

}  // namespace bench
