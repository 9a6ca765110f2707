// expect: prism cannot serialize this type
// errors: 1
#include <prism/prism.hpp>

class socket_handle {  // not an aggregate, no description
 public:
  explicit socket_handle(int fd) : fd_(fd) {}

 private:
  int fd_;
};

int main() { return prism::json::to_string(socket_handle(3)).has_value() ? 0 : 1; }
