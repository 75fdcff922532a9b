# rlx_std_pch(TARGET [HEADER...]): the target's files share one precompiled header of the
# standard library headers most of them include, and of HEADERs (the code generators' LLVM
# headers). Parsing the standard headers took 2.7 of the 3.5 seconds of clang's front end on a
# typical rlx file, repeated in each of the ~300 files of every build (CI builds rlx twice).
# The tests have their own shared header (RlxTesting.cmake). RLX_PCH=OFF builds without it,
# which shows a file that forgot one of these includes.
option(RLX_PCH "Precompile the standard library headers of each library" ON)

function(rlx_std_pch target)
  if(RLX_PCH)
    target_precompile_headers(${target} PRIVATE <algorithm> <array> <cmath> <cstdint> <cstring>
                              <functional> <limits> <map> <memory> <optional> <set> <sstream>
                              <string> <unordered_map> <unordered_set> <utility> <variant> <vector> ${ARGN})
  endif()
endfunction()
