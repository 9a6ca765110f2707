// The allocation counter of the benchmark binary. operator new goes straight to glibc's allocator so that
// one new counts once; malloc, calloc and realloc are interposed (this executable's definitions win over
// libc's for every shared library, libstdc++ and libbenchmark included). The count is thread-local: a plain
// increment, no atomic, so counting costs the allocating libraries next to nothing.
#include "alloc_count.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <malloc.h>
#include <new>
#include <string>

#if !defined(__GLIBC__)
#error "the benchmark's allocation counter interposes glibc's malloc"
#endif

namespace {
thread_local std::size_t tl_allocations = 0, tl_bytes = 0;
// Heap bytes, tracked only inside a bench::heap_window (malloc_usable_size costs a little on every call):
// what is live now counting from the window's start, and the most it reached.
thread_local bool tl_tracking = false;
thread_local long long tl_live = 0, tl_peak = 0;

void* tracked(void* p) noexcept {
  if (tl_tracking && p) {
    tl_live += static_cast<long long>(malloc_usable_size(p));
    if (tl_live > tl_peak) tl_peak = tl_live;
  }
  return p;
}
}  // namespace

extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* __libc_memalign(std::size_t, std::size_t);
void __libc_free(void*);

void* malloc(std::size_t n) {
  ++tl_allocations;
  tl_bytes += n;
  return tracked(__libc_malloc(n));
}
void* calloc(std::size_t a, std::size_t b) {
  ++tl_allocations;
  tl_bytes += a * b;
  return tracked(__libc_calloc(a, b));
}
void* realloc(void* p, std::size_t n) {
  ++tl_allocations;
  tl_bytes += n;
  if (tl_tracking && p) tl_live -= static_cast<long long>(malloc_usable_size(p));
  return tracked(__libc_realloc(p, n));
}
void free(void* p) {
  if (tl_tracking && p) tl_live -= static_cast<long long>(malloc_usable_size(p));
  __libc_free(p);
}
}

// Memory from __libc_malloc is released by free() (replaced above only to track heap bytes).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace {
void* counted_new(std::size_t n) {
  ++tl_allocations;
  tl_bytes += n;
  if (void* p = tracked(__libc_malloc(n ? n : 1))) return p;
  throw std::bad_alloc();
}
void* counted_new_aligned(std::size_t n, std::align_val_t a) {
  ++tl_allocations;
  tl_bytes += n;
  std::size_t align = static_cast<std::size_t>(a);
  if (void* p = tracked(__libc_memalign(align, n ? n : 1))) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t n) { return counted_new(n); }
void* operator new[](std::size_t n) { return counted_new(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  ++tl_allocations;
  tl_bytes += n;
  return tracked(__libc_malloc(n ? n : 1));
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  ++tl_allocations;
  tl_bytes += n;
  return tracked(__libc_malloc(n ? n : 1));
}
void* operator new(std::size_t n, std::align_val_t a) { return counted_new_aligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted_new_aligned(n, a); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }

namespace bench {

std::size_t allocations() noexcept { return tl_allocations; }
std::size_t allocated_bytes() noexcept { return tl_bytes; }

heap_window::heap_window() noexcept {
  tl_live = tl_peak = 0;
  tl_tracking = true;
}
std::size_t heap_window::peak() const noexcept { return static_cast<std::size_t>(tl_peak); }
heap_window::~heap_window() { tl_tracking = false; }

void check_allocation_counter() {
  auto expect = [](const char* what, std::size_t before, std::size_t want) {
    std::size_t got = allocations() - before;
    if (got != want) {
      std::fprintf(stderr, "allocation counter broken: %s counted %zu allocations, expected %zu\n", what, got, want);
      std::abort();
    }
  };
  std::size_t n = allocations();
  void* p = ::operator new(24);
  benchmark::DoNotOptimize(p);
  ::operator delete(p);
  expect("operator new", n, 1);

  n = allocations();
  void* m = std::malloc(24);
  benchmark::DoNotOptimize(m);
  expect("malloc", n, 1);
  n = allocations();
  m = std::realloc(m, 4096);
  benchmark::DoNotOptimize(m);
  expect("realloc", n, 1);
  std::free(m);

  n = allocations();
  void* c = std::calloc(4, 8);
  benchmark::DoNotOptimize(c);
  std::free(c);
  expect("calloc", n, 1);

  n = allocations();
  std::size_t bytes = allocated_bytes();
  std::string s(1000, 'x');  // past the small-string buffer: one allocation
  benchmark::DoNotOptimize(s.data());
  expect("std::string(1000, 'x')", n, 1);
  if (allocated_bytes() - bytes != 1001) {
    std::fprintf(stderr, "allocated bytes broken: std::string(1000, 'x') counted %zu bytes, expected 1001\n",
                 allocated_bytes() - bytes);
    std::abort();
  }

  std::size_t peak = 0;
  {
    heap_window window;
    { std::string a(1000, 'a'); benchmark::DoNotOptimize(a.data()); }
    std::string b(2000, 'b');  // a's block freed first: the peak is b's alone
    benchmark::DoNotOptimize(b.data());
    peak = window.peak();
  }
  if (peak < 2001 || peak >= 3001) {
    std::fprintf(stderr, "heap peak broken: %zu bytes for one 2001-byte block after a freed 1001-byte one\n", peak);
    std::abort();
  }
}

}  // namespace bench
