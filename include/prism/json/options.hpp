// prism: JSON options, plain values with strict defaults.
#pragma once

#include <cstddef>

namespace prism {
class string_pool;
}

namespace prism::json {
class arena;

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
  bool validate_raw = false;          ///< json::raw text: false writes it as it is (debug builds check it anyway); true checks it is one JSON value, else invalid_value
};

}  // namespace prism::json

namespace prism::json {

/// How read_records finds the records of a stream.
enum class record_framing : unsigned char {
  detect,  ///< a stream that starts with '[' is one array of records; any other, values separated by whitespace
  array,   ///< the elements of one top-level array
  values,  ///< values separated by whitespace (newline-delimited JSON), which may themselves be arrays
};

/// How prism reads JSON. The defaults are strict RFC 8259 and forgiving only where the model is:
///   prism::json::read<Order>(text, {.reject_unknown_fields = true});
struct read_options {
  std::size_t max_depth = 512;         ///< deeper nesting fails with depth_exceeded before any recursion goes deeper
  bool reject_unknown_fields = false;  ///< keys a record lacks: false skips their values (still validated); true fails with unknown_field
  bool require_all_fields = false;     ///< false: only fields marked required must be present; true: every field but optionals and pointers
  bool numbers_as_strings = false;     ///< a number where a string belongs: false fails with type_mismatch; true reads the number's text
  bool replace_invalid_utf8 = false;   ///< invalid UTF-8 or a lone surrogate escape: false fails; true reads U+FFFD in its place
  bool enums_as_numbers = false;       ///< enums: false reads enumerator names; true reads the underlying number
  string_pool* strings = nullptr;      ///< when set, string_view and C string fields keep their text here, interned (see string_pool)
  bool reject_duplicate_keys = false;  ///< an object naming a key twice: false reads both (json::value keeps both, a record the last); true fails with duplicate_key
  json::arena* arena = nullptr;        ///< when set, json::value fields allocate in this arena (which must outlive them) rather than on the heap
  std::size_t max_stream_frame = std::size_t{1} << 28;  ///< the most bytes a read from a stream holds at once (a string, a number, a value read whole): past it, limit_exceeded
  std::size_t max_alloc_bytes = std::size_t{1} << 30;  ///< the most bytes of container elements and map entries one read makes (sizeof each): past it, limit_exceeded
  record_framing framing = record_framing::detect;      ///< read_records: one array of records, or values one after another
};

}  // namespace prism::json
