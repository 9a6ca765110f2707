// expect: prism cannot serialize this type
#include <prism/prism.hpp>

struct node {
  int value;
  node* next;  // non-owning raw pointer: not describable
};

int main() {
  node n{1, nullptr};
  return prism::json::to_string(n).has_value() ? 0 : 1;
}
