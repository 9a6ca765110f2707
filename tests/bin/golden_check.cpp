// The binary format's golden master, without GoogleTest so that it also builds for other machines (a 32-bit
// big-endian MIPS under qemu-user, see tests/CMakeLists.txt):
//   bin_golden_check DIR           for each model: the file DIR/<model>.bin reads back, re-writes byte for byte,
//                                  and equals what this machine writes for the model made in code
//   bin_golden_check --write DIR   writes the files (after a deliberate format change)
// A file DIR/earlier/<model>.bin holds the model as builds before a format change wrote it (docs/binary-format.md,
// "Version history"): it must read, and re-write as DIR/<model>.bin, which is what reading it the same means.
// Exit status 0 when every model passes, 1 otherwise.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "golden_models.hpp"

namespace {

std::vector<std::byte> load(const std::string& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  std::vector<char> chars((std::istreambuf_iterator<char>(in)), {});
  std::vector<std::byte> bytes(chars.size());
  for (std::size_t i = 0; i < chars.size(); ++i) bytes[i] = static_cast<std::byte>(chars[i]);
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  bool write = argc == 3 && std::string(argv[1]) == "--write";
  if (argc != 2 && !write) {
    std::fprintf(stderr, "usage: bin_golden_check [--write] DIR\n");
    return 2;
  }
  std::string dir = argv[argc - 1];
  int failures = 0;
  golden::for_each_model([&](const char* name, const auto& made) {
    using T = std::remove_cvref_t<decltype(made)>;
    std::string path = dir + "/" + name + ".bin";
    auto written = prism::bin::to_bytes(made);
    if (!written) {
      std::printf("%s: writing failed: %s\n", name, written.error().message().c_str());
      ++failures;
      return;
    }
    if (write) {
      std::ofstream out(path, std::ios::binary);
      out.write(reinterpret_cast<const char*>(written->data()), static_cast<std::streamsize>(written->size()));
      std::printf("%s: wrote %zu bytes to %s\n", name, written->size(), path.c_str());
      return;
    }
    bool found;
    std::vector<std::byte> golden = load(path, found);
    if (!found) {
      std::printf("%s: missing %s\n", name, path.c_str());
      ++failures;
      return;
    }
    auto back = prism::bin::read<T>(std::span<const std::byte>(golden));
    if (!back) {
      std::printf("%s: reading the golden file failed: %s\n", name, back.error().message().c_str());
      ++failures;
      return;
    }
    auto again = prism::bin::to_bytes(*back);
    bool same_again = again && *again == golden;
    bool same_made = *written == golden;
    std::printf("%s: %zu bytes, read and re-written %s, written from the model made here %s\n", name, golden.size(),
                same_again ? "identical" : "DIFFERENT", same_made ? "identical" : "DIFFERENT");
    failures += !same_again || !same_made;
    std::vector<std::byte> earlier = load(dir + "/earlier/" + name + ".bin", found);
    if (!found) return;
    auto old = prism::bin::read<T>(std::span<const std::byte>(earlier));
    auto rewritten = old ? prism::bin::to_bytes(*old) : decltype(written){old.error()};
    bool same_value = rewritten && *rewritten == golden;
    std::printf("%s: as earlier builds wrote it, %zu bytes, read and re-written as this build writes it: %s\n", name,
                earlier.size(), same_value ? "identical" : (old ? "DIFFERENT" : old.error().message().c_str()));
    failures += !same_value;
  });
  return failures == 0 ? 0 : 1;
}
