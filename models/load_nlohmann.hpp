// Fills the typed models from files parsed by nlohmann::json, for the demo and the benchmarks until prism
// reads JSON itself. Generic over prism's own reflection, so no model is described twice.
#pragma once

#include <prism/prism.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>

namespace models {

template <class T>
void load(const nlohmann::json& j, T& out) {
  constexpr prism::kind k = prism::kind_of<T>;
  if constexpr (k == prism::kind::boolean || k == prism::kind::integer || k == prism::kind::floating ||
                std::is_same_v<T, std::string>) {
    out = j.get<T>();
  } else if constexpr (k == prism::kind::optional) {
    if (j.is_null()) out.reset();
    else load(j, out.emplace());
  } else if constexpr (k == prism::kind::sequence) {
    if constexpr (requires { out.push_back(out[0]); }) {
      out.clear();
      for (const auto& e : j) load(e, out.emplace_back());
    } else {  // std::array
      if (j.size() != out.size()) throw std::runtime_error("array of the wrong size");
      for (std::size_t i = 0; i < out.size(); ++i) load(j[i], out[i]);
    }
  } else if constexpr (k == prism::kind::record) {
    prism::detail::visit_members(out, [&](auto&... field) {
      std::size_t i = 0;
      auto one = [&](auto& f) {
        const auto& key = prism::detail::field_names<T>[i++];
        auto it = j.find(std::string(key));
        if (it != j.end()) load(*it, f);
      };
      (one(field), ...);
    });
  } else {
    static_assert(k == prism::kind::record, "models::load: add this kind when a model needs it");
  }
}

/// Parses the file at `path` and fills a T from it.
template <class T>
T load_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  T out{};
  load(nlohmann::json::parse(ss.str()), out);
  return out;
}

}  // namespace models
