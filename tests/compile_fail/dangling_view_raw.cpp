// expect: prism: this type holds std::string_view or const char\* text, which would point into a temporary
// errors: 1
#include <prism/prism.hpp>

#include <string>

// A raw_view points into the text it was read from: a temporary string is gone when read returns.
struct webhook {
  prism::json::raw_view payload;
};

std::string body() { return R"({"payload": {"a": 1}})"; }

int main() { (void)prism::json::read<webhook>(body()); }
