// The core and the std adapters know no format and no I/O. Each declaration below collides with a name
// a format or sink header defines, so this file stops compiling the day core/ or std/ includes one.
#include <prism/core/describe.hpp>
#include <prism/core/kind.hpp>
#include <prism/core/result.hpp>
#include <prism/std/chrono.hpp>
#include <prism/std/containers.hpp>
#include <prism/std/memory.hpp>
#include <prism/std/optional.hpp>
#include <prism/std/string.hpp>
#include <prism/std/tuple.hpp>
#include <prism/std/variant.hpp>

#include <gtest/gtest.h>

namespace prism::json {
int write_options = 0;  // json/options.hpp defines a struct of this name
}
namespace prism::io {
int window = 0;  // io/sink.hpp defines a struct of this name
}

TEST(Layering, CoreAndStdCompileWithoutFormatsOrSinks) {
  EXPECT_EQ(prism::json::write_options + prism::io::window, 0);
  EXPECT_EQ(prism::kind_of<std::vector<int>>, prism::kind::sequence);
}
