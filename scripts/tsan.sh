#!/usr/bin/env bash
# ThreadSanitizer over the thread pool and the parallel cuts: a clang build of the Catch2 tests
# with -fsanitize=thread (build/tsan), run on the [parallel] and [threads] cases (every family
# on 1-4 threads). tests/cc/plan/test_run_memo.cc is left out of this binary: it replaces
# operator new/delete to count allocations, which TSan's runtime defines too. Not part of
# `npm test` (about 3 minutes on 2 cores); run it after changing src/core/parallel.* or a cut.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_CXX_FLAGS="-fsanitize=thread -g" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread >/dev/null
cmake --build build/tsan -j"$(nproc)" --target orw_tests 2>/dev/null || true  # the full link clashes (above)
cd build/tsan/tests/cc
eval "$(sed 's#CMakeFiles/orw_tests.dir/plan/test_run_memo.cc.o##; s#-o orw_tests#-o orw_tests_tsan#' CMakeFiles/orw_tests.dir/link.txt)"
TSAN_OPTIONS="halt_on_error=1" ./orw_tests_tsan "[parallel],[threads]"
