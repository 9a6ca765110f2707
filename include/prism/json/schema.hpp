// prism: the JSON Schema (draft 2020-12) of a type as a view writes and reads it, from the type's description:
// one schema per view, for API clients and validators. Written by prism's own builder, so it streams into any sink.
//   std::string s = prism::json::schema<Order>(api_v2{}).value();
//   prism::json::write_schema<Order>(std::cout, api_v2{}, {.indent = 2});
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "../core/view.hpp"
#include "builder.hpp"
#include "raw.hpp"
#include "read.hpp"

namespace prism::json {

/// The options a schema follows where they change the shape of documents (the rest change no schema). Give the
/// values the service writes and reads with.
struct schema_options {
  bool reject_unknown_fields = false;  ///< as read_options: records allow no other keys (additionalProperties: false)
  bool enums_as_numbers = false;       ///< as write_options and read_options: enums are their numbers, not names
  bool nonfinite_as_null = false;      ///< as write_options: floating-point numbers may be null
  bool skip_null_fields = false;       ///< as write_options: record fields that may hold null are not required
  int indent = 0;                      ///< the schema's own layout: 0 compact, N spaces per level
};

namespace detail {

/// The address that stands for type T rendered through view V: the records a schema refers to are keyed by it.
template <class V, class T>
inline constexpr char schema_key = 0;

/// The records a schema refers to, each written once under $defs by the function that knows its type.
template <class O>
struct schema_context {
  using write_fn = void (*)(O&, schema_context&);
  struct definition {
    const void* key;
    std::string name;
    write_fn write;
  };
  schema_options opts;
  std::vector<definition> defs;

  /// The $ref of a record, registered for $defs when first met. Names are the type's, kept to [A-Za-z0-9_.-] so that
  /// the reference needs no escaping, and numbered where two types would share one.
  std::string ref(const void* key, std::string_view type_name, write_fn write) {
    for (const definition& d : defs)
      if (d.key == key) return "#/$defs/" + d.name;
    std::string name;
    for (char ch : type_name) {
      const bool plain = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                         ch == '_' || ch == '.' || ch == '-';
      name += plain ? ch : '_';
    }
    const std::string base = name;
    for (int n = 2; taken(name); ++n) name = base + "_" + std::to_string(n);
    defs.push_back({key, name, write});
    return "#/$defs/" + name;
  }
  bool taken(const std::string& name) const {
    for (const definition& d : defs)
      if (d.name == name) return true;
    return false;
  }
};

template <class V, class T, class O, class C>
void put_schema(O& o, C& c);

template <class I, class O>
void put_integer_range(O& o) {
  o.put("type", "integer");
  o.put("minimum", std::numeric_limits<I>::min());
  o.put("maximum", std::numeric_limits<I>::max());
}

/// An enum as its number: the underlying type's range, or, without a fixed underlying type, the smallest bit-field
/// that holds every enumerator (what a reader accepts: see enum_value_allowed).
template <class E, class O>
void put_enum_numbers(O& o) {
  if constexpr (prism::detail::enum_fixed<E>) {
    put_integer_range<std::underlying_type_t<E>>(o);
  } else {
    constexpr auto bounds = prism::detail::enum_bit_field_bounds<E>();
    o.put("type", "integer");
    o.put("minimum", bounds.first);
    o.put("maximum", bounds.second);
  }
}

/// An enum by name: the names of its enumerators, as enum_range finds them.
template <class E, class O>
void put_enum_names(O& o) {
  using names = prism::detail::enum_names<E>;
  o.put("type", "string");
  o.array("enum", [](auto& a) {
    for (std::string_view name : names::table)
      if (!name.empty()) a.value(name);
  });
}

/// Schema of a value that representation `rep` carries in view V.
template <class V, class X, class Rep, class O, class C>
void put_represented(O& o, C& c, const Rep&) {
  if constexpr (std::is_same_v<Rep, enum_number_t>) {
    put_enum_numbers<X>(o);
  } else if constexpr (requires { typename representation<Rep, X>::scale; }) {  // an epoch count
    using scale = typename representation<Rep, X>::scale;
    if constexpr (scale::num == 1 && scale::den != 1) {  // the time point is finer: counts past these overflow it
      o.put("type", "integer");
      o.put("minimum", std::numeric_limits<std::int64_t>::min() / scale::den);
      o.put("maximum", std::numeric_limits<std::int64_t>::max() / scale::den);
    } else {
      put_integer_range<std::int64_t>(o);
    }
  } else {
    put_schema<V, typename representation<Rep, X>::wire>(o, c);
  }
}

/// Whether slot S is in every document view V writes of a T (no omission rule can leave it out), or a reader
/// requires it.
template <class View, class T, std::size_t S>
constexpr bool slot_always_there(const schema_options& opts) {
  using R = std::remove_cvref_t<decltype(prism::detail::omit_rule<View, T, S>())>;
  using X = slot_value_type<View, T, S>;
  const bool always_written = std::is_same_v<R, never_t> && !(opts.skip_null_fields && may_be_null<X>);
  return always_written || slot_is_required<View, T, S>(read_options{});
}

/// A record's own schema: its slots as properties, in order.
template <class V, class T, class O, class C>
void put_record(O& o, C& c) {
  using L = view_record<V, T>;
  using S = std::make_index_sequence<L::size>;
  o.put("type", "object");
  o.object("properties", [&](auto& p) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (p.object(L::names[I],
                [&](auto& f) {
                  using X = slot_value_type<V, T, I>;
                  if constexpr (constexpr std::size_t k = L::represent_modifier(I); k != L::npos)
                    put_represented<V, X>(f, c, std::get<k>(L::entry.list).rep);
                  else
                    put_schema<V, X>(f, c);
                  if constexpr (is_computed_field<slot_field_type<V, T, I>>) f.put("readOnly", true);
                }),
       ...);
    }(S{});
  });
  const bool any_required = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (slot_always_there<V, T, I>(c.opts) || ...);
  }(S{});
  if (any_required) {
    o.array("required", [&](auto& a) {
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((slot_always_there<V, T, I>(c.opts) ? (void)a.value(L::names[I]) : void()), ...);
      }(S{});
    });
  }
  if (c.opts.reject_unknown_fields) o.put("additionalProperties", false);
}

/// The keywords of T's schema in view V, into the open schema object o.
template <class V, class T, class O, class C>
void put_schema(O& o, C& c) {
  constexpr kind k = kind_of<T>;
  if constexpr (treatment_of<V, T> == treatment::default_view) {
    put_schema<default_view, T>(o, c);
  } else if constexpr (treatment_of<V, T> == treatment::represented) {
    put_represented<V, T>(o, c, representation_of<V, T>);
  } else if constexpr (k == kind::null) {
    o.put("type", "null");
  } else if constexpr (k == kind::boolean) {
    o.put("type", "boolean");
  } else if constexpr (k == kind::integer) {
    put_integer_range<T>(o);
  } else if constexpr (k == kind::floating) {
    if (c.opts.nonfinite_as_null) o.array("type", [](auto& a) { a.value("number").value("null"); });
    else o.put("type", "number");
    if constexpr (sizeof(T) == 4) {  // a float reads numbers within its range (rounded) and refuses those past it
      constexpr double largest = 3.4028235e38;  // FLT_MAX as written: its shortest decimal, a little above it
      o.put("minimum", -largest);
      o.put("maximum", largest);
    }
  } else if constexpr (k == kind::character) {
    o.put("type", "string");
    o.put("minLength", 1);
    o.put("maxLength", 1);
  } else if constexpr (prism::detail::is_json_text<T> || k == kind::dynamic) {
    // any JSON value: no keyword
  } else if constexpr (k == kind::string) {
    if constexpr (may_be_null<T>) o.array("type", [](auto& a) { a.value("string").value("null"); });
    else o.put("type", "string");
  } else if constexpr (k == kind::bytes) {
    o.put("type", "string");
    o.put("contentEncoding", "base64");
  } else if constexpr (k == kind::enumeration) {
    if (c.opts.enums_as_numbers) put_enum_numbers<T>(o);
    else put_enum_names<T>(o);
  } else if constexpr (k == kind::timestamp) {
    o.put("type", "string");
    o.put("format", "date-time");
    // A range narrower than RFC 3339's years 1 to 9999 (nanoseconds: 1677 to 2262), which no standard keyword
    // states: formatMinimum and formatMaximum (ajv's keywords), as prism writes the time points at its ends.
    using D = typename T::duration;
    if constexpr (std::is_integral_v<typename D::rep>) {
      using seconds = std::chrono::duration<long double>;
      if (std::chrono::duration_cast<seconds>(D::min()).count() > -62135596800.0L) o.put("formatMinimum", T::min());
      if (std::chrono::duration_cast<seconds>(D::max()).count() < 253402300799.0L) o.put("formatMaximum", T::max());
    }
  } else if constexpr (k == kind::duration) {
    using R = typename T::rep;
    if constexpr (std::is_floating_point_v<R>) o.put("type", "number");
    else put_integer_range<R>(o);
  } else if constexpr (k == kind::optional || k == kind::pointer) {
    o.array("anyOf", [&](auto& a) {
      a.object([](auto& n) { n.put("type", "null"); });
      a.object([&](auto& s) { put_schema<V, typename adapter<T>::value_type>(s, c); });
    });
  } else if constexpr (k == kind::variant) {
    o.array("oneOf", [&](auto& a) {
      [&]<class... A>(std::type_identity<std::variant<A...>>) {
        (a.object([&](auto& s) {
          if constexpr (kind_of<A> == kind::null) {
            s.put("type", "null");
          } else {
            static constexpr std::string_view tag = prism::detail::alternative_name<A>();
            s.put("type", "object");
            s.object("properties", [&](auto& p) { p.object(tag, [&](auto& x) { put_schema<V, A>(x, c); }); });
            s.array("required", [](auto& r) { r.value(tag); });
            s.put("additionalProperties", false);
          }
        }), ...);
      }(std::type_identity<T>{});
    });
  } else if constexpr (k == kind::tuple) {
    constexpr std::size_t n = std::tuple_size_v<T>;
    o.put("type", "array");
    o.array("prefixItems", [&](auto& a) {
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        (a.object([&](auto& s) { put_schema<V, std::tuple_element_t<I, T>>(s, c); }), ...);
      }(std::make_index_sequence<n>{});
    });
    o.put("minItems", n);
    o.put("items", false);
  } else if constexpr (k == kind::sequence) {
    using E = std::remove_cvref_t<decltype(*std::begin(std::declval<const T&>()))>;
    o.put("type", "array");
    o.object("items", [&](auto& s) { put_schema<V, E>(s, c); });
    if constexpr (constexpr std::size_t n = prism::detail::fixed_extent<T>; n != std::size_t(-1)) {
      o.put("minItems", n);
      o.put("maxItems", n);
    }
  } else if constexpr (k == kind::map) {
    using K = std::remove_cvref_t<typename adapter<T>::key_type>;
    using M = std::remove_cvref_t<typename adapter<T>::mapped_type>;
    o.put("type", "object");
    auto values = [&](auto& s) { put_schema<V, M>(s, c); };
    if constexpr (kind_of<K> == kind::integer) {  // keys are integers in decimal, as written
      o.object("patternProperties", [&](auto& p) {
        p.object(std::is_signed_v<K> ? "^-?(0|[1-9][0-9]*)$" : "^(0|[1-9][0-9]*)$", values);
      });
      o.put("additionalProperties", false);
    } else {
      if constexpr (kind_of<K> == kind::enumeration) {
        o.object("propertyNames", [&](auto& p) {
          if (c.opts.enums_as_numbers) p.put("pattern", "^-?(0|[1-9][0-9]*)$");
          else put_enum_names<K>(p);
        });
      }
      o.object("additionalProperties", values);
    }
  } else if constexpr (k == kind::record) {
    o.put("$ref", c.ref(&schema_key<V, T>, prism::detail::type_name<T>(),
                        [](O& d, C& cc) { put_record<V, T>(d, cc); }));
  } else if constexpr (k == kind::surrogate) {
    put_schema<V, typename std::remove_cvref_t<decltype(description<T>)>::surrogate_type>(o, c);
  } else {
    (void)not_describable<T>::value;
  }
}

/// The whole schema of T in view V: the root, then the records it refers to (a record at the root too, so that
/// every part of the schema, $defs beside it, stands on its own).
template <class V, class T, class O>
void put_root(O& o, const schema_options& opts) {
  schema_context<O> c{opts, {}};
  o.put("$schema", "https://json-schema.org/draft/2020-12/schema");
  if constexpr (requires { std::string_view(V::name); }) o.put("$id", std::string_view(V::name));
  put_schema<V, T>(o, c);
  if (c.defs.empty()) return;
  o.object("$defs", [&](O& d) {
    for (std::size_t i = 0; i < c.defs.size(); ++i) {  // writing one may add more
      const std::string name = c.defs[i].name;
      auto write = c.defs[i].write;
      d.object(name, [&](O& s) { write(s, c); });
    }
  });
}

}  // namespace detail

/// Writes the JSON Schema (draft 2020-12) of T's JSON as `view` writes and reads it into `out` (anything
/// json::write takes): field names after renames and the naming policy, the fields the view always writes (and
/// those marked required) as `required`, omitted fields absent, computed fields `readOnly`, integers within their
/// C++ type's range, enums by name (or number), optionals and pointers as a null alternative, variants as `oneOf`
/// their tagged objects, maps as `additionalProperties` (`patternProperties` for integer keys), byte strings as
/// base64, time points as `date-time`; records under `$defs`, by name, so recursive types refer to themselves. A view
/// with a `name` gives the schema's `$id`.
template <class T, class Out, view_choice View = default_view>
result<std::size_t> write_schema(Out&& out, const View& view = {}, const schema_options& opts = {}) {
  return visit_view(view, [&]<class V>(V) {
    return build_object(out, [&](auto& o) { detail::put_root<V, T>(o, opts); }, {.indent = opts.indent});
  });
}

/// The JSON Schema of T's JSON in `view`, as text: see write_schema.
template <class T, view_choice View = default_view>
result<std::string> schema(const View& view = {}, const schema_options& opts = {}) {
  std::string s;
  auto r = write_schema<T>(s, view, opts);
  if (!r) return r.error();
  return s;
}

}  // namespace prism::json
