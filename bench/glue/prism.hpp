// prism's binary format: aggregates and standard containers need nothing (the trees: prism_trees.hpp).
#pragma once

#include <prism/prism.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "glue.hpp"

namespace binglue {
namespace {

struct prism_lib {
  static constexpr const char* name = "prism";
  std::vector<std::byte> out;
  template <class T>
  const void* write(const T& v, std::size_t& size) {
    out.clear();
    if (!prism::bin::write(v, out)) die("prism: write failed");
    size = out.size();
    return out.data();
  }
  template <class T>
  T read(const std::string& bytes) {
    auto r = prism::bin::read<T>(std::string_view(bytes));
    if (!r) die("prism: " + r.error().message());
    return std::move(*r);
  }
};

}  // namespace
}  // namespace binglue
