#!/usr/bin/env bash
# Runs every test: the structure check, builds (scripts/build.sh: toolchain, native + wasm builds, dist/), then
#   Catch2 natively (plain, and with ASan + UBSan) and as wasm under Node, the libFuzzer harnesses (bounded), the SIMD
#   check of the shipped .wasm, the download-size budget, the TypeScript types check, the JS tests (against the
#   single-threaded and the threaded build), the packed-tarball tests and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "[test] structure: the rooms' include rule, cycles, file sizes (scripts/check-structure.mjs)" >&2
node scripts/check-structure.mjs
bash scripts/build.sh

echo "[test] Catch2, native" >&2
ctest --test-dir build/native --output-on-failure --no-tests=error
echo "[test] Catch2, native with AddressSanitizer + UBSan" >&2
cmake -S . -B build/asan -DORW_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build/asan -j"${ORW_JOBS:-$(nproc)}" --target orw_tests
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ./build/asan/tests/cc/orw_tests
echo "[test] libFuzzer harnesses: regressions, seed corpora and 20000 executions each (clang, ASan + UBSan)" >&2
bash scripts/fuzz.sh --runs 20000
echo "[test] Catch2, wasm under Node" >&2
ctest --test-dir build/wasm --output-on-failure --no-tests=error
echo "[test] the shipped wasm has SIMD in its kernel loops" >&2
node scripts/check-simd.mjs dist/onnx-reduce-wasm.wasm
node scripts/check-simd.mjs dist/onnx-reduce-wasm-mt.wasm
echo "[test] download size: the default entry within the budget (scripts/size-report.mjs)" >&2
node scripts/size-report.mjs --check >/dev/null
echo "[test] TypeScript types (tsc --noEmit)" >&2
npx tsc -p tests/types/tsconfig.json
# The JS suite runs against both builds: ORW_NUM_THREADS is init()'s default thread count
# (1: the single-threaded build; 2: the threaded one). The package tests check the tarball
# and bundles, which do not depend on it: once.
echo "[test] JS (node:test), single-threaded build (ORW_NUM_THREADS=1)" >&2
ORW_NUM_THREADS=1 node --test tests/js/ tests/package/
echo "[test] JS (node:test), threaded build (ORW_NUM_THREADS=2)" >&2
ORW_NUM_THREADS=2 node --test tests/js/
if [ -d tests/browser ]; then
  echo "[test] browser (headless Chromium and Firefox ESR)" >&2
  node --test tests/browser/
fi
