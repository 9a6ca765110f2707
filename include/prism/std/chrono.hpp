// prism: std::chrono durations as kind::duration, system_clock time points as kind::timestamp.
#pragma once

#include <chrono>

#include "../core/kind.hpp"

namespace prism {

/// A duration is its tick count in its own unit: std::chrono::milliseconds{1500} is 1500.
template <class Rep, class Period>
struct adapter<std::chrono::duration<Rep, Period>> {
  static constexpr prism::kind category = prism::kind::duration;
  using rep = Rep;
};

/// A system_clock time point: UTC, to the precision of its duration.
template <class Duration>
struct adapter<std::chrono::time_point<std::chrono::system_clock, Duration>> {
  static constexpr prism::kind category = prism::kind::timestamp;
  using duration = Duration;
};

}  // namespace prism
