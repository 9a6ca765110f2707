// prism: errors as values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

namespace prism {

/// What went wrong. Stable numbering: codes are only ever appended.
enum class error_code : std::uint8_t {
  none = 0,
  sink_failed,        ///< the sink refused bytes (disk full, closed socket, flush callback returned false)
  invalid_utf8,       ///< a string holds bytes that are not UTF-8 (writer: unless replace_invalid_utf8)
  non_finite_number,  ///< NaN or infinity where JSON has no spelling for it (unless nonfinite_as_null)
  unnamed_enum,       ///< an enum value with no enumerator name, written as a name
  misuse,             ///< the low-level writer was driven out of order (debug builds check this)
  depth_exceeded,     ///< nesting deeper than options::max_depth
  out_of_range,       ///< a value the target cannot hold (300 into int8, a year outside 0000-9999 in RFC 3339)
  syntax_error,       ///< the input is not well-formed (a missing comma, a bad literal, a leading zero)
  unexpected_end,     ///< the input stops in the middle of a value
  type_mismatch,      ///< a value of the wrong type: a string where the target is an integer
  invalid_string,     ///< a bad escape, an unescaped control character or a lone surrogate in a string
  unknown_field,      ///< an object key the record does not have (only with read_options::reject_unknown_fields)
  missing_field,      ///< a required field is absent
  unknown_enumerator, ///< a name that is no enumerator of the target enum
  invalid_value,      ///< text of the right type but not a valid value: bad base64, a malformed timestamp
  trailing_content,   ///< something other than whitespace after the document
  source_failed,      ///< the input source failed (a read error on a file or socket)
  unsupported_version,  ///< a binary document of a format version this reader does not know
  unknown_type,       ///< a polymorphic object whose type name is not registered
  limit_exceeded,     ///< the input goes past a limit of the read options (max_stream_frame, max_alloc_bytes)
  duplicate_key,      ///< an object names a key twice (only with read_options::reject_duplicate_keys)
};

/// A short English description of a code, for messages.
constexpr std::string_view describe(error_code c) noexcept {
  switch (c) {
    case error_code::none: return "no error";
    case error_code::sink_failed: return "the sink refused output";
    case error_code::invalid_utf8: return "invalid UTF-8 in a string";
    case error_code::non_finite_number: return "NaN or infinity cannot be written as JSON";
    case error_code::unnamed_enum: return "enum value has no name";
    case error_code::misuse: return "writer misuse";
    case error_code::depth_exceeded: return "nesting too deep";
    case error_code::out_of_range: return "value out of range";
    case error_code::syntax_error: return "syntax error";
    case error_code::unexpected_end: return "unexpected end of input";
    case error_code::type_mismatch: return "value of the wrong type";
    case error_code::invalid_string: return "invalid string";
    case error_code::unknown_field: return "unknown field";
    case error_code::missing_field: return "missing required field";
    case error_code::unknown_enumerator: return "unknown enumerator";
    case error_code::invalid_value: return "invalid value";
    case error_code::trailing_content: return "unexpected content after the document";
    case error_code::source_failed: return "the input source failed";
    case error_code::unsupported_version: return "unsupported format version";
    case error_code::unknown_type: return "unknown type name";
    case error_code::limit_exceeded: return "a limit of the read options exceeded";
    case error_code::duplicate_key: return "duplicate key";
  }
  return "unknown error";
}

/// An error: what happened and where. `path` is a JSONPath-like location in the value
/// (`$.users[3].age`); `offset` the byte offset in the input or output where it was noticed; `line` and
/// `column` (1-based, columns counted in characters) its place in a text input, 0 when there is none.
struct error {
  error_code code = error_code::none;
  std::size_t offset = 0;
  std::size_t line = 0;
  std::size_t column = 0;
  std::string path = "$";
  std::string detail;  ///< what happened, in words ("expected integer, found string"); empty: describe(code)
  static constexpr std::size_t no_offset = static_cast<std::size_t>(-1);  ///< offset of an error in no text

  /// "expected integer, found string at $.users[3].age (line 12, column 18)", or "(byte 120)" when
  /// there is no line.
  std::string message() const {
    std::string m = detail.empty() ? std::string(describe(code)) : detail;
    if (path.empty()) return m;  // not about a document (json::value's accessors)
    m.append(" at ").append(path);
    if (offset == no_offset) return m;  // about a value, not text (json::from)
    if (line != 0) m.append(" (line ").append(std::to_string(line)).append(", column ").append(std::to_string(column));
    else m.append(" (byte ").append(std::to_string(offset));
    m.append(")");
    return m;
  }
};

namespace detail {
/// Errors build their path as they unwind, innermost segment first: prepend_path(path, "[", "3", "]").
/// Built by appending only: g++ 12 at -O3 warns falsely (-Wrestrict) about std::string's insert.
template <class... S>
void prepend_path(std::string& path, const S&... segment) {
  std::string whole;
  (whole.append(segment), ...);
  whole.append(path);
  path.swap(whole);
}
}  // namespace detail

/// Thrown only by the explicit throwing conveniences (`result::value()` on an error).
class error_exception : public std::exception {
 public:
  explicit error_exception(prism::error e) : error_(std::move(e)), what_(error_.message()) {}
  const char* what() const noexcept override { return what_.c_str(); }
  const prism::error& error() const noexcept { return error_; }

 private:
  prism::error error_;
  std::string what_;
};

/// A value or an error, shaped like std::expected<T, prism::error>.
template <class T>
class [[nodiscard]] result {
 public:
  result(const T& v) : ok_(true) { ::new (&value_) T(v); }
  result(T&& v) : ok_(true) { ::new (&value_) T(std::move(v)); }
  /// A T{} made in place, for a reader to fill there rather than move in after (detail::read_new).
  explicit result(std::in_place_t) : ok_(true) { ::new (&value_) T{}; }
  result(prism::error e) : ok_(false) { ::new (&error_) prism::error(std::move(e)); }
  result(const result& o) : ok_(o.ok_) {
    if (ok_) ::new (&value_) T(o.value_);
    else ::new (&error_) prism::error(o.error_);
  }
  result(result&& o) noexcept(std::is_nothrow_move_constructible_v<T>) : ok_(o.ok_) {
    if (ok_) ::new (&value_) T(std::move(o.value_));
    else ::new (&error_) prism::error(std::move(o.error_));
  }
  result& operator=(result o) {
    this->~result();
    ::new (this) result(std::move(o));
    return *this;
  }
  ~result() {
    if (ok_) value_.~T();
    else error_.~error();
  }

  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }

  /// The value; throws error_exception when this holds an error.
  T& value() & { check(); return value_; }
  const T& value() const& { check(); return value_; }
  T&& value() && { check(); return std::move(value_); }
  T& operator*() noexcept { return value_; }
  const T& operator*() const noexcept { return value_; }
  T* operator->() noexcept { return &value_; }
  const T* operator->() const noexcept { return &value_; }

  /// The error; only meaningful when !has_value().
  const prism::error& error() const noexcept { return error_; }

 private:
  void check() const {
    if (!ok_) throw error_exception(error_);
  }
  union {
    T value_;
    prism::error error_;
  };
  bool ok_;
};

/// result<void>: success or an error. The error is only constructed on failure, so success costs a flag.
template <>
class [[nodiscard]] result<void> {
 public:
  result() noexcept : ok_(true) {}
  result(prism::error e) : ok_(false) { ::new (&error_) prism::error(std::move(e)); }
  result(const result& o) : ok_(o.ok_) {
    if (!ok_) ::new (&error_) prism::error(o.error_);
  }
  result(result&& o) noexcept : ok_(o.ok_) {
    if (!ok_) ::new (&error_) prism::error(std::move(o.error_));
  }
  result& operator=(result o) noexcept {
    this->~result();
    ::new (this) result(std::move(o));
    return *this;
  }
  ~result() {
    if (!ok_) error_.~error();
  }

  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  void value() const {
    if (!ok_) throw error_exception(error_);
  }
  /// The error; only meaningful when !has_value().
  const prism::error& error() const noexcept { return error_; }

 private:
  union {
    prism::error error_;
  };
  bool ok_;
};

namespace detail {
template <class R>
inline constexpr bool is_result = false;
template <class T>
inline constexpr bool is_result<result<T>> = true;

/// A new T{} read by read_into(T&), which returns result<void>: read in the result's own storage, as a value moved in
/// just after its last stores would load them back at once, which a processor cannot forward from stores of another
/// width (a vector's pointers: 8-byte stores, a 16-byte load). The error in its stead on failure.
template <class T, class ReadInto>
result<T> read_new(ReadInto&& read_into) {
  result<T> out(std::in_place);
  if (auto r = read_into(*out); !r) out = r.error();
  return out;
}
}  // namespace detail

}  // namespace prism
