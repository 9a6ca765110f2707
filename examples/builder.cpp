// The builder: any JSON shape written as ordinary code, straight into the output, with typed values mixed in.
// Serializers are plain functions the caller picks (here, per API version); they compose, and each writes through
// whatever sink it is given. These are the examples of the ToJson README (a Ruby serializer DSL), in C++.
#include <prism/prism.hpp>

#include <cstdint>
#include <cstdio>
#include <ranges>
#include <string>
#include <string_view>
#include <vector>

namespace blog {

struct author {
  std::string first_name;
  std::string last_name;
  std::string email;
};

struct comment {
  std::string body;
  std::string by;
};

struct post {
  std::uint64_t id = 0;
  std::string title;
  std::string body;
  author by;
  std::vector<comment> comments;
  std::int64_t created_at = 0;  // seconds since 1970
  bool large = false;
};

/// A page of a collection, as an ORM's paginator would hand it over.
struct page {
  std::vector<post> posts;
  int current_page = 1;
  int total_pages = 1;
  int total_entries = 0;
};

// Two API versions of the same types; the caller picks one per request.
struct v1 : prism::view {
  static constexpr std::string_view name = "1";
};
struct v2 : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr std::string_view name = "2";
};
using api = prism::one_of<v1, v2>;

std::string fullname(const author& a) { return a.first_name + " " + a.last_name; }
std::string url_for(int page) { return "/posts?page=" + std::to_string(page); }

// ---- serializers: functions over any object builder, composed by calling each other ----

void put_comments(auto& o, const post& p) {
  o.objects("comments", p.comments, [](auto& c, const comment& cm) { c.put_fields(cm, "body", "by"); });
}

/// A post: selected fields (one renamed), a helper's output, a nested serializer, and a field only small posts have.
void put_post(auto& o, const post& p) {
  o.put_fields(p, "id", "title", prism::rename("created_at", "post_date"));
  o.put_if(!p.large, "body", p.body);  // the body of a large post is fetched on its own
  o.put("author", fullname(p.by));
  put_comments(o, p);
}

/// A page of posts with its meta object and HAL links: previous and next only where there is one.
void put_page(auto& o, const page& pg) {
  o.object("meta", [&](auto& m) {
    m.put("total_entries", pg.total_entries);
    m.put("total_pages", pg.total_pages);
  });
  o.objects("collection", pg.posts, [](auto& item, const post& p) { put_post(item, p); });
  o.object("_links", [&](auto& links) {
    auto link = [&](const char* rel, int target) { links.object(rel, [&](auto& l) { l.put("href", url_for(target)); }); };
    link("self", pg.current_page);
    link("first", 1);
    if (pg.current_page > 1) link("previous", pg.current_page - 1);
    if (pg.current_page < pg.total_pages) link("next", pg.current_page + 1);
    link("last", pg.total_pages);
  });
}

}  // namespace blog

int main() {
  using namespace blog;
  const post hello{1, "Hello", "First post.", {"Ada", "Lovelace", "ada@example.com"}, {{"Welcome!", "Charles"}, {"Nice.", "Mary"}},
                   1700000000, false};
  const post essay{2, "Notes", "A long essay...", {"Ada", "Lovelace", "ada@example.com"}, {}, 1700086400, true};
  int failures = 0;
  auto print = [&](const char* what, prism::result<std::size_t> r, const std::string& out) {
    if (!r) {
      std::printf("%s: %s\n", what, r.error().message().c_str());
      ++failures;
      return;
    }
    std::printf("%s:\n%s\n", what, out.c_str());
  };

  // A post nested under "post", written compact into a string.
  std::string out;
  print("post", prism::json::build_object(out, [&](auto& o) { o.object("post", [&](auto& p) { put_post(p, hello); }); }),
        out);

  // Page 2 of 3, pretty: meta, the collection, and HAL links with previous and next.
  out.clear();
  const page second{{hello, essay}, 2, 3, 6};
  print("page 2", prism::json::build_object(out, [&](auto& o) { put_page(o, second); }, {.indent = 2}), out);

  // Arrays: literal values, an object among them, arrays of arrays, and an element per item of a range.
  out.clear();
  print("arrays", prism::json::build_array(out, [&](auto& a) {
          a.value("one").value(2).object([](auto& o) { o.put("label", "three"); });
          a.array([](auto& inner) { inner.value("a").value("b").value("b"); });
          a.array([](auto& inner) { inner.values(std::views::iota(1, 4)); });
          a.array([](auto& inner) {
            for (int count = 1; count <= 3; ++count)
              for (int i = 0; i < count; ++i) inner.value("item " + std::to_string(count));
          });
          a.array(hello.comments, [](auto& emails, const comment& c, std::size_t i) { emails.value(std::to_string(i) + ": " + c.by); });
        }), out);

  // Typed values (every field of the author) through the API version a request asks for; then a document straight
  // into stdout through a FILE*.
  for (const char* version : {"1", "2"}) {
    out.clear();
    const api chosen = api::named(version).value();
    print(version, prism::json::build_object(out, chosen, [&](auto& o) {
            o.put("author", hello.by).put_fields(hello, "created_at");
          }), out);
  }
  auto r = prism::json::build_object(stdout, [&](auto& o) { o.put("streamed", true).put("posts", 2); });
  std::printf("\n");
  if (!r) ++failures;
  return failures;
}
