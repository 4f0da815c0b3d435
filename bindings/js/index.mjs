// Browser (and bundler) entry: the .wasm is fetched next to this module.
import createOrwModule from './onnx-reduce-wasm.mjs';
import { initWith } from './core.mjs';

export { Tensor, Node } from './core.mjs';

// Loads the wasm once. options: { wasmBinary?: ArrayBuffer|Uint8Array, wasmPath?: string|URL }
export function init(options = {}) {
  return initWith(() => {
    const args = {};
    if (options.wasmBinary) args.wasmBinary = options.wasmBinary;
    const url = options.wasmPath ?? new URL('./onnx-reduce-wasm.wasm', import.meta.url);
    args.locateFile = () => String(url);
    return createOrwModule(args);
  });
}
