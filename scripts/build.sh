#!/usr/bin/env bash
# Builds the package: the toolchain (scripts/setup.sh), the wasm module, the threaded wasm module
# (build/wasm-mt: -pthread, loaded only by init({ numThreads > 1 })) and dist/ (wasm modules + JS
# layer + types + a CommonJS bundle for require()).
#   bash scripts/build.sh --package   only that: what `npm start` and `npm run build` need
#   bash scripts/build.sh             also what the tests need (`npm test`): the native build
#                                     (unless ORW_SKIP_NATIVE=1), the wasm Catch2 tests and the
#                                     kernel benchmark
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
jobs=${ORW_JOBS:-$(nproc)}
package_only=0
case "${1:-}" in
  --package) package_only=1 ;;
  '') ;;
  *) echo "scripts/build.sh: unknown option '$1' (--package builds only the wasm modules and dist/)" >&2; exit 2 ;;
esac

# setup.sh's last two lines: protobuf-lite for the threaded build, then the single-threaded one.
{ read -r pb_wasm_threads; read -r pb_wasm; } < <(bash scripts/setup.sh | tail -2)
[ -d node_modules ] || ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund  # (no CUDA download)

if [ "$package_only" = 0 ] && [ "${ORW_SKIP_NATIVE:-0}" != 1 ]; then
  echo "[build] native" >&2
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j"$jobs"
fi

echo "[build] wasm" >&2
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DORW_PROTOBUF_WASM="$pb_wasm" >/dev/null
if [ "$package_only" = 1 ]; then
  # The two modules dist/ takes; not the wasm Catch2 tests or the kernel benchmark.
  cmake --build build/wasm -j"$jobs" --target orw_module orw_module_single
else
  cmake --build build/wasm -j"$jobs"
fi

echo "[build] wasm, threaded" >&2
# Only the module targets: the Catch2 tests run in the single-threaded and native builds.
emcmake cmake -S . -B build/wasm-mt -DCMAKE_BUILD_TYPE=Release -DORW_THREADS=ON -DORW_BUILD_TESTS=OFF \
  -DORW_PROTOBUF_WASM="$pb_wasm_threads" >/dev/null
cmake --build build/wasm-mt -j"$jobs" --target orw_module_mt orw_module_mt_node

echo "[build] dist/" >&2
rm -rf dist && mkdir -p dist
# The Emscripten glue (onnx-reduce-wasm.mjs) is not copied: the bundles below hold it, and no
# shipped module imports it on its own.
cp build/wasm/bindings/onnx-reduce-wasm.wasm build/wasm/bindings/onnx-reduce-wasm.single.mjs dist/
cp bindings/js/*.mjs bindings/index.d.ts dist/
# Only the Node bundle uses it (below), and it holds it.
rm dist/threads-node.mjs
# The threaded module, loaded (by dynamic import / require) only when init() picks it. Its
# browser glue stays a file of its own: each pthread worker imports it by its URL. Node runs
# the workers as CommonJS, so their file is renamed .cjs (this package is "type": "module");
# bindings/js/threads-node.mjs maps the glue's request for it. The two links make the same
# .wasm (the glue differs, not the module): one copy is shipped, checked here.
mt=build/wasm-mt/bindings
cmp -s "$mt/onnx-reduce-wasm-mt.wasm" "$mt/onnx-reduce-wasm-mt.node.wasm" \
  || { echo "[build] the threaded web and Node links made different .wasm files" >&2; exit 1; }
cp "$mt/onnx-reduce-wasm-mt.wasm" "$mt/onnx-reduce-wasm-mt.mjs" "$mt/onnx-reduce-wasm-mt.worker.js" \
  "$mt/onnx-reduce-wasm-mt.node.cjs" dist/
cp "$mt/onnx-reduce-wasm-mt.node.worker.js" dist/onnx-reduce-wasm-mt.node.worker.cjs
# The browser and Node entries as one module each, the Emscripten glue inside: one request and
# one parse instead of a dozen (a faster import). The glue is minified on its own first. The
# browser entry is minified (the download); the API classes keep their names there as property
# values (bindings/js/tensor.mjs; --keep-names cost 1.2 KB gzipped). The Node entry is not: Node
# prints the source line an uncaught error was thrown from, which in a minified bundle is most
# of the package on one line; unminified it is the package's `throw` (and stack traces name
# the package's functions).
stage=build/js && rm -rf "$stage" && mkdir -p "$stage" && cp bindings/js/*.mjs "$stage"/
npx esbuild build/wasm/bindings/onnx-reduce-wasm.mjs --format=esm --minify --log-level=warning \
  --outfile="$stage"/onnx-reduce-wasm.mjs
npx esbuild "$stage"/index.mjs --bundle --format=esm --platform=browser --minify --log-level=warning \
  --outfile=dist/index.mjs
# The threaded glue's import(url) is for bundlers to leave alone (bindings/js/index.mjs), but the
# minifier drops the comments that tell them so: put them back on the bundle's one import().
node -e '
  const fs = require("fs"), file = process.argv[1], text = fs.readFileSync(file, "utf8");
  const found = text.match(/\bimport\(([\w$]+)\)/g) ?? [];
  if (found.length !== 1) { console.error(`[build] ${file}: ${found.length} import(variable) calls, expected 1`); process.exit(1); }
  fs.writeFileSync(file, text.replace(/\bimport\(([\w$]+)\)/, "import(/* @vite-ignore */ /* webpackIgnore: true */ $1)"));
' dist/index.mjs
npx esbuild "$stage"/index.node.mjs --bundle --format=esm --platform=node --log-level=warning --outfile=dist/index.node.mjs
# require(): one CommonJS bundle of the Node entry. import.meta.url becomes this file's URL.
npx esbuild dist/index.node.mjs --bundle --platform=node --format=cjs --log-level=warning \
  --define:import.meta.url=__orw_import_meta_url \
  --banner:js="const __orw_import_meta_url = require('url').pathToFileURL(__filename).href;" \
  --outfile=dist/index.cjs
cp bindings/index.d.ts dist/index.d.cts
node scripts/size-report.mjs
