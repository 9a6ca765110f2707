// The seed 003 (jsonsink) workload: documents of objects holding a u32 and four doubles, about 2.6 KB each, like jsonsink's example.json.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace jsonsink {

struct sample {
  std::uint32_t id;
  double x;
  double y;
  double z;
  double w;
};

/// One document: 24 samples with full-precision doubles, reproducible from `seed`.
inline std::vector<sample> make_document(std::uint64_t seed = 3) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> coord(-1000.0, 1000.0);
  std::vector<sample> doc;
  for (std::uint32_t i = 0; i < 24; ++i)
    doc.push_back({static_cast<std::uint32_t>(rng()), coord(rng), coord(rng), coord(rng), coord(rng)});
  return doc;
}

}  // namespace jsonsink
