# rlx_add_test(NAME name LABEL label [COST seconds] [ONE_PROCESS] SOURCES ... LIBS ...)
# Builds one GoogleTest binary and registers its tests with ctest under LABEL
# (unit, property, conformance, fuzz-smoke): each test case on its own, or, with ONE_PROCESS,
# the whole binary as one ctest test named NAME (for the binaries of hundreds of short
# parameterized cases, whose sanitized processes took ten times longer to start than to run
# them: checker_rules_test's 1,259 took 156 s; a failure's output names the failing cases).

# The test drivers' own code. In a sanitizer build the libraries under test are instrumented;
# the test sources are not (an instrumented test file took twice as long to compile, and the
# test build is most of CI's time: what the sanitizers are for is rlx's code, whose memory
# errors ASan's allocator and the instrumented libraries still catch). Every test file
# shares one precompiled header of GoogleTest and the standard library.
function(rlx_test_compile_options target)
  target_compile_definitions(${target} PRIVATE RLX_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  # GCC 12 warns falsely inside libstdc++: <regex> (maybe-uninitialized) and strings built
  # from huge test texts (array-bounds, stringop-overflow, restrict in char_traits.h).
  target_compile_options(${target} PRIVATE
                         $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized -Wno-array-bounds -Wno-stringop-overflow -Wno-restrict>)
  if(RLX_SANITIZE OR RLX_FUZZERS)
    target_compile_options(${target} PRIVATE -fno-sanitize=address,undefined)
  endif()
  if(RLX_FUZZERS)
    target_compile_options(${target} PRIVATE -fno-sanitize=fuzzer-no-link)
  endif()
endfunction()

function(rlx_test_pch)
  if(NOT RLX_BUILD_TESTS OR TARGET rlx_test_pch)
    return()
  endif()
  add_library(rlx_test_pch OBJECT ${PROJECT_SOURCE_DIR}/cmake/test_pch.cc)
  set_target_properties(rlx_test_pch PROPERTIES UNITY_BUILD OFF)
  target_link_libraries(rlx_test_pch PRIVATE GTest::gtest)
  rlx_test_compile_options(rlx_test_pch)
  target_precompile_headers(rlx_test_pch PRIVATE <gtest/gtest.h> <algorithm> <cstdint> <cstring> <filesystem>
                            <functional> <map> <memory> <optional> <set> <sstream> <string> <unordered_map> <vector>)
endfunction()

function(rlx_add_test)
  cmake_parse_arguments(T "ONE_PROCESS" "NAME;LABEL;COST" "SOURCES;LIBS" ${ARGN})
  # COST: a long test's seconds, so that ctest -j starts it first rather than last.
  if(NOT T_COST)
    set(T_COST 0)
  endif()
  if(NOT RLX_BUILD_TESTS)
    return()
  endif()
  add_executable(${T_NAME} ${T_SOURCES})
  set_target_properties(${T_NAME} PROPERTIES UNITY_BUILD OFF)
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main)
  if(T_LABEL STREQUAL "property")
    target_link_libraries(${T_NAME} PRIVATE rapidcheck)
  endif()
  rlx_test_compile_options(${T_NAME})
  rlx_test_pch()
  target_precompile_headers(${T_NAME} REUSE_FROM rlx_test_pch)
  # Short allocation stacks make AddressSanitizer builds about 8x faster on allocation-heavy
  # tests; rerun a failing test by hand for full stacks. intercept_tls_get_addr=0: clang 14's
  # sanitizer runtime misreads some dynamic TLS blocks (LLVM's, touched by the thread pool's
  # workers) as a pre-2.25 glibc header, and its leak checker then crashes at exit, at random.
  set(asan_options "ASAN_OPTIONS=malloc_context_size=3:intercept_tls_get_addr=0")
  if(T_ONE_PROCESS)
    add_test(NAME ${T_NAME} COMMAND ${T_NAME} --gtest_brief=1 WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
    set_tests_properties(${T_NAME} PROPERTIES LABELS ${T_LABEL} COST ${T_COST} ENVIRONMENT "${asan_options}")
    return()
  endif()
  include(GoogleTest)
  gtest_discover_tests(${T_NAME}
    PROPERTIES LABELS ${T_LABEL} COST ${T_COST} ENVIRONMENT "${asan_options}"
    DISCOVERY_TIMEOUT 60)
endfunction()
