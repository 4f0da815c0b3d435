#!/usr/bin/env bash
# Kernel benchmark (README figures): wasm under Node, and native for comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/wasm/bench/orw_bench_kernels.js ] || bash scripts/build.sh >&2
echo "== WebAssembly (SIMD128) under Node $(node --version), $(nproc) cores =="
node build/wasm/bench/orw_bench_kernels.js "$@"
echo "== native (g++ -O3, SSE2 vectors) =="
./build/native/bench/orw_bench_kernels "$@"
