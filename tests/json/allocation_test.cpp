// Writing into a fixed-buffer, file-descriptor or counting sink performs no heap allocation at all:
// operator new and malloc are both counted here.
#include <prism/prism.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <fcntl.h>
#include <new>
#include <unistd.h>

namespace {
std::atomic<long> allocations{0};
}

// The replacements below pair malloc with free on purpose; g++ cannot see that operator new is ours.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t n) {
  ++allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

// malloc itself is interposed where the platform allows it; sanitizers bring their own allocator.
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_UNDEFINED__)
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define PRISM_NO_MALLOC_HOOK
#endif
#endif
#ifndef PRISM_NO_MALLOC_HOOK
#define PRISM_COUNTS_MALLOC 1
extern "C" {
void* __libc_malloc(std::size_t);
void* __libc_calloc(std::size_t, std::size_t);
void* __libc_realloc(void*, std::size_t);
void* malloc(std::size_t n) {
  ++allocations;
  return __libc_malloc(n);
}
void* calloc(std::size_t a, std::size_t b) {
  ++allocations;
  return __libc_calloc(a, b);
}
void* realloc(void* p, std::size_t n) {
  ++allocations;
  return __libc_realloc(p, n);
}
}
#endif
#endif

namespace {

enum class status { active, retired };
struct part {
  std::string name;
  double weight;
  std::optional<int> stock;
  status state;
};
struct order {
  std::uint64_t id;
  std::vector<part> parts;
  std::map<std::string, std::int32_t> counts;
  std::variant<std::monostate, int, std::string> note;
  std::chrono::system_clock::time_point at;
  std::vector<std::byte> blob;
  std::unique_ptr<part> spare;
  std::tuple<int, bool> pair;
};

order make_order() {
  order o{};
  o.id = 18446744073709551615ull;
  for (int i = 0; i < 200; ++i)
    o.parts.push_back({"part \"" + std::to_string(i) + "\" \xE2\x82\xAC", i * 1.1, i % 3 ? std::optional<int>(i) : std::nullopt,
                       i % 2 ? status::active : status::retired});
  o.counts = {{"a", 1}, {"b\n", 2}};
  o.note = std::string("urgent");
  o.at = std::chrono::system_clock::time_point{std::chrono::nanoseconds{1'700'000'000'123'456'789}};
  o.blob.assign(100, std::byte{0xAB});
  o.spare = std::make_unique<part>(part{"spare", 0.5, 1, status::active});
  return o;
}

template <class F>
long allocations_during(F&& f) {
  long before = allocations.load();
  f();
  return allocations.load() - before;
}

// Reading into a reused ordered map or set takes the nodes it holds, in both formats: as many elements as before
// cost no allocation, more cost one each, and what is read is what a fresh object gets.
struct index {
  std::map<std::int32_t, double> by_id;
  std::set<std::int64_t> seen;
  std::multimap<std::int32_t, std::int32_t> links;
  bool operator==(const index&) const = default;
};

index make_index(int n, int salt) {
  index x;
  for (int i = 0; i < n; ++i) {
    x.by_id[i * salt] = i * 0.5;
    x.seen.insert(std::int64_t{i} * salt - 7);
    x.links.emplace(i % 7, i * salt);
  }
  return x;
}

TEST(Allocation, ReadingIntoReusedMapsAndSetsTakesTheirNodes) {
  const index old = make_index(100, 3), next = make_index(100, -5), smaller = make_index(40, 2), larger = make_index(130, 1);
  const long unit = allocations_during([] { delete new int(1); });  // 2 where malloc is counted too
  for (const index* source : {&next, &smaller, &larger}) {
    const std::string text = prism::json::to_string(*source).value();
    const std::vector<std::byte> bytes = prism::bin::to_bytes(*source).value();
    const long more = static_cast<long>(source->by_id.size() + source->seen.size() + source->links.size()) - 300;
    index target = old;
    long n = allocations_during([&] { ASSERT_TRUE(prism::json::read_into(text, target)); });
    EXPECT_EQ(n, unit * std::max(more, 0L)) << source->by_id.size() << " elements a container, JSON";
    EXPECT_EQ(target, *source);
    target = old;
    n = allocations_during([&] { ASSERT_TRUE(prism::bin::read_into(bytes, target)); });
    EXPECT_EQ(n, unit * std::max(more, 0L)) << source->by_id.size() << " elements a container, binary";
    EXPECT_EQ(target, *source);
  }
  // A repeated key in JSON: the last value stays, in a reused node as in a new one.
  index target = old;
  ASSERT_TRUE(prism::json::read_into(R"({"by_id":{"1":1.5,"2":2,"1":3},"seen":[4,4,-1],"links":{"1":1,"1":2}})", target));
  EXPECT_EQ(target.by_id, (std::map<std::int32_t, double>{{1, 3.0}, {2, 2.0}}));
  EXPECT_EQ(target.seen, (std::set<std::int64_t>{-1, 4}));
  EXPECT_EQ(target.links, (std::multimap<std::int32_t, std::int32_t>{{1, 1}, {1, 2}}));
}

TEST(Allocation, CountersSeeAllocations) {
  // proves the counters work, so the zeros below mean something
  EXPECT_GE(allocations_during([] { auto s = std::make_unique<std::string>(100, 'x'); }), 1);
#ifdef PRISM_COUNTS_MALLOC
  EXPECT_GE(allocations_during([] { std::free(std::malloc(10)); }), 1);
#endif
}

TEST(Allocation, FixedSinkAllocatesNothing) {
  order o = make_order();
  char buf[64];
  std::size_t total = 0;
  long n = allocations_during([&] {
    prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view c) {
      total += c.size();
      return true;
    });
    ASSERT_TRUE(prism::json::write(o, sink).has_value());
    ASSERT_TRUE(prism::json::write(o, sink, {.indent = 2}).has_value());
  });
  EXPECT_EQ(n, 0);
  EXPECT_GT(total, 10000u);
}

TEST(Allocation, BinaryIntoAFixedSinkAllocatesNothing) {
  order o = make_order();
  char buf[64];
  std::size_t total = 0;
  long n = allocations_during([&] {
    prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view c) {
      total += c.size();
      return true;
    });
    ASSERT_TRUE(prism::bin::write(o, sink).has_value());
  });
  EXPECT_EQ(n, 0);
  EXPECT_GT(total, 3000u);
  std::vector<std::byte> whole = prism::bin::to_bytes(o).value();
  EXPECT_EQ(whole.size(), total);
}

TEST(Allocation, FileDescriptorSinkAllocatesNothing) {
  order o = make_order();
  int fd = ::open("/dev/null", O_WRONLY);
  ASSERT_GE(fd, 0);
  long n = allocations_during([&] {
    prism::io::fd_sink sink(prism::io::fd_writer{fd});
    ASSERT_TRUE(prism::json::write(o, sink).has_value());
  });
  ::close(fd);
  EXPECT_EQ(n, 0);
}

// The builder writes keys from the caller's text and values through the typed writer: nothing allocated, with
// every kind of call in it, compact and pretty, into a 64-byte buffer and into a file descriptor.
TEST(Allocation, BuilderAllocatesNothing) {
  order o = make_order();
  const std::string long_key(100, 'k');
  auto build = [&](auto& b) {
    b.put("id", o.id).put("key \"quoted\"", 1).put(long_key, true).put_fields(o, "parts", "counts", "note");
    b.put_unless_null("spare", o.spare).put_unless_empty("blob", o.blob).put_if(true, "at", o.at);
    b.object("nested", [&](auto& n) { n.object("deeper", [&](auto& d) { d.put("pair", o.pair); }); });
    b.objects("parts_by_hand", o.parts, [](auto& p, const part& x, std::size_t i) { p.put("name", x.name).put("i", i); });
    b.array("weights", o.parts, [](auto& a, const part& x) { a.value(x.weight).array([](auto&) {}); });
  };
  char buf[64];
  std::size_t total = 0;
  int fd = ::open("/dev/null", O_WRONLY);
  ASSERT_GE(fd, 0);
  long n = allocations_during([&] {
    prism::io::fixed_sink sink(std::span<char>(buf), [&](std::string_view c) {
      total += c.size();
      return true;
    });
    ASSERT_TRUE(prism::json::build_object(sink, build).has_value());
    ASSERT_TRUE(prism::json::build_object(sink, build, {.indent = 2}).has_value());
    prism::io::fd_sink file(prism::io::fd_writer{fd});
    ASSERT_TRUE(prism::json::build_object(file, build).has_value());
  });
  ::close(fd);
  EXPECT_EQ(n, 0);
  EXPECT_GT(total, 20000u);
}

TEST(Allocation, CountingSinkAllocatesNothing) {
  order o = make_order();
  std::size_t size = 0;
  long n = allocations_during([&] {
    prism::io::counting_sink counter;
    size = prism::json::write(o, counter).value();
  });
  EXPECT_EQ(n, 0);
  EXPECT_EQ(size, prism::json::to_string(o).value().size());
}

}  // namespace
