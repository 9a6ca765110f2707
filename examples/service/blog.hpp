// The service example's model: a small blog. The structs are plain aggregates (prism describes them by itself);
// the two API versions are views, which state only how each differs from the structs.
#pragma once

#include <prism/prism.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace blog {

struct comment {
  std::uint64_t id = 0;
  std::string author;
  std::string body;
};

struct post {
  std::uint64_t id = 0;
  std::string title;
  std::string body;
  std::string author;
  std::chrono::sys_seconds created_at{};  // written as RFC 3339 text unless a view says otherwise
  std::vector<std::string> tags;
  std::vector<comment> comments;
};

/// One page of a collection; put through the chosen view, so its keys follow the version's naming too.
struct page_meta {
  std::uint64_t total_entries = 0;
  std::uint64_t total_pages = 0;
  std::uint64_t page = 0;
  std::uint64_t per_page = 0;
};

// Version 1: snake_case, times as seconds since 1970 (what its first clients parsed).
struct v1 : prism::view {
  static constexpr auto naming = prism::snake_case;
  static constexpr std::string_view name = "1";  // what one_of::named looks for (Accept-Version: 1)
};
// Version 2: camelCase, RFC 3339 times, "content" for the body, a comment count instead of the comments.
struct v2 : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr std::string_view name = "2";
};

constexpr auto prism_view(prism::type_t<post>, v1) {
  return prism::changes(prism::represent("created_at", prism::epoch_seconds));
}
constexpr auto prism_view(prism::type_t<post>, v2) {
  return prism::changes(prism::rename("body", "content"), prism::omit("comments"),
                        prism::omit("tags", prism::when_empty),
                        prism::computed<post>("comment_count", [](const post& p) { return p.comments.size(); }));
}

/// The version a request asked for; one call through it runs the code compiled for that version.
using api = prism::one_of<v1, v2>;

// ---- deterministic data ------------------------------------------------------------------------------------

/// splitmix64: the same numbers on every machine and library (std:: distributions are not portable).
constexpr std::uint64_t mix(std::uint64_t x) noexcept {
  x += 0x9E3779B97F4A7C15u;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
  return x ^ (x >> 31);
}

/// Post number `n` (from 1) of the blog seeded with `seed`: made from (seed, n) alone, so a stream can make post
/// 10,000,000 without the 9,999,999 before it.
inline post make_post(std::uint64_t seed, std::uint64_t n) {
  static constexpr std::string_view authors[] = {"Ada Lovelace", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov",
                                                 "Donald Knuth", "Frances Allen", "Ken Thompson", "Zoë Brown"};
  static constexpr std::string_view topics[] = {"views", "sinks", "streams", "errors", "builders", "numbers",
                                                "strings", "records", "versions", "buffers"};
  static constexpr std::string_view sentences[] = {
      "A view states only how one API version differs from the model.",
      "The writer puts bytes straight into the sink it was given.",
      "Nothing here builds a document tree before writing it.",
      "Errors name the path, the line and the column of the bad value.",
      "Old clients keep reading the shape they were written against.",
      "Reading rejects what it does not know when it is told to.",
      "A \"chunk\" is whatever the buffer held when it filled up.",
      "Memory stays flat however long the response grows.",
  };
  std::uint64_t r = mix(seed ^ mix(n));
  auto next = [&](std::size_t bound) {
    r = mix(r);
    return static_cast<std::size_t>(r % bound);
  };
  post p;
  p.id = n;
  std::string_view topic = topics[next(std::size(topics))];
  p.title = "Notes on " + std::string(topic) + ", part " + std::to_string(n);
  // sentences and tags from a start and a step prime to the list's length (odd for 8, 3 for 10): none twice
  for (std::size_t i = 0, k = 2 + next(4), at = next(8), step = 1 + 2 * next(4); i < k; ++i) {
    if (i != 0) p.body += ' ';
    p.body += sentences[(at + i * step) % std::size(sentences)];
  }
  p.author = authors[next(std::size(authors))];
  // 2024-01-01T00:00:00Z plus about 4.6 days a post, at a whole second
  p.created_at = std::chrono::sys_seconds(std::chrono::seconds(1704067200 + n * 400000 + next(86400)));
  for (std::size_t i = 0, k = next(4), at = next(10); i < k; ++i)
    p.tags.emplace_back(topics[(at + i * 3) % std::size(topics)]);
  for (std::size_t i = 0, k = next(3); i < k; ++i)
    p.comments.push_back({n * 10 + i, std::string(authors[next(std::size(authors))]),
                          std::string(sentences[next(std::size(sentences))])});
  return p;
}

}  // namespace blog
