// The model behind tests/golden/site_*.json: one record of nearly every kind. Shared by the golden test, which
// writes it, and the round-trip test, which reads the golden files back into it.
#pragma once

#include <prism/prism.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace golden {
enum class level { low, mid, high };
struct sensor {
  std::string id;
  level alert;
  std::optional<double> last;
  std::vector<std::int64_t> history;
  std::map<std::string, std::string> tags;
};
struct site {
  std::string name;
  std::uint64_t serial;
  bool online;
  std::vector<sensor> sensors;
  std::pair<double, double> location;
  std::chrono::sys_seconds commissioned;
  std::chrono::milliseconds poll;
  std::vector<std::byte> key;
  std::unique_ptr<sensor> spare;
  std::variant<std::monostate, std::string, std::int32_t> owner;
};

inline site make_site() {
  using namespace std::chrono;
  site s;
  s.name = "Zürich \"north\" 日本";
  s.serial = 18446744073709551615ull;
  s.online = true;
  s.sensors.push_back({"t-1", level::low, 21.25, {-1, 0, 9223372036854775807}, {{"room", "lab"}, {"floor", "2"}}});
  s.sensors.push_back({"t-2", level::high, std::nullopt, {}, {}});
  s.location = {47.3769, 8.5417};
  s.commissioned = sys_days{year{2024} / 2 / 29} + 23h + 59min + 59s;
  s.poll = milliseconds{2500};
  s.key = {std::byte{0}, std::byte{0xFF}, std::byte{0x10}};
  s.owner = std::int32_t{-7};
  return s;
}
}  // namespace golden
