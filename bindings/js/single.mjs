// Single-file entry: the wasm is embedded in the glue (base64), so any bundler or static
// server works with no configuration, at the cost of ~33% more bytes.
import createOrwModule from './onnx-reduce-wasm.single.mjs';
import { initWith } from './wasm.mjs';

export * from './api.mjs';

async function readBytes(where) {
  const res = await fetch(where);
  if (!res.ok) throw new Error(`cannot fetch ${where}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

// Loads the wasm once (options are accepted for symmetry; the wasm is embedded).
export function init(options = {}) {
  return initWith(() => createOrwModule(options.wasmBinary ? { wasmBinary: options.wasmBinary } : {}), readBytes);
}
