// expect: prism cannot serialize this type: a raw pointer owns nothing
#include <prism/prism.hpp>

struct node {
  int value;
  node* next;  // non-owning raw pointer: not describable
};

int main() {
  node n{1, nullptr};
  return prism::bin::to_bytes(n).has_value() ? 0 : 1;
}
