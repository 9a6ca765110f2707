// Executable size: Cap'n Proto writing and reading back the models of round_trip.hpp, with the copy between them
// and the generated types as in the benchmark.
#include "../glue/capnp.hpp"
#include "round_trip.hpp"

int main(int argc, char**) {
  binglue::capnp_lib lib;
  return exe_size::run(argc, [&](const auto& model) { return exe_size::round_trip(lib, model); });
}
