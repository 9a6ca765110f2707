// prism: one C++ data model, on the wire in many shapes. The umbrella header: public headers only.
#pragma once

#include "core/describe.hpp"
#include "core/kind.hpp"
#include "core/result.hpp"
#include "core/short_string.hpp"
#include "io/sink.hpp"
#include "json/options.hpp"
#include "json/write.hpp"
#include "json/writer.hpp"
#include "std/chrono.hpp"
#include "std/containers.hpp"
#include "std/memory.hpp"
#include "std/optional.hpp"
#include "std/string.hpp"
#include "std/tuple.hpp"
#include "std/variant.hpp"
