# rlx_add_test(NAME name LABEL label SOURCES ... LIBS ...)
# Builds one GoogleTest binary and registers its tests with ctest under LABEL
# (unit, property, conformance, fuzz-smoke).
function(rlx_add_test)
  cmake_parse_arguments(T "" "NAME;LABEL;COST" "SOURCES;LIBS" ${ARGN})
  # COST: a long test's seconds, so that ctest -j starts it first rather than last.
  if(NOT T_COST)
    set(T_COST 0)
  endif()
  if(NOT RLX_BUILD_TESTS)
    return()
  endif()
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main)
  if(T_LABEL STREQUAL "property")
    target_link_libraries(${T_NAME} PRIVATE rapidcheck)
  endif()
  target_compile_definitions(${T_NAME} PRIVATE RLX_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  # GCC 12 warns falsely inside libstdc++'s <regex> when sanitizers are on.
  target_compile_options(${T_NAME} PRIVATE $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
  include(GoogleTest)
  # Short allocation stacks make AddressSanitizer builds about 8x faster on allocation-heavy
  # tests; rerun a failing test by hand for full stacks.
  gtest_discover_tests(${T_NAME}
    PROPERTIES LABELS ${T_LABEL} COST ${T_COST} ENVIRONMENT "ASAN_OPTIONS=malloc_context_size=3"
    DISCOVERY_TIMEOUT 60)
endfunction()
