// The binary format: the same descriptions as JSON, compact, and readable by older and newer builds of the model.
#include <prism/bin/dump.hpp>
#include <prism/prism.hpp>

#include <cstdio>
#include <memory>
#include <queue>
#include <string>
#include <vector>

namespace v1 {  // what an older build stores
struct sensor {
  std::string name;
  std::int32_t reading = 0;
};
struct site {
  std::vector<std::shared_ptr<sensor>> sensors;
  std::shared_ptr<sensor> primary;  // one of the sensors: stored once, comes back shared
};
}  // namespace v1

namespace v2 {  // a newer build: a field widened, one added; it reads v1's documents, and v1 reads its own
struct sensor {
  std::string name;
  std::int64_t reading = 0;
  std::string unit = "celsius";
};
struct site {
  std::vector<std::shared_ptr<sensor>> sensors;
  std::shared_ptr<sensor> primary;
};
}  // namespace v2

// v2 reads every document v1 writes, in both formats: the build checks it (docs/compat.md). The other way, a reading
// widened to 64 bits may not fit v1's 32: prism::compat::forward<v1::site, v2::site>() would stop the build there.
static_assert(prism::compat::backward<v1::site, v2::site>());

int main() {
  v1::site old_site;
  old_site.sensors = {std::make_shared<v1::sensor>(v1::sensor{"roof", 21}), std::make_shared<v1::sensor>(v1::sensor{"cellar", 12})};
  old_site.primary = old_site.sensors[0];

  std::vector<std::byte> bytes = prism::bin::to_bytes(old_site).value();
  std::string json = prism::json::to_string(old_site).value();
  std::printf("binary: %zu bytes (JSON: %zu)\n", bytes.size(), json.size());

  v2::site new_site = prism::bin::read<v2::site>(bytes).value();  // backward compatible: v2 reads v1
  std::printf("v2 read: %s, %lld %s, primary shared: %s\n", new_site.sensors[0]->name.c_str(),
              static_cast<long long>(new_site.sensors[0]->reading), new_site.sensors[0]->unit.c_str(),
              new_site.primary == new_site.sensors[0] ? "yes" : "no");

  new_site.sensors[1]->unit = "fahrenheit";
  auto newer = prism::bin::to_bytes(new_site).value();
  v1::site back = prism::bin::read<v1::site>(newer).value();  // forward compatible: v1 skips "unit"
  std::printf("v1 read: %s %d\n", back.sensors[1]->name.c_str(), back.sensors[1]->reading);

  std::fputs(prism::bin::dump(newer).value().c_str(), stdout);  // what `prism dump` prints

  // Integers of 4 and 8 bytes that would all take as many varint bytes or more (hashes, ids, checksums) are written
  // fixed-width instead: never longer, and stored and loaded whole. One smaller value and the record is varints.
  struct checksum {
    std::uint64_t hash = 0;
    std::uint32_t crc = 0;
  };
  auto fixed = prism::bin::to_bytes(checksum{0xCBF29CE484222325u, 0xEDB88320u}).value();
  auto varints = prism::bin::to_bytes(checksum{0xCBF29CE484222325u, 7}).value();
  std::printf("checksum: %zu bytes fixed-width, %zu with a small crc as a varint\n", fixed.size(), varints.size());
  std::fputs(prism::bin::dump(fixed).value().c_str(), stdout);

  // Container adaptors travel as the container they adapt: a queue front first, a stack bottom first, a priority
  // queue in heap order (read back into a heap whatever the order).
  std::priority_queue<int> urgent;
  for (int level : {2, 9, 4}) urgent.push(level);
  auto back_urgent = prism::bin::read<std::priority_queue<int>>(prism::bin::to_bytes(urgent).value()).value();
  std::queue<std::string> jobs;
  for (const char* job : {"backup", "compact"}) jobs.push(job);
  std::printf("queue as JSON: %s, most urgent after a round trip: %d\n", prism::json::to_string(jobs).value().c_str(),
              back_urgent.top());
}
