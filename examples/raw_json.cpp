// JSON the model does not own, carried through it: a `metadata` object of any shape, kept as text (json::raw) and
// written back byte for byte, while the fields the service does own are read and changed as typed values.
#include <prism/prism.hpp>

#include <cstdio>
#include <string>
#include <string_view>

struct order {
  std::uint64_t id = 0;
  std::string status;
  prism::json::raw metadata;  // whatever the client sent: never parsed, never reshaped
};

int main() {
  const std::string_view request =
      R"({"id": 42, "status": "new", "metadata": {"campaign": "autumn", "ab": [0.25, 1e400], "note": "caf\u00e9"}})";
  order o = prism::json::read<order>(request).value();
  std::printf("metadata as received: %s\n", o.metadata.text.c_str());

  o.status = "paid";
  std::printf("stored: %s\n", prism::json::to_string(o).value().c_str());

  // Text that is not one JSON value is refused on writing when asked (and always in debug builds).
  o.metadata.text = R"({"campaign": )";
  auto refused = prism::json::to_string(o, {.validate_raw = true});
  std::printf("broken metadata: %s\n", refused ? "written?" : refused.error().message().c_str());
  return refused ? 1 : 0;
}
