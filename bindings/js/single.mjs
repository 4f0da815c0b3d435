// Single-file entry: the wasm is embedded in the glue (base64), so any bundler or static
// server works with no configuration, at the cost of ~33% more bytes.
import createOrwModule from './onnx-reduce-wasm.single.mjs';
import { createWithLoader, fetchBytes, initWith } from './module.mjs';

export * from './api.mjs';

// Loads the wasm once: the embedded one, or options.wasmBinary when given (compiled here, so
// bytes that are not wasm reject with the WebAssembly.CompileError, as the other entries do).
export function init(options = {}) {
  const { wasmBinary } = options;
  if (!wasmBinary) return initWith(() => createOrwModule({}), fetchBytes);
  return initWith(() => createWithLoader(createOrwModule, (imports) => WebAssembly.instantiate(wasmBinary, imports)), fetchBytes);
}
