// The low-level streaming writer: any JSON shape by hand, straight into a sink. The typed writer uses
// this same class, so hand-written parts and typed values mix freely.
#include <prism/prism.hpp>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <string>

struct item {
  int n;
};

int main() {
  std::string out;
  prism::io::container_sink sink(out);
  prism::json::writer w(sink);

  w.begin_object();
  w.key("page");
  w.value(1);
  w.key("items");
  w.begin_array();
  for (int i = 0; i < 3; ++i) prism::json::write_value(w, item{i});  // a typed value inside
  w.end_array();
  w.key("next");
  w.value("/items?page=2");

  // Many small tokens in a row through one cursor: the separators by hand, room checked in registers.
  w.key("bbox");
  auto c = w.begin_tokens(1);  // the separator this value needs, then room for '['
  *c.pos++ = '[';
  bool first = true;
  for (int v : {0, 0, 640, 480}) {
    c = w.room(c, 12);  // a comma and an int
    if (!first) *c.pos++ = ',';
    c.pos = std::to_chars(c.pos, c.end, v).ptr;
    first = false;
  }
  c = w.room(c, 1);
  *c.pos++ = ']';
  w.end_tokens(c);

  // An object's members through one cursor (as the typed writer writes records): keys and commas by hand, a
  // string escaped by put_string(), and a value handed back to the writer right after its key.
  w.key("owner");
  w.begin_object();
  c = w.tokens();
  c = w.room(c, 7);
  std::memcpy(c.pos, "\"name\":", 7);
  c.pos += 7;
  c = w.put_string(c, "Ada \"the first\"");
  c = w.room(c, 8);
  std::memcpy(c.pos, ",\"item\":", 8);
  c.pos += 8;
  w.end_tokens_before_value(c);
  prism::json::write_value(w, item{7});
  w.end_object();
  w.end_object();

  // Debug builds also report misuse here (a value where a key belongs, unbalanced ends).
  auto n = w.finish();
  if (!n) {
    std::fprintf(stderr, "%s\n", n.error().message().c_str());
    return 1;
  }
  std::printf("%s\n", out.c_str());
}
