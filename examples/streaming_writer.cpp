// The low-level streaming writer: any JSON shape by hand, straight into a sink. The typed writer uses
// this same class, so hand-written parts and typed values mix freely.
#include <prism/prism.hpp>

#include <cstdio>
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
  w.end_object();

  // Debug builds also report misuse here (a value where a key belongs, unbalanced ends).
  auto n = w.finish();
  if (!n) {
    std::fprintf(stderr, "%s\n", n.error().message().c_str());
    return 1;
  }
  std::printf("%s\n", out.c_str());
}
