// expect: (not_describable<socket_handle>.*prism cannot serialize this type|prism cannot serialize this type.*not_describable<socket_handle>)
// errors: 1
#include <prism/prism.hpp>

#include <vector>

class socket_handle {  // not an aggregate, no description
 public:
  explicit socket_handle(int fd) : fd_(fd) {}

 private:
  int fd_;
};

struct connection_pool {  // an aggregate: the field inside the container is what prism cannot write
  int id;
  std::vector<socket_handle> sockets;
};

int main() { return prism::json::to_string(connection_pool{1, {}}).has_value() ? 0 : 1; }
