#!/usr/bin/env bash
# Runs every test: builds (scripts/build.sh), then the Catch2 suite natively and as wasm under
# Node, then the JS tests against dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh

echo "[test] Catch2, native" >&2
ctest --test-dir build/native --output-on-failure
echo "[test] Catch2, wasm under Node" >&2
ctest --test-dir build/wasm --output-on-failure
echo "[test] wasm kernels contain SIMD" >&2
node scripts/check-simd.mjs dist/onnx-reduce-wasm.wasm
echo "[test] JS" >&2
node --test tests/js/
