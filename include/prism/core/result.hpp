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
  out_of_range,       ///< a value the format cannot represent (a year outside 0000-9999 in RFC 3339)
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
    case error_code::out_of_range: return "value out of range for the format";
  }
  return "unknown error";
}

/// An error: what happened and where. `path` is a JSONPath-like location in the value
/// (`$.users[3].age`), `offset` the byte offset in the input or output where it was noticed.
struct error {
  error_code code = error_code::none;
  std::size_t offset = 0;
  std::string path = "$";
  std::string detail;  ///< extra words for the message, may be empty

  /// "invalid UTF-8 in a string at $.users[3].name (byte 120)"
  std::string message() const {
    std::string m(describe(code));
    if (!detail.empty()) m.append(": ").append(detail);
    m.append(" at ").append(path);
    m.append(" (byte ").append(std::to_string(offset)).append(")");
    return m;
  }
};

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

/// result<void>: success or an error.
template <>
class [[nodiscard]] result<void> {
 public:
  result() = default;
  result(prism::error e) : error_(std::move(e)), ok_(false) {}
  bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  void value() const {
    if (!ok_) throw error_exception(error_);
  }
  const prism::error& error() const noexcept { return error_; }

 private:
  prism::error error_;
  bool ok_ = true;
};

}  // namespace prism
