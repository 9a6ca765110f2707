# Compiles SOURCE and passes only if compilation fails with the message given in the source's first line:
# `// expect: <regex>`.
file(STRINGS ${SOURCE} first LIMIT_COUNT 1)
string(REGEX REPLACE "^// expect: " "" expected "${first}")
execute_process(COMMAND ${CXX} -std=c++20 -fsyntax-only -I${INCLUDE} ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must not")
endif()
if(NOT err MATCHES "${expected}")
  message(FATAL_ERROR "${SOURCE} failed without the expected message '${expected}':\n${err}")
endif()
message(STATUS "failed as expected with: ${expected}")
