// prism: a pool of interned strings that the caller owns. Readers put the text of std::string_view and C string
// fields here, so those fields outlive the input and repeated values are stored once.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace prism {

/// Distinct strings, each stored once, NUL-terminated, at a stable address until clear() or destruction.
///   prism::string_pool pool;
///   auto r = prism::json::read<Log>(text, {.strings = &pool});  // r->host views pool memory, not text
/// Not thread-safe: one pool per reading thread, or a lock around the reads that share one.
class string_pool {
 public:
  string_pool() = default;
  string_pool(const string_pool&) = delete;
  string_pool& operator=(const string_pool&) = delete;

  /// The pooled copy of s: the same view for equal texts. The view's data() is followed by a NUL.
  std::string_view intern(std::string_view s) {
    if (auto it = index_.find(s); it != index_.end()) return *it;
    std::size_t need = s.size() + 1;
    if (static_cast<std::size_t>(end_ - pos_) < need) {
      std::size_t size = std::max(need, block_size);
      blocks_.push_back(std::make_unique_for_overwrite<char[]>(size));
      pos_ = blocks_.back().get();
      end_ = pos_ + size;
    }
    if (!s.empty()) std::memcpy(pos_, s.data(), s.size());
    pos_[s.size()] = '\0';
    std::string_view stored(pos_, s.size());
    pos_ += need;
    bytes_ += need;
    index_.insert(stored);
    return stored;
  }

  /// Number of distinct strings held.
  std::size_t size() const noexcept { return index_.size(); }
  /// Bytes of text held, NULs included.
  std::size_t bytes() const noexcept { return bytes_; }

  /// Forgets every string; views handed out before dangle.
  void clear() noexcept {
    index_.clear();
    blocks_.clear();
    pos_ = end_ = nullptr;
    bytes_ = 0;
  }

 private:
  static constexpr std::size_t block_size = 16 * 1024;
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::unordered_set<std::string_view> index_;
  char* pos_ = nullptr;
  char* end_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace prism
