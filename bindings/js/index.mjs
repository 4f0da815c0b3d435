// Browser and bundler entry: the .wasm is fetched from next to this module
// (new URL(..., import.meta.url), which Vite and webpack 5 follow).
import createOrwModule from './onnx-reduce-wasm.mjs';
import { initWith } from './wasm.mjs';

export * from './api.mjs';

async function fetchBytes(where) {
  const res = await fetch(where);
  if (!res.ok) throw new Error(`cannot fetch ${where}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

// Loads the wasm once. options: { wasmBinary?: ArrayBuffer | Uint8Array, wasmPath?: string | URL }
export function init(options = {}) {
  return initWith(() => {
    const url = String(options.wasmPath ?? new URL('./onnx-reduce-wasm.wasm', import.meta.url));
    return createOrwModule({ wasmBinary: options.wasmBinary, locateFile: () => url });
  }, fetchBytes);
}
