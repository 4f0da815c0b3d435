#!/usr/bin/env bash
# Builds what the package needs: the toolchain (scripts/setup.sh), the native build (for
# tests) unless ORW_SKIP_NATIVE=1, the wasm build, and dist/ (wasm module + JS layer + types
# + a CommonJS bundle for require()).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
jobs=${ORW_JOBS:-$(nproc)}

pb_wasm=$(bash scripts/setup.sh | tail -1)
[ -d node_modules ] || npm ci --no-audit --no-fund

if [ "${ORW_SKIP_NATIVE:-0}" != 1 ]; then
  echo "[build] native" >&2
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j"$jobs"
fi

echo "[build] wasm" >&2
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DORW_PROTOBUF_WASM="$pb_wasm" >/dev/null
cmake --build build/wasm -j"$jobs"

echo "[build] dist/" >&2
rm -rf dist && mkdir -p dist
# The Emscripten glue (onnx-reduce-wasm.mjs) is not copied: the bundles below hold it, and no
# shipped module imports it on its own.
cp build/wasm/bindings/onnx-reduce-wasm.wasm build/wasm/bindings/onnx-reduce-wasm.single.mjs dist/
cp bindings/js/*.mjs bindings/index.d.ts dist/
# The browser and Node entries as one minified module each, the Emscripten glue inside: one
# request and one parse instead of a dozen (a smaller download, a faster import). The glue is
# minified on its own first; the API classes set their own `name` (Tensor, Node, InferenceSession); --keep-names cost 1.2 KB gzipped.
stage=build/js && rm -rf "$stage" && mkdir -p "$stage" && cp bindings/js/*.mjs "$stage"/
npx esbuild build/wasm/bindings/onnx-reduce-wasm.mjs --format=esm --minify --log-level=warning \
  --outfile="$stage"/onnx-reduce-wasm.mjs
npx esbuild "$stage"/index.mjs --bundle --format=esm --platform=browser --minify --log-level=warning --outfile=dist/index.mjs
npx esbuild "$stage"/index.node.mjs --bundle --format=esm --platform=node --minify --log-level=warning --outfile=dist/index.node.mjs
# require(): one CommonJS bundle of the Node entry. import.meta.url becomes this file's URL.
npx esbuild dist/index.node.mjs --bundle --platform=node --format=cjs --log-level=warning \
  --define:import.meta.url=__orw_import_meta_url \
  --banner:js="const __orw_import_meta_url = require('url').pathToFileURL(__filename).href;" \
  --outfile=dist/index.cjs
cp bindings/index.d.ts dist/index.d.cts
node scripts/size-report.mjs
