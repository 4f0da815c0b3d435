#!/usr/bin/env bash
# Rebuilds dist/ from an existing wasm build (build/wasm/bindings/onnx-reduce-wasm.{mjs,wasm,
# single.mjs}, e.g. copied from another checkout): the "[build] dist/" step of scripts/build.sh
# run on its own, taken from that script so the two cannot drift. For changes to the JS layer
# (bindings/js/*.mjs, bindings/index.d.ts) only: it rebuilds dist in seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
for f in onnx-reduce-wasm.mjs onnx-reduce-wasm.wasm onnx-reduce-wasm.single.mjs; do
  [ -f "build/wasm/bindings/$f" ] || { echo "dist-only: build/wasm/bindings/$f is missing: run scripts/build.sh first" >&2; exit 1; }
done
bash <(echo 'set -euo pipefail'; sed -n '/^echo "\[build\] dist\/"/,$p' scripts/build.sh)
