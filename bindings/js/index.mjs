// Browser and bundler entry: the .wasm is fetched from next to this module
// (new URL(..., import.meta.url), which Vite and webpack 5 follow).
import createOrwModule from './onnx-reduce-wasm.mjs';
import { createWithLoader, fetchBytes, initWith } from './module.mjs';

export * from './api.mjs';

// The instantiated module ({ instance, module }). A server that sends application/wasm gets
// compiled while it downloads (instantiateStreaming); any other type is compiled from the
// bytes. A failed fetch rejects with the URL and the HTTP status, bad bytes with the
// CompileError itself (the Emscripten glue's own loader would retry, log and abort instead).
async function instantiate(options, imports) {
  if (options.wasmBinary) return WebAssembly.instantiate(options.wasmBinary, imports);
  const url = String(options.wasmPath ?? new URL('./onnx-reduce-wasm.wasm', import.meta.url));
  let res;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch (e) {
    throw new Error(`onnx-reduce-wasm: cannot fetch ${url}: ${e?.message ?? e}`);
  }
  if (!res.ok) throw new Error(`onnx-reduce-wasm: cannot fetch ${url}: HTTP ${res.status}`);
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/wasm' && typeof WebAssembly.instantiateStreaming === 'function') {
    return WebAssembly.instantiateStreaming(res, imports);
  }
  return WebAssembly.instantiate(await res.arrayBuffer(), imports);
}

// Loads the wasm once. options: { wasmBinary?: ArrayBuffer | Uint8Array, wasmPath?: string | URL }
export function init(options = {}) {
  return initWith(() => createWithLoader(createOrwModule, (imports) => instantiate(options, imports)), fetchBytes);
}
