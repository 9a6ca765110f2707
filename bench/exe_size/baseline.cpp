// Executable size, the baseline: the same models and checksum as the other programs, each model copied instead of
// serialized. What the others add over this is what their serialization costs.
#include "round_trip.hpp"

int main(int argc, char**) {
  return exe_size::run(argc, [](const auto& model) { return model; });
}
