// Prints the download size of the package's browser entry: wasm + glue + JS layer, raw and
// gzipped (what a browser fetches with compression on). Used by the build and the README.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const layer = readdirSync(dist).filter((f) => f.endsWith('.mjs') && !['index.node.mjs', 'single.mjs', 'onnx-reduce-wasm.single.mjs', 'cli.mjs'].includes(f));
const groups = {
  wasm: ['onnx-reduce-wasm.wasm'],
  'Emscripten glue': ['onnx-reduce-wasm.mjs'],
  'JS layer': layer.filter((f) => f !== 'onnx-reduce-wasm.mjs'),
};
let raw = 0, gz = 0;
const rows = [];
for (const [name, files] of Object.entries(groups)) {
  const buf = Buffer.concat(files.map((f) => readFileSync(new URL(f, dist))));
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length; gz += g;
  rows.push(`${name.padEnd(16)} ${(buf.length / 1024).toFixed(1).padStart(7)} KB  ${(g / 1024).toFixed(1).padStart(6)} KB gzipped`);
}
rows.push(`${'total'.padEnd(16)} ${(raw / 1024).toFixed(1).padStart(7)} KB  ${(gz / 1024).toFixed(1).padStart(6)} KB gzipped`);
console.log(rows.join('\n'));
