// prism: JSON options, plain values with strict defaults.
#pragma once

#include <cstddef>

namespace prism::json {

/// How prism writes JSON. Every default is the strict, compact choice; set what you need:
///   prism::json::to_string(v, {.indent = 2, .nonfinite_as_null = true});
/// Pretty or compact is chosen once per call, so compact output pays nothing for pretty printing.
struct write_options {
  int indent = 0;                     ///< 0: compact; N > 0: pretty, N spaces per level
  bool escape_non_ascii = false;      ///< write non-ASCII as \uXXXX (surrogate pairs above U+FFFF) instead of raw UTF-8
  bool nonfinite_as_null = false;     ///< NaN and infinity: false fails with non_finite_number; true writes null
  bool replace_invalid_utf8 = false;  ///< invalid UTF-8: false fails with invalid_utf8; true writes U+FFFD per bad sequence
  bool enums_as_numbers = false;      ///< enums: false writes the enumerator name; true the underlying number
  bool skip_null_fields = false;      ///< record fields holding an empty optional or null pointer: false writes null; true omits them
  std::size_t max_depth = 512;        ///< deeper nesting fails with depth_exceeded; bounds recursion on self-referential models
};

}  // namespace prism::json
