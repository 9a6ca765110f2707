// expect: (not_describable<socket_handle>.*prism cannot serialize this type|prism cannot serialize this type.*not_describable<socket_handle>)
// errors: 1
#include <prism/prism.hpp>

#include <optional>

class socket_handle {  // not an aggregate, no description, no default constructor
 public:
  explicit socket_handle(int fd) : fd_(fd) {}

 private:
  int fd_;
};

struct connection_pool {  // reading makes the optional's value: the reader must stop at the readable error
  int id;
  std::optional<socket_handle> primary;
};

int main() { return prism::bin::read<connection_pool>(std::string_view{}).has_value() ? 0 : 1; }
