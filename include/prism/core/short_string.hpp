// prism: a string of at most N bytes kept inline, for surrogates that must not allocate.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace prism {

/// Text of at most N bytes stored inline: a Date's "2026-11-22" with no heap allocation.
/// Appending past N truncates.
template <std::size_t N>
class short_string {
 public:
  constexpr short_string() = default;
  constexpr short_string(std::string_view s) noexcept { assign(s); }

  constexpr void assign(std::string_view s) noexcept {
    size_ = std::min(s.size(), N);
    std::copy_n(s.data(), size_, data_);
  }
  constexpr void push_back(char c) noexcept {
    if (size_ < N) data_[size_++] = c;
  }
  constexpr std::string_view view() const noexcept { return {data_, size_}; }
  constexpr operator std::string_view() const noexcept { return view(); }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr char* data() noexcept { return data_; }
  constexpr void resize(std::size_t n) noexcept { size_ = std::min(n, N); }
  static constexpr std::size_t capacity() noexcept { return N; }
  friend constexpr bool operator==(const short_string& a, const short_string& b) noexcept { return a.view() == b.view(); }

 private:
  char data_[N]{};
  std::size_t size_ = 0;
};

}  // namespace prism
