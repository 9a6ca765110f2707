// expect: prism: json::value has no binary form in this format version
// errors: 1
#include <prism/bin/write.hpp>
#include <prism/prism.hpp>

#include <string>

// A json::value field cannot be written in the binary format (json::raw can).
struct event {
  std::string type;
  prism::json::value payload;
};

int main() { (void)prism::bin::to_bytes(event{}); }
