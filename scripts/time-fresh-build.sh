#!/usr/bin/env bash
# Times what `npm start` builds before it serves the demo (scripts/build.sh --package) on a
# machine that has the Debian packages and nothing else of this project: a copy of the committed
# tree, ccache off, an empty protobuf-lite cache (so both protobuf-lite wasm builds are timed;
# the protobuf source tarball is copied in, not downloaded), node_modules linked from this
# checkout (npm ci's download is not timed, nor are the apt installs: they depend on the network).
# Writes docs/figures/build-time.json, the figure README.md states.
#   ORW_JOBS=2 bash scripts/time-fresh-build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
here=$PWD
cache=${ORW_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/onnx-reduce-wasm}
jobs=${ORW_JOBS:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
commit=$(git rev-parse --short HEAD)   # the tree archived below, whatever HEAD is by the end

git archive HEAD | tar -x -C "$work"
ln -s "$here/node_modules" "$work/node_modules"
mkdir -p "$work/cache"
cp "$cache"/protobuf_*.orig.tar.* "$work/cache/"

start=$(date +%s)
if ! (cd "$work" && CCACHE_DISABLE=1 ORW_CACHE="$work/cache" ORW_JOBS="$jobs" bash scripts/build.sh --package) >"$work/log" 2>&1; then
  tail -40 "$work/log" >&2
  echo "time-fresh-build: the build failed" >&2
  exit 1
fi
seconds=$(( $(date +%s) - start ))

node -e '
  const [seconds, jobs, commit] = process.argv.slice(1);
  const os = require("os");
  const out = {
    command: "bash scripts/time-fresh-build.sh",
    what: "scripts/build.sh --package (npm start before it serves): protobuf-lite for wasm twice, the wasm module and the threaded one, dist/; ccache off; Debian packages and node_modules already installed",
    seconds: Number(seconds), jobs: Number(jobs), cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? "",
    load_average_at_end: os.loadavg().map((v) => Number(v.toFixed(1))), commit, date: new Date().toISOString(),
  };
  require("fs").writeFileSync("docs/figures/build-time.json", JSON.stringify(out, null, 2) + "\n");
  console.log(`${(out.seconds / 60).toFixed(1)} min (${out.seconds} s, ${jobs} jobs): docs/figures/build-time.json`);
' "$seconds" "$jobs" "$commit"
