// prism: which vector instructions the build may use. Every SIMD path has a portable twin; PRISM_NO_SIMD builds the
// portable ones, as a machine without SSE2 runs them (the tests build them that way too).
#pragma once

#if defined(__SSE2__) && !defined(PRISM_NO_SIMD)
#define PRISM_SSE2 1
#include <emmintrin.h>
#else
#define PRISM_SSE2 0
#endif
