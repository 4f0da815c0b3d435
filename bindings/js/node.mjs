// Node entry: reads the .wasm with fs and hands the bytes to the module (Node's fetch cannot
// load file paths).
import { readFile } from 'node:fs/promises';
import createOrwModule from './onnx-reduce-wasm.mjs';
import { initWith } from './core.mjs';

export { Tensor, Node } from './core.mjs';

// Loads the wasm once. options: { wasmBinary?: ArrayBuffer|Uint8Array, wasmPath?: string|URL }
export function init(options = {}) {
  return initWith(async () => {
    const wasmBinary = options.wasmBinary ?? (await readFile(options.wasmPath ?? new URL('./onnx-reduce-wasm.wasm', import.meta.url)));
    return createOrwModule({ wasmBinary });
  });
}
