// Executable size: Boost.Serialization's binary archive writing and reading back the models of round_trip.hpp.
#include "../glue/boost.hpp"
#include "round_trip.hpp"

int main(int argc, char**) {
  binglue::boost_lib lib;
  return exe_size::run(argc, [&](const auto& model) { return exe_size::round_trip(lib, model); });
}
