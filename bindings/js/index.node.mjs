// Node entry: reads the .wasm with fs and hands the bytes to the module (Node's fetch cannot
// load file paths). Model paths given to InferenceSession.create are read with fs too.
import { readFile } from 'node:fs/promises';
import createOrwModule from './onnx-reduce-wasm.mjs';
import { fetchBytes, initWith } from './module.mjs';

export * from './api.mjs';

async function readBytes(where) {
  const s = String(where);
  if (/^https?:/.test(s)) return fetchBytes(s);
  return new Uint8Array(await readFile(s.startsWith('file:') ? new URL(s) : s));
}

// Loads the wasm once. options: { wasmBinary?: ArrayBuffer | Uint8Array, wasmPath?: string | URL }
export function init(options = {}) {
  return initWith(async () => {
    const wasmBinary = options.wasmBinary ?? (await readFile(options.wasmPath ?? new URL('./onnx-reduce-wasm.wasm', import.meta.url)));
    // Compiled synchronously: Node has no main-thread size limit, and WebAssembly.instantiate's
    // hops between threads made start-up ~3 ms slower (npm run bench:init). The glue calls this
    // hook synchronously, so a compile error is rethrown here (the glue would only log it).
    let failure;
    const ready = createOrwModule({
      instantiateWasm(imports, receiveInstance) {
        try {
          const module = new WebAssembly.Module(wasmBinary);
          receiveInstance(new WebAssembly.Instance(module, imports), module);
        } catch (e) {
          failure = e;
        }
        return {};
      },
    });
    if (failure) throw failure;
    return ready;
  }, readBytes);
}
