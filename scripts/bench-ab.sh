#!/usr/bin/env bash
# Alternates two builds of the kernel benchmark (e.g. a copy of build/wasm/bench/orw_bench_kernels.js
# made before a change, and the one after) on the same cases, ROUNDS times, and prints each
# case's SIMD GB/s per round and the median per build: the machines are noisy, so compare
# builds side by side, never a figure from another hour.
#   bash scripts/bench-ab.sh A.js B.js FILTER [ROUNDS=6] [RUNS=15]
set -euo pipefail
a=$1 b=$2 filter=$3 rounds=${4:-6} runs=${5:-15}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for _ in $(seq "$rounds"); do
  for side in a b; do
    prog=$a; [ "$side" = b ] && prog=$b
    node "$prog" --runs "$runs" --filter "$filter" --json >> "$out/$side"
  done
done
node - "$out" <<'JS'
const fs = require('fs');
const dir = process.argv[2];
const read = (s) => fs.readFileSync(`${dir}/${s}`, 'utf8').split(/\n(?=\[)/).filter((t) => t.trim()).flatMap((t) => JSON.parse(t));
const by = {};
for (const s of ['a', 'b']) for (const r of read(s)) ((by[r.case] ??= { a: [], b: [] })[s]).push(r.simd_gbps);
const med = (v) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];
for (const [name, v] of Object.entries(by)) {
  console.log(`${name.padEnd(44)} A ${med(v.a).toFixed(2).padStart(6)} [${v.a.map((x) => x.toFixed(1)).join(' ')}]  B ${med(v.b).toFixed(2).padStart(6)} [${v.b.map((x) => x.toFixed(1)).join(' ')}]`);
}
JS
