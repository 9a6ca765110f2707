// The models of the binary benchmark, after the tests of seed paper 002 (cereal_fwd): an IntegerClass of ten int32,
// vectors of it, vectors of int32 and float, maps of int32 to int32, and full binary trees through unique_ptr, through
// shared_ptr children with weak_ptr parents, and through unique_ptr to a polymorphic base with one derived type per
// level. One set of plain C++ types; each library is taught them its own way (prism needs nothing for aggregates).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <vector>

namespace binmodel {

struct integers {
  std::int32_t a, b, c, d, e, f, g, h, i, j;
  bool operator==(const integers&) const = default;
};

/// Ten int32 uniform over the whole range, or normal(0, 127) (small: what varints are for).
inline integers make_integers(std::mt19937& rng, bool small) {
  std::uniform_int_distribution<std::int32_t> uniform(INT32_MIN, INT32_MAX);
  std::normal_distribution<double> normal(0, 127);
  auto next = [&] { return small ? static_cast<std::int32_t>(normal(rng)) : uniform(rng); };
  return {next(), next(), next(), next(), next(), next(), next(), next(), next(), next()};
}

struct unode {
  std::int32_t value = 0;
  std::unique_ptr<unode> left, right;
};

struct snode {
  std::int32_t value = 0;
  std::shared_ptr<snode> left, right;
  std::weak_ptr<snode> parent;
};

/// A polymorphic tree: the node at depth L is a pnode_at<L>.
struct pnode {
  virtual ~pnode() = default;
  virtual int level() const { return -1; }
  std::int32_t value = 0;
  std::unique_ptr<pnode> left, right;
};
template <int L>
struct pnode_at : pnode {
  int level() const override { return L; }
  std::int32_t extra = L;
};

inline constexpr int tree_depth = 9;

inline std::unique_ptr<unode> make_unique_tree(int depth, std::int32_t& next) {
  auto n = std::make_unique<unode>();
  n->value = next++;
  if (depth > 1) {
    n->left = make_unique_tree(depth - 1, next);
    n->right = make_unique_tree(depth - 1, next);
  }
  return n;
}

inline std::shared_ptr<snode> make_shared_tree(int depth, std::int32_t& next, const std::shared_ptr<snode>& parent) {
  auto n = std::make_shared<snode>();
  n->value = next++;
  n->parent = parent;
  if (depth > 1) {
    n->left = make_shared_tree(depth - 1, next, n);
    n->right = make_shared_tree(depth - 1, next, n);
  }
  return n;
}

template <int L = 0>
std::unique_ptr<pnode> make_poly_tree(std::int32_t& next) {
  auto n = std::make_unique<pnode_at<L>>();
  n->value = next++;
  if constexpr (L + 1 < tree_depth) {
    n->left = make_poly_tree<L + 1>(next);
    n->right = make_poly_tree<L + 1>(next);
  }
  return n;
}

/// Frees a shared tree (its weak parents do not keep it alive; this only resets the root).
struct shared_tree {
  std::shared_ptr<snode> root;
};

}  // namespace binmodel
