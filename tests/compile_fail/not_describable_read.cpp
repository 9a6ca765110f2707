// expect: (not_describable<socket_handle>.*prism cannot serialize this type|prism cannot serialize this type.*not_describable<socket_handle>)
// errors: 1
#include <prism/prism.hpp>

#include <map>
#include <string>

class socket_handle {  // not an aggregate, no description, no default constructor
 public:
  explicit socket_handle(int fd) : fd_(fd) {}

 private:
  int fd_;
};

struct connection_pool {  // reading makes the map's values: the reader must stop at the readable error
  int id;
  std::map<std::string, socket_handle> by_host;
};

int main() { return prism::json::read<connection_pool>("{}").has_value() ? 0 : 1; }
