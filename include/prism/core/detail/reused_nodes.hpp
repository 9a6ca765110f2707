// prism: reading into an ordered map or set that already holds elements reuses their nodes.
#pragma once

#include <type_traits>
#include <utility>

namespace prism::detail {

/// Empties a container a reader is about to fill. An ordered map or set (std::map, std::set and their multi forms)
/// allocates a node per element: its nodes are kept here, and each element read takes one rather than a new
/// allocation, so reading into a reused container of as many elements allocates nothing. Other containers are
/// cleared (a vector keeps its storage anyway). What is left over is freed with this object.
template <class C>
class reused_nodes {
 public:
  /// Ordered node-based containers: a node can be taken out, and moving the container moves its nodes, not them.
  static constexpr bool reuses = requires(C& c) {
    c.extract(c.begin());
    c.key_comp();
  };

  explicit reused_nodes(C& out) {
    if constexpr (reuses) spare_ = std::move(out);
    out.clear();
  }

  /// Adds an element (a set's or a sequence's) after those added before: at the end, a hint that makes ordered input
  /// take constant time.
  template <class V>
  void add(C& out, V&& value) {
    if constexpr (reuses) {
      if (!spare_.empty()) {
        auto node = spare_.extract(spare_.begin());
        node.value() = std::forward<V>(value);
        out.insert(out.end(), std::move(node));  // a repeated element stays in the node, freed with it
        return;
      }
    }
    if constexpr (requires { out.push_back(std::forward<V>(value)); }) out.push_back(std::forward<V>(value));
    else if constexpr (reuses) out.insert(out.end(), std::forward<V>(value));
    else out.insert(std::forward<V>(value));
  }

  /// Adds a map's pair after those added before; of a repeated key, the last value stays. Returns where it is.
  template <class K, class V>
  auto add(C& out, K&& key, V&& value) {
    if constexpr (reuses) {
      if (!spare_.empty()) {
        auto node = spare_.extract(spare_.begin());
        node.key() = std::forward<K>(key);
        node.mapped() = std::forward<V>(value);
        auto it = out.insert(out.end(), std::move(node));
        if (!node.empty()) it->second = std::move(node.mapped());  // the key was there: a multimap never says so
        return it;
      }
    }
    if constexpr (requires { out.insert_or_assign(out.end(), std::forward<K>(key), std::forward<V>(value)); })
      return out.insert_or_assign(out.end(), std::forward<K>(key), std::forward<V>(value));
    else
      return out.emplace(std::forward<K>(key), std::forward<V>(value));
  }

 private:
  struct none {};
  [[no_unique_address]] std::conditional_t<reuses, C, none> spare_;
};

}  // namespace prism::detail
