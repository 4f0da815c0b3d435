// Single-file entry: the wasm is embedded in the glue (base64), so any bundler or static
// server works with no configuration, at the cost of ~33% more bytes.
import createOrwModule from './onnx-reduce-wasm.single.mjs';
import { createWithLoader, initWith } from './wasm.mjs';

export * from './api.mjs';

async function readBytes(where) {
  const res = await fetch(where);
  if (!res.ok) throw new Error(`cannot fetch ${where}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

// Loads the wasm once: the embedded one, or options.wasmBinary when given (compiled here, so
// bytes that are not wasm reject with the WebAssembly.CompileError, as the other entries do).
export function init(options = {}) {
  const { wasmBinary } = options;
  if (!wasmBinary) return initWith(() => createOrwModule({}), readBytes);
  return initWith(() => createWithLoader(createOrwModule, (imports) => WebAssembly.instantiate(wasmBinary, imports)), readBytes);
}
