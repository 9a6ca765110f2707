// A model with every kind a schema describes, and a view that changes it in every way a view can: what the schema
// tests (tests/json/schema_*) run beside the repository's own models.
#pragma once

#include <prism/prism.hpp>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <variant>
#include <vector>

namespace contract {

enum class status { draft, published, archived };
enum level { low = 1, mid, high };  // no fixed underlying type: read as numbers within [0, 3]

struct circle {
  double r = 0;
};
struct square {
  double side = 0;
};

/// A recursive type: the schema refers to it from inside itself.
struct node {
  int value = 0;
  std::vector<std::unique_ptr<node>> children;
};

/// A described class: a required field, a property, a computed field.
class account {
 public:
  std::string id() const { return id_; }
  void set_id(std::string id) { id_ = std::move(id); }
  std::int64_t cents = 0;

 private:
  std::string id_;
  friend constexpr auto prism_describe(prism::type_t<account>) {
    return prism::fields(prism::field("id", &account::id, &account::set_id).required(),
                         prism::field("cents", &account::cents),
                         prism::computed<account>("dollars", [](const account& a) { return a.cents / 100; }));
  }
};

struct everything {
  std::uint8_t small = 0;
  std::int16_t medium = 0;
  std::int64_t big = 0;
  std::uint64_t huge = 0;
  float single = 0;
  double real = 0;
  bool flag = false;
  char initial = 'a';
  std::string title;
  std::vector<std::byte> blob;
  status state = status::draft;
  level grade = low;
  std::chrono::time_point<std::chrono::system_clock, std::chrono::milliseconds> at{};
  std::chrono::system_clock::time_point stamp{};  // finer than the seconds the API view counts
  std::chrono::seconds timeout{};
  std::optional<int> maybe;
  std::unique_ptr<account> owner;
  std::variant<std::monostate, circle, square> shape;
  std::tuple<int, std::string, bool> triple;
  std::array<std::int32_t, 3> rgb{};
  std::map<std::string, double> weights;
  std::map<std::int32_t, std::string> by_id;
  std::map<status, std::uint16_t> per_status;
  std::vector<account> accounts;
  node tree;
  prism::json::value extra;
  prism::json::raw verbatim;
};

/// The API view: camelCase, a rename, an omitted field and one omitted when null, numbers for an enum and for two
/// times, a computed field; it is read with unknown keys refused.
struct api : prism::view {
  static constexpr auto naming = prism::camel_case;
  static constexpr std::string_view name = "https://example.com/schemas/everything-api";
};
constexpr auto prism_view(prism::type_t<everything>, api) {
  return prism::changes(prism::rename("title", "headline"), prism::omit("blob"), prism::omit("maybe", prism::when_null),
                        prism::represent("state", prism::enum_number), prism::represent("at", prism::epoch_milliseconds),
                        prism::represent("stamp", prism::epoch_seconds),
                        prism::computed<everything>("account_count", [](const everything& e) { return e.accounts.size(); }));
}

}  // namespace contract
