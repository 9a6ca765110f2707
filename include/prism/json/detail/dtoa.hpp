// prism: floating point to the shortest decimal text that reads back bit-identical.
#pragma once

#include <charconv>
#include <cstddef>

namespace prism::json::detail {

/// Room the longest double or float needs: "-2.2250738585072014e-308" is 24 characters.
inline constexpr std::size_t max_double_chars = 24;
inline constexpr std::size_t max_float_chars = 16;

/// Writes a finite double; needs max_double_chars of room. Byte-identical to std::to_chars shortest.
inline char* write_double(char* out, double v) noexcept { return std::to_chars(out, out + max_double_chars, v).ptr; }
inline char* write_float(char* out, float v) noexcept { return std::to_chars(out, out + max_float_chars, v).ptr; }

}  // namespace prism::json::detail
