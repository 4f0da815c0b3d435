// Single-file entry: the wasm is embedded in the glue (base64), so any bundler or static
// server works with no configuration, at the cost of ~33% more bytes.
import createOrwModule from './onnx-reduce-wasm.single.mjs';
import { createWithLoader, fetchBytes, initWith } from './module.mjs';
import { chooseThreads, requestedThreads } from './threads.mjs';

export * from './api.mjs';

// This entry has no threaded build (the threaded one is several files: its workers load the
// glue by URL): init({ numThreads }) is checked, and runtimeInfo() says why it runs on one.
const host = { canRun: false, whyNot: 'the single-file entry (onnx-reduce-wasm/single) has no threaded build' };

// Loads the wasm once: the embedded one, or options.wasmBinary when given (compiled here, so
// bytes that are not wasm reject with the WebAssembly.CompileError, as the other entries do).
export async function init(options = {}) {
  const { wasmBinary } = options;
  const requested = requestedThreads(options);
  const choose = () => chooseThreads(requested, host);
  if (!wasmBinary) return initWith(() => createOrwModule({}), fetchBytes, choose, requested);
  return initWith(() => createWithLoader(createOrwModule, (imports) => WebAssembly.instantiate(wasmBinary, imports)), fetchBytes, choose, requested);
}
